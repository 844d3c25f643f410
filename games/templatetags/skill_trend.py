"""The skill trend's data table on the progress page, a row per game written in one pass
(in a template loop its 30 rows took more time than the trend's query), as
``quizzes.templatetags.charts`` writes the page's other long rows."""

from django import template
from django.utils.safestring import SafeString

from counter.templatetags.cards import points
from quizzes.templatetags.charts import path_format, rows

register = template.Library()


@register.filter
def skill_rows(trend) -> SafeString:
    """A table row per game of ``games_skill``: a link to its review, the player's points
    lost a deal in discards, the play, muggins and in all, and the computer's in all."""
    review_path = path_format("games:review")
    return rows(
        "games/_skill.html#skill-row",
        (
            {
                "href": review_path.format(pk=row["game"].pk),
                "game": row["game"].pk,
                **{
                    kind: points(row["you"][kind]) for kind in ("discard", "play", "muggins", "all")
                },
                "computer": points(row["computer"]["all"]),
            }
            for row in trend
        ),
    )
