"""A game's state as JSON-able data, and back: what ``Game.to_dict`` and ``Game.from_dict``
store and read.

The format is version ``STATE_VERSION``; games stored before must still load, so it
changes only with a new version. A deal's play is stored as the cards laid and gos said,
in order, and read back by playing them again.

Version 2 is the game of three or four players: version 1's fields, plus ``players`` and,
at three, each deal's ``from_deck`` (the crib's card from the deck); every list by seat
holds one entry a player. A two-player game is still written as version 1, byte for byte
as before (it has nothing version 2 adds), and both versions are read.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, TypedDict

from .actions import GameError
from .cards import Card, parse_card
from .pegging import GO
from .records import ClaimRecord, Counting, Deal, GameState, Peg, Pending, Source, replay_play
from .rules import Seat, table_for

__all__ = ["STATE_VERSION", "GameFields", "game_fields", "game_to_dict"]

STATE_VERSION = 2
TWO_PLAYER_VERSION = 1
"""The version a two-player game is written in: it has nothing version 2 adds."""


class GameFields(TypedDict):
    """A ``Game``'s fields, as read from its JSON."""

    seed: str
    human: Seat | None
    counting: Counting
    cuts: tuple[tuple[Card, ...], ...]
    deals: tuple[Deal, ...]
    scores: tuple[int, ...]
    pegs: tuple[Peg, ...]
    claims: tuple[ClaimRecord, ...]
    pending: Pending | None
    resigned: Seat | None
    players: int


def game_to_dict(game: GameState) -> dict[str, Any]:
    """The state as JSON-able data; ``game_fields`` reads it back."""
    data = {
        "version": STATE_VERSION if game.players != 2 else TWO_PLAYER_VERSION,
        "seed": game.seed,
        "human": game.human,
        "counting": game.counting.value,
        "cuts": [_codes(cut) for cut in game.cuts],
        "scores": list(game.scores),
        "deals": [_deal_to_dict(deal) for deal in game.deals],
        "pegs": [
            {"deal": p.deal, "player": p.player, "source": p.source.value, "points": p.points}
            for p in game.pegs
        ],
        "claims": [
            {
                "deal": c.deal,
                "player": c.player,
                "source": c.source.value,
                "turn": c.turn,
                "claimed": c.claimed,
                "scored": c.scored,
            }
            for c in game.claims
        ],
        "pending": None
        if game.pending is None
        else {
            "player": game.pending.player,
            "source": game.pending.source.value,
            "points": game.pending.points,
            "turn": game.pending.turn,
        },
        "resigned": game.resigned,
    }
    if game.players != 2:
        data["players"] = game.players
    return data


def game_fields(data: Mapping[str, Any]) -> GameFields:
    """The fields of the game ``game_to_dict`` gave. Raises GameError on data it cannot
    read."""
    version = data.get("version")
    if version not in (TWO_PLAYER_VERSION, STATE_VERSION) or isinstance(version, bool):
        raise GameError(
            f"not a game state of version {TWO_PLAYER_VERSION} or {STATE_VERSION}: {version!r}"
        )
    try:
        players = 2 if version == TWO_PLAYER_VERSION else data["players"]
        table_for(players)
        pending = data["pending"]
        return GameFields(
            seed=str(data["seed"]),
            human=data["human"],
            counting=Counting(data["counting"]),
            cuts=tuple(_each(_cards(cut), players) for cut in data["cuts"]),
            deals=tuple(_deal_from_dict(deal, players) for deal in data["deals"]),
            scores=_each(tuple(data["scores"]), players),
            pegs=tuple(
                Peg(p["deal"], p["player"], Source(p["source"]), p["points"]) for p in data["pegs"]
            ),
            claims=tuple(
                ClaimRecord(
                    c["deal"],
                    c["player"],
                    Source(c["source"]),
                    c["turn"],
                    c["claimed"],
                    c["scored"],
                )
                for c in data["claims"]
            ),
            pending=None
            if pending is None
            else Pending(
                pending["player"], Source(pending["source"]), pending["points"], pending["turn"]
            ),
            resigned=data.get("resigned"),
            players=players,
        )
    except GameError:
        raise
    except (KeyError, TypeError, ValueError) as error:
        raise GameError(f"not a game state: {error!r}") from error


def _deal_to_dict(deal: Deal) -> dict[str, Any]:
    play = None
    if deal.play is not None:
        play = [GO if turn.card is None else turn.card.code for turn in deal.play.turns]
    data: dict[str, Any] = {
        "number": deal.number,
        "dealer": deal.dealer,
        "dealt": [_codes(cards) for cards in deal.dealt],
        "thrown": [_codes(cards) for cards in deal.thrown],
        "starter": None if deal.starter is None else deal.starter.code,
        "play": play,
        "counts_made": deal.counts_made,
    }
    if deal.from_deck:
        data["from_deck"] = _codes(deal.from_deck)
    return data


def _deal_from_dict(data: Mapping[str, Any], players: int) -> Deal:
    dealer = data["dealer"]
    if dealer not in range(players) or isinstance(dealer, bool):
        raise GameError(f"not a game state: the dealer {dealer!r} is not a seat of {players}")
    play = None
    if data["play"] is not None:
        turns = (None if token == GO else parse_card(token) for token in data["play"])
        play = replay_play(turns, (dealer + 1) % players, players)[0]
    starter = data["starter"]
    return Deal(
        number=data["number"],
        dealer=dealer,
        dealt=_each(tuple(_cards(cards) for cards in data["dealt"]), players),
        thrown=_each(tuple(_cards(cards) for cards in data["thrown"]), players),
        starter=None if starter is None else parse_card(starter),
        play=play,
        counts_made=data["counts_made"],
        from_deck=_cards(data.get("from_deck", ())),
    )


def _codes(cards: Iterable[Card]) -> list[str]:
    return [card.code for card in cards]


def _cards(codes: Iterable[str]) -> tuple[Card, ...]:
    return tuple(parse_card(code) for code in codes)


def _each(values: tuple[Any, ...], players: int) -> tuple[Any, ...]:
    if len(values) != players:
        raise GameError(f"expected {_WORDS[players]} values, one per player, got {len(values)}")
    return values


_WORDS = {2: "two", 3: "three", 4: "four"}
