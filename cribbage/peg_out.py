"""Pegging out in a deal: its points counted in the order of the game, to 121.

Heels first, at the cut; then the play; then the pone's hand; then the dealer's hand and
crib. Whoever reaches 121 first wins there, and nothing after counts. The win table's
generator and strong's discard near the end both count a deal this way.
"""

from __future__ import annotations

from .rules import GAME_POINTS

__all__ = ["peg_out"]


def peg_out(
    pone: int,
    dealer: int,
    heels: int,
    pone_play: int,
    dealer_play: int,
    pone_hand: int,
    dealer_show: int,
) -> tuple[float | None, int, int]:
    """Count a deal's points on the scores ``pone`` and ``dealer``: ``dealer_show`` is the
    dealer's hand and crib. Return the pone's share of the game if either pegs out in the
    deal (1, 0, or 1/2 when both would in the play, the points not saying who pegged out
    first), else ``None``; and the scores after the deal."""
    dealer += heels
    if dealer >= GAME_POINTS:
        return 0.0, pone, dealer
    pone += pone_play
    dealer += dealer_play
    if pone >= GAME_POINTS:
        return (0.5 if dealer >= GAME_POINTS else 1.0), pone, dealer
    if dealer >= GAME_POINTS:
        return 0.0, pone, dealer
    pone += pone_hand
    if pone >= GAME_POINTS:
        return 1.0, pone, dealer
    dealer += dealer_show
    if dealer >= GAME_POINTS:
        return 0.0, pone, dealer
    return None, pone, dealer
