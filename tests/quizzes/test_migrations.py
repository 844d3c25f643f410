"""A database made before the squashes migrates forward with every player's rows intact.

It is the database the removed migrations left (tests/migrating.py): made at quizzes 0001,
with the review queue in the table of the ``progress`` app that was folded into ``quizzes``,
and taken through quizzes 0002-0007 (the queue adopted, the itemised marks stored, each mark
given its owner, the show records counted) before they were removed.
"""

import pytest
from django.contrib.auth.models import User
from django.db import connection

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
