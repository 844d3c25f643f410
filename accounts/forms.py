"""The account forms: sign up, log in, the password asked again before a change that
matters (the email address, deleting the account), and asking for a reset link."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm, PasswordResetForm, UserCreationForm
from django.core.validators import MaxLengthValidator

from .lockout import PASSWORD_RESETS

User = get_user_model()

EMAIL_HELP = "Optional. Only used to send you a link if you forget your password."


def email_clean(email: str, user=None) -> str:
    """An optional email address, normalised; refused if another account has it (in any
    case: the database enforces the same, by the index ``auth_user_email_unique_ci`` the
    quizzes migrations make)."""
    email = User.objects.normalize_email(email.strip())
    others = User.objects.filter(email__iexact=email)
    if user is not None:
        others = others.exclude(pk=user.pk)
    if email and others.exists():
        raise forms.ValidationError("Another account already has that email address.")
    return email


class SignupForm(UserCreationForm):
    """Django's sign-up form (fields ``username``, ``password1``, ``password2``), with an
    optional email address for password resets."""

    email = forms.EmailField(
        label="Email address",
        required=False,
        help_text=EMAIL_HELP,
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")

    def clean_email(self):
        return email_clean(self.cleaned_data["email"])


class LoginForm(AuthenticationForm):
    """Django's log-in form, with the username's length checked before anything looks it up:
    Django sets the field's ``max_length`` after building it, so no validator enforces it,
    and an overlong name reached django-axes' log of failures (a 500 on PostgreSQL)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        field = self.fields["username"]
        field.validators.append(MaxLengthValidator(field.max_length))


class ReauthenticationForm(forms.Form):
    """The signed-in player's password, asked again before a change that matters."""

    password = forms.CharField(
        label="Your password",
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
        error_messages={"required": "Enter your password to confirm."},
    )
    wrong_password = "That is not your password."

    def __init__(self, user, *args, **kwargs):
        self.user = user
        super().__init__(*args, **kwargs)

    def clean_password(self):
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError(self.wrong_password, code="password_incorrect")
        return password


class EmailForm(ReauthenticationForm):
    email = forms.EmailField(
        label="Email address",
        required=False,
        help_text=EMAIL_HELP,
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )
    wrong_password = "That is not your password: your email address was not changed."
    field_order = ("email", "password")

    def clean_email(self):
        return email_clean(self.cleaned_data["email"], user=self.user)


class DeleteAccountForm(ReauthenticationForm):
    wrong_password = "That is not your password: nothing was deleted."


class PasswordResetRequestForm(PasswordResetForm):
    """Django's form: mails a reset link to each active account with the address, and says
    the same whether there is one or not. Each address gets at most the reset rate's mails."""

    def get_users(self, email):
        if PASSWORD_RESETS.take(f"email:{email.casefold()}") is not None:
            return iter(())
        return super().get_users(email)
