"""The new-game form in a real Chromium: the deal button in the first screen on a phone held
either way and on a desktop, and the levels named once, as a player names them."""

import re

import pytest
from playwright.sync_api import Page, expect

from games.models import Game
from tests.browser import (
    assert_accessible,
    assert_in_first_screen,
    every_viewport,
    screenshot,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@every_viewport
def test_the_deal_button_is_in_the_first_screen_and_stays_in_view(at_viewport: Page, viewport):
    page = at_viewport
    page.goto("/play/")
    assert_in_first_screen(page, viewport, page.get_by_role("button", name="Deal a new game"))
    assert_accessible(page)
    screenshot(page, f"new-game-{viewport['width']}x{viewport['height']}", False)

    # A choice at the foot of the form is changed without the button hiding it, and the
    # button is still there to deal.
    match = page.get_by_label("A match of 7")
    match.focus()
    match.check()
    field = match.bounding_box()
    button = page.get_by_role("button", name="Deal a new game").bounding_box()
    assert field["y"] + field["height"] <= button["y"], (field, button)
    assert_in_first_screen(page, viewport, page.get_by_role("button", name="Deal a new game"))
    page.get_by_role("button", name="Deal a new game").click()
    expect(page).to_have_url(re.compile(r"/play/\d+/$"))
    assert Game.objects.get().match.length == 7


def test_the_levels_are_named_once_as_a_player_says_them_and_stored_as_before(phone: Page):
    page = phone
    page.goto("/play/")
    levels = page.get_by_role("group", name="The computer plays").get_by_role("radio")
    names = [
        re.match(r"\w+", label).group()
        for label in (
            levels.nth(index).evaluate("(radio) => radio.labels[0].innerText")
            for index in range(levels.count())
        )
    ]
    assert names == ["Easy", "Medium", "Hard"]
    text = page.locator("main").inner_text()
    for engine_word in ("greedy", "classic", "strong", "(easy)", "(medium)", "(hard)"):
        assert engine_word not in text.lower(), engine_word
    expect(page.get_by_role("radio", name=re.compile("^Hard:"))).to_be_checked()

    page.get_by_role("radio", name=re.compile("^Medium: throws and pegs by the book")).check()
    page.get_by_role("button", name="Deal a new game").click()
    expect(page).to_have_url(re.compile(r"/play/\d+/$"))
    game = Game.objects.get()
    assert game.level == "classic"
    page.goto("/play/")
    expect(page.locator(".games-list")).to_contain_text("at medium")
