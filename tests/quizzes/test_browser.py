"""A whole training session in a real Chromium: sign up, miss, see it, review it right."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import Browser, Page, expect

from quizzes.domain.spacing import State
from quizzes.models import Attempt, Deal, ReviewItem
from tests.browser import DESKTOP, PHONE, assert_accessible, screenshot
from tests.factories import DealFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "fifteen-two-fifteen-four"


def current_deal(page: Page) -> Deal:
    match = re.search(r"/quiz/(\d+)/", page.url)
    assert match, page.url
    return Deal.objects.get(pk=int(match.group(1)))


def sign_up(page: Page, username: str):
    """Sign ``username`` up on the page; their user."""
    page.goto("/accounts/signup/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()
    expect(page).to_have_url(re.compile(r"/progress/$"))
    return get_user_model().objects.get(username=username)


def test_a_whole_session_miss_see_review_right(phone: Page):
    page = phone
    sign_up(page, "his-nobs")

    # Deal a hand with a double run and count it item by item, leaving the runs out.
    page.goto("/quiz/")
    assert_accessible(page)
    page.get_by_label("Focus on one pattern").select_option("double-run")
    page.locator(".focus-form").get_by_role("button", name="Deal").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile("Count this (hand|crib)"))
    page.get_by_role("link", name="Count item by item instead").click()
    expect(page.get_by_label("Fifteens")).to_be_focused()
    deal = current_deal(page)
    correct = {kind.value: deal.show.points_of(kind) for kind in _kinds()}
    page.get_by_label("Fifteens").fill(str(correct["fifteen"]))
    page.get_by_label("Pairs").fill(str(correct["pair"]))
    page.get_by_label("Runs").fill("3")
    expect(page.locator("#itemised-total")).to_have_text(
        str(correct["fifteen"] + correct["pair"] + 3)
    )
    assert_accessible(page)
    screenshot(page, "quiz-itemised-phone-390x844", full_page=False)
    page.get_by_role("button", name="Check my count").click()

    # The feedback: wrong, the runs marked missed, the double run named.
    expect(page.locator(".verdict")).to_contain_text("Not quite")
    runs_row = page.locator(".marks tr", has_text="Runs")
    expect(runs_row).to_contain_text(f"missed {correct['run'] - 3}")
    expect(page.locator(".pattern-list")).to_contain_text("Missed: double run")
    expect(page.locator(".total-points")).to_have_text(str(deal.show.total))
    expect(page.locator(".verdict")).to_be_focused()
    assert_accessible(page)
    screenshot(page, "quiz-feedback-phone-390x844")
    assert Attempt.objects.get().style == "itemised"

    # The progress page names it and leads with the review.
    page.get_by_role("link", name="Your progress").click()
    next_step = page.locator(".next-step")
    expect(next_step).to_contain_text("double run")
    expect(next_step.get_by_role("button", name="Review now")).to_be_visible()
    expect(page.locator("#pat-desc")).to_contain_text("double run: 0% (0 of 1)")
    expect(page.locator(".attempts a")).to_have_count(1)
    assert_accessible(page)
    screenshot(page, "progress-phone-390x844")
    page.set_viewport_size(DESKTOP)
    screenshot(page, "progress-desktop-1280x800")
    page.set_viewport_size(PHONE)

    # The review queue has it due; review it and count it right.
    page.goto("/progress/review/")
    due = page.locator(".queue")
    expect(due).to_contain_text("double run")
    assert_accessible(page)
    screenshot(page, "review-phone-390x844")
    page.get_by_role("button", name="Review now").click()
    review_deal = current_deal(page)
    assert review_deal.mode == "review"
    reviewed = review_deal.focus_pattern
    page.get_by_role("link", name="Give just the total instead").click()
    page.get_by_label(re.compile("Points in this")).fill(str(review_deal.show.total))
    page.get_by_role("button", name="Check my count").click()
    expect(page.locator(".verdict")).to_contain_text(f"Right: {review_deal.show.total}")

    # Right while due: rated Good, back in a day or more.
    item = ReviewItem.objects.get(pattern=reviewed.value)
    assert item.state == State.Review
    assert not item.is_due(timezone.now())
    page.goto("/progress/review/")
    expect(page.locator(".queue-table")).to_contain_text(reviewed.label)


def test_next_hand_by_keyboard_and_the_double_submit(watched: Page):
    page = watched
    page.set_viewport_size(DESKTOP)
    page.goto("/quiz/")
    page.get_by_role("button", name="Hands only").click()
    first = current_deal(page)
    assert first.holder in ("pone", "dealer")
    page.get_by_label("Points in this hand").fill(str(first.show.total))
    page.get_by_label("Points in this hand").press("Enter")
    expect(page.locator(".verdict")).to_contain_text("Right")
    screenshot(page, "quiz-feedback-desktop-1280x800")
    page.keyboard.press("n")
    expect(page.get_by_role("heading", level=1)).to_have_text(
        re.compile(r"Count the (pone's|dealer's) hand")
    )
    assert current_deal(page).pk != first.pk
    # The answered deal stays answered: posting again shows the same feedback.
    page.goto(f"/quiz/{first.pk}/")
    expect(page.locator(".verdict")).to_contain_text("Right")
    assert Attempt.objects.count() == 1


def test_a_double_run_counted_as_players_count_it_and_a_four_flush_over_claim(phone: Page):
    page = phone
    user = sign_up(page, "double-run")

    # 4-4-5-6 + 9, item by item: fifteens 6, and the double run 8 with its pair.
    deal = DealFactory(user=user, hand="4C 6D 5D 4S", starter="9C")
    page.goto(f"/quiz/{deal.pk}/?style=itemised")
    page.get_by_label("Fifteens").fill("6")
    page.get_by_label("Runs").fill("8")
    page.get_by_role("button", name="Check my count").click()
    verdict = page.locator(".verdict")
    expect(verdict).to_have_text(re.compile(r"Right: 14"))
    expect(verdict).to_be_focused()
    expect(page.locator(".score--run")).to_contain_text("double run of three")
    expect(page.locator(".score--run .score-parts")).to_have_text(
        "two runs of three 6 + a pair of fours 2"
    )
    expect(page.locator(".announce q")).to_have_text(
        "Fifteen two, fifteen four, fifteen six and a double run is fourteen."
    )
    assert_accessible(page)

    # A crib of four hearts and a club starter, counted 4 too many: the four-flush.
    crib = DealFactory(user=user, hand="2H 4H 6H 8H", starter="KC", crib=True)
    page.goto(f"/quiz/{crib.pk}/?style=total")
    page.get_by_label("Points in this crib").fill(str(crib.show.total + 4))
    page.get_by_role("button", name="Check my count").click()
    expect(page.locator(".verdict-detail")).to_contain_text(
        "4 points too many: four for a crib flush the starter does not match"
    )
    expect(page.locator(".pattern-list")).to_contain_text(
        "Missed: crib four-flush (scores nothing)"
    )
    queued = set(ReviewItem.objects.filter(user=user).values_list("pattern", flat=True))
    assert queued == {"crib-four-flush"}
    assert_accessible(page)
    page.goto("/progress/review/")
    expect(page.locator(".queue li")).to_have_count(1)
    expect(page.locator(".queue")).to_contain_text("crib four-flush")


def test_the_verdict_and_the_cards_are_read_first_on_a_phone(browser: Browser, live_server):
    context = browser.new_context(
        base_url=live_server.url, viewport=PHONE, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    try:
        page.goto("/quiz/")
        page.get_by_role("button", name="Cribs only").click()
        deal = current_deal(page)
        page.get_by_label("Points in this crib").fill(str(deal.show.total + 1))
        page.get_by_role("button", name="Check my count").click()
        verdict = page.locator(".verdict")
        expect(verdict).to_be_focused()
        expect(verdict).to_be_in_viewport(ratio=1)
        expect(page.locator(".deal-cards")).to_be_in_viewport(ratio=1)
        expect(page.get_by_role("button", name=re.compile("Next hand"))).to_be_in_viewport()
        # No key hint on a touch screen.
        expect(page.locator(".next-form kbd")).to_be_hidden()
        screenshot(page, "quiz-feedback-touch-390x844", full_page=False)
    finally:
        context.close()


def test_a_discard_quiz_on_a_phone(phone: Page):
    page = phone
    page.goto("/quiz/")
    page.get_by_role("button", name="Discarding").click()
    deal = current_deal(page)
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Discard as the {deal.holder}")
    assert_accessible(page)
    best = deal.discard_options[0]
    for card in best.throw:
        page.get_by_role("checkbox", name=card.label).check()
    screenshot(page, "discard-quiz-phone-390x844", full_page=False)
    page.get_by_role("button", name="Throw these two").click()
    expect(page.locator(".verdict")).to_have_text(re.compile("The best throw"))
    expect(page.locator(".verdict")).to_be_focused()
    expect(page.locator(".choices tbody tr")).to_have_count(15)
    expect(page.locator(".choices tr.is-chosen")).to_contain_text("your choice")
    assert Attempt.objects.get().right
    assert_accessible(page)
    screenshot(page, "discard-feedback-phone-390x844")


def test_a_play_quiz_a_card_at_a_time(phone: Page):
    page = phone
    page.goto("/quiz/")
    page.get_by_role("button", name="The play").click()
    deal = current_deal(page)
    plays = deal.play.plays
    assert_accessible(page)
    for number, turn in enumerate(plays, start=1):
        expect(page.get_by_role("heading", level=1)).to_have_text(
            f"Count the play: card {number} of {len(plays)}"
        )
        # One tap a card, 0 focused first, as in a game.
        taps = page.get_by_role("group", name=f"What did the {turn.card.label} peg?")
        expect(taps.get_by_role("button", name="0", exact=True)).to_be_focused()
        expect(taps.get_by_role("button")).to_have_count(16)
        if number == 3:
            screenshot(page, "play-quiz-phone-390x844", full_page=False)
        taps.get_by_role("button", name=str(turn.points), exact=True).click()
    expect(page.locator(".verdict")).to_have_text(re.compile("Right: every card"))
    expect(page.locator(".play-count").first).to_be_visible()
    assert Attempt.objects.get().right
    assert_accessible(page)
    screenshot(page, "play-feedback-phone-390x844")


def test_a_swap_applies_no_inline_style_under_the_csp(watched: Page):
    """A style another script set on the page (a password manager's on a field, say) is
    not copied onto the swapped-in content by htmx's settling: under the strict CSP that
    copy is refused, an error in the console. ``watched`` fails on any such error."""
    page = watched
    page.goto("/quiz/")
    page.get_by_role("button", name="The play").click()
    deal = current_deal(page)
    first, second = deal.play.plays[:2]
    # Set through the CSSOM, which the CSP allows: the elements get a style attribute.
    page.evaluate(
        """() => ["quiz-heading", "answer-form", "id_claim"].forEach(
            (id) => { document.getElementById(id).style.outline = "2px solid orange"; })"""
    )
    taps = page.get_by_role("group", name=f"What did the {first.card.label} peg?")
    taps.get_by_role("button", name=str(first.points), exact=True).click()
    expect(page.get_by_role("group", name=f"What did the {second.card.label} peg?")).to_be_visible()
    assert (
        page.evaluate("() => document.getElementById('quiz-heading').getAttribute('style')") is None
    )


def test_the_quiz_works_without_javascript(page_without_javascript: Page):
    page = page_without_javascript
    page.goto("/quiz/")
    page.get_by_role("button", name="Cribs only").click()
    deal = current_deal(page)
    page.get_by_label("Points in this crib").fill(str(deal.show.total))
    page.get_by_role("button", name="Check my count").click()
    expect(page).to_have_url(re.compile(rf"/quiz/{deal.pk}/$"))
    expect(page.locator(".verdict")).to_contain_text("Right")


def test_the_play_quiz_is_tapped_through_without_javascript(page_without_javascript: Page):
    page = page_without_javascript
    page.goto("/quiz/")
    page.get_by_role("button", name="The play").click()
    deal = current_deal(page)
    for turn in deal.play.plays:
        taps = page.get_by_role("group", name=f"What did the {turn.card.label} peg?")
        taps.get_by_role("button", name=str(turn.points), exact=True).click()
    expect(page).to_have_url(re.compile(rf"/quiz/{deal.pk}/$"))
    expect(page.locator(".verdict")).to_contain_text("Right: every card")


def _kinds():
    from cribbage.show import ShowKind

    return list(ShowKind)


def test_a_failed_answer_says_why_and_keeps_what_was_typed(page: Page, live_server):
    """The answer's htmx request fails four ways; each time the alert says what to do, and
    the total typed stays in its field."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_viewport_size(PHONE)
    sign_up(page, "two-tabs")
    page.goto("/quiz/")
    page.get_by_role("button", name="Hands only").click()
    total = page.get_by_label("Points in this hand")
    total.fill("12")
    alert = page.get_by_role("alert").filter(has_text=re.compile("."))
    check = page.get_by_role("button", name="Check my count")

    # No network: the request is never answered.
    page.context.set_offline(True)
    check.click()
    expect(alert).to_contain_text("could not be reached")
    page.context.set_offline(False)

    # A proxy in front fails.
    page.route("**/answer/", lambda route: route.fulfill(status=502, body="Bad gateway"))
    check.click()
    expect(alert).to_contain_text("Something went wrong on our side")
    page.unroute("**/answer/")

    # Logged out in another tab: the deal is not this browser's any more.
    other_tab = page.context.new_page()
    other_tab.goto("/accounts/")
    other_tab.locator("#main").get_by_role("button", name="Log out", exact=True).click()
    check.click()
    expect(alert).to_contain_text("That is not yours any more")
    expect(total).to_have_value("12")
    assert_accessible(page)
    screenshot(page, "answer-error-phone-390x844", full_page=False)

    # Signed up in another tab: this page's CSRF token is out of date.
    sign_up(other_tab, "two-tabs-again")
    check.click()
    expect(alert).to_contain_text("This page is out of date")
    expect(total).to_have_value("12")
    assert not Attempt.objects.exists()
    assert errors == []
