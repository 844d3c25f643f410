"""The database the removed migrations left, for the tests that such a database still migrates.

quizzes 0001-0007 and games 0001-0008 were squashed, and later removed; a database made
before the squashes has them recorded and not the squashes. ``cribtrainer/data/old_chain.sql``
beside these tests is such a database, made by those migrations before they went (its header
says how), and ``old_chain.postgresql.sql`` the same made on PostgreSQL.
"""

import re
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import connection

# The digest in the names Django gives the indexes and constraints it makes itself.
DJANGO_NAMED = re.compile(r"_[0-9a-f]{8}(_|$)")
DATA = Path(__file__).parent / "cribtrainer" / "data"
OLD_CHAIN = {"sqlite": DATA / "old_chain.sql", "postgresql": DATA / "old_chain.postgresql.sql"}

has_old_chain = pytest.mark.skipif(
    connection.vendor not in OLD_CHAIN,
    reason="the database the removed migrations left is kept for SQLite and PostgreSQL",
)


def empty_database() -> None:
    """Every table of the test database dropped, django_migrations among them."""
    cascade = " CASCADE" if connection.vendor == "postgresql" else ""
    with connection.constraint_checks_disabled(), connection.cursor() as cursor:
        for table in connection.introspection.table_names(cursor):
            cursor.execute(f'DROP TABLE "{table}"' + cascade)


def old_chain_database() -> None:
    """Make the test database the one the removed migrations left: its tables, rows and
    migration records in place of the test database's."""
    empty_database()
    dump = OLD_CHAIN[connection.vendor].read_text()
    if connection.vendor == "sqlite":
        with connection.constraint_checks_disabled():
            connection.connection.executescript(dump)
    else:
        with connection.cursor() as cursor:
            cursor.execute(dump)


def migrate() -> None:
    """``manage.py migrate``, as a deployment runs it."""
    call_command("migrate", interactive=False, verbosity=0)


def given_name(name: str) -> str:
    """A constraint's name, or "" for one that no model names. Django names the indexes and
    constraints it makes itself after their table, and finds them by their columns; the
    databases name a primary key and a column's own checks (of a positive integer field)
    after the table, or number them. A table renamed keeps the old names: the review queue's
    are still named after progress_reviewitem where that table was adopted."""
    if (
        name.startswith("__unnamed_constraint")
        or name.endswith(("_pkey", "_check"))
        or DJANGO_NAMED.search(name)
    ):
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
