"""The progress page's long rows: its chart columns and bars and its data tables, written in
one pass each. In template loops they were most of the page's time (ten nodes a row).

Numbers go in as they are: a number needs no escaping, and escaping each of the page's
1,500 or so (``format_html_join`` does) was a tenth of its time. Text goes through
``escape``."""

from decimal import ROUND_HALF_UP, Decimal

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from counter.templatetags.cards import points

register = template.Library()

TENTH = Decimal("0.1")


def tenths(value: float) -> str:
    """``value|floatformat:1`` with localisation off, for a hundred rows: half up."""
    return str(Decimal(str(value)).quantize(TENTH, ROUND_HALF_UP))


@register.filter
def svg_columns(columns) -> SafeString:
    """A ``<rect>`` per column of a ``ColumnChart``: solid when right, hatched when wrong."""
    return mark_safe(
        "".join(
            f'<rect class="{"col-right" if c.right else "col-wrong"}" x="{c.x}" y="{c.y}" '
            f'width="{c.width}" height="{c.height}"/>'
            for c in columns
        )
    )


@register.filter
def attempt_rows(recent) -> SafeString:
    """A table row per ``RecentAttempt``: its number, right or wrong, seconds, accuracy."""
    return mark_safe(
        "".join(
            f'<tr><th scope="row">{r.number}</th><td>{"right" if r.right else "wrong"}</td>'
            f"<td>{tenths(r.seconds)}</td><td>{r.rolling_percent}%</td></tr>"
            for r in recent
        )
    )


@register.filter
def discard_rows(recent) -> SafeString:
    """A table row per ``RecentDiscard``: its number, points lost, the rolling mean."""
    return mark_safe(
        "".join(
            f'<tr><th scope="row">{r.number}</th><td>{points(r.loss)}</td>'
            f"<td>{points(r.rolling_loss)}</td></tr>"
            for r in recent
        )
    )


@register.filter
def svg_bars(chart) -> SafeString:
    """The label, track, bar and figure of each ``Bar`` of a ``BarChart``."""
    left, span, height, right = chart.bar_left, chart.bar_span, chart.bar_height, chart.width - 2
    return mark_safe(
        "".join(
            f'<text class="bar-label" x="{left}" y="{bar.text_y}">{escape(bar.label)}</text>'
            f'<rect class="bar-track" x="{left}" y="{bar.y}" width="{span}" height="{height}"/>'
            f'<rect class="{"bar-weak" if bar.weak else "bar"}" x="{left}" y="{bar.y}" '
            f'width="{bar.width}" height="{height}"/>'
            f'<text class="bar-value" x="{right}" y="{bar.text_y}" text-anchor="end">'
            f"{escape(bar.text)}</text>"
            for bar in chart.bars
        )
    )


@register.filter
def pattern_rows(stats) -> SafeString:
    """A table row per ``PatternStat``: the pattern, its area, seen, right, accuracy."""
    return mark_safe(
        "".join(
            f'<tr><th scope="row">{escape(s.pattern.label)}</th>'
            f"<td>{escape(s.pattern.area.label)}</td><td>{s.seen}</td><td>{s.right}</td>"
            f"<td>{s.percent}%</td></tr>"
            for s in stats
        )
    )
