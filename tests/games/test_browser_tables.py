"""Games of three and four in Chromium on a phone: chosen on the new-game form, played by
taps deal by deal (each claim right), every phase checked by axe the first time it shows,
no page wider than the phone; the taps a deal are printed and held to a bound."""

import re
from statistics import mean

import pytest
from playwright.sync_api import Page, expect

from games.models import HUMAN, Game
from tests.browser import PHONE, assert_accessible, screenshot
from tests.games.test_browser import lay_first_card

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def settle(page: Page) -> None:
    page.wait_for_function(
        "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
    )


def current_game(page: Page) -> Game:
    found = re.search(r"/play/(\d+)/", page.url)
    assert found, page.url
    return Game.objects.get(pk=int(found.group(1)))


DEALS = 6
"""Deals played by taps, unless the game ends first: enough for a mean a deal."""


@pytest.mark.parametrize("players", [3, 4])
def test_deals_of_three_and_four_by_taps_on_a_phone(phone: Page, seeded, players):
    page = phone
    page.set_default_timeout(10_000)
    page.goto("/play/")
    page.get_by_role("radio", name=re.compile("^Easy:")).check()
    page.get_by_label(re.compile("I count my own scores")).check()
    page.get_by_label(re.compile("Three: you against" if players == 3 else "Four: you and")).check()
    page.get_by_role("button", name="Deal a new game").click()
    expect(page).to_have_url(re.compile(r"/play/\d+/$"))
    seen: set[str] = set()
    taps, deals = 0, []

    def phase(name: str) -> None:
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], (name, width)
        if name not in seen:
            seen.add(name)
            assert_accessible(page)
            screenshot(page, f"game-{players}-{name}-phone", full_page=False)

    def tap(locator) -> None:
        nonlocal taps
        locator.click()
        taps += 1
        settle(page)

    for _ in range(200):
        if len(deals) == DEALS:
            break
        game = current_game(page)
        engine = game.engine
        if engine.is_over:
            break
        next_deal = page.get_by_role("button", name=re.compile("Next deal"))
        if next_deal.count():
            phase("summary")
            tap(next_deal)
            deals.append(taps)
            taps = 0
        elif engine.pending is not None:
            phase("count" if engine.pending.source.value != "play" else "play-claim")
            total = engine.pending.points
            buttons = page.locator(f'.claim-buttons button[name="total"][value="{total}"]')
            tap(buttons.first)
        elif engine.deal.play is None:
            phase("discard")
            tap(page.locator('button[name="throw"]').first)
        else:
            phase("play")
            assert engine.to_move == HUMAN
            lay_first_card(page, engine, tap)
    print(f"\n{players} players, by hand on a phone: {deals} taps a deal")
    assert len(deals) == DEALS or current_game(page).engine.is_over, (deals, seen)
    assert {"discard", "play", "count", "summary"} <= seen
    assert mean(deals) <= 11, deals
