"""What the progress page shows of a player's games: played, won, skunks, points a deal by
seat and source, and how well they count in games."""

from __future__ import annotations

from statistics import mean

from counter.cribbage.game import Game as EngineGame
from counter.cribbage.game import Source
from quizzes.domain.dealing import Mode
from quizzes.domain.patterns import Area
from quizzes.models import Attempt
from quizzes.owners import Owner

from .models import HUMAN, Game


def games_progress(owner: Owner) -> dict | None:
    """The games section of the progress page; None before the player's first game."""
    games = list(Game.objects.owned_by(owner).order_by("started_at"))
    if not games:
        return None
    finished = [game for game in games if game.is_over]
    won = [game for game in finished if game.winner == Game.Winner.HUMAN]
    lost = [game for game in finished if game.winner == Game.Winner.COMPUTER]
    per_deal = {"pone": [], "dealer": []}
    for game in games:
        engine = game.engine
        for deal in engine.deals:
            if deal.play is None or not deal.play.is_over:
                continue  # a deal not played out: its points would undercount the seat
            seat = "dealer" if deal.dealer == HUMAN else "pone"
            per_deal[seat].append(sum(engine.points_by_source(HUMAN, deal.number).values()))
    # A game's discards and lays are kept as game attempts too (games.review): not claims.
    claims = (
        Attempt.objects.owned_by(owner)
        .filter(deal__mode=Mode.GAME.value)
        .exclude(kind__in=(Area.DISCARD.value, Area.LAY.value))
    )
    counted = claims.count()
    right = claims.filter(right=True).count()
    return {
        "played": len(games),
        "finished": len(finished),
        "won": len(won),
        "skunks_given": sum(1 for game in won if game.skunk),
        "skunks_taken": sum(1 for game in lost if game.skunk),
        "match_points": sum(1 + game.skunk for game in won) - sum(1 + game.skunk for game in lost),
        "per_deal": {
            seat: (len(points), mean(points)) for seat, points in per_deal.items() if points
        },
        "claims": counted,
        "claims_right": right,
        "claims_percent": round(100 * right / counted) if counted else None,
        "muggins": sum(engine_missed(game.engine) for game in games if game.counting == "manual"),
    }


def engine_missed(engine: EngineGame) -> int:
    """Points the player left unclaimed, which the computer took (muggins)."""
    return sum(
        peg.points for peg in engine.pegs if peg.source is Source.MUGGINS and peg.player != HUMAN
    )
