"""The chance to win the game from each score pair, the deal about to start: worked out
once, by dynamic programming over what deals give, and shipped in ``win_table_data``.

A deal's outcome is drawn from deals the computer played against itself (``selfplay``,
``strong`` on both sides): the dealer's heels, each player's pegging, the pone's hand,
the dealer's hand and crib. They are counted in the order of the game: heels at the cut,
then the play (when both players would reach 121 in it, each is given half the game: the
outcome does not say who pegged first), then the pone's hand, then the dealer's hand and
crib; whoever reaches 121 first wins, else the next deal starts with the roles swapped.
The pone's chance at scores (p, d) is then the average over the outcomes of winning in the
deal or, when no one reaches 121, one minus the other's chance as pone of the next deal.
Every deal pegs at least one point (the last card or 31), so the chances are worked out
from the highest total score down.

The same deals give what a player's own play and hand are worth in a deal, by role
(``deal_points``), which strong's discard near the end of the game draws the other
player's from.

``python -m cribbage.win_table`` plays the deals and writes ``win_table_data``
(about 5 minutes on two cores).
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Sequence
from functools import cache

from .rules import GAME_POINTS

__all__ = [
    "DEALS",
    "SEED",
    "deal_points",
    "dealer_win_chance",
    "win_chance",
    "work_out",
]

DEALS = 6000
SEED = "win-table-1"
_SCALE = 10_000


def work_out(outcomes: Sequence) -> list[list[float]]:
    """The pone's chance to win, ``chances[p][d]`` for the pone on ``p`` and the dealer
    on ``d`` (0 to 120), from deal outcomes (``selfplay.DealOutcome``), all equally likely."""
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


def _pone_wins(pone: int, dealer: int, outcome: tuple[int, ...], later) -> float:
    heels, pone_play, dealer_play, pone_hand, dealer_show = outcome
    end = GAME_POINTS
    dealer += heels
    if dealer >= end:
        return 0.0
    pone += pone_play
    dealer += dealer_play
    if pone >= end:
        return 0.5 if dealer >= end else 1.0
    if dealer >= end:
        return 0.0
    pone += pone_hand
    if pone >= end:
        return 1.0
    dealer += dealer_show
    if dealer >= end:
        return 0.0
    return later(pone, dealer)


@cache
def _table() -> tuple[tuple[int, ...], ...]:
    from .win_table_data import TABLE

    rows = TABLE.split()
    return tuple(tuple(int(value, 36) for value in row.split(",")) for row in rows)


@cache
def deal_points(dealer: bool) -> tuple[tuple[int, int, float], ...]:
    """What the pone's (or the dealer's) own play and hand gave in the table's deals: each
    (play, hand) seen and its share of the deals. The crib and heels are not in it."""
    from .win_table_data import DEALER_DEALS, PONE_DEALS

    entries = [
        tuple(map(int, entry.split(":")))
        for entry in (DEALER_DEALS if dealer else PONE_DEALS).split()
    ]
    deals = sum(count for _, _, count in entries)
    return tuple((play, hand, count / deals) for play, hand, count in entries)


def win_chance(mine: int, theirs: int, dealing: bool) -> float:
    """The chance to win of a player on ``mine`` against one on ``theirs``, the next deal
    about to start with them dealing (``dealing``) or as pone. 121 or more has won."""
    if mine >= GAME_POINTS:
        return 1.0
    if theirs >= GAME_POINTS:
        return 0.0
    mine, theirs = max(mine, 0), max(theirs, 0)
    if dealing:
        return 1.0 - _table()[theirs][mine] / _SCALE
    return _table()[mine][theirs] / _SCALE


def dealer_win_chance(pone: int, dealer: int) -> float:
    """The dealer's chance to win at these scores, the deal about to start."""
    return win_chance(dealer, pone, dealing=True)


def _base36(number: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        number, digit = divmod(number, 36)
        out = digits[digit] + out
        if not number:
            return out


def main() -> None:
    """Play ``DEALS`` deals and write the module ``win_table_data`` to stdout."""
    from .selfplay import play_deals

    outcomes = play_deals(DEALS, SEED)
    chances = work_out(outcomes)
    out = sys.stdout
    out.write(
        '"""Written by ``python -m cribbage.win_table`` '
        f"({DEALS} deals, seed {SEED!r}):\nsee ``win_table``. Row p holds the pone's "
        f"chance to win, in 1/{_SCALE:,}ths and base 36,\nagainst a dealer on 0, 1, ... "
        '120, the pone being on p.\n"""\n\nTABLE = """\n'
    )
    for row in chances:
        out.write(",".join(_base36(round(chance * _SCALE)) for chance in row) + "\n")
    out.write('"""\n')
    for name, pairs in (
        ("PONE_DEALS", Counter((o.pone_play, o.pone_hand) for o in outcomes)),
        ("DEALER_DEALS", Counter((o.dealer_play, o.dealer_hand) for o in outcomes)),
    ):
        entries = [f"{play}:{hand}:{count}" for (play, hand), count in sorted(pairs.items())]
        out.write(f'\n{name} = """\n')
        for start in range(0, len(entries), 10):
            out.write(" ".join(entries[start : start + 10]) + "\n")
        out.write('"""\n')


if __name__ == "__main__":
    main()
