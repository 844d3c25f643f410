"""The rest of a two-player play, searched on ranks: what each card is worth in pegging.

Pegging never depends on suits, so the search works on ranks. A position is seen from the
player to move: their ranks, the other player's ranks, the series, whether the other player
cannot lay a card until the count restarts ("alone": they said go or hold no card), and
whether the player to move laid the last card (who pegs the go). Its value is the mover's
pegging minus the other's to the end of the play, both playing their best with every card
in view (negamax), and it is remembered by position.

Hands (rank multisets of up to four) and series are numbered as they are met, so that a
position is one small int: ints hash fast and the garbage collector does not trace them. A
series is kept as its count, the distinct ranks that end it (most recent last: all a run
can use, cut to a span of at most 6 since no run is longer than 7 cards) and how many cards
of the last rank end it (all a pair can use).

A ``Search`` is the computer's working memory: its tables grow as positions are met and are
cleared by ``forget`` (``clear_if_large`` bounds them). Each thread has its own
(``memory``): a server answering two requests at once in two threads never mixes their
numbers, nor clears one search's tables in the middle of another. The module's functions
work on the calling thread's memory.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from typing import Any

from .cards import Card
from .rules import GAME_POINTS, MAX_COUNT
from .win_table import win_chance

__all__ = [
    "CHANCES",
    "START",
    "WIN",
    "Race",
    "Search",
    "clear_if_large",
    "forget",
    "hand_moves",
    "hand_number",
    "lay_value",
    "memory",
    "need",
    "play_value",
    "race",
    "series_number",
]

_VALUES = tuple(min(rank, 10) for rank in range(14))
_PAIRS = {2: 2, 3: 6, 4: 12}
_LONGEST_RUN_SPAN = 6
_HAND_BITS = 12
START = 0
"""The number of the series before any card: count 0."""
MEMORY_LIMIT = 600_000


_Tail = tuple[int, ...]


def _lay_rank(count: int, tail: _Tail, streak: int, rank: int) -> tuple[int, int, _Tail, int]:
    """Points for laying ``rank``, and the count, tail and streak after it."""
    made = count + _VALUES[rank]
    points = 2 if made in (15, MAX_COUNT) else 0
    if tail and tail[-1] == rank:
        return points + _PAIRS[streak + 1], made, (rank,), streak + 1
    if rank in tail:
        tail = tail[tail.index(rank) + 1 :]
    tail = (*tail, rank)
    for n in range(len(tail), 2, -1):
        last = tail[-n:]
        if max(last) - min(last) == n - 1:
            points += n
            break
    while max(tail) - min(tail) > _LONGEST_RUN_SPAN:
        tail = tail[1:]
    return points, made, tail, 1


class _Hands:
    """Rank multisets by number; each with its moves: (rank, value, number without it)."""

    def __init__(self) -> None:
        self.numbers: dict[tuple[int, ...], int] = {}
        self.moves: list[tuple[tuple[int, int, int], ...]] = []
        self.number(())

    def number(self, ranks: tuple[int, ...]) -> int:
        found = self.numbers.get(ranks)
        if found is not None:
            return found
        moves = []
        for index, rank in enumerate(ranks):
            if index and ranks[index - 1] == rank:
                continue
            moves.append((rank, _VALUES[rank], self.number(ranks[:index] + ranks[index + 1 :])))
        found = self.numbers[ranks] = len(self.moves)
        self.moves.append(tuple(moves))
        return found


class _Series:
    """Series by number: the count, and what laying each rank scores and leads to."""

    def __init__(self) -> None:
        self.numbers: dict[tuple[int, _Tail, int], int] = {}
        self.states: list[tuple[int, _Tail, int]] = []
        self.counts: list[int] = []
        self.lays: dict[int, tuple[int, int]] = {}
        self.number((0, (), 0))

    def number(self, state: tuple[int, _Tail, int]) -> int:
        found = self.numbers.get(state)
        if found is None:
            found = self.numbers[state] = len(self.states)
            self.states.append(state)
            self.counts.append(state[0])
        return found

    def lay(self, series: int, rank: int) -> tuple[int, int]:
        """Points for laying ``rank`` on series number ``series``, and the series after."""
        key = series << 4 | rank
        found = self.lays.get(key)
        if found is None:
            points, count, tail, streak = _lay_rank(*self.states[series], rank)
            found = self.lays[key] = (points, self.number((count, tail, streak)))
        return found


class Search:
    """The working memory of one thread's searches: hands and series by number, and the
    values of the positions met, the plain play's and each race's.

    Every thread has its own (``memory``), so two requests searching at once never see
    each other's numbers, and clearing one thread's memory leaves the others' intact.
    """

    __slots__ = ("hands", "memo", "races", "series", "tables")

    def __init__(self) -> None:
        self.hands = _Hands()
        self.series = _Series()
        self.memo: dict[int, int] = {}
        self.races: dict[tuple[int, int], Race] = {}
        self.tables: dict[int, dict[int, Any]] = {}
        """The positions of plays of three and four (``maxn``), by table size."""

    def forget(self) -> None:
        """Clear the remembered positions and series (hands keep their numbers)."""
        self.memo = {}
        self.races = {}
        self.tables = {}
        self.series = _Series()

    def clear_if_large(self) -> None:
        """Forget everything once the tables pass ``MEMORY_LIMIT`` entries. Call it only
        between searches: numbers given out before are no longer valid after it."""
        races = sum(len(each.memo) for each in self.races.values())
        tables = sum(len(each) for each in self.tables.values())
        if len(self.memo) + len(self.series.lays) + races + tables > MEMORY_LIMIT:
            self.forget()

    def hand_number(self, ranks: Iterable[int]) -> int:
        """The number of a hand of ranks."""
        return self.hands.number(tuple(sorted(ranks)))

    def hand_moves(self, hand: int) -> tuple[tuple[int, int, int], ...]:
        """A hand's moves, one per distinct rank: (rank, value, number of the hand without
        it)."""
        return self.hands.moves[hand]

    def series_number(self, series: Sequence[Card]) -> int:
        """The number of a series: the cards laid since the count was last 0."""
        number = START
        for card in series:
            number = self.series.lay(number, int(card.rank))[1]
        return number

    def play_value(self, own: int, other: int, series: int, alone: bool, last_own: bool) -> int:
        """The mover's pegging minus the other's to the end of the play (hands by number)."""
        key = ((series << _HAND_BITS | own) << _HAND_BITS | other) << 2 | alone << 1 | last_own
        found = self.memo.get(key)
        if found is not None:
            return found
        room = MAX_COUNT - self.series.counts[series]
        best = None
        for rank, value, rest in self.hands.moves[own]:
            if value <= room:
                score = self.lay_value(rest, other, series, alone, rank)
                if best is None or score > best:
                    best = score
        if best is None:
            best = self._go_value(own, other, series, alone, last_own)
        self.memo[key] = best
        return best

    def lay_value(self, own: int, other: int, series: int, alone: bool, rank: int) -> int:
        """The mover's value of laying ``rank``; ``own`` is their hand without it."""
        points, series = self.series.lay(series, rank)
        play_value = self.play_value
        if self.series.counts[series] == MAX_COUNT:
            if other:
                return points - play_value(other, own, START, not own, False)
            if own:
                return points + play_value(own, other, START, True, False)
            return points
        if not own:
            if not other:
                return points + 1  # last card
            if alone:
                return points + 1 - play_value(other, own, START, True, False)  # go
            return points - play_value(other, own, series, True, False)
        if alone:
            return points + play_value(own, other, series, True, True)
        return points - play_value(other, own, series, False, False)

    def _go_value(self, own: int, other: int, series: int, alone: bool, last_own: bool) -> int:
        """The mover's value of saying go (they hold cards, none fits)."""
        if not alone:
            return -self.play_value(other, own, series, True, True)
        if last_own and other:
            return 1 - self.play_value(other, own, START, False, False)
        return (1 if last_own else -1) + self.play_value(own, other, START, not other, False)

    def race(self, pone_show: int, dealer_show: int) -> Race:
        """The race with these show totals, remembered until ``forget``."""
        found = self.races.get((pone_show, dealer_show))
        if found is None:
            found = self.races[pone_show, dealer_show] = Race(self, pone_show, dealer_show)
        return found


_LOCAL = threading.local()


def memory() -> Search:
    """This thread's search memory, made at its first search."""
    try:
        found: Search = _LOCAL.search
    except AttributeError:
        found = _LOCAL.search = Search()
    return found


def forget() -> None:
    """Clear this thread's remembered positions and series."""
    memory().forget()


def clear_if_large() -> None:
    """``Search.clear_if_large`` on this thread's memory."""
    memory().clear_if_large()


def hand_number(ranks: Iterable[int]) -> int:
    """The number of a hand of ranks (in this thread's memory)."""
    return memory().hand_number(ranks)


def hand_moves(hand: int) -> tuple[tuple[int, int, int], ...]:
    """A hand's moves, one per distinct rank: (rank, value, number of the hand without it)."""
    return memory().hand_moves(hand)


def series_number(series: Sequence[Card]) -> int:
    """The number of a series: the cards laid since the count was last 0."""
    return memory().series_number(series)


def play_value(own: int, other: int, series: int, alone: bool, last_own: bool) -> int:
    """The mover's pegging minus the other's to the end of the play (hands by number)."""
    return memory().play_value(own, other, series, alone, last_own)


def lay_value(own: int, other: int, series: int, alone: bool, rank: int) -> int:
    """The mover's value of laying ``rank``; ``own`` is their hand without it."""
    return memory().lay_value(own, other, series, alone, rank)


def race(pone_show: int, dealer_show: int) -> Race:
    """The race with these show totals, remembered until ``forget``."""
    return memory().race(pone_show, dealer_show)


# --- the race: the play when a player may reach 121 this deal --------------------------

WIN = 100
"""What reaching 121 first is worth in a race's values, over any pegging difference."""
CHANCES = True
"""Whether a race the show does not end is valued by the chance to win from the scores
it leaves (else at 0: only the pegging difference counts)."""
_NEED_CAP = 127


class Race:
    """The rest of the play, and the show after it, when either player may reach 121 in
    this deal. ``pone_show`` and ``dealer_show`` are what each counts after the play (the
    dealer's with the crib). A position also holds how many points each player still needs
    and whether the mover is the pone; its value is the mover's pegging minus the other's,
    plus ``WIN`` when the mover reaches 121 first (in the play, or in the show, where the
    pone counts first) and minus ``WIN`` when the other does; when neither does, plus
    ``WIN`` times the mover's chance to win less the other's from the scores left
    (``win_table``; with ``CHANCES`` off, nothing).
    """

    __slots__ = ("dealer_show", "hands", "memo", "pone_show", "series")

    def __init__(self, search: Search, pone_show: int, dealer_show: int) -> None:
        self.hands = search.hands
        self.series = search.series
        self.pone_show = pone_show
        self.dealer_show = dealer_show
        self.memo: dict[int, int] = {}

    def value(
        self,
        own: int,
        other: int,
        series: int,
        alone: bool,
        last_own: bool,
        own_need: int,
        other_need: int,
        own_pone: bool,
    ) -> int:
        """The mover's value of the position (hands and series by number)."""
        key = (
            (((series << _HAND_BITS | own) << _HAND_BITS | other) << 2 | alone << 1 | last_own)
            << 14
            | own_need << 7
            | other_need
        ) << 1 | own_pone
        found = self.memo.get(key)
        if found is not None:
            return found
        room = MAX_COUNT - self.series.counts[series]
        best = None
        for rank, value, rest in self.hands.moves[own]:
            if value <= room:
                score = self.lay_value(
                    rest, other, series, alone, rank, own_need, other_need, own_pone
                )
                if best is None or score > best:
                    best = score
        if best is None:
            best = self._go_value(
                own, other, series, alone, last_own, own_need, other_need, own_pone
            )
        self.memo[key] = best
        return best

    def lay_value(
        self,
        own: int,
        other: int,
        series: int,
        alone: bool,
        rank: int,
        own_need: int,
        other_need: int,
        own_pone: bool,
    ) -> int:
        """The mover's value of laying ``rank``; ``own`` is their hand without it."""
        points, series = self.series.lay(series, rank)
        thirty_one = self.series.counts[series] == MAX_COUNT
        if not own and not thirty_one and (alone or not other):
            points += 1  # the last card, or the go: no one can play after it
        own_need -= points
        if own_need <= 0:
            return points + WIN
        if thirty_one:
            if other:
                return points - self.value(
                    other, own, START, not own, False, other_need, own_need, not own_pone
                )
            if own:
                return points + self.value(
                    own, other, START, True, False, own_need, other_need, own_pone
                )
            return points + self._show(own_need, other_need, own_pone)
        if not own:
            if not other:
                return points + self._show(own_need, other_need, own_pone)
            if alone:
                return points - self.value(
                    other, own, START, True, False, other_need, own_need, not own_pone
                )
            return points - self.value(
                other, own, series, True, False, other_need, own_need, not own_pone
            )
        if alone:
            return points + self.value(
                own, other, series, True, True, own_need, other_need, own_pone
            )
        return points - self.value(
            other, own, series, False, False, other_need, own_need, not own_pone
        )

    def _go_value(
        self,
        own: int,
        other: int,
        series: int,
        alone: bool,
        last_own: bool,
        own_need: int,
        other_need: int,
        own_pone: bool,
    ) -> int:
        if not alone:
            return -self.value(other, own, series, True, True, other_need, own_need, not own_pone)
        if last_own:
            if own_need <= 1:
                return 1 + WIN
            if other:
                return 1 - self.value(
                    other, own, START, False, False, other_need, own_need - 1, not own_pone
                )
            return 1 + self.value(
                own, other, START, True, False, own_need - 1, other_need, own_pone
            )
        if other_need <= 1:
            return -1 - WIN
        return -1 + self.value(
            own, other, START, not other, False, own_need, other_need - 1, own_pone
        )

    def _show(self, own_need: int, other_need: int, own_pone: bool) -> int:
        """WIN or -WIN as the show decides the game, the pone counting first; else, with
        ``CHANCES``, WIN times the mover's chance to win less the other's from the scores
        after the show, the mover dealing next if they are the pone (``win_table``)."""
        pone_need, dealer_need = (own_need, other_need) if own_pone else (other_need, own_need)
        if pone_need <= self.pone_show:
            return WIN if own_pone else -WIN
        if dealer_need <= self.dealer_show:
            return -WIN if own_pone else WIN
        if not CHANCES:
            return 0
        own_show, other_show = (
            (self.pone_show, self.dealer_show) if own_pone else (self.dealer_show, self.pone_show)
        )
        chance = win_chance(
            GAME_POINTS - own_need + own_show, GAME_POINTS - other_need + other_show, own_pone
        )
        return round(WIN * (2 * chance - 1))


def need(points: int) -> int:
    """Points still needed, as a race holds them (at most 127)."""
    return min(points, _NEED_CAP)
