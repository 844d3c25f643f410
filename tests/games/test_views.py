import random

import pytest
from django.utils import timezone
from pytest_django.asserts import assertContains

from counter.cribbage.cards import DECK
from counter.cribbage.game import Claim, Source
from games.models import HUMAN, Game
from games.services import game_move
from quizzes.domain.patterns import Category
from quizzes.models import Attempt
from tests.factories import GameFactory, UserFactory

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


@pytest.fixture
def player(client):
    user = UserFactory()
    client.force_login(user)
    return user


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
    for label in ("Easy (greedy)", "Medium (classic)", "Hard (strong)"):
        assertContains(page, label)


def test_a_game_against_classic_is_played_by_classic(client, player):
    game = new_game(client, level="classic")
    assert game.level == "classic" and game.get_level_display() == "Classic (medium)"
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
    GameFactory(user=player, winner="human", skunk=1, human_score=121, computer_score=80)
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
