from datetime import timedelta

import pytest
from django.utils import timezone

from progress.models import ReviewItem
from tests.factories import AttemptFactory, AttemptPatternFactory, DealFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def player(client):
    user = UserFactory()
    client.force_login(user)
    return user


def attempts(user, results, hours_ago=1, **deal_fields):
    """Attempts oldest first; each result is True (right) or False (wrong)."""
    start = timezone.now() - timedelta(hours=hours_ago)
    made = []
    for i, right in enumerate(results):
        deal = DealFactory(user=user, **deal_fields)
        made.append(
            AttemptFactory(
                deal=deal,
                claimed=deal.show.total if right else 0,
                answered_at=start + timedelta(minutes=i),
                seconds=5.0 + i,
            )
        )
    return made


def test_an_empty_progress_page_says_how_to_start(client):
    response = client.get("/progress/")
    assert response.status_code == 200
    assert "Nothing counted yet" in response.text
    assert "<svg" not in response.text


def test_totals_streaks_and_times(client, player):
    attempts(player, [True, True, True, False, True, True], hours_ago=2)
    attempts(player, [False], crib=True)
    page = client.get("/progress/").text
    assert "<dt>Counted</dt><dd>7</dd>" in page
    assert "5 <small>(71%)</small>" in page
    assert "<dt>Current streak</dt><dd>0</dd>" in page
    assert "<dt>Best streak</dt><dd>3</dd>" in page
    assert "<dt>Median time, hands</dt><dd>7.5 s</dd>" in page
    assert "<dt>Median time, cribs</dt><dd>5.0 s</dd>" in page


def test_charts_are_accessible_svg_with_data_tables(client, player):
    made = attempts(player, [True, False, True])
    AttemptPatternFactory(attempt=made[1], pattern="double-run", missed=True)
    page = client.get("/progress/").text
    assert page.count('role="img"') == 3
    assert '<title id="acc-title">' in page
    assert '<desc id="pat-desc">double run: 0% (0 of 1).</desc>' in page
    assert "<caption>Each of the last 3 attempts</caption>" in page
    assert "<caption>Accuracy per pattern, weakest first</caption>" in page
    assert "<script" not in page.split("</head>")[1]


def test_the_last_attempts_link_to_their_feedback(client, player):
    made = attempts(player, [True])
    assert f'href="/quiz/{made[0].deal_id}/"' in client.get("/progress/").text


def test_progress_leads_with_the_due_review(client, player):
    ReviewItem.objects.create(user=player, pattern="pair-royal", due_at=timezone.now())
    attempts(player, [True])
    page = client.get("/progress/").text
    practise = page.split('id="next-heading"')[1].split("</section>")[0]
    assert "pair royal" in practise
    assert 'value="review"' in practise


def test_progress_names_the_weakest_pattern_when_nothing_is_due(client, player):
    made = attempts(player, [False, False, True])
    for attempt in made:
        AttemptPatternFactory(attempt=attempt, pattern="run-4", missed=not attempt.right)
        AttemptPatternFactory(attempt=attempt, pattern="nobs", missed=False)
    page = client.get("/progress/").text
    practise = page.split('id="next-heading"')[1].split("</section>")[0]
    assert "run of four</strong>, right 1 of 3 times" in practise
    assert 'name="pattern" value="run-4"' in practise


def test_progress_shows_only_the_players_own_attempts(client, player):
    attempts(UserFactory(), [True, True])
    attempts(player, [False])
    assert "<dt>Counted</dt><dd>1</dd>" in client.get("/progress/").text


def test_the_review_page_shows_what_is_due_and_when_the_rest_comes_back(client, player):
    now = timezone.now()
    ReviewItem.objects.create(user=player, pattern="triple-run", box=1, due_at=now, misses=2)
    ReviewItem.objects.create(
        user=player, pattern="flush-5", box=3, due_at=now + timedelta(days=3, minutes=1)
    )
    ReviewItem.objects.create(user=UserFactory(), pattern="heels", due_at=now)
    page = client.get("/progress/review/").text
    due = page.split('id="due-heading"')[1].split("</section>")[0]
    later = page.split('id="later-heading"')[1].split("</section>")[0]
    assert "triple run" in due
    assert "missed 2 times" in due
    assert "flush of five" in later
    assert "3\xa0days" in later
    assert "heels" not in page


def test_an_empty_review_queue_says_so(client):
    page = client.get("/progress/review/").text
    assert "Nothing is due." in page
