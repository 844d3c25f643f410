"""The computer at a table of three or four: ``choose_at_table(game, level)`` gives its
action for ``game.to_move`` (``computer.choose`` hands a game of three or four here).

Like the two-player computer it looks only at what its seat may see: its own five cards,
the starter, the cards laid and the gos said. Its discard is one card of five:

- ``greedy`` keeps the four that score most by themselves (the first in card order on a tie);
- ``classic`` and ``strong`` throw by the exact expected value of hand and crib for the
  seat (``discard.table_discard_options``): the crib counts for the dealer and, at four,
  the dealer's partner, against an opponent.

In the play every level must lay a card that fits, and says go only when none does:

- ``greedy`` lays the card that scores most now, else the lowest that gives nothing away;
- ``classic`` follows the two-player textbook priorities (``classic_lay``), which look
  at the count and the series only;
- ``strong`` weighs every player at the table, in this order of its stated priorities:
  score now (what the card pegs, go and last card included); don't give the next player
  a fifteen, 31, pair or run (what they may score on the card, each rank by the chance
  that they hold one, from the cards unseen and the gos they said), unless the next is
  one's partner, whose points are the team's (then they count for, at half weight, as a
  partner plays their own hand); and keep the go (on equal value it sheds its highest card,
  keeping low ones to lay last in a series).

The hints offered at three and four (``table_discard_hint``, ``table_play_hint``) are
strong's choices, with why in a player's words.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from math import comb

from .actions import Action, Claim, Discard, Go, Lay
from .cards import DECK, Card
from .classic import classic_lay
from .discard import Role, discard_options
from .game import Game
from .greedy import four_card_points, greedy_lay
from .pegging import PlayState, score_play
from .rules import HAND_SIZE, MAX_COUNT, Seat

__all__ = [
    "PARTNER_WEIGHT",
    "TableHint",
    "choose_at_table",
    "greedy_table_discard",
    "next_player_threat",
    "strong_table_lay",
    "strongest",
    "table_discard_hint",
    "table_lay_values",
    "table_play_hint",
    "table_seat",
]

PARTNER_WEIGHT = 0.5
"""What strong counts of the points its partner may score on its card, against a point
an opponent may score (which counts whole, against it)."""
SHED_HIGH = 0.05
"""Strong's tie-break a point of a card's value: lay the high card, keep the low for the go."""


def table_seat(game: Game, player: Seat) -> Role:
    """Whose crib it is, seen from ``player``: their own, their partner's (at four) or an
    opponent's."""
    dealer = game.deal.dealer
    if player == dealer:
        return Role.DEALER
    if game.players == 4 and player % 2 == dealer % 2:
        return Role.PARTNER
    return Role.OPPONENT


def choose_at_table(game: Game, level: str) -> Action:
    """The computer's action at a table of three or four for the seat to move; ``level``
    is a ``computer.Level`` value. A claim waited for is answered exactly."""
    player = game.to_move
    if player is None:
        raise ValueError("the game is over: there is nothing to choose")
    if game.pending is not None:
        return Claim(player, game.pending.points)
    deal = game.deal
    play = deal.play
    if play is None:
        cards = deal.dealt[player]
        if level == "greedy":
            return Discard(player, (greedy_table_discard(cards),))
        best = discard_options(cards, table_seat(game, player), players=game.players)
        return Discard(player, best[0].throw)
    hand = deal.held(player)
    fitting = play.playable(hand)
    if not fitting:
        return Go(player)
    assert deal.starter is not None
    seen = (*deal.dealt[player], deal.starter, *(t.card for t in play.turns if t.card))
    if level == "greedy":
        return Lay(player, greedy_lay(hand, play, seen))
    if level == "classic":
        return Lay(player, classic_lay(hand, play))
    partners = game.players == 4
    return Lay(player, strong_table_lay(hand, play, player, seen, partners=partners))


def greedy_table_discard(cards: Iterable[Card]) -> Card:
    """The card greedy throws from five: it keeps the four that score most by themselves
    (fifteens, pairs, runs, a four-card flush), the first such four in card order."""
    cards = tuple(sorted(cards))
    kept = max(
        (tuple(card for card in cards if card is not thrown) for thrown in cards),
        key=four_card_points,
    )
    return next(card for card in cards if card not in kept)


def strong_table_lay(
    hand: Sequence[Card],
    play: PlayState,
    me: Seat,
    seen: Iterable[Card],
    *,
    partners: bool = False,
) -> Card:
    """The card strong lays at a table of three or four: the most it scores now, less
    what the next player may score on it (plus, when the next is its partner, half of
    that), and on equal value its highest card (see the module)."""
    fitting = sorted(play.playable(hand), key=lambda card: (card.rank, card))
    if not fitting:
        raise ValueError("no card fits: the player must say go")
    return strongest(table_lay_values(fitting, play, me, seen, partners=partners))


def strongest(values: Mapping[Card, float]) -> Card:
    """The card strong lays of these, valued by ``table_lay_values``: the most valued, on
    equal value the highest card (``SHED_HIGH``), then the lowest in card order."""
    fitting = sorted(values, key=lambda card: (card.rank, card))
    return max(fitting, key=lambda card: values[card] + SHED_HIGH * card.value)


def table_lay_values(
    hand: Sequence[Card],
    play: PlayState,
    me: Seat,
    seen: Iterable[Card],
    *,
    partners: bool = False,
) -> dict[Card, float]:
    """What strong makes of each card of ``hand`` that fits, in points: what it pegs now,
    less what the next player may expect to peg on it (``next_player_threat``), or plus
    half of that when the next is one's partner. Strong lays the most valued, on equal
    value the highest card (``strong_table_lay``); the review of a game of three or four
    measures a lay's loss by these values."""
    unseen = [card for card in DECK if card not in set(seen)]
    values = {}
    for card in play.playable(hand):
        after, items = play.lay(card)
        now = float(sum(item.points for item in items))
        following = after.to_play
        if following is not None and after.count:
            threat = next_player_threat(after, following, unseen)
            partner = partners and following % 2 == me % 2
            now += PARTNER_WEIGHT * threat if partner else -threat
        values[card] = now
    return values


def next_player_threat(after: PlayState, player: Seat, unseen: Sequence[Card]) -> float:
    """What ``player``, next to lay on ``after``, may expect to score with their next card:
    the ranks they may hold (of value above what their gos ruled out) that would score,
    the best first, each by the chance that they hold one of its unseen cards among their
    cards left and none of a better one (the ranks taken as held independently)."""
    size = HAND_SIZE - after.laid[player]
    if size <= 0 or player in after.said_go:
        return 0.0
    least = 1
    for turn in after.turns:
        if turn.card is None and turn.player == player:
            least = max(least, MAX_COUNT - turn.count + 1)
    pool = [card for card in unseen if card.value >= least]
    ranks = Counter(card.rank for card in pool)
    total = len(pool)
    size = min(size, total)
    if not size:
        return 0.0
    scoring = []
    for rank, many in ranks.items():
        card = next(card for card in pool if card.rank is rank)
        if after.count + card.value > MAX_COUNT:
            continue
        points = sum(item.points for item in score_play(after.series, card))
        if points:
            scoring.append((points, 1 - comb(total - many, size) / comb(total, size)))
    threat, none_better = 0.0, 1.0
    for points, chance in sorted(scoring, reverse=True):
        threat += points * chance * none_better
        none_better *= 1 - chance
    return threat


# --- hints at a table of three or four -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TableHint:
    """The hint beside a decision at three or four: the card to throw or to lay, and why,
    in a player's words. For a throw, ``seat`` is whose crib it is, seen from the player."""

    card: Card
    why: str
    seat: Role | None = None


def table_discard_hint(game: Game, player: Seat) -> TableHint:
    """The best throw of the five for ``player``'s seat, as the computer throws it
    (``table_discard_options``), and what the keep and the crib are worth."""
    seat = table_seat(game, player)
    cards = game.deal.dealt[player]
    best, second = discard_options(cards, seat, players=game.players)[:2]
    crib = {
        Role.DEALER: "your crib",
        Role.PARTNER: "your partner's crib",
        Role.OPPONENT: "an opponent's crib",
    }[seat]
    why = (
        f"the four kept average {best.hand_ev:.1f} with the starter, and the "
        f"{best.throw[0].label} gives {crib} {best.crib_ev:.1f} on average; "
        f"{best.net_ev - second.net_ev:.2f} points better than throwing the "
        f"{second.throw[0].label}"
    )
    return TableHint(best.throw[0], why, seat)


def table_play_hint(game: Game, player: Seat) -> TableHint:
    """The card strong lays for ``player`` now, and why: what it scores, and what the next
    player may score on it."""
    deal = game.deal
    play = deal.play
    assert play is not None and deal.starter is not None
    hand = deal.held(player)
    seen = (*deal.dealt[player], deal.starter, *(t.card for t in play.turns if t.card))
    partners = game.players == 4
    card = strong_table_lay(hand, play, player, seen, partners=partners)
    after, items = play.lay(card)
    now = sum(item.points for item in items)
    reasons = [f"it pegs {now}" if now else "nothing scores now"]
    following = after.to_play
    if following is not None and after.count:
        unseen = [each for each in DECK if each not in set(seen)]
        threat = next_player_threat(after, following, unseen)
        partner = partners and following % 2 == player % 2
        who = "your partner" if partner else "the next player"
        reasons.append(f"{who} may peg {threat:.1f} on it on average")
    elif following is not None:
        reasons.append("the count starts again")
    return TableHint(card, ", ".join(reasons))
