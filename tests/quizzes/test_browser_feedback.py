"""The throw's and the lay's feedback in a real Chromium, on a phone held either way and on
a desktop: a sentence in a player's words first, the verdict and the next deal with it in
the first screen, the figures folded below until asked for."""

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from quizzes.domain.lays import grade_lay
from tests.browser import (
    assert_accessible,
    assert_in_first_screen,
    every_viewport,
    screenshot,
)
from tests.factories import LayDealFactory
from tests.quizzes.test_browser import current_deal, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# What the feedback said before it said why: the engine's words and columns of decimals.
ENGINE_WORDS = ("strong computer", "searches", "crib values settle", "both seats")


def read_first(page: Page, viewport: dict) -> str:
    """The reason: the first thing after the verdict, one sentence in words, both in the first
    screen; the figures folded, none of them in view until the fold is opened."""
    reason = page.locator(".verdict + .reason")
    expect(reason).to_be_visible()
    assert_in_first_screen(page, viewport, ".verdict")
    assert_in_first_screen(page, viewport, ".reason")
    said = reason.inner_text()
    assert said.endswith(".") and said.count(". ") == 0, said
    for words in ENGINE_WORDS:
        assert words not in said, said
    figures = page.locator("details.figures")
    expect(figures).to_have_count(1)
    expect(figures).not_to_have_attribute("open", "")
    expect(page.locator("details.figures table").first).to_be_hidden()
    expect(page.locator("table:visible")).to_have_count(0)
    return said


@every_viewport
def test_a_throw_is_answered_with_why_and_the_figures_folded(at_viewport: Page, viewport):
    page = at_viewport
    page.goto("/quiz/")
    page.get_by_role("button", name="Discarding").click()
    deal = current_deal(page)
    options = deal.discard_options
    worst = options[-1]
    for card in worst.throw:
        page.get_by_role("checkbox", name=card.label).check()
    page.get_by_role("button", name="Throw these two").click()
    expect(page.locator(".verdict")).to_have_text(re.compile("points lost"))
    said = read_first(page, viewport)
    best = options[0]
    assert said.startswith(f"Throwing {best.throw[0].short_label} and {best.throw[1].short_label}")
    assert f"{best.hand_ev:.1f} with the starter" in said
    assert_accessible(page)
    screenshot(page, f"discard-reason-{viewport['width']}x{viewport['height']}", False)

    page.locator("details.figures > summary").click()
    expect(page.locator(".choices tbody tr")).to_have_count(15)
    expect(page.locator(".choices tr.is-chosen")).to_contain_text("your choice")
    assert_accessible(page)


@every_viewport
def test_a_card_laid_is_answered_with_why_and_the_figures_folded(at_viewport: Page, viewport):
    page = at_viewport
    sign_up(page, f"pone-{viewport['width']}")
    deal = LayDealFactory(user=get_user_model().objects.get())
    best = grade_lay(deal.lay_position, deal.lay_position.held[0]).best_card
    page.goto(f"/quiz/{deal.pk}/")
    page.get_by_role("button", name="Lay the Eight of Clubs").click()
    expect(page.locator(".verdict")).to_have_text(re.compile("points lost"))
    said = read_first(page, viewport)
    assert said.startswith(f"Lay the {best.short_label}: ")
    assert "your 8" in said
    assert_accessible(page)
    screenshot(page, f"lay-reason-{viewport['width']}x{viewport['height']}", False)

    page.locator("details.figures > summary").click()
    expect(page.locator(".lay-values tbody tr").first).to_contain_text("best")
    expect(page.locator(".lay-values tr.is-wrong")).to_contain_text("(yours)")
    assert_accessible(page)
