"""Hints for a learner at the table: the throw the analyser rates best, and the card the
strong computer would lay, with why in one line. Never a hint for a count: counting is the
exercise. Pure Python: no Django.

A hint sees only what the player's seat may see, as the computer does: its own six cards
at the discard; its hand, the starter and the cards laid in the play.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Lay
from .cards import Card
from .classic import DANGER_COUNTS
from .computer import Level, choose, lay_values
from .discard import CRIB_MODEL, DiscardOption, Role, discard_options
from .game import Game
from .pegging import score_play
from .rules import MAX_COUNT
from .words import pegged_words

__all__ = ["DiscardHint", "PlayHint", "discard_hint", "play_hint"]


@dataclass(frozen=True, slots=True)
class DiscardHint:
    """The best throw for the six dealt to a seat, by the analyser's expected values."""

    dealt: tuple[Card, ...]
    role: Role
    best: DiscardOption


@dataclass(frozen=True, slots=True)
class PlayHint:
    """The card the strong computer would lay in the player's place, and why."""

    card: Card
    why: str


def discard_hint(game: Game, player: int) -> DiscardHint:
    """The throw ``discard_options`` rates best for ``player``'s six in the deal now."""
    deal = game.deal
    role = Role.DEALER if player == deal.dealer else Role.PONE
    dealt = tuple(sorted(deal.dealt[player]))
    return DiscardHint(dealt, role, discard_options(dealt, role, CRIB_MODEL)[0])


def play_hint(game: Game, player: int) -> PlayHint | None:
    """The card strong would lay for ``player`` now; None when they have no card that
    fits (a go is no choice) or it is not their turn to lay."""
    deal, play = game.deal, game.deal.play
    if game.to_move != player or game.pending is not None or play is None:
        return None
    fitting = play.playable(deal.held(player))
    if not fitting:
        return None
    action = choose(game, Level.STRONG)
    assert isinstance(action, Lay)
    return PlayHint(action.card, _why(game, player, action.card, fitting))


def _why(game: Game, player: int, card: Card, fitting: tuple[Card, ...]) -> str:
    play = game.deal.play
    assert play is not None
    scored = score_play(play.series, card)
    if scored:
        return f"it pegs {pegged_words(scored)}"
    count = play.count + card.value
    others = [other for other in fitting if other.rank is not card.rank]
    if not others:
        return "it is the only rank you hold that fits"
    if any(score_play(play.series, other) for other in others):
        return "the points another card pegs now would cost more later"
    risky = sorted({play.count + other.value for other in others} & set(DANGER_COUNTS))
    if count not in DANGER_COUNTS and risky:
        return f"it keeps the count off {risky[-1]}"
    if not play.count and card.value < 5:
        return "a lead under five: no fifteen can be made on it"
    if count > MAX_COUNT - 10 and count != MAX_COUNT:
        return f"at {count} few cards fit for the computer"
    values = _values(game, player)
    best = values.get(int(card.rank), 0.0)
    return f"over the rest of the play it is worth {best:+.1f} points to you, the most"


def _values(game: Game, player: int) -> dict[int, float]:
    deal = game.deal
    play = deal.play
    assert play is not None and deal.starter is not None
    seen = (*deal.dealt[player], deal.starter, *(t.card for t in play.turns if t.card))
    return lay_values(deal.held(player), play, player, seen)
