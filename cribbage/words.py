"""The words said at the table: numbers as counts are announced, and what a card pegged in
the play as a player says it while pegging."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the play's items name their points with ``number_word``
    from .pegging import PegItem

__all__ = ["number_word", "pegged_words"]

_UNITS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen "
    "fourteen fifteen sixteen seventeen eighteen nineteen"
).split()
_TENS = {2: "twenty", 3: "thirty", 4: "forty", 5: "fifty", 6: "sixty"}


def number_word(n: int) -> str:
    """``7`` → ``seven``, ``29`` → ``twenty-nine``; from 0 to 69, digits beyond."""
    if 0 <= n < 20:
        return _UNITS[n]
    tens, units = divmod(n, 10)
    if tens in _TENS:
        return _TENS[tens] if units == 0 else f"{_TENS[tens]}-{_UNITS[units]}"
    return str(n)


# By ``PegKind`` value: said alone (or first), and joined after another item.
_ITEM_WORDS = {
    "fifteen": ("fifteen two", "fifteen"),
    "thirty-one": ("thirty-one for two", "thirty-one"),
    "go": ("one for the go", "one for the go"),
    "last-card": ("one for last", "one for last"),
}
_OPENING = ("fifteen", "thirty-one")


def _item_words(item: PegItem, first: bool) -> str:
    said = _ITEM_WORDS.get(item.kind.value)
    if said is not None:
        alone, joined = said
        return alone if first else joined
    name = f"a {item.name}"
    return f"{name} for {number_word(item.points)}" if first else name


def pegged_words(items: Iterable[PegItem]) -> str:
    """What a card or go pegged in the play, as a player says it while pegging: "fifteen
    two", "a pair for two", "a run of three for three", "one for the go", and for more
    than one item the running way, "fifteen two and a pair is four"; "" for nothing."""
    items = tuple(items)
    if not items:
        return ""
    if len(items) == 1:
        return _item_words(items[0], first=True)
    first = items[0]
    words = [_item_words(first, first=first.kind.value in _OPENING)]
    words += [_item_words(item, first=False) for item in items[1:]]
    total = sum(item.points for item in items)
    return f"{' and '.join(words)} is {number_word(total)}"
