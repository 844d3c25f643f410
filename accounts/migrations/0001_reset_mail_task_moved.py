"""The password-reset mail task moved from quizzes.accounts to accounts.tasks: the tasks
queued before the move (django-tasks keeps each one's dotted path) are pointed at its new
place, so the worker still runs them. The app has no tables of its own."""

from django.db import migrations

OLD = "quizzes.accounts.password_reset_mail"
NEW = "accounts.tasks.password_reset_mail"


def repoint(old: str, new: str):
    def move(apps, schema_editor):
        results = apps.get_model("django_tasks_database", "DBTaskResult").objects
        results.using(schema_editor.connection.alias).filter(task_path=old).update(task_path=new)

    return move


class Migration(migrations.Migration):
    dependencies = [("django_tasks_database", "0001_initial")]

    operations = [migrations.RunPython(repoint(OLD, NEW), repoint(NEW, OLD), elidable=True)]
