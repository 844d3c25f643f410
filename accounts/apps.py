from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from .guests import guest_attempts_claim
        from .lockout import login_failures_forgive

        user_logged_in.connect(guest_attempts_claim, dispatch_uid="accounts.guest_attempts_claim")
        user_logged_in.connect(
            login_failures_forgive, dispatch_uid="accounts.login_failures_forgive"
        )
