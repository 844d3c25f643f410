"""Playing cards drawn in HTML and CSS, and the itemised breakdown of a count.

Load the library with ``{% load cards %}``; every tag takes a ``Card`` or card text
(``"5H"``, ``"10♥"``, ``"5h 5c 5s jd"``). The look lives in ``static/css/app.css``.

``{% playing_card card %}``
    One card: rank and suit symbol, red or black, red cards also framed differently so the
    colour is not the only sign. Screen readers read its label, "five of hearts".
    ``size="mini"`` draws it small, for lists of cards; ``size="large"`` big.

``{% card_row cards %}``
    Several cards side by side, e.g. ``{% card_row "5H 5C 5S JD" size="mini" %}``; a list of
    cards, card text or a single card.

``{% show_breakdown result %}``
    The itemised count of a ``ShowResult`` (``counter.cribbage.show.score_show``): the total,
    each fifteen, pair, run, flush and nobs with its cards and points, each linked to its
    rule on ``/rules/``, the count as it is said aloud, and any rule that decided the count.
    ``heading_level=3`` makes the total an ``<h3>`` where the page needs it.

``{% show_example "5H 5C 5S JD" "5D" %}``
    A hand, its starter and its total with the count said aloud, for guides and quizzes;
    ``crib=True`` counts it as the crib.

``{% card_picker deal %}``
    The counter's 52-card picker for a ``counter.forms.Deal``.

``{{ kind|rule_url }}``
    The ``/rules/`` address for a ``ShowKind`` or ``ShowNote``.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from django import template
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst

from counter.cribbage.cards import Card, Rank, Suit, parse_card, parse_cards
from counter.cribbage.show import ShowKind, ShowNote, ShowResult, score_show
from counter.forms import Deal

register = template.Library()

RULE_ANCHORS: dict[ShowKind | ShowNote, str] = {
    ShowKind.FIFTEEN: "fifteens",
    ShowKind.PAIR: "pairs",
    ShowKind.RUN: "runs",
    ShowKind.FLUSH: "flush",
    ShowKind.NOBS: "nobs",
    ShowNote.HEELS: "heels",
    ShowNote.CRIB_FOUR_FLUSH: "crib-flush",
    ShowNote.STARTER_IS_NOT_A_FOURTH_SUITED_CARD: "flush",
}
_NOTE_NAMES = {
    ShowNote.HEELS: "Heels",
    ShowNote.CRIB_FOUR_FLUSH: "The crib flush",
    ShowNote.STARTER_IS_NOT_A_FOURTH_SUITED_CARD: "The flush",
}
# Black and red alternate, so neighbouring rows never share a colour.
PICKER_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)


def as_card(value: Card | str) -> Card:
    return value if isinstance(value, Card) else parse_card(value)


def as_cards(value: Iterable[Card | str] | Card | str) -> tuple[Card, ...]:
    if isinstance(value, Card):
        return (value,)
    if isinstance(value, str):
        return parse_cards(value)
    return tuple(as_card(each) for each in value)


@register.filter
def rule_url(kind: ShowKind | ShowNote) -> str:
    return f"{reverse('counter:rules')}#{RULE_ANCHORS[kind]}"


# Cards are drawn in Python from fragments made once per card, not from a template per card:
# a count of 29 draws some 50 cards and the picker 52 buttons, and rendering a template for
# each took most of the counter's server time.


@cache
def card_html(card: Card, size: str = "") -> SafeString:
    """One card's markup (see ``playing_card``)."""
    return format_html(
        '<span class="card card--{}{}" role="img" aria-label="{}">'
        '<span class="card-rank">{}</span><span class="card-suit">{}</span></span>',
        "red" if card.suit.is_red else "black",
        f" card--{size}" if size else "",
        card.label,
        card.rank.label,
        card.suit.symbol,
    )


def cards_html(cards: Iterable[Card], size: str = "") -> SafeString:
    return mark_safe("".join(card_html(card, size) for card in cards))


@register.simple_tag
def playing_card(card: Card | str, size: str = "") -> SafeString:
    return card_html(as_card(card), size)


@register.simple_tag
def card_row(cards: Iterable[Card | str] | Card | str, size: str = "") -> SafeString:
    return format_html('<span class="card-row">{}</span>', cards_html(as_cards(cards), size))


def _group_name(group) -> str:
    if group.kind is ShowKind.PAIR:
        return f"{group.name} of {group.cards[0].rank.plural}"
    if group.kind is ShowKind.NOBS:
        return "his nobs"
    return group.name


@register.inclusion_tag("counter/_breakdown.html")
def show_breakdown(result: ShowResult, heading_level: int = 2) -> dict:
    rules = reverse("counter:rules")
    rows = []
    previous = None
    for group in result.groups:
        rows.append(
            {
                "kind": group.kind.value,
                "name": _group_name(group),
                "cards": cards_html(group.cards, "mini"),
                "points": group.points,
                "url": f"{rules}#{RULE_ANCHORS[group.kind]}",
                "new_kind": previous is not None and group.kind is not previous,
            }
        )
        previous = group.kind
    notes = [
        {"name": _NOTE_NAMES[note], "text": note.text, "url": f"{rules}#{RULE_ANCHORS[note]}"}
        for note in result.notes
    ]
    return {
        "result": result,
        "rows": rows,
        "notes": notes,
        "announce": capfirst(result.announce) + ".",
        "heading_level": heading_level,
    }


@register.inclusion_tag("counter/_example.html")
def show_example(hand: Iterable[Card | str] | str, starter: Card | str, crib: bool = False) -> dict:
    result = score_show(as_cards(hand), as_card(starter), crib=crib)
    return {"result": result, "announce": capfirst(result.announce) + "."}


@cache
def _pick_button(card: Card, place: str, disabled: bool) -> SafeString:
    """A picker button: ``place`` is "1"-"4" or "S" for a picked card, "" for one not picked."""
    return format_html(
        '<button type="submit" name="pick" value="{code}" id="pick-{code}" '
        'class="pick pick--{colour}" aria-pressed="{pressed}"{disabled}>'
        '<span class="pick-rank" aria-hidden="true">{rank}</span>'
        '<span class="pick-suit" aria-hidden="true">{symbol}</span>'
        '<span class="visually-hidden">{label}</span>{place}</button>',
        code=card.code,
        colour="red" if card.suit.is_red else "black",
        pressed="true" if place else "false",
        disabled=mark_safe(" disabled") if disabled else "",
        rank=card.rank.label,
        symbol=card.suit.symbol,
        label=card.label,
        place=format_html('<span class="pick-place" aria-hidden="true">{}</span>', place)
        if place
        else "",
    )


@register.inclusion_tag("counter/_picker.html")
def card_picker(deal: Deal) -> dict:
    places = {card: str(n) for n, card in enumerate(deal.hand, start=1)}
    if deal.starter is not None:
        places[deal.starter] = "S"
    full = deal.complete
    rows = []
    for suit in PICKER_SUITS:
        buttons = []
        for rank in Rank:
            card = Card(rank, suit)
            place = places.get(card, "")
            buttons.append(_pick_button(card, place, full and not place))
        rows.append({"name": suit.word.capitalize(), "buttons": mark_safe("".join(buttons))})
    return {"rows": rows, "full": full}
