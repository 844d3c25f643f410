"""Each game's skill figures move out of its review into a column of their own, with the
evaluation they were reviewed by: the skill trend reads them without decoding reviews."""

from django.conf import settings
from django.db import migrations, models


def skill_to_column(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    for game in Game.objects.exclude(review={}).only("pk", "review").iterator():
        review = dict(game.review)
        figures = review.pop("skill", None)
        skill = figures and {"evaluation": review.get("evaluation"), **figures}
        Game.objects.filter(pk=game.pk).update(review=review, skill=skill)


def skill_to_review(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    for game in Game.objects.filter(skill__isnull=False).only("pk", "review", "skill").iterator():
        figures = {key: value for key, value in game.skill.items() if key != "evaluation"}
        Game.objects.filter(pk=game.pk).update(review={**game.review, "skill": figures})


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0007_review_skill'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='game',
            name='skill',
            field=models.JSONField(blank=True, help_text='Points lost a deal in the reviewed deals, by kind, for each player, and the evaluation they were reviewed by (games.review.keep_review): the skill trend reads these, not the review.', null=True),
        ),
        migrations.AddIndex(
            model_name='game',
            index=models.Index(fields=['user', '-finished_at'], name='game_user_finished'),
        ),
        migrations.AddIndex(
            model_name='game',
            index=models.Index(fields=['guest_key', '-finished_at'], name='game_guest_finished'),
        ),
        migrations.RunPython(skill_to_column, skill_to_review),
    ]
