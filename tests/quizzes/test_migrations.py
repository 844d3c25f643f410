"""An existing database migrates forward with every player's rows intact.

Before the ``progress`` app was folded into ``quizzes``, the review queue lived in the
table of ``progress.ReviewItem``. The test builds that database (the quizzes tables at
their first migration, the progress table from that app's first migration, kept below as
it was), fills it, migrates it to the latest state and reads every row back.
"""

import pytest
from django.db import connection, migrations, models
from django.db.migrations.recorder import MigrationRecorder
from django.utils import timezone

from quizzes.models import Attempt, AttemptPattern, Deal, PatternRecord, ReviewItem, ShowRecord
from tests.migrating import step_by_step

# progress/migrations/0001_initial.py as it was (the pattern choices left out: they are not
# in the database).
LEGACY_PROGRESS = [
    migrations.CreateModel(
        name="ReviewItem",
        fields=[
            ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False)),
            ("guest_key", models.CharField(blank=True, default="", max_length=64)),
            ("pattern", models.CharField(max_length=32)),
            ("box", models.PositiveSmallIntegerField(default=1)),
            ("due_at", models.DateTimeField(default=timezone.now)),
            ("misses", models.PositiveIntegerField(default=0)),
            ("updated_at", models.DateTimeField(default=timezone.now)),
            (
                "user",
                models.ForeignKey(
                    blank=True,
                    null=True,
                    on_delete=models.CASCADE,
                    related_name="%(class)ss",
                    to="auth.user",
                ),
            ),
        ],
        options={
            "ordering": ("due_at", "pattern"),
            "indexes": [
                models.Index(fields=["user", "due_at"], name="review_user_due"),
                models.Index(fields=["guest_key", "due_at"], name="review_guest_due"),
            ],
            "constraints": [
                models.CheckConstraint(
                    condition=models.Q(user__isnull=False, guest_key="")
                    | models.Q(user__isnull=True) & ~models.Q(guest_key=""),
                    name="reviewitem_has_one_owner",
                ),
                models.CheckConstraint(
                    condition=models.Q(box__gte=1, box__lte=5), name="review_box_1_to_5"
                ),
                models.UniqueConstraint(
                    condition=models.Q(user__isnull=False),
                    fields=("user", "pattern"),
                    name="one_review_item_per_user_pattern",
                ),
                models.UniqueConstraint(
                    condition=models.Q(user__isnull=True),
                    fields=("guest_key", "pattern"),
                    name="one_review_item_per_guest_pattern",
                ),
            ],
        },
    )
]
FIRST = [("quizzes", "0001_initial")]


def old_database(executor):
    """Migrate back to quizzes 0001, then lay the progress table as its migration did.

    Returns the historical models of that world: quizzes' and progress's ReviewItem.
    """
    executor.migrate(FIRST)
    if "progress_reviewitem" in connection.introspection.table_names():
        with connection.schema_editor() as editor:
            editor.execute(editor.sql_delete_table % {"table": "progress_reviewitem"})
    state = executor.loader.project_state(FIRST)
    with connection.schema_editor() as editor:
        for operation in LEGACY_PROGRESS:
            before = state.clone()
            operation.state_forwards("progress", state)
            operation.database_forwards("progress", editor, before, state)
    MigrationRecorder(connection).record_applied("progress", "0001_initial")
    return state.apps


def fill(old_apps):
    User = old_apps.get_model("auth", "User")
    Deal = old_apps.get_model("quizzes", "Deal")
    Attempt = old_apps.get_model("quizzes", "Attempt")
    Mark = old_apps.get_model("quizzes", "AttemptPattern")
    Item = old_apps.get_model("progress", "ReviewItem")
    now = timezone.now()
    player = User.objects.create(username="old-timer", password="!")
    rows = []
    for n, (hand, starter, crib, style) in enumerate(
        [
            ("5H 5C 5S JD", "5D", False, "total"),
            ("3C 4D 4H 5S", "KC", False, "itemised"),
            ("2H 4H 6H 8H", "KC", True, "total"),
        ]
    ):
        owner = {"user": player} if n < 2 else {"guest_key": "a-guest"}
        deal = Deal.objects.create(hand=hand, starter=starter, crib=crib, dealt_at=now, **owner)
        itemised = {"fifteens": 2, "pairs": 2, "runs": 3, "flush": 0, "nobs": 0}
        attempt = Attempt.objects.create(
            deal=deal,
            style=style,
            claimed=7 if style == "itemised" else 29,
            **(itemised if style == "itemised" else {}),
            points=29,
            right=n == 0,
            crib=crib,
            seconds=4.5 + n,
            answered_at=now,
            **owner,
        )
        Mark.objects.create(attempt=attempt, pattern="double-run", missed=n != 0)
        rows.append(deal.pk)
    Item.objects.create(user=player, pattern="double-run", box=3, due_at=now, misses=2)
    Item.objects.create(guest_key="a-guest", pattern="crib-four-flush", box=1, due_at=now)
    return player.pk, rows


@pytest.mark.django_db(transaction=True)
def test_an_existing_database_migrates_forward_with_every_row():
    old_apps = old_database(step_by_step())
    player, deals = fill(old_apps)

    executor = step_by_step()
    executor.migrate(executor.loader.graph.leaf_nodes())

    assert sorted(Deal.objects.values_list("pk", flat=True)) == deals
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
    queue = {
        (item.user_id, item.guest_key, item.pattern, item.box, item.misses)
        for item in ReviewItem.objects.all()
    }
    assert queue == {(player, "", "double-run", 3, 2), (None, "a-guest", "crib-four-flush", 1, 0)}
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


SQUASHED = ("quizzes", "games")


def schema() -> dict:
    """The columns and constraints of the squashed apps' tables, and auth_user's indexes."""
    introspection = connection.introspection
    with connection.cursor() as cursor:
        tables = [
            table
            for table in introspection.table_names(cursor)
            if table.startswith(tuple(f"{app}_" for app in SQUASHED)) or table == "auth_user"
        ]
        return {
            table: (
                sorted(
                    (column.name, column.type_code, column.null_ok, column.default)
                    for column in introspection.get_table_description(cursor, table)
                ),
                sorted(
                    # SQLite numbers the column checks it leaves unnamed in column order.
                    (
                        "" if name.startswith("__unnamed_constraint") else name,
                        repr(sorted(constraint.items())),
                    )
                    for name, constraint in introspection.get_constraints(cursor, table).items()
                ),
            )
            for table in tables
        }


@pytest.mark.django_db(transaction=True)
def test_the_squashed_migrations_make_the_schema_the_migrations_they_replace_make():
    through_squashes = schema()
    assert {table.split("_")[0] for table in through_squashes} == {*SQUASHED, "auth"}
    executor = step_by_step()
    executor.migrate([(app, None) for app in SQUASHED])
    assert not any(table.startswith("games_") for table in connection.introspection.table_names())
    executor = step_by_step()
    executor.migrate(executor.loader.graph.leaf_nodes())
    assert schema() == through_squashes
