from django.urls import path

from . import views

app_name = "counter"

urlpatterns = [
    path("", views.counter_page, name="counter"),
    path("round/", views.round_page, name="round"),
    path("pegging/", views.pegging_page, name="pegging"),
    path("discard/", views.discard_page, name="discard"),
    path("rules/", views.rules_page, name="rules"),
]
