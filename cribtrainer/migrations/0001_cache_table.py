"""The database cache's table (CACHE_URL=db://TABLE, the default), which the rate limits
and the log-in hand-over count in: made by ``migrate``, as every other table is, so a
database that has been migrated is complete. Caches of other kinds need none."""

from django.core.management import call_command
from django.db import migrations


def cache_tables_create(apps, schema_editor):
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):
    dependencies = []

    operations = [migrations.RunPython(cache_tables_create, migrations.RunPython.noop)]
