"""Each stored review keeps its skill figures (points lost a deal, by kind, for each
player), so the progress page reads those and not every decision of a review."""

from django.db import migrations

KINDS = ("discard", "play", "muggins", "all")


def skill(deals):
    if not deals:
        return None
    return {
        player: {
            kind: sum(deal["totals"][player][kind] for deal in deals) / len(deals)
            for kind in KINDS
        }
        for player in ("you", "computer")
    }


def reviews_with_skill(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    for game in Game.objects.exclude(review={}).only("pk", "review").iterator():
        if "deals" in game.review and "skill" not in game.review:
            review = {**game.review, "skill": skill(game.review["deals"])}
            Game.objects.filter(pk=game.pk).update(review=review)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0006_game_figures_with_hints"),
    ]

    operations = [
        migrations.RunPython(reviews_with_skill, migrations.RunPython.noop),
    ]
