"""Each player gets a PatternRecord per pattern, and their ShowRecord counts their cribs: the
progress page reads their accuracy per pattern from a row each instead of counting every
mark, and their number of cribs instead of counting their counts."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def pattern_records(apps, schema_editor):
    """Each player's figures per pattern, counted from their known marks."""
    AttemptPattern = apps.get_model("quizzes", "AttemptPattern")
    PatternRecord = apps.get_model("quizzes", "PatternRecord")
    rows = (
        AttemptPattern.objects.filter(missed__isnull=False)
        .values("user_id", "guest_key", "pattern")
        .annotate(
            seen=models.Count("id"), missed=models.Count("id", filter=models.Q(missed=True))
        )
        .order_by()
    )
    PatternRecord.objects.bulk_create(
        (PatternRecord(**row) for row in rows.iterator()), batch_size=500
    )


def crib_counts(apps, schema_editor):
    """How many of each player's counts were cribs."""
    Attempt = apps.get_model("quizzes", "Attempt")
    ShowRecord = apps.get_model("quizzes", "ShowRecord")
    rows = (
        Attempt.objects.filter(kind="show", crib=True)
        .values("user_id", "guest_key")
        .annotate(cribs=models.Count("id"))
        .order_by()
    )
    cribs = {(row["user_id"], row["guest_key"]): row["cribs"] for row in rows}
    records = list(ShowRecord.objects.all())
    for record in records:
        record.cribs = cribs.get((record.user_id, record.guest_key), 0)
    ShowRecord.objects.bulk_update(records, ["cribs"], batch_size=500)


class Migration(migrations.Migration):

    dependencies = [
        ('quizzes', '0001_squashed_0007_show_records_and_mark_owners'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='PatternRecord',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('guest_key', models.CharField(blank=True, default='', max_length=64)),
                ('pattern', models.CharField(choices=[('fifteen-2', 'fifteen of two cards'), ('fifteen-3', 'fifteen of three cards'), ('fifteen-4', 'fifteen of four cards'), ('fifteen-5', 'fifteen of five cards'), ('pair', 'pair'), ('pair-royal', 'pair royal'), ('double-pair-royal', 'double pair royal'), ('run-3', 'run of three'), ('run-4', 'run of four'), ('run-5', 'run of five'), ('double-run', 'double run'), ('triple-run', 'triple run'), ('double-double-run', 'double-double run'), ('hand-flush-4', 'hand flush of four'), ('flush-5', 'flush of five'), ('crib-four-flush', 'crib four-flush (scores nothing)'), ('three-suited-plus-starter', 'three suited cards and the starter (no flush)'), ('nobs', 'nobs'), ('heels', 'heels (not part of the count)'), ('play-fifteen', 'fifteen in the play'), ('play-thirty-one', 'thirty-one'), ('play-pair', 'pair in the play'), ('play-pair-royal', 'pair royal in the play'), ('play-double-pair-royal', 'double pair royal in the play'), ('play-run-3', 'run of three in the play'), ('play-run-4', 'run of four in the play'), ('play-run-5', 'run of five in the play'), ('play-run-6', 'run of six in the play'), ('play-run-7', 'run of seven in the play'), ('play-go', 'the go'), ('play-last-card', 'the last card'), ('discard-five-to-dealer', "a five thrown to the dealer's crib"), ('discard-pair-to-dealer', "a pair thrown to the dealer's crib"), ('discard-fifteen-to-dealer', "a fifteen thrown to the dealer's crib"), ('discard-split-pair', 'a pair split'), ('discard-crib-ignored', 'the crib ignored'), ('lay-led-five', 'a five led'), ('lay-into-fifteen', 'a count of 5 or 21 left for a ten-card'), ('lay-pair-royal-chance', 'a pair made when a pair royal could follow'), ('lay-run-opened', 'a run opened to the opponent'), ('lay-points-passed', 'points passed up in the play'), ('lay-go-card-spent', 'a low card spent that the go needed')], max_length=32)),
                ('seen', models.PositiveIntegerField(default=0)),
                ('missed', models.PositiveIntegerField(default=0)),
                ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='%(class)ss', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'abstract': False,
                'constraints': [models.CheckConstraint(condition=models.Q(models.Q(('guest_key', ''), ('user__isnull', False)), models.Q(('user__isnull', True), models.Q(('guest_key', ''), _negated=True)), _connector='OR'), name='patternrecord_has_one_owner'), models.UniqueConstraint(condition=models.Q(('user__isnull', False)), fields=('user', 'pattern'), name='one_pattern_record_per_user'), models.UniqueConstraint(condition=models.Q(('user__isnull', True)), fields=('guest_key', 'pattern'), name='one_pattern_record_per_guest'), models.CheckConstraint(condition=models.Q(('missed__lte', models.F('seen'))), name='pattern_record_missed_of_seen')],
            },
        ),
        migrations.RunPython(pattern_records, migrations.RunPython.noop, elidable=True),
        migrations.AddField(
            model_name='showrecord',
            name='cribs',
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.RunPython(crib_counts, migrations.RunPython.noop, elidable=True),
    ]
