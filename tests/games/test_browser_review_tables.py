"""The review of a game of three and of four on a phone: a club player's whole game, its
errors open first, within four phone screens, nothing wider than the phone, axe clean, and
Practise this on a throw opening the discard quiz at the table."""

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from cribbage.computer import choose
from cribbage.game import Claim
from cribbage.game import Game as EngineGame
from games.models import Game
from tests.browser import PHONE, assert_accessible, screenshot
from tests.quizzes.test_browser import sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CLUB_GAMES = {3: ("club-3-2", 10), 4: ("club-4-7", 7)}
"""A seed a table, and its deals: at three a 10-deal game; at four, partners pegging on one
score, a game is shorter (7 deals is the longest of the first 12 seeds)."""


def club_game(username: str, players: int) -> Game:
    """A club player's game at a table of ``players``: the classic computer's play, three
    throws made greedily, each hand or crib of 8 or more counted 2 short; strong at the
    other seats."""
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
    rest = engine.scores[1] if players == 4 else max(engine.scores[1:])
    return Game.objects.create(
        user=get_user_model().objects.get(username=username),
        seed=engine.seed,
        level="strong",
        players=players,
        state=engine.to_dict(),
        human_score=min(engine.scores[0], 121),
        computer_score=min(rest, 121),
        winner="human" if engine.winner == 0 else "computer",
    )


@pytest.mark.parametrize("players", [3, 4])
def test_a_table_review_with_its_errors_open_is_within_four_phone_screens(watched: Page, players):
    page = watched
    page.set_viewport_size(PHONE)
    sign_up(page, f"table{players}")
    game = club_game(f"table{players}", players)
    assert len(game.engine.deals) == CLUB_GAMES[players][1]
    page.goto(f"/play/{game.pk}/review/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("won:")
    errors = page.locator(".review-errors .decision")
    assert errors.count() >= 4, "the club player makes errors to show"
    for index in range(errors.count()):
        expect(errors.nth(index)).to_be_visible()
        expect(errors.nth(index).locator(".card").first).to_be_visible()
    height = page.evaluate("document.documentElement.scrollHeight")
    screens = height / PHONE["height"]
    deals = len(game.engine.deals)
    shown = f"{deals} deals, {errors.count()} errors: {height}px, {screens:.1f} screens"
    print(f"review at {players}: {shown}")  # for the report
    screenshot(page, f"game-review-{players}-players-phone-390x844")
    assert screens <= 4, f"{height}px is {screens:.1f} screens of 844px"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways: {width}px"
    assert_accessible(page)

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
