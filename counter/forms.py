"""The counter's input: cards picked one at a time or typed, counted as a hand or as the crib.

The query string is the state, so every count has a URL that can be shared:
``/?hand=5H,5C,5S,JD&starter=5D&crib=1``. The form also takes what the page sends while
cards are being entered: ``cards`` (the typed notation, the starter last), ``pick`` (a card
tapped in the picker without JavaScript) and ``clear``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from django import forms
from django.utils.text import capfirst

from counter.cribbage.cards import (
    Card,
    CardError,
    ensure_distinct,
    format_cards,
    parse_card,
    split_tokens,
)
from counter.cribbage.show import ShowResult, score_show

HAND_SIZE = 4
_YES = {"1", "on", "true", "yes"}


@dataclass(frozen=True, slots=True)
class Deal:
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

    def with_pick(self, card: Card) -> Deal | None:
        """Tap a card: out if it is in, else into the first free place; None when all are full.

        static/js/app.js applies the same rule in the browser, so taps feel instant.
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


def _picked_deal(hand_text: str, starter_text: str, crib: bool) -> tuple[Deal, str]:
    """The deal in the ``hand`` and ``starter`` fields, as far as it is valid, and any problem."""
    hand: list[Card] = []
    for token in split_tokens(hand_text):
        try:
            card = parse_card(token)
            ensure_distinct((*hand, card))
        except CardError as error:
            return Deal(tuple(hand[:HAND_SIZE]), None, crib), capfirst(str(error))
        hand.append(card)
    if len(hand) > HAND_SIZE:
        problem = (
            f"A hand has 4 cards and this one has {len(hand)}: "
            "the fifth card is the starter, and a count has no sixth."
        )
        return Deal(tuple(hand[:HAND_SIZE]), None, crib), problem
    deal = Deal(tuple(hand), None, crib)
    starters = split_tokens(starter_text)
    if not starters:
        return deal, ""
    if len(starters) > 1:
        return deal, "The starter is one card."
    try:
        starter = parse_card(starters[0])
    except CardError as error:
        return deal, capfirst(str(error))
    if starter in hand:
        return (
            deal,
            f"{starter.code} is already in the hand: the starter is a fifth, different card.",
        )
    return replace(deal, starter=starter), ""


class CountForm(forms.Form):
    """Reads the counter's query string into ``deal``, with at most one ``message``.

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
        self.deal = Deal()
        self.hint = ""
        self.typed = ""

    def clean(self) -> dict:
        data = super().clean()
        if self.errors:
            self.typed = self.data.get("cards", "")
            return data
        crib = data["crib"].strip().lower() in _YES
        if data["clear"]:
            self.deal = Deal(crib=crib)
            return data
        typed = data["cards"]
        shown = " ".join(split_tokens(data["hand"]) + split_tokens(data["starter"]))
        if typed and typed != shown and not data["pick"]:
            self.typed = typed
            self._read_typed(typed, crib)
            return data
        deal, problem = _picked_deal(data["hand"], data["starter"], crib)
        self.deal = deal
        if problem:
            self.typed = shown
            self.add_error(None, problem)
        elif data["pick"]:
            self._pick(data["pick"])
        return data

    def _read_typed(self, typed: str, crib: bool) -> None:
        cards, problem = _typed_cards(typed)
        self.deal = Deal(
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
        deal = self.deal.with_pick(card)
        if deal is None:
            self.hint = "The hand and the starter are full: tap a card to take it out first."
        else:
            self.deal = deal

    @property
    def message(self) -> str:
        """The problem to show beside the input, or the hint: "" when all is well."""
        for errors in self.errors.values():
            return errors[0]
        return self.hint

    @property
    def cards_text(self) -> str:
        """What the text field shows: what was typed, kept as it was, else the cards entered."""
        return self.typed or self.deal.text
