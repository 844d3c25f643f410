"""The rest of a play of three or four, searched on ranks: what each card is worth in
pegging, as ``search`` values it at two.

A position is every seat's ranks still held, the series, whose turn it is, who has said
go in this series and who laid the last card (who pegs the go). Every player plays their
best with every card in view, to the end of the play, and a position is remembered by
what it is. What a player plays for is their side's pegging less the others' (``Side``):

- at four, partners peg on one score, so the play is between two teams and each plays
  for its team's points less the other team's: a two-sided game, searched by negamax
  with alpha-beta on a table of bounds;
- at three, each plays for their own points less the mean of the other two (every point
  an opponent pegs is a point nearer 121 for someone else): the values of all three are
  carried up together (max^n), each player choosing what is best for them, the lowest
  rank of equals.

Hands are numbered and series numbered by the two-player search's memory
(``search.memory``), so a position packs into one int. ``lay_values`` averages over the
hands the other seats may hold: every set of unseen cards of their sizes, as many as
``samples_for`` gives for the cards still to come (more when fewer are left, where each
search is cheap), each seat's cards of value above what its gos ruled out, drawn at
random from the seen cards' seed, so a position is always valued alike.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from .cards import DECK, Card
from .pegging import PlayState
from .rules import HAND_SIZE, MAX_COUNT, Seat
from .search import START, Search, memory

__all__ = ["SAMPLES", "held_by_others", "lay_values", "position_value", "samples_for"]

SAMPLES = 24
"""The hands drawn for the other seats when few cards are left to lay (the two-player
search's number)."""
_BITS = 12
_MASK = (1 << _BITS) - 1
_NONE = 4
"""No card laid in the series yet (the last player's place in a key)."""
_INF = 1 << 20


def samples_for(players: int, laid: int) -> int:
    """How many hands of the others to search from a position with ``laid`` cards down: the
    full 24 once a search is cheap, fewer in the first round of the play, where each takes
    longest (at four, a whole play of 16 cards; benchmarks in docs/benchmarks.md)."""
    early = (4, 4, 8, 16) if players == 4 else (6, 12)
    return early[laid] if laid < len(early) else SAMPLES


class _Play:
    """The search of one table size on one thread's memory."""

    __slots__ = ("bounds", "hands", "lays", "memo", "players", "series", "teams")

    def __init__(self, search: Search, players: int) -> None:
        self.players = players
        self.teams = players == 4
        self.hands = search.hands.moves
        self.series = search.series
        self.lays = search.series.lay
        tables = search.tables.setdefault(players, {})
        self.memo: dict[int, tuple[int, ...]] = tables
        self.bounds: dict[int, tuple[int, int, int]] = search.tables.setdefault(-players, {})

    # --- seats --------------------------------------------------------------------------

    def _next(self, seat: int, hands: int, gone: int) -> int:
        """The first seat after ``seat`` (``seat`` last) holding cards, not gone; -1."""
        players = self.players
        for step in range(1, players + 1):
            other = (seat + step) % players
            if (hands >> (_BITS * other)) & _MASK and not (gone >> other) & 1:
                return other
        return -1

    # --- three: every seat's points carried up (max^n) -----------------------------------

    def vector(self, hands: int, series: int, mover: int, gone: int, last: int) -> tuple[int, ...]:
        """The points each seat pegs from here to the end of the play."""
        key = (((series << (4 * _BITS) | hands) << 2 | mover) << 4 | gone) << 3 | last
        found = self.memo.get(key)
        if found is not None:
            return found
        room = MAX_COUNT - self.series.counts[series]
        held = (hands >> (_BITS * mover)) & _MASK
        best: tuple[int, ...] | None = None
        best_for = 0.0
        for rank, value, rest in self.hands[held]:
            if value <= room:
                after = self.lay_vector(hands, series, mover, gone, rank, rest)
                mine = 3 * after[mover] - sum(after)  # twice their points less the others' mean
                if best is None or mine > best_for:
                    best, best_for = after, mine
        if best is None:
            best = self._go_vector(hands, series, mover, gone, last)
        self.memo[key] = best
        return best

    def lay_vector(
        self, hands: int, series: int, mover: int, gone: int, rank: int, rest: int
    ) -> tuple[int, ...]:
        """The points each seat pegs after ``mover`` lays ``rank`` (``rest``: the hand
        left), this card's own included."""
        points, series = self.lays(series, rank)
        shift = _BITS * mover
        hands = hands - (((hands >> shift) & _MASK) << shift) + (rest << shift)
        count = self.series.counts[series]
        if not hands:
            after: tuple[int, ...] = (0,) * self.players
            points += count != MAX_COUNT  # the last card
        elif count == MAX_COUNT:
            after = self.vector(hands, START, self._next(mover, hands, 0), 0, mover)
        else:
            following = self._next(mover, hands, gone)
            if following < 0:  # no one else can lay: the go, and a new count
                points += 1
                after = self.vector(hands, START, self._next(mover, hands, 0), 0, mover)
            else:
                after = self.vector(hands, series, following, gone, mover)
        return (*after[:mover], after[mover] + points, *after[mover + 1 :])

    def _go_vector(
        self, hands: int, series: int, mover: int, gone: int, last: int
    ) -> tuple[int, ...]:
        gone |= 1 << mover
        following = self._next(mover, hands, gone)
        if following >= 0:
            return self.vector(hands, series, following, gone, last)
        after = self.vector(hands, START, self._next(last, hands, 0), 0, last)
        return (*after[:last], after[last] + 1, *after[last + 1 :])

    # --- four: two teams, negamax ---------------------------------------------------------

    def team_value(
        self, hands: int, series: int, mover: int, gone: int, last: int, alpha: int, beta: int
    ) -> int:
        """The mover's team's pegging less the other team's from here, within
        ``alpha``..``beta`` (a bound beyond them)."""
        key = (((series << (4 * _BITS) | hands) << 2 | mover) << 4 | gone) << 3 | last
        known = self.bounds.get(key)
        low, high, tried = -_INF, _INF, 0
        if known is not None:
            low, high, tried = known
            if low == high or low >= beta:
                return low
            if high <= alpha:
                return high
            if low > alpha:
                alpha = low
            if high < beta:
                beta = high
        first_alpha = alpha
        room = MAX_COUNT - self.series.counts[series]
        moves = [move for move in self.hands[(hands >> (_BITS * mover)) & _MASK] if move[1] <= room]
        best, best_rank = -_INF, 0
        if moves:
            if len(moves) > 1:
                # The best card found before first, then what scores now: the most cut-offs.
                lays = self.lays
                moves.sort(key=lambda move: (move[0] != tried, -lays(series, move[0])[0]))
            for rank, _, rest in moves:
                value = self.lay_team(hands, series, mover, gone, rank, rest, alpha, beta)
                if value > best:
                    best, best_rank = value, rank
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            break
        else:
            best = self._go_team(hands, series, mover, gone, last, alpha, beta)
        if best <= first_alpha:
            self.bounds[key] = (low, best, best_rank)
        elif best >= beta:
            self.bounds[key] = (best, high, best_rank)
        else:
            self.bounds[key] = (best, best, best_rank)
        return best

    def lay_team(
        self,
        hands: int,
        series: int,
        mover: int,
        gone: int,
        rank: int,
        rest: int,
        alpha: int = -_INF,
        beta: int = _INF,
    ) -> int:
        """The mover's team's value of laying ``rank`` (``rest``: the hand left)."""
        points, series = self.lays(series, rank)
        shift = _BITS * mover
        hands = hands - (((hands >> shift) & _MASK) << shift) + (rest << shift)
        if not hands:
            return points + (self.series.counts[series] != MAX_COUNT)
        if self.series.counts[series] == MAX_COUNT:
            following, series, gone = self._next(mover, hands, 0), START, 0
        else:
            following = self._next(mover, hands, gone)
            if following < 0:
                points += 1
                following, series, gone = self._next(mover, hands, 0), START, 0
        return self._team_after(points, hands, series, following, gone, mover, mover, alpha, beta)

    def _go_team(
        self, hands: int, series: int, mover: int, gone: int, last: int, alpha: int, beta: int
    ) -> int:
        gone |= 1 << mover
        following = self._next(mover, hands, gone)
        point = 0
        if following < 0:  # no one can lay: the go to the last card, and a new count
            point = 1 if (last ^ mover) & 1 == 0 else -1
            following, series, gone = self._next(last, hands, 0), START, 0
        return self._team_after(point, hands, series, following, gone, last, mover, alpha, beta)

    def _team_after(
        self,
        points: int,
        hands: int,
        series: int,
        following: int,
        gone: int,
        last: int,
        mover: int,
        alpha: int,
        beta: int,
    ) -> int:
        """``points`` to ``mover``'s team now, then the rest of the play from
        ``following``'s turn (its value negated when ``following`` is of the other team)."""
        if (following ^ mover) & 1:
            return points - self.team_value(
                hands, series, following, gone, last, points - beta, points - alpha
            )
        return points + self.team_value(
            hands, series, following, gone, last, alpha - points, beta - points
        )


def position_value(
    held: Sequence[Iterable[int]],
    series: Sequence[Card],
    mover: Seat,
    said_go: Iterable[Seat] = (),
    last: Seat | None = None,
) -> float:
    """What the rest of a play of three or four is worth to ``mover``'s side, every hand
    in view (``held``: each seat's ranks, by seat): their side's pegging less the others'
    (at three, less the others' mean)."""
    players = len(held)
    search = memory()
    play = _Play(search, players)
    hands = _pack(search, held)
    gone = sum(1 << seat for seat in said_go)
    tail = search.series_number(series)
    mark = _NONE if last is None else last
    if play.teams:
        return float(play.team_value(hands, tail, mover, gone, mark, -_INF, _INF))
    values = play.vector(hands, tail, mover, gone, mark)
    return values[mover] - (sum(values) - values[mover]) / (players - 1)


def _pack(search: Search, held: Sequence[Iterable[int]]) -> int:
    hands = 0
    for seat, ranks in enumerate(held):
        hands |= search.hand_number(ranks) << (_BITS * seat)
    return hands


def held_by_others(
    play: PlayState, me: Seat, unseen: Sequence[Card], samples: int, rng: random.Random
) -> list[tuple[tuple[int, ...], ...]]:
    """``samples`` draws of what the other seats hold, by seat (``me``'s place empty): the
    unseen cards dealt out at random, each seat as many as it has left to lay, each of
    value above what its gos ruled out (a go at count c shows no card of 31 - c or less);
    the seats most ruled out drawn first, then in turn from ``me``: the draws depend on
    the seats only as they sit from ``me``, so a position read with its seats numbered
    from another is searched alike."""
    least: dict[Seat, int] = {}
    for turn in play.turns:
        if turn.card is None:
            least[turn.player] = max(least.get(turn.player, 1), MAX_COUNT - turn.count + 1)
    others = sorted(
        (seat for seat in range(play.players) if seat != me),
        key=lambda seat: (-least.get(seat, 1), (seat - me) % play.players),
    )
    draws = []
    for _ in range(samples):
        pool = list(unseen)
        rng.shuffle(pool)
        held: list[tuple[int, ...]] = [()] * play.players
        for seat in others:
            size = HAND_SIZE - play.laid[seat]
            floor = least.get(seat, 1)
            taken = [card for card in pool if card.value >= floor][:size]
            for card in taken:
                pool.remove(card)
            held[seat] = tuple(sorted(int(card.rank) for card in taken))
        draws.append(tuple(held))
    return draws


def lay_values(
    hand: Sequence[Card], play: PlayState, me: Seat, seen: Iterable[Card]
) -> dict[int, float]:
    """What laying each rank of ``hand`` that fits is worth to the player in seat ``me``
    of a play of three or four: the average, over the hands the other seats may hold
    (``held_by_others``, ``samples_for`` of them), of their side's pegging less the
    others' to the end of the play, every player playing their best."""
    if play.players not in (3, 4):
        raise ValueError(f"a play of {play.players}: the table search is for three or four")
    seen = set(seen)
    unseen = [card for card in DECK if card not in seen]
    search = memory()
    search.clear_if_large()
    table = _Play(search, play.players)
    rng = random.Random("".join(sorted(card.code for card in seen)))
    draws = held_by_others(play, me, unseen, samples_for(play.players, play.cards_down), rng)
    own = search.hand_number(int(card.rank) for card in hand)
    tail = search.series_number(play.series)
    gone = sum(1 << seat for seat in play.said_go)
    fitting = {int(card.rank) for card in play.playable(hand)}
    moves = [move for move in search.hand_moves(own) if move[0] in fitting]
    totals = dict.fromkeys(sorted(fitting), 0.0)
    players = play.players
    for held in draws:
        hands = _pack(search, (*held[:me], (), *held[me + 1 :])) | own << (_BITS * me)
        for rank, _, rest in moves:
            if table.teams:
                totals[rank] += table.lay_team(hands, tail, me, gone, rank, rest)
            else:
                after = table.lay_vector(hands, tail, me, gone, rank, rest)
                totals[rank] += after[me] - (sum(after) - after[me]) / (players - 1)
    return {rank: total / len(draws) for rank, total in totals.items()}
