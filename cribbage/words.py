"""The words said at the table: numbers as counts are announced ("fifteen two, fifteen
four and a pair is six")."""

from __future__ import annotations

__all__ = ["number_word"]

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
