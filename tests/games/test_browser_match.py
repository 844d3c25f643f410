"""A match of three in Chromium on a phone: chosen on the new-game form, its score in the
title, the table and the board's match holes, Next game tapped at the ending (no script
needed), the next game dealt by the loser and played by taps with every count's buttons
in the first screen, and axe on each phase."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser import PHONE, assert_accessible, screenshot
from tests.factories import played
from tests.games.test_browser import Player, current_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_match_of_three_on_a_phone(phone: Page):
    page = phone
    page.set_default_timeout(10_000)
    page.goto("/play/")
    page.get_by_role("radio", name=re.compile("^Easy:")).check()
    page.get_by_label(re.compile("I count my own scores")).check()
    page.get_by_label(re.compile("A match of 3")).check()
    page.get_by_role("button", name="Deal a new game").click()
    expect(page).to_have_url(re.compile(r"/play/\d+/$"))
    expect(page).to_have_title(re.compile(r"^Game 1 of 3 · you 0, the computer 0 · You 0"))
    expect(page.locator(".match-line")).to_contain_text("Game 1 of 3 · you 0, the computer 0")
    board = page.get_by_role("img", name=re.compile("^The board"))
    expect(board).to_have_accessible_name(re.compile("games won: you 0, the computer 0, of 2"))
    assert_accessible(page)

    first = played(current_game(page))
    loser = first.engine.result.loser
    page.reload()
    expect(page.locator("#match-over-heading")).to_contain_text("The match: you")
    assert_accessible(page)
    screenshot(page, "match-next-game-phone-390x844", full_page=False)
    next_game = page.get_by_role("button", name="Next game")
    page.evaluate("window.scrollTo(0, 0)")
    box = next_game.bounding_box()  # on the first screen, as Next deal is
    assert box and box["y"] + box["height"] <= PHONE["height"], box
    print(f"\nmatch ending, phone: Next game ends at y = {box['y'] + box['height']:.0f}")
    next_game.click()
    expect(page).to_have_title(re.compile(r"^Game 2 of 3 · you [01], the computer [01] · "))
    game = current_game(page)
    assert game.match_number == 2 and game.engine.deal.dealer == loser
    expect(page.locator(".cut")).to_contain_text("first in this one, as the rules say")
    expect(page.locator(".match-peg")).to_have_count(1)  # the first game's winner's peg

    player = Player(page, PHONE, name="match-390x844")
    ended = player.play()
    assert {"discard", "play", "count", "over"} <= player.seen
    match = ended.match
    match.refresh_from_db()
    expect(page.locator("#match-over-heading")).to_be_visible()
    if match.is_over:
        expect(page.locator("#match-over-heading")).to_contain_text("won the match 2–0")
        expect(page.get_by_role("button", name="Play another match of 3")).to_be_visible()
    else:
        expect(page.get_by_role("button", name="Next game")).to_be_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width
