"""The progress page's one-pass rows (quizzes/templatetags/charts.py): each writes what the
template loop it replaced wrote, escaped the same."""

from django.template import Context, Template
from hypothesis import given
from hypothesis import strategies as st

from cribbage.cards import parse_card, parse_cards
from quizzes.domain.charts import pattern_bars, time_columns
from quizzes.domain.patterns import Pattern
from quizzes.models import Attempt, Deal
from quizzes.progress import PatternStat, RecentAttempt, RecentDiscard
from quizzes.templatetags.charts import tenths


def render(source: str, **context) -> str:
    return Template(
        "{% load cards charts l10n %}{% localize off %}" + source + "{% endlocalize %}"
    ).render(Context(context))


# Seconds as answers are timed: timedelta.total_seconds(), to the microsecond.
@given(st.integers(min_value=0, max_value=10**10).map(lambda microseconds: microseconds / 1e6))
def test_tenths_is_floatformat_1(value):
    assert tenths(value) == render("{{ value|floatformat:1 }}", value=value)


def test_svg_columns_is_the_loop_it_replaced():
    chart = time_columns([3.0, 12.5, 7.25], [True, False, True], [1, 2, 3])
    loop = (
        "{% for c in columns %}"
        '<rect class="{% if c.right %}col-right{% else %}col-wrong{% endif %}" x="{{ c.x }}" '
        'y="{{ c.y }}" width="{{ c.width }}" height="{{ c.height }}"/>{% endfor %}'
    )
    assert render("{{ columns|svg_columns }}", columns=chart.columns) == render(
        loop, columns=chart.columns
    )


def test_attempt_and_discard_rows_are_the_loops_they_replaced():
    recent = [RecentAttempt(1, True, 4.25, 100), RecentAttempt(2, False, 12.05, 50)]
    assert render("{{ recent|attempt_rows }}", recent=recent) == render(
        '{% for r in recent %}<tr><th scope="row">{{ r.number }}</th><td>{% if r.right %}'
        "right{% else %}wrong{% endif %}</td><td>{{ r.seconds|floatformat:1 }}</td>"
        "<td>{{ r.rolling_percent }}%</td></tr>{% endfor %}",
        recent=recent,
    )
    discards = [RecentDiscard(1, 0.0, 0.0), RecentDiscard(2, 2.456, -0.004)]
    assert render("{{ discards|discard_rows }}", discards=discards) == (
        '<tr><th scope="row">1</th><td>0.00</td><td>0.00</td></tr>'
        '<tr><th scope="row">2</th><td>2.46</td><td>0.00</td></tr>'
    )


def test_svg_bars_and_pattern_rows_are_the_loops_they_replaced():
    stats = [PatternStat(Pattern.NOBS, 4, 3), PatternStat(Pattern.PAIR, 4, 0)]
    chart = pattern_bars([(s.pattern.label, s.right, s.seen, s.percent) for s in stats])
    bars = (
        "{% for bar in chart.bars %}"
        '<text class="bar-label" x="{{ chart.bar_left }}" y="{{ bar.text_y }}">'
        "{{ bar.label }}</text>"
        '<rect class="bar-track" x="{{ chart.bar_left }}" y="{{ bar.y }}" '
        'width="{{ chart.bar_span }}" height="{{ chart.bar_height }}"/>'
        '<rect class="{% if bar.weak %}bar-weak{% else %}bar{% endif %}" x="{{ chart.bar_left }}" '
        'y="{{ bar.y }}" width="{{ bar.width }}" height="{{ chart.bar_height }}"/>'
        '<text class="bar-value" x="{{ chart.width|add:-2 }}" y="{{ bar.text_y }}" '
        'text-anchor="end">{{ bar.text }}</text>{% endfor %}'
    )
    assert render("{{ chart|svg_bars }}", chart=chart) == render(bars, chart=chart)
    assert 'class="bar-weak"' in render("{{ chart|svg_bars }}", chart=chart)
    assert chart.description == "his nobs: 25% (1 of 4); pair: 100% (4 of 4)".replace(
        "his nobs", Pattern.NOBS.label
    ).replace("pair", Pattern.PAIR.label, 1)
    rows = (
        '{% for s in stats %}<tr><th scope="row">{{ s.pattern.label }}</th>'
        "<td>{{ s.pattern.area.label }}</td><td>{{ s.seen }}</td><td>{{ s.right }}</td>"
        "<td>{{ s.percent }}%</td></tr>{% endfor %}"
    )
    assert render("{{ stats|pattern_rows }}", stats=stats) == render(rows, stats=stats)


def test_the_rows_escape_what_they_write():
    chart = pattern_bars([("<b>&</b>", 1, 2, 50)])
    html = render("{{ chart|svg_bars }}{{ chart.description }}", chart=chart)
    assert "<b>" not in html and html.count("&lt;b&gt;&amp;&lt;/b&gt;") == 2


def test_last_attempt_rows_are_the_loop_they_replaced():
    def attempt(pk, hand, starter, crib, claimed, points, seconds, right=None):
        deal = Deal.from_cards(parse_cards(hand), parse_card(starter), pk=pk, crib=crib)
        return Attempt(
            deal=deal,
            claimed=claimed,
            points=points,
            right=claimed == points if right is None else right,
            seconds=seconds,
            crib=crib,
            marks={},
        )

    attempts = [
        attempt(7, "5H 5C 5S JD", "5D", False, 29, 29, 4.25),
        attempt(8, "4C 6D 5D 4S", "9C", True, 12, 14, 12.05),
        # Itemised: the total right, split wrong.
        attempt(9, "4C 6D 5D 4S", "9C", False, 14, 14, 3.0, right=False),
    ]
    loop = (
        "{% for a in attempts %}"
        '<tr class="{% if a.right %}is-right{% else %}is-wrong{% endif %}"><th scope="row">'
        '<a class="attempt-cards" href="{% url \'quizzes:deal\' a.deal_id %}">'
        '{% card_row a.deal.hand_cards "mini" %}'
        '<span class="example-plus" aria-hidden="true">+</span>'
        '<span class="visually-hidden">starter</span>'
        '{% playing_card a.deal.starter_card "mini" %}</a> <small>{{ a.what }}</small></th>'
        '<td>{% if a.right %}{{ a.claimed }} ✓<span class="visually-hidden"> right</span>'
        "{% elif a.right_total %}{{ a.claimed }} ✗ <small>split wrong</small>"
        '{% else %}{{ a.claimed }} ✗<span class="visually-hidden"> wrong</span>{% endif %}'
        "</td><td>{{ a.points }}</td><td>{{ a.seconds|floatformat:1 }} s</td></tr>"
        "{% endfor %}"
    )
    html = render("{{ attempts|last_attempt_rows }}", attempts=attempts)
    assert html == render(loop, attempts=attempts)
    assert [html.count(said) for said in ("> right<", "split wrong", "> wrong<")] == [1, 1, 1]
    assert 'href="/quiz/8/"' in html
