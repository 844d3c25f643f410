"""The game's and the match's rows: a state read as the engine's value once for each
state, and rows stored by an earlier release loading and playing on."""

import json
from pathlib import Path

import pytest

from cribbage.game import Game as EngineGame
from cribbage.match_score import GameOutcome, MatchScore
from games.models import Game, Match
from tests.factories import UserFactory
from tests.games.test_match import played_out

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


STORED = json.loads((Path(__file__).parent / "data" / "stored_rows.json").read_text())
"""Rows as the release before one table design stored them (data/README.md)."""


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_game_stored_before_one_table_design_loads_and_plays_on(client, player, players):
    state = STORED[f"game_{players}"]
    engine = EngineGame.from_dict(state)
    game = Game.objects.create(
        user=player, seed=engine.seed, state=state, players=players, moves=len(engine.pegs)
    )
    page = client.get(f"/play/{game.pk}/")
    assert page.status_code == 200
    assert f"deal {engine.deal.number}" in page.text or "after deal" in page.text
    played = played_out(game)
    assert played.engine.is_over and played.is_over
    assert client.get(f"/play/{played.pk}/").status_code == 200
    assert client.get(f"/play/{played.pk}/review/").status_code == 200


def test_a_match_stored_before_one_table_design_loads_and_plays_on(client, player):
    stored = STORED["match_5"]
    match = Match.objects.create(user=player, length=5, results=stored["results"])
    assert match.players == 2 and match.score.won == (1, 1)
    first = Game.objects.create(
        user=player,
        seed="stored-match",
        state=EngineGame.new("stored-match", human=0).to_dict(),
        match=match,
        match_number=3,
    )
    page = client.get(f"/play/{first.pk}/")
    assert "Game 3 of 5 · you 1, the computer 1" in page.text
    played = played_out(first)
    match.refresh_from_db()
    expected = MatchScore.from_list(5, stored["results"]).after(
        GameOutcome.of(played.engine.result)
    )
    assert match.score == expected
    assert (match.human_points, match.computer_points) == expected.points
