"""The discard analyser at a table of three or four (``/discard/?players=3|4``): five cards,
one thrown, the five choices best first for the dealer, the dealer's partner or an
opponent, their figures the engine's (checked by brute force in tests/cribbage); bad input
is named on the page with a 400."""

import html as html_lib
import re

import pytest

from cribbage.cards import DECK, parse_cards
from cribbage.discard import Role, discard_options
from tests.cribbage.reference import reference_total

FIVE = parse_cards("5H 5D JS 4C KD")
THREE = "/discard/?players=3&cards=5H,5D,JS,4C,KD&seat=dealer"
FOUR = "/discard/?players=4&cards=5H,5D,JS,4C,KD&seat=partner"
HTMX = {"HX-Request": "true", "HX-Current-URL": "http://testserver/discard/?players=3"}


def message(response) -> str:
    found = re.search(r'<p id="discard-message"[^>]*>(.*?)</p>', response.content.decode(), re.S)
    assert found, "no message element"
    return html_lib.unescape(found.group(1))


def table_rows(response) -> list[dict]:
    body = response.content.decode()
    tbody = body[body.index('<table class="choices') :]
    tbody = tbody[tbody.index("<tbody>") : tbody.index("</tbody>")]
    rows = []
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", tbody, re.S):
        keep, throw, *figures = re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)
        rows.append(
            {
                "keep": re.findall(r'role="img" aria-label="([^"]+)"', keep),
                "throw": re.findall(r'role="img" aria-label="([^"]+)"', throw),
                "figures": [re.sub(r"<[^>]+>", "", cell).strip() for cell in figures],
                "link": re.search(r'<a class="choice-link"[^>]*href="([^"]+)"', keep).group(1),
                "chosen": 'aria-current="true"' in keep,
            }
        )
    return rows


@pytest.mark.parametrize(
    ("players", "seat", "sign"),
    [
        (3, Role.DEALER, "+"),
        (3, Role.OPPONENT, "−"),
        (4, Role.DEALER, "+"),
        (4, Role.PARTNER, "+"),
        (4, Role.OPPONENT, "−"),
    ],
)
def test_the_five_choices_best_first_are_the_engines_for_the_seat(client, players, seat, sign):
    url = f"/discard/?players={players}&cards=5H,5D,JS,4C,KD&seat={seat.value}"
    response = client.get(url)
    assert response.status_code == 200
    options = discard_options(FIVE, seat, players=players)
    assert [choice.option for choice in response.context["analysis"].choices] == list(options)
    rows = table_rows(response)
    assert len(rows) == 5
    for row, option in zip(rows, options, strict=True):
        assert row["keep"] == [card.label for card in option.keep]
        assert row["throw"] == [option.throw[0].label]
        assert row["figures"] == [
            f"{option.hand_ev:.2f}",
            f"{sign}{option.crib_ev:.2f}",
            f"{option.net_ev:.2f}",
        ]
    assert rows[0]["chosen"]
    assert rows[1]["link"].startswith(
        f"/discard/?players={players}&amp;cards=5H,5D,JS,4C,KD&amp;seat={seat.value}&amp;throw="
    )
    best = options[0]
    keep = " ".join(card.short_label for card in best.keep)
    said = message(response)
    assert said.startswith(f"Best as the {'dealer' if seat is Role.DEALER else ''}")
    assert f"keep {keep} and throw {best.throw[0].short_label}, {best.net_ev:.2f}" in said


def test_the_seats_offered_are_the_tables(client):
    three = client.get(THREE).content.decode()
    assert 'value="partner"' not in three
    assert 'id="seat-dealer" name="seat" value="dealer" checked' in three
    assert 'id="seat-opponent"' in three
    four = client.get(FOUR).content.decode()
    assert 'id="seat-partner" name="seat" value="partner" checked' in four
    assert '<label for="seat-partner">Partner</label>' in four
    assert "Best as the dealer&#x27;s partner" in four
    assert 'id="role-switch"' not in four and 'id="opponent-switch"' not in four
    assert '<a href="/discard/?players=4" aria-current="true">4 players</a>' in four


def test_a_chosen_keep_shows_its_spread_over_47_starters(client):
    response = client.get(f"{FOUR}&throw=KD")
    assert response.status_code == 200
    analysis = response.context["analysis"]
    chosen = analysis.chosen.option
    assert chosen.throw == parse_cards("KD")
    unseen = [card for card in DECK if card not in FIVE]
    assert sorted(total for _, total in analysis.spread.totals) == sorted(
        reference_total(chosen.keep, starter) for starter in unseen
    )
    body = response.content.decode()
    assert "How many of the 47 starters give each total" in body
    assert f"Number {analysis.rank} of 5" in body
    assert [row["chosen"] for row in table_rows(response)].count(True) == 1


def test_the_best_choice_for_the_dealer_and_an_opponent_differ_by_the_cribs_sign(client):
    dealer = client.get(THREE).context["analysis"].choices
    opponent = client.get(THREE.replace("seat=dealer", "seat=opponent")).context["analysis"]
    assert {c.option.throw: c.option.hand_ev for c in dealer} == {
        c.option.throw: c.option.hand_ev for c in opponent.choices
    }
    for choice in opponent.choices:
        assert choice.option.net_ev == pytest.approx(choice.option.hand_ev - choice.option.crib_ev)


@pytest.mark.parametrize(
    ("query", "problem"),
    [
        ("players=3&cards=5H,5D,JS,4C,KD,2S", "has 5 cards and this one has 6"),
        ("players=4&cards=5h5djs4ckd2s3s", "has 5 cards and this one has 7"),
        ("players=3&cards=5H,5D,JS,4C,KD&seat=partner", "A table of 3 has no partners"),
        ("players=4&cards=5H,5D,JS,4C,KD&seat=banker", "“banker” is not a seat at a table of 4"),
        ("players=5&cards=5H,5D,JS,4C,KD", "“5” players: the discard is for 2, 3 or 4 players."),
        ("players=two", "“two” players: the discard is for 2, 3 or 4 players."),
        ("players=3&cards=5H,XY", "'XY' is not a card"),
    ],
)
def test_a_wrong_table_seat_or_number_of_cards_is_named_with_a_400(client, query, problem):
    response = client.get(f"/discard/?{query}")
    assert response.status_code == 400
    assert problem in message(response)
    body = response.content.decode()
    assert "message--problem" in body
    assert 'id="analysis"' not in body


def test_a_typing_mistake_sent_by_htmx_is_named_in_the_swapped_part(client):
    response = client.get("/discard/?players=3&cards=5H,5D,JS,4C,KD,2S&seat=dealer", headers=HTMX)
    # htmx swaps nothing on an error status: the message must come back as the page's part.
    assert response.status_code == 200
    assert "has 5 cards and this one has 6" in message(response)
    assert "HX-Push-Url" not in response


@pytest.mark.parametrize(
    ("throw", "problem"),
    [
        ("AS", "AS is not one of your five cards."),
        ("5H,5D", "you throw 1 card, and this is 2"),
        ("J" * 61, "A throw is one of your five cards, like KD."),
    ],
)
def test_a_throw_not_among_the_five_is_named_and_the_best_shown(client, throw, problem):
    response = client.get(f"{THREE}&throw={throw}")
    assert response.status_code == 200
    said = message(response)
    assert problem in said and said.endswith("The table shows the best choice.")
    assert table_rows(response)[0]["chosen"]


@pytest.mark.parametrize(
    ("query", "canonical"),
    [
        ("players=3&cards=5h5djs4ckd", THREE),
        ("players=3&cards=5H,5D,JS,4C,KD&seat=Dealer", THREE),
        ("players=4&cards=5H,5D,JS,4C,KD&seat=partner&throw=kd", f"{FOUR}&throw=KD"),
        ("players=3&cards=5H,5D,JS,4C&pick=KD", THREE),
        (
            "players=3&cards=5H,5D,JS,4C,KD&throw=KD&pick=KD",
            "/discard/?players=3&cards=5H,5D,JS,4C&seat=dealer",
        ),
        (
            "players=4&seat=opponent&cards=5H,5D,JS,4C,KD&clear=1",
            "/discard/?players=4&seat=opponent",
        ),
    ],
)
def test_the_plain_form_lands_on_the_canonical_url(client, query, canonical):
    # The player-count links' pages are canonical already.
    assert client.get("/discard/?players=3").status_code == 200
    assert client.get("/discard/?players=4&seat=dealer")["Location"] == "/discard/?players=4"
    response = client.get(f"/discard/?{query}")
    assert response.status_code == 302
    assert response["Location"] == canonical


def test_without_javascript_five_taps_give_the_analysis_and_a_sixth_is_refused(client):
    url = "/discard/?players=4&seat=opponent"
    for code in "5H 5D JS 4C KD".split():
        page = client.get(url)
        fields = dict(
            re.findall(
                r'<input type="hidden" name="(cards|fill|players)" value="([^"]*)"',
                page.content.decode(),
            )
        )
        fields["seat"] = "opponent"
        url = client.get("/discard/", {"pick": code, **fields})["Location"]
    assert url == "/discard/?players=4&cards=5H,5D,JS,4C,KD&seat=opponent"
    page = client.get(url)
    assert len(table_rows(page)) == 5
    sixth = client.get(f"{url}&pick=2S")
    assert sixth.status_code == 200
    assert message(sixth) == "You have your five: tap a card to take it out first."


def test_the_htmx_partial_pushes_the_analysis(client):
    response = client.get(THREE, headers=HTMX)
    body = response.content.decode()
    assert "<html" not in body and 'id="discard"' in body
    assert "<title>5♥ 5♦ J♠ 4♣ K♦ as dealer · Which one to throw, 3 players" in body
    assert response["HX-Push-Url"] == THREE


def test_the_two_player_page_is_unchanged_but_names_the_tables(client):
    response = client.get("/discard/?cards=5H,5C,6D,JS,QH,2C&role=dealer")
    assert response.status_code == 200
    assert len(table_rows(response)) == 15
    body = response.content.decode()
    assert '<a href="/discard/" aria-current="true">2 players</a>' in body
    assert '<a href="/discard/?players=3">3 players</a>' in body
    assert 'id="role-switch"' in body and 'id="seat-switch"' not in body
