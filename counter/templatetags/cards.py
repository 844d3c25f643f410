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
    The itemised count of a ``ShowResult`` (``cribbage.show.score_show``): the total,
    each fifteen, pair, run, flush and nobs with its cards and points, each linked to its
    rule on ``/rules/``, the count as it is said aloud, and any rule that decided the count.
    ``heading_level=3`` makes the total an ``<h3>`` where the page needs it; ``heels=False``
    leaves out the heels note (a page that says it once for several counts);
    ``ident="show-pone"`` names the total's id where a page shows several counts.

``{% show_example "5H 5C 5S JD" "5D" %}``
    A hand, its starter and its total with the count said aloud, for guides and quizzes;
    ``crib=True`` counts it as the crib.

``{% play_example "6D 4C 5H" players=2 %}``
    A play in the notation of ``crib peg --players`` (cards and ``go`` in the order laid),
    counted by the engine: who laid each card, the running count, and what it scored.

The card picker, for any page that takes cards (``counter.picks``): the page keeps its
cards in a ``Picks`` value (``Entry`` on the counter, ``Round`` on the round page), and its
form holds three pieces, in any layout:

``{% picker_fields picks %}``
    The hidden fields that carry the cards of each place and the place being filled, so
    that every tap sends the whole state (``static/js/app.js`` updates them at once).

``{% pick_slot slot size="" %}``
    One slot of a place (``picks.slots`` or ``picks.slots_of(key)``): a card, tapped to
    take it out; the first empty slot of a place, tapped to fill that place next; or an
    empty box. ``size="mini"`` for small slots.

``{% pick_slots slots size="" %}``
    Several slots, each a list item, for an ``<ol>`` or ``<ul>``.

``{% card_picker picks how="…" %}``
    The 52 cards, a row per suit, A to K; picked cards wear their place's mark. ``how``
    says in a few words what to pick.

``{{ kind|rule_url }}``
    The ``/rules/`` address for a ``ShowKind`` or ``ShowNote``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache, lru_cache

from django import template
from django.template.loader import get_template
from django.urls import reverse
from django.utils.safestring import SafeString
from django.utils.text import capfirst

from counter.picks import PickerState, Picks, Slot
from cribbage.cards import Card, Rank, Suit, parse_card, parse_cards
from cribbage.pegging import PlayRecord, peg_play
from cribbage.show import ShowGroup, ShowKind, ShowNote, ShowResult, score_show

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
    """Expected points to the hundredth, ``4.3709`` → ``4.37``, ``-1.2`` → ``−1.20`` (a true
    minus, as ``signed_points`` and the crib column write it): cheaper than ``floatformat``
    in tables of fifteen rows."""
    text = f"{value:.2f}"
    if text == "-0.00":
        return "0.00"
    return "−" + text[1:] if text.startswith("-") else text


@register.filter
def signed_points(value: float) -> str:
    """Expected points with their sign, as a gain or a loss: ``+0.83``, ``−2.16``."""
    rounded = round(value, 2)
    return f"{'−' if rounded < 0 else '+'}{abs(rounded):.2f}"


@register.filter
def percent(share: float) -> str:
    """A share from 0 to 1 as a whole percentage: ``0.348`` → ``35%``; ``<1%`` for a few."""
    if 0 < share < 0.005:
        return "<1%"
    return f"{round(share * 100)}%"


@register.filter
@cache
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


@register.simple_tag
def show_breakdown(
    result: ShowResult,
    heading_level: int = 2,
    heels: bool = True,
    ident: str = "breakdown",
    owner: str = "",
) -> SafeString:
    """``owner``: the id of the heading naming whose count it is, so that two counts of the
    same total on one page (two hands of 12) are told apart."""
    return _breakdown_html(result, heading_level, heels, ident, owner)


@lru_cache(maxsize=8192)
def _row_html(group: ShowGroup, new_kind: bool) -> SafeString:
    """One scoring group of a breakdown: the same fifteen or run turns up in many counts."""
    row = {
        "kind": group.kind.value,
        "name": _group_name(group),
        "cards": _side_by_side(card_html(card, "mini") for card in group.cards),
        "points": group.points,
        "parts": group.parts,
        "url": rule_url(group.kind),
        "new_kind": new_kind,
    }
    return get_template("counter/_breakdown.html#row").render({"row": row})


@lru_cache(maxsize=2048)
def _breakdown_html(
    result: ShowResult, heading_level: int, heels: bool, ident: str, owner: str = ""
) -> SafeString:
    """A count's breakdown, drawn once per count and look: a page that is tapped on draws the
    counts already there again, and a count shared as a link is opened many times."""
    rules = reverse("counter:rules")
    groups = result.groups
    rows = _side_by_side(
        _row_html(group, n > 0 and group.kind is not groups[n - 1].kind)
        for n, group in enumerate(groups)
    )
    notes = [
        {"name": note.title, "text": note.text, "url": f"{rules}#{RULE_ANCHORS[note]}"}
        for note in result.notes
        if heels or note is not ShowNote.HEELS
    ]
    context = {
        "result": result,
        "rows": rows,
        "notes": notes,
        "announce": capfirst(result.announce) + ".",
        "heading_level": heading_level,
        "ident": ident,
        "owner": owner,
    }
    return get_template("counter/_breakdown.html").render(context)


@register.inclusion_tag("counter/_example.html")
def show_example(hand: Iterable[Card | str] | str, starter: Card | str, crib: bool = False) -> dict:
    result = score_show(as_cards(hand), as_card(starter), crib=crib)
    return {"result": result, "announce": capfirst(result.announce) + "."}


@register.inclusion_tag("counter/_play_example.html")
def play_example(play: str, players: int = 2, names: str = "") -> dict:
    """``names``: the players' names in turn order, comma-separated (the dealer last)."""
    record = peg_play(play, players)
    called = [name.strip() for name in names.split(",")] if names else []
    who = called or [f"Player {player}" for player in range(1, players + 1)]
    return {
        "record": record,
        "who": who,
        "totals": [(who[player], points) for player, points in record.totals.items()],
    }


@register.inclusion_tag("counter/_play_table.html")
def play_table(record: PlayRecord, who: Sequence[str], roles: Sequence[str] = ()) -> dict:
    """The turns of a play, a row each: who laid each card or said go, the running count, and
    what it scored. ``who`` names the players in turn order, ``roles`` may add a word to each
    ("pone", "dealer"). A card that starts the count again after a go or 31 opens a new
    series."""
    rows = []
    for index, turn in enumerate(record.turns):
        card = turn.card
        rows.append(
            {
                "turn": turn,
                "who": who[turn.player],
                "role": roles[turn.player] if roles else "",
                "card": card_html(card, "mini") if card else "",
                "new_series": index > 0 and card is not None and turn.count == card.value,
            }
        )
    return {"rows": rows}


@cache
def _pick_button(card: Card, mark: str, disabled: bool) -> SafeString:
    """A picker button: ``mark`` is the badge of a picked card ("1", "S"…), "" if not picked."""
    return _fragment("pick").render({"card": card, "place": mark, "disabled": disabled})


@lru_cache(maxsize=4096)
def _picker_row(suit: Suit, marks: tuple[str, ...], full: bool) -> SafeString:
    """The thirteen buttons of a suit, ``marks`` giving each rank's badge ("" if not picked)."""
    return _side_by_side(
        _pick_button(card, mark, full and not mark)
        for card, mark in zip(_SUIT_CARDS[suit], marks, strict=True)
    )


@lru_cache(maxsize=4096)
def _picker_html(marks: tuple[tuple[str, ...], ...], full: bool, how: str) -> SafeString:
    """The whole picker for one state: ``marks`` has each suit's thirteen badges."""
    rows = [
        {"name": suit.word.capitalize(), "buttons": _picker_row(suit, suit_marks, full)}
        for suit, suit_marks in zip(PICKER_SUITS, marks, strict=True)
    ]
    return get_template("counter/_picker.html").render({"rows": rows, "how": how})


@register.simple_tag
def card_picker(picks: PickerState, how: str = "") -> SafeString:
    marks = picks.marks()
    return _picker_html(
        tuple(tuple(marks.get(card, "") for card in _SUIT_CARDS[suit]) for suit in PICKER_SUITS),
        picks.full,
        how,
    )


@lru_cache(maxsize=4096)
def _fields_html(picks: Picks) -> SafeString:
    places = [
        {"place": place, "value": ",".join(card.code for card in cards)}
        for place, cards in zip(picks.PLACES, picks.placed, strict=True)
    ]
    return get_template("counter/_picker_fields.html").render(
        {"places": places, "fill": picks.fill}
    )


@register.simple_tag
def picker_fields(picks: Picks) -> SafeString:
    return _fields_html(picks)


@lru_cache(maxsize=1024)
def _slot_html(slot: Slot, size: str) -> SafeString:
    return _fragment("slot").render(
        {
            "slot": slot,
            "card": card_html(slot.card, size) if slot.card else "",
            "size": size,
        }
    )


@register.simple_tag
def pick_slot(slot: Slot, size: str = "") -> SafeString:
    return _slot_html(slot, size)


@lru_cache(maxsize=1024)
def _slot_item_html(slot: Slot, size: str) -> SafeString:
    return _fragment("slot-item").render({"slot": _slot_html(slot, size)})


@register.simple_tag
def pick_slots(slots: Iterable[Slot], size: str = "") -> SafeString:
    """Several slots as the items of a list: ``<ol>{% pick_slots slots "small" %}</ol>``."""
    return _side_by_side(_slot_item_html(slot, size) for slot in slots)
