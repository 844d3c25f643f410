"""The rules' deal of three in a real Chromium on a phone: nothing wider than the phone, no
accessibility violation, and its links open the round and the play it counts."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser import PHONE, assert_accessible, screenshot

pytestmark = pytest.mark.browser

WIDEST = """() => Math.max(...[...document.querySelectorAll(
    '#three-players table, #three-players figure')].map(e => e.getBoundingClientRect().right))"""


@pytest.mark.parametrize("width", [320, 390])
def test_the_deal_of_three_fits_a_phone(watched: Page, width):
    page = watched
    page.set_viewport_size({"width": width, "height": 740})
    page.goto("/rules/#three-players")
    expect(page.locator("#three-players .example-total")).to_have_text(
        ["= 7", "= 8", "= 5", "= 5 in the crib"]
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    right = page.evaluate(WIDEST)
    print(f"{width} px: the deal's widest table or figure ends at {right:.0f} px")
    assert right <= width
    if width == PHONE["width"]:
        page.locator("#three-deal").scroll_into_view_if_needed()
        screenshot(page, "rules-three-phone-390x844", full_page=False)


def test_the_deal_of_three_is_accessible_and_its_links_open_the_counters(phone: Page):
    page = phone
    page.goto("/rules/")
    assert_accessible(page)
    page.get_by_role("link", name="Count this round on the round counter").click()
    expect(page).to_have_title("7 8 5 5 · 3♦ · Round of 3 · Cribtrainer")
    page.go_back()
    page.get_by_role("link", name="Lay this play on the pegging counter").click()
    expect(page.locator(".pegs-points")).to_have_text(["0", "10", "7"])
