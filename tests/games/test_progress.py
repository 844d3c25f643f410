"""The games section of /progress/ adds up the figures each game keeps, which are the same
as replaying the games would give."""

import random
from statistics import mean

import pytest
from django.test import override_settings
from django.utils import timezone

from cribbage.actions import Discard
from cribbage.computer import Level
from cribbage.game import Counting, Source
from cribbage.game import Game as EngineGame
from games.models import HUMAN, Game
from games.progress import games_progress
from games.services import game_move, game_start
from quizzes.owners import Owner
from tests.factories import (
    AttemptFactory,
    DealFactory,
    DiscardDealFactory,
    GameFactory,
    PlayDealFactory,
    UserFactory,
)
from tests.games.playing import started
from tests.games.test_services import play_out, start


def thrown(game: Game) -> Game:
    """The game with the player's first move made: their discard."""
    throw = Discard(HUMAN, game.engine.deal.dealt[HUMAN][:2])
    return game_move(game=game, action=throw, expected=game.moves, now=timezone.now()).game


def replayed_section(games: list[Game]) -> dict:
    """What the section said when it replayed every game: the reference."""
    per_deal = {"pone": [], "dealer": []}
    muggins = 0
    for game in games:
        engine = game.engine
        for deal in engine.deals:
            if deal.play is None or not deal.play.is_over:
                continue
            seat = "dealer" if deal.dealer == HUMAN else "pone"
            per_deal[seat].append(sum(engine.points_by_source(HUMAN, deal.number).values()))
        if game.counting == "manual":
            muggins += sum(
                p.points for p in engine.pegs if p.source is Source.MUGGINS and p.player != HUMAN
            )
    return {
        "per_deal": {seat: (len(p), mean(p)) for seat, p in per_deal.items() if p},
        "muggins": muggins,
    }


@pytest.mark.django_db
def test_the_stored_figures_are_what_replaying_the_games_gives(monkeypatch):
    user = UserFactory()
    games = [play_out(start(user), random.Random(seed), miss=0.3) for seed in (8, 11)]
    games.append(thrown(start(user)))  # not over
    games = [Game.objects.get(pk=game.pk) for game in games]
    expected = replayed_section(games)

    def no_replay(*args, **kwargs):
        raise AssertionError("the progress page replayed a game")

    monkeypatch.setattr(EngineGame, "from_dict", no_replay)
    section = games_progress(Owner(user=user))
    assert section["per_deal"].keys() == expected["per_deal"].keys()
    for seat, (deals, points) in expected["per_deal"].items():
        assert section["per_deal"][seat] == (deals, pytest.approx(points))
    assert section["muggins"] == expected["muggins"] > 0
    assert section["played"] == 3
    assert section["finished"] == 2
    won = sum(game.winner == Game.Winner.HUMAN for game in games)
    assert section["won"] == won


@pytest.mark.django_db
def test_a_game_never_moved_in_is_not_played():
    user = UserFactory()
    played = [play_out(start(user), random.Random(8))]
    # Games left after the player's discard, no deal played out: one as pone, one as
    # dealer (the computer threw first); and games left as dealt, each seat too.
    dealers, untouched = set(), []
    while len(dealers) < 2 or len({g.engine.deal.dealer for g in untouched}) < 2:
        game = start(user)
        if game.engine.deal.dealer in dealers:
            untouched.append(game)
        else:
            dealers.add(game.engine.deal.dealer)
            played.append(thrown(game))
    assert {game.moves for game in untouched} == {0, 1}
    section = games_progress(Owner(user=user))
    assert section["played"] == len(played) == 3
    assert section["finished"] == 1
    assert section["won"] == (played[0].winner == Game.Winner.HUMAN)


@pytest.mark.django_db
@pytest.mark.parametrize("players", [3, 4])
def test_a_game_at_a_table_is_played_once_the_player_throws_even_last(players):
    user = UserFactory()
    game = None
    while game is None or game.engine.deal.dealer != HUMAN:  # the player throws last
        if game is not None:
            game.delete()
        game = started(user, players=players)
    assert game.moves == players - 1
    assert games_progress(Owner(user=user)) is None  # no game played yet
    throw = Discard(HUMAN, game.engine.deal.dealt[HUMAN][:1])
    game_move(game=game, action=throw, expected=game.moves, now=timezone.now())
    assert games_progress(Owner(user=user))["played"] == 1


@pytest.mark.django_db
@override_settings(GUEST_UNFINISHED_GAMES=2)
def test_a_guest_game_resigned_to_make_room_before_a_move_is_not_played():
    guest = Owner(guest_key="g" * 32)
    # Three games never moved in: the third's start resigns the first to make room.
    games = [
        game_start(owner=guest, level=Level.GREEDY, counting=Counting.MANUAL, now=timezone.now())
        for _ in range(3)
    ]
    first = Game.objects.get(pk=games[0].pk)
    assert first.winner == Game.Winner.COMPUTER
    assert games_progress(guest) is None
    thrown(games[2])
    assert games_progress(guest)["played"] == 1
    assert games_progress(guest)["finished"] == 0


@pytest.mark.django_db
def test_every_figure_of_the_section_adds_up_the_games_and_claims_it_shows():
    user = UserFactory()
    rng = random.Random(18)
    rows = []
    for _ in range(40):
        winner = rng.choice(["", "human", "computer"])
        rows.append(
            GameFactory(
                user=user,
                winner=winner,
                skunk=rng.choice([0, 0, 1, 2]) if winner else 0,
                counting=rng.choice(["manual", "automatic"]),
                hints_used=rng.randrange(4),
                muggins_lost=rng.randrange(6),
                pone_deals=rng.randrange(1, 6),
                pone_points=rng.randrange(60),
                dealer_deals=rng.randrange(1, 6),
                dealer_points=rng.randrange(90),
            )
        )
    GameFactory(user=UserFactory(), winner="human", skunk=2, hints_used=3)  # someone else's
    # Counts claimed in games are the claims; a game's throws and lays, and quizzes, are not.
    for right in (True, True, False):
        AttemptFactory(deal=DealFactory(user=user, mode="game"), claimed=29 if right else 3)
    AttemptFactory(deal=PlayDealFactory(user=user, mode="game"), points=4, claimed=2)
    thrown = DiscardDealFactory(user=user, mode="game")
    AttemptFactory(deal=thrown, kind="discard", points=0, claimed=0, right=False)
    AttemptFactory(deal=DealFactory(user=user), claimed=3)

    section = games_progress(Owner(user=user))

    finished = [g for g in rows if g.winner]
    won = [g for g in rows if g.winner == "human"]
    lost = [g for g in rows if g.winner == "computer"]
    assert section["played"] == len(rows)
    assert section["finished"] == len(finished)
    assert section["won"] == len(won)
    assert section["skunks_given"] == sum(1 for g in won if g.skunk)
    assert section["skunks_taken"] == sum(1 for g in lost if g.skunk)
    match_points = sum(1 + g.skunk for g in won) - sum(1 + g.skunk for g in lost)
    assert section["match_points"] == match_points
    assert section["hints"] == sum(g.hints_used for g in rows)
    assert section["muggins"] == sum(g.muggins_lost for g in rows if g.counting == "manual")
    for seat in ("pone", "dealer"):
        deals = sum(getattr(g, f"{seat}_deals") for g in rows)
        points = sum(getattr(g, f"{seat}_points") for g in rows)
        assert section["per_deal"][seat] == (deals, pytest.approx(points / deals))
    assert (section["claims"], section["claims_right"], section["claims_percent"]) == (4, 2, 50)
