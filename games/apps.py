from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games against the computer"

    def ready(self) -> None:
        from quizzes.progress import register_progress_section
        from quizzes.services.guests import register_guest_rows
        from quizzes.signals import guest_merged

        from .models import Game, Match
        from .progress import games_progress, games_skill
        from .scoreboard.models import Scoreboard
        from .scoreboard.progress import scoreboards_progress
        from .scoreboard.services import guest_scoreboards_claim
        from .services import guest_games_claim

        guest_merged.connect(guest_games_claim, dispatch_uid="games.guest_games_claim")
        guest_merged.connect(guest_scoreboards_claim, dispatch_uid="games.guest_scoreboards_claim")
        register_guest_rows("games", Game, "updated_at")
        register_guest_rows("matches", Match, "updated_at")
        register_guest_rows("scoreboards", Scoreboard, "updated_at")
        register_progress_section("games/_progress.html", games_progress)
        register_progress_section("games/_skill.html", games_skill)
        register_progress_section("games/_scoreboard_progress.html", scoreboards_progress)
