"""The review queue in a real Chromium, on a phone held either way and on a desktop: each
pattern's chance read on FSRS's curve to the moment, names as players say them, and no
position dealt twice in a row."""

import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import Page, expect

from quizzes.domain.patterns import Pattern
from quizzes.domain.spacing import after_answer
from quizzes.models import ReviewItem
from tests.browser import assert_accessible, every_viewport, screenshot
from tests.factories import LayDealFactory
from tests.quizzes.test_browser import current_deal, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def missed(user, pattern: Pattern, *, times: int, last: timedelta) -> ReviewItem:
    """``pattern`` in the queue, missed ``times`` a minute apart, the last ``last`` ago."""
    memory = None
    start = timezone.now() - last - timedelta(minutes=times - 1)
    for minute in range(times):
        memory = after_answer(memory, right=False, now=start + timedelta(minutes=minute))
    return ReviewItem.objects.create(user=user, pattern=pattern.value, memory=memory, misses=times)


@every_viewport
def test_a_pattern_missed_more_often_and_longer_ago_shows_the_lower_chance(
    at_viewport: Page, viewport
):
    page = at_viewport
    sign_up(page, f"muggins-{viewport['width']}")
    user = get_user_model().objects.get()
    missed(user, Pattern.DISCARD_CRIB_IGNORED, times=10, last=timedelta(hours=3))
    missed(user, Pattern.PAIR, times=1, last=timedelta(hours=1))
    page.goto("/progress/review/")
    rows = page.locator(".queue li")
    expect(rows).to_have_count(2)
    chances = {}
    for text in rows.all_inner_texts():
        name, chance = re.fullmatch(
            r"(.+) (\d+)% chance right now missed \d+ times?", text
        ).groups()
        chances[name] = int(chance)
    # Named as a player owns up to it, not "the crib ignored".
    assert set(chances) == {"forgot the crib's points", "pair"}
    assert chances["forgot the crib's points"] < chances["pair"] < 100
    assert_accessible(page)
    screenshot(page, f"review-queue-{viewport['width']}x{viewport['height']}", False)


def test_a_missed_lay_comes_back_after_another_deal_not_straight_after(phone: Page):
    page = phone
    sign_up(page, "pegger")
    lay = LayDealFactory(user=get_user_model().objects.get())
    page.goto(f"/quiz/{lay.pk}/")
    page.get_by_role("button", name="Lay the Eight of Clubs").click()
    expect(page.locator(".verdict")).to_have_text(re.compile("points lost"))
    ReviewItem.objects.exclude(pattern=Pattern.LAY_RUN_OPENED.value).delete()

    dealt = []
    for _ in range(2):
        page.goto("/progress/review/")
        page.get_by_role("button", name="Review now").click()
        expect(page.get_by_text("Review: opened a run for the opponent")).to_be_visible()
        dealt.append(current_deal(page))
    # The turn just missed has its answer on the screen left: another comes first.
    assert dealt[0].kind == "lay" and dealt[0].position != lay.position
    assert dealt[1].position == lay.position
    assert_accessible(page)
