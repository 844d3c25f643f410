from django.contrib import admin
from django.urls import include, path

from . import views

urlpatterns = [
    path("admin/", admin.site.urls),
    path("healthz", views.healthz, name="healthz"),
    path("quiz/", include("quizzes.urls")),
    path("progress/", include("progress.urls")),
    path("accounts/", include("progress.account_urls")),
    path("", include("counter.urls")),
]
