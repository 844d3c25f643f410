"""The counter's form: the query string read into an ``Entry``, with at most one message.

The form also takes what the page sends while cards are being entered: ``cards`` (the typed
notation, the starter last), ``pick`` (a card tapped in the picker without JavaScript) and
``clear``.
"""

from __future__ import annotations

from dataclasses import replace

from django import forms
from django.utils.text import capfirst

from counter.cribbage.cards import Card, CardError, ensure_distinct, parse_card, split_tokens

from .entry import HAND_SIZE, Entry

_YES = {"1", "on", "true", "yes"}


def _typed_cards(text: str) -> tuple[list[Card], str]:
    """The cards typed, up to the first problem, and that problem ("" when there is none)."""
    cards: list[Card] = []
    for token in split_tokens(text):
        try:
            card = parse_card(token)
            ensure_distinct((*cards, card))
        except CardError as error:
            return cards, capfirst(str(error))
        cards.append(card)
    return cards, ""


def _picked_entry(hand_text: str, starter_text: str, crib: bool) -> tuple[Entry, str]:
    """The entry in the ``hand`` and ``starter`` fields, as far as it is valid, and any problem."""
    hand: list[Card] = []
    for token in split_tokens(hand_text):
        try:
            card = parse_card(token)
            ensure_distinct((*hand, card))
        except CardError as error:
            return Entry(tuple(hand[:HAND_SIZE]), None, crib), capfirst(str(error))
        hand.append(card)
    if len(hand) > HAND_SIZE:
        problem = (
            f"A hand has 4 cards and this one has {len(hand)}: "
            "the fifth card is the starter, and a count has no sixth."
        )
        return Entry(tuple(hand[:HAND_SIZE]), None, crib), problem
    entry = Entry(tuple(hand), None, crib)
    starters = split_tokens(starter_text)
    if not starters:
        return entry, ""
    if len(starters) > 1:
        return entry, "The starter is one card."
    try:
        starter = parse_card(starters[0])
    except CardError as error:
        return entry, capfirst(str(error))
    if starter in hand:
        return (
            entry,
            f"{starter.code} is already in the hand: the starter is a fifth, different card.",
        )
    return replace(entry, starter=starter), ""


class CountForm(forms.Form):
    """Reads the counter's query string into ``entry``, with at most one ``message``.

    An invalid form (a card that is not a card, a card twice, too many cards, a starter
    already in the hand) has ``message`` set to what is wrong. A valid form may still carry
    a ``hint``: fewer than five cards typed, or a sixth card tapped.
    """

    cards = forms.CharField(required=False, max_length=120, label="Cards")
    hand = forms.CharField(required=False, max_length=60)
    starter = forms.CharField(required=False, max_length=12)
    crib = forms.CharField(required=False, max_length=5)
    pick = forms.CharField(required=False, max_length=12)
    clear = forms.CharField(required=False, max_length=5)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.entry = Entry()
        self.hint = ""
        self.typed = ""

    def clean(self) -> dict:
        data = super().clean()
        if self.errors:
            self.typed = self.data.get("cards", "")
            return data
        crib = data["crib"].strip().lower() in _YES
        if data["clear"]:
            self.entry = Entry(crib=crib)
            return data
        typed = data["cards"]
        shown = " ".join(split_tokens(data["hand"]) + split_tokens(data["starter"]))
        if typed and typed != shown and not data["pick"]:
            self.typed = typed
            self._read_typed(typed, crib)
            return data
        entry, problem = _picked_entry(data["hand"], data["starter"], crib)
        self.entry = entry
        if problem:
            self.typed = shown
            self.add_error(None, problem)
        elif data["pick"]:
            self._pick(data["pick"])
        return data

    def _read_typed(self, typed: str, crib: bool) -> None:
        cards, problem = _typed_cards(typed)
        self.entry = Entry(
            tuple(cards[:HAND_SIZE]), cards[HAND_SIZE] if len(cards) > HAND_SIZE else None, crib
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
            cards = "card" if count == 1 else "cards"
            more = HAND_SIZE + 1 - count
            self.hint = f"{count} {cards} so far: type {more} more, the starter last."

    def _pick(self, text: str) -> None:
        try:
            card = parse_card(text)
        except CardError as error:
            self.add_error("pick", capfirst(str(error)))
            return
        entry = self.entry.with_pick(card)
        if entry is None:
            self.hint = "The hand and the starter are full: tap a card to take it out first."
        else:
            self.entry = entry

    @property
    def message(self) -> str:
        """The problem to show beside the input, or the hint: "" when all is well."""
        for errors in self.errors.values():
            return errors[0]
        return self.hint

    @property
    def cards_text(self) -> str:
        """What the text field shows: what was typed, kept as it was, else the cards entered."""
        return self.typed or self.entry.text
