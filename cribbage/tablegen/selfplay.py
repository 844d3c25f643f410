"""Single deals played by the computer against itself: what a deal is worth to each role,
source by source, for the tables fitted from self-play (the pegging term's weights in
strong's discard, the win-chance table).

Deal ``i`` of seed ``S`` is the first deal of the game of seed ``f"{S}:{i}"``, seat 0
dealing, played to the end of its show from 0-0 by ``strong`` on both sides. With
``explore`` the discards are drawn at random from each hand's four best by strong's own
reckoning, so that the kept hands' pegging terms spread wider than strong's choices alone
would spread them and a regression can see what the term is worth.

``python -m cribbage.tablegen.selfplay`` prints the fits strong's constants come from.
"""

from __future__ import annotations

import math
import random
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from .. import search
from ..cards import DECK
from ..computer import Level, choose, expected_count, pegging_term, strong_discard
from ..discard import CribModel, Role, discard_options
from ..game import Counting, Discard, Game, Source

__all__ = [
    "DealOutcome",
    "fit_keep_sharpness",
    "fit_pegging_weights",
    "main",
    "play_deal",
    "play_deals",
]

_EXPLORE_FROM = 4


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """What one deal gave each role, by source, and the pegging terms of the kept hands
    at weight 1 (``pegging_term``)."""

    heels: int
    pone_play: int
    dealer_play: int
    pone_hand: int
    dealer_hand: int
    crib: int
    pone_term: float
    dealer_term: float

    @property
    def pone_total(self) -> int:
        return self.pone_play + self.pone_hand

    @property
    def dealer_total(self) -> int:
        return self.heels + self.dealer_play + self.dealer_hand + self.crib


def _discard(game: Game, rng: random.Random | None) -> Discard:
    player = game.to_move
    assert player is not None
    role = Role.DEALER if player == game.dealer else Role.PONE
    options = discard_options(game.deal.dealt[player], role, CribModel.GOOD)
    ranked = sorted(options, key=lambda o: o.net_ev + pegging_term(o.keep, role), reverse=True)
    chosen = ranked[0] if rng is None else rng.choice(ranked[:_EXPLORE_FROM])
    return Discard(player, chosen.throw)


def play_deal(seed: str, explore: bool = False) -> DealOutcome:
    """Play the first deal of the game of ``seed`` (seat 0 deals) to the end of its show."""
    rng = random.Random(f"{seed}:explore") if explore else None
    game = Game.new(seed, human=None, counting=Counting.AUTOMATIC, first_dealer=0)
    while len(game.deals) == 1 and not game.is_over:
        if game.deal.play is None and game.pending is None:
            action = _discard(game, rng) if explore else choose(game, Level.STRONG)
        else:
            action = choose(game, Level.STRONG)
        game = game.apply(action)
    deal = game.deals[0]
    points = {(player, source): 0 for player in (0, 1) for source in Source}
    for peg in game.pegs:
        if peg.deal == 1:
            points[peg.player, peg.source] += peg.points
    return DealOutcome(
        heels=points[0, Source.HEELS],
        pone_play=points[1, Source.PLAY],
        dealer_play=points[0, Source.PLAY],
        pone_hand=points[1, Source.HAND],
        dealer_hand=points[0, Source.HAND],
        crib=points[0, Source.CRIB],
        pone_term=pegging_term(deal.kept(1), Role.PONE, weight=1.0),
        dealer_term=pegging_term(deal.kept(0), Role.DEALER, weight=1.0),
    )


def _one(job: tuple[str, bool]) -> DealOutcome:
    # Each deal starts from empty memos, whatever the process played before.
    search.forget()
    return play_deal(*job)


def play_deals(
    deals: int, seed: str, explore: bool = False, workers: int | None = None
) -> list[DealOutcome]:
    """Deals ``0 .. deals - 1`` of ``seed``, on ``workers`` processes (default one a core)."""
    jobs = [(f"{seed}:{index}", explore) for index in range(deals)]
    if workers == 1:
        return [_one(job) for job in jobs]
    from multiprocessing import Pool  # here: importing a generator loads no process pool

    with Pool(workers) as pool:
        return pool.map(_one, jobs, chunksize=16)


def fit_pegging_weights(outcomes: Sequence[DealOutcome]) -> tuple[float, float]:
    """The weights (pone, dealer) of the pegging term that best predict the play: the least
    squares fit of the dealer's pegging minus the pone's on the dealer's term and the
    pone's (which counts the other way), with a constant."""
    rows = [(o.dealer_term, -o.pone_term, 1.0) for o in outcomes]
    targets = [o.dealer_play - o.pone_play for o in outcomes]
    normal = [[sum(r[i] * r[j] for r in rows) for j in range(3)] for i in range(3)]
    right = [sum(r[i] * t for r, t in zip(rows, targets, strict=True)) for i in range(3)]
    dealer, pone, _ = _solve(normal, right)
    return pone, dealer


def _solve(matrix: list[list[float]], right: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting, for a small system."""
    n = len(right)
    rows = [[*matrix[i], right[i]] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(n):
            if r != col:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][n] / rows[i][i] for i in range(n)]


def fit_keep_sharpness(hands: int = 3000, seed: str = "keep-fit-1") -> float:
    """How much likelier strong is to keep a four of one point more expected count
    (``expected_count``) than four of the six drawn at random: the slope of the log of the
    ratio of the two densities, by whole points, weighted by the hands kept, over
    ``hands`` random six-card hands, half of them dealt to the dealer."""
    rng = random.Random(seed)
    kept: Counter[int] = Counter()
    drawn: defaultdict[int, float] = defaultdict(float)
    for index in range(hands):
        cards = rng.sample(DECK, 6)
        role = Role.DEALER if index % 2 else Role.PONE
        throw = set(strong_discard(cards, role))
        for option in discard_options(cards, role, CribModel.GOOD):
            value = round(expected_count(int(card.rank) for card in option.keep))
            drawn[value] += 1 / 15
            kept[value] += set(option.throw) == throw
    points = [
        (value, math.log(kept[value] / drawn[value]), kept[value])
        for value in drawn
        if kept[value] >= 5 and drawn[value] >= 5
    ]
    weights = sum(w for _, _, w in points)
    mean_x = sum(w * x for x, _, w in points) / weights
    mean_y = sum(w * y for _, y, w in points) / weights
    spread = sum(w * (x - mean_x) ** 2 for x, _, w in points)
    return sum(w * (x - mean_x) * (y - mean_y) for x, y, w in points) / spread


def main() -> None:
    """Print the fits strong's constants come from (``PEGGING_WEIGHTS``, ``KEEP_SHARPNESS``):
    about 5 minutes on two cores."""
    pone, dealer = fit_pegging_weights(play_deals(6000, "fit-explore", explore=True))
    print(f"pegging weights: pone {pone:.2f}, dealer {dealer:.2f}")
    print(f"keep sharpness: {fit_keep_sharpness():.2f}")


if __name__ == "__main__":
    main()
