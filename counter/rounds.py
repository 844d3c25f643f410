"""The shows of one deal: pone's hand, the dealer's hand and the crib, with one starter.

Its query string is the round's URL: ``/round/?starter=5D&pone=…&dealer=…&crib=…``, any
place still empty while the cards go in, and ``fill=`` when the player chose which place
to fill next. Each count also has its own counter URL.

A table of three or four (``TableRound``) shows each player's hand from the dealer's left,
the dealer last, then the crib: ``/round/?players=3&starter=5D&player1=…&player2=…&
player3=…&crib=…``, player 1 on the dealer's left and the last player the dealer, as the
pegging counter numbers them. Four play as partners sitting opposite: 1 and 3, 2 and 4.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from cribbage.cards import Card, Rank
from cribbage.rules import dealer_seat, partner_seats, show_order, table_for, team_of, team_totals
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
    whose: str  # the key of the hand of the player who pegs it: "pone", "dealer", "player3"
    result: ShowResult
    entry: Entry  # the same count on the counter, whose query string is its counter URL


def _show_of(shows: tuple[Show, ...], key: str) -> Show | None:
    return next((show for show in shows if show.place.key == key), None)


def _points(show: Show | None) -> int | None:
    return show.result.total if show else None


@dataclass(frozen=True, slots=True)
class RoundCount:
    """The counts of a round so far, and what each player pegs from them."""

    shows: tuple[Show, ...]
    heels: bool  # the starter is a jack: 2 to the dealer at the cut, not part of a count

    def show_of(self, key: str) -> Show | None:
        return _show_of(self.shows, key)

    @property
    def pone_pegs(self) -> int | None:
        """What pone pegs in the show: the hand. None until it is counted."""
        return _points(self.show_of("pone"))

    @property
    def dealer_hand(self) -> int | None:
        """The dealer's hand alone, the crib apart. None until it is counted."""
        return _points(self.show_of("dealer"))

    @property
    def crib(self) -> int | None:
        """The crib, the dealer's. None until it is counted."""
        return _points(self.show_of("crib"))

    @property
    def dealer_pegs(self) -> int | None:
        """What the dealer pegs in the show: hand and crib. None until both are counted."""
        if self.dealer_hand is None or self.crib is None:
            return None
        return self.dealer_hand + self.crib


class RoundPicks(Picks):
    """Mixed into a round of any table: the starter's place first, then the hands and the
    crib; what is read alike at every table size."""

    __slots__ = ()
    starter: Card | None

    def _query_head(self) -> list[str]:
        return []

    @property
    def query(self) -> str:
        """The canonical query string: ``starter=5D&pone=5H,5C,5S,JD&dealer=…&crib=…``, at
        three or four ``players=3&starter=5D&player1=…&crib=…``."""
        parts = [*self._query_head(), *(f"{key}={value}" for key, value in self.place_params())]
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

    @property
    def prompt(self) -> str:
        """What to pick next, in a few words; "" when the round is in."""
        place = self.filling
        if place is None:
            return ""
        if place is STARTER:
            return "Pick the starter."
        missing = place.size - len(self.cards_in(place.key))
        cards = "card" if missing == 1 else "cards"
        more = "" if missing == place.size else " more"
        return f"Pick {missing}{more} {cards} for the {place.said}."


@dataclass(frozen=True, slots=True)
class Round(RoundPicks):
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


# --- a table of three or four ------------------------------------------------------------


def player_key(seat: int) -> str:
    """The form field and query parameter of the hand of ``seat`` (from 0): ``player1``…"""
    return f"player{seat + 1}"


def _hand_place(seat: int) -> Place:
    number = seat + 1
    return Place(
        player_key(seat),
        f"Player {number}",
        HAND_SIZE,
        (str(number),) * HAND_SIZE,
        noun=f"hand of player {number}",
    )


def table_places(players: int) -> tuple[Place, ...]:
    """The starter, each player's hand in the order of the show, then the crib."""
    return (STARTER, *(_hand_place(seat) for seat in show_order(players)), CRIB)


@dataclass(frozen=True, slots=True)
class Pegs:
    """What one player (or, at four, one team) pegs from the show: None until counted."""

    who: str  # "Player 3", "Players 2 and 4"
    hand: int | None
    crib: int | None  # the dealer's (or the dealer's team's) crib; None for the others
    dealer: bool  # the dealer, or the dealer's team

    @property
    def total(self) -> int | None:
        """The hand, and the crib for the dealer; None until all of them are counted."""
        if self.hand is None or (self.dealer and self.crib is None):
            return None
        return self.hand + (self.crib or 0)


@dataclass(frozen=True, slots=True)
class TableCount:
    """The counts of a round at a table of three or four, and what each player and team
    pegs from them."""

    players: int
    shows: tuple[Show, ...]
    heels: bool  # the starter is a jack: 2 to the dealer at the cut, not part of a count

    def show_of(self, key: str) -> Show | None:
        return _show_of(self.shows, key)

    def _total(self, key: str) -> int | None:
        return _points(self.show_of(key))

    @property
    def dealer_number(self) -> int:
        return dealer_seat(self.players) + 1

    @property
    def pegs(self) -> tuple[Pegs, ...]:
        """Each player's pegs from the show, in the order of the show."""
        dealer = dealer_seat(self.players)
        return tuple(
            Pegs(
                f"Player {seat + 1}",
                self._total(player_key(seat)),
                self._total(CRIB.key) if seat == dealer else None,
                seat == dealer,
            )
            for seat in show_order(self.players)
        )

    @property
    def complete(self) -> bool:
        return all(each.total is not None for each in self.pegs)

    @property
    def teams(self) -> tuple[Pegs, ...]:
        """At four, each team's pegs from the show (partners opposite: players 1 and 3,
        2 and 4); () at three. A team's hand is its two hands', once both are counted."""
        if not table_for(self.players).partners:
            return ()
        pegs = self.pegs
        dealer_team = team_of(dealer_seat(self.players), self.players)
        hands = [each.hand for each in pegs]
        both = None if None in hands else team_totals([hand or 0 for hand in hands])
        crib = self._total(CRIB.key)
        teams = []
        for team in (0, 1):
            first, second = partner_seats(team)
            teams.append(
                Pegs(
                    f"Players {first + 1} and {second + 1}",
                    None if both is None else both[team],
                    crib if team == dealer_team else None,
                    team == dealer_team,
                )
            )
        return tuple(teams)


@dataclass(frozen=True, slots=True)
class TableRound(RoundPicks):
    """The starter, each player's hand and the crib of one deal at a table of three or four,
    as far as they are entered. A subclass per table says ``PLAYERS`` and ``PLACES``."""

    PLAYERS: ClassVar[int]

    starter: Card | None = None
    hands: tuple[tuple[Card, ...], ...] = ()  # in the order of the show, the dealer's last
    crib: tuple[Card, ...] = ()
    fill: str = ""

    def __post_init__(self) -> None:
        # One value per state: a hand not yet begun is (), so there is one hand a player.
        padded = (*self.hands, *((),) * self.PLAYERS)[: self.PLAYERS]
        object.__setattr__(self, "hands", padded)
        Picks.__post_init__(self)

    @property
    def players(self) -> int:
        return self.PLAYERS

    @property
    def placed(self) -> tuple[tuple[Card, ...], ...]:
        starter = () if self.starter is None else (self.starter,)
        return (starter, *self.hands, self.crib)

    def with_placed(self, placed: tuple[tuple[Card, ...], ...], fill: str) -> TableRound:
        starter, *hands, crib = placed
        return replace(
            self,
            starter=starter[0] if starter else None,
            hands=tuple(hands),
            crib=crib,
            fill=fill,
        )

    def _query_head(self) -> list[str]:
        return [f"players={self.PLAYERS}"]

    def count(self) -> TableCount:
        """The counts whose four cards and the starter are in, in the order of the show."""
        shows = []
        dealer = player_key(dealer_seat(self.PLAYERS))
        if self.starter is not None:
            for place, cards in zip(self.PLACES[1:], self.placed[1:], strict=True):
                if len(cards) == HAND_SIZE:
                    crib = place is CRIB
                    result = score_show(cards, self.starter, crib=crib)
                    entry = Entry(cards, self.starter, crib=crib)
                    shows.append(Show(place, dealer if crib else place.key, result, entry))
        return TableCount(self.PLAYERS, tuple(shows), self.heels)


@dataclass(frozen=True, slots=True)
class ThreeRound(TableRound):
    """A round at a table of three."""

    PLAYERS = 3
    PLACES = table_places(3)


@dataclass(frozen=True, slots=True)
class FourRound(TableRound):
    """A round at a table of four, partners sitting opposite."""

    PLAYERS = 4
    PLACES = table_places(4)


TABLE_ROUNDS: dict[int, type[TableRound]] = {3: ThreeRound, 4: FourRound}
"""The round of each table larger than two, by the number of players."""
