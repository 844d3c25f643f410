"""An account's email address, when it has one, is unique whatever its case: password
resets go to the one account with the address. Sign-up and the account page check first;
this index settles two requests at once. auth_user is django.contrib.auth's table, so it is
an index made in SQL rather than a model constraint."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("quizzes", "0003_kinds_of_deal_and_marks_not_known"),
    ]

    operations = [
        migrations.RunSQL(
            "CREATE UNIQUE INDEX auth_user_email_unique_ci ON auth_user (LOWER(email)) "
            "WHERE email <> ''",
            reverse_sql="DROP INDEX auth_user_email_unique_ci",
        ),
    ]
