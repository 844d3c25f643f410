"""A match of 3, 5 or 7 games at /play/, through the test client: the new-game choice,
the next game dealt by the loser of the last, the majority that ends it, its match points,
the title and the board's match holes, resuming, resigning, progress and bad values."""

import re

import pytest
from django.test import override_settings
from django.utils import timezone
from pytest_django.asserts import assertContains, assertNotContains

from cribbage.computer import Level, choose
from cribbage.game import Claim
from cribbage.match_score import GameOutcome, MatchScore, match_points
from games.board import board
from games.models import COMPUTER, HUMAN, Game, Match
from games.services import game_move, game_next_deal
from tests.factories import UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("seeded")]


def new_game(client, **data) -> Game:
    """A game started from the new-game form, as the player sends it."""
    fields = {"level": "greedy", "counting": "automatic", **data}
    response = client.post("/play/new/", fields)
    assert response.status_code == 302, response.content
    return Game.objects.get(pk=int(response["Location"].split("/")[2]))


def played_out(game: Game) -> Game:
    """The game played to its end, the player moving as the greedy computer would (right
    claims, Next deal at each pause)."""
    for _ in range(2000):
        engine = game.engine
        if engine.is_over:
            return game
        if game.pauses_after(engine):
            game = game_next_deal(game=game, expected=game.moves).game
            continue
        if engine.pending is not None:
            action = Claim(HUMAN, engine.pending.points)
        else:
            action = choose(engine, Level.GREEDY)
        game = game_move(game=game, action=action, expected=game.moves, now=timezone.now()).game
    raise AssertionError("the game never ended")


def next_game(client, game: Game) -> Game:
    """Next game, tapped on the page of ``game``, just ended."""
    response = client.post(f"/play/match/{game.match_id}/next/")
    assert response.status_code == 302, response.content
    return Game.objects.get(pk=int(response["Location"].split("/")[2]))


def outcome(game: Game) -> GameOutcome:
    return GameOutcome.of(game.engine.result)


def test_the_new_game_offers_one_game_or_a_match_of_3_5_or_7(client):
    page = client.get("/play/")
    for length in (1, 3, 5, 7):
        assertContains(page, f'name="match" value="{length}"')
    assertContains(page, "A match of 5: the first to win 3")
    assert re.search(r'name="match" value="1"[^>]*checked', page.text)


def test_a_match_of_three_is_played_to_the_end_the_loser_dealing_first(client, player):
    game = new_game(client, match="3")
    match = game.match
    assert (match.length, game.match_number, match.owner) == (3, 1, game.owner)
    assert game.engine.cuts  # the first game is cut for
    games = [played_out(game)]
    while True:
        match.refresh_from_db()
        ended = games[-1]
        page = client.get(f"/play/{ended.pk}/")
        if match.is_over:
            break
        assertContains(page, "Next game")
        assertContains(page, f'action="/play/match/{match.pk}/next/"')
        after = next_game(client, ended)
        assert after.match_id == match.pk and after.match_number == ended.match_number + 1
        # The loser of the game before deals the first deal of the next, without a cut.
        assert after.engine.deal.dealer == ended.engine.result.loser
        assert after.engine.cuts == ()
        assertContains(client.get(f"/play/{after.pk}/"), "first in this one, as the rules say")
        games.append(played_out(after))
    outcomes = [outcome(played) for played in games]
    expected = MatchScore(3, tuple(outcomes))
    assert expected.is_over and 2 <= len(games) <= 3
    winner = expected.winner
    assert match.winner == ("human" if winner == HUMAN else "computer")
    assert max(expected.won) == 2 and sum(expected.won) == len(games)
    assert (match.human_points, match.computer_points) == expected.points
    points = [sum(match_points(o.skunk) for o in outcomes if o.winner == s) for s in (0, 1)]
    assert list(expected.points) == points
    assert match.finished_at and not match.resigned
    # The last game says who won the match and the match points, and offers no next game.
    won = "You won the match" if winner == HUMAN else "The computer won the match"
    assertContains(page, f"{won} {max(expected.won)}–{min(expected.won)}")  # winner first
    assertContains(
        page,
        f"Match points: you {expected.points[HUMAN]}, the computer {expected.points[COMPUTER]}",
    )
    assertNotContains(page, ">Next game</button>")
    assertContains(page, "Play another match of 3")
    # Next game once the match is over starts nothing: it goes to the last game.
    response = client.post(f"/play/match/{match.pk}/next/")
    assert response["Location"] == f"/play/{games[-1].pk}/"
    assert Game.objects.filter(match=match).count() == len(games)
    # Progress counts the match won or lost, and every game's match points.
    progress = client.get("/progress/")
    won_lost = (1, 0) if winner == HUMAN else (0, 1)
    assertContains(
        progress,
        f"<div><dt>Matches</dt><dd>{won_lost[0]} won, {won_lost[1]} lost "
        "<small>(of 3, 5 or 7 games)</small></dd></div>",
        html=True,
    )
    net = expected.points[HUMAN] - expected.points[COMPUTER]
    assertContains(progress, f"<dt>Match points</dt><dd>{'+' if net > 0 else ''}{net}</dd>")


def test_the_title_and_the_board_show_the_match_score(client, player):
    game = new_game(client, match="5")
    page = client.get(f"/play/{game.pk}/")
    assertContains(page, "<title>Game 1 of 5 · you 0, the computer 0 · You 0 · Computer 0")
    assertContains(page, "<strong>Game 1 of 5 · you 0, the computer 0</strong>", html=True)
    assertContains(page, "games won: you 0, the computer 0, of 3 to win the match")
    assert page.text.count('class="hole match-peg') == 0
    ended = played_out(game)
    page = client.get(f"/play/{ended.pk}/")
    won = outcome(ended).winner
    score = "you 1, the computer 0" if won == HUMAN else "you 0, the computer 1"
    assertContains(page, f"<title>Game 1 of 5 · {score}")
    assert page.text.count(f'class="hole match-peg match-peg--{won + 1}"') == 1
    # Three match holes a player, in one row under the tracks: three games of five win it.
    row = re.findall(r'<circle class="hole( match-peg[^"]*)?" cx="[\d.]+" cy="141.0"', page.text)
    assert len(row) == 6 and sum(bool(peg) for peg in row) == 1
    after = next_game(client, ended)
    page = client.get(f"/play/{after.pk}/", headers={"HX-Request": "true"})
    assertContains(page, f'data-title="Game 2 of 5 · {score} · You 0 · Computer 0 — Cribtrainer"')


@pytest.mark.parametrize(("won", "needed"), [((0, 0), 2), ((1, 3), 4), ((2, 1), 3)])
def test_the_board_has_a_match_hole_a_game_to_win_pegged_for_each_won(won, needed):
    plain = board((10, 20), (0, 0))
    drawn = board((10, 20), (0, 0), games_won=won, games_needed=needed)
    assert plain.match == () and drawn.height > plain.height
    assert drawn.tracks == plain.tracks
    for seat, row in enumerate(drawn.match):
        assert len(row.holes) == needed
        assert [hole.won for hole in row.holes] == [game < won[seat] for game in range(needed)]
        assert all(plain.height < hole.y < drawn.height for hole in row.holes)
    mine, theirs = drawn.match
    assert max(hole.x for hole in mine.holes) < theirs.label_x < drawn.width


def test_next_game_twice_starts_one_game(client, player):
    ended = played_out(new_game(client, match="3"))
    first = next_game(client, ended)
    assert next_game(client, ended) == first
    assert Game.objects.filter(match=ended.match).count() == 2


def test_next_game_before_the_game_ends_goes_back_to_it(client, player):
    game = new_game(client, match="3")
    response = client.post(f"/play/match/{game.match_id}/next/")
    assert response["Location"] == f"/play/{game.pk}/"
    assert Game.objects.filter(match=game.match).count() == 1


def test_resigning_a_game_of_the_match_resigns_the_match(client, player):
    ended = played_out(new_game(client, match="5"))
    game = next_game(client, ended)
    page = client.get(f"/play/{game.pk}/")
    assertContains(page, "Resigning this game resigns the match: the computer wins it.")
    assertContains(page, "Resign: the computer wins the match")
    response = client.post(f"/play/{game.pk}/move/", {"move": game.moves, "action": "resign"})
    assert response.status_code == 302
    match = Match.objects.get(pk=game.match_id)
    assert match.winner == "computer" and match.resigned and match.finished_at
    score = match.score
    assert score.games[-1] == GameOutcome(COMPUTER, skunk=2, resigned=True)
    first = outcome(ended)
    # The resigned game is a double skunk as the scores stood (3), after the first game.
    assert match.computer_points == 3 + (first.points if first.winner == COMPUTER else 0)
    assert match.human_points == (first.points if first.winner == HUMAN else 0)
    page = client.get(f"/play/{game.pk}/")
    assertContains(page, "You resigned the match: the computer wins it")
    assertNotContains(page, ">Next game</button>")
    progress = client.get("/progress/")
    assertContains(
        progress, "<dd>0 won, 1 lost <small>(of 3, 5 or 7 games)</small></dd>", html=True
    )


def test_an_unfinished_match_is_listed_and_resumed_from_the_games_page(client, player):
    game = new_game(client, match="7")
    page = client.get("/play/")
    assertContains(page, "Your matches in play")
    assertContains(
        page,
        f'<a href="/play/{game.pk}/">A match of 7, game 1 in play: you 0, the computer 0</a>',
        html=True,
    )
    assertContains(page, "game 1 of a match of 7, against greedy")
    ended = played_out(game)
    page = client.get("/play/")
    score = "you 1, the computer 0" if outcome(ended).winner == HUMAN else "you 0, the computer 1"
    assertContains(page, f"A match of 7, game 1 over, the next to start: {score}")
    # Its game can't be deleted while the match is played.
    response = client.post(f"/play/{ended.pk}/delete/")
    assert response.status_code == 400
    assertContains(response, "finish the match first", status_code=400)
    assert Game.objects.filter(pk=ended.pk).exists()
    after = next_game(client, ended)
    assertContains(client.get("/play/"), f'<a href="/play/{after.pk}/">', count=2)
    client.post(f"/play/{after.pk}/move/", {"move": after.moves, "action": "resign"})
    assertNotContains(client.get("/play/"), "Your matches in play")


@pytest.mark.parametrize("value", ["2", "9", "0", "three", "-1"])
def test_a_match_length_not_offered_is_named_and_nothing_is_made(client, player, value):
    response = client.post("/play/new/", {"level": "greedy", "counting": "manual", "match": value})
    assert response.status_code == 400
    assertContains(
        response, f"There is no match of “{value}” games: play 1, 3, 5 or 7.", status_code=400
    )
    assert not Game.objects.exists() and not Match.objects.exists()


def test_a_next_game_of_someone_elses_match_is_not_found(client, player):
    game = new_game(client, match="3")
    client.logout()
    assert client.post(f"/play/match/{game.match_id}/next/").status_code == 404


@pytest.mark.parametrize("data", [{}, {"match": "1"}, {"match": ""}])
def test_a_single_game_is_as_before_no_match(client, player, data):
    game = new_game(client, **data)
    assert game.match is None and game.match_number is None and not Match.objects.exists()
    page = client.get(f"/play/{game.pk}/")
    assertContains(page, "<title>You 0 · Computer 0 — Cribtrainer</title>", html=True)
    assertNotContains(page, "match-line")
    assertNotContains(page, "match holes")
    assertContains(page, "Resign: the computer wins</button>")
    client.post(f"/play/{game.pk}/move/", {"move": game.moves, "action": "resign"})
    page = client.get(f"/play/{game.pk}/")
    assertContains(page, '<button type="submit" class="button button--primary">Play again</button>')
    assertNotContains(page, 'name="match"')
    assertNotContains(page, "Next game")


@override_settings(GUEST_UNFINISHED_GAMES=1)
def test_a_guests_next_game_is_limited_and_capped_as_a_new_game(client):
    ended = played_out(new_game(client, match="3"))
    other = new_game(client)  # a single game in play, the guest's one unfinished game
    assert ended.match.owner == other.owner
    response = client.post(f"/play/match/{ended.match_id}/next/")
    assert response.status_code == 302
    other.refresh_from_db()
    assert other.winner == "computer"  # resigned to make room, as for a new game


@override_settings(THROTTLE_GAME_NEW=(1, 60))
def test_next_game_is_counted_with_new_games(client, player):
    ended = played_out(new_game(client, match="3"))
    response = client.post(f"/play/match/{ended.match_id}/next/")
    assert response.status_code == 429
    assert Game.objects.filter(match=ended.match).count() == 1


def test_a_guests_match_moves_into_the_account_they_sign_up_to(client):
    from quizzes.services.guests import attempts_merge

    game = new_game(client, match="3")
    guest = game.guest_key
    assert guest and game.match.guest_key == guest
    user = UserFactory()
    attempts_merge(from_session=guest, to_user=user)
    match = Match.objects.get(pk=game.match_id)
    assert (match.user, match.guest_key) == (user, "")


def test_a_guests_match_is_purged_with_their_games(client):
    from datetime import timedelta

    from quizzes.services.guests import guests_purge

    game = new_game(client, match="3")
    long_ago = timezone.now() - timedelta(days=100)
    Game.objects.filter(pk=game.pk).update(updated_at=long_ago)
    Match.objects.filter(pk=game.match_id).update(updated_at=long_ago)
    purged = guests_purge(inactive_for=timedelta(days=90), now=timezone.now())
    assert purged.rows["matches"] == 1 and purged.rows["games"] == 1
    assert not Match.objects.exists() and not Game.objects.exists()


@pytest.mark.parametrize("players", [3, 4])
def test_a_match_at_three_or_four_is_played_to_the_end_by_side(client, player, players):
    game = new_game(client, match="3", players=str(players))
    match = game.match
    assert (match.length, match.players, game.players) == (3, players, players)
    seating = match.seating
    games = [played_out(game)]
    while True:
        match.refresh_from_db()
        ended = games[-1]
        page = client.get(f"/play/{ended.pk}/")
        assertContains(page, "Match points: you ")
        if match.is_over:
            break
        assertContains(page, "Next game")
        after = next_game(client, ended)
        assert after.players == players and after.match_number == ended.match_number + 1
        # At three the player who came last deals first; at four the losing team's first seat.
        result = ended.engine.result
        assert after.engine.deal.dealer == (result.last if players == 3 else result.loser)
        assert after.engine.cuts == ()
        first = client.get(f"/play/{after.pk}/")
        assertContains(first, "first in this one, as the rules say")
        if players == 3:
            assertContains(first, "came last in game")
            assertContains(first, "at three this game has the player who came last deal first")
        games.append(played_out(after))
    outcomes = tuple(outcome(played) for played in games)
    expected = MatchScore(3, outcomes, seating.sides)
    assert expected.is_over and match.score == expected
    yours = seating.side_of(HUMAN)
    assert match.winner == ("human" if expected.winner == yours else "computer")
    assert match.human_points == expected.points[yours]
    assert match.computer_points == max(
        points for side, points in enumerate(expected.points) if side != yours
    )
    page = client.get(f"/play/{games[-1].pk}/")
    assertContains(page, " won the match ")
    assertNotContains(page, "Next game")
    # Each side's games are its match holes on the board.
    svg = re.search(r"<svg.*?</svg>", page.text, re.S).group(0)
    assert svg.count("match-peg ") == sum(expected.won)
    progress = client.get("/progress/")
    assert progress.status_code == 200


def test_a_match_stored_before_tables_had_matches_loads_as_a_match_of_two(client, player):
    game = new_game(client, match="3")
    Match.objects.filter(pk=game.match_id).update(players=2)  # the column's default
    match = Match.objects.get(pk=game.match_id)
    assert match.score == MatchScore(3)
    assertContains(client.get(f"/play/{game.pk}/"), "Game 1 of 3")
