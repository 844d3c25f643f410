from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games against the computer"

    def ready(self) -> None:
        from quizzes.progress import register_progress_section
        from quizzes.signals import guest_merged

        from .progress import games_progress
        from .services import guest_games_claim

        guest_merged.connect(guest_games_claim, dispatch_uid="games.guest_games_claim")
        register_progress_section("games/_progress.html", games_progress)
