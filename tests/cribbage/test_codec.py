import json
from pathlib import Path

import pytest

from cribbage.actions import GameError, action_from_dict
from cribbage.codec import STATE_VERSION, game_fields, game_to_dict
from cribbage.game import Counting, Game, replay

STORED = json.loads((Path(__file__).parent / "data" / "game_v1.json").read_text())


def test_a_game_stored_before_loads_and_stores_the_same_bytes():
    # Made by the engine before game.py was split: its JSON must read and write back as is.
    game = Game.from_dict(json.loads(STORED["state"]))
    assert json.dumps(game.to_dict()) == STORED["state"]
    assert game.pending is not None and game.claims and game.deal.play is not None


def test_a_game_stored_before_is_what_its_actions_make_now():
    actions = [action_from_dict(data) for data in STORED["actions"]]
    made = replay(STORED["seed"], actions, human=STORED["human"], counting=Counting.MANUAL)
    assert made == Game.from_dict(json.loads(STORED["state"]))


def test_the_codec_is_what_game_to_dict_and_from_dict_use():
    game = Game.from_dict(json.loads(STORED["state"]))
    assert game_to_dict(game) == game.to_dict()
    assert Game(**game_fields(game.to_dict())) == game
    assert game.to_dict()["version"] == 1 and STATE_VERSION == 2  # two players: still version 1


@pytest.mark.parametrize(
    "broken",
    [{"version": 2}, {"version": 1}, {**json.loads(STORED["state"]), "scores": [1, 2, 3]}],
)
def test_a_state_it_cannot_read_raises_game_error(broken):
    with pytest.raises(GameError, match=r"not a game state|expected two values"):
        Game.from_dict(broken)
