"""What the progress page shows of the games a player kept at a real table: the games, and
for the player's own seat the games won, skunks, the average and best hand, and the counts
checked from the cards and corrected.

Each board keeps these figures for its finished games (``board_figures``, saved with it as
each game ends), so the page adds up stored numbers instead of replaying every board.
"""

from __future__ import annotations

from django.db.models import Count, Q, Sum

from cribbage.rules import Seat
from cribbage.scoreboard import Scoreboard as Board
from quizzes.owners import Owner

from .models import Scoreboard

FIGURES = (
    "games_finished",
    "games_won",
    "skunks_given",
    "skunks_taken",
    "hands",
    "hand_points",
    "checked",
    "corrected",
)


def board_figures(board: Board, me: Seat | None) -> dict[str, int | str | None]:
    """The figures of ``board``'s finished games for the progress page: how many, and for
    the player in seat ``me`` (none when they only kept the score) the games their side
    won, skunks given and taken, their hands and hand points, their counts checked from
    the cards and corrected, and their best hand (with its cards when it was checked)."""
    finished = [game for game in board.games if game.is_over]
    figures: dict[str, int | str | None] = dict.fromkeys(FIGURES, 0)
    figures.update(games_finished=len(finished), best_hand=None, best_hand_cards="")
    if me is None:
        return figures
    seating = board.seating
    side = seating.side_of(me)
    counts = dict.fromkeys(FIGURES[1:], 0)
    bests = []
    for game in finished:
        result = board.result_of(game)
        assert result is not None
        won = seating.side_of(result.winner) == side
        counts["games_won"] += won
        if result.skunk:
            counts["skunks_given" if won else "skunks_taken"] += 1
        mine = board.figures(game)[me]
        counts["hands"] += len(mine.hands)
        counts["hand_points"] += sum(entry.counted for entry in mine.hands)
        counts["checked"] += len(mine.checked)
        counts["corrected"] += len(mine.corrected)
        if mine.best_hand is not None:
            bests.append(mine.best_hand)
    figures.update(counts)
    best = max(bests, key=lambda entry: (entry.counted, entry.checked is not None), default=None)
    if best is not None:
        figures["best_hand"] = best.counted
        if best.checked is not None:
            cards = (*best.checked.cards, best.checked.starter)
            figures["best_hand_cards"] = " ".join(card.code for card in cards)
    return figures


def scoreboards_progress(owner: Owner) -> dict | None:
    """The progress page's section on games kept at the table; None before the first."""
    boards = Scoreboard.objects.owned_by(owner)
    totals = boards.aggregate(
        boards=Count("pk"),
        played=Sum("games_finished", filter=Q(me__isnull=False)),
        **{field: Sum(field) for field in FIGURES},
    )
    if not totals["boards"]:
        return None
    best = (
        boards.filter(best_hand__isnull=False)
        .order_by("-best_hand", "-best_hand_cards", "-updated_at")
        .values("best_hand", "best_hand_cards")
        .first()
    )
    totals = {key: value or 0 for key, value in totals.items()}
    hands = totals["hands"]
    return {
        **totals,
        "average_hand": totals["hand_points"] / hands if hands else None,
        "best": best,
    }
