"""The skill trend's data table on the progress page, a row per game written in one pass
(in a template loop its 30 rows took more time than the trend's query)."""

from django import template
from django.urls import reverse
from django.utils.html import format_html_join

from counter.templatetags.cards import points

register = template.Library()


@register.filter
def skill_rows(rows) -> str:
    """A table row per game of ``games_skill``: a link to its review, the player's points
    lost a deal in discards, the play, muggins and in all, and the computer's in all."""
    return format_html_join(
        "",
        '<tr><th scope="row"><a href="{}">#{}</a></th>'
        "<td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
        (
            (
                reverse("games:review", args=[row["game"].pk]),
                row["game"].pk,
                *(points(row["you"][kind]) for kind in ("discard", "play", "muggins", "all")),
                points(row["computer"]["all"]),
            )
            for row in rows
        ),
    )
