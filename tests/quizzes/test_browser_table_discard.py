"""The discard quiz at a table of three or four in a real Chromium, on a phone."""

import re

import pytest
from playwright.sync_api import Page, expect

from quizzes.models import Attempt, Deal
from tests.browser import PHONE, assert_accessible

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("players", [3, 4])
def test_a_table_discard_quiz_on_a_phone(watched: Page, players):
    page = watched
    page.set_viewport_size(PHONE)
    page.goto("/quiz/")
    page.get_by_label("Players at the table for discarding").select_option(str(players))
    page.get_by_role("button", name="Discarding").click()
    deal = Deal.objects.get(pk=int(re.search(r"/quiz/(\d+)/", page.url)[1]))
    assert deal.players == players
    expect(page.get_by_role("heading", level=1)).to_have_text(
        f"Discard as the {deal.seat_name}, {players} players"
    )
    expect(page.get_by_role("radio")).to_have_count(5)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert_accessible(page)
    worst = deal.table_discard_options[-1]
    page.get_by_role("radio", name=worst.throw[0].label).check()
    page.get_by_role("button", name="Throw this one").click()
    expect(page.locator(".verdict")).to_be_focused()
    attempt = Attempt.objects.get()
    if attempt.right:
        expect(page.locator(".verdict")).to_contain_text("As good as the best")
    else:
        expect(page.locator(".verdict-detail")).to_contain_text("Yours is number 5 of 5.")
    expect(page.locator(".choices tbody tr")).to_have_count(5)
    expect(page.locator(".choices tr.is-chosen")).to_contain_text("your choice")
    assert_accessible(page)
    # The next deal is at the same table.
    page.get_by_role("button", name=re.compile("Next deal")).click()
    expect(page.get_by_role("radio")).to_have_count(5)
