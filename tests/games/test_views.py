import random
import re

import pytest
from django.test import override_settings
from django.utils import timezone
from django.utils.html import escape
from pytest_django.asserts import assertContains, assertNotContains

from cribbage.cards import DECK
from cribbage.game import Claim, Discard, Lay, Source
from games.models import COMPUTER, HUMAN, Game
from games.page import _series, now_series
from games.services import game_move
from quizzes.domain.patterns import Category
from quizzes.models import Attempt
from tests.factories import GameFactory, UserFactory, played

# Every game dealt from a known seed: a test that plays on to a moment finds the same one.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("seeded")]
HTMX = {"HX-Request": "true"}


NOT_HELD = "a card not in the hand dealt"


def new_game(client, **data) -> Game:
    response = client.post("/play/new/", {"level": "greedy", "counting": "manual", **data})
    assert response.status_code == 302, response.content
    return Game.objects.get(pk=int(response["Location"].split("/")[2]))


def throw_two(client, game):
    engine = game.engine
    codes = [card.code for card in engine.deal.dealt[HUMAN][:2]]
    return client.post(
        f"/play/{game.pk}/move/", {"move": game.moves, "action": "discard", "throw": codes}
    )


def test_the_games_page_offers_a_new_game(client):
    page = client.get("/play/")
    assertContains(page, "Deal a new game")
    assertContains(page, 'name="level"')
    assertContains(page, 'name="counting"')


def test_the_new_game_offers_three_levels_easy_medium_hard(client):
    page = client.get("/play/")
    text = page.text
    easy, medium, hard = (
        text.index(f'value="{level}"') for level in ("greedy", "classic", "strong")
    )
    assert easy < medium < hard
    for label in (
        "Easy: takes the most points it can see",
        "Medium: throws and pegs by the book",
        "Hard: weighs every throw and thinks ahead in the play",
    ):
        assertContains(page, label)
    for engine_word in ("greedy)", "classic)", "strong)"):
        assertNotContains(page, engine_word)


def test_a_game_against_classic_is_played_by_classic(client, player):
    game = new_game(client, level="classic")
    assert game.level == "classic" and game.get_level_display() == "Medium"
    response = throw_two(client, game)
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.engine.deal.thrown[HUMAN]


def test_a_guest_can_play_and_the_board_shows(client):
    game = new_game(client)
    assert game.guest_key and game.user is None
    page = client.get(f"/play/{game.pk}/")
    assertContains(page, '<title id="board-title">The board</title>', html=True)
    legend = "your crib" if game.engine.deal.dealer == HUMAN else "the computer's crib"
    assertContains(page, f"<legend>Throw two to {legend}</legend>", html=True)
    assert page.text.count('name="throw"') == 6


def test_a_move_then_the_computer_moves_until_it_is_your_turn(client, player):
    game = new_game(client)
    response = throw_two(client, game)
    assert response.status_code == 302
    game.refresh_from_db()
    engine = game.engine
    assert engine.to_move == HUMAN
    assert engine.deal.thrown[HUMAN]


def test_a_double_submit_makes_one_move(client, player):
    game = new_game(client)
    first = throw_two(client, game)
    moves = Game.objects.get().moves
    second = throw_two(client, game)  # the same move number again
    assert first.status_code == second.status_code == 302
    assert Game.objects.get().moves == moves


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"action": "discard", "throw": [NOT_HELD]}, "is not in your hand"),
        ({"action": "lay", "card": "5H"}, "the play has not begun"),
        ({"action": "claim", "total": "3"}, "there is nothing to claim now"),
        ({"action": "fold"}, "There is no move called"),
        ({"action": "lay", "card": "ZZ"}, "Lay a card from your hand"),
        ({"action": "claim", "total": "<b>"}, "Total: enter a whole number of points"),
    ],
)
def test_a_move_not_allowed_is_named_and_nothing_changes(client, player, data, message):
    game = new_game(client)
    before = (game.moves, game.state)
    if data.get("throw") == [NOT_HELD]:
        held = game.engine.deal.dealt[HUMAN]
        data = {**data, "throw": [next(card.code for card in DECK if card not in held)]}
    response = client.post(f"/play/{game.pk}/move/", {"move": game.moves, **data})
    assert response.status_code == 400
    assertContains(response, message, status_code=400)
    assert "<b>" not in response.text
    game.refresh_from_db()
    assert (game.moves, game.state) == before


def test_an_htmx_move_returns_the_table(client, player):
    game = new_game(client)
    engine = game.engine
    codes = [card.code for card in engine.deal.dealt[HUMAN][:2]]
    response = client.post(
        f"/play/{game.pk}/move/",
        {"move": game.moves, "action": "discard", "throw": codes},
        headers=HTMX,
    )
    assert response.status_code == 200
    assert "<html" not in response.text
    assertContains(response, 'id="table"')


def test_the_progress_page_shows_the_games(client, player):
    game = GameFactory(user=player, winner="human", skunk=1, human_score=121, computer_score=80)
    game.actions.create(number=0, seat=HUMAN, action={"type": "discard", "player": HUMAN})
    page = client.get("/progress/")
    assertContains(page, "Games against the computer")
    assertContains(page, "<div><dt>Played</dt><dd>1</dd></div>", html=True)


def test_a_finished_game_says_who_won_and_the_match_points(client, player):
    game = GameFactory(user=player)
    engine = game.engine
    # Put the game at its end: the player on 121, the computer under 61.
    state = engine.to_dict()
    state["scores"] = [121, 50]
    Game.objects.filter(pk=game.pk).update(state=state, winner="human", skunk=2)
    page = client.get(f"/play/{game.pk}/")
    assertContains(page, "You won 121–50: a double skunk")
    assertContains(page, "3 match points")
    assertContains(page, "under ACC tournament scoring 3")


def test_a_hand_is_claimed_item_by_item_and_kept_with_progress(client, player):
    game = new_game(client)
    rng = random.Random(2)
    while not (game.engine.pending and game.engine.pending.source is Source.HAND):
        engine = game.engine
        if engine.pending is not None:
            action = Claim(HUMAN, engine.pending.points)
        else:
            action = rng.choice(engine.legal_actions())
        game = game_move(game=game, action=action, expected=game.moves, now=timezone.now()).game
    result = game.engine.claim_items(game.engine.pending)
    page = client.get(f"/play/{game.pk}/?style=itemised")
    assertContains(page, "Count your hand: points for each")
    claimed = {category.value: str(result.points_of(category.kind)) for category in Category}
    response = client.post(
        f"/play/{game.pk}/move/", {"move": game.moves, "action": "claim", **claimed}
    )
    assert response.status_code == 302
    attempt = Attempt.objects.get(deal__mode="game", deal__kind="show")
    assert attempt.style == "itemised"
    assert (attempt.points, attempt.right) == (result.total, True)


# --- the table on a phone: the pause, the claims, the table's manners -------------------


def advance(game: Game, until, seed: int = 3, limit: int = 400) -> Game:
    """Right claims and random moves for the player (Next deal at each pause) until
    ``until(game, engine)`` holds."""
    rng = random.Random(seed)
    return played(game, until=until, move=lambda e: rng.choice(e.legal_actions()), limit=limit)


def test_the_tab_title_follows_the_score_and_the_first_cut_is_shown(client, player):
    game = new_game(client)
    page = client.get(f"/play/{game.pk}/")
    engine = game.engine
    you, computer = engine.scores
    assertContains(page, f"<title>You {you} · Computer {computer} — Cribtrainer</title>")
    first, second = engine.first_cut
    assertContains(page, "The cut for the deal: you cut")
    assertContains(page, f'aria-label="{first.label}"')
    assertContains(page, f'aria-label="{second.label}"')
    assertContains(page, "you deal" if engine.deal.dealer == HUMAN else "the computer deals")


def test_a_card_in_the_play_is_claimed_with_the_same_buttons_whatever_it_scored(client, player):
    game = advance(
        new_game(client),
        lambda g, e: (
            e.pending is not None
            and e.pending.source is Source.PLAY
            and e.deal.play.turns[e.pending.turn].card is not None
        ),
    )
    page = client.get(f"/play/{game.pk}/")
    for points in range(16):
        assertContains(page, f'name="total" value="{points}"', count=1)
    assertContains(page, "Type it instead")
    response = client.post(
        f"/play/{game.pk}/move/",
        {"move": game.moves, "action": "claim", "total": str(game.engine.pending.points)},
    )
    assert response.status_code == 302


def your_lay(game, engine) -> bool:
    return (
        engine.to_move == HUMAN
        and engine.pending is None
        and bool(engine.deal.play and engine.deal.play.playable(engine.deal.held(HUMAN)))
    )


def test_a_card_is_laid_with_what_it_pegs_said_in_one_submit(client, player):
    """The points are chosen first, 0 unless another is; the card's button sends both."""
    game = advance(new_game(client), your_lay)
    page = client.get(f"/play/{game.pk}/")
    assertContains(page, '<input type="radio" name="peg" value="0" checked>', html=True)
    for points in range(1, 16):
        assertContains(page, f'<input type="radio" name="peg" value="{points}">', html=True)
    engine = game.engine
    card = engine.deal.play.playable(engine.deal.held(HUMAN))[0]
    points = engine.apply(Lay(HUMAN, card)).pending.points
    response = client.post(
        f"/play/{game.pk}/move/",
        {"move": game.moves, "action": "lay", "card": card.code, "peg": str(points)},
    )
    assert response.status_code == 302
    game.refresh_from_db()
    claims = game.engine.claims
    assert (claims[-1].claimed, claims[-1].scored, claims[-1].missed) == (points, points, 0)
    assert Attempt.objects.filter(deal__kind="play").count() == len(claims_in_play(game))


def claims_in_play(game):
    return [claim for claim in game.engine.claims if claim.source is Source.PLAY]


@pytest.mark.parametrize("peg", ["16", "-1", "two"])
def test_what_a_card_pegs_out_of_range_is_named_and_nothing_changes(client, player, peg):
    game = advance(new_game(client), your_lay)
    before = (game.moves, game.state)
    engine = game.engine
    card = engine.deal.play.playable(engine.deal.held(HUMAN))[0]
    response = client.post(
        f"/play/{game.pk}/move/",
        {"move": game.moves, "action": "lay", "card": card.code, "peg": peg},
    )
    assertContains(response, "Say what your card pegs as a number from 0 to 15.", status_code=400)
    game.refresh_from_db()
    assert (game.moves, game.state) == before


def test_counted_for_me_the_play_asks_nothing_with_the_card(client, player):
    game = advance(new_game(client, counting="automatic"), your_lay)
    page = client.get(f"/play/{game.pk}/")
    assertContains(page, 'name="card"')
    assertNotContains(page, 'name="peg"')


def test_a_show_count_has_a_button_for_every_total_and_the_starter_is_marked(client, player):
    game = advance(
        new_game(client), lambda g, e: e.pending is not None and e.pending.source is Source.HAND
    )
    page = client.get(f"/play/{game.pk}/")
    assertContains(page, 'name="total" value="29"')
    assertContains(page, 'name="total" value="0" class="peg-button" autofocus')
    assertContains(page, '<span class="starter-tag">starter</span>')
    assertContains(page, "Count your hand")


def test_the_style_chosen_for_the_hand_stays_for_the_crib(client, player):
    game = advance(
        new_game(client), lambda g, e: e.pending is not None and e.pending.source is Source.HAND
    )
    page = client.get(f"/play/{game.pk}/?style=itemised", headers=HTMX)
    assert page.cookies["answer_style"].value == "itemised"
    assertContains(page, 'name="fifteens"')
    later = client.get(f"/play/{game.pk}/")
    assertContains(later, 'name="fifteens"')


def test_the_computers_pegging_is_said_in_words_beside_its_card(client, player):
    def computer_scored(game, engine):
        # In the count on the table now: an earlier count, under "Earlier", has no voice.
        now = now_series(engine.deal.play, _series(engine, engine.deal))
        return now is not None and any(t["who"] != "you" and t["words"] for t in now["turns"])

    game = advance(new_game(client, counting="automatic"), computer_scored, seed=11)
    page = client.get(f"/play/{game.pk}/")
    assertContains(page, '<span class="visually-hidden">It pegs </span>')


def test_a_deal_ends_in_its_summary_and_next_deal_brings_the_discard(client, player):
    game = advance(new_game(client), lambda g, e: g.pauses_after(e))
    page = client.get(f"/play/{game.pk}/")
    assertContains(page, "Deal 1: you")
    assertContains(page, "Next deal")
    assertNotContains(page, 'name="throw"')
    assertContains(page, escape("The computer's hand"))
    ids = re.findall(r'id="([^"]+)"', page.text)
    assert len(ids) == len(set(ids)), "an id is used twice"
    response = client.post(f"/play/{game.pk}/move/", {"move": game.moves, "action": "next"})
    assert response.status_code == 302
    assert client.get(f"/play/{game.pk}/").text.count('name="throw"') == 6


def test_a_move_from_a_stale_tab_says_the_game_moved_on(client, player):
    game = new_game(client)
    stale = game.moves
    throw_two(client, game)
    response = client.post(
        f"/play/{game.pk}/move/",
        {"move": stale, "action": "discard", "throw": ["AS", "2S"]},
        headers=HTMX,
    )
    assertContains(response, "The game had moved on: this is where it stands now.")
    followed = client.post(
        f"/play/{game.pk}/move/",
        {"move": stale, "action": "discard", "throw": ["AS", "2S"]},
        follow=True,
    )
    assertContains(followed, "The game had moved on")


def test_a_resigned_game_is_lost_with_its_skunk_and_can_then_be_deleted(client, player):
    game = new_game(client)
    response = client.post(f"/play/{game.pk}/move/", {"move": game.moves, "action": "resign"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.winner == "computer" and game.skunk == 2 and game.finished_at
    page = client.get(f"/play/{game.pk}/")
    assertContains(page, "You resigned: the computer won")
    assertContains(page, "a double skunk")
    assertContains(page, "Play again")
    confirm = client.get(f"/play/{game.pk}/delete/")
    assertContains(confirm, "Delete the game")
    assert client.post(f"/play/{game.pk}/delete/").status_code == 302
    assert not Game.objects.filter(pk=game.pk).exists()


def resigned_at_a_pause(client) -> tuple[Game, int, set[str]]:
    """A game resigned at the summary of a deal, before Next deal: it, that deal, and the
    cards of the next deal's six the player was never shown."""
    game = advance(new_game(client), lambda g, e: g.pauses_after(e))
    engine = game.engine
    paused = game.pauses_after(engine)
    played = engine.deals[paused - 1]
    seen = {card.label for card in (*played.dealt[0], *played.dealt[1], played.starter)}
    unseen = {card.label for card in engine.deal.dealt[HUMAN]} - seen
    response = client.post(f"/play/{game.pk}/move/", {"move": game.moves, "action": "resign"})
    assert response.status_code == 302
    game.refresh_from_db()
    return game, paused, unseen


def test_resigning_at_a_pause_ends_on_the_deal_just_played(client, player):
    game, paused, unseen = resigned_at_a_pause(client)
    page = client.get(f"/play/{game.pk}/")
    assertContains(page, "You resigned: the computer won")
    engine = game.engine
    you = sum(engine.points_by_source(HUMAN, paused).values())
    assertContains(page, f"Deal {paused}: you {you}")
    assertNotContains(page, f"Deal {paused + 1}:")
    assert unseen
    for label in unseen:
        assertNotContains(page, f'aria-label="{label}"')
    for card in engine.deals[paused - 1].kept(HUMAN):
        assertContains(page, f'aria-label="{card.label}"')


def test_a_deal_not_played_is_not_in_the_review_of_a_game_resigned_at_a_pause(client, player):
    game, paused, _ = resigned_at_a_pause(client)
    data = client.get(f"/play/{game.pk}/review.json").json()
    assert [deal["number"] for deal in data["deals"]] == list(range(1, paused + 1))


def test_only_its_owner_deletes_a_game_and_only_once_it_is_over(client, player):
    game = new_game(client)
    assert client.post(f"/play/{game.pk}/delete/").status_code == 400
    other = GameFactory(user=UserFactory(), winner="human")
    assert client.post(f"/play/{other.pk}/delete/").status_code == 404
    assert Game.objects.filter(pk__in=[game.pk, other.pk]).count() == 2


def test_with_hints_each_decision_shows_its_hint_without_a_tap_and_is_counted(client, player):
    game = new_game(client, hints="on")
    assert game.hints
    page = client.get(f"/play/{game.pk}/")
    assertContains(page, "Hint: throw")
    assertContains(page, "the four you keep count")
    assertContains(page, "/discard/?cards=")
    assertNotContains(page, ">Hint</button>")
    game.refresh_from_db()
    assert game.hints_used == 0  # shown, and counted with the throw made beside it
    throw_two(client, game)
    game.refresh_from_db()
    assert game.hints_used == 1
    plain = new_game(client)
    assertNotContains(client.get(f"/play/{plain.pk}/"), "Hint:")


def test_a_hint_asked_at_the_pause_is_refused_in_words_and_not_counted(client, player):
    game = advance(
        new_game(client, counting="automatic", hints="on"), lambda g, e: g.pauses_after(e)
    )
    used = game.hints_used
    page = client.get(f"/play/{game.pk}/")
    assertNotContains(page, "Hint:")
    response = client.post(f"/play/{game.pk}/move/", {"move": game.moves, "action": "hint"})
    assertContains(response, "No hint at the pause between deals", status_code=400)
    htmx = client.post(
        f"/play/{game.pk}/move/", {"move": game.moves, "action": "hint"}, headers=HTMX
    )
    assertContains(htmx, "No hint at the pause between deals")
    game.refresh_from_db()
    assert game.hints_used == used
    client.post(f"/play/{game.pk}/move/", {"move": game.moves, "action": "next"})
    game.refresh_from_db()
    assert game.hints_used == used
    assertContains(client.get(f"/play/{game.pk}/"), "Hint: throw")


def test_the_game_over_says_the_result_winner_first(client, player):
    game = GameFactory(user=player)
    state = game.engine.to_dict()
    state["scores"] = [95, 121]
    Game.objects.filter(pk=game.pk).update(state=state, winner="computer")
    page = client.get(f"/play/{game.pk}/")
    assertContains(page, "The computer won 121–95: no skunk, 95 is clear")


def test_the_rules_page_says_muggins_and_skunks_as_the_game_plays_them(client):
    from cribbage.game import DOUBLE_SKUNK_LINE, SKUNK_LINE, GameResult

    page = client.get("/rules/")
    assertContains(page, '<h2 id="muggins-title">Muggins, as the game plays it</h2>', html=True)
    assertContains(page, "Over-claims")
    assertContains(page, "before the next card is laid")
    assertNotContains(page, "is a house rule and not part of these rules")
    assertContains(page, f"{SKUNK_LINE - 1} or less")
    assertContains(page, f"{DOUBLE_SKUNK_LINE - 1} or less")
    # The points the page names are the engine's.
    for loser, match, acc in ((95, 1, 2), (SKUNK_LINE - 1, 2, 3), (DOUBLE_SKUNK_LINE - 1, 3, 3)):
        result = GameResult(0, (121, loser))
        assert (result.match_points, result.tournament_points) == (match, acc)
    assertContains(page, "A skunk: 2 match points")
    assertContains(page, "A double skunk: 3 match points")
    assertContains(page, "a win is worth 2 points and a skunk 3")


def test_account_deletion_and_sign_up_say_what_becomes_of_the_games(client, player):
    GameFactory(user=player)
    assertContains(client.get("/accounts/delete/"), "1 game against the computer")
    client.logout()
    assertContains(client.get("/accounts/signup/"), "games you have played in this browser")


def test_which_did_you_miss_comes_before_next_hand(client, player):
    from tests.factories import DealFactory

    deal = DealFactory(user=player, hand="4C 6D 5D 4S", starter="9C")
    client.post(f"/quiz/{deal.pk}/answer/", {"total": "12"})
    page = client.get(f"/quiz/{deal.pk}/").text
    assert "Which did you miss?" in page
    assert page.index('id="which"') < page.index("data-next-hand")


def test_after_a_31_or_a_go_the_page_says_the_count_starts_again(client, player):
    def reset(game, engine):
        play = engine.deal.play
        return play is not None and play.turns and play.count == 0 and not play.is_over

    game = advance(new_game(client, counting="automatic"), reset, seed=4)
    page = client.get(f"/play/{game.pk}/")
    assertContains(page, "— the count starts again at 0")
    assertNotContains(page, "Count: <strong>0</strong>")


def test_a_hint_in_the_play_names_the_card_and_why_without_a_tap(client, player):
    game = advance(
        new_game(client, counting="automatic", hints="on"),
        lambda g, e: e.deal.play is not None and e.to_move == HUMAN and e.pending is None,
    )
    used = game.hints_used
    page = client.get(f"/play/{game.pk}/")
    assertContains(page, "Hint: lay the ")
    assertNotContains(page, "worth")
    card = re.search(r'name="card" value="(\w\w)"(?![^>]*disabled)', page.text).group(1)
    client.post(f"/play/{game.pk}/move/", {"move": game.moves, "action": "lay", "card": card})
    game.refresh_from_db()
    assert game.hints_used == used + 1


def go_claimed(by):
    """Whether the player is to claim the go, the last go said being ``by``'s."""

    def until(game, engine):
        pending = engine.pending
        if pending is None or pending.player != HUMAN or pending.source is not Source.PLAY:
            return False
        turn = engine.deal.play.turns[pending.turn]
        return turn.is_go and turn.player == by

    return until


@pytest.mark.parametrize(
    ("by", "said"),
    [
        (COMPUTER, "The computer said go and you have no card left"),
        (HUMAN, "The computer said go and so did you"),
    ],
)
def test_the_go_claim_says_who_said_go_as_the_play_shows_it(client, player, by, said):
    game = advance(new_game(client), go_claimed(by))
    page = client.get(f"/play/{game.pk}/")
    assertNotContains(page, "You said go and the computer cannot play")
    assertContains(page, f"<legend>{said}: your ")
    assertContains(page, "The computer: go")
    if by == HUMAN:
        assertContains(page, "You: go")


def move_fields(game: Game, rng: random.Random) -> dict:
    """The form a player sends for a random legal move of ``game`` (Next deal at a pause)."""
    engine = game.engine
    if game.pauses_after(engine):
        return {"move": game.moves, "action": "next"}
    if engine.pending is not None:
        return {"move": game.moves, "action": "claim", "total": engine.pending.points}
    action = rng.choice([a for a in engine.legal_actions() if not isinstance(a, Claim)])
    if isinstance(action, Discard):
        return {"move": game.moves, "action": "discard", "throw": [c.code for c in action.cards]}
    if isinstance(action, Lay):
        return {"move": game.moves, "action": "lay", "card": action.card.code}
    return {"move": game.moves, "action": "go"}


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_every_move_of_a_game_sent_twice_has_one_effect_and_no_error(client, player, htmx):
    """A double tap sends each move twice: the second finds the game moved on and says so."""
    game = new_game(client)
    headers = {"HX-Request": "true"} if htmx else {}
    rng = random.Random(7)
    for _ in range(600):
        game.refresh_from_db()
        if game.is_over:
            break
        fields = move_fields(game, rng)
        before = (game.moves, game.deals_seen)
        first = client.post(f"/play/{game.pk}/move/", fields, headers=headers)
        assert first.status_code in (200, 302)
        game.refresh_from_db()
        after = (game.moves, game.deals_seen)
        assert after != before
        second = client.post(f"/play/{game.pk}/move/", fields, headers=headers, follow=True)
        assert second.status_code == 200
        assertContains(second, "The game had moved on")
        game.refresh_from_db()
        assert (game.moves, game.deals_seen) == after
    assert game.is_over


def test_a_move_by_htmx_takes_away_the_messages_of_the_page_before(client):
    """The guest's notice stands above the table on the game's first page; the first move
    swaps only the table, so its answer empties the messages out of band, and the cards to
    count keep their place on a phone."""
    response = client.post("/play/new/", {"level": "greedy", "counting": "manual"}, follow=True)
    assertContains(response, "Kept in this browser only.")
    game = Game.objects.get()
    fields = move_fields(game, random.Random(1))
    moved = client.post(f"/play/{game.pk}/move/", fields, headers={"HX-Request": "true"})
    assert moved.status_code == 200
    assertContains(
        moved, '<div class="messages" id="messages" role="status" hx-swap-oob="true"></div>'
    )
    assertNotContains(moved, "Kept in this browser only.")


# --- what the table says at once: the claim said back, the computer's counts -----------


def claim_waited(source, points=lambda p: p > 0, play_kind=None):
    """Whether the player is to claim a ``source`` move or count that scores ``points``
    (in the play, a card laid whose items include ``play_kind``, when given)."""

    def until(game, engine):
        pending = engine.pending
        if pending is None or pending.player != HUMAN or pending.source is not source:
            return False
        if source is Source.PLAY:
            turn = engine.deal.play.turns[pending.turn]
            if turn.is_go:
                return False
            if play_kind and play_kind not in {item.kind.value for item in turn.items}:
                return False
        return points(pending.points)

    return until


def said(page) -> str:
    """The claim said back on the page, its markup."""
    match = re.search(r'<p class="said said--\w+" role="status">(.*?)</p>', page.text, re.S)
    assert match, "no claim said back"
    return match.group(1)


def test_a_fifteen_not_pegged_in_the_play_is_said_at_once_and_shown_as_the_computers(
    client, player
):
    game = advance(new_game(client), claim_waited(Source.PLAY, play_kind="fifteen"))
    engine = game.engine
    card = engine.deal.play.turns[engine.pending.turn].card
    points = engine.pending.points
    client.post(f"/play/{game.pk}/move/", {"move": game.moves, "action": "claim", "total": 0})
    page = client.get(f"/play/{game.pk}/")
    words = said(page)
    assert f"Your {card.short_label} made fifteen" in words
    assert f"You pegged 0: the computer takes the {points} (muggins)." in words
    # The card's words in the play say the points went to the computer.
    assertContains(page, '<span class="pegged pegged--taken">fifteen two')
    assertContains(page, f"the computer took {points}</span>")


def test_a_short_hand_count_is_said_with_its_cards_on_the_next_screen(client, player):
    game = advance(new_game(client), claim_waited(Source.HAND, points=lambda p: p >= 4))
    engine = game.engine
    result = engine.claim_items(engine.pending)
    points = engine.pending.points
    client.post(
        f"/play/{game.pk}/move/", {"move": game.moves, "action": "claim", "total": points - 2}
    )
    words = said(client.get(f"/play/{game.pk}/"))
    assert f"Your hand is {points}: " in words
    assert f"You claimed {points - 2}: the computer takes 2 (muggins)." in words
    for card in (*result.hand, result.starter):
        assert f'aria-label="{card.label}"' in words


def test_an_over_claim_in_the_play_is_said_corrected_at_once(client, player):
    game = advance(new_game(client), claim_waited(Source.PLAY, points=lambda p: p == 0))
    engine = game.engine
    turn = engine.deal.play.turns[engine.pending.turn]
    client.post(f"/play/{game.pk}/move/", {"move": game.moves, "action": "claim", "total": 2})
    words = said(client.get(f"/play/{game.pk}/"))
    assert words == (
        f"Your {turn.card.short_label} made nothing: the count is {turn.count}. "
        "You claimed 2: 2 too many, corrected to 0."
    )


def test_a_right_claim_is_not_said_back(client, player):
    game = advance(new_game(client), claim_waited(Source.HAND))
    client.post(
        f"/play/{game.pk}/move/",
        {"move": game.moves, "action": "claim", "total": game.engine.pending.points},
    )
    assertNotContains(client.get(f"/play/{game.pk}/"), '<p class="said')


def test_the_computers_hand_counted_first_is_shown_where_yours_is_asked(client, player):
    def as_dealer(game, engine):
        return claim_waited(Source.HAND, points=lambda p: True)(game, engine) and (
            engine.deal.dealer == HUMAN
        )

    game = advance(new_game(client), as_dealer)
    counted = game.engine.deal.counts[0].result
    page = client.get(f"/play/{game.pk}/").text
    shown = re.search(r'<p class="counted">(.*?)</p>', page, re.S)
    assert shown, "the computer's count is not shown"
    assert escape(f"The computer's hand: {counted.total}") in shown.group(1)
    assert counted.announce.capitalize()[:20] in shown.group(1)
    for card in (*counted.hand, counted.starter):
        assert f'aria-label="{card.label}"' in shown.group(1)
    assert page.index('class="counted"') < page.index('id="count-now-heading"')


def test_at_the_pause_the_score_line_says_the_deal_just_played(client, player):
    game = advance(new_game(client), lambda g, e: g.pauses_after(e))
    paused = game.pauses_after(game.engine)
    page = client.get(f"/play/{game.pk}/")
    assertContains(page, f"after deal {paused}")
    assertNotContains(page, f"· deal {paused + 1},")
    assertContains(page, f"Deal {paused}: you ")


@pytest.mark.parametrize("cap", [1, 3])
def test_a_guests_least_recently_played_unfinished_game_is_resigned_past_the_cap(client, cap):
    with override_settings(GUEST_UNFINISHED_GAMES=cap):
        games = [new_game(client) for _ in range(cap)]
        throw_two(client, games[0])  # played last: the least recently played is another
        oldest = games[1] if cap > 1 else games[0]
        page = client.post("/play/new/", {"level": "greedy", "counting": "manual"}, follow=True)
    assertContains(page, f"a guest keeps {cap} unfinished games at most")
    oldest.refresh_from_db()
    assert oldest.winner == "computer" and oldest.finished_at
    assert oldest.engine.resigned == HUMAN
    unfinished = Game.objects.filter(guest_key=oldest.guest_key, winner="")
    assert unfinished.count() == cap
    assert page.redirect_chain[-1][0] == f"/play/{unfinished.latest('pk').pk}/"


@override_settings(GUEST_UNFINISHED_GAMES=1)
def test_an_accounts_unfinished_games_are_not_capped(client, player):
    first = new_game(client)
    new_game(client)
    first.refresh_from_db()
    assert not first.is_over
    assert Game.objects.filter(user=player, winner="").count() == 2


def test_an_over_claim_waits_as_which_did_you_count_wrongly_with_what_is_not_there(client, player):
    from quizzes.domain.marking import Answer, mark_answer

    def unexplained_over_by_two(game, engine):
        if not claim_waited(Source.HAND)(game, engine):
            return False
        marking = mark_answer(
            engine.claim_items(engine.pending), Answer(total=engine.pending.points + 2)
        )
        return not marking.explained and marking.question is None

    game = advance(new_game(client), unexplained_over_by_two)
    client.post(
        f"/play/{game.pk}/move/",
        {"move": game.moves, "action": "claim", "total": game.engine.pending.points + 2},
    )
    game = advance(Game.objects.get(pk=game.pk), lambda g, e: g.pauses_after(e))
    page = client.get(f"/play/{game.pk}/").text
    scoreline = re.search(r'<p class="scoreline">(.*?)</p>', page, re.S).group(1)
    assert "a question waits: which did you count wrongly?" in scoreline
    assert "which did you miss?" not in scoreline
    assert "Which did you count wrongly? You added 2 points too many." in page
    assert ">A fifteen that is not there</button>" in page
    assert ">A pair that is not there</button>" in page
