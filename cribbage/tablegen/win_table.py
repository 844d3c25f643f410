"""The win table worked out (``cribbage.win_table``), by dynamic programming over what
deals give.

A deal's outcome is drawn from ``DEALS`` deals the computer played against itself
(``selfplay``, ``strong`` on both sides, seeded by ``SEED``): the dealer's heels, each
player's pegging, the pone's hand, the dealer's hand and crib. They are counted in the
order of the game (``peg_out``; when both players would reach 121 in the play, each is
given half the game: the outcome does not say who pegged first); whoever reaches 121
first wins, else the next deal starts with the roles swapped. The pone's chance at scores
(p, d) is then the average over the outcomes of winning in the deal or, when no one
reaches 121, one minus the other's chance as pone of the next deal. Every deal pegs at
least one point (the last card or 31), so the chances are worked out from the highest
total score down.

The same deals give what each role's own play and hand were worth (``deal_points.csv``).
Strong discards with the crib model and the pegging table, so this table is made after
them, and its revision counts theirs.

The shipped files were played by an earlier strong (before git 4005f76, valuing the crib
at random), as their header says: today's strong plays other deals, so this makes other
figures, and the computer near the end of a game would play otherwise.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence

from .. import crib_model, peg_table
from ..peg_out import peg_out
from ..rules import GAME_POINTS
from ..win_table import DEAL_POINTS_FILE, FILE, SCALE
from . import data_file, revision
from .selfplay import DealOutcome, play_deals

__all__ = ["DEALS", "INPUTS", "SEED", "cells", "make", "texts", "work_out"]

DEALS = 6000
SEED = "win-table-1"
INPUTS = (crib_model.FILE, peg_table.FILE)
"""The tables strong plays the deals with."""
COMMAND = "python -m cribbage.tablegen win_table"


def work_out(outcomes: Sequence[DealOutcome]) -> list[list[float]]:
    """The pone's chance to win, ``chances[p][d]`` for the pone on ``p`` and the dealer
    on ``d`` (0 to 120), from deal outcomes, all equally likely."""
    detail = Counter(
        (o.heels, o.pone_play, o.dealer_play, o.pone_hand, o.dealer_hand + o.crib) for o in outcomes
    )
    totals = Counter((o.pone_total, o.dealer_total) for o in outcomes)
    n = len(outcomes)
    detail_items = [(key, count / n) for key, count in detail.items()]
    total_items = [(key, count / n) for key, count in totals.items()]
    most_pone = max(pone for pone, _ in totals)
    most_dealer = max(dealer for _, dealer in totals)
    end = GAME_POINTS
    chances = [[0.0] * end for _ in range(end)]

    def later(pone: int, dealer: int) -> float:
        """The pone's chance once the deal is over, neither at 121: one minus the next
        pone's (this deal's dealer's)."""
        return 1.0 - chances[dealer][pone]

    for total in range(2 * (end - 1), -1, -1):
        for pone in range(max(0, total - end + 1), min(total, end - 1) + 1):
            dealer = total - pone
            if pone + most_pone < end and dealer + most_dealer < end:
                chance = sum(p * later(pone + a, dealer + b) for (a, b), p in total_items)
            else:
                chance = sum(
                    p * _pone_wins(pone, dealer, outcome, later) for outcome, p in detail_items
                )
            chances[pone][dealer] = chance
    return chances


def _pone_wins(
    pone: int, dealer: int, outcome: tuple[int, ...], later: Callable[[int, int], float]
) -> float:
    share, pone, dealer = peg_out(pone, dealer, *outcome)
    return later(pone, dealer) if share is None else share


def cells(chances: Sequence[Sequence[float]]) -> list[list[int]]:
    """The chances as the table holds them, in 1/``SCALE``ths."""
    return [[round(chance * SCALE) for chance in row] for row in chances]


def texts(
    table: Sequence[Sequence[int]],
    pone_deals: Counter[tuple[int, int]],
    dealer_deals: Counter[tuple[int, int]],
    made: str | None = None,
    notes: Sequence[str] = (),
) -> dict[str, str]:
    """The data files of the table's cells and of the (play, hand) of each role's deals,
    made by the code of revision ``made`` (today's by default)."""
    seed = f"{SEED}, {DEALS} deals"
    made = made or revision(__name__, INPUTS)
    chances = data_file(
        "The pone's chance to win, the deal about to start: see cribbage.win_table.",
        COMMAND,
        seed,
        made,
        [
            *notes,
            f"Row p: the pone on p; column d: the dealer on d; in 1/{SCALE:,}ths.",
        ],
        ("pone", *map(str, range(GAME_POINTS))),
        ((pone, *row) for pone, row in enumerate(table)),
    )
    deals = data_file(
        "What each role's own play and hand gave in the win table's deals.",
        COMMAND,
        seed,
        made,
        [*notes, "deals: how many of the deals gave the role that play and hand."],
        ("role", "play", "hand", "deals"),
        _deal_rows(pone_deals, dealer_deals),
    )
    return {FILE: chances, DEAL_POINTS_FILE: deals}


def _deal_rows(
    pone_deals: Counter[tuple[int, int]], dealer_deals: Counter[tuple[int, int]]
) -> Iterable[tuple[str, int, int, int]]:
    for role, pairs in (("pone", pone_deals), ("dealer", dealer_deals)):
        for (play, hand), count in sorted(pairs.items()):
            yield role, play, hand, count


def make(workers: int | None = None) -> dict[str, str]:
    """Play ``DEALS`` deals from ``SEED`` and work the table out: the data files by name."""
    outcomes = play_deals(DEALS, SEED, workers=workers)
    return texts(
        cells(work_out(outcomes)),
        Counter((o.pone_play, o.pone_hand) for o in outcomes),
        Counter((o.dealer_play, o.dealer_hand) for o in outcomes),
    )
