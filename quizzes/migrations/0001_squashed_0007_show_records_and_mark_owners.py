"""quizzes 0001 to 0007 in one: the app's first migration since those were removed. A
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
        ("quizzes", "0001_initial"),
        ("quizzes", "0002_reviewitem_from_progress"),
        ("quizzes", "0003_kinds_of_deal_and_marks_not_known"),
        ("quizzes", "0004_user_email_unique"),
        ("quizzes", "0005_attempt_user_time"),
        ("quizzes", "0006_lay_quizzes_and_patterns"),
        ("quizzes", "0007_show_records_and_mark_owners"),
    ]

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [
        migrations.CreateModel(
            name='Deal',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('guest_key', models.CharField(blank=True, default='', max_length=64)),
                ('kind', models.CharField(choices=[('show', 'The show'), ('play', 'The play'), ('discard', 'Discarding'), ('lay', 'Laying cards')], default='show', max_length=8)),
                ('hand', models.CharField(blank=True, help_text="The cards, e.g. '5H 5C 5S JD' (six to discard).", max_length=17)),
                ('starter', models.CharField(blank=True, max_length=2)),
                ('crib', models.BooleanField(default=False)),
                ('mode', models.CharField(choices=[('mixed', 'Mixed hands and cribs'), ('hand', 'Hands only'), ('crib', 'Cribs only'), ('random', 'Random five cards'), ('pegging', 'The play'), ('discard', 'Discarding'), ('lay', 'The card to lay'), ('pattern', 'Focus on one pattern'), ('big', 'Big hands (12 or more)'), ('weak', 'My weak spots'), ('review', 'Review'), ('game', 'A game against the computer')], default='mixed', max_length=16)),
                ('focus', models.CharField(blank=True, choices=[('fifteen-2', 'fifteen of two cards'), ('fifteen-3', 'fifteen of three cards'), ('fifteen-4', 'fifteen of four cards'), ('fifteen-5', 'fifteen of five cards'), ('pair', 'pair'), ('pair-royal', 'pair royal'), ('double-pair-royal', 'double pair royal'), ('run-3', 'run of three'), ('run-4', 'run of four'), ('run-5', 'run of five'), ('double-run', 'double run'), ('triple-run', 'triple run'), ('double-double-run', 'double-double run'), ('hand-flush-4', 'hand flush of four'), ('flush-5', 'flush of five'), ('crib-four-flush', 'crib four-flush (scores nothing)'), ('three-suited-plus-starter', 'three suited cards and the starter (no flush)'), ('nobs', 'nobs'), ('heels', 'heels (not part of the count)'), ('play-fifteen', 'fifteen in the play'), ('play-thirty-one', 'thirty-one'), ('play-pair', 'pair in the play'), ('play-pair-royal', 'pair royal in the play'), ('play-double-pair-royal', 'double pair royal in the play'), ('play-run-3', 'run of three in the play'), ('play-run-4', 'run of four in the play'), ('play-run-5', 'run of five in the play'), ('play-run-6', 'run of six in the play'), ('play-run-7', 'run of seven in the play'), ('play-go', 'the go'), ('play-last-card', 'the last card'), ('discard-five-to-dealer', "a five thrown to the dealer's crib"), ('discard-pair-to-dealer', "a pair thrown to the dealer's crib"), ('discard-fifteen-to-dealer', "a fifteen thrown to the dealer's crib"), ('discard-split-pair', 'a pair split'), ('discard-crib-ignored', 'the crib ignored'), ('lay-led-five', 'a five led'), ('lay-into-fifteen', 'a count of 5 or 21 left for a ten-card'), ('lay-pair-royal-chance', 'a pair made when a pair royal could follow'), ('lay-run-opened', 'a run opened to the opponent'), ('lay-points-passed', 'points passed up in the play'), ('lay-go-card-spent', 'a low card spent that the go needed')], default='', max_length=32)),
                ('holder', models.CharField(blank=True, choices=[('pone', 'pone'), ('dealer', 'dealer'), ('crib', 'crib')], default='', help_text="Whose cards a realistic deal counts: the pone's, the dealer's or the crib.", max_length=8)),
                ('details', models.JSONField(blank=True, default=dict, help_text='The play, for the play.')),
                ('dealt_at', models.DateTimeField(default=django.utils.timezone.now)),
                ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='%(class)ss', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'abstract': False,
                'indexes': [models.Index(fields=['user', '-dealt_at'], name='deal_user_recent'), models.Index(fields=['guest_key', '-dealt_at'], name='deal_guest_recent'), models.Index(fields=['user', 'mode'], name='deal_user_mode')],
                'constraints': [models.CheckConstraint(condition=models.Q(models.Q(('guest_key', ''), ('user__isnull', False)), models.Q(('user__isnull', True), models.Q(('guest_key', ''), _negated=True)), _connector='OR'), name='deal_has_one_owner')],
            },
        ),
        migrations.CreateModel(
            name='Attempt',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('guest_key', models.CharField(blank=True, default='', max_length=64)),
                ('kind', models.CharField(choices=[('show', 'The show'), ('play', 'The play'), ('discard', 'Discarding'), ('lay', 'Laying cards')], default='show', help_text='Copied from the deal for the progress queries.', max_length=8)),
                ('style', models.CharField(choices=[('total', 'Total'), ('itemised', 'Itemised')], max_length=8)),
                ('claimed', models.PositiveSmallIntegerField(help_text='The total the player gave.')),
                ('fifteens', models.PositiveSmallIntegerField(blank=True, null=True)),
                ('pairs', models.PositiveSmallIntegerField(blank=True, null=True)),
                ('runs', models.PositiveSmallIntegerField(blank=True, null=True)),
                ('flush', models.PositiveSmallIntegerField(blank=True, null=True)),
                ('nobs', models.PositiveSmallIntegerField(blank=True, null=True)),
                ('points', models.PositiveSmallIntegerField(help_text='What the cards score.')),
                ('right', models.BooleanField()),
                ('crib', models.BooleanField(help_text='Copied from the deal for the progress queries.')),
                ('seconds', models.FloatField(help_text='Time from the deal to the answer.')),
                ('answered_at', models.DateTimeField(default=django.utils.timezone.now)),
                ('marks', models.JSONField(blank=True, default=dict, help_text='The marks as given: per category, per card of a play, what explains a miss.')),
                ('loss', models.FloatField(blank=True, help_text="A discard's or a lay's expected points lost against the best choice.", null=True)),
                ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='%(class)ss', to=settings.AUTH_USER_MODEL)),
                ('deal', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='attempt', to='quizzes.deal')),
            ],
            options={
                'abstract': False,
                'indexes': [models.Index(fields=['user', 'kind', 'answered_at', 'id', 'right', 'seconds', 'crib'], name='attempt_user_kind_time'), models.Index(fields=['user', 'kind', 'crib', 'seconds'], name='attempt_user_seconds'), models.Index(fields=['user', 'answered_at'], name='attempt_user_time'), models.Index(fields=['guest_key', 'answered_at'], name='attempt_guest_time')],
                'constraints': [models.CheckConstraint(condition=models.Q(models.Q(('guest_key', ''), ('user__isnull', False)), models.Q(('user__isnull', True), models.Q(('guest_key', ''), _negated=True)), _connector='OR'), name='attempt_has_one_owner'), models.CheckConstraint(condition=models.Q(models.Q(('fifteens__isnull', True), ('style', 'total')), models.Q(('fifteens__isnull', False), ('style', 'itemised')), _connector='OR'), name='attempt_itemised_has_items')],
            },
        ),
        migrations.CreateModel(
            name='ReviewItem',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('guest_key', models.CharField(blank=True, default='', max_length=64)),
                ('pattern', models.CharField(choices=[('fifteen-2', 'fifteen of two cards'), ('fifteen-3', 'fifteen of three cards'), ('fifteen-4', 'fifteen of four cards'), ('fifteen-5', 'fifteen of five cards'), ('pair', 'pair'), ('pair-royal', 'pair royal'), ('double-pair-royal', 'double pair royal'), ('run-3', 'run of three'), ('run-4', 'run of four'), ('run-5', 'run of five'), ('double-run', 'double run'), ('triple-run', 'triple run'), ('double-double-run', 'double-double run'), ('hand-flush-4', 'hand flush of four'), ('flush-5', 'flush of five'), ('crib-four-flush', 'crib four-flush (scores nothing)'), ('three-suited-plus-starter', 'three suited cards and the starter (no flush)'), ('nobs', 'nobs'), ('heels', 'heels (not part of the count)'), ('play-fifteen', 'fifteen in the play'), ('play-thirty-one', 'thirty-one'), ('play-pair', 'pair in the play'), ('play-pair-royal', 'pair royal in the play'), ('play-double-pair-royal', 'double pair royal in the play'), ('play-run-3', 'run of three in the play'), ('play-run-4', 'run of four in the play'), ('play-run-5', 'run of five in the play'), ('play-run-6', 'run of six in the play'), ('play-run-7', 'run of seven in the play'), ('play-go', 'the go'), ('play-last-card', 'the last card'), ('discard-five-to-dealer', "a five thrown to the dealer's crib"), ('discard-pair-to-dealer', "a pair thrown to the dealer's crib"), ('discard-fifteen-to-dealer', "a fifteen thrown to the dealer's crib"), ('discard-split-pair', 'a pair split'), ('discard-crib-ignored', 'the crib ignored'), ('lay-led-five', 'a five led'), ('lay-into-fifteen', 'a count of 5 or 21 left for a ten-card'), ('lay-pair-royal-chance', 'a pair made when a pair royal could follow'), ('lay-run-opened', 'a run opened to the opponent'), ('lay-points-passed', 'points passed up in the play'), ('lay-go-card-spent', 'a low card spent that the go needed')], max_length=32)),
                ('box', models.PositiveSmallIntegerField(default=1)),
                ('due_at', models.DateTimeField(default=django.utils.timezone.now)),
                ('misses', models.PositiveIntegerField(default=0)),
                ('updated_at', models.DateTimeField(default=django.utils.timezone.now)),
                ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='%(class)ss', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ('due_at', 'pattern'),
                'abstract': False,
                'indexes': [models.Index(fields=['user', 'due_at'], name='review_user_due'), models.Index(fields=['guest_key', 'due_at'], name='review_guest_due')],
                'constraints': [models.CheckConstraint(condition=models.Q(models.Q(('guest_key', ''), ('user__isnull', False)), models.Q(('user__isnull', True), models.Q(('guest_key', ''), _negated=True)), _connector='OR'), name='reviewitem_has_one_owner'), models.CheckConstraint(condition=models.Q(('box__gte', 1), ('box__lte', 5)), name='review_box_1_to_5'), models.UniqueConstraint(condition=models.Q(('user__isnull', False)), fields=('user', 'pattern'), name='one_review_item_per_user_pattern'), models.UniqueConstraint(condition=models.Q(('user__isnull', True)), fields=('guest_key', 'pattern'), name='one_review_item_per_guest_pattern')],
            },
        ),
        migrations.CreateModel(
            name='ShowRecord',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('guest_key', models.CharField(blank=True, default='', max_length=64)),
                ('attempts', models.PositiveIntegerField(default=0)),
                ('right', models.PositiveIntegerField(default=0)),
                ('current_streak', models.PositiveIntegerField(default=0)),
                ('best_streak', models.PositiveIntegerField(default=0)),
                ('last', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='quizzes.attempt')),
                ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='%(class)ss', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'abstract': False,
                'constraints': [models.CheckConstraint(condition=models.Q(models.Q(('guest_key', ''), ('user__isnull', False)), models.Q(('user__isnull', True), models.Q(('guest_key', ''), _negated=True)), _connector='OR'), name='showrecord_has_one_owner'), models.UniqueConstraint(condition=models.Q(('user__isnull', False)), fields=('user',), name='one_show_record_per_user'), models.UniqueConstraint(condition=models.Q(('user__isnull', True)), fields=('guest_key',), name='one_show_record_per_guest')],
            },
        ),
        migrations.CreateModel(
            name='AttemptPattern',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('guest_key', models.CharField(blank=True, default='', max_length=64)),
                ('pattern', models.CharField(choices=[('fifteen-2', 'fifteen of two cards'), ('fifteen-3', 'fifteen of three cards'), ('fifteen-4', 'fifteen of four cards'), ('fifteen-5', 'fifteen of five cards'), ('pair', 'pair'), ('pair-royal', 'pair royal'), ('double-pair-royal', 'double pair royal'), ('run-3', 'run of three'), ('run-4', 'run of four'), ('run-5', 'run of five'), ('double-run', 'double run'), ('triple-run', 'triple run'), ('double-double-run', 'double-double run'), ('hand-flush-4', 'hand flush of four'), ('flush-5', 'flush of five'), ('crib-four-flush', 'crib four-flush (scores nothing)'), ('three-suited-plus-starter', 'three suited cards and the starter (no flush)'), ('nobs', 'nobs'), ('heels', 'heels (not part of the count)'), ('play-fifteen', 'fifteen in the play'), ('play-thirty-one', 'thirty-one'), ('play-pair', 'pair in the play'), ('play-pair-royal', 'pair royal in the play'), ('play-double-pair-royal', 'double pair royal in the play'), ('play-run-3', 'run of three in the play'), ('play-run-4', 'run of four in the play'), ('play-run-5', 'run of five in the play'), ('play-run-6', 'run of six in the play'), ('play-run-7', 'run of seven in the play'), ('play-go', 'the go'), ('play-last-card', 'the last card'), ('discard-five-to-dealer', "a five thrown to the dealer's crib"), ('discard-pair-to-dealer', "a pair thrown to the dealer's crib"), ('discard-fifteen-to-dealer', "a fifteen thrown to the dealer's crib"), ('discard-split-pair', 'a pair split'), ('discard-crib-ignored', 'the crib ignored'), ('lay-led-five', 'a five led'), ('lay-into-fifteen', 'a count of 5 or 21 left for a ten-card'), ('lay-pair-royal-chance', 'a pair made when a pair royal could follow'), ('lay-run-opened', 'a run opened to the opponent'), ('lay-points-passed', 'points passed up in the play'), ('lay-go-card-spent', 'a low card spent that the go needed')], max_length=32)),
                ('missed', models.BooleanField(null=True)),
                ('attempt', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='pattern_marks', to='quizzes.attempt')),
                ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='%(class)ss', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'abstract': False,
                'indexes': [models.Index(fields=['attempt', 'pattern', 'missed'], name='attempt_marks'), models.Index(fields=['user', 'pattern', 'missed'], name='marks_user_pattern'), models.Index(fields=['guest_key', 'pattern', 'missed'], name='marks_guest_pattern')],
                'constraints': [models.CheckConstraint(condition=models.Q(models.Q(('guest_key', ''), ('user__isnull', False)), models.Q(('user__isnull', True), models.Q(('guest_key', ''), _negated=True)), _connector='OR'), name='attemptpattern_has_one_owner'), models.UniqueConstraint(fields=('attempt', 'pattern'), name='one_mark_per_pattern')],
            },
        ),
        # From 0004: an account's email address is unique whatever its case. auth_user is
        # django.contrib.auth's table, so this is an index in SQL, not a model constraint.
        migrations.RunSQL(
            "CREATE UNIQUE INDEX auth_user_email_unique_ci ON auth_user (LOWER(email)) "
            "WHERE email <> ''",
            reverse_sql="DROP INDEX auth_user_email_unique_ci",
        ),
    ]
