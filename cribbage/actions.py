"""A player's moves in the two-player game, and their JSON: discard, lay, go, claim and
resign.

Each action names its ``player`` (seat 0 or 1). ``action_to_dict`` and ``action_from_dict``
carry an action as JSON-able data, as a game's log stores it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .cards import Card, CardError, parse_card
from .rules import Seat
from .show import MAX_SHOW

__all__ = [
    "MAX_CLAIM",
    "Action",
    "Claim",
    "Discard",
    "GameError",
    "Go",
    "Lay",
    "Resign",
    "action_from_dict",
    "action_to_dict",
]


MAX_CLAIM = MAX_SHOW
"""The most a claim may be: no card in the play and no count in the show scores more."""


class GameError(CardError):
    """An action the game does not allow now; the message says what is wrong."""


@dataclass(frozen=True, slots=True)
class Discard:
    """``player`` lays two of their six cards away to the dealer's crib."""

    player: Seat
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Lay:
    """``player`` lays ``card`` in the play."""

    player: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class Go:
    """``player`` holds no card that fits the count and says go."""

    player: Seat


@dataclass(frozen=True, slots=True)
class Claim:
    """``player`` (the human, counting manually) claims ``points`` for the move or count
    the game waits on."""

    player: Seat
    points: int


@dataclass(frozen=True, slots=True)
class Resign:
    """``player`` gives the game up: it is lost as the scores stand, skunks included."""

    player: Seat


Action = Discard | Lay | Go | Claim | Resign


def action_to_dict(action: Action) -> dict[str, Any]:
    """An action as JSON-able data: ``{"type": "lay", "player": 0, "card": "5H"}``."""
    if isinstance(action, Discard):
        return {
            "type": "discard",
            "player": action.player,
            "cards": [card.code for card in action.cards],
        }
    if isinstance(action, Lay):
        return {"type": "lay", "player": action.player, "card": action.card.code}
    if isinstance(action, Go):
        return {"type": "go", "player": action.player}
    if isinstance(action, Resign):
        return {"type": "resign", "player": action.player}
    return {"type": "claim", "player": action.player, "points": action.points}


def action_from_dict(data: Mapping[str, Any]) -> Action:
    """The action ``action_to_dict`` gave; raises GameError on data that is not one."""
    try:
        kind, player = data["type"], data["player"]
        if kind == "discard":
            return Discard(player, tuple(parse_card(code) for code in data["cards"]))
        if kind == "lay":
            return Lay(player, parse_card(data["card"]))
        if kind == "go":
            return Go(player)
        if kind == "claim":
            return Claim(player, data["points"])
        if kind == "resign":
            return Resign(player)
    except (KeyError, TypeError) as error:
        raise GameError(f"not an action: {data!r}") from error
    raise GameError(f"not an action: {data!r}")
