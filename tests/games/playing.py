"""A game played by the services, as the tests that need one at a given moment play it."""

import random
from collections.abc import Callable

from django.utils import timezone

from cribbage.computer import Level
from cribbage.game import Claim, Counting
from cribbage.game import Game as EngineGame
from games.models import HUMAN, Game
from games.services import game_move, game_next_deal, game_start
from quizzes.owners import Owner


def started(user=None, *, guest_key=None, **options) -> Game:
    """A new game of ``user``'s (or a guest's) by the services: greedy, counted by hand,
    two players, unless ``options`` say otherwise (``level``, ``counting``, ``players``,
    ``hints``, ``now``)."""
    options = {"level": Level.GREEDY, "counting": Counting.MANUAL, "now": timezone.now()} | options
    owner = Owner(user=user) if guest_key is None else Owner(guest_key=guest_key)
    return game_start(owner=owner, **options)


def played_until(
    user,
    until: Callable[[Game, EngineGame], bool],
    *,
    players: int = 2,
    claim: Callable[[object], int] = lambda pending: pending.points,
    seed: int = 5,
) -> Game:
    """A game of ``user``'s at a table of ``players`` (greedy, counted by hand): random
    moves, each claim ``claim(pending)`` (right unless told), Next deal at each pause
    ``until`` does not stop at, until ``until(game, engine)`` holds."""
    rng = random.Random(seed)
    game = started(user, players=players)
    for _ in range(3000):
        engine = game.engine
        if until(game, engine):
            return game
        if game.pauses_after(engine):
            game = game_next_deal(game=game, expected=game.moves).game
            continue
        pending = engine.pending
        if pending is not None:
            action = Claim(HUMAN, claim(pending))
        else:
            action = rng.choice(engine.legal_actions())
        game = game_move(game=game, action=action, expected=game.moves, now=timezone.now()).game
    raise AssertionError("the game never got there")
