"""/play/ at three and four players, through the Django test client: the new-game form's
``players``, whole games posted move by move to the end, the table's tracks and seats,
muggins to West, and a two-player game saved before (state version 1) still loading."""

import json
from pathlib import Path

import pytest
from pytest_django.asserts import assertContains

from cribbage.computer import choose
from cribbage.game import Counting, Source
from cribbage.game import Game as EngineGame
from cribbage.hints import discard_hint
from games.models import HUMAN, Game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("seeded")]
HTMX = {"HX-Request": "true"}
STORED = json.loads((Path(__file__).parents[1] / "cribbage" / "data" / "game_v1.json").read_text())


def new_game(client, **data) -> Game:
    response = client.post(
        "/play/new/", {"level": "strong", "counting": "manual", **data}, follow=False
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    return Game.objects.get(pk=int(response["Location"].split("/")[2]))


def play_through(client, game: Game, *, miss_every: int = 0) -> tuple[Game, int]:
    """Post the player's moves until the game is over: the first card that fits, the
    first card of five thrown, each claim right (or, every ``miss_every``-th, nothing),
    Next deal at each pause; every few moves through htmx. The game, and the points the
    player left unclaimed."""
    missed = moves = 0
    for _ in range(2000):
        game.refresh_from_db()
        engine = game.engine
        if engine.is_over:
            return game, missed
        data = {"move": game.moves}
        if game.pauses_after(engine):
            data["action"] = "next"
        elif engine.pending is not None:
            assert engine.to_move == HUMAN
            points = engine.pending.points
            moves += 1
            if miss_every and moves % miss_every == 0:
                missed += points
                points = 0
            data |= {"action": "claim", "total": points}
        elif engine.deal.play is None:
            assert engine.to_move == HUMAN
            each = 2 if engine.players == 2 else 1
            data |= {
                "action": "discard",
                "throw": [c.code for c in engine.deal.dealt[HUMAN][:each]],
            }
        else:
            assert engine.to_move == HUMAN
            fitting = engine.deal.play.playable(engine.deal.held(HUMAN))
            data |= {"action": "lay", "card": fitting[0].code}  # a go is made for the player
        headers = HTMX if game.moves % 5 == 0 else {}
        response = client.post(f"/play/{game.pk}/move/", data, headers=headers)
        assert response.status_code == (200 if headers else 302), response.content.decode()[:3000]
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("players", [3, 4])
def test_a_whole_game_of_three_or_four_is_played_through_the_page(client, players):
    game = new_game(client, players=players)
    assert game.players == players and game.engine.players == players
    page = client.get(f"/play/{game.pk}/")
    assert page.status_code == 200
    assertContains(page, "Throw one to")
    # One tap throws a card: a button for each of the five, no JS needed.
    assert page.content.decode().count('type="submit" name="throw"') == 5
    names = ("West", "East") if players == 3 else ("West", "North", "East")
    for name in names:
        assertContains(page, name)
    game, missed = play_through(client, game, miss_every=7)
    engine = game.engine
    assert engine.is_over and game.is_over
    assert game.state["version"] == 2 and game.state["players"] == players
    # What the player missed went to West (seat 1), the next opponent in turn.
    muggins = [peg for peg in engine.pegs if peg.source is Source.MUGGINS]
    assert {peg.player for peg in muggins} <= {1}
    assert sum(peg.points for peg in muggins) <= missed
    assert missed == 0 or muggins or engine.claims[-1].missed
    assert game.human_score == min(engine.scores[HUMAN], 121)
    winner = engine.result.winner
    assert game.winner == ("human" if winner == HUMAN else "computer")
    page = client.get(f"/play/{game.pk}/")
    assert page.status_code == 200
    assertContains(page, "match point")
    assertContains(page, f'href="/play/{game.pk}/review/"')
    if players == 3:
        assertContains(page, "judges it on the runner-up")
    else:
        assertContains(page, "You and North")
        assertContains(page, "West and East")
    # The board: a track a player at three, one a team at four.
    tracks = page.content.decode().count('class="board-label"')
    assert tracks == (3 if players == 3 else 2)


def test_the_table_shows_each_players_laid_cards_and_whose_turn(client):
    game = new_game(client, players=4, counting="automatic")
    engine = game.engine
    code = engine.deal.dealt[HUMAN][0].code
    response = client.post(
        f"/play/{game.pk}/move/", {"move": game.moves, "action": "discard", "throw": [code]}
    )
    assert response.status_code == 302
    game.refresh_from_db()
    engine = game.engine
    assert engine.deal.play is not None
    page = client.get(f"/play/{game.pk}/", headers=HTMX).content.decode()
    assert 'id="table"' in page and "(your partner)" in page
    laid = [turn for turn in engine.deal.play.turns if turn.card is not None]
    for turn in laid:
        assert turn.card.label in page or turn.card.code in page
    assert "laid" in page and "to play" in page


@pytest.mark.parametrize(
    ("data", "named"),
    [
        ({"players": 5}, "There is no game of “5” players: play 2, 3 or 4."),
        ({"players": "four"}, "There is no game of “four” players"),
        ({"players": 3, "match": 4}, "There is no match of “4” games: play 1, 3, 5 or 7."),
    ],
)
def test_a_number_of_players_the_game_has_not_is_named(client, data, named):
    response = client.post("/play/new/", {"level": "greedy", "counting": "manual", **data})
    assert response.status_code == 400
    assertContains(response, named, status_code=400)
    assert not Game.objects.exists()


def test_throwing_two_at_three_is_named(client):
    game = new_game(client, players=3)
    game.refresh_from_db()
    engine = game.engine
    assert engine.to_move == HUMAN  # the computers before the player have thrown
    codes = [card.code for card in engine.deal.dealt[HUMAN][:2]]
    response = client.post(
        f"/play/{game.pk}/move/", {"move": game.moves, "action": "discard", "throw": codes}
    )
    assert response.status_code == 400
    assertContains(response, "Throw one card to the crib: you chose 2.", status_code=400)


def test_two_players_is_the_default_and_plays_as_before(client):
    game = new_game(client)
    assert game.players == 2 and game.state["version"] == 1 and "players" not in game.state
    page = client.get(f"/play/{game.pk}/")
    assertContains(page, "Throw these two")


def test_a_two_player_game_saved_before_still_loads_and_plays(client, player):
    # The stored state of version 1 (tests/cribbage/data/game_v1.json) loads as it was.
    stored = EngineGame.from_dict(json.loads(STORED["state"]))
    assert stored.players == 2 and json.dumps(stored.to_dict()) == STORED["state"]
    # A two-player game saved as version 1 before this change, mid-play: it loads and
    # is played to its end through the page.
    engine = EngineGame.new("saved-before", human=HUMAN, counting=Counting.MANUAL)
    while engine.deal.play is None or len(engine.deal.play.turns) < 3:
        engine = engine.apply(choose(engine, "classic"))
    state = engine.to_dict()
    assert state["version"] == 1 and "players" not in state
    game = Game.objects.create(
        user=player, seed=engine.seed, level="classic", counting="manual", state=state
    )
    assert game.players == 2
    page = client.get(f"/play/{game.pk}/")
    assert page.status_code == 200
    assertContains(page, "Computer")
    game, _ = play_through(client, game)
    assert game.is_over and game.engine.players == 2 and game.state["version"] == 1


@pytest.mark.parametrize("players", [3, 4])
def test_the_games_list_the_review_and_the_state_of_a_table_game(client, players):
    game = new_game(client, players=players, counting="automatic")
    game, _ = play_through(client, game)
    listed = client.get("/play/")
    assertContains(listed, f"{players} players, against strong")
    assert client.get("/progress/").status_code == 200
    # The review of a game of three or four answers, never with a 500.
    assert client.get(f"/play/{game.pk}/review/").status_code in (200, 400)
    state = client.get(f"/play/{game.pk}/state.json")
    assert state.status_code == 200 and state.json()["players"] == players


@pytest.mark.parametrize("players", [3, 4])
def test_hints_at_three_and_four_name_the_computers_choice(client, players):
    game = new_game(client, players=players, hints="on", counting="automatic")
    assert game.hints
    page = client.get(f"/play/{game.pk}/").content.decode()
    engine = game.engine
    hint = discard_hint(engine, HUMAN)
    (card,) = hint.best.throw
    assert f"Hint: throw the {card.label}" in page
    assert f"/discard/?players={players}&amp;cards=" in page
    client.post(
        f"/play/{game.pk}/move/",
        {"move": game.moves, "action": "discard", "throw": [card.code]},
    )
    game.refresh_from_db()
    assert game.hints_used == 1
    engine = game.engine
    if engine.to_move == HUMAN and len(engine.legal_actions()) > 1:
        page = client.get(f"/play/{game.pk}/").content.decode()
        assert "Hint: lay the" in page
