"""The progress page's long rows: its chart columns and bars and its data tables, written in
one pass each. In template loops they were most of the page's time (ten nodes a row)."""

from decimal import ROUND_HALF_UP, Decimal

from django import template
from django.utils.html import format_html_join

from counter.templatetags.cards import points

register = template.Library()

TENTH = Decimal("0.1")


def tenths(value: float) -> str:
    """``value|floatformat:1`` with localisation off, for a hundred rows: half up."""
    return str(Decimal(str(value)).quantize(TENTH, ROUND_HALF_UP))


@register.filter
def svg_columns(columns) -> str:
    """A ``<rect>`` per column of a ``ColumnChart``: solid when right, hatched when wrong."""
    return format_html_join(
        "",
        '<rect class="{}" x="{}" y="{}" width="{}" height="{}"/>',
        (("col-right" if c.right else "col-wrong", c.x, c.y, c.width, c.height) for c in columns),
    )


@register.filter
def attempt_rows(recent) -> str:
    """A table row per ``RecentAttempt``: its number, right or wrong, seconds, accuracy."""
    return format_html_join(
        "",
        '<tr><th scope="row">{}</th><td>{}</td><td>{}</td><td>{}%</td></tr>',
        (
            (r.number, "right" if r.right else "wrong", tenths(r.seconds), r.rolling_percent)
            for r in recent
        ),
    )


@register.filter
def discard_rows(recent) -> str:
    """A table row per ``RecentDiscard``: its number, points lost, the rolling mean."""
    return format_html_join(
        "",
        '<tr><th scope="row">{}</th><td>{}</td><td>{}</td></tr>',
        ((r.number, points(r.loss), points(r.rolling_loss)) for r in recent),
    )


@register.filter
def svg_bars(chart) -> str:
    """The label, track, bar and figure of each ``Bar`` of a ``BarChart``."""
    return format_html_join(
        "",
        '<text class="bar-label" x="{left}" y="{text_y}">{label}</text>'
        '<rect class="bar-track" x="{left}" y="{y}" width="{span}" height="{height}"/>'
        '<rect class="{style}" x="{left}" y="{y}" width="{width}" height="{height}"/>'
        '<text class="bar-value" x="{right}" y="{text_y}" text-anchor="end">{text}</text>',
        (
            {
                "left": chart.bar_left,
                "span": chart.bar_span,
                "height": chart.bar_height,
                "right": chart.width - 2,
                "style": "bar-weak" if bar.weak else "bar",
                "label": bar.label,
                "text": bar.text,
                "y": bar.y,
                "text_y": bar.text_y,
                "width": bar.width,
            }
            for bar in chart.bars
        ),
    )


@register.filter
def pattern_rows(stats) -> str:
    """A table row per ``PatternStat``: the pattern, its area, seen, right, accuracy."""
    return format_html_join(
        "",
        '<tr><th scope="row">{}</th><td>{}</td><td>{}</td><td>{}</td><td>{}%</td></tr>',
        ((s.pattern.label, s.pattern.area.label, s.seen, s.right, s.percent) for s in stats),
    )
