"""Sessions move to a table that keeps the account each is logged in to. The sessions
that have not expired are copied over, decoded once here, so nobody is logged out and no
guest loses their practice."""

from django.db import migrations, models
from django.utils import timezone


def sessions_copy(apps, schema_editor):
    from django.contrib.sessions.backends.db import SessionStore

    from cribtrainer.sessions import session_user_id

    Old = apps.get_model("sessions", "Session")
    New = apps.get_model("cribtrainer", "PlayerSession")
    alias = schema_editor.connection.alias
    store = SessionStore()
    batch = []
    for old in Old.objects.using(alias).filter(expire_date__gt=timezone.now()).iterator():
        user_id = session_user_id(store.decode(old.session_data))
        batch.append(
            New(
                session_key=old.session_key,
                session_data=old.session_data,
                expire_date=old.expire_date,
                user_id=user_id,
            )
        )
        if len(batch) == 1000:
            New.objects.using(alias).bulk_create(batch, ignore_conflicts=True)
            batch = []
    New.objects.using(alias).bulk_create(batch, ignore_conflicts=True)


class Migration(migrations.Migration):
    dependencies = [
        ("cribtrainer", "0001_cache_table"),
        ("sessions", "0001_initial"),
    ]

    operations = [
        migrations.CreateModel(
            name="PlayerSession",
            fields=[
                (
                    "session_key",
                    models.CharField(
                        max_length=40,
                        primary_key=True,
                        serialize=False,
                        verbose_name="session key",
                    ),
                ),
                ("session_data", models.TextField(verbose_name="session data")),
                ("expire_date", models.DateTimeField(db_index=True, verbose_name="expire date")),
                ("user_id", models.BigIntegerField(blank=True, db_index=True, null=True)),
            ],
            options={
                "verbose_name": "session",
                "verbose_name_plural": "sessions",
                "db_table": "cribtrainer_session",
                "abstract": False,
            },
        ),
        migrations.RunPython(sessions_copy, migrations.RunPython.noop),
    ]
