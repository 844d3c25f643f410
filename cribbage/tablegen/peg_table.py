"""The pegging table worked out (``cribbage.peg_table``): for each of the 1,820 rank
multisets of four cards, the opponent's four drawn at random from the 48 other cards
(``SAMPLES`` draws, seeded by ``SEED`` and the ranks), and the whole play searched with
every card in view (``search``) for each draw. Each hand's row depends on its ranks only,
so any few rows can be worked out again and compared.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from itertools import combinations_with_replacement

from .. import search
from ..cards import Rank
from ..peg_table import FILE, PlayValue
from . import data_file, revision

__all__ = ["HANDS", "SAMPLES", "SEED", "make", "row", "text", "work_out"]

SAMPLES = 300
SEED = "peg-table-1"
HANDS = tuple(combinations_with_replacement(range(1, 14), 4))
"""The 1,820 rank multisets of four cards, in the table's order."""


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


def _word(ranks: Iterable[int]) -> str:
    return "".join(Rank(rank).letter for rank in ranks)


def row(ranks: Sequence[int]) -> tuple[str, str, str, str]:
    """The table's row of four ranks (sorted), worked out."""
    value = work_out(ranks)
    return _word(ranks), Rank(value.lead).letter, f"{value.pone:g}", f"{value.dealer:g}"


def text(rows: Iterable[Sequence[str]], made: str | None = None) -> str:
    """The data file of the table's rows, made by the code of revision ``made`` (today's
    by default)."""
    return data_file(
        "What four kept ranks are worth in the play: see cribbage.peg_table.",
        "python -m cribbage.tablegen peg_table",
        f"{SEED}, {SAMPLES} draws a hand",
        made or revision(__name__),
        [
            "ranks: the four kept; lead: the pone's best lead; pone: the pone's pegging minus",
            "the dealer's, leading it; dealer: the dealer's minus the pone's, the pone leading.",
        ],
        ("ranks", "lead", "pone", "dealer"),
        rows,
    )


def make(workers: int | None = None) -> dict[str, str]:
    """Work out every hand's row, on ``workers`` processes (one a core by default, in this
    process with 1): the data file by name."""
    if workers == 1:
        return {FILE: text(map(row, HANDS))}
    from multiprocessing import Pool  # here: importing a generator loads no process pool

    with Pool(workers) as pool:
        return {FILE: text(pool.map(row, HANDS, chunksize=8))}
