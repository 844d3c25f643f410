"""The scoreboard for a real game at the table: a board for each game or match, and its changes."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0013_level_names_as_players_say_them'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='Scoreboard',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('guest_key', models.CharField(blank=True, default='', max_length=64)),
                ('token', models.CharField(help_text="The follow link's secret: /scoreboard/<token>/.", max_length=32, unique=True)),
                ('code', models.CharField(help_text='The short code a second phone types to follow.', max_length=8, unique=True)),
                ('names', models.JSONField(help_text="The players' names in turn order, 2 to 4.")),
                ('first_dealer', models.PositiveSmallIntegerField(help_text='Who dealt first in game 1.')),
                ('muggins', models.BooleanField(default=False)),
                ('length', models.PositiveSmallIntegerField(default=1, help_text='1, or a match of 3, 5 or 7.')),
                ('me', models.PositiveSmallIntegerField(blank=True, help_text="The owner's seat; None when only keeping score.", null=True)),
                ('version', models.PositiveIntegerField(default=0, help_text='Changes made: entries, undos.')),
                ('game_number', models.PositiveSmallIntegerField(default=1)),
                ('scores', models.JSONField(default=list, help_text="Each side's score in the game played.")),
                ('over', models.BooleanField(default=False, help_text='The game, or the match, is over.')),
                ('started_at', models.DateTimeField(default=django.utils.timezone.now)),
                ('updated_at', models.DateTimeField(default=django.utils.timezone.now)),
                ('finished_at', models.DateTimeField(blank=True, null=True)),
                ('games_finished', models.PositiveSmallIntegerField(default=0)),
                ('games_won', models.PositiveSmallIntegerField(default=0)),
                ('skunks_given', models.PositiveSmallIntegerField(default=0)),
                ('skunks_taken', models.PositiveSmallIntegerField(default=0)),
                ('hands', models.PositiveSmallIntegerField(default=0)),
                ('hand_points', models.PositiveIntegerField(default=0)),
                ('checked', models.PositiveSmallIntegerField(default=0)),
                ('corrected', models.PositiveSmallIntegerField(default=0)),
                ('best_hand', models.PositiveSmallIntegerField(blank=True, null=True)),
                ('best_hand_cards', models.CharField(blank=True, help_text="The best hand's four and its starter, if checked.", max_length=16)),
                ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='%(class)ss', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'abstract': False,
            },
        ),
        migrations.CreateModel(
            name='ScoreboardChange',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('version', models.PositiveIntegerField()),
                ('action', models.JSONField(help_text='cribbage.scoreboard.action_to_dict')),
                ('undone', models.PositiveIntegerField(blank=True, null=True)),
                ('undo_key', models.CharField(blank=True, default='', max_length=32)),
                ('at', models.DateTimeField(default=django.utils.timezone.now)),
                ('board', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='changes', to='games.scoreboard')),
            ],
            options={
                'ordering': ('board', 'version'),
            },
        ),
        migrations.AddIndex(
            model_name='scoreboard',
            index=models.Index(fields=['user', '-updated_at'], name='scoreboard_user_recent'),
        ),
        migrations.AddIndex(
            model_name='scoreboard',
            index=models.Index(fields=['guest_key', '-updated_at'], name='scoreboard_guest_recent'),
        ),
        migrations.AddConstraint(
            model_name='scoreboard',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('guest_key', ''), ('user__isnull', False)), models.Q(('user__isnull', True), models.Q(('guest_key', ''), _negated=True)), _connector='OR'), name='scoreboard_has_one_owner'),
        ),
        migrations.AddIndex(
            model_name='scoreboardchange',
            index=models.Index(fields=['board', 'undone'], name='scoreboard_change_undone'),
        ),
        migrations.AddConstraint(
            model_name='scoreboardchange',
            constraint=models.UniqueConstraint(fields=('board', 'version'), name='one_change_per_version'),
        ),
    ]
