"""The review queue scheduled by FSRS instead of the Leitner boxes: each item gets an FSRS
card (state, step, stability, difficulty, last rating), made from its box and due date so
that nothing is lost: every item keeps its due date (what was due stays due, what was not
comes back when it would have), its misses and its owner; then the box goes."""

from datetime import timedelta

from django.db import migrations, models

# The Leitner boxes' waits, as they were (quizzes/domain/leitner.py, removed here).
BOX_DAYS = {1: 0, 2: 1, 3: 3, 4: 7, 5: 21}
LEARNING, REVIEW, RELEARNING = 1, 2, 3
# What FSRS-6's default parameters give a card first rated Again: its stability (days) and
# difficulty. Counting it right (Good) leaves the difficulty all but the same.
MISSED_STABILITY, MISSED_DIFFICULTY = 0.212, 6.4133


def cards_from_boxes(apps, schema_editor):
    """Box 1 (just missed, due at once): a card rated Again when it went in, at its due
    date. Boxes 2 to 5 (counted right while due): a card in review, last rated when it
    moved up, with the box's wait as its stability, so that FSRS's chance of counting it
    right is 90% when it falls due, as FSRS schedules a card."""
    ReviewItem = apps.get_model("quizzes", "ReviewItem")
    items = list(ReviewItem.objects.all())
    for item in items:
        days = BOX_DAYS.get(item.box, 0)
        item.difficulty = MISSED_DIFFICULTY
        if days:
            item.state, item.step, item.stability = REVIEW, None, float(days)
            item.last_review = item.due_at - timedelta(days=days)
        else:
            item.state, item.step, item.stability = LEARNING, 0, MISSED_STABILITY
            item.last_review = item.due_at
    ReviewItem.objects.bulk_update(
        items, ["state", "step", "stability", "difficulty", "last_review"], batch_size=500
    )


def boxes_from_cards(apps, schema_editor):
    """Back: a card in review to the box whose wait its stability reaches, others to box 1."""
    ReviewItem = apps.get_model("quizzes", "ReviewItem")
    items = list(ReviewItem.objects.all())
    for item in items:
        item.box = 1
        if item.state == REVIEW:
            item.box = max(
                (box for box, days in BOX_DAYS.items() if 0 < days <= (item.stability or 0)),
                default=2,
            )
    ReviewItem.objects.bulk_update(items, ["box"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("quizzes", "0008_pattern_records_and_crib_counts"),
    ]

    operations = [
        migrations.AddField(
            model_name="reviewitem",
            name="state",
            field=models.PositiveSmallIntegerField(
                choices=[(1, "learning"), (2, "review"), (3, "relearning")], default=1
            ),
        ),
        migrations.AddField(
            model_name="reviewitem",
            name="step",
            field=models.PositiveSmallIntegerField(blank=True, default=0, null=True),
        ),
        migrations.AddField(
            model_name="reviewitem",
            name="stability",
            field=models.FloatField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="reviewitem",
            name="difficulty",
            field=models.FloatField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="reviewitem",
            name="last_review",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.RunPython(cards_from_boxes, boxes_from_cards, elidable=False),
        migrations.RemoveConstraint(
            model_name="reviewitem",
            name="review_box_1_to_5",
        ),
        migrations.RemoveField(
            model_name="reviewitem",
            name="box",
        ),
        migrations.AddConstraint(
            model_name="reviewitem",
            constraint=models.CheckConstraint(
                condition=models.Q(("state__gte", 1), ("state__lte", 3)),
                name="review_state_learning_review_relearning",
            ),
        ),
    ]
