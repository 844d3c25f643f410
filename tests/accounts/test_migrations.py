"""A reset mail queued before the accounts app was made (its task then in quizzes.accounts)
is still sent: the migration points the queued task at accounts.tasks."""

import pytest
from django.core import mail
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import override_settings
from django_tasks_db.models import DBTaskResult

from accounts.tasks import password_reset_mail
from tests.factories import UserFactory

OLD = "quizzes.accounts.password_reset_mail"


def migrate(*targets) -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(list(targets) or executor.loader.graph.leaf_nodes())


# The worker closes its database connections as it goes: a transaction the test wrapped
# around it would go with them.
@pytest.mark.django_db(transaction=True)
@override_settings(TASKS={"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}})
def test_a_reset_mail_queued_under_the_old_path_is_sent():
    UserFactory(email="known@example.org")
    migrate(("accounts", None))
    password_reset_mail.enqueue("known@example.org", "testserver", False)
    DBTaskResult.objects.update(task_path=OLD)  # as the code before the move queued it

    migrate()

    queued = DBTaskResult.objects.get()
    assert queued.task_path == "accounts.tasks.password_reset_mail"
    assert queued.task.func is password_reset_mail.func
    call_command("db_worker", "--batch", "--no-startup-delay", verbosity=0)
    (message,) = mail.outbox
    assert message.to == ["known@example.org"]
