"""A database made before the squashes migrates forward with every player's rows intact.

It is the database the removed migrations left (tests/migrating.py): made at quizzes 0001,
with the review queue in the table of the ``progress`` app that was folded into ``quizzes``,
and taken through quizzes 0002-0007 (the queue adopted, the itemised marks stored, each mark
given its owner, the show records counted) before they were removed.
"""

from datetime import UTC, datetime, timedelta

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from fsrs import Rating

from quizzes.domain.spacing import SCHEDULER, State, after_answer, chance_right
from quizzes.models import Attempt, AttemptPattern, Deal, PatternRecord, ReviewItem, ShowRecord
from tests.migrating import empty_database, has_old_chain, migrate, old_chain_database, schema


@has_old_chain
@pytest.mark.django_db(transaction=True)
def test_an_existing_database_migrates_forward_with_every_row():
    old_chain_database()
    migrate()

    player = User.objects.get(username="old-timer").pk
    deals = {
        (deal.hand, deal.starter, deal.crib, deal.user_id, deal.guest_key)
        for deal in Deal.objects.all()
    }
    assert deals == {
        ("5H 5C 5S JD", "5D", False, player, ""),
        ("3C 4D 4H 5S", "KC", False, player, ""),
        ("2H 4H 6H 8H", "KC", True, None, "a-guest"),
    }
    assert Attempt.objects.count() == 3
    assert AttemptPattern.objects.filter(pattern="double-run").count() == 3
    # Each mark names its attempt's owner, and each player has the record of their counts.
    for mark in AttemptPattern.objects.select_related("attempt"):
        assert (mark.user_id, mark.guest_key) == (mark.attempt.user_id, mark.attempt.guest_key)
    records = {
        (r.user_id, r.guest_key): (r.attempts, r.cribs, r.right, r.current_streak, r.best_streak)
        for r in ShowRecord.objects.all()
    }
    assert records == {(player, ""): (2, 0, 1, 0, 1), (None, "a-guest"): (1, 1, 0, 0, 0)}
    # And the figures of each pattern of theirs.
    figures = {
        (r.user_id, r.guest_key, r.pattern): (r.seen, r.missed) for r in PatternRecord.objects.all()
    }
    assert figures == {(player, "", "double-run"): (2, 1), (None, "a-guest", "double-run"): (1, 1)}
    # The queue's boxes became FSRS cards (0009): box 3 one in review since it moved up,
    # its wait of 3 days its stability; box 1 one just rated Again.
    queue = {
        (item.user_id, item.guest_key, item.pattern, item.misses, item.state, item.stability)
        for item in ReviewItem.objects.all()
    }
    assert queue == {
        (player, "", "double-run", 2, State.Review, 3.0),
        (None, "a-guest", "crib-four-flush", 0, State.Learning, 0.212),
    }
    for item in ReviewItem.objects.all():
        waited = timedelta(days=3 if item.state == State.Review else 0)
        assert item.last_review == item.due_at - waited
    # The itemised attempt keeps the marks it was given: 3-4-4-5 + K is 2 + 2 + 6.
    itemised = Attempt.objects.get(style="itemised")
    marks = {mark.category.value: (mark.claimed, mark.correct) for mark in itemised.category_marks}
    assert marks == {
        "fifteens": (2, 2),
        "pairs": (2, 2),
        "runs": (3, 6),
        "flush": (0, 0),
        "nobs": (0, 0),
    }
    assert "progress_reviewitem" not in connection.introspection.table_names()


@has_old_chain
@pytest.mark.django_db(transaction=True)
def test_the_squashed_migrations_make_the_schema_the_migrations_they_replace_make():
    empty_database()
    migrate()
    through_squashes = schema()
    assert {"quizzes_deal", "games_game", "auth_user"} <= through_squashes.keys()

    old_chain_database()
    migrate()
    assert schema() == through_squashes


BOXES = ("quizzes", "0008_pattern_records_and_crib_counts")
NOW = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
WAITS = {1: 0, 2: 1, 3: 3, 4: 7, 5: 21}  # the Leitner boxes' waits, in days


def migrate_to(*targets) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.migrate(list(targets) or executor.loader.graph.leaf_nodes())
    return MigrationExecutor(connection)


def boxed_queue(executor: MigrationExecutor) -> dict[str, tuple[int, datetime]]:
    """A queue in every box as the Leitner boxes left it, some due and some not: a pattern
    in each box, due as moving into it made it due at ``NOW``, and a box 3 and a box 5
    due long since. Returns each pattern's box and due date."""
    old = executor.loader.project_state([BOXES]).apps
    user = old.get_model("auth", "User").objects.create(username="boxed")
    ReviewItem = old.get_model("quizzes", "ReviewItem")
    boxes = {
        "pair": (1, NOW - timedelta(hours=2)),
        "nobs": (2, NOW + timedelta(hours=20)),
        "double-run": (3, NOW + timedelta(days=2)),
        "heels": (3, NOW - timedelta(days=4)),
        "flush-5": (4, NOW + timedelta(days=6)),
        "triple-run": (5, NOW + timedelta(days=20)),
        "run-3": (5, NOW - timedelta(days=40)),
    }
    for misses, (pattern, (box, due_at)) in enumerate(boxes.items()):
        ReviewItem.objects.create(
            user_id=user.pk,
            pattern=pattern,
            box=box,
            due_at=due_at,
            misses=misses,
            updated_at=due_at - timedelta(days=WAITS[box]),
        )
    ReviewItem.objects.create(
        guest_key="a-guest", pattern="pair", box=2, due_at=NOW, updated_at=NOW, misses=1
    )
    return boxes


@pytest.mark.django_db(transaction=True)
def test_the_boxes_become_fsrs_cards_with_nothing_lost():
    boxes = boxed_queue(migrate_to(BOXES))
    migrate_to()

    items = {item.pattern: item for item in ReviewItem.objects.filter(user__username="boxed")}
    assert items.keys() == boxes.keys()
    for misses, (pattern, (box, due_at)) in enumerate(boxes.items()):
        item = items[pattern]
        # Every item keeps its owner, misses and due date: what was due is due still.
        assert (item.due_at, item.misses) == (due_at, misses)
        assert item.is_due(NOW) == (due_at <= NOW)
        if box == 1:
            # Just missed: a card rated Again when it went in, as a miss now makes one.
            assert item.memory == after_answer(None, right=False, now=due_at)
        else:
            # Counted right into its box: in review since it moved, its stability the box's
            # wait, so FSRS reckons a 90% chance of counting it right when it falls due.
            assert (item.state, item.step) == (State.Review, None)
            assert item.stability == WAITS[box]
            assert item.last_review == due_at - timedelta(days=WAITS[box])
            assert chance_right(item.memory, due_at) == pytest.approx(0.9)
    assert ReviewItem.objects.get(guest_key="a-guest").state == State.Review


@pytest.mark.django_db(transaction=True)
def test_fsrs_schedules_a_migrated_card_on_from_where_its_box_left_it():
    boxed_queue(migrate_to(BOXES))
    migrate_to()
    items = {item.pattern: item for item in ReviewItem.objects.filter(user__username="boxed")}

    # Counted right when due, each goes further than its box's wait, and higher boxes further.
    waits = {}
    for pattern in ("nobs", "double-run", "flush-5", "triple-run"):
        item = items[pattern]
        card, _ = SCHEDULER.review_card(item.memory.card(), Rating.Good, item.due_at)
        assert after_answer(item.memory, right=True, now=item.due_at).due_at == card.due
        waits[pattern] = card.due - item.due_at
    assert list(waits.values()) == sorted(waits.values())
    assert waits["nobs"] > timedelta(days=1) and waits["triple-run"] > timedelta(days=21)
    # Missed, any of them is due again at once.
    missed = after_answer(items["triple-run"].memory, right=False, now=NOW)
    assert missed.due_at == NOW and missed.state == State.Relearning


@pytest.mark.django_db(transaction=True)
def test_the_cards_go_back_into_their_boxes_when_the_migration_is_undone():
    boxes = boxed_queue(migrate_to(BOXES))
    migrate_to()
    executor = migrate_to(BOXES)
    old = executor.loader.project_state([BOXES]).apps.get_model("quizzes", "ReviewItem")
    back = {item.pattern: (item.box, item.due_at) for item in old.objects.filter(guest_key="")}
    assert back == boxes
    migrate_to()
