"""Whole games against the computer in a real Chromium, on a phone held both ways.

Each test plays as a player would, by taps only, and counts every tap, key press and field
fill (Next deal included). Whenever the game asks for a count, the cards being counted and
the buttons that answer must be inside the viewport with the page at its top; axe checks
every phase the first time it shows.
"""

import re
from dataclasses import dataclass, field
from statistics import mean

import pytest
from playwright.sync_api import Page, expect

from cribbage.cards import parse_card
from cribbage.computer import Level, choose
from cribbage.game import Claim, Counting, Lay, Source, pegged_words
from cribbage.game import Game as EngineGame
from games.models import HUMAN, LEVEL_CHOICES, Game
from games.review import which_questions
from quizzes.domain.patterns import Category
from tests.browser import LANDSCAPE, PHONE, assert_accessible, every_viewport, screenshot
from tests.games.playing import played_until
from tests.quizzes.test_browser import sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def current_game(page: Page) -> Game:
    match = re.search(r"/play/(\d+)/", page.url)
    assert match, page.url
    return Game.objects.get(pk=int(match.group(1)))


@dataclass
class Player:
    """Plays a game on ``page`` by taps, counting them deal by deal."""

    page: Page
    viewport: dict
    itemised: bool = False
    name: str = "phone"
    deals: list[int] = field(default_factory=list)
    taps: int = 0
    seen: set[str] = field(default_factory=set)
    announced: list[str] = field(default_factory=list)

    def tap(self, locator) -> None:
        locator.click()
        self.taps += 1
        self.settle()

    def settle(self) -> None:
        # The swap, its settling and the focus it moves (which may scroll) all done.
        self.page.wait_for_function(
            "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
        )

    def phase(self, name: str) -> None:
        """Axe and a picture, the first time a phase shows."""
        if name in self.seen:
            return
        self.seen.add(name)
        self.page.mouse.move(0, 0)  # no button left looking hovered, as after a tap
        self.page.evaluate("window.scrollTo(0, 0)")
        assert_accessible(self.page)
        screenshot(self.page, f"game-{name}-{self.name}", full_page=False)

    def in_view(self, *selectors: str, scroll: bool = True) -> None:
        """Each element is wholly inside the viewport with the page scrolled to its top
        (or, ``scroll=False``, as the page landed)."""
        if scroll:
            self.page.evaluate("window.scrollTo(0, 0)")
        for selector in selectors:
            box = self.page.locator(selector).first.bounding_box()
            assert box is not None, f"{selector} is not shown"
            assert box["x"] >= 0 and box["y"] >= 0, (selector, box)
            assert box["x"] + box["width"] <= self.viewport["width"] + 0.5, (selector, box)
            assert box["y"] + box["height"] <= self.viewport["height"] + 0.5, (selector, box)

    def play(self, limit: int = 600) -> Game:
        page = self.page
        for _ in range(limit):
            game = current_game(page)
            engine = game.engine
            if engine.is_over:
                expect(page.locator("#game-over-heading")).to_be_visible()
                self.phase("over")
                return game
            self.read_announced(engine)
            if game.pauses_after(engine):
                expect(page.locator("#summary-heading")).to_contain_text(
                    f"Deal {engine.deal.number - 1}"
                )
                self.in_view("#summary-heading", scroll=False)  # first, in view
                self.phase("summary")
                self.tap(page.get_by_role("button", name="Next deal"))
                self.deals.append(self.taps)
                self.taps = 0
            elif engine.pending is not None and engine.pending.source is not Source.PLAY:
                self.claim_count(engine)
            elif engine.pending is not None:
                self.claim_play(engine)
            elif engine.deal.play is None:
                self.phase("discard")
                self.throw_two()
            else:
                self.phase("play")
                self.lay(engine)
        raise AssertionError("the game did not end")

    def lay(self, engine) -> None:
        """The first card that fits, with what it pegs (one tap, or two)."""
        if self.page.locator(".peg-choices").count():
            count_now = [".series--now"] if self.page.locator(".series--now").count() else []
            self.in_view(*count_now, ".play-count-now", ".peg-choices", ".hand-cards")
        lay_first_card(self.page, engine, self.tap)

    def throw_two(self) -> None:
        """Two taps: the second card ticked throws them, without "Throw these two"."""
        moves = current_game(self.page).moves
        cards = self.page.locator(".throw-box")
        self.tap(cards.nth(0))
        self.tap(cards.nth(1))
        expect(self.page.locator(".throw-box")).to_have_count(0)
        assert current_game(self.page).moves > moves

    def claim_count(self, engine) -> None:
        page, pending = self.page, engine.pending
        kind = pending.source.value
        if self.itemised and not page.locator("[data-itemised]").count():
            page.get_by_role("link", name="Count item by item instead").click()
            self.settle()  # a choice made once, remembered: not counted as a claim's tap
        self.in_view(".claim-cards", ".count-now form.claim button")
        if self.itemised:
            self.in_view("#id_fifteens", "#id_nobs")
            self.phase(f"{kind}-itemised")
            result = engine.claim_items(pending)
            for category in Category:
                points = result.points_of(category.kind)
                if points or (category is Category.FIFTEENS and not result.total):
                    page.locator(f"#id_{category.value}").fill(str(points))
                    self.taps += 1
            self.tap(page.get_by_role("button", name="Peg it"))
        else:
            self.phase("count" if kind == "hand" else kind)  # game-count-…: the README's
            self.in_view(f'.claim-buttons button[value="{pending.points}"]')
            self.tap(page.locator(f'.claim-buttons button[value="{pending.points}"]'))

    def claim_play(self, engine) -> None:
        page, pending = self.page, engine.pending
        turn = engine.deal.play.turns[pending.turn]
        self.in_view(".series--now", ".play-count-now", ".claim-buttons")
        if turn.is_go:
            self.phase("go")
            self.tap(page.get_by_role("button", name="Go — 1 for last"))
            return
        self.phase("play-claim")
        self.in_view(f'.claim-buttons button[value="{pending.points}"]')
        self.tap(page.locator(f'.claim-buttons button[value="{pending.points}"]'))

    def read_announced(self, engine) -> None:
        """What the page says the computer pegged for its cards in the count now: what
        each card scored, in players' words."""
        play = engine.deal.play
        if play is None:
            return
        said = {
            pegged_words(turn.items) for turn in play.turns if turn.items and turn.player != HUMAN
        }
        shown = self.page.locator(".series--now .laid--computer .pegged")
        for n in range(shown.count()):
            text = shown.nth(n).text_content()
            assert text.startswith("It pegs "), text  # said so to a screen reader too
            assert text.removeprefix("It pegs ") in said, (text, said)
            self.announced.append(text)


def lay_first_card(page: Page, engine, tap) -> None:
    """The first card that fits, laid by ``tap``; when the player counts, what it pegs is
    said first if it pegs something (nothing is chosen already)."""
    card = page.locator("button.hand-card:not([disabled])").first
    if page.locator(".peg-choices").count():
        points = engine.apply(Lay(HUMAN, parse_card(card.get_attribute("value")))).pending.points
        if points:
            tap(page.locator(f'.peg-choices input[value="{points}"]'))
    tap(card)


def new_game(page: Page, counting: str, level: str = "greedy") -> None:
    page.goto("/play/")
    assert_accessible(page)
    page.set_default_timeout(10_000)
    page.get_by_role("radio", name=re.compile(rf"^{dict(LEVEL_CHOICES)[level]}:")).check()
    label = "I count my own scores" if counting == "manual" else "Count for me"
    page.get_by_label(re.compile(label)).check()
    page.get_by_role("button", name="Deal a new game").click()
    expect(page).to_have_url(re.compile(r"/play/\d+/$"))


def test_a_whole_game_counting_by_hand_on_a_phone(phone: Page):
    page = phone
    new_game(page, "manual")
    expect(page.get_by_role("img", name="The board")).to_be_visible()
    expect(page.locator(".cut")).to_contain_text("the lower card deals")
    player = Player(page, PHONE, name="phone-390x844")
    game = player.play()
    print(f"\nmanual, phone: {player.deals} a deal, mean {mean(player.deals):.2f}")
    assert player.deals, "no deal was finished"
    assert {"discard", "play", "play-claim", "count", "summary", "over"} <= player.seen
    assert mean(player.deals) <= 14, player.deals
    assert max(player.deals) <= 18, player.deals
    assert re.search(
        r"(You|The computer) won 121–\d+", page.locator("#game-over-heading").inner_text()
    )
    expect(page.get_by_role("button", name="Play again")).to_be_visible()
    assert page.title() == f"You {game.human_score} · Computer {game.computer_score} — Cribtrainer"


def test_a_whole_game_item_by_item_on_a_phone_on_its_side(watched: Page):
    page = watched
    page.set_viewport_size(LANDSCAPE)
    new_game(page, "manual")
    player = Player(page, LANDSCAPE, itemised=True, name="landscape-844x390")
    player.play()
    assert {"hand-itemised", "play-claim", "summary", "over"} <= player.seen


def turns_in_the_count(play) -> int:
    """How many turns the count on the table shows: back to the card that opened it."""
    for shown, turn in enumerate(reversed(play.turns), start=1):
        if turn.card is not None and turn.count == turn.card.value:
            return shown
    return len(play.turns)


def a_long_count(seed: str, deal: int, turns: int) -> EngineGame:
    """The game dealt from ``seed`` (the player laying their first card that fits and
    claiming right, the computer greedy) at the first claim in the play of deal ``deal``
    with ``turns`` turns (cards and gos) in the count."""
    engine = EngineGame.new(seed, human=HUMAN, counting=Counting.MANUAL)
    while not engine.is_over:
        pending = engine.pending
        if (
            pending is not None
            and pending.source is Source.PLAY
            and engine.deal.number == deal
            and turns_in_the_count(engine.deal.play) == turns
        ):
            return engine
        if engine.to_move == HUMAN:
            action = Claim(HUMAN, pending.points) if pending else engine.legal_actions()[0]
        else:
            action = choose(engine, Level.GREEDY)
        engine = engine.apply(action)
    raise AssertionError(f"no count of {turns} turns in deal {deal}")


@pytest.mark.parametrize("viewport", [LANDSCAPE, {"width": 667, "height": 375}], ids=str)
@pytest.mark.parametrize(
    ("seed", "deal", "turns"),
    # The longest counts, with the longest words, of 3,000 games played so.
    [("s2320", 3, 7), ("s1801", 5, 8)],
)
def test_the_longest_count_and_its_buttons_fit_a_phone_on_its_side(
    at_viewport: Page, viewport, seed, deal, turns
):
    page = at_viewport
    user = sign_up(page, "long-count")
    engine = a_long_count(seed, deal, turns)
    game = Game.objects.create(
        user=user,
        seed=engine.seed,
        level=Level.GREEDY.value,
        counting=Counting.MANUAL.value,
        state=engine.to_dict(),
    )
    page.goto(f"/play/{game.pk}/")
    expect(page.locator(".series--now .laid")).to_have_count(turns)
    expect(page.locator(".series--now .pegged")).to_contain_text(
        ["fifteen two and a run of three is five"]
    )
    player = Player(page, viewport)
    player.in_view(".series--now", ".play-count-now", ".claim-buttons")
    assert_accessible(page)


def test_a_whole_game_counted_for_me_says_the_computers_pegging(phone: Page):
    page = phone
    new_game(page, "automatic")
    player = Player(page, PHONE, name="automatic-390x844")
    player.play()
    print(f"\nautomatic, phone: {player.deals} a deal, mean {mean(player.deals):.2f}")
    assert mean(player.deals) <= 8, player.deals
    assert player.announced, "the computer never pegged in the play"


def test_the_next_deal_is_a_key_press_away(phone: Page):
    page = phone
    new_game(page, "automatic")
    player = Player(page, PHONE, name="keys")
    while not current_game(page).pauses_after(current_game(page).engine):
        game = current_game(page)
        if game.engine.deal.play is None:
            player.throw_two()
        else:
            player.tap(page.locator(".hand-card:not([disabled])").first)
    page.reload()
    expect(page.get_by_role("button", name="Next deal")).to_be_visible()  # survives a reload
    page.locator("body").press("n")
    player.settle()
    expect(page.locator(".throw-card")).to_have_count(6)
    expect(page).to_have_title(re.compile(r"^You \d+ · Computer \d+ — Cribtrainer$"))


def test_the_nits_on_a_phone(phone: Page):
    """The new-game radios keep their size, Log out is a button like the others, the last
    attempts' cards stay on one line, and the first card to throw does not look thrown."""
    from tests.factories import PASSWORD, AttemptFactory, UserFactory

    page = phone
    user = UserFactory()
    for _ in range(3):
        AttemptFactory(deal__user=user)
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(user.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()

    page.goto("/play/")
    for radio in page.locator(".new-game input[type=radio]").all():
        box = radio.bounding_box()
        assert box["width"] >= 18 and box["height"] >= 18, box

    page.goto("/accounts/")
    log_out = page.locator("main").get_by_role("button", name="Log out", exact=True)
    assert "button" in log_out.get_attribute("class").split()
    assert log_out.bounding_box()["height"] >= 44

    page.goto("/progress/")
    for link in page.locator(".attempt-cards").all():
        tops = {round(card.bounding_box()["y"]) for card in link.locator(".card").all()}
        assert len(tops) == 1, f"the cards wrap onto {len(tops)} lines"

    new_game(page, "manual")
    first = page.locator(".throw-box").first
    assert first.get_attribute("autofocus") is None
    assert not first.is_checked()


@pytest.mark.slow
@pytest.mark.parametrize("level", ["classic", "strong"])
def test_a_whole_game_counted_by_hand_takes_at_most_12_taps_a_deal(phone: Page, seeded, level):
    """Counting right with one-tap totals, Next deal included: 12 taps a deal or fewer on
    average over the game, and no deal over 14."""
    page = phone
    new_game(page, "manual", level=level)
    player = Player(page, PHONE, name=f"{level}-390x844")
    player.play()
    print(f"\nmanual, {level}: {player.deals} a deal, mean {mean(player.deals):.2f}")
    assert mean(player.deals) <= 12, player.deals
    assert max(player.deals) <= 14, player.deals


def a_pause_asking(user, players: int = 2, over: bool = False) -> Game:
    """A game of ``user``'s at a table of ``players`` (greedy, counted by hand) played by the
    services, each count of the show claimed 2 short (``over``: 2 over) and the play right,
    at its first pause after a deal the player did not deal: their hand said back at once,
    the others' hands and crib counted after it, and "Which did you miss?" ("Which did you
    count wrongly?") waiting."""

    def asks(game, engine) -> bool:
        paused = game.pauses_after(engine)
        return (
            bool(paused)
            and engine.deals[paused - 1].dealer != HUMAN
            and bool(which_questions(game, paused))
        )

    def claim(pending) -> int:
        wrong = pending.source is not Source.PLAY and (over or pending.points >= 4)
        return pending.points + (2 if over else -2) * wrong

    return played_until(user, asks, players=players, claim=claim)


@pytest.mark.parametrize("over", [False, True], ids=["short", "over"])
@pytest.mark.parametrize("players", [2, 3, 4])
@every_viewport
def test_at_a_pause_the_deal_its_question_and_next_deal_are_in_the_first_screen(
    at_viewport: Page, seeded, viewport, players, over
):
    page = at_viewport
    game = a_pause_asking(sign_up(page, "pause"), players, over)
    paused = game.pauses_after(game.engine)
    others = [count for count in game.engine.deals[paused - 1].counts if count.player != HUMAN]
    page.goto(f"/play/{game.pk}/")
    asked = "which did you count wrongly?" if over else "which did you miss?"
    # The score line says the deal just played, and that a question waits.
    expect(page.locator(".scoreline")).to_contain_text(f"after deal {paused}")
    expect(page.locator(".scoreline")).not_to_contain_text(f"deal {paused + 1}")
    expect(page.locator(".scoreline")).to_contain_text(f"a question waits: {asked}")
    # The miss said with its cards, as it happened, at every table.
    expect(page.locator(".said")).to_contain_text("Your hand is " if not over else "Your hand")
    expect(page.locator(".said .said-cards .card")).to_have_count(5)
    # The others' counts, each with its cards to check it by (their words, item by item in
    # the fold below, give way to the question).
    expect(page.locator(".deal-lines li")).to_have_count(len(others) + 2)  # yours, the play
    expect(page.locator(".deal-lines q")).to_have_count(0)
    expect(page.locator(".deal-lines .said-cards .card")).to_have_count(5 * len(others))
    screenshot(
        page,
        f"game-pause-{players}-{'over' if over else 'short'}-{viewport['width']}"
        f"x{viewport['height']}",
        full_page=False,
    )
    player = Player(page, viewport)
    player.in_view("#summary-heading", ".deal-lines", ".said", ".which", "[data-next-hand]")
    expect(page.locator(".which legend")).to_contain_text(asked.capitalize())
    choices = page.locator(".which-choices button")
    assert choices.count() >= 2
    for n in range(choices.count()):
        player.in_view(f".which-choices button >> nth={n}")
    lowest = max(
        box["y"] + box["height"]
        for box in (page.locator(s).first.bounding_box() for s in ("[data-next-hand]", ".which"))
    )
    print(
        f"\npause, {players} players, {viewport}, {asked}"
        f" Next deal and the question end at {lowest:.0f}"
    )
    # The details wait folded below.
    expect(page.locator(".summary-more")).not_to_have_attribute("open", "")
    assert_accessible(page)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_once_the_last_question_is_answered_the_score_line_no_longer_says_one_waits(
    phone: Page, seeded, players
):
    page = phone
    game = a_pause_asking(sign_up(page, "answers"), players)
    page.goto(f"/play/{game.pk}/")
    expect(page.locator(".scoreline")).to_contain_text("a question waits")
    for _ in range(10):
        if not page.locator(".which-choices").count():
            break
        page.locator(".which-choices button").first.click()
        expect(page.locator("#which .hint")).to_contain_text("Noted")
    expect(page.locator(".which-choices")).to_have_count(0)
    expect(page.locator(".scoreline")).not_to_contain_text("a question waits")
    expect(page.locator(".scoreline")).to_contain_text(
        f"after deal {game.pauses_after(game.engine)}"
    )
    assert_accessible(page)


def test_a_first_game_on_a_phone_on_its_side_keeps_the_throw_under_the_guest_notice(
    watched: Page,
):
    page = watched
    page.set_viewport_size(LANDSCAPE)
    new_game(page, "manual")
    expect(page.locator(".flash")).to_contain_text("Kept in this browser")
    Player(page, LANDSCAPE).in_view(".throw-card", ".discard-move button[type=submit]")


def a_count_waiting(user, players: int, source: Source) -> Game:
    """A game of ``user``'s at a table of ``players`` (greedy, counted by hand) played
    right by the services, at the player's count of ``source`` in a deal they deal: the
    others' hands counted first and shown above it, the most the table can show."""

    def waits(game, engine) -> bool:
        pending = engine.pending
        return (
            pending is not None
            and pending.player == HUMAN
            and pending.source is source
            and engine.deal.dealer == HUMAN  # the others count first
        )

    return played_until(user, waits, players=players, seed=11)


@pytest.mark.parametrize("source", [Source.HAND, Source.CRIB], ids=str)
@pytest.mark.parametrize("players", [2, 3, 4])
@every_viewport
def test_at_every_count_the_cards_and_every_answer_are_in_the_first_screen(
    at_viewport: Page, seeded, viewport, players, source
):
    page = at_viewport
    game = a_count_waiting(sign_up(page, "counts"), players, source)
    page.goto(f"/play/{game.pk}/")
    expect(page.locator(".counted")).to_have_count(players - 1 if source is Source.HAND else 0)
    player = Player(page, viewport)
    buttons = page.locator(".claim-buttons--show button")
    expect(buttons).to_have_count(30)  # 0 to 29
    screenshot(
        page,
        f"game-count-{players}-{source.value}-{viewport['width']}x{viewport['height']}",
        full_page=False,
    )
    player.in_view(".claim-cards", *(f".claim-buttons--show button >> nth={n}" for n in range(30)))
    assert_accessible(page)
