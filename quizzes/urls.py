"""The trainer's pages: quizzes under /quiz/, progress and review under /progress/, and the
account pages under /accounts/. Django's auth views keep their own un-namespaced names
(``login``, ``password_change_done``…), which they reverse among themselves."""

from django.contrib.auth import views as auth_views
from django.urls import include, path

from . import accounts, views

trainer_patterns = [
    path("quiz/", views.choose, name="choose"),
    path("quiz/new/", views.deal_new, name="new"),
    path("quiz/<int:pk>/", views.deal_page, name="deal"),
    path("quiz/<int:pk>/answer/", views.answer, name="answer"),
    path("quiz/<int:pk>/explain/", views.explain, name="explain"),
    path("progress/", views.progress_page, name="progress"),
    path("progress/review/", views.review_page, name="review"),
]

account_patterns = [
    path("", accounts.account_page, name="account"),
    path("signup/", accounts.signup, name="signup"),
    path(
        "login/",
        accounts.LoginView.as_view(),
        name="login",
    ),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("password/", accounts.password_change, name="password_change"),
    path(
        "password/done/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"
    ),
    path("password/reset/", accounts.password_reset, name="password_reset"),
    path(
        "password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "password/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "password/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    path("sessions/end/", accounts.sessions_end_others, name="sessions_end_others"),
    path("delete/", accounts.account_delete_page, name="account_delete"),
    path("deleted/", accounts.account_deleted, name="account_deleted"),
    path("attempts.csv", accounts.attempts_csv, name="attempts_csv"),
]

urlpatterns = [
    path("", include((trainer_patterns, "quizzes"))),
    path("accounts/", include(account_patterns)),
]
