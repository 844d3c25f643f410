"""The trainer's pages: quizzes under /quiz/, progress and review under /progress/ (the
account pages are the accounts app's, under /accounts/)."""

from django.urls import path

from . import views

app_name = "quizzes"

urlpatterns = [
    path("quiz/", views.choose, name="choose"),
    path("quiz/new/", views.deal_new, name="new"),
    path("quiz/<int:pk>/", views.deal_page, name="deal"),
    path("quiz/<int:pk>/answer/", views.answer, name="answer"),
    path("quiz/<int:pk>/explain/", views.explain, name="explain"),
    path("progress/", views.progress_page, name="progress"),
    path("progress/review/", views.review_page, name="review"),
]
