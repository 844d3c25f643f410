"""What the counter has been given so far: up to four cards and the starter, as a hand or
as the crib. Its query string is the count's shareable URL:
``/?hand=5H,5C,5S,JD&starter=5D&crib=1``. ``/?starter=5D`` keeps a starter with no hand
yet, and ``fill=starter`` says the starter is filled next (see ``counter.picks``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from cribbage.cards import Card, format_cards
from cribbage.show import ShowResult, score_show

from .picks import Picks, Place

HAND_SIZE = 4
HAND = Place("hand", "Hand", HAND_SIZE, ("1", "2", "3", "4"))
CRIB = replace(HAND, name="Crib")
STARTER = Place("starter", "Starter", 1, ("S",))


@dataclass(frozen=True, slots=True)
class Entry(Picks):
    """The cards entered so far: up to four for the hand (or crib) and the starter."""

    PLACES = (HAND, STARTER)

    hand: tuple[Card, ...] = ()
    starter: Card | None = None
    crib: bool = False
    fill: str = ""

    @property
    def placed(self) -> tuple[tuple[Card, ...], ...]:
        return (self.hand, () if self.starter is None else (self.starter,))

    def with_placed(self, placed: tuple[tuple[Card, ...], ...], fill: str) -> Entry:
        hand, starter = placed
        return replace(self, hand=hand, starter=starter[0] if starter else None, fill=fill)

    @property
    def places(self) -> tuple[Place, ...]:
        return (CRIB, STARTER) if self.crib else self.PLACES

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.hand if self.starter is None else (*self.hand, self.starter)

    @property
    def complete(self) -> bool:
        return len(self.hand) == HAND_SIZE and self.starter is not None

    def count(self) -> ShowResult | None:
        if not self.complete:
            return None
        return score_show(self.hand, self.starter, crib=self.crib)

    @property
    def hand_param(self) -> str:
        return ",".join(c.code for c in self.hand)

    @property
    def starter_param(self) -> str:
        return self.starter.code if self.starter else ""

    @property
    def query(self) -> str:
        """The canonical query string, commas unescaped: ``hand=5H,5C,5S,JD&starter=5D``."""
        parts = [f"{key}={value}" for key, value in self.place_params()]
        if self.crib:
            parts.append("crib=1")
        if self.fill:
            parts.append(f"fill={self.fill}")
        return "&".join(parts)

    @property
    def text(self) -> str:
        """The cards in typed notation, the starter last: what the text field shows.

        Five cards need nothing more; with fewer hand cards a ``+`` comes before the
        starter, so that the text reads back as the same cards: ``5H 5C + 5D``.
        """
        if self.starter is None or len(self.hand) == HAND_SIZE:
            return format_cards(self.cards)
        return " ".join([*(c.code for c in self.hand), "+", self.starter.code])

    @property
    def prompt(self) -> str:
        """What to do next, in a few words."""
        missing = HAND_SIZE - len(self.hand)
        what = "crib" if self.crib else "hand"
        if not self.hand and self.starter is None:
            if self.fill == "starter":
                return f"Pick the starter, then 4 cards for the {what}."
            return f"Pick 4 cards for the {what}, then the starter."
        if self.fill == "starter" and self.starter is None:
            return "Now pick the starter."
        if missing:
            cards = "card" if missing == 1 else "cards"
            return f"Pick {missing} more {cards} for the {what}."
        if self.starter is None:
            return "Now pick the starter."
        return ""
