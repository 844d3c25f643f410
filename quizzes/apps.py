from django.apps import AppConfig


class QuizzesConfig(AppConfig):
    name = "quizzes"
    verbose_name = "Counting quizzes and progress"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from .accounts import login_failures_forgive
        from .services import guest_attempts_claim

        user_logged_in.connect(guest_attempts_claim, dispatch_uid="quizzes.guest_attempts_claim")
        user_logged_in.connect(
            login_failures_forgive, dispatch_uid="quizzes.login_failures_forgive"
        )

    def warm_up(self) -> None:
        """Called by the WSGI entry point: build the dealing tables before the first request."""
        from .domain.dealing import warm_up

        warm_up()
