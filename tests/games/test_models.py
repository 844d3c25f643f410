"""The game's row: its state read as the engine's value once for each state."""

import pytest

from cribbage.game import Game as EngineGame
from games.models import Game
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def a_game() -> Game:
    engine = EngineGame.new("models-1", human=0)
    return Game.objects.create(user=UserFactory(), seed=engine.seed, state=engine.to_dict())


def test_the_state_is_read_once_while_it_stays_the_same():
    game = a_game()
    assert game.engine is game.engine
    assert game.engine.to_dict() == game.state


def test_a_state_stored_anew_is_what_the_engine_reads():
    game = a_game()
    before = game.engine
    after = before.apply(before.legal_actions()[0])
    game.engine_keep(after)
    assert game.engine is after
    assert game.state == after.to_dict()
    game.state = before.to_dict()  # another state given: read again, not the one kept
    assert game.engine is not after
    assert game.engine.to_dict() == before.to_dict()
    game.save()
    assert Game.objects.get(pk=game.pk).engine.to_dict() == before.to_dict()
