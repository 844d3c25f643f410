"""The skill trend's data table on the progress page, a row per game written in one pass
(in a template loop its 30 rows took more time than the trend's query). Its figures are
numbers, written as they are, as in ``quizzes.templatetags.charts``."""

from django import template
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from counter.templatetags.cards import points

register = template.Library()

KINDS = ("discard", "play", "muggins", "all")


@register.filter
def skill_rows(rows) -> SafeString:
    """A table row per game of ``games_skill``: a link to its review, the player's points
    lost a deal in discards, the play, muggins and in all, and the computer's in all."""
    return mark_safe("".join(_skill_row(row) for row in rows))


def _skill_row(row) -> str:
    pk = row["game"].pk
    href = escape(reverse("games:review", args=[pk]))
    figures = "".join(f"<td>{points(row['you'][kind])}</td>" for kind in KINDS)
    return (
        f'<tr><th scope="row"><a href="{href}">#{pk}</a></th>{figures}'
        f"<td>{points(row['computer']['all'])}</td></tr>"
    )
