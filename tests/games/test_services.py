import random
from datetime import timedelta

import pytest
from django.utils import timezone

from cribbage.game import (
    Claim,
    Counting,
    Discard,
    GameError,
    Go,
    Lay,
    Source,
    action_from_dict,
    replay,
)
from games.models import COMPUTER, HUMAN, Game
from games.services import forced, game_hint, game_move, game_next_deal
from quizzes.models import Attempt, AttemptPattern, ReviewItem
from quizzes.services.guests import attempts_merge
from tests.factories import UserFactory
from tests.games.playing import started

pytestmark = pytest.mark.django_db


def start(user=None, **options) -> Game:
    return started(user or UserFactory(), **options)


def play_out(game: Game, rng: random.Random, miss: float = 0.0, limit: int = 2000) -> Game:
    """Random legal moves for the player until the game ends; now and then, when ``miss``
    says so, a score forgotten: a claim of nothing where there were points."""
    for _ in range(limit):
        engine = game.engine
        if engine.is_over:
            return game
        assert engine.to_move == HUMAN
        if game.pauses_after(engine):
            game = game_next_deal(game=game, expected=game.moves).game
            continue
        if engine.pending is not None:
            points = engine.pending.points
            action = Claim(HUMAN, 0 if rng.random() < miss else points)
        else:
            action = rng.choice(engine.legal_actions())
        game = game_move(game=game, action=action, expected=game.moves, now=timezone.now()).game
    raise AssertionError("the game did not end")


def test_a_new_game_waits_for_the_player():
    game = start()
    assert game.engine.to_move == HUMAN
    assert game.moves == game.actions.count()
    if game.engine.deal.dealer == HUMAN:  # the computer, as pone, threw first
        assert game.moves == 1
        assert game.actions.get().seat == COMPUTER


def test_a_whole_game_is_kept_and_replays_from_its_log():
    game = play_out(start(), random.Random(3))
    assert game.is_over and game.finished_at is not None
    assert game.winner in (Game.Winner.HUMAN, Game.Winner.COMPUTER)
    assert max(game.human_score, game.computer_score) >= 121
    actions = [action_from_dict(row.action) for row in game.actions.order_by("number")]
    assert len(actions) == game.moves
    replayed = replay(game.seed, actions, human=HUMAN, counting=Counting.MANUAL)
    assert replayed.to_dict() == game.state


def test_a_repeated_move_changes_nothing():
    game = start()
    engine = game.engine
    throw = Discard(HUMAN, engine.deal.dealt[HUMAN][:2])
    first = game_move(game=game, action=throw, expected=game.moves, now=timezone.now())
    again = game_move(game=game, action=throw, expected=game.moves, now=timezone.now())
    assert first.made and not again.made
    assert again.game.moves == first.game.moves
    assert again.game.state == first.game.state


def test_a_move_not_allowed_names_the_problem_and_changes_nothing():
    game = start()
    engine = game.engine
    other = next(card for card in engine.deal.dealt[COMPUTER])
    with pytest.raises(GameError, match="is not in your hand"):
        game_move(
            game=game,
            action=Discard(HUMAN, (engine.deal.dealt[HUMAN][0], other)),
            expected=game.moves,
            now=timezone.now(),
        )
    game.refresh_from_db()
    assert game.state == engine.to_dict()
    assert game.moves == game.actions.count()


def test_claims_are_kept_with_progress_and_muggins_goes_to_the_computer():
    user = UserFactory()
    game = play_out(start(user), random.Random(8), miss=0.3)
    claims = Attempt.objects.filter(user=user, deal__mode="game").exclude(
        kind__in=("discard", "lay")
    )
    assert claims.count() == len(game.engine.claims)
    missed = [record for record in game.engine.claims if record.missed]
    assert missed
    assert claims.filter(right=False).count() >= len(missed)
    muggins = sum(p.points for p in game.engine.pegs if p.source.value == "muggins")
    assert muggins == sum(record.missed for record in game.engine.claims if record.missed)
    # A score forgotten whole is a miss of every pattern in it, for certain: each is queued.
    queued = set(
        ReviewItem.objects.filter(user=user)
        # The discards' and the lays' mistakes: tests/games/test_review.
        .exclude(pattern__startswith="discard-")
        .exclude(pattern__startswith="lay-")
        .values_list("pattern", flat=True)
    )
    missed_patterns = AttemptPattern.objects.filter(attempt__in=claims, missed=True)
    assert queued == set(missed_patterns.values_list("pattern", flat=True))
    assert queued


def test_automatic_counting_asks_for_no_claim():
    game = play_out(start(counting=Counting.AUTOMATIC), random.Random(5))
    assert game.engine.claims == ()
    # Its discards and costly lays are kept, no claim.
    assert not Attempt.objects.exclude(kind__in=("discard", "lay")).exists()


def test_a_guests_games_move_into_the_account():
    game = started(guest_key="guest-9", now=timezone.now() - timedelta(minutes=5))
    user = UserFactory()
    attempts_merge(from_session="guest-9", to_user=user)
    game.refresh_from_db()
    assert (game.user, game.guest_key) == (user, "")


def a_random_move(game: Game, rng: random.Random) -> Game:
    """``game`` after one of the player's legal moves, chosen by ``rng``."""
    action = rng.choice(game.engine.legal_actions())
    return game_move(game=game, action=action, expected=game.moves, now=timezone.now()).game


def test_a_deal_ends_with_a_pause_the_next_discard_waits_for_next_deal():
    game = start(counting=Counting.AUTOMATIC)
    rng = random.Random(5)
    while game.engine.deal.number == 1:
        game = a_random_move(game, rng)
    engine = game.engine
    assert game.pauses_after(engine) == 1
    throw = Discard(HUMAN, engine.deal.dealt[HUMAN][:2])
    refused = game_move(game=game, action=throw, expected=game.moves, now=timezone.now())
    assert not refused.made and not refused.game.engine.deal.thrown[HUMAN]
    moved = game_next_deal(game=game, expected=game.moves)
    assert moved.made and moved.game.pauses_after(engine) is None
    again = game_next_deal(game=moved.game, expected=game.moves)
    assert not again.made and again.game.deals_seen == 1
    assert game_move(game=moved.game, action=throw, expected=game.moves, now=timezone.now()).made


def test_the_players_forced_moves_in_the_play_are_made_for_them():
    game = start(counting=Counting.AUTOMATIC)
    rng = random.Random(8)
    for _ in range(200):
        engine = game.engine
        if engine.is_over or game.pauses_after(engine):
            break
        assert engine.to_move == HUMAN
        assert forced(engine) is None, "a forced move was left to the player"
        game = a_random_move(game, rng)
    assert game.pauses_after(game.engine) == 1


def start_with_hints() -> Game:
    return started(UserFactory(), counting=Counting.AUTOMATIC, hints=True)


def test_a_hint_is_counted_with_each_decision_made_beside_it_and_only_with_hints():
    without = start()
    with pytest.raises(GameError, match="started without hints"):
        game_hint(game=without, expected=without.moves)
    throw = Discard(HUMAN, without.engine.deal.dealt[HUMAN][:2])
    without = game_move(game=without, action=throw, expected=without.moves, now=timezone.now())
    assert without.game.hints_used == 0
    game = start_with_hints()
    # Asking changes nothing: the hint is on the page already.
    assert game_hint(game=game, expected=game.moves).made
    game.refresh_from_db()
    assert game.hints_used == 0
    made = 0
    rng = random.Random(5)
    while game.pauses_after(game.engine) is None:
        engine = game.engine
        moves = game.moves
        action = rng.choice(engine.legal_actions())
        game = game_move(game=game, action=action, expected=moves, now=timezone.now()).game
        made += 1
        assert (game.hints_used, game.hinted_at) == (made, moves)
        # The same move sent again is not made, nor counted.
        again = game_move(game=game, action=action, expected=moves, now=timezone.now())
        assert not again.made and again.game.hints_used == made
    assert made >= 3  # the discard and the lays with a choice


def test_a_hint_asked_at_the_pause_after_a_deal_is_refused_and_not_counted():
    game = start_with_hints()
    rng = random.Random(5)
    while game.pauses_after(game.engine) is None:
        action = rng.choice(game.engine.legal_actions())
        game = game_move(game=game, action=action, expected=game.moves, now=timezone.now()).game
    used = game.hints_used
    with pytest.raises(GameError, match="No hint at the pause between deals"):
        game_hint(game=game, expected=game.moves)
    game.refresh_from_db()
    assert (game.hints_used, game.pauses_after(game.engine)) == (used, 1)
    game = game_next_deal(game=game, expected=game.moves).game
    assert game.hints_used == used  # the next deal's hint is counted with its discard


def lay_pegging(game: Game, rng: random.Random, short: bool) -> tuple[Game, int, int]:
    """One of the player's cards laid with what it pegs said (less 1 when ``short`` and it
    pegs something); with the points it pegged and those said."""
    engine = game.engine
    lay = rng.choice([action for action in engine.legal_actions() if isinstance(action, Lay)])
    points = engine.apply(lay).pending.points
    said = points - 1 if short and points else points
    made = game_move(game=game, action=lay, expected=game.moves, now=timezone.now(), pegged=said)
    return made.game, points, said


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_card_laid_with_what_it_pegs_is_laid_and_claimed_in_one_move(players):
    """What the player says as their card goes down is their claim for it, made with the
    lay: the log holds the lay then the claim, the claim is kept with their progress, and
    said short, the taker pegs what they missed."""
    game = start(players=players)
    rng = random.Random(players)
    laid = 0
    for _ in range(400):
        engine = game.engine
        if engine.is_over or engine.deal.number > 2:
            break
        if game.pauses_after(engine):
            game = game_next_deal(game=game, expected=game.moves).game
        elif engine.pending is not None:
            game = game_move(
                game=game,
                action=Claim(HUMAN, engine.pending.points),
                expected=game.moves,
                now=timezone.now(),
            ).game
        elif engine.deal.play is not None and not isinstance(engine.legal_actions()[0], Go):
            before = game.moves
            taker = engine.muggins_taker(HUMAN)
            game, points, said = lay_pegging(game, rng, short=laid % 2 == 1)
            laid += 1
            lay, claim = (
                action_from_dict(row.action)
                for row in game.actions.filter(number__in=(before, before + 1)).order_by("number")
            )
            assert isinstance(lay, Lay) and claim == Claim(HUMAN, said)
            record = game.engine.claims[-1]
            assert (record.claimed, record.scored) == (said, points)
            missed = [peg for peg in game.engine.pegs if peg.source is Source.MUGGINS]
            if said < points:
                assert missed[-1].player in game.engine.scoring_seats(taker)
                assert missed[-1].points == points - said
        else:
            game = a_random_move(game, rng)
    assert laid >= 4
    actions = [action_from_dict(row.action) for row in game.actions.order_by("number")]
    replayed = replay(game.seed, actions, human=HUMAN, players=players)
    assert replayed.to_dict() == game.state
    assert Attempt.objects.filter(deal__kind="play").count() >= laid


def test_what_a_card_pegs_is_not_asked_when_the_game_counts_for_the_player():
    game = start(counting=Counting.AUTOMATIC)
    rng = random.Random(2)
    while game.engine.deal.play is None or not isinstance(game.engine.legal_actions()[0], Lay):
        game = a_random_move(game, rng)
    before = game.moves
    lay = game.engine.legal_actions()[0]
    game = game_move(game=game, action=lay, expected=before, now=timezone.now(), pegged=5).game
    assert not any(row.action["type"] == "claim" for row in game.actions.all())
    assert game.engine.claims == ()
