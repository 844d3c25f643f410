"""Cards picked into places: the state behind the card picker, for any page that takes cards.

A page says which places it has, in the order they are filled, and keeps the cards in a
frozen value that mixes in ``Picks``. The counter has a hand of four and the starter
(``counter.entry.Entry``); the round has the starter, pone's hand, dealer's hand and the
crib (``counter.rounds.Round``); the discard analyser has one place of six
(``counter.discards.DiscardHand``).

A tap on a card (``with_pick``) takes it out if it is in a place, and the next card goes
back there; otherwise the card goes into the place being filled. ``fill`` names that
place: "" means the first place with room, so a page fills its places in order unless the
player chooses another (``with_fill``: the starter first, say). When the place being
filled is full, filling moves on to the next place with room. ``static/js/app.js``
applies the same rule in the browser, so taps show at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Protocol, Self

from cribbage.cards import Card


class PickerState(Protocol):
    """What the card picker draws from: each picked card's badge, and whether it takes more.
    ``Picks`` values are one; the pegging counter's play (``counter.plays``) another."""

    @property
    def full(self) -> bool: ...

    def marks(self) -> dict[Card, str]: ...


@dataclass(frozen=True, slots=True)
class Place:
    """Where picked cards go: ``key`` is its form field and query parameter."""

    key: str
    name: str  # as a heading or a slot says it: "Hand", "Starter", "Pone"
    size: int
    marks: tuple[str, ...]  # the badge on a picked card, by position: ("1", "2"…) or ("S",)
    noun: str = ""  # as a sentence says it: "hand", "starter"; the name in lower case if ""

    @property
    def said(self) -> str:
        return self.noun or self.name.lower()

    def slot_name(self, index: int) -> str:
        return self.name if self.size == 1 else f"{self.name} {index + 1}"


@dataclass(frozen=True, slots=True)
class Slot:
    """One card's room in a place, as the page draws it."""

    place: Place
    index: int
    card: Card | None
    first_empty: bool  # the place's first slot without a card: tap it to fill the place next
    next: bool  # the next card picked goes here

    @property
    def name(self) -> str:
        return self.place.slot_name(self.index)


class Picks:
    """Mixed into a frozen dataclass with a ``fill: str`` field and one field per place.

    A subclass sets ``PLACES`` and says how its fields hold the cards: ``placed`` gives the
    cards of each place in ``PLACES`` order, ``with_placed`` builds the value back.
    """

    __slots__ = ()
    PLACES: ClassVar[tuple[Place, ...]]
    fill: str

    # --- what a subclass provides --------------------------------------------------

    @property
    def placed(self) -> tuple[tuple[Card, ...], ...]:
        raise NotImplementedError

    def with_placed(self, placed: tuple[tuple[Card, ...], ...], fill: str) -> Self:
        raise NotImplementedError

    @property
    def places(self) -> tuple[Place, ...]:
        """The places as this value names them (the counter's hand is "Crib" for a crib)."""
        return self.PLACES

    # --- the picker's rule ---------------------------------------------------------

    def __post_init__(self) -> None:
        # One value per state: a fill that changes nothing is written as "".
        if self.fill and self._filling_from(self.fill) is self._filling_from(""):
            object.__setattr__(self, "fill", "")

    def cards_in(self, key: str) -> tuple[Card, ...]:
        return self.placed[self._index(key)]

    @property
    def all_cards(self) -> tuple[Card, ...]:
        return tuple(card for cards in self.placed for card in cards)

    @property
    def full(self) -> bool:
        """Every place has its cards: a tap can only take one out."""
        return self.filling is None

    @property
    def filling(self) -> Place | None:
        """The place the next card picked goes into; None when every place is full."""
        return self._filling_from(self.fill)

    def with_pick(self, card: Card) -> Self | None:
        """Tap a card: out if it is in a place (and the next card goes there), else into the
        place being filled. None when every place is full."""
        placed = list(self.placed)
        for n, cards in enumerate(placed):
            if card in cards:
                placed[n] = tuple(c for c in cards if c is not card)
                return self.with_placed(tuple(placed), self.PLACES[n].key)
        place = self.filling
        if place is None:
            return None
        n = self.PLACES.index(place)
        placed[n] = (*placed[n], card)
        fill = place.key if len(placed[n]) < place.size else self._next_with_room(placed, n)
        return self.with_placed(tuple(placed), fill)

    def with_fill(self, key: str) -> Self:
        """Fill ``key`` next (an unknown key changes nothing)."""
        if key not in self._keys():
            return self
        return self.with_placed(self.placed, key)

    def with_cleared(self, key: str = "") -> Self:
        """Take the cards out of place ``key``, or out of every place when ``key`` is ""."""
        if not key:
            return self.with_placed(tuple(() for _ in self.PLACES), "")
        if key not in self._keys():
            return self
        placed = list(self.placed)
        placed[self._index(key)] = ()
        return self.with_placed(tuple(placed), key)

    @property
    def slots(self) -> tuple[Slot, ...]:
        """Every slot of every place, in order, each with its card or None."""
        filling = self.filling
        slots = []
        for place, cards in zip(self.places, self.placed, strict=True):
            for index in range(place.size):
                card = cards[index] if index < len(cards) else None
                first_empty = index == len(cards)
                target = filling is not None and filling.key == place.key
                slots.append(Slot(place, index, card, first_empty, target and first_empty))
        return tuple(slots)

    def slots_of(self, key: str) -> tuple[Slot, ...]:
        return tuple(slot for slot in self.slots if slot.place.key == key)

    def marks(self) -> dict[Card, str]:
        """The badge each picked card wears in the picker."""
        return {
            card: place.marks[n]
            for place, cards in zip(self.PLACES, self.placed, strict=True)
            for n, card in enumerate(cards)
        }

    def place_params(self) -> list[tuple[str, str]]:
        """Each place with cards, and its cards as the query string writes them: ``5H,5C``."""
        return [
            (place.key, ",".join(card.code for card in cards))
            for place, cards in zip(self.PLACES, self.placed, strict=True)
            if cards
        ]

    # --- helpers -------------------------------------------------------------------

    def _keys(self) -> list[str]:
        return [place.key for place in self.PLACES]

    def _index(self, key: str) -> int:
        return self._keys().index(key)

    def _filling_from(self, key: str) -> Place | None:
        keys = self._keys()
        start = keys.index(key) if key in keys else 0
        placed = self.placed
        for step in range(len(keys)):
            n = (start + step) % len(keys)
            if len(placed[n]) < self.PLACES[n].size:
                return self.PLACES[n]
        return None

    def _next_with_room(self, placed: list[tuple[Card, ...]], after: int) -> str:
        count = len(self.PLACES)
        for step in range(1, count):
            n = (after + step) % count
            if len(placed[n]) < self.PLACES[n].size:
                return self.PLACES[n].key
        return ""
