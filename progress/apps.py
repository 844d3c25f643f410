from django.apps import AppConfig


class ProgressConfig(AppConfig):
    name = "progress"
    verbose_name = "Progress and review"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from .services import guest_attempts_claim

        user_logged_in.connect(guest_attempts_claim, dispatch_uid="progress.guest_attempts_claim")
