"""What four kept ranks are worth in the play, worked out once: the best lead for the pone,
and the pegging the hand can expect as pone and as dealer.

For each of the 1,820 rank multisets of four cards, the opponent's four were drawn at
random from the 48 other cards, and the whole play searched with every card in view
(``cribbage.tablegen.peg_table`` says how):

- ``lead``: the rank whose lead is worth most to the pone on average over the draws (the
  computer's first card as pone, which would otherwise cost the longest search);
- ``pone``: that average, the pone's pegging minus the dealer's;
- ``dealer``: the dealer's pegging minus the pone's, the pone leading.

Both values assume both players see all the cards after the lead, which flatters the play
of each, but the computer uses them only to compare keeps of the same role in the discard.
The table is the data file ``peg_table.csv``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from . import data
from .cards import Rank

__all__ = ["FILE", "PlayValue", "play_value_of"]

FILE = "peg_table.csv"
_RANKS = {rank.letter: rank.value for rank in Rank}


@dataclass(frozen=True, slots=True)
class PlayValue:
    """The best lead of four kept ranks, and their expected pegging as pone and dealer."""

    lead: int
    pone: float
    dealer: float


def play_value_of(ranks: Sequence[int]) -> PlayValue:
    """The table's entry for four kept ranks (in any order)."""
    return _table()[tuple(sorted(ranks))]


@cache
def _table() -> dict[tuple[int, ...], PlayValue]:
    return {
        tuple(_RANKS[letter] for letter in word): PlayValue(
            _RANKS[lead], float(pone), float(dealer)
        )
        for word, lead, pone, dealer in data.rows(FILE)
    }
