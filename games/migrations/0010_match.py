"""A match of 3, 5 or 7 games (games.Match), and each game's match and number in it."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0009_practised_decision"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="match_number",
            field=models.PositiveSmallIntegerField(
                blank=True, help_text="The game's number in its match, from 1.", null=True
            ),
        ),
        migrations.CreateModel(
            name="Match",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("guest_key", models.CharField(blank=True, default="", max_length=64)),
                (
                    "length",
                    models.PositiveSmallIntegerField(
                        choices=[
                            (1, "One game"),
                            (3, "A match of 3"),
                            (5, "A match of 5"),
                            (7, "A match of 7"),
                        ]
                    ),
                ),
                (
                    "level",
                    models.CharField(
                        choices=[
                            ("greedy", "Greedy (easy)"),
                            ("classic", "Classic (medium)"),
                            ("strong", "Strong (hard)"),
                        ],
                        default="strong",
                        max_length=8,
                    ),
                ),
                (
                    "counting",
                    models.CharField(
                        choices=[("automatic", "Automatic"), ("manual", "Manual")],
                        default="manual",
                        max_length=10,
                    ),
                ),
                ("hints", models.BooleanField(default=False)),
                (
                    "results",
                    models.JSONField(
                        blank=True,
                        default=list,
                        help_text="Each finished game: MatchScore.to_list.",
                    ),
                ),
                (
                    "human_points",
                    models.PositiveSmallIntegerField(default=0, help_text="Match points."),
                ),
                (
                    "computer_points",
                    models.PositiveSmallIntegerField(default=0, help_text="Match points."),
                ),
                (
                    "winner",
                    models.CharField(
                        blank=True,
                        choices=[("", "Not over"), ("human", "You"), ("computer", "The computer")],
                        default="",
                        max_length=8,
                    ),
                ),
                (
                    "resigned",
                    models.BooleanField(default=False, help_text="Ended by a resigned game."),
                ),
                ("started_at", models.DateTimeField(default=django.utils.timezone.now)),
                ("updated_at", models.DateTimeField(default=django.utils.timezone.now)),
                ("finished_at", models.DateTimeField(blank=True, null=True)),
                (
                    "user",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="%(class)ss",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "abstract": False,
            },
        ),
        migrations.AddField(
            model_name="game",
            name="match",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="games",
                to="games.match",
            ),
        ),
        migrations.AddIndex(
            model_name="match",
            index=models.Index(fields=["user", "winner"], name="match_user_winner"),
        ),
        migrations.AddIndex(
            model_name="match",
            index=models.Index(fields=["guest_key", "winner"], name="match_guest_winner"),
        ),
        migrations.AddConstraint(
            model_name="match",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("guest_key", ""), ("user__isnull", False)),
                    models.Q(("user__isnull", True), models.Q(("guest_key", ""), _negated=True)),
                    _connector="OR",
                ),
                name="match_has_one_owner",
            ),
        ),
    ]
