"""Each pattern mark names its attempt's owner, and each player gets a ShowRecord of their
counts, so the progress page reads indexes and one row instead of every attempt."""

from itertools import groupby

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def marks_owned(apps, schema_editor):
    """Every mark gets the owner of its attempt, before the constraint asks for one."""
    Attempt = apps.get_model("quizzes", "Attempt")
    AttemptPattern = apps.get_model("quizzes", "AttemptPattern")
    attempt = Attempt.objects.filter(pk=OuterRef("attempt_id"))
    AttemptPattern.objects.update(
        user_id=Subquery(attempt.values("user_id")[:1]),
        guest_key=Subquery(attempt.values("guest_key")[:1]),
    )


def show_records(apps, schema_editor):
    """Each player's record of counts, worked out from their attempts, oldest first."""
    Attempt = apps.get_model("quizzes", "Attempt")
    ShowRecord = apps.get_model("quizzes", "ShowRecord")
    counts = (
        Attempt.objects.filter(kind="show")
        .order_by("user_id", "guest_key", "pk")
        .values_list("user_id", "guest_key", "pk", "right")
    )
    records = []
    for (user_id, guest_key), rows in groupby(counts.iterator(), key=lambda row: row[:2]):
        record = ShowRecord(user_id=user_id, guest_key=guest_key)
        for *_, pk, right in rows:
            record.attempts += 1
            record.right += right
            record.current_streak = record.current_streak + 1 if right else 0
            record.best_streak = max(record.best_streak, record.current_streak)
            record.last_id = pk
        records.append(record)
    ShowRecord.objects.bulk_create(records, batch_size=500)


class Migration(migrations.Migration):

    dependencies = [
        ('quizzes', '0006_lay_quizzes_and_patterns'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='ShowRecord',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('guest_key', models.CharField(blank=True, default='', max_length=64)),
                ('attempts', models.PositiveIntegerField(default=0)),
                ('right', models.PositiveIntegerField(default=0)),
                ('current_streak', models.PositiveIntegerField(default=0)),
                ('best_streak', models.PositiveIntegerField(default=0)),
            ],
            options={
                'abstract': False,
            },
        ),
        migrations.RemoveIndex(
            model_name='attempt',
            name='attempt_user_kind_time',
        ),
        migrations.AddField(
            model_name='attemptpattern',
            name='guest_key',
            field=models.CharField(blank=True, default='', max_length=64),
        ),
        migrations.AddField(
            model_name='attemptpattern',
            name='user',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='%(class)ss', to=settings.AUTH_USER_MODEL),
        ),
        migrations.RunPython(marks_owned, migrations.RunPython.noop, elidable=True),
        migrations.AddIndex(
            model_name='attempt',
            index=models.Index(fields=['user', 'kind', 'answered_at', 'id', 'right', 'seconds', 'crib'], name='attempt_user_kind_time'),
        ),
        migrations.AddIndex(
            model_name='attempt',
            index=models.Index(fields=['user', 'kind', 'crib', 'seconds'], name='attempt_user_seconds'),
        ),
        migrations.AddIndex(
            model_name='attemptpattern',
            index=models.Index(fields=['user', 'pattern', 'missed'], name='marks_user_pattern'),
        ),
        migrations.AddIndex(
            model_name='attemptpattern',
            index=models.Index(fields=['guest_key', 'pattern', 'missed'], name='marks_guest_pattern'),
        ),
        migrations.AddIndex(
            model_name='deal',
            index=models.Index(fields=['user', 'mode'], name='deal_user_mode'),
        ),
        migrations.AddConstraint(
            model_name='attemptpattern',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('guest_key', ''), ('user__isnull', False)), models.Q(('user__isnull', True), models.Q(('guest_key', ''), _negated=True)), _connector='OR'), name='attemptpattern_has_one_owner'),
        ),
        migrations.AddField(
            model_name='showrecord',
            name='last',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='quizzes.attempt'),
        ),
        migrations.AddField(
            model_name='showrecord',
            name='user',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='%(class)ss', to=settings.AUTH_USER_MODEL),
        ),
        migrations.AddConstraint(
            model_name='showrecord',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('guest_key', ''), ('user__isnull', False)), models.Q(('user__isnull', True), models.Q(('guest_key', ''), _negated=True)), _connector='OR'), name='showrecord_has_one_owner'),
        ),
        migrations.AddConstraint(
            model_name='showrecord',
            constraint=models.UniqueConstraint(condition=models.Q(('user__isnull', False)), fields=('user',), name='one_show_record_per_user'),
        ),
        migrations.AddConstraint(
            model_name='showrecord',
            constraint=models.UniqueConstraint(condition=models.Q(('user__isnull', True)), fields=('guest_key',), name='one_show_record_per_guest'),
        ),
        migrations.RunPython(show_records, migrations.RunPython.noop, elidable=True),
    ]
