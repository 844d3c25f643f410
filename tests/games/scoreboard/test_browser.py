"""The scoreboard in Chromium on a 390 x 844 phone: the board, the box and the tap pad on
one screen at two, three and four, axe clean; a count pegged by number in three taps and a
hand checked from its cards in seven; a second phone following within two seconds; the
screen kept awake; and the whole game without JavaScript, by plain forms."""

import re
import time

import pytest
from playwright.sync_api import Page, expect

from games.models import Scoreboard
from tests.browser import PHONE, assert_accessible, assert_accessible_without_javascript, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
NAMES = ("Ann", "Bo", "Cy", "Di")
# The Wake Lock API as a page sees it, recording each request: headless Chromium has no
# screen to keep on, and refuses.
WAKE_LOCK = """
window.wakeLocks = 0;
Object.defineProperty(navigator, "wakeLock", {value: {request: (type) => {
  window.wakeLocks += 1;
  const sentinel = new EventTarget();
  sentinel.type = type;
  sentinel.release = () => {
    sentinel.dispatchEvent(new Event("release"));
    return Promise.resolve();
  };
  return Promise.resolve(sentinel);
}}});
"""


def settle(page: Page) -> None:
    page.wait_for_function(
        "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
    )


def start(page: Page, players: int = 2, **options) -> Scoreboard:
    page.goto("/scoreboard/")
    page.locator(f'input[name="players"][value="{players}"]').check()
    for n in range(players):
        page.locator(f'input[name="name_{n + 1}"]').fill(NAMES[n])
    if options.get("muggins"):
        page.get_by_label(re.compile("Muggins: points a player misses")).check()
    page.get_by_role("button", name="Start the board").click()
    expect(page).to_have_url(re.compile(r"/scoreboard/[\w-]+/$"))
    return Scoreboard.objects.get(token=page.url.rstrip("/").split("/")[-1])


def on_screen(page: Page, selector: str) -> None:
    """Every element ``selector`` finds lies inside the phone's first screen."""
    boxes = page.locator(selector).evaluate_all(
        "(elements) => elements.map(e => { const r = e.getBoundingClientRect();"
        " return [e.className || e.tagName, r.top, r.bottom, r.left, r.right]; })"
    )
    assert boxes, selector
    for name, top, bottom, left, right in boxes:
        assert top >= 0 and bottom <= PHONE["height"], (selector, name, top, bottom)
        assert left >= 0 and right <= PHONE["width"], (selector, name, left, right)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_board_the_box_and_the_tap_pad_on_one_phone_screen(watched: Page, players):
    page = watched
    page.set_viewport_size(PHONE)
    start(page, players)
    page.locator('label[for="pad-seat-1"]').click()
    page.locator('button[name="points"][value="5"]').click()
    settle(page)
    expect(page.locator(".sb-last-words")).to_contain_text("pegged 5 in the play")
    page.evaluate("window.scrollTo(0, 0)")
    for selector in (".board-svg", ".sb-box", ".pad-choice label", ".pad-fixed button",
                     ".pad-numbers button", ".pad-more .button", ".sb-undo-button"):  # fmt: skip
        on_screen(page, selector)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert_accessible(page)
    if players == 2:
        screenshot(page, "scoreboard-phone-390x844", full_page=False)


def test_a_count_pegged_by_number_in_three_taps(watched: Page):
    page = watched
    page.set_viewport_size(PHONE)
    board = start(page, 3)
    page.locator('button[name="fixed"][value="go"]').click()  # a go in the play: one tap
    settle(page)
    expect(page.locator(".sb-last-words")).to_contain_text("for the go")
    taps = [
        page.locator('label[for="pad-seat-2"]'),  # Cy
        page.locator('label[for="pad-what-hand"]'),
        page.locator('button[name="points"][value="12"]'),
    ]
    for tap in taps:
        tap.click()
    settle(page)
    expect(page.locator(".sb-last-words")).to_have_text("Last: Cy pegged 12 for the hand.")
    board.refresh_from_db()
    assert sorted(board.scores) == [0, 1, 12] and board.scores[2] == 12 and len(taps) == 3


def test_a_hand_checked_from_its_cards_in_seven_taps(watched: Page):
    page = watched
    page.set_viewport_size(PHONE)
    board = start(page, 2, muggins=True)
    taps = 0

    def tap(locator) -> None:
        nonlocal taps
        locator.click()
        taps += 1

    tap(page.get_by_role("link", name="Check a count"))
    expect(page.locator("#check-heading")).to_have_text("Check Bo's hand")
    expect(page).to_have_url(re.compile("/count/$"))
    assert_accessible(page)
    for code in ("5H", "5C", "5S", "JD", "5D"):
        tap(page.locator(f"#pick-{code}"))
    peg = page.get_by_role("button", name="Peg 29 for Bo's hand")
    expect(peg).to_be_visible()
    expect(page.locator("#check-breakdown-total")).to_contain_text("29")
    assert_accessible(page)
    screenshot(page, "scoreboard-check-phone", full_page=False)
    tap(peg)
    settle(page)
    expect(page.locator(".sb-last-words")).to_contain_text("Bo pegged 29 for the hand")
    expect(page).to_have_url(re.compile(r"/scoreboard/[\w-]+/$"))
    assert taps == 7
    board.refresh_from_db()
    assert board.scores == [0, 29]
    # The dealer's hand: the starter is kept, four taps and the peg; said short, muggins.
    page.get_by_role("link", name="Check a count").click()
    expect(page.locator("#check-heading")).to_have_text("Check Ann's hand")
    expect(page.locator(".slot--starter .card")).to_have_attribute("aria-label", "five of diamonds")
    page.get_by_label("Said").select_option("2")
    settle(page)
    for code in ("2H", "3C", "4S", "9D"):
        page.locator(f"#pick-{code}").click()
    expect(page.locator(".sb-said")).to_have_text("Said 2; the cards score 6: 4 missed.")
    page.get_by_role("button", name="Muggins: peg 2, Bo takes 4").click()
    settle(page)
    board.refresh_from_db()
    assert board.scores == [2, 33]


def test_a_second_phone_follows_the_game_within_two_seconds(watched: Page, browser, live_server):
    page = watched
    page.set_viewport_size(PHONE)
    board = start(page, 2)
    other = browser.new_context(base_url=live_server.url, viewport=PHONE).new_page()
    other.goto("/scoreboard/")
    other.get_by_label("The game's code, as the other phone shows it").fill(board.code.lower())
    other.get_by_role("button", name="Follow").click()
    expect(other).to_have_url(re.compile(f"/scoreboard/{board.token}/$"))
    page.locator('label[for="pad-seat-1"]').click()
    page.locator('button[name="points"][value="2"]').click()
    settle(page)
    sent = time.monotonic()
    expect(other.locator(".sb-last-words")).to_have_text(
        "Last: Bo pegged 2 in the play.", timeout=2000
    )
    assert time.monotonic() - sent < 2
    # The second phone scores too, and the first sees it; its undo is refused on the first.
    other.locator('label[for="pad-seat-0"]').click()
    other.locator('button[name="fixed"][value="go"]').click()
    expect(page.locator(".sb-last-words")).to_have_text(
        "Last: Ann pegged 1 for the go.", timeout=2000
    )
    expect(other.locator(".sb-side--2 .sb-score")).to_have_text("2")
    other.context.close()


def test_the_screen_is_kept_awake_while_the_game_is_on(watched: Page):
    page = watched
    page.add_init_script(WAKE_LOCK)
    page.set_viewport_size(PHONE)
    start(page, 2)
    expect(page.locator("[data-wake-lock-status]")).to_be_visible()
    assert page.evaluate("window.wakeLocks") == 1
    page.locator('button[name="points"][value="3"]').click()  # drawn again: still the one lock
    settle(page)
    assert page.evaluate("window.wakeLocks") == 1


def test_a_whole_deal_without_javascript(page_without_javascript: Page, browser):
    page = page_without_javascript
    page.set_viewport_size(PHONE)
    board = start(page, 2)
    assert_accessible_without_javascript(page, browser)
    page.locator('label[for="pad-seat-1"]').click()
    page.locator('button[name="points"][value="2"]').click()
    expect(page.locator(".sb-last-words")).to_have_text("Last: Bo pegged 2 in the play.")
    page.locator('button[name="points"][value="20"]').click()
    expect(page.locator(".message--problem")).to_contain_text("20 in the play")
    page.get_by_role("link", name="Check a count").click()
    for code in ("2H", "3C", "4S", "9D", "5D"):
        page.locator(f"#pick-{code}").click()
    assert_accessible_without_javascript(page, browser)
    page.get_by_role("button", name="Peg 6 for Bo's hand").click()
    expect(page.locator(".sb-last-words")).to_contain_text("Bo pegged 6 for the hand")
    page.get_by_role("button", name="Undo the last entry").click()
    expect(page.locator(".sb-last-words")).to_have_text("Last: Bo pegged 2 in the play.")
    page.get_by_role("button", name=re.compile("^Next deal")).click()
    expect(page.locator(".sb-deal")).to_contain_text("Deal 2: Bo deals")
    board.refresh_from_db()
    assert (board.scores, board.version) == ([0, 2], 4)
