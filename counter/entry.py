"""What the counter has been given so far: up to four cards and the starter, as a hand or
as the crib. Its query string is the count's shareable URL:
``/?hand=5H,5C,5S,JD&starter=5D&crib=1``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from counter.cribbage.cards import Card, format_cards
from counter.cribbage.show import ShowResult, score_show

HAND_SIZE = 4


@dataclass(frozen=True, slots=True)
class Entry:
    """The cards entered so far: up to four for the hand (or crib) and the starter."""

    hand: tuple[Card, ...] = ()
    starter: Card | None = None
    crib: bool = False

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

    def with_pick(self, card: Card) -> Entry | None:
        """Tap a card: out if it is in, else into the first free place; None when all are full.

        ``static/js/app.js`` applies the same rule in the browser, so taps feel instant.
        """
        if card in self.hand:
            return replace(self, hand=tuple(c for c in self.hand if c is not card))
        if card is self.starter:
            return replace(self, starter=None)
        if len(self.hand) < HAND_SIZE:
            return replace(self, hand=(*self.hand, card))
        if self.starter is None:
            return replace(self, starter=card)
        return None

    @property
    def hand_param(self) -> str:
        return ",".join(c.code for c in self.hand)

    @property
    def starter_param(self) -> str:
        return self.starter.code if self.starter else ""

    @property
    def query(self) -> str:
        """The canonical query string, commas unescaped: ``hand=5H,5C,5S,JD&starter=5D``."""
        parts = []
        if self.hand:
            parts.append(f"hand={self.hand_param}")
        if self.starter:
            parts.append(f"starter={self.starter_param}")
        if self.crib:
            parts.append("crib=1")
        return "&".join(parts)

    @property
    def text(self) -> str:
        """The cards in typed notation, the starter last: what the text field shows."""
        return format_cards(self.cards)

    @property
    def prompt(self) -> str:
        """What to do next, in a few words."""
        missing = HAND_SIZE - len(self.hand)
        what = "crib" if self.crib else "hand"
        if not self.hand and self.starter is None:
            return f"Pick four cards for the {what}, then the starter, or type them."
        if missing:
            cards = "card" if missing == 1 else "cards"
            return f"Pick {missing} more {cards} for the {what}."
        if self.starter is None:
            return "Now pick the starter."
        return ""
