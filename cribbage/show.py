"""The show: counting four cards and the starter, as a hand or as the crib.

``score_show`` gives the itemised count players check against: every fifteen, pair and
run with its cards, the flush, nobs, the total and the count as it is announced.
``show_total`` gives the same total without the items, for enumerating deals in bulk.

Fifteens, pairs and runs depend only on the five ranks, so they are worked out once per
rank multiset (6,175 of them) and remembered; flush and nobs depend on the suits and are
checked on every call.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import combinations, pairwise
from operator import attrgetter

from .cards import RANK_PRIMES, Card, CardError, Rank, Suit, ensure_distinct
from .words import number_word

__all__ = [
    "MAX_SHOW",
    "RANK_POINTS",
    "ShowGroup",
    "ShowItem",
    "ShowKind",
    "ShowNote",
    "ShowResult",
    "rank_key",
    "rank_points",
    "score_show",
    "show_total",
]


MAX_SHOW = 29
"""The most a hand or crib can score: 5-5-5-J with the fourth five turned, of the jack's suit."""


class ShowKind(Enum):
    FIFTEEN = "fifteen"
    PAIR = "pair"
    RUN = "run"
    FLUSH = "flush"
    NOBS = "nobs"


class ShowNote(Enum):
    """A rule that decided the outcome of a count, worth saying in one line."""

    HEELS = "heels"
    CRIB_FOUR_FLUSH = "crib-four-flush"
    STARTER_IS_NOT_A_FOURTH_SUITED_CARD = "three-suited-plus-starter"

    @property
    def title(self) -> str:
        """The rule's name, as a link to it is labelled: ``The crib flush``."""
        return _NOTE_TITLES[self]

    @property
    def text(self) -> str:
        return _NOTE_TEXT[self]


_NOTE_TITLES = {
    ShowNote.HEELS: "Heels",
    ShowNote.CRIB_FOUR_FLUSH: "The crib flush",
    ShowNote.STARTER_IS_NOT_A_FOURTH_SUITED_CARD: "The flush",
}
_NOTE_TEXT = {
    ShowNote.HEELS: (
        "The starter is a jack: that is heels, 2 to the dealer when it is turned, "
        "and not part of this count."
    ),
    ShowNote.CRIB_FOUR_FLUSH: (
        "Four crib cards of one suit score nothing: a crib flush needs the starter "
        "to match as well."
    ),
    ShowNote.STARTER_IS_NOT_A_FOURTH_SUITED_CARD: (
        "Three suited hand cards and a starter of the same suit are no flush: "
        "all four hand cards must share a suit."
    ),
}


@dataclass(frozen=True, slots=True)
class ShowItem:
    """One scoring combination: a fifteen, a pair, a run, the flush or nobs."""

    kind: ShowKind
    cards: tuple[Card, ...]
    points: int


@dataclass(frozen=True, slots=True)
class ShowGroup:
    """Items as players name and score them together: a pair royal, a double run of three.

    A multiple run takes in the pairs among its cards, as players count it: a double run of
    three is its two runs and the pair, 8. ``key`` names the kind of group in a stable
    slug, whatever the cards: ``fifteen-3`` (a fifteen of three cards), ``pair``,
    ``pair-royal``, ``double-pair-royal``, ``run-4``, ``double-run``, ``triple-run``,
    ``double-double-run``, ``hand-flush-4``, ``flush-5``, ``nobs``. The trainer records
    what a player missed by these keys.
    """

    kind: ShowKind
    key: str
    name: str
    items: tuple[ShowItem, ...]

    @property
    def points(self) -> int:
        return sum(item.points for item in self.items)

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card that takes part in the group, in rank order."""
        return tuple(sorted({c for item in self.items for c in item.cards}))

    @property
    def pair_points(self) -> int:
        """Points from the pairs a multiple run takes in (0 for other groups)."""
        if self.kind is not ShowKind.RUN:
            return 0
        return sum(item.points for item in self.items if item.kind is ShowKind.PAIR)

    @property
    def parts(self) -> tuple[tuple[str, int], ...]:
        """What a multiple run is made of, as a player checks it: ``("two runs of three",
        6)``, ``("a pair of fours", 2)``. Empty for every other group."""
        if not self.pair_points:
            return ()
        runs = [item for item in self.items if item.kind is ShowKind.RUN]
        length = number_word(len(runs[0].cards))
        parts = [(f"{number_word(len(runs))} runs of {length}", sum(r.points for r in runs))]
        pairs_by_rank: dict[Rank, list[ShowItem]] = {}
        for item in self.items:
            if item.kind is ShowKind.PAIR:
                pairs_by_rank.setdefault(item.cards[0].rank, []).append(item)
        for rank, pairs in pairs_by_rank.items():
            name = _PAIR_NAMES[len(pairs)]
            parts.append((f"a {name} of {rank.plural}", sum(p.points for p in pairs)))
        return tuple(parts)


@dataclass(frozen=True, slots=True)
class ShowResult:
    """The itemised count of a hand or crib."""

    hand: tuple[Card, ...]
    starter: Card
    crib: bool
    items: tuple[ShowItem, ...]
    total: int

    @property
    def heels(self) -> bool:
        """The starter is a jack: 2 to the dealer when turned, never part of the count."""
        return self.starter.rank is Rank.JACK

    def items_of(self, kind: ShowKind) -> tuple[ShowItem, ...]:
        return tuple(item for item in self.items if item.kind is kind)

    def points_of(self, kind: ShowKind) -> int:
        return sum(item.points for item in self.items if item.kind is kind)

    @property
    def groups(self) -> tuple[ShowGroup, ...]:
        """The items grouped the way players think of them, in counting order."""
        return group_items(self.items)

    @property
    def notes(self) -> tuple[ShowNote, ...]:
        """The rules that decided this count where players often get them wrong."""
        return show_notes(self.hand, self.starter, self.crib)

    @property
    def announce(self) -> str:
        """The count as players say it: ``fifteen two, fifteen four, a pair is six``."""
        return announce_groups(self.groups)


# --- fifteens, pairs and runs, worked out on ranks ---------------------------------

_Template = tuple[tuple[ShowKind, tuple[int, ...], int], ...]
_by_index = attrgetter("index")


def _rank_items(ranks: Sequence[int]) -> _Template:
    """Fifteens, pairs and runs among ranks sorted ascending, as positions into them."""
    values = [min(rank, 10) for rank in ranks]
    positions = range(len(ranks))
    items: list[tuple[ShowKind, tuple[int, ...], int]] = []
    for size in range(2, len(ranks) + 1):
        for combo in combinations(positions, size):
            if sum(values[i] for i in combo) == 15:
                items.append((ShowKind.FIFTEEN, combo, 2))
    for combo in combinations(positions, 2):
        if ranks[combo[0]] == ranks[combo[1]]:
            items.append((ShowKind.PAIR, combo, 2))
    # Only the longest runs count; a shorter run inside a longer one is not another run.
    for length in range(len(ranks), 2, -1):
        runs = [
            (ShowKind.RUN, combo, length)
            for combo in combinations(positions, length)
            if all(ranks[a] + 1 == ranks[b] for a, b in pairwise(combo))
        ]
        if runs:
            items.extend(runs)
            break
    return tuple(items)


def rank_key(ranks: Iterable[int]) -> int:
    """The product of the ranks' primes: the same number for the same rank multiset."""
    key = 1
    for rank in ranks:
        key *= RANK_PRIMES[rank]
    return key


def _ranks_of_key(key: int) -> list[int]:
    ranks = []
    for rank in Rank:
        prime = RANK_PRIMES[rank]
        while key % prime == 0:
            ranks.append(int(rank))
            key //= prime
    return ranks


class _TemplateTable(dict[int, _Template]):
    """Rank key -> fifteens, pairs and runs as positions into the rank-sorted cards."""

    def __missing__(self, key: int) -> _Template:
        template = self[key] = _rank_items(_ranks_of_key(key))
        return template


def _rank_points(ranks: Sequence[int]) -> int:
    """Points from fifteens, pairs and runs among ranks, counted without listing them: the
    computer values thousands of new hands a game, each once (``_rank_items`` lists them,
    for a count shown item by item)."""
    values = [min(rank, 10) for rank in ranks]
    sums = [0]
    for value in values:
        sums += [total + value for total in sums]
    points = 2 * sums.count(15)
    counts = [0] * 15
    for rank in ranks:
        counts[rank] += 1
    run, ways = 0, 1
    for rank in range(1, 15):  # 14: past the king, so the last run ends
        if counts[rank]:
            run, ways = run + 1, ways * counts[rank]
            continue
        if run >= 3:
            points += run * ways
        run, ways = 0, 1
    return points + sum(count * (count - 1) for count in counts)


class _RankPointsTable(dict[int, int]):
    """Rank key -> points from fifteens, pairs and runs; filled on first use of each key."""

    def __missing__(self, key: int) -> int:
        points = self[key] = _rank_points(_ranks_of_key(key))
        return points


_TEMPLATES = _TemplateTable()
RANK_POINTS: dict[int, int] = _RankPointsTable()
"""Points from fifteens, pairs and runs among five cards, by ``rank_key`` of their ranks."""


def rank_points(ranks: Iterable[int]) -> int:
    """Points from fifteens, pairs and runs among five ranks (suits play no part)."""
    return RANK_POINTS[rank_key(ranks)]


# --- the whole count -------------------------------------------------------------------


def _check_deal(hand: tuple[Card, ...], starter: Card) -> None:
    if len(hand) != 4:
        raise CardError(f"a hand or crib has 4 cards, got {len(hand)}")
    ensure_distinct((*hand, starter))


def score_show(hand: Iterable[Card], starter: Card, crib: bool = False) -> ShowResult:
    """Count four cards and the starter, itemised.

    ``crib=True`` applies the crib's flush rule: only five cards of one suit score.
    A jack as starter is heels (see ``ShowResult.heels``), never part of the count.
    """
    hand = tuple(hand)
    _check_deal(hand, starter)
    five = sorted((*hand, starter), key=_by_index)
    key = five[0].prime * five[1].prime * five[2].prime * five[3].prime * five[4].prime
    items = [
        ShowItem(kind, tuple(five[i] for i in positions), points)
        for kind, positions, points in _TEMPLATES[key]
    ]
    flush = _flush_points(hand, starter, crib)
    if flush:
        items.append(ShowItem(ShowKind.FLUSH, hand if flush == 4 else (*hand, starter), flush))
    jack = _nobs_jack(hand, starter)
    if jack is not None:
        items.append(ShowItem(ShowKind.NOBS, (jack,), 1))
    return ShowResult(
        hand=hand,
        starter=starter,
        crib=crib,
        items=tuple(items),
        total=sum(item.points for item in items),
    )


def show_total(hand: Sequence[Card], starter: Card, crib: bool = False) -> int:
    """The total of ``score_show`` without the items: the fast path for bulk work.

    The caller guarantees four distinct hand cards and a starter not among them.
    """
    a, b, c, d = hand
    total = RANK_POINTS[a.prime * b.prime * c.prime * d.prime * starter.prime]
    suit = a.suit
    if b.suit is suit and c.suit is suit and d.suit is suit:
        if starter.suit is suit:
            total += 5
        elif not crib:
            total += 4
    nobs = _JACKS[starter.suit]
    if a is nobs or b is nobs or c is nobs or d is nobs:
        total += 1
    return total


_JACKS = {suit: Card(Rank.JACK, suit) for suit in Suit}


def _flush_points(hand: tuple[Card, ...], starter: Card, crib: bool) -> int:
    suit = hand[0].suit
    if any(c.suit is not suit for c in hand[1:]):
        return 0
    if starter.suit is suit:
        return 5
    return 0 if crib else 4


def _nobs_jack(hand: tuple[Card, ...], starter: Card) -> Card | None:
    for c in hand:
        if c.rank is Rank.JACK and c.suit is starter.suit:
            return c
    return None


def show_notes(hand: Sequence[Card], starter: Card, crib: bool) -> tuple[ShowNote, ...]:
    """The one-line rules that decided this count, where players often go wrong."""
    notes = []
    suits = {c.suit for c in hand}
    if len(suits) == 1 and crib and starter.suit not in suits:
        notes.append(ShowNote.CRIB_FOUR_FLUSH)
    if len(suits) == 2 and sum(c.suit is starter.suit for c in hand) == 3:
        notes.append(ShowNote.STARTER_IS_NOT_A_FOURTH_SUITED_CARD)
    if starter.rank is Rank.JACK:
        notes.append(ShowNote.HEELS)
    return tuple(notes)


# --- grouping and announcing -------------------------------------------------------

_PAIR_NAMES = {1: "pair", 3: "pair royal", 6: "double pair royal"}
_RUN_NAMES = {1: "run", 2: "double run", 3: "triple run", 4: "double-double run"}


def _slug(name: str) -> str:
    return name.replace(" ", "-")


def group_items(items: Iterable[ShowItem]) -> tuple[ShowGroup, ...]:
    """Group items as players count them: each fifteen alone, pairs by rank, runs together
    with the pairs among their cards, then the flush and nobs."""
    items = tuple(items)
    groups = [
        ShowGroup(ShowKind.FIFTEEN, f"fifteen-{len(item.cards)}", "fifteen", (item,))
        for item in items
        if item.kind is ShowKind.FIFTEEN
    ]
    runs = tuple(item for item in items if item.kind is ShowKind.RUN)
    in_runs = {card for run in runs for card in run.cards} if len(runs) > 1 else set()
    pairs_by_rank: dict[Rank, list[ShowItem]] = {}
    run_pairs: list[ShowItem] = []
    for item in items:
        if item.kind is ShowKind.PAIR:
            if item.cards[0] in in_runs:
                run_pairs.append(item)
            else:
                pairs_by_rank.setdefault(item.cards[0].rank, []).append(item)
    for pairs in pairs_by_rank.values():
        name = _PAIR_NAMES[len(pairs)]
        groups.append(ShowGroup(ShowKind.PAIR, _slug(name), name, tuple(pairs)))
    if runs:
        length = len(runs[0].cards)
        multiple = _RUN_NAMES[len(runs)]
        key = f"run-{length}" if len(runs) == 1 else _slug(multiple)
        name = f"{multiple} of {number_word(length)}"
        groups.append(ShowGroup(ShowKind.RUN, key, name, (*runs, *run_pairs)))
    for item in items:
        if item.kind is ShowKind.FLUSH:
            key = "flush-5" if item.points == 5 else "hand-flush-4"
            name = f"flush of {number_word(item.points)}"
            groups.append(ShowGroup(ShowKind.FLUSH, key, name, (item,)))
        elif item.kind is ShowKind.NOBS:
            groups.append(ShowGroup(ShowKind.NOBS, "nobs", "nobs", (item,)))
    return tuple(groups)


def _said(group: ShowGroup, pairs_said: int) -> str:
    """A scoring group as it is said, before its running total."""
    if group.kind is ShowKind.FLUSH:
        return f"{number_word(group.points)} for the flush"
    if group.kind is ShowKind.NOBS:
        return "one for his nobs"
    if group.key == "pair" and pairs_said:
        return "another pair"
    if group.pair_points:
        # "a double run", "a double run of four": players name the length past three only.
        runs = [item for item in group.items if item.kind is ShowKind.RUN]
        length = len(runs[0].cards)
        said = f"a {_RUN_NAMES[len(runs)]}"
        return f"{said} of {number_word(length)}" if length > 3 else said
    return f"a {group.name}"


def announce_groups(groups: Sequence[ShowGroup]) -> str:
    """Say a count the way players do, with the running total after each score:
    ``fifteen two, fifteen four, fifteen six and a double run is fourteen``."""
    if not groups:
        return "nineteen: no points"
    phrases = []
    running = 0
    pairs_said = 0
    for group in groups:
        running += group.points
        total = number_word(running)
        if group.kind is ShowKind.FIFTEEN:
            phrases.append(f"fifteen {total}")
            continue
        said = _said(group, pairs_said)
        pairs_said += group.key == "pair"
        if " for " not in said:
            phrases.append(f"{said} is {total}")
        elif running > group.points:
            phrases.append(f"{said} makes {total}")
        else:
            phrases.append(said)  # "four for the flush" says its total already
    if len(phrases) == 1 or groups[-1].kind is ShowKind.FIFTEEN:
        return ", ".join(phrases)
    return ", ".join(phrases[:-1]) + " and " + phrases[-1]
