"""Hints for a learner at the table: the throw the analyser rates best, and the card the
strong computer would lay, each with why in a player's words. Never a hint for a count:
counting is the exercise. Pure Python: no Django.

A hint sees only what the player's seat may see, as the computer does: its own cards at
the discard (six at two, five at three or four); its hand, the starter and the cards laid
in the play. The others are named as the table names them (``Seating``): "the computer"
at two, "West" or "North" at three and four. Its reasons are read
from the position, as a coach at the table would say them: what the keep already holds
and what the throw gives the crib; the count a card leaves (off 5 and 21, where a
ten-card scores), what the other player could peg on it, a low card saved for the go.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, pairwise

from .actions import Lay
from .cards import DECK, Card, Rank
from .classic import DANGER_COUNTS
from .computer import Level, choose, lay_values
from .discard import CRIB_MODEL, CribModel, DiscardOption, Role, discard_options
from .game import Game
from .pegging import PegItem, PlayState, pegged_words, score_play
from .rules import HAND_SIZE, MAX_COUNT
from .seating import Seating
from .show import ShowItem, ShowKind, announce_groups, group_items

__all__ = [
    "DiscardHint",
    "PlayHint",
    "discard_hint",
    "discard_reasons",
    "kept_count",
    "lay_reasons",
    "play_hint",
]

GO_CARD = 4
"""A card this low is one to save for the go: it fits on the high counts no other does."""
_MOST_REASONS = 2


@dataclass(frozen=True, slots=True)
class DiscardHint:
    """The best throw for the cards dealt to a seat, by the analyser's expected values, and
    why: what the four kept score already and on average, what the throw gives the crib.
    ``players``: the table (the analyser's page for it)."""

    dealt: tuple[Card, ...]
    role: Role
    best: DiscardOption
    reasons: tuple[str, ...] = ()
    players: int = 2

    @property
    def why(self) -> str:
        """The reasons in one sentence's worth of words."""
        return "; ".join(self.reasons)


@dataclass(frozen=True, slots=True)
class PlayHint:
    """The card the strong computer would lay in the player's place, and why."""

    card: Card
    reasons: tuple[str, ...]

    @property
    def why(self) -> str:
        """The reasons joined as a player says them: "it keeps the count off 21 and saves
        your 4 for the go"; "a lead under five: no card makes fifteen on it; if the
        computer pairs it, your other 4 makes a pair royal"."""
        if len(self.reasons) == _MOST_REASONS and all(
            reason.startswith("it ") for reason in self.reasons
        ):
            return f"{self.reasons[0]} and {self.reasons[1].removeprefix('it ')}"
        return "; ".join(self.reasons)


def discard_hint(game: Game, player: int) -> DiscardHint:
    """The throw ``discard_options`` rates best for the cards dealt to ``player`` now (at
    two with the good player's crib model, as everywhere in the trainer)."""
    deal = game.deal
    seating = game.seating
    role = seating.role(player, deal.dealer)
    dealt = tuple(sorted(deal.dealt[player]))
    model = CRIB_MODEL if game.players == 2 else CribModel.RANDOM
    options = discard_options(dealt, role, model, players=game.players)
    crib = f"{seating.possessive(deal.dealer)} crib"
    reasons = discard_reasons(options, role, crib=crib)
    return DiscardHint(dealt, role, options[0], reasons, game.players)


def play_hint(game: Game, player: int) -> PlayHint | None:
    """The card strong would lay for ``player`` now; None when they have no card that
    fits (a go is no choice) or it is not their turn to lay."""
    deal, play = game.deal, game.deal.play
    if game.to_move != player or game.pending is not None or play is None:
        return None
    held = deal.held(player)
    if not play.playable(held):
        return None
    action = choose(game, Level.STRONG)
    assert isinstance(action, Lay)
    seen = deal.seen_by(player)
    reasons = lay_reasons(play, held, action.card, seen, game.seating)
    if not reasons:
        values = lay_values(held, play, player, seen)
        reasons = (_by_value(values, play, held, action.card),)
    return PlayHint(action.card, reasons)


# --- the discard -----------------------------------------------------------------------


def kept_count(keep: Iterable[Card]) -> tuple[int, str]:
    """What four cards score before the starter is cut, as a hand (fifteens, pairs, runs,
    a flush of four) and as players say it: ``(6, "fifteen two, fifteen four and a pair is
    six")``; ``(0, "")`` for nothing."""
    cards = tuple(sorted(keep))
    items = [
        ShowItem(ShowKind.FIFTEEN, combo, 2)
        for size in range(2, len(cards) + 1)
        for combo in combinations(cards, size)
        if sum(card.value for card in combo) == 15
    ]
    items += [
        ShowItem(ShowKind.PAIR, pair, 2)
        for pair in combinations(cards, 2)
        if pair[0].rank is pair[1].rank
    ]
    for length in range(len(cards), 2, -1):
        runs = [
            ShowItem(ShowKind.RUN, combo, length)
            for combo in combinations(cards, length)
            if all(int(b.rank) - int(a.rank) == 1 for a, b in pairwise(combo))
        ]
        if runs:
            items += runs
            break
    if len(cards) == HAND_SIZE and len({card.suit for card in cards}) == 1:
        items.append(ShowItem(ShowKind.FLUSH, cards, HAND_SIZE))
    if not items:
        return 0, ""
    return sum(item.points for item in items), announce_groups(group_items(items))


def discard_reasons(
    options: Sequence[DiscardOption], role: Role, *, crib: str = ""
) -> tuple[str, ...]:
    """Why the first of ``options`` (best first, as ``discard_options`` gives them) is the
    throw to make as ``role``: what the keep scores and what the throw gives the crib
    (``crib`` names it: "your crib", "West's crib"; at two "the computer's crib" unless
    given)."""
    best = options[0]
    points, said = kept_count(best.keep)
    if points:
        keep = f"the four you keep count {points} already ({said})"
    else:
        keep = "the four you keep count nothing before the starter"
    reasons = [f"{keep}, {best.hand_ev:.1f} on average with the starter"]
    crib = crib or ("your crib" if role is Role.DEALER else "the computer's crib")
    if len(best.throw) == 1:
        throw = f"the {_name(best.throw[0])} you throw gives {crib} {best.crib_ev:.1f} on average"
    else:
        throw = f"the two you throw give {crib} {best.crib_ev:.1f} on average"
    fact = _throw_fact(best, role)
    reasons.append(f"{throw}: {fact}" if fact else throw)
    if len(options) > 1 and best.net_ev - options[1].net_ev >= 0.05:
        second = options[1]
        cards = " ".join(card.short_label for card in second.throw)
        gap = best.net_ev - second.net_ev
        reasons.append(f"the next best throw, {cards}, is {gap:.1f} points worse on average")
    return tuple(reasons)


def _throw_fact(option: DiscardOption, role: Role) -> str:
    """What the cards thrown are to the crib, for the side that owns it (who wants points
    in it) or an opponent of the dealer (who gives the crib away)."""
    low, high = min(option.throw), max(option.throw)
    made = []
    if len(option.throw) == 2 and low.rank is high.rank:
        made.append("a pair")
    if len(option.throw) == 2 and low.value + high.value == 15:
        made.append("a fifteen")
    fives = [card for card in option.throw if card.rank is Rank.FIVE]
    if role.owns_crib:
        if made:
            return f"{' and '.join(made)} in it already"
        if fives:
            return "a 5 for its fifteens"
        return ""
    kept_fives = [card for card in option.keep if card.rank is Rank.FIVE]
    if len(option.throw) == 2 and not made and not fives and int(high.rank) - int(low.rank) > 2:
        return "no 5, no pair, no fifteen, nothing near a run"
    if kept_fives and not fives:
        return "your 5 stays out of it"
    return ""


# --- the play --------------------------------------------------------------------------


def lay_reasons(
    play: PlayState,
    held: Sequence[Card],
    card: Card,
    seen: Iterable[Card],
    seating: Seating | None = None,
) -> tuple[str, ...]:
    """Why laying ``card`` (of ``held``, the hand of the seat to play) is good, read from
    the position: what it pegs, the count it leaves against the others that fit, what the
    next player could peg on it, the low card it saves for the go. At most two reasons,
    the weightiest first; none when the position alone says nothing for it (the
    difference is further on in the play). ``seating`` names the next player (at two
    "the computer")."""
    player = play.to_play
    assert player is not None
    seating = seating or Seating(play.players, player)
    seen = set(seen) | set(held)
    unseen = tuple(each for each in DECK if each not in seen)
    fitting = play.playable(held)
    others = _one_per_rank(each for each in fitting if each.rank is not card.rank)
    after, items = play.lay(card)
    playing = [
        seat
        for seat in range(play.players)
        if seat != player and seat not in play.said_go and play.holds_cards(seat)
    ]
    alone = not playing
    following = seating.left_of(player)
    while playing and following not in playing:
        following = seating.left_of(following)
    nextname = seating.name(following) if playing else ""
    reasons: list[str] = []
    if items:
        reasons.append(f"it pegs {pegged_words(items)}")
    if not others:
        if not items:
            reasons.append("it is the only rank you hold that fits")
    elif alone:
        reasons += _alone_reasons(play, held, card, _everyone_else(seating, player))
    elif play.count == 0:
        reasons += _lead_reasons(held, card, unseen, nextname)
    else:
        reasons += _reply_reasons(play, card, others, unseen, nextname)
    kept = [each for each in held if each is not card]
    low = min(kept, key=lambda each: (each.value, each), default=None)
    lower_fits = any(each.value < card.value for each in fitting if each is not card)
    if low is not None and low.value <= GO_CARD < card.value and lower_fits and not alone:
        reasons.append(f"it saves your {_name(low)} for the go")
    count = after.count
    if not alone and after.count and MAX_COUNT - 10 < count < MAX_COUNT:
        reasons.append(f"at {count} {nextname} needs {_needs(MAX_COUNT - count)} to play")
    return tuple(_unique(reasons)[:_MOST_REASONS])


def _everyone_else(seating: Seating, player: int) -> str:
    """The others as a sentence names them: "the computer" at two, else "no one else"."""
    return seating.name(1 - player) if seating.players == 2 else "no one else"


def _reply_reasons(
    play: PlayState, card: Card, others: Sequence[Card], unseen: Sequence[Card], nextname: str
) -> list[str]:
    """Against the other ranks that fit: the count kept off 5 and 21, or what another card
    would let the next player peg back."""
    count = play.count + card.value
    danger = sorted({play.count + each.value for each in others} & set(DANGER_COUNTS))
    if count not in DANGER_COUNTS and danger:
        return [f"it keeps the count off {danger[-1]}"]
    answer = _reply(play, card, unseen)
    mine = sum(item.points for item in answer)
    worst, worst_answer = max(
        ((each, _reply(play, each, unseen)) for each in others),
        key=lambda pair: (sum(item.points for item in pair[1]), pair[0]),
    )
    theirs = sum(item.points for item in worst_answer)
    if theirs <= mine:
        return []
    scored = score_play(play.series, worst)
    gives = f"give {nextname} {pegged_words(worst_answer)}"
    if scored:
        return [f"the {_name(worst)} would peg {pegged_words(scored)} but {gives}"]
    return [f"the {_name(worst)} would {gives}"]


def _lead_reasons(
    held: Sequence[Card], card: Card, unseen: Sequence[Card], nextname: str
) -> list[str]:
    """Why a lead, as the textbook says it: under five, from a pair, a ten-card backed by
    a five, the five kept back."""
    reasons = []
    if card.value < 5:
        reasons.append("a lead under five: no card makes fifteen on it")
    if any(each.rank is card.rank for each in held if each is not card) and any(
        each.rank is card.rank for each in unseen
    ):
        reasons.append(f"if {nextname} pairs it, your other {_name(card)} makes a pair royal")
    fives = [each for each in held if each.rank is Rank.FIVE and each is not card]
    if fives and card.value == 10:
        reasons.append("if a 5 makes fifteen on it, your 5 pairs it back")
    elif fives and card.rank is not Rank.FIVE:
        reasons.append("your 5 stays back: a ten-card on a 5 makes fifteen")
    return reasons


def _alone_reasons(play: PlayState, held: Sequence[Card], card: Card, others: str) -> list[str]:
    """No one else can lay: play on, keeping a card that still fits after it."""
    count = play.count + card.value
    cannot = f"{others} {'can' if others == 'no one else' else 'cannot'} play"
    still = [each for each in held if each is not card and count + each.value <= MAX_COUNT]
    if still and count != MAX_COUNT:
        return [f"{cannot}, and your {_name(min(still))} still fits after it"]
    return [f"{cannot}, so every card you lay now is yours to score"]


def _reply(play: PlayState, card: Card, unseen: Sequence[Card]) -> tuple[PegItem, ...]:
    """The most the other player could peg with one card on ``card`` (whatever they hold:
    any card not seen), as its items; none when the count starts again."""
    count = play.count + card.value
    if count == MAX_COUNT:
        return ()
    series = (*play.series, card)
    answers = (score_play(series, each) for each in unseen if count + each.value <= MAX_COUNT)
    return max(answers, key=lambda items: sum(item.points for item in items), default=())


def _by_value(values: dict[int, float], play: PlayState, held: Sequence[Card], card: Card) -> str:
    """When the position says nothing plain: how much better the card does over the rest
    of the play than the next best rank, by strong's search."""
    best = values.get(int(card.rank), 0.0)
    rivals = {rank: value for rank, value in values.items() if rank != int(card.rank)}
    if not rivals:
        return "it is the only rank you hold that fits"
    rank, value = max(rivals.items(), key=lambda pair: pair[1])
    gap = best - value
    rival = next(each for each in play.playable(held) if int(each.rank) == rank)
    if gap < 0.05:
        return f"the {_name(rival)} does as well: either pegs about the same over the play"
    return f"over the rest of the play it pegs {gap:.1f} more than the {_name(rival)}, on average"


def _one_per_rank(cards: Iterable[Card]) -> list[Card]:
    by_rank: dict[Rank, Card] = {}
    for each in cards:
        by_rank.setdefault(each.rank, each)
    return list(by_rank.values())


def _unique(reasons: list[str]) -> list[str]:
    return list(dict.fromkeys(reasons))


def _name(card: Card) -> str:
    """A card as a player names it in the play: ``7``, ``10``, ``ace``, ``jack``."""
    rank = card.rank
    return rank.label if Rank.TWO <= rank <= Rank.TEN else rank.word


def _needs(value: int) -> str:
    """A card of ``value`` or less, as said: "a 4 or lower", "an 8 or lower", "an ace"."""
    if value == 1:
        return "an ace"
    return f"{'an' if value == 8 else 'a'} {value} or lower"
