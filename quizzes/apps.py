from django.apps import AppConfig


class QuizzesConfig(AppConfig):
    name = "quizzes"
    verbose_name = "Counting quizzes and progress"

    def warm_up(self) -> None:
        """Called by the WSGI entry point: build the dealing tables before the first request."""
        from .domain.dealing import warm_up

        warm_up()
