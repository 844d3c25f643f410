"""Discard quizzes: six cards and a seat, the two thrown, graded by what they cost.

A choice is graded by the expected points it loses against the best of the 15 (exact hand
and crib values, ``cribbage.discard``, the other player's two crib cards thrown as
a good player throws them: ``CribModel.GOOD``), split into what the hand loses and what
the crib loses (or gives the opponent). Within ``BEST_MARGIN`` of the best net value a
choice counts as best: near ties are common.

Mistakes of a recognisable kind are patterns, learnt and reviewed like the show's: a five,
a pair or a fifteen thrown to the dealer's crib, a pair split, the crib ignored. Each is
"seen" in a deal that tempts it (the pone holds a five, say) and "missed" when the choice
made it and it cost points.

At a table of three or four (``grade_table_discard``, ``deal_table_discard``) five cards are
dealt and one thrown, graded the same way against the best of the five choices for the
seat (``cribbage.discard.table_discard_options``: the crib's other cards and the starter
any of the unseen alike). The dealer and the dealer's partner own the crib as the dealer
does; an opponent gives it away as the pone does, and can throw a five to it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from cribbage.cards import DECK, Card
from cribbage.discard import CRIB_MODEL, CribModel, DiscardOption, Role, discard_options
from cribbage.rules import table_for

from .patterns import Pattern

__all__ = [
    "BEST_MARGIN",
    "CRIB_MODEL",
    "DISCARD_PLAYERS",
    "DiscardGrade",
    "deal_discard",
    "deal_table_discard",
    "grade_discard",
    "grade_table_discard",
    "role_of_seat",
    "tempting",
]

DISCARD_PLAYERS = (2, 3, 4)
"""The tables the discard quiz deals for."""

BEST_MARGIN = 0.05
"""A choice within this many expected points of the best is as good as best."""


@dataclass(frozen=True, slots=True)
class DiscardGrade:
    """A throw graded against the best choice for the seat."""

    role: Role
    options: tuple[DiscardOption, ...]
    chosen: DiscardOption
    tempting: tuple[Pattern, ...]
    mistakes: tuple[Pattern, ...]
    crib_model: CribModel = CRIB_MODEL

    @property
    def best(self) -> DiscardOption:
        return self.options[0]

    @property
    def loss(self) -> float:
        """Expected points lost against the best choice (0 for the best)."""
        return self.best.net_ev - self.chosen.net_ev

    @property
    def hand_loss(self) -> float:
        """The part of the loss in the hand kept."""
        return self.best.hand_ev - self.chosen.hand_ev

    @property
    def crib_loss(self) -> float:
        """The part of the loss in the crib: less for one's own, more given away."""
        sign = 1 if self.role is Role.DEALER else -1
        return sign * (self.best.crib_ev - self.chosen.crib_ev)

    @property
    def is_best(self) -> bool:
        return self.loss <= BEST_MARGIN

    @property
    def rank(self) -> int:
        """The choice's place among the 15 (the 5 of five dealt), 1 for the best."""
        return self.options.index(self.chosen) + 1


def _pairs(cards: Sequence[Card]) -> list[tuple[Card, Card]]:
    return [(a, b) for a, b in combinations(cards, 2) if a.rank is b.rank]


def tempting(six: Sequence[Card], role: Role, options: Sequence[DiscardOption]) -> set[Pattern]:
    """The mistakes this deal offers: each needs the cards that make it possible, and a
    choice making it that costs more than ``BEST_MARGIN``."""
    best = options[0]
    found = set()
    for option in options:
        if best.net_ev - option.net_ev > BEST_MARGIN:
            found |= _made(option, role, best)
    return found


def _made(option: DiscardOption, role: Role, best: DiscardOption) -> set[Pattern]:
    """The recognisable mistakes a choice makes, whatever they cost."""
    made = set()
    if role is Role.PONE:
        if any(card.value == 5 for card in option.throw):
            made.add(Pattern.DISCARD_FIVE_TO_DEALER)
        if len(option.throw) == 2:
            first, second = option.throw
            if first.rank is second.rank:
                made.add(Pattern.DISCARD_PAIR_TO_DEALER)
            if first.value + second.value == 15:
                made.add(Pattern.DISCARD_FIFTEEN_TO_DEALER)
    kept_pairs = {frozenset(pair) for pair in _pairs(best.keep)}
    if any(len(pair & set(option.keep)) == 1 for pair in kept_pairs):
        made.add(Pattern.DISCARD_SPLIT_PAIR)
    if option.hand_ev >= best.hand_ev + BEST_MARGIN:
        # More in the hand than the best choice keeps: the loss is all in the crib.
        made.add(Pattern.DISCARD_CRIB_IGNORED)
    return made


def grade_discard(
    six: Sequence[Card],
    role: Role,
    throw: Sequence[Card],
    options: Sequence[DiscardOption] | None = None,
    crib_model: CribModel = CRIB_MODEL,
) -> DiscardGrade:
    """Grade throwing ``throw`` from ``six`` as ``role`` (``options`` when already known,
    worked out with ``crib_model``)."""
    options = tuple(options or discard_options(six, role, crib_model))
    return _graded(six, role, options, throw, crib_model)


def _graded(
    dealt: Sequence[Card],
    role: Role,
    options: tuple[DiscardOption, ...],
    throw: Sequence[Card],
    crib_model: CribModel,
) -> DiscardGrade:
    thrown = set(throw)
    (chosen,) = (option for option in options if set(option.throw) == thrown)
    seen = tempting(dealt, role, options)
    costly = chosen.net_ev < options[0].net_ev - BEST_MARGIN
    mistakes = _made(chosen, role, options[0]) & seen if costly else set()
    order = list(Pattern)
    return DiscardGrade(
        role=role,
        options=options,
        chosen=chosen,
        tempting=tuple(sorted(seen, key=order.index)),
        mistakes=tuple(sorted(mistakes, key=order.index)),
        crib_model=crib_model,
    )


def deal_discard(
    rng: random.Random, *, pattern: Pattern | None = None, tries: int = 40
) -> tuple[tuple[Card, ...], Role, tuple[DiscardOption, ...]]:
    """Six cards and a seat to discard from, with their options; with ``pattern`` (a
    discard mistake), a deal that tempts it (the best of ``tries`` deals otherwise)."""
    for _ in range(tries):
        six = tuple(sorted(rng.sample(DECK, 6)))
        role = rng.choice((Role.DEALER, Role.PONE))
        if pattern is not None and pattern.value.endswith("-to-dealer"):
            role = Role.PONE
        options = discard_options(six, role, CRIB_MODEL)
        if pattern is None or pattern in tempting(six, role, options):
            return six, role, options
    return six, role, options


def role_of_seat(seat: Role) -> Role:
    """The two-player seat a seat at three or four grades like: the dealer's for whoever
    owns the crib (the dealer, the dealer's partner), the pone's for an opponent."""
    return Role.PONE if seat is Role.OPPONENT else Role.DEALER


def grade_table_discard(
    five: Sequence[Card],
    players: int,
    seat: Role,
    throw: Sequence[Card],
    options: Sequence[DiscardOption] | None = None,
) -> DiscardGrade:
    """Grade throwing the one card ``throw`` from ``five`` at a table of ``players`` from
    ``seat`` (``options`` when already known)."""
    options = tuple(options or discard_options(five, seat, players=players))
    return _graded(five, role_of_seat(seat), options, throw, CribModel.RANDOM)


def deal_table_discard(
    rng: random.Random, players: int
) -> tuple[tuple[Card, ...], Role, tuple[DiscardOption, ...]]:
    """Five cards and a seat at a table of ``players`` (three or four), with their options:
    each seat as likely as it comes round the table (at four, the dealer, the dealer's
    partner and two opponents; at three, the dealer and two opponents)."""
    table = table_for(players)
    seats = [Role.DEALER, *[Role.OPPONENT] * 2]
    if table.partners:
        seats.append(Role.PARTNER)
    five = tuple(sorted(rng.sample(DECK, table.dealt_each)))
    seat = rng.choice(seats)
    return five, seat, discard_options(five, seat, players=players)
