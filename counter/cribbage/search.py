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

This module is the computer's working memory; its tables grow as positions are met and are
cleared by ``forget`` (``clear_if_large`` bounds them).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .cards import Card
from .pegging import MAX_COUNT

__all__ = [
    "START",
    "clear_if_large",
    "forget",
    "hand_moves",
    "hand_number",
    "lay_value",
    "play_value",
    "series_number",
]

_VALUES = tuple(min(rank, 10) for rank in range(14))
_PAIRS = {2: 2, 3: 6, 4: 12}
_LONGEST_RUN_SPAN = 6
_HAND_BITS = 12
START = 0
"""The number of the series before any card: count 0."""
MEMORY_LIMIT = 1_500_000


def _lay_rank(count: int, tail: tuple, streak: int, rank: int) -> tuple[int, int, tuple, int]:
    """Points for laying ``rank``, and the count, tail and streak after it."""
    made = count + _VALUES[rank]
    points = 2 if made in (15, MAX_COUNT) else 0
    if tail and tail[-1] == rank:
        return points + _PAIRS[streak + 1], made, tail, streak + 1
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
        self.numbers: dict[tuple, int] = {}
        self.states: list[tuple[int, tuple[int, ...], int]] = []
        self.counts: list[int] = []
        self.lays: dict[int, tuple[int, int]] = {}
        self.number((0, (), 0))

    def number(self, state: tuple[int, tuple[int, ...], int]) -> int:
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
            points, *after = _lay_rank(*self.states[series], rank)
            found = self.lays[key] = (points, self.number(tuple(after)))
        return found


_HANDS = _Hands()
_SERIES = _Series()
_MEMO: dict[int, int] = {}


def forget() -> None:
    """Clear the remembered positions and series."""
    global _SERIES
    _MEMO.clear()
    _SERIES = _Series()


def clear_if_large() -> None:
    """Forget everything once the tables pass ``MEMORY_LIMIT`` entries. Call it only
    between searches: numbers given out before are no longer valid after it."""
    if len(_MEMO) + len(_SERIES.lays) > MEMORY_LIMIT:
        forget()


def hand_number(ranks: Iterable[int]) -> int:
    """The number of a hand of ranks."""
    return _HANDS.number(tuple(sorted(ranks)))


def hand_moves(hand: int) -> tuple[tuple[int, int, int], ...]:
    """A hand's moves, one per distinct rank: (rank, value, number of the hand without it)."""
    return _HANDS.moves[hand]


def series_number(series: Sequence[Card]) -> int:
    """The number of a series: the cards laid since the count was last 0."""
    number = START
    for card in series:
        number = _SERIES.lay(number, int(card.rank))[1]
    return number


def play_value(own: int, other: int, series: int, alone: bool, last_own: bool) -> int:
    """The mover's pegging minus the other's to the end of the play (hands by number)."""
    key = ((series << _HAND_BITS | own) << _HAND_BITS | other) << 2 | alone << 1 | last_own
    found = _MEMO.get(key)
    if found is not None:
        return found
    room = MAX_COUNT - _SERIES.counts[series]
    best = None
    for rank, value, rest in _HANDS.moves[own]:
        if value <= room:
            score = lay_value(rest, other, series, alone, rank)
            if best is None or score > best:
                best = score
    if best is None:
        best = _go_value(own, other, series, alone, last_own)
    _MEMO[key] = best
    return best


def lay_value(own: int, other: int, series: int, alone: bool, rank: int) -> int:
    """The mover's value of laying ``rank``; ``own`` is their hand without it."""
    points, series = _SERIES.lay(series, rank)
    if _SERIES.counts[series] == MAX_COUNT:
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


def _go_value(own: int, other: int, series: int, alone: bool, last_own: bool) -> int:
    """The mover's value of saying go (they hold cards, none fits)."""
    if not alone:
        return -play_value(other, own, series, True, True)
    if last_own and other:
        return 1 - play_value(other, own, START, False, False)
    return (1 if last_own else -1) + play_value(own, other, START, not other, False)
