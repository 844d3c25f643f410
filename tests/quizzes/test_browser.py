"""A whole training session in a real Chromium: sign up, miss, see it, review it right."""

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from quizzes.models import Attempt, Deal, ReviewItem
from tests.browser import DESKTOP, PHONE, assert_accessible, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "fifteen-two-fifteen-four"


def current_deal(page: Page) -> Deal:
    match = re.search(r"/quiz/(\d+)/", page.url)
    assert match, page.url
    return Deal.objects.get(pk=int(match.group(1)))


def sign_up(page: Page, username: str) -> None:
    page.goto("/accounts/signup/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()
    expect(page).to_have_url(re.compile(r"/progress/$"))


def test_a_whole_session_miss_see_review_right(watched: Page):
    page = watched
    page.set_viewport_size(PHONE)
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
    expect(page.get_by_role("button", name=re.compile("Next hand"))).to_be_focused()
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

    # Right while due: up to box 2, back in a day.
    item = ReviewItem.objects.get(pattern=reviewed.value)
    assert item.box == 2
    page.goto("/progress/review/")
    expect(page.locator(".queue-table")).to_contain_text(reviewed.label)


def test_next_hand_by_keyboard_and_the_double_submit(watched: Page):
    page = watched
    page.set_viewport_size(DESKTOP)
    page.goto("/quiz/")
    page.get_by_role("button", name="Hands only").click()
    first = current_deal(page)
    page.get_by_label("Points in this hand").fill(str(first.show.total))
    page.get_by_label("Points in this hand").press("Enter")
    expect(page.locator(".verdict")).to_contain_text("Right")
    screenshot(page, "quiz-feedback-desktop-1280x800")
    page.keyboard.press("n")
    expect(page.get_by_role("heading", level=1)).to_have_text("Count this hand")
    assert current_deal(page).pk != first.pk
    # The answered deal stays answered: posting again shows the same feedback.
    page.goto(f"/quiz/{first.pk}/")
    expect(page.locator(".verdict")).to_contain_text("Right")
    assert Attempt.objects.count() == 1


def test_the_quiz_works_without_javascript(browser: Browser, live_server):
    context = browser.new_context(java_script_enabled=False, base_url=live_server.url)
    page = context.new_page()
    try:
        page.goto("/quiz/")
        page.get_by_role("button", name="Cribs only").click()
        deal = current_deal(page)
        page.get_by_label("Points in this crib").fill(str(deal.show.total))
        page.get_by_role("button", name="Check my count").click()
        expect(page).to_have_url(re.compile(rf"/quiz/{deal.pk}/$"))
        expect(page.locator(".verdict")).to_contain_text("Right")
    finally:
        context.close()


def _kinds():
    from counter.cribbage.show import ShowKind

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
    other_tab.get_by_role("button", name="Log out").click()
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
