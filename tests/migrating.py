"""The database the removed migrations left, for the tests that such a database still migrates.

quizzes 0001-0007 and games 0001-0008 were squashed, and later removed; a database made
before the squashes has them recorded and not the squashes. ``cribtrainer/data/old_chain.sql``
beside these tests is such a database, made by those migrations before they went (its header
says how). It is a SQLite dump, so the tests that load it run on SQLite only.
"""

import re
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import connection

# The digest Django ends the names of the indexes it makes itself with.
DJANGO_NAMED = re.compile(r"_[0-9a-f]{8}$")
OLD_CHAIN = Path(__file__).parent / "cribtrainer" / "data" / "old_chain.sql"

only_sqlite = pytest.mark.skipif(
    connection.vendor != "sqlite",
    reason="the database the removed migrations left is kept as a SQLite dump",
)


def empty_database() -> None:
    """Every table of the test database dropped, django_migrations among them."""
    with connection.constraint_checks_disabled(), connection.cursor() as cursor:
        for table in connection.introspection.table_names(cursor):
            cursor.execute(f'DROP TABLE "{table}"')


def old_chain_database() -> None:
    """Make the test database the one the removed migrations left: its tables, rows and
    migration records in place of the test database's."""
    empty_database()
    with connection.constraint_checks_disabled():
        connection.connection.executescript(OLD_CHAIN.read_text())


def migrate() -> None:
    """``manage.py migrate``, as a deployment runs it."""
    call_command("migrate", interactive=False, verbosity=0)


def given_name(name: str) -> str:
    """A constraint's name, or "" for one that no model names. SQLite numbers the column
    checks it leaves unnamed in column order. Django names the index of a foreign key after
    its table and finds it by its columns: a table renamed keeps the old name (the review
    queue's user index is still named after progress_reviewitem where that table was
    adopted)."""
    if name.startswith("__unnamed_constraint") or DJANGO_NAMED.search(name):
        return ""
    return name


def schema() -> dict:
    """Each table's columns and constraints (indexes among them)."""
    introspection = connection.introspection
    with connection.cursor() as cursor:
        return {
            table: (
                sorted(
                    (column.name, column.type_code, column.null_ok, column.default)
                    for column in introspection.get_table_description(cursor, table)
                ),
                sorted(
                    (given_name(name), repr(sorted(constraint.items())))
                    for name, constraint in introspection.get_constraints(cursor, table).items()
                ),
            )
            for table in introspection.table_names(cursor)
        }
