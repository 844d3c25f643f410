"""The forms of the pages that take cards from the picker: the query string read into a
``Picks`` value (``counter.picks``), with at most one message.

Every such form reads one field per place, cards typed the forgiving way (``5h5c``,
``1h`` for an ace; ``cribbage.cards.read_typed``), ``fill`` (the place filled
next), and what the page sends without JavaScript: ``pick`` (a card tapped), ``place``
(a place chosen to fill next) and ``clear`` (a place's key, or anything else for every
place). The counter's form also reads ``cards`` (the typed notation) and ``crib``.
"""

from __future__ import annotations

from typing import ClassVar

from django import forms
from django.utils.text import capfirst

from cribbage.cards import Card, CardError, read_typed, split_tokens
from cribbage.discard import CribModel, Role
from cribbage.pegging import GO, MAX_PLAYERS, MIN_PLAYERS

from .discards import TABLE_PLAYERS, THROWN, DiscardHand, TableDiscardHand, table_seats
from .entry import HAND_SIZE, Entry
from .picks import Picks
from .plays import TWO_PLAYERS, Said, TablePlay
from .rounds import TABLE_ROUNDS, FourRound, Round, TableRound, ThreeRound

_YES = {"1", "on", "true", "yes"}


def _read_tokens(text: str) -> tuple[list[Card], str]:
    """The cards in ``text``, up to the first problem, and that problem ("" when none)."""
    cards: list[Card] = []
    for token in split_tokens(text):
        try:
            read = read_typed(token)
        except CardError as error:
            return cards, capfirst(str(error))
        for card in read:
            if card in cards:
                return cards, f"{card.code} appears twice: each card is in the deck once"
            cards.append(card)
    return cards, ""


class PicksForm(forms.Form):
    """Reads a page's places into ``picks`` (a ``picks_class`` value), then applies the
    action sent: ``clear``, ``place`` or ``pick``.

    An invalid form (a card that is not a card, a card twice, too many cards in a place)
    has ``message`` set to what is wrong, and ``picks`` holds what was valid before it.
    A valid form may carry a ``hint``, e.g. when a card is tapped with every place full.
    """

    picks_class: ClassVar[type[Picks]]
    full_hint: ClassVar[str] = "Every place is full: tap a card to take it out first."

    fill = forms.CharField(required=False, max_length=12)
    pick = forms.CharField(required=False, max_length=12)
    place = forms.CharField(required=False, max_length=12)
    clear = forms.CharField(required=False, max_length=12)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for place in self.picks_class.PLACES:
            self.fields[place.key] = forms.CharField(required=False, max_length=60)
        self.picks: Picks = self.picks_class()
        self.hint = ""

    @classmethod
    def start(cls, data: dict) -> Picks:
        """The value the places are read into: a page's flags, no cards yet."""
        return cls.picks_class(fill=data.get("fill", ""))

    def clean(self) -> dict:
        data = super().clean()
        if self.errors:
            return data
        picks, problem = self.read_places(data)
        self.picks = picks
        if problem:
            self.add_error(None, problem)
        else:
            self.act(data)
        return data

    @classmethod
    def read_places(cls, data: dict) -> tuple[Picks, str]:
        """The places' cards as far as they are valid, and the first problem ("" if none).

        A class method, so that a query string can be read without building a form (the
        history check reads the page's current address this way)."""
        base = cls.start(data)
        placed: list[tuple[Card, ...]] = []
        where: dict[Card, str] = {}
        problem = ""
        for place in base.PLACES:
            cards, problem = _read_tokens(data.get(place.key, ""))
            if not problem:
                problem = next(
                    (
                        f"{card.code} is already in the {where[card]}: "
                        "a card can be in one place only."
                        for card in cards
                        if card in where
                    ),
                    "",
                )
            if not problem and len(cards) > place.size:
                problem = (
                    f"The {place.said} is one card."
                    if place.size == 1
                    else f"A {place.said} has {place.size} cards and this one has {len(cards)}."
                )
            kept = tuple(card for card in cards[: place.size] if card not in where)
            placed.append(kept)
            where.update(dict.fromkeys(kept, place.said))
            if problem:
                break
        placed += [()] * (len(base.PLACES) - len(placed))
        return base.with_placed(tuple(placed), base.fill), problem

    def act(self, data: dict) -> None:
        """Apply what was tapped without JavaScript: a clear, a place or a card."""
        keys = {place.key for place in self.picks.PLACES}
        if data["clear"]:
            self.picks = self.picks.with_cleared(data["clear"] if data["clear"] in keys else "")
        elif data["place"]:
            self.picks = self.picks.with_fill(data["place"])
        elif data["pick"]:
            self._pick(data["pick"])

    def _pick(self, text: str) -> None:
        try:
            cards = read_typed(text)
        except CardError as error:
            self.add_error("pick", capfirst(str(error)))
            return
        if len(cards) != 1:
            self.add_error("pick", "Pick one card at a time.")
            return
        picked = self.picks.with_pick(cards[0])
        if picked is None:
            self.hint = self.full_hint
        else:
            self.picks = picked

    @property
    def message(self) -> str:
        """The problem to show beside the input, or the hint: "" when all is well."""
        for errors in self.errors.values():
            return errors[0]
        return self.hint


class CountForm(PicksForm):
    """The counter's form: reads the query string into ``entry``, with at most one
    ``message``. Typed ``cards`` that differ from the picked cards are read instead of them:
    the hand first and the starter last, or after a ``+`` (``5h 5c + 5d``).
    """

    picks_class = Entry
    full_hint = "The hand and the starter are full: tap a card to take it out first."

    cards = forms.CharField(required=False, max_length=120, label="Cards")
    crib = forms.CharField(required=False, max_length=5)
    typed = ""  # the cards as typed, where they are read instead of the picks

    @property
    def entry(self) -> Entry:
        return self.picks

    @classmethod
    def start(cls, data: dict) -> Entry:
        crib = data.get("crib", "").strip().lower() in _YES
        return Entry(crib=crib, fill=data.get("fill", ""))

    def clean(self) -> dict:
        data = forms.Form.clean(self)
        if self.errors:
            self.typed = self.data.get("cards", "")
            return data
        picked, problem = self.read_places(data)
        typed = data["cards"]
        acting = data["pick"] or data["place"] or data["clear"]
        shown = picked.text if not problem else self._raw_places(data)
        if typed and typed != shown and not acting:
            self.typed = typed
            self._read_typed(typed, self.start(data))
            return data
        self.picks = picked
        if problem:
            self.typed = shown
            self.add_error(None, problem)
        else:
            self.act(data)
            raw = self.data.get("cards", "")
            if raw and not raw.strip() and not acting:
                # Spaces sent from the text field are no cards: say so, not what to pick.
                self.hint = "Only spaces were typed: type the cards, like 5h 5c 5s jd + 5d."
        return data

    @staticmethod
    def _raw_places(data: dict) -> str:
        return " ".join(split_tokens(data["hand"]) + split_tokens(data["starter"]))

    def _read_typed(self, typed: str, base: Entry) -> None:
        before, plus, after = typed.partition("+")
        cards, problem = _read_tokens(before)
        if plus:
            self._read_typed_starter(cards, problem, after, base)
            return
        self.picks = base.with_placed(
            (tuple(cards[:HAND_SIZE]), tuple(cards[HAND_SIZE : HAND_SIZE + 1])), base.fill
        )
        count = len(cards)
        if problem:
            self.add_error("cards", problem)
        elif count > HAND_SIZE + 1:
            self.add_error(
                "cards",
                f"{count} cards: a count is the 4 hand cards and the starter, "
                f"so take out {count - 5}.",
            )
        elif count == HAND_SIZE:
            self.hint = "4 cards: add the starter. The last card typed is the starter."
        elif count < HAND_SIZE:
            cards_word = "card" if count == 1 else "cards"
            more = HAND_SIZE + 1 - count
            self.hint = f"{count} {cards_word} so far: type {more} more, the starter last."

    def _read_typed_starter(self, hand: list[Card], problem: str, after: str, base: Entry) -> None:
        """Typed with a ``+``: the hand before it, the starter after it."""
        if not problem and "+" in after:
            problem = "Type + once, just before the starter."
        starters, starter_problem = ([], "") if problem else _read_tokens(after)
        problem = problem or starter_problem
        if not problem and len(hand) > HAND_SIZE:
            problem = f"{len(hand)} cards before the +: a hand has 4."
        if not problem and len(starters) > 1:
            problem = "After the + comes one card, the starter: type the hand before the +."
        if not problem and starters and starters[0] in hand:
            problem = f"{starters[0].code} is already in the hand: the starter is another card."
        starter = tuple(starters[:1]) if starters and starters[0] not in hand else ()
        self.picks = base.with_placed((tuple(hand[:HAND_SIZE]), starter), base.fill)
        if problem:
            self.add_error("cards", problem)
        elif not starter:
            self.hint = "Type the starter after the +."
        elif len(hand) < HAND_SIZE:
            more = HAND_SIZE - len(hand)
            self.hint = f"{len(hand)} hand cards so far: type {more} more before the +."

    @property
    def cards_text(self) -> str:
        """What the text field shows: what was typed, kept as it was, else the cards entered."""
        return self.typed or self.entry.text


class RoundForm(PicksForm):
    """The round page's form: the starter, pone's and dealer's hands and the crib."""

    picks_class = Round
    full_hint = "The starter and the three counts are full: tap a card to take it out first."

    typed = forms.CharField(required=False, max_length=5)  # sent by the typing form

    @property
    def round(self) -> Round:
        return self.picks


ROUND_PLAYERS = (2, *TABLE_ROUNDS)


def read_players(text: str, *, sizes: tuple[int, ...], what: str) -> tuple[int, str]:
    """A page's ``players``: 2 when not given, and what is wrong ("" if nothing) with a
    number of players the page does not take, naming it (``what``: "a round")."""
    text = text.strip()
    if not text:
        return 2, ""
    if text in {str(n) for n in sizes}:
        return int(text), ""
    said = ", ".join(str(n) for n in sizes[:-1])
    return 2, f"“{text[:12]}” players: {what} is for {said} or {sizes[-1]} players."


class TableRoundForm(PicksForm):
    """The round page's form at a table of three or four: ``players``, the starter, each
    player's hand (``player1``…, in the order of the show) and the crib."""

    picks_class: ClassVar[type[TableRound]]
    full_hint = "The starter, every hand and the crib are full: tap a card to take it out first."

    players = forms.CharField(required=False, max_length=12)
    typed = forms.CharField(required=False, max_length=5)  # sent by the typing form

    @property
    def round(self) -> TableRound:
        return self.picks


class ThreeRoundForm(TableRoundForm):
    picks_class = ThreeRound


class FourRoundForm(TableRoundForm):
    picks_class = FourRound


ROUND_FORMS: dict[int, type[PicksForm]] = {2: RoundForm, 3: ThreeRoundForm, 4: FourRoundForm}
"""The round page's form for each number of players."""


def _read_said(text: str) -> tuple[tuple[Said, ...], str]:
    """The cards and gos typed, up to the first that is neither, and what is wrong with it."""
    said: list[Said] = []
    for token in split_tokens(text):
        if token.lower() == GO:
            said.append(GO)
            continue
        try:
            said.extend(read_typed(token))
        except CardError as error:
            return tuple(said), capfirst(str(error))
    return tuple(said), ""


class PlayForm(forms.Form):
    """The pegging counter's form: ``players`` (2, 3 or 4), the ``play`` so far in the
    notation of ``crib peg --players`` (cards typed the forgiving way, ``go`` for a player
    who cannot play), and what the page sends without JavaScript: ``pick`` (a card laid;
    the last card laid, tapped again, is taken back), ``go``, ``undo`` and ``clear``.

    ``play`` is the play as far as it is valid and ``message`` what is wrong with the
    first token that is not, naming it: the cards before it stay.
    """

    # No length limits: a field refused whole would lose the play, and the play stops being
    # read at its first impossible token anyway.
    players = forms.CharField(required=False)
    play = forms.CharField(required=False)
    pick = forms.CharField(required=False)
    go = forms.CharField(required=False)
    undo = forms.CharField(required=False)
    clear = forms.CharField(required=False)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.play = TablePlay.read((), TWO_PLAYERS)[0]

    def clean(self) -> dict:
        data = super().clean()
        if self.errors:
            return data
        players = self._players(data["players"])
        said, problem = _read_said(data["play"])
        if not problem:
            said, problem = self._act(said, data)
        self.play, error = TablePlay.read(said, players)
        if problem or error:
            self.add_error(None, problem or capfirst(str(error)))
        return data

    def _players(self, text: str) -> int:
        text = text.strip()
        if not text:
            return TWO_PLAYERS
        if text in {str(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}:
            return int(text)
        self.add_error("players", f"“{text[:12]}” players: the play is for 2, 3 or 4.")
        return TWO_PLAYERS

    @staticmethod
    def _act(said: tuple[Said, ...], data: dict) -> tuple[tuple[Said, ...], str]:
        if data["clear"]:
            return (), ""
        if data["undo"]:
            return said[:-1], ""
        if data["go"]:
            return (*said, GO), ""
        if not data["pick"]:
            return said, ""
        try:
            cards = read_typed(data["pick"])
        except CardError as error:
            return said, capfirst(str(error))
        if len(cards) != 1:
            return said, "Lay one card at a time."
        if said and said[-1] is cards[0]:
            return said[:-1], ""
        return (*said, cards[0]), ""

    @property
    def message(self) -> str:
        for errors in self.errors.values():
            return errors[0]
        return ""


THROW_TEXT_LIMIT = 60


def _opponent(text: str) -> CribModel | None:
    """The crib model an ``opponent`` value names ("" is the default, good); None if none."""
    text = text.strip().lower()
    if not text:
        return CribModel.GOOD
    try:
        return CribModel(text)
    except ValueError:
        return None


class ThrowForm(PicksForm):
    """A hand dealt to throw from and, once it is in, the throw to look at (``throw``: the
    best choice when it is not given). A throw that is not ``thrown`` of the cards dealt is
    named in ``message`` (``throw_problem``) and the best choice is shown: the cards are
    still good."""

    typed = forms.CharField(required=False, max_length=5)  # sent by the typing form
    thrown = THROWN
    dealt = "six"
    throw_example = "two of your six cards, like JS,QH"

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.throw_problem = ""

    def _count_problem(self, count: int) -> str:
        return f"A throw is 2 cards and this one has {count}."

    def _other_problem(self) -> str:
        """What else sent could not be read ("" if nothing), the figures shown all the same."""
        return ""

    def _read_throw(self, text: str) -> None:
        if not text:
            return
        if len(text) > THROW_TEXT_LIMIT:
            throw, problem = [], f"A throw is {self.throw_example}."
        else:
            throw, problem = _read_tokens(text)
        if not problem and len(throw) != self.thrown:
            problem = self._count_problem(len(throw))
        if not problem:
            problem = next(
                (
                    f"{card.code} is not one of your {self.dealt} cards."
                    for card in throw
                    if card not in self.picks.cards
                ),
                "",
            )
        if problem:
            self.throw_problem = f"{problem} The table shows the best choice."
        else:
            self.picks = self.picks.with_throw(tuple(throw))

    @property
    def message(self) -> str:
        for errors in self.errors.values():
            return errors[0]
        return self.throw_problem or self._other_problem() or self.hint

    @property
    def problem(self) -> bool:
        """Something sent could not be read: the cards, the throw or another field."""
        return bool(self.errors or self.throw_problem or self._other_problem())

    @property
    def raw_cards(self) -> str:
        """The cards as sent, for the text field when they could not all be read."""
        return " ".join(split_tokens(self.data.get("cards", "")))


class DiscardForm(ThrowForm):
    """The discard analyser's form: the six cards dealt, the seat (``role``: ``dealer`` or
    ``pone``), how the other player throws to the crib (``opponent``: ``good``, the
    default, or ``random``) and, once the six are in, the two thrown to look at. An
    ``opponent`` that is neither is named in ``message``, the figures taken with a good
    player's throws."""

    picks_class = DiscardHand
    full_hint = "You have your six: tap a card to take it out first."

    role = forms.CharField(required=False)
    opponent = forms.CharField(required=False)
    opponent_problem = ""  # what is wrong with the ``opponent`` asked for

    @property
    def hand(self) -> DiscardHand:
        return self.picks

    @classmethod
    def start(cls, data: dict) -> DiscardHand:
        role = Role.PONE if data.get("role", "").strip().lower() == Role.PONE.value else Role.DEALER
        opponent = _opponent(data.get("opponent", "")) or CribModel.GOOD
        return DiscardHand(role=role, fill=data.get("fill", ""), opponent=opponent)

    def clean(self) -> dict:
        data = super().clean()
        said = self.data.get("opponent", "")
        if _opponent(said) is None:
            shown = said.strip()[:12]
            self.opponent_problem = (
                f"“{shown}” is not how the other player throws: the choice is good or random. "
                "The figures take their throw as a good player's."
            )
        if not self.errors and self.hand.complete:
            self._read_throw(self.data.get("throw", ""))
        return data

    def _other_problem(self) -> str:
        return self.opponent_problem


DISCARD_PLAYERS = (2, *TABLE_PLAYERS)


def _table_players(data: dict) -> int:
    players, problem = read_players(
        str(data.get("players", "")), sizes=DISCARD_PLAYERS, what="the discard"
    )
    return players if players in TABLE_PLAYERS and not problem else TABLE_PLAYERS[0]


def _seat_problem(text: str, players: int) -> str:
    """What is wrong ("" if nothing) with a ``seat`` at a table of ``players``."""
    text = text.strip().lower()
    if not text:
        return ""
    seats = table_seats(players)
    said = " or ".join(seat.value for seat in seats)
    if text == Role.PARTNER.value and Role.PARTNER not in seats:
        return (
            f"A table of {players} has no partners: each plays for themselves, so you are "
            f"the {said}."
        )
    if text not in {seat.value for seat in seats}:
        return f"“{text[:12]}” is not a seat at a table of {players}: you are the {said}."
    return ""


class TableDiscardForm(ThrowForm):
    """The discard analyser's form at a table of three or four: ``players``, the five cards
    dealt, the seat (``seat``: ``dealer``, ``partner`` at four, or ``opponent``) and, once
    the five are in, the card thrown to look at. A seat the table does not have is an
    error (the page says which seats it has)."""

    picks_class = TableDiscardHand
    full_hint = "You have your five: tap a card to take it out first."
    thrown = 1
    dealt = "five"
    throw_example = "one of your five cards, like KD"

    players = forms.CharField(required=False, max_length=12)
    seat = forms.CharField(required=False, max_length=30)

    @property
    def hand(self) -> TableDiscardHand:
        return self.picks

    @classmethod
    def start(cls, data: dict) -> TableDiscardHand:
        players = _table_players(data)
        text = str(data.get("seat", "")).strip().lower()
        seat = Role.DEALER
        if not _seat_problem(text, players) and text:
            seat = Role(text)
        return TableDiscardHand(players=players, seat=seat, fill=data.get("fill", ""))

    def clean(self) -> dict:
        data = super().clean()
        problem = _seat_problem(self.data.get("seat", ""), self.hand.players)
        if problem:
            self.add_error("seat", problem)
        if not self.errors and self.hand.complete:
            self._read_throw(self.data.get("throw", ""))
        return data

    def _count_problem(self, count: int) -> str:
        return f"At a table of three or four you throw 1 card, and this is {count}."
