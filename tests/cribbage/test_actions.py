import json

import pytest

from cribbage.actions import action_from_dict, action_to_dict
from cribbage.cards import parse_card, parse_cards
from cribbage.game import Claim, Discard, Game, GameError, Go, Lay, Resign


def test_actions_as_json():
    for action in (
        Discard(0, parse_cards("5H JD")),
        Lay(1, parse_card("TC")),
        Go(0),
        Claim(0, 12),
    ):
        data = json.loads(json.dumps(action_to_dict(action)))
        assert action_from_dict(data) == action
    assert action_to_dict(Lay(1, parse_card("TC"))) == {"type": "lay", "player": 1, "card": "TC"}
    with pytest.raises(GameError, match="not an action"):
        action_from_dict({"type": "shuffle", "player": 0})
    with pytest.raises(GameError, match="not a game state"):
        Game.from_dict({"version": 1})


def test_a_resign_as_json():
    assert action_to_dict(Resign(1)) == {"type": "resign", "player": 1}
    assert action_from_dict({"type": "resign", "player": 1}) == Resign(1)
