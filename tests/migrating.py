"""Migrating the test database by hand, the way a database made before a squash migrates."""

from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader


def step_by_step() -> MigrationExecutor:
    """An executor that takes the migrations a squash replaces one by one, and not the
    squash. A database made before the squash goes that way; a new one, as the tests' is,
    goes through the squash (which records the migrations it replaces as applied)."""
    loader = MigrationLoader(connection, replace_migrations=False)
    for squash, migration in loader.replacements.items():
        loader.graph.remove_replacement_node(squash, migration.replaces)
    executor = MigrationExecutor(connection)
    executor.loader = loader
    return executor
