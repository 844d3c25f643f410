"""One quiz a reviewed decision: "Practise this" asked again, or twice at once, finds the
quiz it made (games.services.decision_practise)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0001_squashed_0008_game_skill"),
        ("quizzes", "0008_pattern_records_and_crib_counts"),
    ]

    operations = [
        migrations.CreateModel(
            name="PractisedDecision",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "deal",
                    models.PositiveSmallIntegerField(help_text="The deal's number in the game."),
                ),
                (
                    "index",
                    models.PositiveSmallIntegerField(help_text="The decision's among the deal's."),
                ),
                (
                    "game",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="practised",
                        to="games.game",
                    ),
                ),
                (
                    "quiz",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="quizzes.deal",
                    ),
                ),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(
                        fields=("game", "deal", "index"), name="one_quiz_per_decision"
                    )
                ],
            },
        ),
    ]
