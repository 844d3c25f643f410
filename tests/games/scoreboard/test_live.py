"""Two phones scoring one game on a real server (gunicorn, two workers of two threads, on a
database of the suite's kind, PostgreSQL in CI): entries sent at the same moment from both
all land, one after the other, with nothing lost."""

import re
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.server import Database, Player, gunicorn, production_env

pytestmark = [pytest.mark.live, pytest.mark.live_database]
ROUNDS = 8


def test_entries_sent_at_once_from_two_phones_all_land_in_order(
    tmp_path, live_template, live_static
):
    with live_template.copy(tmp_path) as url:
        env = production_env(url, live_static)
        with gunicorn(env, workers=2, threads=2) as base:
            first, second = Player(base), Player(base)
            status, path, page = first.post(
                "/scoreboard/new/",
                players="2", name_1="Ann", name_2="Bo", dealer="1", length="1", me="1",
            )  # fmt: skip
            assert status == 200, page
            token = re.fullmatch(r"/scoreboard/([\w-]+)/", path).group(1)
            code = re.search(r'class="sb-code">(\w+)<', page).group(1)
            status, followed, _ = second.get(f"/scoreboard/join/?code={code}")
            assert (status, followed) == (200, path)
            at_once = threading.Barrier(2)

            def peg(phone: Player, seat: str, points: int):
                at_once.wait(timeout=30)
                return phone.post(
                    f"/scoreboard/{token}/peg/",
                    seat=seat, what="play", points=str(points), key=f"{seat}-{points}",
                )  # fmt: skip

            with ThreadPoolExecutor(max_workers=2) as pool:
                for n in range(1, ROUNDS + 1):
                    sent = [pool.submit(peg, first, "0", n), pool.submit(peg, second, "1", n)]
                    assert [future.result()[0] for future in sent] == [200, 200]

            db = Database(url)
            board = db.one("SELECT id FROM games_scoreboard WHERE token = ?", token)
            versions = [
                row[0]
                for row in db.rows(
                    "SELECT version FROM games_scoreboardchange WHERE board_id = ? "
                    "ORDER BY version",
                    board,
                )
            ]
            assert versions == list(range(1, 2 * ROUNDS + 1))
            each = sum(range(1, ROUNDS + 1))
            status, _, page = second.get(f"/scoreboard/{token}/")
            assert status == 200
            scores = re.findall(r'class="sb-score">(\d+)<', page)
            assert scores == [str(each), str(each)]
            assert db.one("SELECT version FROM games_scoreboard WHERE id = ?", board) == 2 * ROUNDS
