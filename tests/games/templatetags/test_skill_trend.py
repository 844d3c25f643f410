"""The skill trend's data table (games/templatetags/skill_trend.py)."""

from types import SimpleNamespace

from django.template import Context, Template


def test_skill_rows_link_each_game_to_its_review_with_its_figures():
    rows = [
        {
            "game": SimpleNamespace(pk=7),
            "you": {"discard": 0.5, "play": 1.0, "muggins": 0.0, "all": 1.5},
            "computer": {"all": -0.004},
        },
        {
            "game": SimpleNamespace(pk=12),
            "you": {"discard": 2.345, "play": 0.1, "muggins": 3.0, "all": 5.445},
            "computer": {"all": 0.9},
        },
    ]
    html = Template("{% load skill_trend %}{{ rows|skill_rows }}").render(Context({"rows": rows}))
    assert html == (
        '<tr><th scope="row"><a href="/play/7/review/">#7</a></th>'
        "<td>0.50</td><td>1.00</td><td>0.00</td><td>1.50</td><td>0.00</td></tr>"
        '<tr><th scope="row"><a href="/play/12/review/">#12</a></th>'
        "<td>2.35</td><td>0.10</td><td>3.00</td><td>5.45</td><td>0.90</td></tr>"
    )
