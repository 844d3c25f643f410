"""The guest notice in a real Chromium: one line with a link, said once, on a fresh phone
held either way and on a desktop, the first throw's hint still in the first screen."""

import re

import pytest
from playwright.sync_api import Page, expect

from cribbage.game import Game as EngineGame
from cribbage.hints import discard_hint
from tests.browser import (
    assert_accessible,
    assert_in_first_screen,
    every_viewport,
    screenshot,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def one_line(page: Page, selector: str) -> None:
    """The element's text takes one line: its box no taller than its line height and
    padding allow."""
    lines = page.locator(selector).evaluate(
        """(element) => {
            const style = getComputedStyle(element);
            const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
            return (element.getBoundingClientRect().height - padding)
                / parseFloat(style.lineHeight);
        }"""
    )
    assert lines < 1.5, f"{selector} takes {lines:.1f} lines"


@every_viewport
def test_a_fresh_guests_first_game_says_where_practice_lives_in_one_line_above_the_hint(
    at_viewport: Page, viewport
):
    page = at_viewport
    page.goto("/play/")
    page.get_by_role("checkbox", name=re.compile("^Hints")).check()
    page.get_by_role("button", name="Deal a new game").click()
    expect(page).to_have_url(re.compile(r"/play/\d+/$"))
    notice = page.locator(".flash--guest")
    expect(notice).to_contain_text("Kept in this browser only.")
    one_line(page, ".flash--guest")
    link = notice.get_by_role("link", name="Sign up to keep it")
    expect(link).to_have_attribute("href", re.compile(r"^/accounts/signup/\?next=/play/\d+/$"))
    assert_in_first_screen(page, viewport, ".flash--guest")
    # The throw, and the hint's advice: the two to throw and the four to keep. (Its reasons
    # run on below on a phone, the longer the more the throw has to say.)
    assert_in_first_screen(page, viewport, ".throw-card")
    assert_in_first_screen(page, viewport, ".discard-move button[type=submit]")
    assert_in_first_screen(page, viewport, ".hint-box .card-row")
    assert_in_first_screen(page, viewport, ".hint-box")
    assert_accessible(page)
    screenshot(page, f"guest-notice-game-{viewport['width']}x{viewport['height']}", False)

    # Said once: the next page has none, and the link keeps the game.
    page.reload()
    expect(page.locator(".flash")).to_have_count(0)


LONGEST_HINT = "hint-146"
"""Of the first deals of seeds hint-0 to hint-399, one with the longest throw hint (332
characters: a hand of 12 said item by item, the crib's reasons, the next best throw)."""


@every_viewport
def test_the_longest_first_hint_is_whole_in_the_first_screen_under_the_notice(
    at_viewport: Page, viewport, monkeypatch
):
    monkeypatch.setattr("games.services.secrets.token_hex", lambda _: LONGEST_HINT)
    assert len(discard_hint(EngineGame.new(LONGEST_HINT), 0).why) >= 330
    page = at_viewport
    page.goto("/play/")
    page.get_by_role("checkbox", name=re.compile("^Hints")).check()
    page.get_by_role("button", name="Deal a new game").click()
    expect(page.locator(".hint-box")).to_contain_text("fifteen eight, a pair is ten")
    for selector in (".flash--guest", ".cut", ".throw-card", ".hint-box"):
        assert_in_first_screen(page, viewport, selector)
    screenshot(page, f"longest-hint-{viewport['width']}x{viewport['height']}", False)


@every_viewport
def test_a_fresh_guests_first_quiz_has_the_notice_in_one_line_and_the_throw_in_view(
    at_viewport: Page, viewport
):
    page = at_viewport
    page.goto("/quiz/")
    page.get_by_role("button", name="Discarding").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile("Discard as the"))
    one_line(page, ".flash--guest")
    assert_in_first_screen(page, viewport, ".flash--guest")
    assert_in_first_screen(page, viewport, "#quiz-heading")
    page.locator(".flash--guest").get_by_role("link", name="Sign up to keep it").click()
    expect(page).to_have_url(re.compile(r"/accounts/signup/\?next=/quiz/\d+/$"))
    # What the notice leaves out is said where it leads.
    expect(page.locator(".lead")).to_contain_text("two weeks")
    assert_accessible(page)
