"""What the progress page shows of a player's games: played, won, skunks, points a deal by
seat and source, and how well they count in games; and the skill trend, points lost a deal
in each of the last finished games.

Each game keeps its own figures (``game_figures``, saved with it after every move), so the
page adds up stored numbers instead of replaying every game.
"""

from __future__ import annotations

import json
from collections import Counter
from statistics import mean
from typing import NamedTuple

from cribbage.game import Game as EngineGame
from cribbage.game import Source
from cribbage.match_score import match_points
from cribbage.review import EVALUATION
from quizzes.domain.charts import loss_line
from quizzes.domain.dealing import Mode
from quizzes.domain.patterns import Area
from quizzes.models import Attempt, Deal
from quizzes.owners import Owner
from quizzes.progress import owned_rows

from .models import HUMAN, LEVEL_CHOICES, Game, GameAction, Match
from .review import SKILL_KINDS

TREND_GAMES = 30
"""The skill trend shows the player's last this many finished games."""

FIGURES = ("pone_deals", "pone_points", "dealer_deals", "dealer_points", "muggins_lost")


def game_figures(engine: EngineGame) -> dict[str, int]:
    """A game's figures for the progress page, the fields of ``FIGURES``: per seat, the
    deals played out and the player's points in them (a deal not played out would
    undercount its seat), and the points the computer took from the player by muggins."""
    figures = dict.fromkeys(FIGURES, 0)
    for deal in engine.deals:
        if deal.play is None or not deal.play.is_over:
            continue
        seat = "dealer" if deal.dealer == HUMAN else "pone"
        figures[f"{seat}_deals"] += 1
        figures[f"{seat}_points"] += sum(engine.points_by_source(HUMAN, deal.number).values())
    figures["muggins_lost"] = engine_missed(engine)
    return figures


def engine_missed(engine: EngineGame) -> int:
    """Points the player left unclaimed, which the computer took (muggins)."""
    return sum(
        peg.points for peg in engine.pegs if peg.source is Source.MUGGINS and peg.player != HUMAN
    )


GAMES = Game._meta.db_table
MOVED_IN = f"""("pone_deals" + "dealer_deals" > 0 OR EXISTS (
    SELECT 1 FROM "{GameAction._meta.db_table}" WHERE "game_id" = "{GAMES}"."id"
        AND "number" < "{GAMES}"."players" AND "seat" = {HUMAN}
        AND "action" ->> 'type' = 'discard'
))"""
"""The player moved in the game: a deal of it was played out, or they made their first
move, always a discard (a choice, never made for them), one of the game's first actions,
one a player (the computers from the dealer's left throw first). A game left as dealt, or
resigned before it to make room for a guest's new one, was never played. The deals played
out are in the index the page reads: only a game without one is looked up in its actions."""

GROUPS = f"""
SELECT "winner", "counting", "skunk", COUNT(*), SUM("hints_used"),
    {", ".join(f'SUM("{field}")' for field in FIGURES)}
FROM "{GAMES}" WHERE {{owned}} AND {MOVED_IN}
GROUP BY "winner", "counting", "skunk"
"""
"""The player's games moved in added up, one row per (winner, counting, skunk), from the
index that holds the figures; in SQL, as the ORM took longer to build this query than the
database to answer it."""

CLAIMS = f"""
SELECT COUNT(*), COUNT(*) FILTER (WHERE "right")
FROM "{Attempt._meta.db_table}"
WHERE "deal_id" IN (
    SELECT "id" FROM "{Deal._meta.db_table}"
    WHERE {{owned}} AND "mode" = '{Mode.GAME.value}'
        AND "kind" NOT IN ('{Area.DISCARD.value}', '{Area.LAY.value}')
)
"""
"""The player's claims in games, and how many were right: their attempts of the player's
deals of games (an index), not all of their attempts. A game's discards and lays are kept
as game attempts too (games.review): not claims."""


def _totals(owner: Owner) -> Counter[str]:
    """The player's games added up (``GROUPS``), the groups summed here."""
    totals: Counter[str] = Counter()
    for winner, counting, skunk, games, hints, *figures in owned_rows(GROUPS, owner):
        totals["played"] += games
        totals["hints"] += hints
        sums = dict(zip(FIGURES, figures, strict=True))
        for field in FIGURES:
            if field != "muggins_lost":
                totals[field] += sums[field]
        if counting == "manual":
            totals["muggins"] += sums["muggins_lost"]
        if winner == "":
            continue
        totals["finished"] += games
        side = "won" if winner == Game.Winner.HUMAN else "lost"
        totals[side] += games
        totals[f"match_points_{side}"] += match_points(skunk) * games
        if skunk:
            totals["skunks_given" if side == "won" else "skunks_taken"] += games
    return totals


def games_progress(owner: Owner) -> dict | None:
    """The games section of the progress page; None before the player's first game."""
    totals = _totals(owner)
    if not totals["played"]:
        return None
    ((counted, right),) = owned_rows(CLAIMS, owner)
    per_deal = {
        seat: (totals[f"{seat}_deals"], totals[f"{seat}_points"] / totals[f"{seat}_deals"])
        for seat in ("pone", "dealer")
        if totals[f"{seat}_deals"]
    }
    return {
        "played": totals["played"],
        "finished": totals["finished"],
        "won": totals["won"],
        "skunks_given": totals["skunks_given"],
        "skunks_taken": totals["skunks_taken"],
        # Each game's match points (the engine's rule), won less lost.
        "match_points": totals["match_points_won"] - totals["match_points_lost"],
        **matches_progress(owner),
        "per_deal": per_deal,
        "claims": counted,
        "claims_right": right,
        "claims_percent": round(100 * right / counted) if counted else None,
        "hints": totals["hints"],
        "muggins": totals["muggins"],
    }


MATCHES = f"""
SELECT "winner", COUNT(*) FROM "{Match._meta.db_table}"
WHERE {{owned}} AND "winner" != '' GROUP BY "winner"
"""
"""The player's finished matches, by winner (an index)."""


def matches_progress(owner: Owner) -> dict[str, int]:
    """The player's matches of several games: how many they won and lost."""
    finished = dict(owned_rows(MATCHES, owner))
    return {
        "matches_won": finished.get(Match.Winner.HUMAN.value, 0),
        "matches_lost": finished.get(Match.Winner.COMPUTER.value, 0),
    }


TREND = f"""
SELECT "id", "level", "skill" FROM "{Game._meta.db_table}"
WHERE {{owned}} AND "finished_at" IS NOT NULL
ORDER BY "finished_at" DESC, "id" DESC LIMIT %(count)s
"""
"""The last finished games' skill figures (``games.review.skill_figures``), from the column
kept beside each review, never the reviews themselves."""


class TrendGame(NamedTuple):
    """A game of the skill trend, as its rows name it."""

    pk: int
    level: str


def games_skill(owner: Owner) -> dict | None:
    """The progress page's skill trend: points lost per deal in each finished game, by
    discards, the play and counting, luck left out; the player's average beside each
    computer level's own figure, measured the same way. None before a reviewed game."""
    games = owned_rows(TREND, owner, count=TREND_GAMES)
    rows = []
    for pk, level, stored in reversed(games):
        skill = json.loads(stored) if stored is not None else None
        if skill is not None and skill["evaluation"] == EVALUATION:
            game = TrendGame(pk, level)
            rows.append({"game": game, "you": skill["you"], "computer": skill["computer"]})
    if not rows:
        return None
    levels: dict[str, list[float]] = {}
    for row in rows:
        levels.setdefault(row["game"].level, []).append(row["computer"]["all"])
    return {
        "rows": rows,
        "average": {kind: mean(row["you"][kind] for row in rows) for kind in (*SKILL_KINDS, "all")},
        "levels": [
            (name, mean(levels[level]), len(levels[level]))
            for level, name in LEVEL_CHOICES
            if level in levels
        ],
        "chart": loss_line([row["you"]["all"] for row in rows], [row["game"].pk for row in rows]),
    }
