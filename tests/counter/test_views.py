"""The counter page and the rules page over real HTTP, through Django's test client."""

import re

import pytest
from django.utils.html import escape as html_escape
from django.utils.text import capfirst
from pytest_django.asserts import assertInHTML

from cribbage.cards import Card, Rank, Suit, card, parse_cards
from cribbage.pegging import peg_play
from cribbage.show import score_show
from tests.counter.pages import found, round_message

COUNT_29 = "/?hand=5H,5C,5S,JD&starter=5D"
HTMX = {"HX-Request": "true", "HX-Current-URL": "http://testserver/"}


def total(response) -> str | None:
    found = re.search(r'class="total-points">(\d+)<', response.content.decode())
    return found and found.group(1)


def message(response) -> str:
    return found(response, r'<p id="count-message"[^>]*>([^<]*)</p>', "message element")


def text_field(response) -> str:
    pattern = r'<input id="cards" name="cards" type="text" value="([^"]*)"'
    return found(response, pattern, "text field")


def test_empty_page_is_a_whole_document_with_the_picker(client):
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    assert html.startswith("<!doctype html>")
    assert html.count('name="pick"') == 52
    assert 'id="breakdown"' not in html
    assert message(response) == "Pick 4 cards for the hand, then the starter."
    assert "HX-Request" in response["Vary"]


def test_the_canonical_url_renders_the_count_as_a_full_page(client):
    response = client.get(COUNT_29)
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" in html
    assert total(response) == "29"
    assert "double pair royal of fives" in html
    assert "his nobs" in html
    assert html.count("score--fifteen") == 8
    assert "and one for his nobs makes twenty-nine." in html
    assert text_field(response) == "5H 5C 5S JD 5D"
    assertInHTML("<title>29 · 5♥ 5♣ 5♠ J♦ + 5♦ · Cribtrainer</title>", html)
    assert 'data-copy="http://testserver/?hand=5H,5C,5S,JD&amp;starter=5D"' in html


def test_the_htmx_partial_is_the_count_alone(client):
    response = client.get(COUNT_29, headers=HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html
    assert "<body" not in html
    assert 'id="count"' in html
    assert 'id="counter-form"' not in html
    assert total(response) == "29"
    assertInHTML('<div id="status" hx-swap-oob="innerHTML">29 points in the hand.</div>', html)
    assert "<title>29 · " in html
    assert response["HX-Push-Url"] == COUNT_29


@pytest.mark.parametrize(
    ("current", "url", "pushed", "replaced"),
    [
        pytest.param("/", "/?hand=5H,5C", False, False, id="cards picked on the way: alone"),
        pytest.param(COUNT_29, "/?hand=5H,5C,5S,JD", False, False, id="a card out: the count kept"),
        pytest.param(COUNT_29, "/?hand=2H,6H,9H,QH&starter=3C", True, False, id="a count pushed"),
        pytest.param("/?starter=5D", COUNT_29, False, True, id="a half-entered deal replaced"),
        pytest.param(COUNT_29, COUNT_29, False, False, id="the same count: no history"),
    ],
)
def test_a_count_goes_into_the_history_and_nothing_on_the_way_does(
    client, current, url, pushed, replaced
):
    response = client.get(url, headers={**HTMX, "HX-Current-URL": f"http://testserver{current}"})
    assert response.get("HX-Push-Url") == (url if pushed else None)
    assert response.get("HX-Replace-Url") == (url if replaced else None)


def test_a_history_restore_gets_the_whole_page(client):
    response = client.get(COUNT_29, headers={**HTMX, "HX-History-Restore-Request": "true"})
    assert "<html" in response.content.decode()
    assert total(response) == "29"


def test_hand_and_crib_differ_on_a_four_card_flush(client):
    hand = client.get("/?hand=2H,6H,9H,QH&starter=3C")
    crib = client.get("/?hand=2H,6H,9H,QH&starter=3C&crib=1")
    assert total(hand) == "8"
    assert "flush of four" in hand.content.decode()
    assert total(crib) == "4"
    crib_html = crib.content.decode()
    assert "flush of" not in crib_html
    assert "in the crib" in crib_html
    assert "Four crib cards of one suit score nothing" in crib_html
    assert 'id="crib-yes" name="crib" value="1" checked' in crib_html


def test_a_crib_flush_of_five_scores(client):
    response = client.get("/?hand=2H,6H,9H,QH&starter=8H&crib=1")
    assert "flush of five" in response.content.decode()


def test_heels_and_three_suited_cards_are_explained(client):
    heels = client.get("/?hand=9S,9H,8C,2D&starter=JC").content.decode()
    assert "that is heels, 2 to the dealer" in heels
    assert '/rules/#heels"' in heels
    no_flush = client.get("/?hand=2H,6H,9H,3C&starter=QH").content.decode()
    assert "Three suited hand cards and a starter of the same suit are no flush" in no_flush


@pytest.mark.parametrize(
    ("query", "canonical"),
    [
        ("cards=5h+5c+5s+jd+5d", COUNT_29),
        ("cards=5%E2%99%A5+5c+5s+jd+5d&crib=", COUNT_29),
        ("cards=2h+6h+9h+qh+3c&crib=1", "/?hand=2H,6H,9H,QH&starter=3C&crib=1"),
        ("hand=5h,5c,5s,jd&starter=5d", COUNT_29),
        ("hand=5H%2C5C%2C5S%2CJD&starter=5D&crib=0", COUNT_29),
    ],
)
def test_the_plain_form_lands_on_the_canonical_url(client, query, canonical):
    response = client.get(f"/?{query}")
    assert response.status_code == 302
    assert response["Location"] == canonical
    assert client.get(canonical).status_code == 200


def test_picking_without_javascript_fills_the_hand_then_the_starter(client):
    url = "/"
    for code in ["5H", "5C", "5S", "JD", "5D"]:
        query = url.partition("?")[2]
        response = client.get(f"/?{query}&cards=&pick={code}")
        assert response.status_code == 302
        url = response["Location"]
    assert url == COUNT_29
    response = client.get(f"/?{url.partition('?')[2]}&pick=5C")
    assert response["Location"] == "/?hand=5H,5S,JD&starter=5D"
    response = client.get("/?hand=5H,5S,JD&starter=5D&pick=2C")
    assert response["Location"] == "/?hand=5H,5S,JD,2C&starter=5D"


def follow_taps(client, url: str, taps: list[tuple[str, str]]) -> str:
    """Submit the form without JavaScript, one button at a time; the canonical URL reached."""
    path = url.partition("?")[0]
    for name, value in taps:
        query = url.partition("?")[2]
        response = client.get(f"{path}?{query}&{name}={value}")
        assert response.status_code == 302, (url, name, value, message(response))
        url = response["Location"]
    return url


def test_without_javascript_the_starter_can_be_picked_first(client):
    url = follow_taps(client, "/", [("place", "starter"), ("pick", "5D")])
    assert url == "/?starter=5D"
    page = client.get(url)
    assert message(page) == "Pick 4 more cards for the hand."
    assert text_field(page) == "+ 5D"
    taps = [("place", "starter"), ("pick", "5D"), *(("pick", c) for c in ["5H", "5C", "5S", "JD"])]
    assert follow_taps(client, "/", taps) == COUNT_29


def test_the_slot_the_next_card_goes_to_is_pressed_and_the_starter_can_be_chosen(client):
    html = client.get("/").content.decode()
    assertInHTML(
        '<button type="submit" name="place" value="hand" class="slot-choose" aria-pressed="true">'
        '<span class="slot-empty" aria-hidden="true"></span><span class="slot-name">Hand 1</span>'
        '<span class="visually-hidden">, empty</span></button>',
        html,
    )
    assertInHTML(
        '<button type="submit" name="place" value="starter" class="slot-choose"'
        ' aria-pressed="false"><span class="slot-empty" aria-hidden="true"></span>'
        '<span class="slot-name">Starter</span><span class="visually-hidden">, empty</span>'
        "</button>",
        html,
    )
    chosen = client.get("/?fill=starter").content.decode()
    assert 'value="starter" class="slot-choose" aria-pressed="true"' in chosen
    assert message(client.get("/?fill=starter")) == ("Pick the starter, then 4 cards for the hand.")


def test_next_hand_same_starter_keeps_the_starter_and_the_crib_switch(client):
    page = client.get(COUNT_29).content.decode()
    assertInHTML(
        '<button type="submit" name="clear" value="hand" class="button button--primary">'
        "Next hand, same starter</button>",
        page,
    )
    assert client.get(f"{COUNT_29}&clear=hand")["Location"] == "/?starter=5D"
    assert client.get(f"{COUNT_29}&crib=1&clear=hand")["Location"] == "/?starter=5D&crib=1"


def test_a_count_links_to_the_round_with_its_starter(client):
    page = client.get(COUNT_29).content.decode()
    assert 'href="/round/?starter=5D"' in page


@pytest.mark.parametrize(
    "query",
    [
        "cards=5h5c5sjd5d",
        "cards=5H,5C,5S,JD,5D",
        "cards=5h+5c+5s+jd+%2B+5d",
        "hand=5h5c5sjd&starter=5d",
    ],
)
def test_forgiving_typing_lands_on_the_canonical_url(client, query):
    assert client.get(f"/?{query}")["Location"] == COUNT_29


def test_an_ace_may_be_typed_as_1_and_a_ten_as_0(client):
    response = client.get("/?cards=1h2h3h4h0h")
    assert response["Location"] == "/?hand=AH,2H,3H,4H&starter=TH"


def test_a_sixth_pick_is_refused_with_a_hint(client):
    response = client.get(f"{COUNT_29}&pick=2C")
    assert response.status_code == 200
    assert message(response) == (
        "The hand and the starter are full: tap a card to take it out first."
    )
    assert total(response) == "29"


def test_clear_keeps_the_crib_switch(client):
    response = client.get(f"{COUNT_29}&crib=1&clear=1")
    assert response["Location"] == "/?crib=1"


@pytest.mark.parametrize(
    ("query", "problem", "kept"),
    [
        (
            "cards=5h+5c+5x+jd+5d",
            "&#x27;5x&#x27; is not a card: suits are C D H S",
            "5h 5c 5x jd 5d",
        ),
        ("cards=5h+5c+zz", "&#x27;zz&#x27; is not a card", "5h 5c zz"),
        (
            "cards=5h+5c+5h+jd+5d",
            "5H appears twice: each card is in the deck once",
            "5h 5c 5h jd 5d",
        ),
        (
            "cards=5h+5c+5s+jd+5d+2c",
            "6 cards: a count is the 4 hand cards and the starter",
            "5h 5c 5s jd 5d 2c",
        ),
        ("hand=5H,5C,5S,JD,5D", "A hand has 4 cards and this one has 5", "5H 5C 5S JD 5D"),
        ("hand=5H,5C,5S,JD&starter=5H", "5H is already in the hand", "5H 5C 5S JD 5H"),
        ("hand=5H,5C,5S,5H&starter=5D", "5H appears twice", "5H 5C 5S 5H 5D"),
        ("hand=5H,5C,XY,JD&starter=5D", "&#x27;XY&#x27; is not a card", "5H 5C XY JD 5D"),
        ("hand=5H,5C,5S,JD&starter=5D,6D", "The starter is one card.", "5H 5C 5S JD 5D 6D"),
        ("cards=" + "5h+" * 60, "Ensure this value has at most 120 characters", "5h 5h 5h"),
    ],
)
def test_bad_input_is_named_and_kept(client, query, problem, kept):
    for headers in ({}, HTMX):
        response = client.get(f"/?{query}", headers=headers)
        assert response.status_code == 200
        assert problem in message(response)
        assert total(response) is None
    page = client.get(f"/?{query}")
    assert 'class="message message--problem"' in page.content.decode()
    assert 'aria-invalid="true"' in page.content.decode()
    assert text_field(page).strip().startswith(kept)


@pytest.mark.parametrize(
    ("typed", "hint"),
    [
        ("5h 5c 5s jd", "4 cards: add the starter. The last card typed is the starter."),
        ("5h 5c", "2 cards so far: type 3 more, the starter last."),
    ],
)
def test_too_few_typed_cards_ask_for_more_and_stay(client, typed, hint):
    response = client.get("/", {"cards": typed})
    assert response.status_code == 200
    assert message(response) == hint
    assert 'class="message message--hint"' in response.content.decode()
    assert text_field(response) == typed
    assert total(response) is None


def test_a_pick_that_is_not_a_card_is_refused(client):
    response = client.get("/?hand=5H&pick=ZZ")
    assert response.status_code == 200
    assert "&#x27;ZZ&#x27; is not a card" in message(response)


# --- the round page -------------------------------------------------------------------

ROUND = "/round/?starter=5D&pone=5H,5C,5S,JD&dealer=2H,3H,4H,6H&crib=7C,8C,9C,TC"
ROUND_HEELS = "/round/?starter=JD&pone=5H,5C,5S,JC&dealer=2H,3H,4H,6H&crib=7C,8C,9C,TC"


def totals(response) -> list[str]:
    return re.findall(r'class="total-points">(\d+)<', response.content.decode())


def test_the_round_page_starts_with_the_starter(client):
    response = client.get("/round/")
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count('name="pick"') == 52
    assert round_message(response) == "Pick the starter."
    for key in ("starter", "pone", "dealer", "crib"):
        assert f'name="place" value="{key}"' in html
    assert 'value="starter" class="slot-choose slot-choose--small" aria-pressed="true"' in html
    assert "HX-Request" in response["Vary"]


def test_a_whole_round_shows_each_count_and_what_each_player_pegs(client):
    response = client.get(ROUND)
    assert response.status_code == 200
    html = response.content.decode()
    expected = [
        score_show(parse_cards(hand), card("5D"), crib=crib).total
        for hand, crib in [("5H 5C 5S JD", False), ("2H 3H 4H 6H", False), ("7C 8C 9C TC", True)]
    ]
    assert totals(response) == [str(total) for total in expected]
    pone, dealer, crib = expected
    assert round_message(response) == (
        f"Pone pegs {pone}; the dealer pegs {dealer + crib}, hand and crib."
    )
    assertInHTML(
        f'<div class="pegs-row"><dt>Dealer pegs</dt><dd><span class="pegs-points">'
        f'{dealer + crib}</span> <span class="pegs-how">hand {dealer} + crib {crib}</span>'
        "</dd></div>",
        html,
    )
    for link in [
        "/?hand=5H,5C,5S,JD&amp;starter=5D",
        "/?hand=2H,3H,4H,6H&amp;starter=5D",
        "/?hand=7C,8C,9C,TC&amp;starter=5D&amp;crib=1",
    ]:
        assert f'<a href="{link}">This count on its own</a>' in html
    assert html.count("in the crib") == 1
    assert "Heels" not in html


def test_heels_is_said_once_for_the_round(client):
    html = client.get(ROUND_HEELS).content.decode()
    assert html.count("that is heels") == 0
    assert html.count("so the dealer pegged 2 when it was turned") == 1
    assert "Heels: 2 more to the dealer, at the cut." in html


def test_a_round_counts_as_far_as_it_goes(client):
    response = client.get("/round/?starter=5D&pone=5H,5C,5S,JD&dealer=2H")
    assert totals(response) == ["29"]
    assert round_message(response) == "Pick 3 more cards for the dealer&#x27;s hand."
    html = response.content.decode()
    assert "Pone pegs" in html
    assert "Dealer pegs" not in html


def test_without_javascript_a_round_is_tapped_in_order(client):
    codes = "5D 5H 5C 5S JD 2H 3H 4H 6H 7C 8C 9C TC".split()
    url = follow_taps(client, "/round/", [("pick", code) for code in codes])
    assert url == ROUND
    assert totals(client.get(url)) == ["29", "13", "8"]
    url = follow_taps(client, "/round/", [("place", "crib"), ("pick", "7C")])
    assert url == "/round/?crib=7C&fill=crib"
    assert follow_taps(client, url, [("pick", "8C")]) == "/round/?crib=7C,8C&fill=crib"


def test_taking_a_card_out_of_a_round_refills_its_place(client):
    url = follow_taps(client, "/round/", [("pick", "3H")])
    assert url == "/round/?starter=3H"
    response = client.get(f"{ROUND}&pick=3H")
    assert response["Location"] == (
        "/round/?starter=5D&pone=5H,5C,5S,JD&dealer=2H,4H,6H&crib=7C,8C,9C,TC"
    )
    refilled = client.get(response["Location"] + "&pick=KH")["Location"]
    assert "dealer=2H,4H,6H,KH" in refilled


@pytest.mark.parametrize(
    ("query", "canonical"),
    [
        ("starter=5d&pone=5h5c5sjd&dealer=2h,3h,4h,6h&crib=7c 8c 9c 10c", ROUND),
        ("pone=5h5c&fill=pone", "/round/?pone=5H,5C&fill=pone"),
        ("starter=5D&fill=starter", "/round/?starter=5D"),
        ("fill=nonsense", "/round/"),
        ("starter=5D&clear=1", "/round/"),
        ("starter=5D&pone=5H&clear=pone", "/round/?starter=5D"),
    ],
)
def test_the_round_lands_on_its_canonical_url(client, query, canonical):
    response = client.get(f"/round/?{query}")
    assert response.status_code == 302
    assert response["Location"] == canonical


TWO_KEPT = 'aria-label="five of diamonds"'  # the starter, kept beside the problem
TABLE_KEPT = '<input type="hidden" name="players" value="'  # the table, kept likewise


@pytest.mark.parametrize(
    ("query", "problem"),
    [
        ("starter=5D&pone=5D", "5D is already in the starter: a card can be in one place only."),
        ("starter=5D&pone=5H,5C,5S,JD,2C", "A pone&#x27;s hand has 4 cards and this one has 5."),
        ("starter=5D,6D", "The starter is one card."),
        ("starter=5D&crib=XY", "&#x27;XY&#x27; is not a card"),
        ("starter=5D&dealer=2H,2H", "2H appears twice"),
        (
            "players=3&starter=5D&player1=5D",
            "5D is already in the starter: a card can be in one place only.",
        ),
        (
            "players=4&starter=5D&player1=5H,5C,5S,JD&player4=5C",
            "5C is already in the hand of player 1: a card can be in one place only.",
        ),
        (
            "players=3&starter=5D&player2=5H,5C,5S,JD,2C",
            "A hand of player 2 has 4 cards and this one has 5.",
        ),
        ("players=4&starter=5D&crib=7C,8C,9C,TC,JC", "A crib has 4 cards and this one has 5."),
        ("players=3&starter=5D&player3=2H,2H", "2H appears twice"),
        ("players=4&player2=XY", "&#x27;XY&#x27; is not a card"),
    ],
)
def test_round_problems_are_named_and_the_rest_kept(client, query, problem):
    kept = TABLE_KEPT if query.startswith("players=") else TWO_KEPT
    for headers in ({}, {**HTMX, "HX-Current-URL": "http://testserver/round/"}):
        response = client.get(f"/round/?{query}", headers=headers)
        assert response.status_code == 200
        assert problem in round_message(response)
        assert "message--problem" in response.content.decode()
        assert kept in response.content.decode()


def test_the_round_partial_pushes_a_whole_round_only(client):
    partial = client.get("/round/?starter=5D&pone=5H", headers=HTMX)
    html = partial.content.decode()
    assert 'id="round"' in html and "<html" not in html
    assert "HX-Push-Url" not in partial and "HX-Replace-Url" not in partial
    whole = client.get(ROUND, headers={**HTMX, "HX-Current-URL": "http://testserver/round/"})
    assert whole["HX-Push-Url"] == ROUND
    again = client.get(ROUND_HEELS, headers={**HTMX, "HX-Current-URL": f"http://testserver{ROUND}"})
    assert again["HX-Push-Url"] == ROUND_HEELS


def test_the_round_page_has_a_title_with_its_totals(client):
    html = client.get(ROUND).content.decode()
    assertInHTML("<title>29 13 8 · 5♦ · Round · Cribtrainer</title>", html)


def test_only_get_is_allowed(client):
    assert client.post("/", {"hand": "5H"}).status_code == 405
    assert client.post("/rules/").status_code == 405
    assert client.post("/round/").status_code == 405


def test_every_breakdown_link_lands_on_a_rule(client):
    rules = client.get("/rules/").content.decode()
    pages = [
        COUNT_29,
        "/?hand=3H,4C,4S,5D&starter=5H",
        "/?hand=2H,6H,9H,QH&starter=8H&crib=1",
        "/?hand=2H,6H,9H,QH&starter=3C&crib=1",
        "/?hand=2H,6H,9H,3C&starter=QH",
        "/?hand=9S,9H,8C,2D&starter=JC",
        "/?hand=AH,3C,7S,9D&starter=KH",
    ]
    anchors = set()
    for page in pages:
        anchors |= set(re.findall(r'href="/rules/#([a-z-]+)"', client.get(page).content.decode()))
    assert anchors == {
        "fifteens",
        "pairs",
        "runs",
        "flush",
        "crib-flush",
        "nobs",
        "heels",
        "impossible-totals",
    }
    for anchor in anchors:
        assert f'id="{anchor}"' in rules


def test_rules_page_covers_the_show_and_the_play(client):
    response = client.get("/rules/")
    assert response.status_code == 200
    html = response.content.decode()
    sections = ["the-crib", "the-show", "twenty-nine", "count-order", "the-play", "go", "heels"]
    for section in [*sections, "who-leads", "play-examples"]:
        assert f'id="{section}"' in html
    assert html.count('class="example"') >= 12
    assert 'aria-label="five of diamonds"' in html
    assertInHTML('<span class="example-total">= 29</span>', html)


CARD_LABEL = re.compile(r'aria-label="(\w+) of (\w+)"')


def labelled_cards(block: str) -> list:
    return [
        Card(Rank[rank.upper()], Suit[suit.upper()]) for rank, suit in CARD_LABEL.findall(block)
    ]


def test_every_show_example_on_the_rules_page_is_the_engines_count(client):
    html = client.get("/rules/").content.decode()
    examples = re.findall(r'<figure class="example">(.*?)</figure>', html, re.S)
    assert len(examples) >= 14
    for example in examples:
        cards = labelled_cards(example)
        crib = "in the crib" in example
        result = score_show(cards[:4], cards[4], crib=crib)
        total = re.search(r'class="example-total">= (\d+)', example).group(1)
        assert int(total) == result.total, example
        said = re.search(r"<figcaption>(.*?)</figcaption>", example, re.S).group(1)
        assert said == html_escape(capfirst(result.announce) + "."), example


def test_every_play_example_on_the_rules_page_is_the_engines_count(client):
    html = client.get("/rules/").content.decode()
    examples = re.findall(r'<figure class="example play-example">(.*?)</figure>', html, re.S)
    assert len(examples) >= 7
    for example in examples:
        rows = re.findall(r"<tr[^>]*>\s*<th scope=\"row\">(.*?)</tr>", example, re.S)
        tokens = ["go" if "“Go”" in row else labelled_cards(row)[0].code for row in rows]
        players = 3 if "Claire" in example else 2
        record = peg_play(tokens, players)
        for row, turn in zip(rows, record.turns, strict=True):
            count = re.search(r'class="play-count">(?:<span[^>]*>[^<]*</span>)?(\d+)<', row)[1]
            assert int(count) == turn.count, row
            scored = ", ".join(f"{item.name} {item.points}" for item in turn.items)
            assert scored in row, row


def test_the_rules_page_counts_the_plays_people_get_wrong(client):
    html = client.get("/rules/").content.decode()
    # The third five of 5-5-5 makes fifteen and a pair royal.
    assert "fifteen 2, pair royal 6 = 8" in html
    # The seed's worked plays: who pegs what.
    assert "Pegged in the play: Bob 3, Alice 6." in html
    assert "Pegged in the play: David 0, Eve 10, Claire 7." in html


@pytest.mark.django_db  # closing a file response sends request_finished, which checks the DB
def test_pages_link_hashed_static_files_that_whitenoise_serves_compressed(client):
    html = client.get("/").content.decode()
    paths = re.findall(r'(?:href|src)="(/static/[^"]+)"', html)
    assert any(re.fullmatch(r"/static/css/app\.[0-9a-f]{12}\.css", p) for p in paths), paths
    htmx = r"/static/vendor/htmx-2\.0\.11\.min\.[0-9a-f]{12}\.js"
    assert any(re.fullmatch(htmx, p) for p in paths), paths
    for path in paths:
        response = client.get(path, headers={"Accept-Encoding": "gzip"})
        assert response.status_code == 200, path
        if not path.endswith(".svg"):
            assert response["Content-Encoding"] == "gzip", path
        response.close()


def test_no_inline_scripts_or_styles(client):
    html = "".join(client.get(url).content.decode() for url in [COUNT_29, "/rules/", ROUND_HEELS])
    assert not re.search(r"<script(?![^>]*\bsrc=)", html)
    assert " style=" not in html
    assert not re.search(r"\son[a-z]+=", html)


def test_two_counts_of_one_total_in_a_round_are_named_by_whose_they_are(client):
    # Pone's 5-5-J-J and the dealer's 5-5-Q-Q both score 12 with the 2 starter: each count's
    # region is named by its heading too, so a screen reader tells the two apart.
    html = client.get("/round/?starter=2S&pone=5H,5C,JD,JH&dealer=5S,5D,QC,QH").content.decode()
    labels = re.findall(r'<section class="breakdown" aria-labelledby="([^"]+)"', html)
    assert labels[:2] == ["show-pone-name pone-count-total", "show-dealer-name dealer-count-total"]
