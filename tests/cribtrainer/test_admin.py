"""Every model of the project's apps is in the admin, and its pages open for staff."""

import pytest
from django.apps import apps
from django.contrib import admin
from django.urls import reverse

from games.models import GameAction
from quizzes.models import AttemptPattern, ReviewItem
from tests.factories import AttemptFactory, GameFactory, UserFactory

PROJECT_APPS = ("quizzes", "games")


def project_models():
    return [model for app in PROJECT_APPS for model in apps.get_app_config(app).get_models()]


def test_every_project_model_is_registered():
    assert project_models()
    for model in project_models():
        assert admin.site.is_registered(model), model.__name__


@pytest.mark.django_db
@pytest.mark.parametrize("model", project_models(), ids=lambda m: m.__name__)
def test_changelist_and_change_page_open(client, model):
    attempt = AttemptFactory(claimed=3)
    AttemptPattern.objects.create(attempt=attempt, pattern="pair", missed=True)
    ReviewItem.objects.create(user=attempt.user, pattern="pair")
    game = GameFactory(user=attempt.user)
    GameAction.objects.create(game=game, number=0, seat=1, action={"type": "go", "player": 1})
    client.force_login(UserFactory(username="staff", is_staff=True, is_superuser=True))
    opts = model._meta
    changelist = client.get(reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist"))
    assert changelist.status_code == 200
    row = model.objects.first()
    change = client.get(reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[row.pk]))
    assert change.status_code == 200


def test_the_admin_needs_staff(client, db):
    client.force_login(UserFactory(username="player"))
    response = client.get(reverse("admin:quizzes_deal_changelist"))
    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]
