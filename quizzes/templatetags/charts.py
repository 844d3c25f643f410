"""The progress page's long rows: its chart columns and bars and its data tables, written in
one pass each. In template loops they were most of the page's time (ten nodes a row).

A row's markup is a partial of the template that shows it, rendered once (``row_markup``)
into a format string that each row fills in. Numbers go in as they are: a number needs no
escaping, and escaping each of the page's 1,500 or so was a tenth of its time. Text goes
through ``escape``."""

from decimal import ROUND_HALF_UP, Decimal
from functools import cache, lru_cache

from django import template
from django.template.loader import get_template
from django.urls import get_script_prefix, reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from counter.templatetags.cards import card_row, playing_card, points
from cribbage.cards import parse_card, parse_cards

register = template.Library()

TENTH = Decimal("0.1")
PROGRESS = "quizzes/progress.html"


def tenths(value: float) -> str:
    """``value|floatformat:1`` with localisation off, for a hundred rows: half up."""
    return str(Decimal(str(value)).quantize(TENTH, ROUND_HALF_UP))


@cache
def row_markup(partial: str) -> str:
    """The markup of a row, ``partial`` (``template#name``) rendered once: a format string
    with a ``{field}`` for each value a row puts in."""
    return str(get_template(partial).render({}))


PK = 2_147_483_647
"""A stand-in for a row's number in a path reversed once (no real key is this large)."""


def path_format(name: str) -> str:
    """The path of URL ``name`` with ``{pk}`` for its one number: reversed once (for the
    site's prefix), not once a row (reversing was a tenth of the rows' time)."""
    return _path_format(name, get_script_prefix())


@cache
def _path_format(name: str, prefix: str) -> str:
    return escape(reverse(name, args=[PK])).replace(str(PK), "{pk}")


@lru_cache(maxsize=4096)
def mini_cards(hand: str, starter: str) -> tuple[str, str]:
    """The small cards of a counted deal (its hand and its starter, as stored), drawn once
    for each deal shown again."""
    return card_row(parse_cards(hand, count=4), "mini"), playing_card(parse_card(starter), "mini")


def rows(partial: str, values) -> SafeString:
    """Each of ``values`` (the fields of one row: numbers, or text already escaped) put in
    the markup of ``partial``."""
    markup = row_markup(partial)
    return mark_safe("".join(markup.format(**fields) for fields in values))


@register.filter
def svg_columns(columns) -> SafeString:
    """A ``<rect>`` per column of a ``ColumnChart``: solid when right, hatched when wrong."""
    return rows(
        f"{PROGRESS}#time-column",
        (
            {
                "style": "col-right" if c.right else "col-wrong",
                "x": c.x,
                "y": c.y,
                "width": c.width,
                "height": c.height,
            }
            for c in columns
        ),
    )


@register.filter
def attempt_rows(recent) -> SafeString:
    """A table row per ``RecentAttempt``: its number, right or wrong, seconds, accuracy."""
    return rows(
        f"{PROGRESS}#attempt-row",
        (
            {
                "number": r.number,
                "result": "right" if r.right else "wrong",
                "seconds": tenths(r.seconds),
                "percent": r.rolling_percent,
            }
            for r in recent
        ),
    )


@register.filter
def discard_rows(recent) -> SafeString:
    """A table row per ``RecentDiscard``: its number, points lost, the rolling mean."""
    return rows(
        f"{PROGRESS}#discard-row",
        (
            {"number": r.number, "loss": points(r.loss), "mean": points(r.rolling_loss)}
            for r in recent
        ),
    )


@register.filter
def svg_bars(chart) -> SafeString:
    """The label, track, bar and figure of each ``Bar`` of a ``BarChart``."""
    return rows(
        f"{PROGRESS}#pattern-bar",
        (
            {
                "left": chart.bar_left,
                "span": chart.bar_span,
                "height": chart.bar_height,
                "right": chart.width - 2,
                "style": "bar-weak" if bar.weak else "bar",
                "label": escape(bar.label),
                "text": escape(bar.text),
                "y": bar.y,
                "text_y": bar.text_y,
                "width": bar.width,
            }
            for bar in chart.bars
        ),
    )


@register.filter
def pattern_rows(stats) -> SafeString:
    """A table row per ``PatternStat``: the pattern, its area, seen, right, accuracy."""
    return rows(
        f"{PROGRESS}#pattern-row",
        (
            {
                "pattern": escape(s.pattern.label),
                "area": escape(s.pattern.area.label),
                "seen": s.seen,
                "right": s.right,
                "percent": s.percent,
            }
            for s in stats
        ),
    )


@register.filter
def last_attempt_rows(attempts) -> SafeString:
    """A table row per ``Attempt`` of the last counted: the cards (a link to the deal),
    what the player said (right, the split wrong, or wrong), what it scores, the time."""

    def said(attempt) -> str:
        which = "right" if attempt.right else "split-wrong" if attempt.right_total else "wrong"
        return row_markup(f"{PROGRESS}#said-{which}").format(claimed=attempt.claimed)

    deal_path = path_format("quizzes:deal")

    def row(attempt) -> dict:
        hand, starter = mini_cards(attempt.deal.hand, attempt.deal.starter)
        return {
            "style": "is-right" if attempt.right else "is-wrong",
            "href": deal_path.format(pk=attempt.deal_id),
            "hand": hand,
            "starter": starter,
            "what": escape(attempt.what),
            "said": said(attempt),
            "points": attempt.points,
            "seconds": tenths(attempt.seconds),
        }

    return rows(f"{PROGRESS}#last-attempt-row", (row(attempt) for attempt in attempts))
