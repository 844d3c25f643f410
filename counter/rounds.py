"""The three shows of one deal: pone's hand, the dealer's hand and the crib, with one starter.

Its query string is the round's URL: ``/round/?starter=5D&pone=…&dealer=…&crib=…``, any
place still empty while the cards go in, and ``fill=`` when the player chose which place
to fill next. Each count also has its own counter URL.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from cribbage.cards import Card, Rank
from cribbage.show import ShowResult, score_show

from .entry import HAND_SIZE, STARTER, Entry
from .picks import Picks, Place

PONE = Place("pone", "Pone", HAND_SIZE, ("P",) * HAND_SIZE, noun="pone's hand")
DEALER = Place("dealer", "Dealer", HAND_SIZE, ("D",) * HAND_SIZE, noun="dealer's hand")
CRIB = Place("crib", "Crib", HAND_SIZE, ("C",) * HAND_SIZE)
HEELS = 2


@dataclass(frozen=True, slots=True)
class Show:
    """One of the round's three counts."""

    place: Place
    whose: str  # "pone" or "dealer": who pegs it
    result: ShowResult
    entry: Entry  # the same count on the counter, whose query string is its counter URL


@dataclass(frozen=True, slots=True)
class RoundCount:
    """The counts of a round so far, and what each player pegs from them."""

    shows: tuple[Show, ...]
    heels: bool  # the starter is a jack: 2 to the dealer at the cut, not part of a count

    def show_of(self, key: str) -> Show | None:
        return next((show for show in self.shows if show.place.key == key), None)

    @property
    def pone_pegs(self) -> int | None:
        """What pone pegs in the show: the hand. None until it is counted."""
        show = self.show_of("pone")
        return show.result.total if show else None

    @property
    def dealer_hand(self) -> int | None:
        show = self.show_of("dealer")
        return show.result.total if show else None

    @property
    def crib(self) -> int | None:
        show = self.show_of("crib")
        return show.result.total if show else None

    @property
    def dealer_pegs(self) -> int | None:
        """What the dealer pegs in the show: hand and crib. None until both are counted."""
        if self.dealer_hand is None or self.crib is None:
            return None
        return self.dealer_hand + self.crib


@dataclass(frozen=True, slots=True)
class Round(Picks):
    """The starter and the three four-card places of one deal, as far as they are entered."""

    PLACES = (STARTER, PONE, DEALER, CRIB)

    starter: Card | None = None
    pone: tuple[Card, ...] = ()
    dealer: tuple[Card, ...] = ()
    crib: tuple[Card, ...] = ()
    fill: str = ""

    @property
    def placed(self) -> tuple[tuple[Card, ...], ...]:
        starter = () if self.starter is None else (self.starter,)
        return (starter, self.pone, self.dealer, self.crib)

    def with_placed(self, placed: tuple[tuple[Card, ...], ...], fill: str) -> Round:
        starter, pone, dealer, crib = placed
        return replace(
            self,
            starter=starter[0] if starter else None,
            pone=pone,
            dealer=dealer,
            crib=crib,
            fill=fill,
        )

    @property
    def query(self) -> str:
        """The canonical query string: ``starter=5D&pone=5H,5C,5S,JD&dealer=…&crib=…``."""
        parts = [f"{key}={value}" for key, value in self.place_params()]
        if self.fill:
            parts.append(f"fill={self.fill}")
        return "&".join(parts)

    @property
    def complete(self) -> bool:
        return self.full

    @property
    def heels(self) -> bool:
        """A jack turned as the starter: 2 to the dealer, pegged once, at the cut."""
        return self.starter is not None and self.starter.rank is Rank.JACK

    def count(self) -> RoundCount:
        """The counts whose four cards and the starter are in, in counting order."""
        shows = []
        if self.starter is not None:
            for place, cards, whose in (
                (PONE, self.pone, "pone"),
                (DEALER, self.dealer, "dealer"),
                (CRIB, self.crib, "dealer"),
            ):
                if len(cards) == HAND_SIZE:
                    crib = place is CRIB
                    result = score_show(cards, self.starter, crib=crib)
                    entry = Entry(cards, self.starter, crib=crib)
                    shows.append(Show(place, whose, result, entry))
        return RoundCount(tuple(shows), self.heels)

    @property
    def prompt(self) -> str:
        """What to pick next, in a few words; "" when the round is in."""
        place = self.filling
        if place is None:
            return ""
        missing = place.size - len(self.cards_in(place.key))
        if place is STARTER:
            return "Pick the starter."
        cards = "card" if missing == 1 else "cards"
        more = "" if missing == place.size else " more"
        return f"Pick {missing}{more} {cards} for the {place.said}."
