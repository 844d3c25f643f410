"""Play quizzes: a play dealt and laid by two good players, counted a card at a time.

The player says what each card pegs (0 when nothing), go and last card included. Each
card's claim is marked against the engine's items: what a short claim left out, or what
an over-claim added, is explained when one item or one known slip fits (a go claimed
after 31, the last card claimed on a 31, a pair claimed across a new count); a pattern is
recorded as missed only then, as in the show.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

from cribbage.cards import DECK, Card
from cribbage.discard import Role, discard_options
from cribbage.pegging import GO, PegItem, PegKind, PlayRecord, PlayState, Turn
from cribbage.rules import MAX_COUNT

from .marking import MOST_CHOICES, Choice, Question
from .patterns import Pattern, in_counting_order

__all__ = [
    "CardMark",
    "ClaimMark",
    "Lay",
    "PlayMarking",
    "claim_words",
    "deal_play",
    "mark_claim",
    "mark_play",
    "over_claims",
    "pattern_of",
]

PLAYERS = 2
Lay = Callable[[Sequence[Card], PlayState, frozenset[Card]], Card]
"""A playing policy: from the cards held, the play so far and the cards the player has
seen, the card to lay (only called when one fits)."""

_RUNS = {
    3: Pattern.PLAY_RUN_OF_THREE,
    4: Pattern.PLAY_RUN_OF_FOUR,
    5: Pattern.PLAY_RUN_OF_FIVE,
    6: Pattern.PLAY_RUN_OF_SIX,
    7: Pattern.PLAY_RUN_OF_SEVEN,
}
_PAIRS = {2: Pattern.PLAY_PAIR, 6: Pattern.PLAY_PAIR_ROYAL, 12: Pattern.PLAY_DOUBLE_PAIR_ROYAL}
_SIMPLE = {
    PegKind.FIFTEEN: Pattern.PLAY_FIFTEEN,
    PegKind.THIRTY_ONE: Pattern.PLAY_THIRTY_ONE,
    PegKind.GO: Pattern.PLAY_GO,
    PegKind.LAST_CARD: Pattern.PLAY_LAST_CARD,
}


def pattern_of(item: PegItem) -> Pattern:
    """The pattern of a score in the play: a fifteen, a pair royal, a run of four, the go."""
    if item.kind is PegKind.PAIR:
        return _PAIRS[item.points]
    if item.kind is PegKind.RUN:
        return _RUNS[item.points]
    return _SIMPLE[item.kind]


# --- dealing ---------------------------------------------------------------------------------


def deal_play(
    rng: random.Random,
    lay: Lay,
    *,
    pattern: Pattern | None = None,
    tries: int = 30,
) -> tuple[str, tuple[tuple[Card, ...], tuple[Card, ...]]]:
    """A play as it comes at the table: six cards to each of two players, each keeping the
    four the discard analysis rates best for its seat, then laid by ``lay``.

    Returns the play in ``crib peg --players 2`` notation and the two hands kept (the
    pone's, then the dealer's). With ``pattern`` (of the play), a play that scores it: the
    first of ``tries`` that does, or for the rare ones (a pair royal and more, a run of five
    and more) a play that opens with it.
    """
    if pattern in _OPENINGS:
        return _opening_with(pattern, rng, lay)
    for _ in range(tries):
        cards = rng.sample(DECK, 12)
        pone = discard_options(cards[:6], Role.PONE)[0].keep
        dealer = discard_options(cards[6:], Role.DEALER)[0].keep
        record = play_out((pone, dealer), lay)
        if pattern is None or pattern in patterns_scored(record):
            break
    return notation(record), (pone, dealer)


# The rare patterns, as ranks opening the play (laid in turn, player 1 first): a play dealt
# at random scores a double pair royal about once in 300.
_OPENINGS: dict[Pattern, Callable[[random.Random], list[int]]] = {
    Pattern.PLAY_PAIR_ROYAL: lambda rng: [rng.randint(1, 10)] * 3,
    Pattern.PLAY_DOUBLE_PAIR_ROYAL: lambda rng: [rng.randint(1, 7)] * 4,
    Pattern.PLAY_RUN_OF_FIVE: lambda rng: _run(rng, 5, 4),
    Pattern.PLAY_RUN_OF_SIX: lambda rng: _run(rng, 6, 2),
    Pattern.PLAY_RUN_OF_SEVEN: lambda rng: _run(rng, 7, 1),
}


def _run(rng: random.Random, length: int, lowest_start: int) -> list[int]:
    start = rng.randint(1, lowest_start)
    ranks = list(range(start, start + length))
    # Any order whose last card completes the run; the lowest two first keeps it simple.
    middle = ranks[1:]
    rng.shuffle(middle)
    return [ranks[0], *middle]


def _opening_with(
    pattern: Pattern, rng: random.Random, lay: Lay
) -> tuple[str, tuple[tuple[Card, ...], tuple[Card, ...]]]:
    while True:
        opening = _distinct_cards(rng, _OPENINGS[pattern](rng))
        hands: list[list[Card]] = [[], []]
        for turn, card in enumerate(opening):
            hands[turn % 2].append(card)
        rest = [card for card in DECK if card not in opening]
        rng.shuffle(rest)
        for hand in hands:
            while len(hand) < 4:
                hand.append(rest.pop())
        record = play_out(hands, lay, opening=opening)
        if pattern in patterns_scored(record):
            return notation(record), (tuple(hands[0]), tuple(hands[1]))


def _distinct_cards(rng: random.Random, ranks: Sequence[int]) -> list[Card]:
    """A card of each rank, no card twice."""
    cards: list[Card] = []
    for rank in ranks:
        cards.append(rng.choice([c for c in DECK if c.rank == rank and c not in cards]))
    return cards


def play_out(
    hands: Sequence[Sequence[Card]], lay: Lay, *, opening: Sequence[Card] = ()
) -> PlayRecord:
    """Lay the hands out, player 1 first, each laying by ``lay`` or saying go; the
    ``opening`` cards are laid first, in turn, whatever ``lay`` would choose."""
    state = PlayState.start(len(hands))
    held = [list(hand) for hand in hands]
    forced = list(opening)
    while state.to_play is not None:
        hand = held[state.to_play]
        fitting = state.playable(hand)
        if not fitting:
            state, _ = state.say_go()
            continue
        seen = frozenset(turn.card for turn in state.turns if turn.card) | frozenset(hand)
        card = forced.pop(0) if forced else lay(tuple(fitting), state, seen)
        hand.remove(card)
        state, _ = state.lay(card)
    return state.record


def notation(record: PlayRecord) -> str:
    """A play in ``crib peg --players`` notation: ``6H 4C 5D go 2C``."""
    return " ".join(GO if turn.card is None else turn.card.code for turn in record.turns)


def patterns_scored(record: PlayRecord) -> set[Pattern]:
    return {pattern_of(item) for turn in record.plays for item in turn.items}


# --- marking ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardMark:
    """One card's claim against what it pegs."""

    turn: Turn
    claimed: int
    missed: tuple[Pattern, ...] = ()
    explained: str = ""

    @property
    def right(self) -> bool:
        return self.claimed == self.turn.points

    @property
    def difference(self) -> int:
        return self.claimed - self.turn.points


@dataclass(frozen=True, slots=True)
class PlayMarking:
    """A play's claims marked card by card, and each pattern's mark for the review queue:
    missed, right, or not known (a wrong claim nothing explains for certain)."""

    cards: tuple[CardMark, ...]
    patterns: tuple[Pattern, ...]
    missed: frozenset[Pattern]
    unknown: frozenset[Pattern]

    @property
    def right(self) -> bool:
        return all(mark.right for mark in self.cards)

    @property
    def claimed(self) -> int:
        return sum(mark.claimed for mark in self.cards)

    @property
    def points(self) -> int:
        return sum(mark.turn.points for mark in self.cards)

    def settled(self) -> dict[Pattern, bool]:
        """Each pattern whose mark is known, and whether it was missed."""
        return {p: p in self.missed for p in self.patterns if p not in self.unknown}


OverClaim = tuple[Pattern, int, str]
"""A slip a claim may add: its pattern, the points it adds, and what it is."""


def over_claims(record: PlayRecord, index: int) -> list[OverClaim]:
    """The slips a claim for the ``index``-th card laid may add."""
    plays = record.plays
    turn = plays[index]
    slips = []
    if turn.count == MAX_COUNT:
        slips.append((Pattern.PLAY_GO, 1, "a go claimed on 31, which scores 2 and no go"))
        if index == len(plays) - 1 and record.is_over:
            slips.append((Pattern.PLAY_LAST_CARD, 1, "a last card claimed on 31"))
    card = turn.card
    before = plays[index - 1].card if index else None
    assert card is not None  # record.plays are the cards laid
    if before is not None and turn.count == card.value and before.rank is card.rank:
        slips.append((Pattern.PLAY_PAIR, 2, "a pair across a new count: 31 or a go ends it"))
    return slips


@dataclass(frozen=True, slots=True)
class ClaimMark:
    """A claim for one score in the play against its items: the patterns it touched, the
    ones it certainly missed, the ones not known, and what explains a wrong claim."""

    patterns: frozenset[Pattern]
    missed: tuple[Pattern, ...] = ()
    unknown: frozenset[Pattern] = frozenset()
    explained: str = ""
    question: Question | None = None
    """ "Which did you miss?" when a wrong claim has several explanations, or none
    (then one choice per pattern the move scored)."""


def mark_claim(
    items: Sequence[PegItem], claimed: int, slips: Sequence[OverClaim] = ()
) -> ClaimMark:
    """Mark a claim for what one move in the play scored (``items``); ``slips`` are the
    over-claims this move tempts. A short claim is explained by the items it left out, an
    over-claim by the slips; only one explanation counts as certain."""
    scored = frozenset(pattern_of(item) for item in items)
    patterns = scored | {pattern for pattern, _, _ in slips}
    difference = claimed - sum(item.points for item in items)
    if not difference:
        return ClaimMark(patterns)
    if difference < 0:
        options = [(pattern_of(item), item.points, f"the {item.name}") for item in items]
    else:
        options = list(slips)
    found: dict[frozenset[Pattern], list[str]] = {}
    for size in range(1, len(options) + 1):
        for chosen in combinations(options, size):
            if sum(points for _, points, _ in chosen) == abs(difference):
                found.setdefault(frozenset(p for p, _, _ in chosen), [w for _, _, w in chosen])
    if len(found) != 1:
        return ClaimMark(
            patterns, unknown=patterns, question=_claim_question(found, difference, items)
        )
    ((missed, what),) = found.items()
    return ClaimMark(patterns, in_counting_order(missed), explained=" and ".join(what))


def _claim_question(
    found: dict[frozenset[Pattern], list[str]], difference: int, items: Sequence[PegItem]
) -> Question | None:
    """Which of the explanations found was the player's; with none (or too many) for a
    short claim, which of the items the move scored they missed."""
    if 1 < len(found) <= MOST_CHOICES:
        choices = [(in_counting_order(p), " and ".join(what)) for p, what in found.items()]
    elif difference < 0 and items:
        choices = [((pattern_of(item),), f"the {item.name}") for item in items]
    else:
        return None
    among = in_counting_order(p for patterns, _ in choices for p in patterns)
    return Question(difference < 0, abs(difference), tuple(Choice(p, w) for p, w in choices), among)


def claim_words(items: Sequence[PegItem], claimed: int, count: int) -> str:
    """What a wrong claim for one move in the play missed or over-claimed, in words:
    "1 short: the pair is 2", "over by 2: no fifteen, the count is 14". "" when right."""
    scored = sum(item.points for item in items)
    difference = claimed - scored
    if not difference:
        return ""
    said = " and ".join(f"the {item.name} is {item.points}" for item in items)
    if difference < 0:
        return f"{-difference} short: {said}"
    if not items:
        near = {15: "no fifteen", 31: "no thirty-one"}
        for total, words in near.items():
            if abs(count - total) <= 3 and count != total:
                return f"over by {difference}: {words}, the count is {count}"
        return f"over by {difference}: nothing scores, the count is {count}"
    return f"over by {difference}: {said}, the count is {count}"


def mark_play(record: PlayRecord, claims: Sequence[int]) -> PlayMarking:
    """Mark a claim for each card laid (``claims`` in the order of ``record.plays``)."""
    if len(claims) != len(record.plays):
        raise ValueError(f"a claim for each of the {len(record.plays)} cards laid")
    cards = []
    seen: set[Pattern] = set()
    missed: set[Pattern] = set()
    unknown: set[Pattern] = set()
    for index, claimed in enumerate(claims):
        turn = record.plays[index]
        mark = mark_claim(turn.items, claimed, over_claims(record, index))
        cards.append(CardMark(turn, claimed, mark.missed, mark.explained))
        seen |= mark.patterns
        missed |= set(mark.missed)
        unknown |= mark.unknown
    return PlayMarking(
        cards=tuple(cards),
        patterns=in_counting_order(seen),
        missed=frozenset(missed),
        unknown=frozenset(unknown - missed),
    )
