"""Lay quizzes: a position from the play, the card to lay, graded by the strong computer.

A position is what a player sees when it is their turn to lay, at a table of two, three or
four: the cards they still hold, the cards laid so far with the count, their seat (at two
pone or dealer; at three or four dealer, the dealer's partner or an opponent), the starter
and the cards they threw (two, or one at three or four). A card is graded by the strong
computer's search of the rest of the play, the same the game review uses
(``computer.lay_values``: per rank, the expected own pegging minus the others', over the
hands the others may hold given what the player has seen; at three or four the search of
``cribbage.maxn``); the loss is the best rank's value minus the chosen one's, classed by the
review's thresholds (``review.decision_class``), so a quiz and a game's review agree. As the
review does, the first lead of a deal at two is judged against the pegging table's lead
(the lead strong makes), never a loss below 0.

Mistakes of a recognisable kind are patterns (``LAY_PATTERNS``), learnt and reviewed like
the show's and the discard's. Each is *seen* in a position where a card making it costs
more than ``BEST_WITHIN`` against the best, and *missed* when the card laid made it and
cost that much. What each means, the card laid against the best card:

- a five led: a five led to a new count when the best lead was not a five;
- a count of 5 or 21 left for a ten-card: not a five led, but the count left at 5 or 21,
  where any of the sixteen ten-cards makes 15 or 31, when the best card left neither;
- a pair made when a pair royal could follow: the card pairs the last one laid, a third of
  the rank is unseen and would fit, and the best card does not pair;
- a run opened to the opponent: after the card some unseen card that fits makes a run,
  and after the best card none does;
- points passed up: the best card pegs now (a fifteen, a pair, a run, 31, a go or the last
  card) and the card laid pegs nothing;
- a low card spent that the go needed: the card laid is an ace to four and the lowest
  held, pegs nothing, and the best card is above four, keeping the low card for a go.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from cribbage.cards import DECK, Card, Rank
from cribbage.computer import greedy_discard, greedy_lay, lay_values
from cribbage.discard import Role
from cribbage.peg_table import play_value_of
from cribbage.pegging import GO, PegKind, PlayState, read_play_state, score_play
from cribbage.review import BEST_WITHIN, decision_class
from cribbage.rules import HAND_SIZE, MAX_COUNT, table_for
from cribbage.seating import Seating

from .patterns import Pattern, in_counting_order

__all__ = [
    "LAY_PATTERNS",
    "LayGrade",
    "LayPosition",
    "deal_lay",
    "grade_lay",
    "lay_mistakes",
    "mistake_words",
    "notation",
]

LAY_PATTERNS = tuple(p for p in Pattern if p.value.startswith("lay-"))
LOW_CARD = 4
"""The highest value of a card kept for the go: an ace to a four."""
_TIE = 1e-9


def notation(play: PlayState) -> str:
    """The play so far in ``crib peg`` notation: cards and gos in order."""
    return " ".join(GO if turn.card is None else turn.card.code for turn in play.turns)


@dataclass(frozen=True, slots=True)
class LayPosition:
    """A player's turn to lay: ``play`` is the play so far (``me`` to lay: seat 0 leads,
    on the dealer's left, the last seat deals), ``held`` the cards still in hand,
    ``thrown`` the cards the player threw to the crib."""

    play: PlayState
    held: tuple[Card, ...]
    starter: Card
    thrown: tuple[Card, ...]

    @classmethod
    def read(
        cls,
        play: str,
        held: Sequence[Card],
        starter: Card,
        thrown: Sequence[Card],
        players: int = 2,
    ) -> LayPosition:
        """A position from the play so far in notation at a table of ``players``. Raises
        ValueError when it is not one: the play does not read, or the held cards cannot be
        laid now."""
        state, error = read_play_state(play, players)
        if error is not None:
            raise ValueError(str(error))
        position = cls(state, tuple(held), starter, tuple(thrown))
        position.check()
        return position

    def check(self) -> None:
        """Raise ValueError unless it is the holder's turn, with cards of theirs to lay."""
        if self.play.to_play is None:
            raise ValueError("the play is over: there is no card to lay")
        laid = {turn.card for turn in self.play.turns}
        cards = [*self.held, self.starter, *self.thrown]
        if laid & set(cards) or len(set(cards)) != len(cards):
            raise ValueError("a card is held, thrown or turned and also laid")
        if len(self.held) != HAND_SIZE - self.play.laid[self.me]:
            raise ValueError("the cards held are not what is left of the hand")
        if len(self.thrown) != table_for(self.players).thrown_each:
            raise ValueError(f"at {self.players} players a hand throws {self.thrown_said}")
        if not self.fitting:
            raise ValueError("no card held fits: the player must say go")

    @property
    def me(self) -> int:
        assert self.play.to_play is not None
        return self.play.to_play

    @property
    def players(self) -> int:
        return self.play.players

    @property
    def thrown_said(self) -> str:
        return "two cards" if self.players == 2 else "one card"

    @property
    def seating(self) -> Seating:
        """The table from the player's seat: the others named by where they sit."""
        return Seating(self.players, self.me)

    @property
    def role(self) -> Role:
        """Whose crib it is from the player's seat: the last seat deals."""
        return self.seating.role(self.me, self.players - 1)

    @property
    def count(self) -> int:
        return self.play.count

    @property
    def fitting(self) -> tuple[Card, ...]:
        return self.play.playable(self.held)

    @property
    def laid_by_me(self) -> tuple[Card, ...]:
        return tuple(t.card for t in self.play.turns if t.card and t.player == self.me)

    @property
    def seen(self) -> tuple[Card, ...]:
        """Every card the player has seen: their six, the starter, the cards laid."""
        laid = tuple(t.card for t in self.play.turns if t.card and t.player != self.me)
        return (*self.held, *self.laid_by_me, *self.thrown, self.starter, *laid)

    @property
    def unseen(self) -> tuple[Card, ...]:
        seen = set(self.seen)
        return tuple(card for card in DECK if card not in seen)

    @property
    def is_first_lead(self) -> bool:
        """The first lead of a deal at two, which the pegging table values."""
        return self.players == 2 and not self.play.turns and len(self.held) == HAND_SIZE

    @property
    def forced(self) -> bool:
        """Only one rank fits: nothing to choose."""
        return len({card.rank for card in self.fitting}) == 1


@dataclass(frozen=True, slots=True)
class LayGrade:
    """A card laid, graded against the best: ``values`` per rank of the cards that fit
    (``lay_values``), ``best`` the best rank (the table's for a first lead)."""

    position: LayPosition
    card: Card
    values: Mapping[int, float]
    best: int
    tempting: tuple[Pattern, ...]
    mistakes: tuple[Pattern, ...]

    def loss_of(self, rank: int) -> float:
        loss = self.values[self.best] - self.values[rank]
        return loss if loss > _TIE else 0.0

    @property
    def loss(self) -> float:
        """Expected pegging points lost against the best card (0 for the best)."""
        return self.loss_of(int(self.card.rank))

    @property
    def klass(self) -> str:
        return "forced" if self.position.forced else decision_class(self.loss)

    @property
    def is_best(self) -> bool:
        return self.loss <= BEST_WITHIN

    @property
    def best_card(self) -> Card:
        """The card of the best rank to lay: the one laid, when it is of that rank."""
        if self.card.rank == self.best:
            return self.card
        return min(card for card in self.position.fitting if card.rank == self.best)

    @property
    def options(self) -> tuple[tuple[Card, float, float], ...]:
        """Each card that fits with its rank's value and loss, the best first."""
        rows = [
            (card, self.values[int(card.rank)], self.loss_of(int(card.rank)))
            for card in self.position.fitting
        ]
        return tuple(sorted(rows, key=lambda row: (row[2], -row[1], row[0])))


def best_rank(position: LayPosition, values: Mapping[int, float]) -> int:
    """The best rank to lay: the pegging table's lead for a first lead (strong's), else the
    rank the search values most (the lowest of equals)."""
    if position.is_first_lead:
        return int(play_value_of([int(card.rank) for card in position.held]).lead)
    return max(sorted(values), key=lambda rank: values[rank])


def grade_lay(
    position: LayPosition, card: Card, values: Mapping[int, float] | None = None
) -> LayGrade:
    """Grade laying ``card`` in ``position`` (``values`` when the search is made already,
    as the game review's). Raises ValueError for a card not held or one that does not fit."""
    if card not in position.held:
        raise ValueError(f"the {card.label} is not in the hand")
    if card not in position.fitting:
        raise ValueError(f"the {card.label} would take the count past {MAX_COUNT}")
    if values is None:
        values = lay_values(position.held, position.play, position.me, position.seen)
    values = {int(rank): float(value) for rank, value in values.items()}
    best = best_rank(position, values)
    grade = LayGrade(position, card, values, best, (), ())
    best_card = grade.best_card
    seen: set[Pattern] = set()
    for fit in position.fitting:
        if grade.loss_of(int(fit.rank)) > BEST_WITHIN:
            seen.update(lay_mistakes(position, fit, best_card))
    mistakes = set(lay_mistakes(position, card, best_card)) & seen if not grade.is_best else set()
    return LayGrade(
        position, card, values, best, in_counting_order(seen), in_counting_order(mistakes)
    )


def lay_mistakes(position: LayPosition, card: Card, best: Card) -> tuple[Pattern, ...]:
    """The recognisable mistakes laying ``card`` makes where ``best`` is the best card,
    whatever they cost (see the module for each)."""
    made = set()
    count = position.count
    if card.rank == best.rank:
        return ()
    if count == 0 and card.value == 5 and best.value != 5:
        made.add(Pattern.LAY_LED_FIVE)
    elif count + card.value in (5, 21) and count + best.value not in (5, 21):
        made.add(Pattern.LAY_INTO_FIFTEEN)
    unseen = position.unseen
    series = position.play.series
    if series and card.rank == series[-1].rank and best.rank != series[-1].rank:
        third = any(other.rank == card.rank for other in unseen)
        if third and count + 2 * card.value <= MAX_COUNT:
            made.add(Pattern.LAY_PAIR_ROYAL_CHANCE)
    if _opens_run(series, card, unseen) and not _opens_run(series, best, unseen):
        made.add(Pattern.LAY_RUN_OPENED)
    card_points, best_points = _pegs(position.play, card), _pegs(position.play, best)
    if best_points and not card_points:
        made.add(Pattern.LAY_POINTS_PASSED)
    low = min(position.held, key=lambda held: held.value)
    if (
        card.value <= LOW_CARD
        and card.value == low.value
        and best.value > LOW_CARD
        and not card_points
    ):
        made.add(Pattern.LAY_GO_CARD_SPENT)
    return in_counting_order(made)


def mistake_words(position: LayPosition, card: Card, best: Card, pattern: Pattern) -> str:
    """What a mistake of ``card`` (``best`` the best card) did, as a coach would say it."""
    count = position.count + card.value
    series = position.play.series
    if pattern is Pattern.LAY_LED_FIVE:
        return "a five led: any of the sixteen ten-cards makes fifteen for 2"
    if pattern is Pattern.LAY_INTO_FIFTEEN:
        return (
            f"your {card.rank.word} left the count at {count}: a ten-card makes {count + 10} for 2"
        )
    if pattern is Pattern.LAY_PAIR_ROYAL_CHANCE:
        return (
            f"your {card.rank.word} paired the {series[-1].rank.word}: a third makes a pair "
            "royal for 6"
        )
    if pattern is Pattern.LAY_RUN_OPENED:
        ranks = " or ".join(f"a {rank.word}" for rank in _run_ranks(series, card, position.unseen))
        return f"after your {card.rank.word}, {ranks} makes a run"
    if pattern is Pattern.LAY_POINTS_PASSED:
        items = position.play.lay(best)[1]
        said = ", ".join(f"{item.name} {item.points}" for item in items)
        return f"the {best.rank.word} pegged {sum(item.points for item in items)} now ({said})"
    return (
        f"your {card.rank.word} was the card for a go: kept, it lays on a high count after "
        "the opponent's go"
    )


def _pegs(play: PlayState, card: Card) -> int:
    return sum(item.points for item in play.lay(card)[1])


def _opens_run(series: tuple[Card, ...], card: Card, unseen: Iterable[Card]) -> bool:
    """Whether after ``card`` some unseen card that fits makes a run."""
    return bool(_run_ranks(series, card, unseen))


def _run_ranks(series: tuple[Card, ...], card: Card, unseen: Iterable[Card]) -> list[Rank]:
    """The ranks of the unseen cards that fit and make a run after ``card``."""
    after = (*series, card)
    count = sum(laid.value for laid in after)
    if count == MAX_COUNT:
        return []
    ranks: dict[Rank, Card] = {}
    for other in unseen:
        ranks.setdefault(other.rank, other)
    return sorted(
        rank
        for rank, other in ranks.items()
        if count + other.value <= MAX_COUNT
        and any(item.kind is PegKind.RUN for item in score_play(after, other))
    )


def deal_lay(
    rng: random.Random, *, pattern: Pattern | None = None, tries: int = 400, players: int = 2
) -> tuple[LayPosition, dict[int, float]]:
    """A position from a realistic play at a table of ``players``, with its values: every
    player keeps and lays as the greedy computer does, and the position is a turn of a
    random one of them with a choice to make; with ``pattern`` (a lay mistake), one that
    tempts it (searched only where some card could make it; the last searched after
    ``tries`` deals otherwise)."""
    found = None
    for _ in range(tries):
        position = _realistic_position(rng, players)
        if position is None:
            continue
        if pattern is not None and found is not None and not _may_make(position, pattern):
            continue
        values = lay_values(position.held, position.play, position.me, position.seen)
        found = position, values
        if pattern is None or pattern in grade_lay(position, position.fitting[0], values).tempting:
            return found
    if found is None:
        raise RuntimeError("no position with a choice to make was dealt")
    return found


def _may_make(position: LayPosition, pattern: Pattern) -> bool:
    """Whether some card that fits makes ``pattern`` against some other that fits."""
    fitting = position.fitting
    return any(
        pattern in lay_mistakes(position, card, other) for card in fitting for other in fitting
    )


def _realistic_position(rng: random.Random, players: int = 2) -> LayPosition | None:
    dealt_each = table_for(players).dealt_each
    cards = rng.sample(DECK, players * dealt_each + 1)
    dealt = [tuple(cards[seat * dealt_each : (seat + 1) * dealt_each]) for seat in range(players)]
    starter = cards[-1]
    thrown = [greedy_discard(hand) for hand in dealt]
    kept = [
        tuple(c for c in hand if c not in throw) for hand, throw in zip(dealt, thrown, strict=True)
    ]
    me = rng.randrange(players)
    stop = rng.randrange(HAND_SIZE)  # the player's how many-th lay (from 0) is the position
    state = PlayState.start(players)
    laid: dict[int, list[Card]] = {seat: [] for seat in range(players)}
    while state.to_play is not None:
        player = state.to_play
        held = tuple(card for card in kept[player] if card not in laid[player])
        if not state.playable(held):
            state = state.say_go()[0]
            continue
        if player == me and len(laid[me]) >= stop:
            position = LayPosition(state, held, starter, tuple(thrown[me]))
            return None if position.forced else position
        seen = (*dealt[player], starter, *(t.card for t in state.turns if t.card))
        card = greedy_lay(held, state, seen)
        laid[player].append(card)
        state = state.lay(card)[0]
    return None


def rank_of(letter: str) -> int:
    """A rank from its letter (``A``, ``2`` … ``T``, ``J``, ``Q``, ``K``), as the game
    review keys its lay values."""
    return int(next(rank for rank in Rank if rank.letter == letter))
