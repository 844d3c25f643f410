"""The review of a finished game on a phone: readable, accessible, and Practise this works;
a club player's whole game at two, three and four, its errors open first, within four phone
screens, nothing wider than the phone, axe clean, and Practise this on a throw at the table
opening the discard quiz there."""

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from cribbage.computer import choose
from cribbage.game import Claim
from cribbage.game import Game as EngineGame
from games.models import Game
from tests.browser import PHONE, assert_accessible, every_viewport, screenshot
from tests.quizzes.test_browser import sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CLUB_GAMES = {2: ("club-24", 10), 3: ("club-3-2", 10), 4: ("club-4-7", 7)}
"""A seed a table, and its deals: at two and three a 10-deal game; at four, partners pegging
on one score, a game is shorter (7 deals is the longest of the first 12 seeds)."""


def stored(username: str, engine: EngineGame) -> Game:
    """The finished ``engine`` game of ``username``'s, stored as the app stores it."""
    rest = engine.scores[1] if engine.players == 4 else max(engine.scores[1:])
    return Game.objects.create(
        user=get_user_model().objects.get(username=username),
        seed=engine.seed,
        level="strong",
        players=engine.players,
        state=engine.to_dict(),
        human_score=min(engine.scores[0], 121),
        computer_score=min(rest, 121),
        winner="human" if engine.winner == 0 else "computer",
    )


def finished_game(username: str) -> Game:
    """A game the player (greedy, making mistakes to review) lost or won, claimed short
    now and then, stored as the app stores it."""
    engine = EngineGame.new("browser-review", human=0)
    while not engine.is_over:
        if engine.pending is not None:
            points = engine.pending.points
            engine = engine.apply(Claim(0, max(points - 2, 0) if points > 5 else points))
        else:
            engine = engine.apply(choose(engine, ("greedy", "strong")[engine.to_move]))
    return stored(username, engine)


def club_game(username: str, players: int = 2) -> Game:
    """A club player's game at a table of ``players``: good play on the whole (the classic
    computer's), three throws made greedily, each hand or crib of 8 or more counted 2
    short; strong at the other seats."""
    seed, _ = CLUB_GAMES[players]
    engine = EngineGame.new(seed, human=0, players=players)
    while not engine.is_over:
        if engine.pending is not None:
            points = engine.pending.points
            engine = engine.apply(Claim(0, points - 2 if points >= 8 else points))
        elif engine.to_move == 0:
            greedy = engine.deal.play is None and engine.deal.number in (2, 5, 8)
            engine = engine.apply(choose(engine, "greedy" if greedy else "classic"))
        else:
            engine = engine.apply(choose(engine, "strong"))
    return stored(username, engine)


def within_four_screens(page: Page, report: str, shot: str) -> None:
    """Each error on the review page shown with its cards, the page within four phone
    screens and no wider than the phone, and axe clean."""
    errors = page.locator(".review-errors .decision")
    for index in range(errors.count()):
        expect(errors.nth(index)).to_be_visible()
        expect(errors.nth(index).locator(".card").first).to_be_visible()
    height = page.evaluate("document.documentElement.scrollHeight")
    screens = height / PHONE["height"]
    print(f"{report}, {errors.count()} errors: {height}px, {screens:.1f} screens")  # the report
    screenshot(page, shot)
    assert screens <= 4, f"{height}px is {screens:.1f} screens of 844px"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways: {width}px"
    assert_accessible(page)


def test_the_review_of_a_finished_game_on_a_phone(phone: Page):
    page = phone
    sign_up(page, "muggins")
    game = finished_game("muggins")
    page.goto(f"/play/{game.pk}/review/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Review:")
    expect(page.get_by_role("heading", name=re.compile("Your errors"))).to_be_visible()
    expect(page.locator(".decision-class--blunder, .decision-class--mistake").first).to_be_visible()
    assert_accessible(page)
    screenshot(page, "game-review-phone-390x844", full_page=False)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways: {width}px"

    page.locator(".review-deal > summary").first.click()
    page.locator(".review-computer > summary").first.click()
    assert_accessible(page)

    page.get_by_role("button", name=re.compile("Practise this")).first.click()
    expect(page).to_have_url(re.compile(r"/quiz/\d+/$"))
    expect(page.get_by_role("heading", level=1)).to_be_visible()


def test_a_ten_deal_review_with_its_errors_open_is_within_four_phone_screens(phone: Page):
    page = phone
    sign_up(page, "clubplayer")
    game = club_game("clubplayer")
    assert len(game.engine.deals) == 10
    page.goto(f"/play/{game.pk}/review/")
    errors = page.locator(".review-errors .decision")
    assert errors.count() >= 8, "the game makes about ten errors to show"
    within_four_screens(page, "review of 10 deals", "game-review-ten-deals-phone-390x844")


@pytest.mark.parametrize("players", [3, 4])
def test_a_table_review_with_its_errors_open_is_within_four_phone_screens(phone: Page, players):
    page = phone
    sign_up(page, f"table{players}")
    game = club_game(f"table{players}", players)
    assert len(game.engine.deals) == CLUB_GAMES[players][1]
    page.goto(f"/play/{game.pk}/review/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("won:")
    errors = page.locator(".review-errors .decision")
    assert errors.count() >= 4, "the club player makes errors to show"
    report = f"review at {players}: {len(game.engine.deals)} deals"
    within_four_screens(page, report, f"game-review-{players}-players-phone-390x844")

    page.locator(".review-deal > summary").first.click()
    page.locator(".review-computer > summary").first.click()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"a deal opened scrolls sideways: {width}px"
    assert_accessible(page)

    deals = page.locator(".review-deal > summary")
    for index in range(1, deals.count()):  # every deal open: a throw to practise is in one
        deals.nth(index).click()
    page.get_by_role("button", name=re.compile("a discard quiz of these five cards")).first.click()
    expect(page).to_have_url(re.compile(r"/quiz/\d+/$"))
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    expect(page.locator("body")).to_contain_text(f"{players} players")


@every_viewport
def test_the_review_opens_with_the_costliest_error_and_why_the_figures_folded(
    at_viewport: Page, viewport
):
    page = at_viewport
    sign_up(page, "coached")
    game = club_game("coached")
    page.goto(f"/play/{game.pk}/review/")
    # The errors come first, largest loss first.
    heading = page.locator("h2").first
    expect(heading).to_have_id("errors-heading")
    expect(heading).to_contain_text("the costliest first")
    losses = [
        float(re.search(r"(\d+\.\d\d) lost", text).group(1))
        for text in page.locator(".review-errors .decision-head").all_text_contents()
    ]
    assert len(losses) >= 8 and losses == sorted(losses, reverse=True), losses
    # The first error, its reason in words with it, begins in the first screen.
    first = page.locator(".review-errors .decision").first
    why = first.locator(".decision-why")
    expect(why).to_be_visible()
    assert re.match(r"(it |the |a |if |your |at |over |no )", why.text_content()), (
        why.text_content()
    )
    page.evaluate("window.scrollTo(0, 0)")
    box = why.bounding_box()
    assert box["y"] + 24 <= viewport["height"], box  # its first line at least
    # The figures wait folded: the table of points lost, each throw's decimals.
    expect(page.locator(".review-totals")).not_to_be_visible()
    expect(page.locator(".review-figures > summary")).to_be_visible()
    for figures in page.locator(".review-errors .decision-figures").all():
        expect(figures.locator("p")).not_to_be_visible()
    assert_accessible(page)
    screenshot(page, f"game-review-first-{viewport['width']}x{viewport['height']}", full_page=False)
