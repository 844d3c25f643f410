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


def email_clean(email: str) -> str:
    """An optional email address, normalised. Whether another account has it is never said
    here, to anyone who types it: it becomes the account's once a link mailed to it is
    followed (accounts.services.address_mail_queue), and the database refuses a second
    account with one address in any case (the index ``auth_user_email_unique_ci``)."""
    return User.objects.normalize_email(email.strip())


class SignupForm(UserCreationForm):
    """Django's sign-up form (fields ``username``, ``password1``, ``password2``), with an
    optional email address for password resets, which the account has once a link mailed
    to it is followed: the form saves the account without it."""

    email = forms.EmailField(
        label="Email address",
        required=False,
        help_text=EMAIL_HELP,
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )

    class Meta(UserCreationForm.Meta):
        fields = ("username",)

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
        return email_clean(self.cleaned_data["email"])


class DeleteAccountForm(ReauthenticationForm):
    wrong_password = "That is not your password: nothing was deleted."


class PasswordResetRequestForm(PasswordResetForm):
    """Django's form, which says the same whether an account has the address or not; the
    view queues the mail (accounts.tasks), this finds whom it goes to."""

    def user_to_mail(self) -> int | None:
        """The id of the active account with the address, with a usable password, as
        Django's form finds it; None if there is none, or once the address has had the reset
        rate's mails."""
        email = self.cleaned_data["email"]
        if PASSWORD_RESETS.take(f"email:{email.casefold()}") is not None:
            return None
        user = next(iter(self.get_users(email)), None)
        return None if user is None else user.pk

    def send_mail(self, *args, **kwargs):
        raise NotImplementedError("reset mail is sent by accounts.tasks, which raises")
