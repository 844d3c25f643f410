"""Two phones scoring one game on a real server (gunicorn, two workers of two threads, on a
database of the suite's kind, PostgreSQL in CI): entries sent at the same moment from both
all land, one after the other, with nothing lost; an entry whose worker is killed (kill -9)
mid-way leaves the board as it was."""

import os
import re
import signal
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

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


def _workers(base: str) -> list[int]:
    """The gunicorn workers serving ``base``: the processes started with its address whose
    parent was too (the master's children)."""
    bind = f"--bind={base.removeprefix('http://')}".encode()
    found = {}
    for proc in Path("/proc").iterdir():
        try:
            if proc.name.isdigit() and bind in (proc / "cmdline").read_bytes():
                status = (proc / "status").read_text()
                found[int(proc.name)] = int(re.search(r"PPid:\s+(\d+)", status).group(1))
        except OSError:
            continue  # ended meanwhile
    return [pid for pid, parent in found.items() if parent in found]


def test_an_entry_killed_mid_way_leaves_the_board_as_it_was(tmp_path, live_template, live_static):
    with live_template.copy(tmp_path) as url:
        env = production_env(url, live_static)
        with gunicorn(env, workers=1, threads=1) as base:
            phone = Player(base)
            status, path, page = phone.post(
                "/scoreboard/new/",
                players="2", name_1="Ann", name_2="Bo", dealer="1", length="1", me="1",
            )  # fmt: skip
            assert status == 200, page
            status, _, _ = phone.post(f"{path}peg/", seat="1", what="play", points="2", key="a")
            assert status == 200
            db = Database(url)
            token = path.strip("/").split("/")[-1]
            board = db.one("SELECT id FROM games_scoreboard WHERE token = ?", token)
            workers = _workers(base)
            assert len(workers) == 1
            # The board's row held by another transaction: the entry waits on it mid-way,
            # and its worker is killed there.
            held = db.held_open("UPDATE games_scoreboard SET code = code WHERE id = ?", board)
            with held, ThreadPoolExecutor(max_workers=1) as pool:
                sent = pool.submit(
                    phone.post, f"{path}peg/", seat="0", what="play", points="3", key="b"
                )
                time.sleep(1)
                assert not sent.done()
                os.kill(workers[0], signal.SIGKILL)
                try:
                    answered = sent.result(timeout=30)[0]
                except OSError:  # the connection closed with no answer
                    answered = None
                assert answered is None or answered >= 500
            assert db.one("SELECT version FROM games_scoreboard WHERE id = ?", board) == 1
            assert db.rows(
                "SELECT version FROM games_scoreboardchange WHERE board_id = ?", board
            ) == [(1,)]
            # The master's new worker serves the board as it was, and the next entry lands.
            status, _, page = phone.get(path)
            assert status == 200
            assert re.findall(r'class="sb-score">(\d+)<', page) == ["0", "2"]
            status, _, page = phone.post(f"{path}peg/", seat="0", what="play", points="3", key="c")
            assert status == 200
            assert re.findall(r'class="sb-score">(\d+)<', page) == ["3", "2"]
