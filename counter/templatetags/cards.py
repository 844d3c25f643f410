"""Playing cards drawn in HTML and CSS, and the itemised breakdown of a count.

Load the library with ``{% load cards %}``; every tag takes a ``Card`` or card text
(``"5H"``, ``"10♥"``, ``"5h 5c 5s jd"``). The markup lives in ``templates/cards/cards.html``
and ``templates/counter/``, the look in ``static/css/app.css``.

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

``{% play_example "6D 4C 5H" players=2 %}``
    A play in the notation of ``crib peg --players`` (cards and ``go`` in the order laid),
    counted by the engine: who laid each card, the running count, and what it scored.

``{% card_picker entry %}``
    The counter's 52-card picker for a ``counter.entry.Entry``.

``{{ kind|rule_url }}``
    The ``/rules/`` address for a ``ShowKind`` or ``ShowNote``.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache

from django import template
from django.template.loader import get_template
from django.urls import reverse
from django.utils.safestring import SafeString
from django.utils.text import capfirst

from counter.cribbage.cards import Card, Rank, Suit, parse_card, parse_cards
from counter.cribbage.pegging import peg_play
from counter.cribbage.show import ShowGroup, ShowKind, ShowNote, ShowResult, score_show
from counter.entry import Entry

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
# Black and red alternate, so neighbouring rows never share a colour.
PICKER_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
_SUIT_CARDS = {suit: tuple(Card(rank, suit) for rank in Rank) for suit in Suit}


def as_card(value: Card | str) -> Card:
    return value if isinstance(value, Card) else parse_card(value)


def as_cards(value: Iterable[Card | str] | Card | str) -> tuple[Card, ...]:
    if isinstance(value, Card):
        return (value,)
    if isinstance(value, str):
        return parse_cards(value)
    return tuple(as_card(each) for each in value)


@register.filter
def points(value: float) -> str:
    """Expected points to the hundredth, ``4.3709`` → ``4.37``: cheaper than ``floatformat``
    in tables of fifteen rows."""
    return f"{value:.2f}"


@register.filter
def percent(share: float) -> str:
    """A share from 0 to 1 as a whole percentage: ``0.348`` → ``35%``; ``<1%`` for a few."""
    if 0 < share < 0.005:
        return "<1%"
    return f"{round(share * 100)}%"


@register.filter
def rule_url(kind: ShowKind | ShowNote) -> str:
    return f"{reverse('counter:rules')}#{RULE_ANCHORS[kind]}"


@cache
def _fragment(name: str):
    return get_template(f"cards/cards.html#{name}")


def _side_by_side(fragments: Iterable[SafeString]) -> SafeString:
    """Fragments the templates rendered (and escaped), joined: a row of cards or buttons."""
    return SafeString("".join(fragments))


@cache
def card_html(card: Card, size: str = "") -> SafeString:
    """One card's markup (see ``playing_card``), rendered once per card and size."""
    return _fragment("card").render({"card": card, "size": size})


@register.simple_tag
def playing_card(card: Card | str, size: str = "") -> SafeString:
    return card_html(as_card(card), size)


@register.simple_tag
def card_row(cards: Iterable[Card | str] | Card | str, size: str = "") -> SafeString:
    row = _side_by_side(card_html(card, size) for card in as_cards(cards))
    return _fragment("card-row").render({"cards": row})


def _group_name(group: ShowGroup) -> str:
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
                "cards": _side_by_side(card_html(card, "mini") for card in group.cards),
                "points": group.points,
                "parts": group.parts,
                "url": f"{rules}#{RULE_ANCHORS[group.kind]}",
                "new_kind": previous is not None and group.kind is not previous,
            }
        )
        previous = group.kind
    notes = [
        {"name": note.title, "text": note.text, "url": f"{rules}#{RULE_ANCHORS[note]}"}
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


@register.inclusion_tag("counter/_play_example.html")
def play_example(play: str, players: int = 2, names: str = "") -> dict:
    """``names``: the players' names in turn order, comma-separated (the dealer last)."""
    record = peg_play(play, players)
    called = [name.strip() for name in names.split(",")] if names else []
    return {
        "record": record,
        "turns": [
            {
                "turn": turn,
                "who": called[turn.player - 1] if called else f"Player {turn.player}",
                "card": card_html(turn.card, "mini") if turn.card else "",
            }
            for turn in record.turns
        ],
        "totals": [
            (called[player - 1] if called else f"Player {player}", points)
            for player, points in record.totals.items()
        ],
    }


@cache
def _pick_button(card: Card, place: str, disabled: bool) -> SafeString:
    """A picker button: ``place`` is "1"-"4" or "S" for a picked card, "" for one not picked."""
    return _fragment("pick").render({"card": card, "place": place, "disabled": disabled})


@lru_cache(maxsize=4096)
def _picker_row(suit: Suit, places: tuple[str, ...], full: bool) -> SafeString:
    """The thirteen buttons of a suit, ``places`` giving each rank's place ("" if not picked)."""
    return _side_by_side(
        _pick_button(card, place, full and not place)
        for card, place in zip(_SUIT_CARDS[suit], places, strict=True)
    )


@register.inclusion_tag("counter/_picker.html")
def card_picker(entry: Entry) -> dict:
    places = {card: str(n) for n, card in enumerate(entry.hand, start=1)}
    if entry.starter is not None:
        places[entry.starter] = "S"
    full = entry.complete
    rows = [
        {
            "name": suit.word.capitalize(),
            "buttons": _picker_row(
                suit, tuple(places.get(card, "") for card in _SUIT_CARDS[suit]), full
            ),
        }
        for suit in PICKER_SUITS
    ]
    return {"rows": rows, "full": full}
