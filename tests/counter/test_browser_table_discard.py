"""The discard analyser at a table of three or four in a real Chromium, on a phone."""

import pytest
from playwright.sync_api import Page, expect

from cribbage.cards import parse_cards
from cribbage.discard import Role, discard_options
from tests.browser import PHONE, assert_accessible, screenshot
from tests.counter.test_browser import TARGETS, small_targets

pytestmark = pytest.mark.browser

FIVE = "5H 5D JS 4C KD"
FOUR = "/discard/?players=4&cards=5H,5D,JS,4C,KD&seat=dealer"


def best_said(seat: Role, name: str) -> str:
    best = discard_options(parse_cards(FIVE), seat, players=4)[0]
    keep = " ".join(card.short_label for card in best.keep)
    throw = best.throw[0].short_label
    return f"Best as the {name}: keep {keep} and throw {throw}, {best.net_ev:.2f} points net."


def test_five_taps_at_four_analyse_the_deal_for_each_seat(phone: Page):
    page = phone
    page.goto("/discard/")
    page.get_by_role("link", name="4 players").click()
    expect(page).to_have_url("/discard/?players=4")
    expect(page.locator("#discard-message")).to_have_text("Pick the 5 cards you were dealt.")
    for code in FIVE.split():
        page.locator(f"#pick-{code}").click()
    expect(page.locator("#discard-message")).to_have_text(best_said(Role.DEALER, "dealer"))
    expect(page).to_have_url(FOUR)
    expect(page.locator(".choices tbody tr")).to_have_count(5)
    expect(page.locator("#spread-heading")).to_contain_text("what the hand can score")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, "discard-four-phone-390x844", full_page=False)
    assert_accessible(page)

    page.locator("label[for=seat-partner]").click()
    expect(page).to_have_url(FOUR.replace("dealer", "partner"))
    expect(page.locator("#discard-message")).to_have_text(
        best_said(Role.PARTNER, "dealer's partner")
    )
    page.locator("label[for=seat-opponent]").click()
    expect(page).to_have_url(FOUR.replace("dealer", "opponent"))
    expect(page.locator("#discard-message")).to_have_text(best_said(Role.OPPONENT, "opponent"))
    expect(page.locator(".choices tbody tr").first).to_contain_text("−")

    # Another keep: its row is marked and its spread shown.
    page.locator("#keep-KD").click()
    expect(page).to_have_url(FOUR.replace("dealer", "opponent") + "&throw=KD")
    expect(page.locator("#keep-KD")).to_have_attribute("aria-current", "true")
    expect(page.locator(".spread-rank")).to_contain_text("of 5")
    assert_accessible(page)


def test_at_three_there_is_no_partner_and_a_typed_sixth_card_is_named(phone: Page):
    page = phone
    page.goto("/discard/?players=3")
    expect(page.locator("#seat-switch input")).to_have_count(2)
    page.locator("summary.typed-summary").click()
    page.locator("#typed-cards").fill("5h 5d js 4c kd 2s")
    page.get_by_role("button", name="Analyse these").click()
    expect(page.locator("#discard-message")).to_contain_text("has 5 cards and this one has 6")
    page.locator("#typed-cards").fill("5h 5d js 4c kd")
    page.get_by_role("button", name="Analyse these").click()
    expect(page.locator(".choices tbody tr")).to_have_count(5)
    expect(page).to_have_url("/discard/?players=3&cards=5H,5D,JS,4C,KD&seat=dealer")


def test_without_javascript_five_taps_and_a_seat_change_analyse_at_three(
    page_without_javascript: Page,
):
    page = page_without_javascript
    page.goto("/discard/?players=3")
    for code in FIVE.split():
        page.locator(f"#pick-{code}").click()
        page.wait_for_load_state()
    expect(page).to_have_url("/discard/?players=3&cards=5H,5D,JS,4C,KD&seat=dealer")
    expect(page.locator(".choices tbody tr")).to_have_count(5)
    page.locator("#seat-opponent").check()
    page.get_by_role("button", name="Analyse", exact=True).click()
    expect(page).to_have_url("/discard/?players=3&cards=5H,5D,JS,4C,KD&seat=opponent")
    expect(page.locator("#discard-message")).to_contain_text("Best as the opponent")


@pytest.mark.parametrize("width", [320, 390])
def test_narrow_phones_have_no_sideways_scroll_and_big_enough_targets(watched: Page, width):
    watched.set_viewport_size({"width": width, "height": 740})
    watched.goto(f"{FOUR.replace('dealer', 'partner')}&throw=KD")
    assert watched.evaluate("document.documentElement.scrollWidth") <= width
    targets = TARGETS + ", .choice-link, .player-count a"
    assert small_targets(watched, targets, 44, 44) == []
    assert_accessible(watched)
