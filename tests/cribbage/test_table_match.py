"""``crib match --players 3|4``: duplicate decks with the seats rotated, the first level's
figures with intervals over the decks, and each level's decision times."""

import json

import pytest

from cribbage.cli import main
from cribbage.table_match import (
    first_side_seats,
    play_table_game,
    play_table_match,
    rotations,
)


def figures(match):
    data = match.to_dict()
    data.pop("decision_ms")
    return data


@pytest.mark.parametrize(("players", "games"), [(3, 6), (4, 4)])
def test_a_table_match_plays_each_deck_once_per_rotation(players, games):
    match = play_table_match(games, "t", ["strong", "greedy"], players, workers=1)
    data = match.to_dict()
    assert data["games"] == games and data["decks"] == games // rotations(players)
    assert data["fair_share"] == round(1 / (3 if players == 3 else 2), 4)
    assert 0 <= data["first_wins"]["mean"] <= 1 and data["first_wins"]["ci95"] >= 0
    wins = sum(game.won for game in match.games) / games
    assert data["first_wins"]["mean"] == round(wins, 4)
    for level in ("strong", "greedy"):
        times = data["decision_ms"][level]
        assert times["decisions"] > 0 and times["mean"] > 0 and times["p95"] > 0
    # The same seed and games: the same figures, on one process or two.
    again = play_table_match(games, "t", ["strong", "greedy"], players, workers=2)
    assert figures(again) == figures(match)


def test_each_rotation_of_a_deck_deals_the_same_cards_to_the_same_seats():
    from cribbage.computer import choose
    from cribbage.game import Counting, Game

    games = []
    for rotation in range(3):
        levels = [
            "greedy" if seat in first_side_seats(3, rotation) else "classic" for seat in range(3)
        ]
        game = Game.new("d:0", human=None, counting=Counting.AUTOMATIC, first_dealer=0, players=3)
        game = game.apply(choose(game, levels[game.to_move]))
        games.append(game.deal.dealt)
    assert games[0] == games[1] == games[2]
    assert first_side_seats(4, 1) == (1, 3)
    won = play_table_game("d:0", 4, ["strong", "strong"], 0, 0)
    lost = play_table_game("d:0", 4, ["strong", "strong"], 1, 0)
    assert won.won != lost.won  # the same game, seen from each team


def test_crib_match_players(capsys):
    assert (
        main(["match", "greedy", "greedy", "--players", "4", "--games", "2", "--workers", "1"]) == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["players"] == 4 and data["levels"] == ["greedy", "greedy"]
    assert main(["match", "greedy", "greedy", "--players", "3", "--games", "4"]) == 2
    assert "a multiple of 3 games, not 4" in capsys.readouterr().err
