"""The hand counter and the rules page in a real Chromium, with and without JavaScript."""

import pytest
from playwright.sync_api import Page, expect

from cribbage.cards import parse_cards
from cribbage.discard import CribModel, Role, discard_options
from cribbage.show import score_show
from tests.browser import DESKTOP, PHONE, assert_accessible, screenshot
from tests.cribbage.reference import reference_total

pytestmark = pytest.mark.browser


def expected_total(text: str, crib: bool = False) -> str:
    cards = parse_cards(text)
    return str(score_show(cards[:4], cards[4], crib=crib).total)


def tap(page: Page, *codes: str) -> None:
    for code in codes:
        page.locator(f"#pick-{code}").click()


TWENTY_NINE = ("5H", "5C", "5S", "JD", "5D")
"""The 29 hand's cards in the order tapped, its starter last."""


COUNT_29 = "/?hand=5H,5C,5S,JD&starter=5D"
GUIDE_ROUND = "/round/?starter=KC&pone=6C,7D,7H,8S&dealer=AH,4S,6D,8C&crib=5H,TS,9C,KD"


def test_tapping_five_cards_counts_the_29_hand(phone: Page):
    page = phone
    page.goto("/")
    tap(page, *TWENTY_NINE)
    expect(page.locator(".total-points")).to_have_text("29")
    expect(page.locator(".score-name", has_text="double pair royal of fives")).to_be_visible()
    expect(page.locator(".score-name", has_text="his nobs")).to_be_visible()
    expect(page.locator(".score--fifteen")).to_have_count(8)
    expect(page.locator(".announce")).to_contain_text("and one for his nobs makes twenty-nine")
    expect(page).to_have_url(COUNT_29)
    expect(page.locator(".slot-card")).to_have_count(5)
    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, "counter-phone-390x844", full_page=False)
    screenshot(page, "counter-phone-390x844-full")


def box(page: Page, selector: str) -> list[dict]:
    """The bounding box of every element matching ``selector``, with a name for messages."""
    return page.locator(selector).evaluate_all(
        """(elements) => elements.map(e => {
            const r = e.getBoundingClientRect();
            return {name: e.id || e.value || e.textContent.trim(), top: r.top, left: r.left,
                    bottom: r.bottom, right: r.right, width: r.width, height: r.height};
        })"""
    )


def outside(page: Page, boxes: list[dict]) -> list[str]:
    size = page.viewport_size
    return [
        b["name"]
        for b in boxes
        if b["top"] < 0
        or b["left"] < 0
        or b["bottom"] > size["height"]
        or b["right"] > size["width"]
    ]


@pytest.mark.parametrize(
    "viewport", [PHONE, {"width": 844, "height": 390}], ids=["portrait", "landscape"]
)
def test_on_a_phone_the_slots_the_switch_and_all_52_cards_fit_one_screen(
    at_viewport: Page, viewport
):
    page = at_viewport
    page.goto("/")
    picks = box(page, ".pick")
    assert len(picks) == 52
    assert outside(page, picks) == []
    slots = box(page, ".slot-row .slot > *")
    assert len(slots) == 5
    assert outside(page, slots) == []
    assert outside(page, box(page, ".switch label")) == []
    # WCAG 2.2 target size: 44 x 44 where the layout allows, never under 24 x 24.
    assert [p["name"] for p in picks if p["width"] < 24 or p["height"] < 44] == []
    assert [s["name"] for s in slots if s["width"] < 44 or s["height"] < 44] == []
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    screenshot(page, f"counter-empty-phone-{viewport['width']}x{viewport['height']}", False)


def test_after_the_fifth_card_the_total_is_in_view_and_the_breakdown_follows(phone: Page):
    page = phone
    page.goto("/")
    for code in ["3H", "4C", "4S", "5D", "KH"]:
        tap(page, code)
    expect(page.locator(".total-points")).to_have_text(expected_total("3H 4C 4S 5D KH"))
    expect(page.locator("#breakdown-total")).to_be_in_viewport(ratio=1)
    expect(page.get_by_role("button", name="Next hand, same starter")).to_be_in_viewport(ratio=1)
    total = box(page, "#breakdown-total")[0]
    first_item = box(page, ".score")[0]
    assert 0 <= first_item["top"] - total["bottom"] < 40
    assert page.evaluate("scrollY") == 0


# Counts the taps (trusted pointer presses) and the furthest scroll from here on.
TAPS_AND_SCROLL = """() => {
    window.taps = 0;
    window.scrolled = 0;
    if (window.watchingTaps) return;
    window.watchingTaps = true;
    addEventListener("pointerdown", (e) => { if (e.isTrusted) window.taps++; }, true);
    addEventListener("scroll", () => { window.scrolled = Math.max(window.scrolled, scrollY); });
}"""


def tap_where_it_is(page: Page, locator) -> None:
    """Tap the element where it is on the screen, as a finger does: no scrolling to it."""
    expect(locator).to_be_in_viewport(ratio=1)
    found = locator.bounding_box()
    page.mouse.click(found["x"] + found["width"] / 2, found["y"] + found["height"] / 2)


def tap_cards(page: Page, codes) -> None:
    """Tap cards one after another where they are; the deck must not move while they go in."""
    deck = page.locator("#pick-AS").bounding_box()
    slots = page.locator(".slot-card").count()
    for n, code in enumerate(codes, start=1):
        tap_where_it_is(page, page.locator(f"#pick-{code}"))
        expect(page.locator(".slot-card")).to_have_count(slots + n)
        if page.locator(".total-points").count() == 0:
            assert page.locator("#pick-AS").bounding_box() == deck, code


def test_counting_a_hand_from_an_empty_page_takes_five_taps_and_no_scroll(phone: Page):
    page = phone
    page.goto("/")
    page.evaluate(TAPS_AND_SCROLL)
    tap_cards(page, TWENTY_NINE)
    expect(page.locator(".total-points")).to_have_text("29")
    expect(page.locator("#breakdown-total")).to_be_in_viewport(ratio=1)
    assert page.evaluate("[window.taps, window.scrolled, scrollY]") == [5, 0, 0]

    # The next hand with the same starter: five taps again, the starter kept.
    tap_where_it_is(page, page.get_by_role("button", name="Next hand, same starter"))
    expect(page.locator(".total-points")).to_have_count(0)
    tap_cards(page, ["2H", "3H", "4H", "6H"])
    expect(page.locator(".total-points")).to_have_text(expected_total("2H 3H 4H 6H 5D"))
    assert page.evaluate("[window.taps, window.scrolled]") == [10, 0]

    # Starter first: one tap on the Starter slot, then the five cards.
    page.get_by_role("button", name="Clear").click()
    expect(page.locator(".slot-card")).to_have_count(0)
    page.evaluate(TAPS_AND_SCROLL)
    tap_where_it_is(page, page.locator(".slot-choose[value=starter]"))
    expect(page.locator(".slot-choose[value=starter]")).to_have_attribute("aria-pressed", "true")
    tap_cards(page, ["JH", "4H", "6H", "9H", "2C"])
    expect(page.locator(".total-points")).to_have_text(expected_total("4H 6H 9H 2C JH"))
    expect(page).to_have_url("/?hand=4H,6H,9H,2C&starter=JH")
    assert page.evaluate("[window.taps, window.scrolled]") == [6, 0]


def slot_codes(page: Page) -> list[str]:
    return page.locator(".slot-card").evaluate_all("(buttons) => buttons.map(b => b.value)")


def test_tapping_a_picked_card_takes_it_out_and_clear_empties_the_hand(watched: Page):
    page = watched
    page.goto("/?hand=5H,5C,5S,JD&starter=5D")
    expect(page.locator(".total-points")).to_have_text("29")
    tap(page, "5C")
    expect(page.locator(".total-points")).to_have_count(0)
    expect(page.locator("#pick-5C")).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#count-message")).to_have_text("Pick 1 more card for the hand.")
    tap(page, "5D")
    expect(page.locator(".slot-card")).to_have_count(3)
    assert slot_codes(page) == ["5H", "5S", "JD"]
    page.locator(".slot-card[value='JD']").click()
    expect(page.locator(".slot-card")).to_have_count(2)
    # Cards picked on the way to a count leave the address (and the history) alone.
    expect(page).to_have_url("/?hand=5H,5C,5S,JD&starter=5D")
    page.get_by_role("button", name="Clear").click()
    expect(page.locator(".slot-card")).to_have_count(0)
    expect(page.locator("#cards")).to_have_value("")


def test_quick_taps_all_land(watched: Page):
    page = watched
    page.goto("/")
    for code in ["7H", "8C", "9S", "TD", "JH"]:
        tap(page, code)  # no waiting between taps: each request carries the whole deal
    expect(page.locator(".total-points")).to_have_text(expected_total("7H 8C 9S TD JH"))
    expect(page).to_have_url("/?hand=7H,8C,9S,TD&starter=JH")


def test_typing_a_hand_shows_its_breakdown(watched: Page):
    page = watched
    page.goto("/")
    page.locator("#cards").fill("3h 4c 4s 5d kh")
    expect(page.locator(".total-points")).to_have_text(expected_total("3H 4C 4S 5D KH"))
    expect(page.locator(".score-name", has_text="double run of three")).to_be_visible()
    expect(page.locator(".score-parts")).to_have_text("two runs of three 6 + a pair of fours 2")
    expect(page).to_have_url("/?hand=3H,4C,4S,5D&starter=KH")
    expect(page.locator("#cards")).to_have_value("3h 4c 4s 5d kh")


def test_typing_a_bad_card_names_it_and_keeps_the_input(watched: Page):
    page = watched
    page.goto("/")
    page.locator("#cards").fill("5h 5c 5x jd 5d")
    expect(page.locator("#count-message")).to_contain_text("'5x' is not a card")
    expect(page.locator(".total-points")).to_have_count(0)
    expect(page.locator("#cards")).to_have_value("5h 5c 5x jd 5d")


def test_switching_to_crib_drops_a_four_card_flush(watched: Page):
    page = watched
    page.goto("/?hand=2H,6H,9H,QH&starter=3C")
    expect(page.locator(".total-points")).to_have_text("8")
    expect(page.locator(".score--flush")).to_contain_text("flush of four")
    page.locator("label[for=crib-yes]").click()
    expect(page.locator(".total-points")).to_have_text("4")
    expect(page.locator(".total-what")).to_have_text("in the crib")
    expect(page.locator(".score--flush")).to_have_count(0)
    expect(page.locator(".note")).to_contain_text("Four crib cards of one suit score nothing")
    expect(page).to_have_url("/?hand=2H,6H,9H,QH&starter=3C&crib=1")


def test_each_count_goes_into_the_history(watched: Page):
    page = watched
    page.goto("/?hand=5H,5C,5S,JD&starter=5D")
    page.locator("#cards").fill("2h 6h 9h qh 3c")
    expect(page.locator(".total-points")).to_have_text("8")
    page.go_back()
    expect(page).to_have_url("/?hand=5H,5C,5S,JD&starter=5D")
    expect(page.locator(".total-points")).to_have_text("29")
    expect(page.locator("#pick-5D")).to_have_attribute("aria-pressed", "true")


def test_back_and_forward_move_between_counts_never_to_a_half_entered_deal(phone: Page):
    """No console error either: the watched page fails on any, and a CSP violation is one."""
    page = phone
    page.goto("/")
    tap(page, *TWENTY_NINE)
    expect(page.locator(".total-points")).to_have_text("29")
    page.get_by_role("button", name="Next hand, same starter").click()
    for code in ["2H", "3H", "4H", "6H"]:
        tap(page, code)
    expect(page.locator(".total-points")).to_have_text("13")
    second = "/?hand=2H,3H,4H,6H&starter=5D"
    expect(page).to_have_url(second)
    tap(page, "6H")  # a card out: half entered, and nothing in the history for it
    expect(page.locator(".slot-card")).to_have_count(4)

    page.go_back()
    expect(page).to_have_url(COUNT_29)
    expect(page.locator(".total-points")).to_have_text("29")
    expect(page.locator(".slot-card")).to_have_count(5)
    page.go_back()
    expect(page).to_have_url("/")
    expect(page.locator(".slot-card")).to_have_count(0)
    expect(page.locator("#cards")).to_have_value("")
    page.go_forward()
    expect(page).to_have_url(COUNT_29)
    expect(page.locator(".total-points")).to_have_text("29")
    page.go_forward()
    expect(page).to_have_url(second)
    expect(page.locator(".total-points")).to_have_text("13")
    expect(page.locator(".slot-card")).to_have_count(5)


def test_a_count_takes_the_place_of_the_half_entered_page_it_began_on(watched: Page):
    page = watched
    page.goto(COUNT_29)
    page.get_by_role("link", name="Count the round with this starter").click()
    expect(page).to_have_url("/round/?starter=5D")
    for code in "5H 5C 5S JD 2H 3H 4H 6H 7C 8C 9C TC".split():
        tap(page, code)
    expect(page.locator(".place-points")).to_have_count(3)
    expect(page).to_have_url(
        "/round/?starter=5D&pone=5H,5C,5S,JD&dealer=2H,3H,4H,6H&crib=7C,8C,9C,TC"
    )
    page.locator("button[name=clear]").click()
    for code in "KC 6C 7D 7H 8S AH 4S 6D 8C 5H TS 9C KD".split():
        tap(page, code)
    expect(page).to_have_url(GUIDE_ROUND)
    page.go_back()
    expect(page.locator(".place-points")).to_have_text(["29", "13", "8"])
    page.go_back()
    expect(page).to_have_url(COUNT_29)
    expect(page.locator(".total-points")).to_have_text("29")
    page.go_forward()
    expect(page.locator(".place-points")).to_have_text(["29", "13", "8"])
    page.go_forward()
    expect(page.locator(".place-points")).to_have_text(["12", "4", "8"])


def test_the_copied_link_reproduces_the_count(watched: Page, context, live_server):
    page = watched
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    page.goto("/")
    page.locator("#cards").fill("2h 6h 9h qh 8h")
    page.locator("label[for=crib-yes]").click()
    expect(page.locator(".total-what")).to_have_text("in the crib")
    page.get_by_role("button", name="Copy link").click()
    expect(page.get_by_role("button", name="Copied")).to_be_visible()
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == f"{live_server.url}/?hand=2H,6H,9H,QH&starter=8H&crib=1"
    other = context.new_page()
    other.goto(copied)
    expect(other.locator(".total-points")).to_have_text(expected_total("2H 6H 9H QH 8H", True))
    expect(other.locator(".total-what")).to_have_text("in the crib")
    expect(other.locator("#crib-yes")).to_be_checked()


def tab_to(page: Page, element_id: str, limit: int = 24) -> None:
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == element_id:
            return
    pytest.fail(f"Tab never reached #{element_id}")


def test_space_on_a_card_counts_even_if_the_last_count_arrives_before_the_key_is_up(
    watched: Page,
):
    page = watched
    page.set_viewport_size(DESKTOP)
    page.goto("/")
    counts = "**/?*hand=*"
    page.route(counts, lambda route: None)  # the counts are held until unrouted
    page.locator("#pick-AS").focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    expect(page.locator("#pick-2S")).to_be_focused()
    page.keyboard.down(" ")
    page.unroute(counts)  # the ace's count arrives, and its picker replaces the buttons
    page.wait_for_load_state("networkidle")
    expect(page.locator("#pick-2S")).to_be_focused()
    page.keyboard.up(" ")
    expect(page.locator("#pick-2S")).to_have_attribute("aria-pressed", "true")
    page.wait_for_load_state("networkidle")
    expect(page.locator("input[name=hand]")).to_have_value("AS,2S")


def test_keyboard_alone(watched: Page):
    page = watched
    page.set_viewport_size(DESKTOP)
    page.goto("/")
    tab_to(page, "pick-AS")
    for code in ["AS", "2S", "3S", "4S", "5S"]:
        expect(page.locator(f"#pick-{code}")).to_be_focused()
        page.keyboard.press("Enter" if code in "AS 3S 5S" else "Space")
        expect(page.locator(f"#pick-{code}")).to_have_attribute("aria-pressed", "true")
        page.keyboard.press("Tab")
    expect(page.locator(".total-points")).to_have_text(expected_total("AS 2S 3S 4S 5S"))
    expect(page).to_have_url("/?hand=AS,2S,3S,4S&starter=5S")

    page.goto("/")
    tab_to(page, "cards")
    page.keyboard.type("4h 5s 6d jc 5c")
    page.keyboard.press("Enter")
    expect(page.locator(".total-points")).to_have_text(expected_total("4H 5S 6D JC 5C"))
    tab_to(page, "crib-no", limit=2)  # past the Count button to the checked radio
    page.keyboard.press("ArrowRight")
    expect(page.locator(".total-what")).to_have_text("in the crib")
    expect(page.locator(".total-points")).to_have_text(expected_total("4H 5S 6D JC 5C", True))


def test_without_javascript_the_form_still_counts(page_without_javascript: Page):
    page = page_without_javascript
    page.goto("/")
    for code in ["5H", "5C", "5S", "JD", "5D"]:
        tap(page, code)
        page.wait_for_load_state()
    expect(page).to_have_url("/?hand=5H,5C,5S,JD&starter=5D")
    expect(page.locator(".total-points")).to_have_text("29")
    page.locator("#cards").fill("2h 6h 9h qh 3c")
    page.locator("#crib-yes").check()
    page.get_by_role("button", name="Count", exact=True).click()
    expect(page).to_have_url("/?hand=2H,6H,9H,QH&starter=3C&crib=1")
    expect(page.locator(".total-points")).to_have_text("4")
    page.locator("#cards").fill("2h 6h 9h qh")
    page.get_by_role("button", name="Count", exact=True).click()
    expect(page.locator("#count-message")).to_contain_text("4 cards: add the starter")
    expect(page.locator("#cards")).to_have_value("2h 6h 9h qh")


def test_without_javascript_the_starter_comes_first_and_a_round_is_tapped_in(
    page_without_javascript: Page,
):
    page = page_without_javascript
    page.goto("/")
    page.locator(".slot-choose[value=starter]").click()
    expect(page).to_have_url("/?fill=starter")
    for code in ["5D", "5H", "5C", "5S", "JD"]:
        tap(page, code)
        page.wait_for_load_state()
    expect(page).to_have_url(COUNT_29)
    expect(page.locator(".total-points")).to_have_text("29")
    page.get_by_role("button", name="Next hand, same starter").click()
    expect(page).to_have_url("/?starter=5D")
    expect(page.locator("#cards")).to_have_value("+ 5D")

    page.goto("/round/")
    for code in "KC 6C 7D 7H 8S AH 4S 6D 8C 5H TS 9C KD".split():
        tap(page, code)
        page.wait_for_load_state()
    expect(page).to_have_url(GUIDE_ROUND)
    expect(page.locator(".place-points")).to_have_text(["12", "4", "8"])
    page.locator(".typed-summary").click()
    page.get_by_role("textbox", name="Crib").fill("5h 10s 9c qd")
    page.get_by_role("button", name="Count", exact=True).click()
    expect(page.locator(".place-points")).to_have_text(["12", "4", "6"])


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/?hand=5H,5C,5S,JD&starter=5D",
        "/?hand=2H,6H,9H,QH&starter=JC&crib=1",
        "/?starter=5D",
        "/rules/",
        "/round/",
        "/round/?starter=JD&pone=5H,5C,5S,JC&dealer=2H,3H",
        "/round/?starter=KC&pone=6C,7D,7H,8S&dealer=AH,4S,6D,8C&crib=5H,TS,9C,KD",
    ],
)
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_no_accessibility_violations(watched: Page, path, viewport):
    watched.set_viewport_size(viewport)
    watched.goto(path)
    assert_accessible(watched)


def small_targets(page: Page, selector: str, width: int, height: int) -> list[str]:
    """The targets matching ``selector`` narrower or lower than width x height CSS px."""
    return page.evaluate(
        """([selector, width, height]) => [...document.querySelectorAll(selector)]
            .filter(e => e.offsetParent !== null)
            .map(e => [e.id || e.value || e.textContent.trim(), e.getBoundingClientRect()])
            .filter(([, r]) => r.width < width || r.height < height)
            .map(([name, r]) => `${name}: ${Math.round(r.width)}x${Math.round(r.height)}`)""",
        [selector, width, height],
    )


TARGETS = (
    "#main button:not([hidden]):not(.pick), #main input[type=text], .switch label, .score-name,"
    " .share-link, .site-header a, .site-header summary"
)


@pytest.mark.parametrize("width", [320, 360, 390])
def test_phone_widths_have_no_sideways_scroll_and_big_enough_tap_targets(watched: Page, width):
    page = watched
    page.set_viewport_size({"width": width, "height": 740})
    page.goto("/?hand=3H,4C,4S,5D&starter=KH")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert small_targets(page, TARGETS, 44, 44) == []
    # The 52 cards are 44 px tall; 13 to a row they are narrower, never under 24 px.
    assert small_targets(page, ".pick", 24, 44) == []


def test_desktop_screenshot(watched: Page):
    page = watched
    page.set_viewport_size(DESKTOP)
    page.goto("/?hand=3H,4C,4S,5D&starter=5H")
    expect(page.locator(".total-points")).to_be_visible()
    screenshot(page, "counter-desktop-1280x800", full_page=False)
    page.goto("/")
    screenshot(page, "counter-empty-desktop-1280x800", full_page=False)


def test_rules_page_draws_its_examples(phone: Page):
    page = phone
    page.goto("/rules/")
    expect(page.locator("#twenty-nine .example-total")).to_have_text("= 29")
    expect(page.locator("#crib-flush .example-total").first).to_contain_text("= 4")
    screenshot(page, "rules-phone-390x844", full_page=False)


# --- the round ------------------------------------------------------------------------

GUIDE_ROUND = "/round/?starter=KC&pone=6C,7D,7H,8S&dealer=AH,4S,6D,8C&crib=5H,TS,9C,KD"


def test_a_whole_round_is_tapped_in_on_a_phone_without_scrolling(phone: Page):
    page = phone
    page.goto("/round/")
    page.evaluate(TAPS_AND_SCROLL)
    tap_cards(page, "KC 6C 7D 7H 8S AH 4S 6D 8C 5H TS 9C KD".split())
    assert page.evaluate("[window.taps, window.scrolled]") == [13, 0]
    expect(page.locator(".place-points")).to_have_text(["12", "4", "8"])
    expect(page.locator("#round-message")).to_have_text(
        "Pone pegs 12; the dealer pegs 12, hand and crib."
    )
    expect(page).to_have_url(GUIDE_ROUND)
    assert page.evaluate("scrollY") == 0
    for place in ["pone", "dealer", "crib"]:
        expect(page.locator(f".place-total[href='#show-{place}']")).to_be_in_viewport(ratio=1)
    expect(page.locator(".show .total-points")).to_have_text(["12", "4", "8"])
    expect(page.locator(".pegs dd")).to_have_text(["12 the hand", "12 hand 4 + crib 8"])
    screenshot(page, "round-phone-390x844", full_page=False)
    screenshot(page, "round-phone-390x844-full")
    assert_accessible(page)
    page.get_by_role("link", name="This count on its own").nth(2).click()
    expect(page).to_have_url("/?hand=5H,TS,9C,KD&starter=KC&crib=1")
    expect(page.locator(".total-points")).to_have_text("8")


def test_the_starter_of_a_round_can_come_last(watched: Page):
    page = watched
    page.goto("/round/")
    page.locator(".slot-choose[value=pone]").click()
    expect(page.locator(".slot-choose[value=pone]")).to_have_attribute("aria-pressed", "true")
    for code in ["6C", "7D", "7H", "8S"]:
        tap(page, code)
    expect(page.locator(".place--filling .place-name")).to_have_text("Dealer")
    page.locator(".slot-choose[value=starter]").click()
    tap(page, "KC")
    expect(page.locator(".place-points")).to_have_text(["12"])
    expect(page.locator("#round-message")).to_have_text("Pick 4 cards for the dealer's hand.")


def test_a_jack_turned_says_heels_once(watched: Page):
    page = watched
    page.goto("/round/?starter=JD&pone=5H,5C,5S,JC&dealer=2H,3H,4H,6H&crib=7C,8C,9C,TC")
    expect(page.locator("text=that is heels")).to_have_count(0)
    expect(page.locator(".note--heels")).to_have_count(1)
    expect(page.locator(".note", has_text="heels")).to_have_count(1)
    expect(page.locator("#round-message")).to_contain_text("Heels: 2 more to the dealer")


def test_typing_a_round_is_forgiving(watched: Page):
    page = watched
    page.goto("/round/?starter=KC")
    page.locator(".typed-summary").click()
    page.get_by_role("textbox", name="Pone").fill("6c7d7h8s")
    page.get_by_role("textbox", name="Dealer").fill("1h, 4s 6d 8c")
    page.get_by_role("textbox", name="Crib").fill("5♥ 10s 9C kd")
    page.get_by_role("button", name="Count", exact=True).click()
    expect(page.locator(".place-points")).to_have_text(["12", "4", "8"])
    expect(page).to_have_url(GUIDE_ROUND)
    page.get_by_role("textbox", name="Crib").fill("5h 10s 9x kd")
    page.get_by_role("button", name="Count", exact=True).click()
    expect(page.locator("#round-message")).to_contain_text("'9x' is not a card")


# --- the pegging counter ----------------------------------------------------------------

SEED_TWO = "TC,5D,7S,6H,go,2C,go,6D,4H,4S"


def play_in(page: Page, said: str) -> None:
    """Tap each card, or Go, where it is on the screen."""
    for token in said.split(","):
        laid = page.locator(".play-table tbody tr").count()
        button = page.locator(".play-actions button[name=go]") if token == "go" else None
        tap_where_it_is(page, button or page.locator(f"#pick-{token}"))
        expect(page.locator(".play-table tbody tr")).to_have_count(laid + 1)


def test_a_play_is_tapped_in_on_a_phone_card_by_card_with_go(phone: Page):
    page = phone
    page.goto("/pegging/")
    play_in(page, SEED_TWO)
    expect(page).to_have_url(f"/pegging/?players=2&play={SEED_TWO}")
    expect(page.locator(".play-totals .pegs-points")).to_have_text(["3", "6"])
    expect(page.locator("#pegging-message")).to_contain_text("The play is over")
    expect(page.locator("#pick-AS")).to_be_disabled()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert_accessible(page)
    page.reload()
    expect(page.locator(".play-table tbody tr")).to_have_count(10)
    page.goto("/pegging/?players=2&play=6H,4C,5D")
    expect(page.locator(".play-count-value")).to_have_text("15")
    expect(page.locator("#pegging-message")).to_contain_text("15, fifteen 2, run of three 3")
    screenshot(page, "pegging-phone-390x844", full_page=False)


def test_quick_taps_in_the_play_all_land(watched: Page):
    page = watched
    page.goto("/pegging/?players=3")
    for code in "AS 2S 3S 4S AH 2H".split():
        page.locator(f"#pick-{code}").click()
    expect(page).to_have_url("/pegging/?players=3&play=AS,2S,3S,4S,AH,2H")
    expect(page.locator(".play-table tbody tr")).to_have_count(6)


def test_an_impossible_card_is_named_and_taking_back_goes_on(phone: Page):
    page = phone
    page.goto("/pegging/")
    play_in(page, "KH,QH,5C")
    page.locator("#pick-9D").click()
    expect(page.locator("#pegging-message")).to_have_text(
        "9♦ (card 4) would make the count 34: player 2 must play a card that fits or say go"
    )
    expect(page.locator(".play-table tbody tr")).to_have_count(3)
    assert_accessible(page)
    page.get_by_role("button", name="Take back").click()
    expect(page.locator(".play-table tbody tr")).to_have_count(2)
    page.locator("#pick-QH").click()  # the last card laid, tapped again, is taken back
    expect(page.locator(".play-table tbody tr")).to_have_count(1)
    expect(page).to_have_url("/pegging/?players=2&play=KH")
    page.get_by_role("link", name="3 players").click()
    expect(page).to_have_url("/pegging/?players=3&play=KH")
    expect(page.locator(".play-totals dt")).to_have_count(3)


def test_typing_a_play_counts_it(watched: Page):
    page = watched
    page.goto("/pegging/?players=3")
    page.locator(".typed-summary").click()
    page.get_by_role("textbox", name="The play").fill("7h 7d 7s 5h 5d 8c 10c td go go 3c ts 4c 9c")
    page.get_by_role("button", name="Count", exact=True).click()
    expect(page.locator(".play-totals .pegs-points")).to_have_text(["0", "10", "7"])


def test_without_javascript_the_pegging_counter_still_counts(page_without_javascript: Page):
    page = page_without_javascript
    page.goto("/pegging/")
    for token in SEED_TWO.split(","):
        if token == "go":
            page.locator(".play-actions button[name=go]").click()
        else:
            tap(page, token)
        page.wait_for_load_state()
    expect(page).to_have_url(f"/pegging/?players=2&play={SEED_TWO}")
    expect(page.locator(".play-totals .pegs-points")).to_have_text(["3", "6"])
    page.get_by_role("button", name="Take back").click()
    expect(page).to_have_url("/pegging/?players=2&play=TC,5D,7S,6H,go,2C,go,6D,4H")


# --- the discard analyser -------------------------------------------------------------

DISCARD = "/discard/?cards=5H,5C,6D,JS,QH,2C&role=dealer"
DISCARD_NET = discard_options(parse_cards("5H 5C 6D JS QH 2C"), Role.DEALER, CribModel.GOOD)
DISCARD_BEST = (
    f"Best as the dealer: keep 5♣ 5♥ J♠ Q♥ and throw 2♣ 6♦, {DISCARD_NET[0].net_ev:.2f} points net."
)


def test_six_taps_analyse_a_deal_and_another_keep_shows_its_spread(phone: Page):
    page = phone
    page.goto("/discard/")
    expect(page.locator("#discard-message")).to_have_text("Pick the 6 cards you were dealt.")
    page.evaluate(TAPS_AND_SCROLL)
    tap_cards(page, "5H 5C 6D JS QH 2C".split())
    assert page.evaluate("[window.taps, window.scrolled]") == [6, 0]
    expect(page.locator("#discard-message")).to_have_text(DISCARD_BEST)
    expect(page).to_have_url(DISCARD)
    expect(page.locator(".choices tbody tr")).to_have_count(15)
    expect(page.locator(".choices tr.is-chosen")).to_contain_text("shown below")
    expect(page.locator("#spread-heading")).to_have_text(
        "Keep 5♣ 5♥ J♠ Q♥: what the hand can score"
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert outside(page, box(page, ".choices")) == [] or page.evaluate(
        "document.querySelector('.table-scroll').scrollWidth <= 374"
    )
    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, "discard-phone-390x844", full_page=False)
    assert_accessible(page)

    # The other player throwing at random: the figures the random model gives.
    page.locator("label[for=opponent-random]").click()
    expect(page).to_have_url(f"{DISCARD}&opponent=random")
    expect(page.locator("#discard-message")).to_contain_text("17.07 points net")
    expect(page.locator("#crib-model")).to_contain_text("at random")
    page.locator("label[for=opponent-good]").click()
    expect(page).to_have_url(DISCARD)
    expect(page.locator("#crib-model")).to_contain_text("like a good player")

    # The other seat: the same six, the crib now the dealer's.
    page.locator("label[for=role-pone]").click()
    expect(page.locator("#discard-message")).to_contain_text("Best as the pone")
    expect(page).to_have_url(DISCARD.replace("dealer", "pone"))

    # Another keep: its row is marked and its spread comes into view.
    page.locator("#keep-5C5H").click()
    chosen = DISCARD.replace("dealer", "pone") + "&throw=5C,5H"
    expect(page).to_have_url(chosen)
    expect(page.locator("#keep-5C5H")).to_have_attribute("aria-current", "true")
    expect(page.locator("#keep-5C5H")).to_be_focused()
    expect(page.locator("#spread-heading")).to_have_text(
        "Keep 2♣ 6♦ J♠ Q♥: what the hand can score"
    )
    expect(page.locator("#spread-heading")).to_be_in_viewport()
    expect(page.locator("#status")).to_contain_text("Shown: keep 2♣ 6♦ J♠ Q♥")
    screenshot(page, "discard-chosen-phone-390x844")
    assert_accessible(page)

    # Back to the dealer's seat with the same keep; Back goes to the pone's best.
    page.locator("label[for=role-dealer]").click()
    expect(page).to_have_url(f"{DISCARD}&throw=5C,5H")
    expect(page.locator(".choices tr.is-chosen")).to_contain_text("shown below")
    page.go_back()
    expect(page).to_have_url(chosen)
    # htmx reloads the page it goes back to (no history cache): wait for the reload.
    expect(page.locator("#role-pone")).to_be_checked()

    # A card taken out drops the keep chosen; the new six are analysed from their best.
    page.goto(f"{DISCARD}&throw=5C,5H")
    tap(page, "JS")
    expect(page.locator("#discard-message")).to_have_text("Pick 1 more card.")
    tap(page, "3D")
    expect(page).to_have_url("/discard/?cards=5H,5C,6D,QH,2C,3D&role=dealer")
    expect(page.locator(".choices tbody tr").first).to_have_class("is-chosen")


def test_typed_cards_are_analysed_and_a_bad_card_is_named(watched: Page):
    page = watched
    page.goto("/discard/?role=pone")
    page.locator(".typed-summary").click()
    field = page.get_by_role("textbox", name="Your six cards")
    field.fill("5h5c6d js, qh 2♣")
    page.get_by_role("button", name="Analyse these").click()
    expect(page).to_have_url(DISCARD.replace("dealer", "pone"))
    expect(page.locator(".choices tbody tr")).to_have_count(15)
    field.fill("5h 5c 6d js qh 2x")
    page.get_by_role("button", name="Analyse these").click()
    expect(page.locator("#discard-message")).to_contain_text("'2x' is not a card")
    expect(field).to_have_value("5h 5c 6d js qh 2x")
    expect(page.locator(".choices")).to_have_count(0)


def test_without_javascript_the_analyser_still_works(page_without_javascript: Page):
    page = page_without_javascript
    page.goto("/discard/")
    for code in "5H 5C 6D JS QH 2C".split():
        tap(page, code)
        page.wait_for_load_state()
    expect(page).to_have_url(DISCARD)
    expect(page.locator("#discard-message")).to_have_text(DISCARD_BEST)
    page.locator("#keep-5C5H").click()
    expect(page).to_have_url(f"{DISCARD}&throw=5C,5H#spread")
    expect(page.locator("#keep-5C5H")).to_have_attribute("aria-current", "true")
    page.locator("#role-pone").check()
    page.get_by_role("button", name="Analyse", exact=True).click()
    expect(page).to_have_url(DISCARD.replace("dealer", "pone") + "&throw=5C,5H")


@pytest.mark.parametrize(
    "path",
    ["/pegging/", f"/pegging/?players=2&play={SEED_TWO}", "/pegging/?players=4&play=KH,QH,9D"],
)
def test_the_pegging_counter_has_no_accessibility_violations(watched: Page, path):
    watched.set_viewport_size(PHONE)
    watched.goto(path)
    assert_accessible(watched)


@pytest.mark.parametrize(
    "viewport", [PHONE, DESKTOP, {"width": 320, "height": 740}], ids=["phone", "desktop", "320"]
)
def test_the_analyser_has_no_accessibility_violations_and_no_sideways_scroll(
    watched: Page, viewport
):
    watched.set_viewport_size(viewport)
    watched.goto(f"{DISCARD}&throw=JS,QH")
    assert watched.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert small_targets(watched, TARGETS + ", .choice-link", 44, 44) == []
    assert_accessible(watched)
    watched.goto("/discard/?cards=5H,5C,XY")
    expect(watched.locator("#discard-message")).to_contain_text("'XY' is not a card")
    assert_accessible(watched)


@pytest.mark.parametrize("width", [800, 844, 900])
def test_the_header_stays_one_line_where_its_links_first_show(watched: Page, width):
    watched.set_viewport_size({"width": width, "height": 700})
    watched.goto("/discard/")
    assert watched.locator(".site-header").bounding_box()["height"] <= 48
    assert watched.evaluate("document.documentElement.scrollWidth") <= width
    assert small_targets(watched, ".site-nav a", 44, 44) == []


THREE_ROUND = (
    "/round/?players=3&starter=KC&player1=6C,7D,7H,8S&player2=AH,4S,6D,8C"
    "&player3=5H,TS,9C,KD&crib=2C,3D,QH,JS"
)


def test_a_round_of_three_is_tapped_in_on_a_phone_and_says_what_each_pegs(phone: Page):
    page = phone
    page.goto("/round/")
    page.get_by_role("link", name="3 players").click()
    expect(page).to_have_url("/round/?players=3")
    expect(page.locator(".place-name")).to_have_text(
        ["Starter", "Player 1", "Player 2", "Player 3 dealer", "Crib"]
    )
    tap_cards(page, "KC 6C 7D 7H 8S AH 4S 6D 8C 5H TS 9C KD 2C 3D QH JS".split())
    starter = parse_cards("KC")[0]
    hands = [parse_cards(h) for h in ("6C 7D 7H 8S", "AH 4S 6D 8C", "5H TS 9C KD")]
    points = [reference_total(hand, starter) for hand in hands]
    crib = reference_total(parse_cards("2C 3D QH JS"), starter, crib=True)
    expect(page.locator(".place-points")).to_have_text([str(p) for p in (*points, crib)])
    expect(page.locator("#round-message")).to_have_text(
        f"Player 1 {points[0]}, Player 2 {points[1]}, Player 3 {points[2] + crib}."
    )
    expect(page.locator(".pegs dd")).to_have_text(
        [
            f"{points[0]} the hand",
            f"{points[1]} the hand",
            f"{points[2] + crib} the dealer: hand {points[2]} + crib {crib}",
        ]
    )
    expect(page).to_have_url(THREE_ROUND)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, "round-three-phone-390x844", full_page=False)
    screenshot(page, "round-three-phone-390x844-full")
    assert_accessible(page)


def test_a_round_of_four_shows_each_teams_points_on_a_phone(phone: Page):
    page = phone
    page.goto(
        "/round/?players=4&starter=JD&player1=5H,5C,5S,JC&player2=2H,3H,4H,6H"
        "&player3=7C,8C,9C,TC&player4=AS,2S,3S,4S&crib=KD,QD,TD,9D"
    )
    starter = parse_cards("JD")[0]
    hands = [parse_cards(h) for h in ("5H 5C 5S JC", "2H 3H 4H 6H", "7C 8C 9C TC", "AS 2S 3S 4S")]
    points = [reference_total(hand, starter) for hand in hands]
    crib = reference_total(parse_cards("KD QD TD 9D"), starter, crib=True)
    teams = page.locator(".pegs--teams .pegs-row")
    expect(teams.locator("dt")).to_have_text(["Players 1 and 3", "Players 2 and 4"])
    expect(teams.locator(".pegs-points")).to_have_text(
        [str(points[0] + points[2]), str(points[1] + points[3] + crib)]
    )
    expect(page.locator(".note--heels")).to_have_count(1)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert_accessible(page)
