"""The discard analyser over HTTP: its figures are `crib discard --json`'s and brute force's,
with the other player throwing like a good player (the default) or at random; bad input is
named inline, every state has its URL. At a table of three or four (``players=3|4``): five
cards, one thrown, for the dealer, the dealer's partner or an opponent."""

import html as html_lib
import json
import re
from urllib.parse import quote

import pytest
from pytest_django.asserts import assertInHTML

from counter.templatetags.cards import points, signed_points
from cribbage.cards import DECK, card, parse_cards
from cribbage.cli import main as crib
from cribbage.discard import CribModel, Role, discard_options
from cribbage.show import show_total
from tests.counter.pages import found
from tests.cribbage.reference import reference_total
from tests.cribbage.test_discard import brute_force_crib_ev, good_player_weight

EXAMPLE = "/discard/?cards=5H,5C,6D,JS,QH,2C&role=dealer"
SIX = parse_cards("5H 5C 6D JS QH 2C")
# The example's best as dealer: the other player throwing like a good player, or at random.
BEST_GOOD = discard_options(SIX, Role.DEALER, CribModel.GOOD)[0].net_ev
BEST_RANDOM = discard_options(SIX, Role.DEALER, CribModel.RANDOM)[0].net_ev
HTMX = {"HX-Request": "true", "HX-Current-URL": "http://testserver/discard/"}
# At a table of three or four: five cards, one thrown.
FIVE = parse_cards("5H 5D JS 4C KD")
THREE = "/discard/?players=3&cards=5H,5D,JS,4C,KD&seat=dealer"
FOUR = "/discard/?players=4&cards=5H,5D,JS,4C,KD&seat=partner"
HTMX_THREE = {**HTMX, "HX-Current-URL": "http://testserver/discard/?players=3"}

# Six cards and the throws whose crib is brute-forced: each tempts a nobs or a flush.
HANDS = [
    # The example: the jacks and queens thrown or kept, a jack of spades kept.
    ("5H 5C 6D JS QH 2C", "dealer", ["2C 6D", "JS QH", "5H 5C"]),
    # A jack kept whose suit matches 10 of the starters; the jack thrown instead.
    ("JD 5C 5S 6H 9D QC", "pone", ["9D QC", "JD QC", "5C 5S"]),
    # Four hearts kept (a flush of four, five with a heart starter), or a heart thrown.
    ("2H 5H 8H KH 3C 9S", "pone", ["3C 9S", "2H 3C"]),
    # Two spades thrown: a crib flush needs the opponent's two and the starter in spades too.
    ("4S 9S 5D 6D 7H KC", "dealer", ["4S 9S", "KC 4S", "5D 6D"]),
]


def cli_json(cards: str, role: str, capsys, opponent: str = "good") -> dict:
    model = ["--crib-model", opponent]
    assert crib(["discard", f"--{role}", *cards.split(), "--json", *model]) == 0
    return json.loads(capsys.readouterr().out)


def url_of(cards: str, role: str, throw: str = "", opponent: str = "") -> str:
    url = f"/discard/?cards={','.join(cards.split())}&role={role}"
    if opponent:
        url += f"&opponent={opponent}"
    return f"{url}&throw={','.join(throw.split())}" if throw else url


def message(response) -> str:
    pattern = r'<p id="discard-message"[^>]*>(.*?)</p>'
    return html_lib.unescape(found(response, pattern, "message element"))


def table_rows(response) -> list[dict]:
    """The rows of the choices (15 of a six, 5 of a five) as the page shows them: spoken labels."""
    body = response.content.decode()
    tbody = body[body.index('<table class="choices') :]
    tbody = tbody[tbody.index("<tbody>") : tbody.index("</tbody>")]
    rows = []
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", tbody, re.S):
        cells = re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)
        keep, throw, *figures = cells
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


def labels(codes) -> list[str]:
    return [card.label for card in parse_cards(" ".join(codes))]


def brute_force_hand_ev(keep, dealt) -> float:
    starters = [card for card in DECK if card not in dealt]
    assert len(starters) == 46
    return sum(show_total(keep, starter) for starter in starters) / 46


# --- the figures --------------------------------------------------------------------------


@pytest.mark.parametrize("opponent", ["", "random"])
@pytest.mark.parametrize(("cards", "role"), [(cards, role) for cards, role, _ in HANDS])
def test_every_figure_is_crib_discard_jsons(client, capsys, cards, role, opponent):
    model = opponent or "good"
    expected = cli_json(cards, role, capsys, model)
    for other in ("dealer", "pone"):
        want = expected if other == role else cli_json(cards, other, capsys, model)
        assert want["crib_model"] == model
        response = client.get(url_of(cards, other, opponent=opponent))
        assert response.status_code == 200
        choices = response.context["analysis"].choices
        assert [
            {
                "keep": [card.code for card in choice.option.keep],
                "throw": [card.code for card in choice.option.throw],
                "hand_ev": choice.option.hand_ev,
                "crib_ev": choice.option.crib_ev,
                "net_ev": choice.option.net_ev,
                "pegging_ev": choice.pegging,
            }
            for choice in choices
        ] == want["options"]
        sign = "+" if other == "dealer" else "−"
        shown = table_rows(response)
        assert len(shown) == 15
        for row, option in zip(shown, want["options"], strict=True):
            assert row["keep"] == labels(option["keep"])
            assert row["throw"] == labels(option["throw"])
            assert row["figures"] == [
                f"{option['hand_ev']:.2f}",
                f"{sign}{option['crib_ev']:.2f}",
                points(option["net_ev"]),
                signed_points(option["pegging_ev"]),
            ]


@pytest.mark.parametrize("opponent", ["good", "random"])
@pytest.mark.parametrize(("cards", "role", "throws"), HANDS)
def test_hand_and_crib_match_brute_force_over_starters_and_opponent_throws(
    client, cards, role, throws, opponent
):
    dealt = parse_cards(cards)
    # Good is the default, left out of the address.
    url = url_of(cards, role, opponent="" if opponent == "good" else opponent)
    analysis = client.get(url).context["analysis"]
    # The dealer's crib gets the pone's throw; the pone's gift, the dealer's.
    weight = good_player_weight(dealer=role == "pone") if opponent == "good" else None
    sign = 1 if role == "dealer" else -1
    for choice in analysis.choices:
        option = choice.option
        assert option.hand_ev == pytest.approx(brute_force_hand_ev(option.keep, dealt), abs=1e-12)
        assert option.net_ev == pytest.approx(option.hand_ev + sign * option.crib_ev, abs=1e-12)
    by_throw = {frozenset(choice.option.throw): choice.option for choice in analysis.choices}
    for throw in throws:
        option = by_throw[frozenset(parse_cards(throw))]
        assert option.crib_ev == pytest.approx(
            brute_force_crib_ev(dealt, option.throw, weight), abs=1e-12
        )


def test_the_hands_above_tempt_nobs_and_flushes():
    """What the brute force must get right in them: nobs, and the hand's and crib's flushes."""
    kept_jack = parse_cards("JD 5C 5S 6H")
    assert show_total(kept_jack, card("2D")) == show_total(kept_jack, card("2C")) + 1
    hearts = parse_cards("2H 5H 8H KH")
    assert show_total(hearts, card("3H")) == show_total(hearts, card("3D")) + 1
    assert show_total(hearts, card("3D"), crib=True) == show_total(hearts, card("3D")) - 4
    spades = parse_cards("4S 9S 2S 3S")
    assert (
        show_total(spades, card("KS"), crib=True) == show_total(spades, card("KD"), crib=True) + 5
    )


@pytest.mark.parametrize(("cards", "role", "throws"), HANDS)
def test_the_spread_of_each_keep_is_brute_forces(client, cards, role, throws):
    dealt = parse_cards(cards)
    for throw in throws:
        response = client.get(url_of(cards, role, throw), follow=True)
        assert message(response).startswith("Best as the")
        analysis = response.context["analysis"]
        keep = analysis.chosen.option.keep
        assert set(analysis.chosen.option.throw) == set(parse_cards(throw))
        totals = {starter: show_total(keep, starter) for starter in DECK if starter not in dealt}
        spread = analysis.spread
        assert dict(spread.totals) == totals
        assert (spread.worst, spread.best) == (min(totals.values()), max(totals.values()))
        big = sum(total >= 12 for total in totals.values()) / 46
        assert spread.chance_of_twelve == big
        best = max(totals.values())
        top_total, top_starters = spread.top_starters()[0]
        assert top_total == best
        assert set(top_starters) == {s for s, total in totals.items() if total == best}
        body = response.content.decode()
        assert f"<dt>Worst</dt><dd>{spread.worst}</dd>" in body
        assert f"<dt>Best</dt><dd>{spread.best}</dd>" in body
        percent = "<1%" if 0 < big < 0.005 else f"{round(big * 100)}%"
        assert f"<dt>12 or more</dt><dd>{html_lib.escape(percent)}</dd>" in body


# --- the page -----------------------------------------------------------------------------


def test_the_example_page_names_the_model_and_keeps_the_estimate_apart(client):
    response = client.get(EXAMPLE)
    assert response.status_code == 200
    body = response.content.decode()
    assert body.startswith("<!doctype html>")
    assert message(response) == (
        f"Best as the dealer: keep 5♣ 5♥ J♠ Q♥ and throw 2♣ 6♦, {BEST_GOOD:.2f} points net."
    )
    assert "Crib values: the pone throws to your crib like a good player" in body
    assert "every two of those cards the pone may throw, each as likely as a good player" in body
    assert "in that seat throws its ranks, and each of the 44 starters left" in body
    assert "The crib is added: it is yours." in body
    assertInHTML(
        '<input type="radio" id="opponent-good" name="opponent" value="good" checked>', body
    )
    assertInHTML('<input type="radio" id="opponent-random" name="opponent" value="random">', body)
    assert 'class="estimate"' in body and 'estimate<span aria-hidden="true">*</span>' in body
    assert "An estimate, not an exact figure, and not in the net." in body
    assert body.count('name="pick"') == 52 + 6
    assertInHTML(
        "<title>5♥ 5♣ 6♦ J♠ Q♥ 2♣ as dealer · Which two to throw · Cribtrainer</title>", body
    )
    assertInHTML('<a href="/discard/" aria-current="page">Discard</a>', body)
    assert "HX-Request" in response["Vary"]


def test_the_random_model_is_offered_and_named(client):
    response = client.get(f"{EXAMPLE}&opponent=random")
    assert response.status_code == 200
    body = response.content.decode()
    assert message(response) == (
        f"Best as the dealer: keep 5♣ 5♥ J♠ Q♥ and throw 2♣ 6♦, {BEST_RANDOM:.2f} points net."
    )
    assert f"{BEST_RANDOM:.2f}" == "17.07"  # the figure the random model always gave
    assert "Crib values: the pone throws any two cards at random" in body
    assert "any two as likely as any other (a random throw), and each of the 44 starters" in body
    assertInHTML(
        '<input type="radio" id="opponent-random" name="opponent" value="random" checked>', body
    )
    links = re.findall(r'<a class="choice-link"[^>]*href="([^"]+)"', body)
    assert html_lib.unescape(links[0]) == f"{EXAMPLE}&opponent=random&throw=2C,6D#spread"
    assert '<input type="hidden" name="opponent" form="discard-typed" value="random">' in body


def test_as_pone_the_good_player_is_the_dealer_throwing_to_their_own_crib(client):
    body = client.get("/discard/?cards=5H,5C,6D,JS,QH,2C&role=pone").content.decode()
    assert "Crib values: the dealer throws to their own crib like a good player" in body


@pytest.mark.parametrize("opponent", ["smart", "<b>", "x" * 200])
def test_an_opponent_neither_good_nor_random_is_named_and_good_is_used(client, opponent):
    for headers in ({}, HTMX):
        response = client.get(f"{EXAMPLE}&opponent={quote(opponent)}", headers=headers)
        assert response.status_code == 200
        said = message(response)
        assert f"“{opponent[:12]}” is not how the other player throws" in said
        assert "the choice is good or random" in said
        body = response.content.decode()
        assert "message--problem" in body
        assert len(table_rows(response)) == 15
        assert "throws to your crib like a good player" in body
        assert "<b>" not in response.content.decode().replace("&lt;b&gt;", "")


def test_as_pone_the_crib_is_taken_away(client):
    response = client.get("/discard/?cards=5H,5C,6D,JS,QH,2C&role=pone")
    body = response.content.decode()
    assert "The crib is taken away: it is the dealer's." in body
    assert "the dealer may throw" in body
    assert table_rows(response)[0]["figures"][1].startswith("−")


def test_each_keep_links_to_its_spread_and_the_chosen_one_is_marked(client):
    response = client.get(EXAMPLE)
    rows = table_rows(response)
    assert [row["chosen"] for row in rows] == [True] + [False] * 14
    links = [html_lib.unescape(row["link"]) for row in rows]
    assert links[0] == f"{EXAMPLE}&throw=2C,6D#spread"
    assert len(set(links)) == 15
    body = response.content.decode()
    assert body.count('<strong class="choice-tag">shown below</strong>') == 1
    assert body.count('hx-target="#discard"') == 15 + 2  # the rows and the two forms

    chosen = client.get(links[13].removesuffix("#spread"))
    assert [row["chosen"] for row in table_rows(chosen)] == [False] * 13 + [True, False]
    options = [choice.option for choice in response.context["analysis"].choices]
    behind = options[0].net_ev - options[13].net_ev
    assert f"Number 14 of 15, {behind:.2f} points net behind the best" in chosen.content.decode()
    keep = " ".join(card.short_label for card in options[13].keep)
    assert f'<h2 id="spread-heading">Keep {keep}: what the hand can score</h2>' in (
        chosen.content.decode()
    )


def test_the_htmx_partial_is_the_analysis_alone_and_pushes_it(client):
    response = client.get(EXAMPLE, headers=HTMX)
    body = response.content.decode()
    assert "<html" not in body and 'id="discard-form"' not in body
    assert 'id="discard"' in body
    assert "<title>5♥ 5♣ 6♦ J♠ Q♥ 2♣ as dealer" in body
    assertInHTML(
        '<div id="status" hx-swap-oob="innerHTML">Best: keep 5♣ 5♥ J♠ Q♥, throw 2♣ 6♦, '
        f"{BEST_GOOD:.2f} points net.</div>",
        body,
    )
    assert response["HX-Push-Url"] == EXAMPLE
    chosen = f"{EXAMPLE}&throw=5C,5H"
    again = client.get(chosen, headers={**HTMX, "HX-Current-URL": f"http://testserver{EXAMPLE}"})
    assert again["HX-Push-Url"] == chosen
    options = {o.throw: o for o in discard_options(SIX, Role.DEALER, CribModel.GOOD)}
    behind = BEST_GOOD - options[parse_cards("5C 5H")].net_ev
    assert f"Shown: keep 2♣ 6♦ J♠ Q♥, {behind:.2f} behind." in again.content.decode()


def test_cards_picked_on_the_way_leave_the_history_alone(client):
    response = client.get("/discard/?cards=5H,5C&role=dealer", headers=HTMX)
    assert "HX-Push-Url" not in response and "HX-Replace-Url" not in response
    half = {**HTMX, "HX-Current-URL": "http://testserver/discard/?cards=5H,5C,6D&role=dealer"}
    assert client.get(EXAMPLE, headers=half)["HX-Replace-Url"] == EXAMPLE


@pytest.mark.parametrize(
    ("query", "canonical"),
    [
        ("cards=5h5c6djsqh2c&role=dealer", EXAMPLE),
        ("cards=5H, 5C, 6D, JS, QH, 2C", EXAMPLE),
        ("cards=5H,5C,6D,JS,QH,2C&role=PONE", "/discard/?cards=5H,5C,6D,JS,QH,2C&role=pone"),
        ("cards=5H,5C,6D,JS,QH,2C&role=banker", EXAMPLE),
        ("cards=5H,5C,6D,JS,QH,2C&role=dealer&throw=qh+js", f"{EXAMPLE}&throw=JS,QH"),
        ("cards=5H,5C&throw=5H,5C", "/discard/?cards=5H,5C&role=dealer"),
        (
            "cards=5H,5C,6D,JS,QH,2C&throw=JS,QH&pick=JS",
            "/discard/?cards=5H,5C,6D,QH,2C&role=dealer",
        ),
        ("cards=5H,5C,6D,JS,QH&pick=2C", EXAMPLE),
        ("cards=5H,5C,6D,JS,QH,2C&role=pone&clear=1", "/discard/?role=pone"),
        ("role=dealer", "/discard/"),
        ("fill=cards", "/discard/"),
        ("cards=5H,5C,6D,JS,QH,2C&role=dealer&opponent=good", EXAMPLE),
        ("cards=5H,5C,6D,JS,QH,2C&opponent=Random", f"{EXAMPLE}&opponent=random"),
        (
            "cards=5H,5C,6D,JS,QH,2C&opponent=random&throw=qh,js",
            f"{EXAMPLE}&opponent=random&throw=JS,QH",
        ),
        ("role=dealer&opponent=random", "/discard/?opponent=random"),
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
    response = client.get(f"/discard/?{query}")
    assert response.status_code == 302
    assert response["Location"] == canonical


def test_without_javascript_six_taps_and_a_change_of_seat_keep_the_chosen_keep(client):
    url = "/discard/"
    for code in "5H 5C 6D JS QH 2C".split():
        response = client.get(url, {"pick": code, **dict(_fields(client.get(url)))})
        url = response["Location"]
    assert url == EXAMPLE
    seat = client.get(f"{EXAMPLE}&throw=JS,QH&role=pone")
    assert seat["Location"] == "/discard/?cards=5H,5C,6D,JS,QH,2C&role=pone&throw=JS,QH"
    seventh = client.get(f"{EXAMPLE}&pick=3D")
    assert seventh.status_code == 200
    assert message(seventh) == "You have your six: tap a card to take it out first."


def _fields(response) -> list[tuple[str, str]]:
    """The picker form's hidden fields, as the browser sends them."""
    body = response.content.decode()
    return re.findall(r'<input type="hidden" name="(cards|fill)" value="([^"]*)"', body)


@pytest.mark.parametrize(
    ("query", "problem"),
    [
        ("cards=5H,5C,XY,JS,QH,2C", "'XY' is not a card"),
        ("cards=5H,5C,5H,JS,QH,2C", "5H appears twice: each card is in the deck once"),
        ("cards=5h5c6djsqh2c3d", "A hand has 6 cards and this one has 7."),
        ("cards=" + "5h+" * 30, "Ensure this value has at most 60 characters"),
        ("cards=5H&pick=ZZ", "'ZZ' is not a card"),
    ],
)
def test_bad_cards_are_named_inline_and_kept_in_the_text_field(client, query, problem):
    for headers in ({}, HTMX):
        response = client.get(f"/discard/?{query}", headers=headers)
        assert response.status_code == 200
        assert problem in message(response)
        body = response.content.decode()
        assert 'id="analysis"' not in body
        assert "message--problem" in body
    assert 'aria-invalid="true"' in body and '<details class="typed" open>' in body


@pytest.mark.parametrize(
    ("throw", "problem"),
    [
        ("AS,5H", "AS is not one of your six cards."),
        ("JS", "A throw is 2 cards and this one has 1."),
        ("JS,QH,2C", "A throw is 2 cards and this one has 3."),
        ("JS,JS", "JS appears twice"),
        ("<b>", "'<b>' is not a card"),
        ("J" * 61, "A throw is two of your six cards, like JS,QH."),
    ],
)
def test_a_throw_not_among_the_six_is_named_and_the_best_choice_shown(client, throw, problem):
    for headers in ({}, HTMX):
        response = client.get(f"{EXAMPLE}&throw={quote(throw)}", headers=headers)
        assert response.status_code == 200
        said = message(response)
        assert problem in said and said.endswith("The table shows the best choice.")
        assert "message--problem" in response.content.decode()
        rows = table_rows(response)
        assert len(rows) == 15 and rows[0]["chosen"]
        assert "<b>" not in response.content.decode().replace("&lt;b&gt;", "")


def test_only_get_is_allowed(client):
    assert client.post("/discard/", {"cards": "5H"}).status_code == 405
    assert client.head(EXAMPLE).status_code == 200


def test_no_inline_scripts_or_styles(client):
    body = client.get(f"{EXAMPLE}&throw=JS,QH").content.decode()
    assert not re.search(r"<script(?![^>]*\bsrc=)", body)
    assert " style=" not in body
    assert not re.search(r"\son[a-z]+=", body)


# --- a table of three or four (/discard/?players=3|4): five cards, one thrown, the five
# choices best first for the dealer, the dealer's partner or an opponent; bad input a 400.


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
    response = client.get(
        "/discard/?players=3&cards=5H,5D,JS,4C,KD,2S&seat=dealer", headers=HTMX_THREE
    )
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


def test_the_player_count_links_pages_are_canonical_already(client):
    assert client.get("/discard/?players=3").status_code == 200
    assert client.get("/discard/?players=4&seat=dealer")["Location"] == "/discard/?players=4"


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
    response = client.get(THREE, headers=HTMX_THREE)
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
