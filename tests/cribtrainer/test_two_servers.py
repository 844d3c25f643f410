"""Two app servers on one database, as behind a load balancer: one player's requests go to
each in turn, and everything stays consistent. On the suite's kind of database (a SQLite
file, or PostgreSQL under `make test-postgres`); the cache the limits count in is the
database's, which both share.
"""

import csv
import io
import itertools
import json
import random
import re
from contextlib import ExitStack

import pytest
from django.conf import settings

from cribbage.game import Claim, Discard, Go, Lay, Phase
from cribbage.game import Game as EngineGame
from games.models import HUMAN
from tests.server import Database, Player, gunicorn, production_env

pytestmark = [pytest.mark.live, pytest.mark.live_database]

PASSWORD = "a-pair-royal-is-six"


@pytest.fixture(scope="module")
def servers(tmp_path_factory, live_template, live_static):
    workdir = tmp_path_factory.mktemp("two-servers")
    with live_template.copy(workdir) as url:
        env = production_env(url, live_static)
        with ExitStack() as stack:
            bases = [stack.enter_context(gunicorn(env, workers=1)) for _ in range(2)]
            yield bases, Database(url)


class Browser:
    """One browser whose requests a load balancer sends to each server in turn."""

    def __init__(self, bases: list[str]):
        first = Player(bases[0])
        self.players = [first]
        for base in bases[1:]:
            other = Player(base)
            other.cookies, other.opener = first.cookies, first.opener
            self.players.append(other)
        self.turn = itertools.cycle(self.players)

    def get(self, path):
        return next(self.turn).get(path)

    def post(self, path, **fields):
        return next(self.turn).post(path, **fields)


def attempts_csv(browser) -> list[dict]:
    status, _, body = browser.get("/accounts/attempts.csv")
    assert status == 200
    return list(csv.DictReader(io.StringIO(body)))


def deal_id(path: str, kind: str = "quiz") -> int:
    return int(re.fullmatch(rf"/{'play' if kind == 'game' else kind}/(\d+)/", path).group(1))


def test_sign_up_log_in_and_answers_across_both_servers(servers):
    bases, db = servers
    browser = Browser(bases)
    status, path, _ = browser.post(
        "/accounts/signup/", username="roundabout", password1=PASSWORD, password2=PASSWORD
    )
    assert (status, path) == (200, "/progress/")
    assert browser.get("/accounts/")[0] == 200  # logged in on the other server too
    browser.post("/accounts/logout/")
    assert browser.get("/accounts/")[1] == "/accounts/login/"
    status, path, _ = browser.post("/accounts/login/", username="roundabout", password=PASSWORD)
    assert (status, path) == (200, "/progress/")
    deals = []
    for _ in range(4):
        status, path, _ = browser.post("/quiz/new/", mode="hand")
        assert status == 200
        deals.append(deal_id(path))
    for deal in deals:
        # Each answer sent twice, once to each server: one attempt.
        for _ in range(2):
            assert browser.post(f"/quiz/{deal}/answer/", total="0")[0] == 200
    assert len(attempts_csv(browser)) == len(deals)
    user = db.one("SELECT id FROM auth_user WHERE username = ?", "roundabout")
    assert db.one("SELECT COUNT(*) FROM quizzes_attempt WHERE user_id = ?", user) == len(deals)


def play_a_whole_game(browser, db, game: int) -> int:
    """The player's moves, each to the next server, and each sent a second time to the
    other (a double click the balancer split): how many moves the player made."""
    rng = random.Random(game)
    for made in range(1000):
        state, moves, seen = db.rows(
            "SELECT state, moves, deals_seen FROM games_game WHERE id = ?", game
        )[0]
        engine = EngineGame.from_dict(json.loads(state) if isinstance(state, str) else state)
        if engine.is_over:
            return made
        assert engine.to_move == HUMAN
        deal = engine.deal
        if engine.phase is Phase.DISCARD and not deal.thrown[HUMAN] and deal.number - 1 > seen:
            # The deal just over stands until Next deal, sent to both servers: one effect.
            for _ in range(2):
                assert browser.post(f"/play/{game}/move/", move=str(moves), action="next")[0] == 200
            assert db.one("SELECT deals_seen FROM games_game WHERE id = ?", game) == deal.number - 1
            continue
        if engine.pending is not None:
            action = Claim(HUMAN, engine.pending.points)
        else:
            action = rng.choice([a for a in engine.legal_actions() if not isinstance(a, Claim)])
        fields = {"move": str(moves)}
        if isinstance(action, Discard):
            fields |= {"action": "discard", "throw": [card.code for card in action.cards]}
        elif isinstance(action, Lay):
            fields |= {"action": "lay", "card": action.card.code}
        elif isinstance(action, Go):
            fields |= {"action": "go"}
        else:
            fields |= {"action": "claim", "total": str(action.points)}
        assert browser.post(f"/play/{game}/move/", **fields)[0] == 200
        after = db.one("SELECT moves FROM games_game WHERE id = ?", game)
        assert after > moves
        assert browser.post(f"/play/{game}/move/", **fields)[0] == 200
        assert db.one("SELECT moves FROM games_game WHERE id = ?", game) == after  # no effect
    raise AssertionError("the game did not end")


def test_a_whole_game_across_both_servers_has_one_effect_per_move(servers):
    bases, db = servers
    browser = Browser(bases)
    browser.post("/accounts/signup/", username="gamer", password1=PASSWORD, password2=PASSWORD)
    status, path, _ = browser.post("/play/new/", level="greedy", counting="manual")
    assert status == 200
    game = deal_id(path, "game")
    assert play_a_whole_game(browser, db, game) > 20
    moves, winner = db.rows("SELECT moves, winner FROM games_game WHERE id = ?", game)[0]
    assert winner in ("human", "computer")
    actions = db.rows("SELECT number FROM games_gameaction WHERE game_id = ? ORDER BY number", game)
    assert [number for (number,) in actions] == list(range(moves))
    assert (
        f"{'You won' if winner == 'human' else 'The computer won'}"
        in browser.get(f"/play/{game}/")[2]
    )


def test_a_guests_practice_moves_into_the_account_across_both_servers(servers):
    bases, db = servers
    browser = Browser(bases)
    status, path, _ = browser.post("/quiz/new/", mode="hand")
    deal = deal_id(path)
    browser.post(f"/quiz/{deal}/answer/", total="0")
    status, path, _ = browser.post("/play/new/", level="greedy", counting="manual")
    game = deal_id(path, "game")
    status, path, _ = browser.post(
        "/accounts/signup/", username="was-a-guest", password1=PASSWORD, password2=PASSWORD
    )
    assert (status, path) == (200, "/progress/")
    user = db.one("SELECT id FROM auth_user WHERE username = ?", "was-a-guest")
    assert [row["hand"] for row in attempts_csv(browser)]
    assert db.one("SELECT user_id FROM quizzes_deal WHERE id = ?", deal) == user
    assert db.one("SELECT user_id FROM games_game WHERE id = ?", game) == user
    assert db.one("SELECT COUNT(*) FROM quizzes_attempt WHERE user_id IS NULL") == 0


def test_the_log_in_lockout_is_tripped_across_both_servers_and_seen_by_both(servers):
    bases, _ = servers
    owner = Browser(bases)
    owner.post("/accounts/signup/", username="locked", password1=PASSWORD, password2=PASSWORD)
    owner.post("/accounts/logout/")
    guesser = Browser(bases)
    statuses = [
        guesser.post("/accounts/login/", username="locked", password="wrong")[0]
        for _ in range(settings.LOGIN_FAILURES_PER_USERNAME)
    ]
    assert statuses == [200] * (settings.LOGIN_FAILURES_PER_USERNAME - 1) + [429]
    for player in guesser.players:  # each server refuses even the right password now
        assert player.post("/accounts/login/", username="locked", password=PASSWORD)[0] == 429
