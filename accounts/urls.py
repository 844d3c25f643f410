"""The account pages under /accounts/. Django's auth views keep their own un-namespaced
names (``login``, ``password_change_done``…), which they reverse among themselves."""

from django.contrib.auth import views as auth_views
from django.urls import path

from . import views

urlpatterns = [
    path("", views.account_page, name="account"),
    path("signup/", views.signup, name="signup"),
    path("login/", views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("password/", views.password_change, name="password_change"),
    path(
        "password/done/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"
    ),
    path("password/reset/", views.password_reset, name="password_reset"),
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
    path("email/confirm/<str:token>/", views.email_confirm, name="email_confirm"),
    path("sessions/end/", views.sessions_end_others, name="sessions_end_others"),
    path("delete/", views.account_delete_page, name="account_delete"),
    path("deleted/", views.account_deleted, name="account_deleted"),
    path("attempts.csv", views.attempts_csv, name="attempts_csv"),
]
