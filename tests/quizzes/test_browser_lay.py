"""The lay quiz in a real Chromium on a phone: tap the card, read what each was worth."""

import re

import pytest
from playwright.sync_api import Page, expect

from cribbage.review import is_error
from quizzes.domain.lays import grade_lay
from quizzes.models import Attempt
from tests.browser import PHONE, assert_accessible, screenshot
from tests.quizzes.test_browser import current_deal

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_lay_quiz_on_a_phone(phone: Page):
    page = phone
    page.goto("/quiz/")
    page.get_by_role("button", name="The card to lay").click()
    deal = current_deal(page)
    position = deal.lay_position
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Your lay as the {deal.holder}")
    assert_accessible(page)
    screenshot(page, "lay-quiz-phone-390x844", full_page=False)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways: {width}px"
    grades = [grade_lay(position, card) for card in position.fitting]
    worst = max(grades, key=lambda grade: grade.loss)
    page.get_by_role("button", name=f"Lay the {worst.card.label}").click()
    verdict = page.locator(".verdict")
    expect(verdict).to_be_focused()
    if worst.is_best:
        expect(verdict).to_have_text(re.compile("best"))
    elif is_error(worst.klass):
        expect(verdict).to_have_text(re.compile(f"✗ {worst.loss:.2f} points lost"))
    else:  # within the noise: good, not marked wrong
        expect(verdict).to_have_text(re.compile(f"✓ Good: {worst.loss:.2f} points behind"))
    ranks = {card.rank for card in position.fitting}
    expect(page.locator(".lay-values tbody tr")).to_have_count(len(ranks))
    expect(page.locator(".lay-values tbody tr").first).to_contain_text("best")
    assert Attempt.objects.get().loss == pytest.approx(worst.loss)
    assert_accessible(page)
    screenshot(page, "lay-feedback-phone-390x844")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways: {width}px"
