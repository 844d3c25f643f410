"""What four kept ranks are worth in the play, worked out once: the best lead for the pone,
and the pegging the hand can expect as pone and as dealer.

For each of the 1,820 rank multisets of four cards, the opponent's four are drawn at random
from the 48 other cards (``SAMPLES`` draws, seeded by ``SEED`` and the ranks), and the
whole play is searched with every card in view (``search``) for each draw:

- ``lead``: the rank whose lead is worth most to the pone on average over the draws (the
  computer's first card as pone, which would otherwise cost the longest search);
- ``pone``: that average, the pone's pegging minus the dealer's;
- ``dealer``: the dealer's pegging minus the pone's, the pone leading.

Both values assume both players see all the cards after the lead, which flatters the play
of each, but the computer uses them only to compare keeps of the same role in the discard.
The table is in ``peg_table_data``; ``python -m cribbage.peg_table`` writes it
again (about 15 minutes on two cores).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement
from multiprocessing import Pool

from . import search
from .cards import Rank

__all__ = ["SAMPLES", "SEED", "PlayValue", "play_value_of", "work_out"]

SAMPLES = 300
SEED = "peg-table-1"
_LETTERS = {rank.value: rank.letter for rank in Rank}
_RANKS = {letter: value for value, letter in _LETTERS.items()}


@dataclass(frozen=True, slots=True)
class PlayValue:
    """The best lead of four kept ranks, and their expected pegging as pone and dealer."""

    lead: int
    pone: float
    dealer: float


def work_out(ranks: Sequence[int], samples: int = SAMPLES, seed: str = SEED) -> PlayValue:
    """Search the play of four kept ranks against ``samples`` random opposing hands."""
    ranks = tuple(sorted(ranks))
    rng = random.Random(f"{seed}:{_word(ranks)}")
    pool = [rank for rank in range(1, 14) for _ in range(4 - ranks.count(rank))]
    own = search.hand_number(ranks)
    moves = search.hand_moves(own)
    leads = {rank: 0 for rank, _, _ in moves}
    dealer = 0
    for _ in range(samples):
        other = search.hand_number(rng.sample(pool, 4))
        for rank, _, rest in moves:
            leads[rank] += search.lay_value(rest, other, search.START, False, rank)
        dealer -= search.play_value(other, own, search.START, False, False)
    search.forget()
    lead = max(leads, key=lambda rank: (leads[rank], -rank))
    return PlayValue(lead, round(leads[lead] / samples, 3), round(dealer / samples, 3))


def play_value_of(ranks: Sequence[int]) -> PlayValue:
    """The table's entry for four kept ranks (in any order)."""
    return _table()[tuple(sorted(ranks))]


@cache
def _table() -> dict[tuple[int, ...], PlayValue]:
    from .peg_table_data import TABLE

    table = {}
    for line in TABLE.split():
        word, lead, pone, dealer = line.split(":")
        table[tuple(_RANKS[letter] for letter in word)] = PlayValue(
            _RANKS[lead], float(pone), float(dealer)
        )
    return table


def _word(ranks: Sequence[int]) -> str:
    return "".join(_LETTERS[rank] for rank in ranks)


def _line(ranks: tuple[int, ...]) -> str:
    value = work_out(ranks)
    return f"{_word(ranks)}:{_LETTERS[value.lead]}:{value.pone:g}:{value.dealer:g}"


def main() -> None:
    """Write the module ``peg_table_data`` to stdout."""
    hands = list(combinations_with_replacement(range(1, 14), 4))
    with Pool() as pool:
        lines = pool.map(_line, hands, chunksize=8)
    out = sys.stdout
    out.write(
        '"""Written by ``python -m cribbage.peg_table`` '
        f"({SAMPLES} draws a hand,\nseed {SEED!r}): see ``peg_table``. "
        "Each entry is ranks:lead:pone:dealer.\n"
        '"""\n\nTABLE = """\n'
    )
    for start in range(0, len(lines), 4):
        out.write(" ".join(lines[start : start + 4]) + "\n")
    out.write('"""\n')


if __name__ == "__main__":
    main()
