from django.contrib import admin
from django.urls import include, path

from . import views

urlpatterns = [
    path("admin/", admin.site.urls),
    path("healthz", views.healthz, name="healthz"),
    path("", include("quizzes.urls")),
    path("accounts/", include("accounts.urls")),
    path("play/", include("games.urls")),
    path("scoreboard/", include("games.scoreboard.urls")),
    path("", include("counter.urls")),
]

handler500 = "cribtrainer.views.server_error"
