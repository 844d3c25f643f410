"""Two tabs moving at once in one game, against a real gunicorn: one move is made, the
other finds the game moved on; nothing is lost or made twice."""

import re
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.server import Player, gunicorn, production_env

pytestmark = [pytest.mark.live, pytest.mark.live_database]


def test_two_tabs_moving_at_once_make_one_move(tmp_path, live_template, live_static):
    with live_template.copy(tmp_path) as url:
        env = production_env(url, live_static)
        with gunicorn(env, workers=2, threads=2) as base:
            player = Player(base)
            status, path, page = player.post("/play/new/", level="greedy", counting="manual")
            assert status == 200, page
            game_id = re.fullmatch(r"/play/(\d+)/", path).group(1)
            move = re.search(r'name="move" value="(\d+)"', page).group(1)
            codes = re.findall(r'name="throw" value="(\w+)"', page)
            at_once = threading.Barrier(2)

            def throw(cards):
                at_once.wait(timeout=30)
                return player.post(
                    f"/play/{game_id}/move/", move=move, action="discard", throw=cards
                )

            with ThreadPoolExecutor(max_workers=2) as pool:
                replies = list(pool.map(throw, [codes[0:2], codes[2:4]]))
            assert [status for status, _, _ in replies] == [200, 200]
            status, _, page = player.get(f"/play/{game_id}/")
            assert status == 200
            after = int(re.search(r'name="move" value="(\d+)"', page).group(1))
            # One discard by the player (and the computer's, if it was still to throw).
            assert after - int(move) in (1, 2)
            kept = re.findall(r'<button type="submit" name="card" value="(\w+)"', page)
            thrown_first, thrown_second = set(codes[0:2]), set(codes[2:4])
            assert len(kept) == 4
            assert not (thrown_first <= set(kept)) or not (thrown_second <= set(kept))
