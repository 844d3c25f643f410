"""The rules' worked deal of three: Claire deals to David and Eve, and the deal, the play
and the show are counted by the engine, as the rules page shows them.

The ACC rules text the app follows (``../shared/rules/000_06451148cd539021.txt``) gives
this deal's figures: what each card laid makes the count and scores, what each hand and
the crib score and how they are said. Its pictures of the cards did not survive in that
copy, so the cards here are the ones its figures call for:

- the ranks, from the play: David lays 7, 5, a ten-card and 4; Eve 7, 5, a ten-card of the
  rank of David's (her 28 is a pair) and 3; Claire 7, 8, a ten-card and 9;
- the starter, from the show: a 3 is the only starter that gives David 7, Eve 8 and
  Claire 5, and Claire's ten-card must be a jack, queen or king, since a ten would make
  her 7-8-9 a run of four;
- the suits, the card each throws and the crib's card from the deck are chosen, with no
  flush or nobs, to give the crib the text's 5: fifteen two and a run of three.

``TableDeal`` checks the deal against the table (``cribbage.rules.table_for``): five
cards each, one thrown, one from the deck to the crib; and the play against the hands:
each card laid is the hand's of the player whose turn it is, and a go is said only by a
player with no card that fits.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from cribbage.cards import Card, ensure_distinct, parse_card, parse_cards
from cribbage.pegging import GO, PlayRecord, PlayState
from cribbage.rules import dealer_seat, show_order, table_for
from cribbage.show import ShowResult, score_show

from .plays import TablePlay
from .rounds import TABLE_ROUNDS


@dataclass(frozen=True, slots=True)
class Dealt:
    """One player's cards: the five dealt and the one thrown to the crib."""

    name: str
    dealt: tuple[Card, ...]
    thrown: Card

    @property
    def hand(self) -> tuple[Card, ...]:
        """The four kept, in the order dealt."""
        return tuple(card for card in self.dealt if card != self.thrown)


@dataclass(frozen=True, slots=True)
class Counted:
    """One count of the show: whose it is, the cards and what the engine makes of them."""

    name: str
    crib: bool
    result: ShowResult


@dataclass(frozen=True)
class TableDeal:
    """A whole deal at a table of three or four: each player's cards in turn order, the
    player on the dealer's left first and the dealer last; the crib's cards from the deck;
    the starter; and the play, the cards and gos in the order said."""

    players: tuple[Dealt, ...]
    from_deck: tuple[Card, ...]
    starter: Card
    said: tuple[Card | str, ...]

    def __post_init__(self) -> None:
        table = table_for(len(self.players))
        for player in self.players:
            if len(player.dealt) != table.dealt_each or player.thrown not in player.dealt:
                raise ValueError(
                    f"{player.name}: a table of {table.players} deals {table.dealt_each} each "
                    f"and each throws {table.thrown_each} of them"
                )
        if len(self.from_deck) != table.crib_from_deck:
            raise ValueError(
                f"a table of {table.players} deals {table.crib_from_deck} to the crib, "
                f"not {len(self.from_deck)}"
            )
        ensure_distinct((*self.dealt, *self.from_deck, self.starter))
        self.record  # noqa: B018 - the play is checked against the hands as it is made

    @property
    def size(self) -> int:
        return len(self.players)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(player.name for player in self.players)

    @property
    def dealt(self) -> tuple[Card, ...]:
        return tuple(card for player in self.players for card in player.dealt)

    @property
    def dealer(self) -> Dealt:
        return self.players[dealer_seat(self.size)]

    @property
    def leader(self) -> Dealt:
        """Who leads the play: the player on the dealer's left."""
        return self.players[show_order(self.size)[0]]

    @property
    def thrown(self) -> tuple[Card, ...]:
        """The card each player throws to the crib, in turn order."""
        return tuple(player.thrown for player in self.players)

    @property
    def crib(self) -> tuple[Card, ...]:
        """The crib's four: the card from the deck, then each player's throw in turn."""
        return (*self.from_deck, *self.thrown)

    @cached_property
    def record(self) -> PlayRecord:
        """The play as laid, scored by the engine's play from the dealer's left. ValueError
        when a card is not in the hand of the player to lay, or a player says go who holds
        a card that fits."""
        state = PlayState.start(self.size, leader=show_order(self.size)[0])
        held = [list(player.hand) for player in self.players]
        for token in self.said:
            seat = state.to_play
            if seat is None:
                raise ValueError(f"{token!r} comes after the play is over")
            name = self.players[seat].name
            if token == GO:
                if state.playable(held[seat]):
                    raise ValueError(f"{name} says go at {state.count} holding a card that fits")
                state, _ = state.say_go()
            else:
                assert isinstance(token, Card)
                if token not in held[seat]:
                    raise ValueError(f"{token.code} is not in {name}'s hand")
                held[seat].remove(token)
                state, _ = state.lay(token)
        if not state.is_over:
            raise ValueError("the play stops before every card is down")
        return state.record

    @property
    def play_text(self) -> str:
        """The play in the notation of ``crib peg`` and the pegging counter."""
        return " ".join(each.code if isinstance(each, Card) else GO for each in self.said)

    @property
    def shows(self) -> tuple[Counted, ...]:
        """The show in its order: each hand from the dealer's left, the dealer's last, then
        the crib."""
        hands = tuple(
            Counted(
                self.players[seat].name, False, score_show(self.players[seat].hand, self.starter)
            )
            for seat in show_order(self.size)
        )
        crib = Counted(self.dealer.name, True, score_show(self.crib, self.starter, crib=True))
        return (*hands, crib)

    @property
    def pegged(self) -> tuple[tuple[str, int, int], ...]:
        """Each player's points from the play and from the show (hand, and the crib for the
        dealer), in turn order."""
        totals = self.record.totals
        shown = {name: 0 for name in self.names}
        for count in self.shows:
            shown[count.name] += count.result.total
        return tuple((name, totals[seat], shown[name]) for seat, name in enumerate(self.names))

    @property
    def round_query(self) -> str:
        """The round counter's query string for this deal's show."""
        round_class = TABLE_ROUNDS[self.size]
        hands = tuple(player.hand for player in self.players)
        return round_class(starter=self.starter, hands=hands, crib=self.crib).query

    @property
    def pegging_query(self) -> str:
        """The pegging counter's query string for this deal's play."""
        play, error = TablePlay.read(self.said, self.size)
        assert error is None
        return play.query


def _dealt(name: str, dealt: str, thrown: str) -> Dealt:
    return Dealt(name, parse_cards(dealt), parse_card(thrown))


def _said(play: str) -> tuple[Card | str, ...]:
    return tuple(GO if token == GO else parse_card(token) for token in play.split())


THREE_PLAYERS = TableDeal(
    players=(
        _dealt("David", "7S 5C TC 4D KH", "KH"),
        _dealt("Eve", "7H 5H TD 3C AC", "AC"),
        _dealt("Claire", "7D 8C KS 9H 2D", "2D"),
    ),
    from_deck=parse_cards("6S"),
    starter=parse_card("3D"),
    said=_said("7S 7H 7D 5C 5H 8C TC TD go go 3C KS 4D 9H"),
)
"""The rules text's deal of three: Claire deals, David is on her left and leads, then Eve."""

SAID_IN_THE_PLAY = (
    ("David", "seven"),
    ("Eve", "fourteen and a pair for two"),
    ("Claire", "twenty-one and a pair royal for six"),
    ("David", "twenty-six"),
    ("Eve", "thirty-one and a pair for four"),
    ("Claire", "eight"),
    ("David", "eighteen"),
    ("Eve", "twenty-eight and a pair for two"),
    ("Claire", "go"),
    ("David", "go"),
    ("Eve", "thirty-one for two"),
    ("Claire", "ten"),
    ("David", "fourteen"),
    ("Claire", "twenty-three and one for last"),
)
"""The play as the rules text has each player say it, turn by turn."""

SAID_IN_THE_SHOW = (
    ("David", 7, "fifteen two, fifteen four, and a run of three makes seven"),
    ("Eve", 8, "fifteen two, fifteen four, fifteen six, and a pair makes eight"),
    ("Claire", 5, "fifteen two, and a run of three makes five"),
    ("Claire (crib)", 5, "fifteen two, and a run of three makes five"),
)
"""The show as the rules text counts it: whose count, its total and how it is said."""


def shown_with_text(deal: TableDeal = THREE_PLAYERS) -> tuple[tuple[Counted, int, str], ...]:
    """Each count of the deal's show beside the rules text's total and words for it."""
    return tuple(
        (count, total, said)
        for count, (_, total, said) in zip(deal.shows, SAID_IN_THE_SHOW, strict=True)
    )
