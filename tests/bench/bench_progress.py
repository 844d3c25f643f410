"""`/progress/` for a player with 10,000 attempts and 400 finished games: median server
time (target ≤ 50 ms), beside `/healthz`'s in the same run to show how busy the machine was:
a request of each in turn, so both see the same load, timed by the wall clock and by this
process's CPU (which a busy machine stretches less).

The measurement runs in a child process with its own throwaway SQLite database, so it
sets Django up itself whatever the other benchmarks in this run did: production settings
(DEBUG off, hashed static files collected into the same throwaway folder).
"""

import random
import statistics
import time
from datetime import timedelta

from tests.bench import run_in_child, timed_in_turn, verdict

ATTEMPTS = 10_000
GAMES = 400
DISTINCT_GAMES = 20
REQUESTS = 40
TARGET_MS = 50.0


def run():
    run_in_child("tests.bench.bench_progress")


def _fill(user) -> None:
    """10,000 answered deals over the last 100 days, about one in five wrong."""
    from django.db import transaction
    from django.utils import timezone

    from cribbage.cards import DECK
    from cribbage.show import score_show
    from quizzes.domain.marking import Answer, mark_answer
    from quizzes.models import Attempt, AttemptPattern, Deal, ReviewItem
    from quizzes.owners import Owner
    from quizzes.services.answers import settled_marks
    from quizzes.services.records import records_rebuild

    rng = random.Random(29)
    start = timezone.now() - timedelta(days=100)
    deals, attempts, marks = [], [], []
    for n in range(ATTEMPTS):
        five = rng.sample(DECK, 5)
        crib = rng.random() < 1 / 3
        result = score_show(five[:4], five[4], crib=crib)
        claimed = result.total if rng.random() < 0.8 else max(result.total - 2, 0)
        marking = mark_answer(result, Answer(total=claimed))
        when = start + timedelta(minutes=14 * n)
        deal = Deal.from_cards(five[:4], five[4], user=user, crib=crib, dealt_at=when)
        deals.append(deal)
        attempts.append(
            Attempt(
                deal=deal,
                user=user,
                style="total",
                claimed=claimed,
                points=result.total,
                right=marking.right,
                crib=crib,
                seconds=rng.uniform(3, 40),
                answered_at=when + timedelta(seconds=20),
            )
        )
        settled = settled_marks(marking)
        marks.append([(p.value, settled.get(p)) for p in marking.patterns])
    with transaction.atomic():
        Deal.objects.bulk_create(deals, batch_size=2000)
        for attempt in attempts:
            attempt.deal_id = attempt.deal.pk
        Attempt.objects.bulk_create(attempts, batch_size=2000)
        AttemptPattern.objects.bulk_create(
            (
                AttemptPattern(attempt_id=attempt.pk, user=user, pattern=pattern, missed=missed)
                for attempt, found in zip(attempts, marks, strict=True)
                for pattern, missed in found
            ),
            batch_size=2000,
        )
        for pattern in ("double-run", "pair-royal", "nobs", "flush-5"):
            ReviewItem.objects.create(user=user, pattern=pattern, due_at=timezone.now())
        # What saving each count one by one would have kept.
        records_rebuild(owner=Owner(user=user))


def _played_game(seed: int):
    """A whole game played in memory: the player's moves at random, every score claimed;
    the engine at its end and the actions that made it, in order."""
    from cribbage.computer import Level, choose
    from cribbage.game import Claim, Counting, action_to_dict
    from cribbage.game import Game as EngineGame
    from games.models import COMPUTER, HUMAN

    rng = random.Random(seed)
    engine = EngineGame.new(f"bench-{seed}", human=HUMAN, counting=Counting.MANUAL)
    actions = []
    while not engine.is_over:
        if engine.to_move == COMPUTER:
            action = choose(engine, Level.GREEDY)
        elif engine.pending is not None:
            action = Claim(HUMAN, engine.pending.points)
        else:
            action = rng.choice(engine.legal_actions())
        actions.append((action.player, action_to_dict(action)))
        engine = engine.apply(action)
    return engine, actions


def _fill_games(user) -> None:
    """400 finished games: 20 played out, each kept 20 times, with their figures, review
    and actions."""
    from django.utils import timezone

    from games.models import HUMAN, Game, GameAction
    from games.progress import game_figures
    from games.review import keep_review, reviewed

    played = [_played_game(seed) for seed in range(DISTINCT_GAMES)]
    engines = [engine for engine, _ in played]
    # Each reviewed as the app reviews a game, deal by deal: the skill trend reads them.
    reviews = [reviewed({}, engine) for engine in engines]
    now = timezone.now()
    rows = []
    for n in range(GAMES):
        engine = engines[n % DISTINCT_GAMES]
        result = engine.result
        game = Game(
            user=user,
            seed=engine.seed,
            level="greedy",
            counting="manual",
            state=engine.to_dict(),
            human_score=min(engine.scores[HUMAN], 121),
            computer_score=min(engine.scores[1 - HUMAN], 121),
            winner=Game.Winner.HUMAN if result.winner == HUMAN else Game.Winner.COMPUTER,
            skunk=result.skunk,
            started_at=now - timedelta(hours=GAMES - n),
            updated_at=now - timedelta(hours=GAMES - n),
            finished_at=now - timedelta(hours=GAMES - n),
            **game_figures(engine),
        )
        keep_review(game, reviews[n % DISTINCT_GAMES])
        rows.append(game)
    Game.objects.bulk_create(rows, batch_size=200)
    # Every action of every game, as the app keeps them: the page counts a game the player
    # moved in by them.
    GameAction.objects.bulk_create(
        (
            GameAction(game=game, number=number, seat=seat, action=action, at=game.started_at)
            for n, game in enumerate(rows)
            for number, (seat, action) in enumerate(played[n % DISTINCT_GAMES][1])
        ),
        batch_size=2000,
    )


def _measure() -> None:
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client

    call_command("migrate", verbosity=0)
    call_command("collectstatic", verbosity=0, interactive=False)
    user = get_user_model().objects.create_user("bench", password="bench-password-29")
    started = time.perf_counter()
    _fill(user)
    _fill_games(user)
    print(
        f"  filled {ATTEMPTS} attempts and {GAMES} finished games in "
        f"{time.perf_counter() - started:.1f} s"
    )
    client = Client()
    client.force_login(user)
    assert client.get("/progress/").status_code == 200  # warm caches, as a running server
    assert client.get("/healthz").status_code == 200
    times = timed_in_turn(client, ("/healthz", "/progress/"), REQUESTS)
    (healthz, healthz_cpu), (page, page_cpu) = times["/healthz"], times["/progress/"]
    median, median_healthz = statistics.median(page), statistics.median(healthz)
    print(
        f"  /progress/ with {ATTEMPTS} attempts and {GAMES} finished games: median "
        f"{median:.1f} ms (CPU {statistics.median(page_cpu):.1f} ms), best {min(page):.1f} ms "
        f"over {REQUESTS} requests (target ≤ {TARGET_MS:.0f} ms: "
        f"{verdict(median <= TARGET_MS)}); /healthz median "
        f"{median_healthz:.1f} ms (CPU {statistics.median(healthz_cpu):.1f} ms) in the same "
        f"run, a request of each in turn: /progress/ takes {median / median_healthz:.0f} "
        "times /healthz's time"
    )


if __name__ == "__main__":
    _measure()
