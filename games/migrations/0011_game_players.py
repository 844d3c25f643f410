"""A game's number of players: 2, 3 or 4 (every game before is of two)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0010_match"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="players",
            field=models.PositiveSmallIntegerField(
                default=2,
                help_text="2, 3 or 4: the player against one computer, two, or with a computer "
                "partner against two (cribbage.game.Game.players).",
            ),
        ),
    ]
