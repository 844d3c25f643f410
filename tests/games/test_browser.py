"""A whole deal against the computer in a real Chromium, keyboard and screen reader ready."""

import re

import pytest
from playwright.sync_api import Page, expect

from games.models import Game
from tests.browser import PHONE, assert_accessible, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def current_game(page: Page) -> Game:
    match = re.search(r"/play/(\d+)/", page.url)
    assert match, page.url
    return Game.objects.get(pk=int(match.group(1)))


def test_a_whole_deal_counting_by_hand(watched: Page):
    page = watched
    page.set_viewport_size(PHONE)
    page.goto("/play/")
    assert_accessible(page)
    page.get_by_role("button", name="Deal a new game").click()
    expect(page).to_have_url(re.compile(r"/play/\d+/$"))
    game = current_game(page)
    first_deal = game.engine.deal.number
    expect(page.get_by_role("img", name="The board")).to_be_visible()
    assert_accessible(page)
    screenshot(page, "game-discard-phone-390x844", full_page=False)

    # Throw the first two cards.
    boxes = page.locator(".throw-box")
    boxes.nth(0).check()
    boxes.nth(1).check()
    page.get_by_role("button", name="Throw these two").click()

    steps = 0
    while current_game(page).engine.deal.number == first_deal and not current_game(page).is_over:
        steps += 1
        assert steps < 60, "the deal did not end"
        engine = current_game(page).engine
        if engine.pending is not None:
            box = page.get_by_role("spinbutton").first
            expect(box).to_be_focused()
            box.fill(str(engine.pending.points))
            if engine.pending.source.value == "hand":
                assert_accessible(page)
                screenshot(page, "game-count-phone-390x844", full_page=False)
            page.get_by_role("button", name="Peg it").click()
        elif page.get_by_role("button", name="Say go").count():
            page.get_by_role("button", name="Say go").click()
        else:
            card = page.locator(".hand-card:not([disabled])").first
            expect(card).to_be_focused()
            if steps == 2:
                assert_accessible(page)
                screenshot(page, "game-play-phone-390x844", full_page=False)
            card.press("Enter")
        page.wait_for_function("() => !document.querySelector('.htmx-request')")

    expect(page.locator("#summary-heading")).to_contain_text(f"Deal {first_deal}")
    assert_accessible(page)
    screenshot(page, "game-summary-phone-390x844")
