"""The round page at a table of three or four (``/round/?players=3|4``): the starter, each
hand from the dealer's left, the dealer last, then the crib; what each player and team pegs;
heels once; and every problem named. The totals are checked against the plain scorer."""

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pytest_django.asserts import assertInHTML

from counter.rounds import FourRound, ThreeRound
from cribbage.cards import DECK, card, parse_cards
from tests.counter.pages import round_message
from tests.cribbage.reference import reference_total
from tests.hostile import echoed_unescaped, form_data

HTMX = {"HX-Request": "true", "HX-Current-URL": "http://testserver/round/"}

THREE = (
    "/round/?players=3&starter=5D&player1=5H,5C,5S,JD&player2=2H,3H,4H,6H"
    "&player3=7C,8C,9C,TC&crib=AS,2S,3S,KD"
)
FOUR_HEELS = (
    "/round/?players=4&starter=JD&player1=5H,5C,5S,JC&player2=2H,3H,4H,6H"
    "&player3=7C,8C,9C,TC&player4=AS,2S,3S,4S&crib=KD,QD,TD,9D"
)


def place_totals(response) -> list[int]:
    found = re.findall(r'class="place-points">(\d+)<', response.content.decode())
    return [int(points) for points in found]


def pegs(response) -> dict[str, int]:
    """Each row of the pegs: who (a player or a team) and the points."""
    rows = re.findall(
        r'<div class="pegs-row"><dt>([^<]+)</dt><dd><span class="pegs-points">(\d+)<',
        response.content.decode(),
    )
    return {who: int(points) for who, points in rows}


def round_url(players: int, starter, hands, crib) -> str:
    parts = [f"players={players}", f"starter={starter.code}"]
    parts += [f"player{n}={','.join(c.code for c in hand)}" for n, hand in enumerate(hands, 1)]
    parts.append(f"crib={','.join(c.code for c in crib)}")
    return "/round/?" + "&".join(parts)


# --- the value ------------------------------------------------------------------------


def test_a_table_of_three_fills_the_starter_each_hand_in_show_order_then_the_crib():
    deal = ThreeRound()
    codes = "5D 5H 5C 5S JD 2H 3H 4H 6H 7C 8C 9C TC AS 2S 3S KD".split()
    prompts = []
    for code in codes:
        prompts.append(deal.prompt)
        deal = deal.with_pick(card(code))
    assert prompts[:3] == [
        "Pick the starter.",
        "Pick 4 cards for the hand of player 1.",
        "Pick 3 more cards for the hand of player 1.",
    ]
    assert deal.complete and deal.prompt == ""
    assert deal.query == THREE.partition("?")[2]
    count = deal.count()
    assert [show.place.key for show in count.shows] == ["player1", "player2", "player3", "crib"]
    assert [show.whose for show in count.shows] == ["player1", "player2", "player3", "player3"]
    assert count.show_of("crib").result.crib


def test_four_play_as_partners_opposite_and_the_dealers_team_has_the_crib():
    deal = FourRound(
        starter=card("5D"),
        hands=tuple(parse_cards(h) for h in ("5H 5C 5S JD", "2H 3H", "7C 8C 9C TC")),
    )
    count = deal.count()
    third = reference_total(parse_cards("7C 8C 9C TC"), card("5D"))
    assert [each.hand for each in count.pegs] == [29, None, third, None]
    assert [team.total for team in count.teams] == [None, None]
    assert not count.complete


# --- the page -------------------------------------------------------------------------


def test_players_defaults_to_two_and_the_two_player_page_is_as_it_was(client):
    two = "/round/?starter=5D&pone=5H,5C,5S,JD&dealer=2H,3H,4H,6H&crib=7C,8C,9C,TC"
    response = client.get("/round/?players=2&" + two.partition("?")[2])
    assert response.status_code == 302 and response["Location"] == two
    html = client.get(two).content.decode()
    assert 'name="players"' not in html
    assert round_message(client.get(two)) == "Pone pegs 29; the dealer pegs 21, hand and crib."


def test_an_empty_table_of_three_asks_for_the_starter_and_has_five_places(client):
    response = client.get("/round/?players=3")
    assert response.status_code == 200
    html = response.content.decode()
    assert round_message(response) == "Pick the starter."
    for key in ("starter", "player1", "player2", "player3", "crib"):
        assert f'name="place" value="{key}"' in html
    assert 'name="place" value="player4"' not in html
    assert '<input type="hidden" name="players" value="3">' in html
    assert '<a href="/round/?players=3" aria-current="true">3 players</a>' in html
    assert html.count('name="pick"') == 52


def test_a_round_of_three_shows_each_hand_and_what_each_player_pegs(client):
    response = client.get(THREE)
    assert response.status_code == 200
    starter = card("5D")
    hands = [parse_cards(h) for h in ("5H 5C 5S JD", "2H 3H 4H 6H", "7C 8C 9C TC")]
    crib = parse_cards("AS 2S 3S KD")
    expected = [reference_total(hand, starter) for hand in hands]
    crib_points = reference_total(crib, starter, crib=True)
    assert place_totals(response) == [*expected, crib_points]
    assert pegs(response) == {
        "Player 1 pegs": expected[0],
        "Player 2 pegs": expected[1],
        "Player 3 pegs": expected[2] + crib_points,
    }
    assert round_message(response) == (
        f"Player 1 {expected[0]}, Player 2 {expected[1]}, Player 3 {expected[2] + crib_points}."
    )
    html = response.content.decode()
    assert "Heels" not in html
    totals = " ".join(str(points) for points in (*expected, crib_points))
    assertInHTML(f"<title>{totals} · 5♦ · Round of 3 · Cribtrainer</title>", html)


def test_a_round_of_four_names_each_team_and_counts_heels_once(client):
    response = client.get(FOUR_HEELS)
    assert response.status_code == 200
    starter = card("JD")
    hands = [parse_cards(h) for h in ("5H 5C 5S JC", "2H 3H 4H 6H", "7C 8C 9C TC", "AS 2S 3S 4S")]
    points = [reference_total(hand, starter) for hand in hands]
    crib = reference_total(parse_cards("KD QD TD 9D"), starter, crib=True)
    rows = pegs(response)
    assert rows["Players 1 and 3"] == points[0] + points[2]
    assert rows["Players 2 and 4"] == points[1] + points[3] + crib
    assert rows["Player 4 pegs"] == points[3] + crib
    html = response.content.decode()
    assert "the dealer's team: hands" in html
    assert round_message(response) == (
        f"Players 1 and 3 {points[0] + points[2]}, Players 2 and 4 "
        f"{points[1] + points[3] + crib}. Heels: 2 more to the dealer, player 4, at the cut."
    )
    assert html.count("pegged 2 when it was turned") == 1
    assert "that is heels" not in html


def test_a_round_of_four_counts_as_far_as_it_goes(client):
    response = client.get("/round/?players=4&starter=5D&player1=5H,5C,5S,JD&player2=2H")
    assert response.status_code == 200
    assert place_totals(response) == [29]
    assert round_message(response) == "Pick 3 more cards for the hand of player 2."
    assert pegs(response) == {"Player 1 pegs": 29}


def test_without_javascript_a_round_of_three_is_tapped_in_order(client):
    url = "/round/?players=3"
    for code in "5D 5H 5C 5S JD 2H 3H 4H 6H 7C 8C 9C TC AS 2S 3S KD".split():
        response = client.get(f"{url}&pick={code}")
        assert response.status_code == 302
        url = response["Location"]
    assert url == THREE
    url = client.get("/round/?players=4&place=crib")["Location"]
    assert url == "/round/?players=4&fill=crib"
    assert client.get(f"{url}&pick=7C")["Location"] == "/round/?players=4&crib=7C&fill=crib"


def test_the_partial_of_a_round_of_four_keeps_the_table_and_pushes_the_whole_round(client):
    partial = client.get("/round/?players=4&starter=5D&player1=5H", headers=HTMX)
    html = partial.content.decode()
    assert partial.status_code == 200
    assert 'id="round"' in html and "<html" not in html
    assert '<input type="hidden" name="players" value="4">' in html
    assert "HX-Push-Url" not in partial
    whole = client.get(FOUR_HEELS, headers=HTMX)
    assert whole["HX-Push-Url"] == FOUR_HEELS


@pytest.mark.parametrize("players", ["5", "x", "1", "0", "<b>"])
def test_a_number_of_players_the_round_does_not_have_is_named(client, players):
    for headers in ({}, HTMX):
        response = client.get("/round/", {"players": players, "starter": "5D"}, headers=headers)
        assert response.status_code == 400
        message = round_message(response)
        assert "players: a round is for 2, 3 or 4 players." in message
        assert players.replace("<", "&lt;").replace(">", "&gt;") in message
        assert "message--problem" in response.content.decode()


# --- against the plain scorer -----------------------------------------------------------


@st.composite
def table_rounds(draw, players: int):
    cards = draw(st.permutations(DECK))[: 1 + 4 * (players + 1)]
    starter, rest = cards[0], cards[1:]
    hands = [tuple(rest[4 * n : 4 * n + 4]) for n in range(players)]
    return starter, hands, tuple(rest[4 * players :])


@pytest.mark.parametrize("players", [3, 4])
def test_every_round_at_a_table_pegs_what_the_plain_scorer_counts(client, players):
    @settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(deal=table_rounds(players))
    def check(deal):
        starter, hands, crib = deal
        response = client.get(round_url(players, starter, hands, crib))
        assert response.status_code == 200
        points = [reference_total(hand, starter) for hand in hands]
        crib_points = reference_total(crib, starter, crib=True)
        assert place_totals(response) == [*points, crib_points]
        rows = pegs(response)
        points[-1] += crib_points
        for n, each in enumerate(points, 1):
            assert rows[f"Player {n} pegs"] == each
        if players == 4:
            assert rows["Players 1 and 3"] == points[0] + points[2]
            assert rows["Players 2 and 4"] == points[1] + points[3]
        html = response.content.decode()
        jack = starter.rank == 11
        assert html.count("pegged 2 when it was turned") == (1 if jack else 0)

    check()


@pytest.mark.parametrize("players", ["3", "4"])
def test_hostile_values_at_a_table_never_fail_and_never_echo_markup(players):
    fields = ["starter", "player1", "player2", "player3", "player4", "crib", "pick", "place"]

    @settings(max_examples=60, deadline=None)
    @given(data=form_data([*fields, "fill", "clear", "typed"]), htmx=st.booleans())
    def check(data, htmx):
        from django.test import Client

        response = Client().get(
            "/round/", {**data, "players": players}, headers=HTMX if htmx else {}
        )
        assert response.status_code in (200, 302)
        if response.status_code == 200:
            body = response.content.decode()
            assert echoed_unescaped(body, data) == []
            assert 'id="round-message"' in body

    check()
