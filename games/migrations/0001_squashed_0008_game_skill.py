"""games 0001 to 0008 in one: the app's first migration since those were removed. A
database made before the squash has them recorded and not this one, so ``replaces`` stays:
Django takes a squash as applied where every migration it replaces is recorded, files or no
files (tests/migrating.py keeps such a database, and the tests migrate it). Each table is
made with its indexes and constraints: SQLite rebuilds a table for each constraint added
after."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    replaces = [
        ("games", "0001_initial"),
        ("games", "0002_deal_pause_and_hints"),
        ("games", "0003_game_review"),
        ("games", "0004_level_classic"),
        ("games", "0005_game_figures"),
        ("games", "0006_game_figures_with_hints"),
        ("games", "0007_review_skill"),
        ("games", "0008_game_skill"),
    ]

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='Game',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('guest_key', models.CharField(blank=True, default='', max_length=64)),
                ('seed', models.CharField(max_length=32)),
                ('level', models.CharField(choices=[('greedy', 'Greedy (easy)'), ('classic', 'Classic (medium)'), ('strong', 'Strong (hard)')], default='strong', max_length=8)),
                ('counting', models.CharField(choices=[('automatic', 'Automatic'), ('manual', 'Manual')], default='manual', max_length=10)),
                ('state', models.JSONField(help_text='The game as cribbage.game.Game.to_dict gives it.')),
                ('moves', models.PositiveIntegerField(default=0, help_text='Actions applied, of both seats.')),
                ('human_score', models.PositiveSmallIntegerField(default=0)),
                ('computer_score', models.PositiveSmallIntegerField(default=0)),
                ('winner', models.CharField(blank=True, choices=[('', 'Not over'), ('human', 'You'), ('computer', 'The computer')], default='', max_length=8)),
                ('skunk', models.PositiveSmallIntegerField(default=0, help_text='1 a skunk, 2 a double.')),
                ('started_at', models.DateTimeField(default=django.utils.timezone.now)),
                ('updated_at', models.DateTimeField(default=django.utils.timezone.now)),
                ('finished_at', models.DateTimeField(blank=True, null=True)),
                ('deals_seen', models.PositiveIntegerField(default=0, help_text='The last deal whose summary the player moved on from.')),
                ('hints', models.BooleanField(default=False, help_text='Whether the game offers hints.')),
                ('hints_used', models.PositiveSmallIntegerField(default=0)),
                ('hinted_at', models.PositiveIntegerField(blank=True, help_text='The move at which the player last asked for a hint.', null=True)),
                ('review', models.JSONField(blank=True, default=dict, help_text='The deals reviewed so far (games.review), with the engine evaluation version they were reviewed by.')),
                ('pone_deals', models.PositiveSmallIntegerField(default=0)),
                ('pone_points', models.PositiveIntegerField(default=0)),
                ('dealer_deals', models.PositiveSmallIntegerField(default=0)),
                ('dealer_points', models.PositiveIntegerField(default=0)),
                ('muggins_lost', models.PositiveIntegerField(default=0)),
                ('skill', models.JSONField(blank=True, help_text='Points lost a deal in the reviewed deals, by kind, for each player, and the evaluation they were reviewed by (games.review.keep_review): the skill trend reads these, not the review.', null=True)),
                ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='%(class)ss', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'abstract': False,
                'indexes': [models.Index(fields=['user', '-updated_at'], name='game_user_recent'), models.Index(fields=['guest_key', '-updated_at'], name='game_guest_recent'), models.Index(fields=['user', '-finished_at'], name='game_user_finished'), models.Index(fields=['guest_key', '-finished_at'], name='game_guest_finished'), models.Index(fields=['user', 'winner', 'counting', 'skunk', 'pone_deals', 'pone_points', 'dealer_deals', 'dealer_points', 'muggins_lost', 'hints_used'], name='game_user_figures')],
                'constraints': [models.CheckConstraint(condition=models.Q(models.Q(('guest_key', ''), ('user__isnull', False)), models.Q(('user__isnull', True), models.Q(('guest_key', ''), _negated=True)), _connector='OR'), name='game_has_one_owner')],
            },
        ),
        migrations.CreateModel(
            name='GameAction',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveIntegerField()),
                ('seat', models.PositiveSmallIntegerField()),
                ('action', models.JSONField()),
                ('at', models.DateTimeField(default=django.utils.timezone.now)),
                ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='actions', to='games.game')),
            ],
            options={
                'ordering': ('game', 'number'),
                'constraints': [models.UniqueConstraint(fields=('game', 'number'), name='one_action_per_number')],
            },
        ),
    ]
