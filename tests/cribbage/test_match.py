"""Matches between computer levels, and ``crib match`` run in-process through ``main``."""

import json
import re
import statistics

import pytest

from cribbage.cli import main
from cribbage.game import Source
from cribbage.match import SOURCES, first_side_seats, play_game, play_match, rotations, summarise


def test_a_game_summary_counts_the_finished_deals_by_role_and_source():
    game = play_game("summary", ("greedy", "greedy"), first_dealer=0)
    summary = summarise(game)
    assert summary.winner == game.winner and summary.skunk == game.result.skunk
    finished = [deal for deal in game.deals if deal.counts_made == 3]
    for seat in (0, 1):
        dealt = sum(deal.dealer == seat for deal in finished)
        assert summary.deals[seat] == (len(finished) - dealt, dealt)
        expected = sum(
            peg.points
            for peg in game.pegs
            if peg.player == seat and peg.deal <= len(finished) and peg.source in SOURCES
        )
        assert sum(map(sum, summary.points[seat])) == expected
        assert summary.points[seat][0][SOURCES.index(Source.CRIB)] == 0  # the pone has no crib


def test_a_match_is_the_same_however_many_processes_play_it():
    one = play_match(6, "same", ("greedy", "greedy"), workers=1)
    two = play_match(6, "same", ("greedy", "greedy"), workers=2)
    assert one == two


def test_crib_match_prints_one_json_object(crib):
    status, out, err = crib(
        "match", "--games", "4", "--seed", "7", "--workers", "1", "strong", "greedy"
    )
    assert status == 0, err
    (line,) = out.splitlines()
    answer = json.loads(line)
    assert answer["games"] == 4 and answer["seed"] == "7"
    assert answer["levels"] == ["strong", "greedy"]
    strong, greedy = answer["sides"]
    assert (strong["level"], greedy["level"]) == ("strong", "greedy")
    assert strong["wins"] + greedy["wins"] == 4
    for side in (strong, greedy):
        assert side["skunks"] + side["double_skunks"] <= side["wins"]
        for role in ("pone", "dealer"):
            per = side["points_per_deal"][role]
            assert set(per) == {"hand", "crib", "play", "heels", "total", "deals"}
            assert per["total"] == pytest.approx(
                per["hand"] + per["crib"] + per["play"] + per["heels"], abs=1e-3
            )
        assert side["points_per_deal"]["pone"]["crib"] == 0
    for scoring in ("match_points_per_game", "tournament_points_per_game"):
        assert set(answer[scoring]) == {"mean", "ci95"}
        assert answer[scoring]["ci95"] >= 0
    assert (
        crib("match", "--games", "4", "--seed", "7", "--workers", "1", "strong", "greedy")[1] == out
    )


def test_crib_match_scores_each_game_for_the_first_side(crib):
    _, out, _ = crib("match", "--games", "6", "--seed", "2", "--workers", "1", "greedy", "greedy")
    answer = json.loads(out)
    result = play_match(6, "2", ("greedy", "greedy"), workers=1)
    points = [g.match_points * (1 if g.winner == 0 else -1) for g in result.games]
    acc = [g.tournament_points * (1 if g.winner == 0 else -1) for g in result.games]
    assert answer["match_points_per_game"]["mean"] == pytest.approx(sum(points) / 6, abs=1e-4)
    assert answer["tournament_points_per_game"]["mean"] == pytest.approx(sum(acc) / 6, abs=1e-4)
    assert answer["sides"][0]["wins"] == sum(g.winner == 0 for g in result.games)
    # the first side deals first in the even games
    assert [play_game("2:1", ("greedy", "greedy"), 1).deals[0].dealer] == [1]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("match", "strong"), "the following arguments are required|expected 2"),
        (("match", "strong", "clever"), "invalid choice: 'clever'"),
        (("match", "--games", "0", "strong", "greedy"), "0 is not 1 or more"),
        (("match", "--workers", "two", "strong", "greedy"), "'two' is not a whole number"),
        (("match", "--duplicate", "--games", "3", "classic", "greedy"), "even number of games"),
    ],
)
def test_crib_match_rejects_bad_arguments(crib, args, message):
    status, out, err = crib(*args)
    assert status == 2 and out == ""
    assert re.search(message, err)


# --- duplicate -------------------------------------------------------------------------


def test_a_duplicate_match_plays_each_deck_twice_with_the_seats_swapped():
    result = play_match(4, "dup", ("classic", "greedy"), workers=1, duplicate=True)
    for deck in (0, 1):
        first = play_game(f"dup:{deck}", ("classic", "greedy"), first_dealer=deck % 2)
        second = play_game(f"dup:{deck}", ("greedy", "classic"), first_dealer=deck % 2)
        # the same cards in the same seats, the levels swapped
        assert first.deals[0].dealt == second.deals[0].dealt
        assert first.deals[0].dealer == second.deals[0].dealer
        # each summary is the first side's (classic's), whichever seat it held
        assert result.games[2 * deck] == summarise(first)
        swapped = result.games[2 * deck + 1]
        assert swapped.winner == 1 - second.winner
        assert swapped.points == summarise(second).points[::-1]
        assert swapped == summarise(second, first_seats=(1,))
    assert [game.first for game in result.games] == [0, 1, 1, 0]
    plain = play_match(4, "dup", ("classic", "greedy"), workers=1)
    assert [game.first for game in plain.games] == [0, 1, 0, 1]


def test_a_duplicate_match_takes_its_interval_over_the_pairs_of_games():
    result = play_match(8, "pairs", ("classic", "greedy"), workers=1, duplicate=True)
    answer = result.to_dict()
    assert answer["duplicate"] is True and answer["games"] == 8
    signed = [g.match_points * (1 if g.winner == 0 else -1) for g in result.games]
    pairs = [(a + b) / 2 for a, b in zip(signed[::2], signed[1::2], strict=True)]
    assert answer["match_points_per_game"]["mean"] == pytest.approx(sum(signed) / 8, abs=1e-4)
    half = 1.959964 * statistics.stdev(pairs) / len(pairs) ** 0.5
    assert answer["match_points_per_game"]["ci95"] == pytest.approx(half, abs=1e-4)
    assert play_match(8, "pairs", ("classic", "greedy"), workers=2, duplicate=True) == result
    assert play_match(4, "pairs", ("classic", "greedy"), workers=1).to_dict()["duplicate"] is False


def test_a_duplicate_match_needs_an_even_number_of_games():
    with pytest.raises(ValueError, match="5 games is odd"):
        play_match(5, "odd", ("classic", "greedy"), duplicate=True)
    with pytest.raises(ValueError, match="not a multiple of 3"):
        play_match(4, "odd", ("classic", "greedy"), players=3)


def test_crib_match_duplicate_prints_the_same_json_marked_duplicate(crib):
    args = ("match", "--games", "4", "--seed", "d", "--workers", "1", "classic", "greedy")
    status, out, err = crib(*args, "--duplicate")
    assert status == 0, err
    answer = json.loads(out)
    plain = json.loads(crib(*args)[1])
    assert answer["duplicate"] is True and plain["duplicate"] is False
    assert set(answer) == set(plain)
    assert answer == play_match(4, "d", ("classic", "greedy"), 1, duplicate=True).to_dict()


# --- three and four at the table ---------------------------------------------------------


def figures(match):
    data = match.to_dict()
    data.pop("decision_ms")
    return data


@pytest.mark.parametrize(("players", "games"), [(3, 6), (4, 4)])
def test_a_table_match_plays_each_deck_once_per_rotation(players, games):
    match = play_match(games, "t", ["strong", "greedy"], workers=1, players=players)
    data = match.to_dict()
    assert data["games"] == games and data["decks"] == games // rotations(players)
    assert data["fair_share"] == round(1 / (3 if players == 3 else 2), 4)
    assert 0 <= data["first_wins"]["mean"] <= 1 and data["first_wins"]["ci95"] >= 0
    wins = sum(game.winner == 0 for game in match.games) / games
    assert data["first_wins"]["mean"] == round(wins, 4)
    for level in ("strong", "greedy"):
        times = data["decision_ms"][level]
        assert times["decisions"] > 0 and times["mean"] > 0 and times["p95"] > 0
    # The same seed and games: the same figures, on one process or two.
    again = play_match(games, "t", ["strong", "greedy"], workers=2, players=players)
    assert figures(again) == figures(match)


def test_each_rotation_of_a_deck_deals_the_same_cards_to_the_same_seats():
    deals = []
    for rotation in range(3):
        levels = [
            "greedy" if seat in first_side_seats(3, rotation) else "classic" for seat in range(3)
        ]
        deals.append(play_game("d:0", levels, 0).deals[0].dealt)
    assert deals[0] == deals[1] == deals[2]
    assert first_side_seats(4, 1) == (1, 3)
    game = play_game("d:0", ["strong"] * 4, 0)
    won, lost = summarise(game, (0, 2)), summarise(game, (1, 3))
    assert won.winner != lost.winner  # the same game, seen from each team
    assert won.per_deal(0) == lost.per_deal(1) and won.seats == (2, 2)


def test_crib_match_players(capsys):
    assert (
        main(["match", "greedy", "greedy", "--players", "4", "--games", "2", "--workers", "1"]) == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["players"] == 4 and data["levels"] == ["greedy", "greedy"]
    assert main(["match", "greedy", "greedy", "--players", "3", "--games", "4"]) == 2
    assert "a multiple of 3 games, not 4" in capsys.readouterr().err
