"""Progress survives stopping and starting the server."""

import csv
import io
import re

from tests.server import Player, gunicorn, live_database, prepare, production_env

PASSWORD = "a-long-pass-phrase-for-tests"


def csv_rows(player):
    status, _, body = player.get("/accounts/attempts.csv")
    assert status == 200
    return list(csv.DictReader(io.StringIO(body)))


def test_progress_survives_a_restart(tmp_path):
    with live_database(tmp_path) as url:
        env = production_env(url, tmp_path / "static")
        prepare(env)
        with gunicorn(env) as base:
            player = Player(base)
            status, path, _ = player.post(
                "/accounts/signup/", username="restarter", password1=PASSWORD, password2=PASSWORD
            )
            assert (status, path) == (200, "/progress/")
            _, path, _ = player.post("/quiz/new/", mode="mixed")
            deal_id = re.fullmatch(r"/quiz/(\d+)/", path).group(1)
            player.post(f"/quiz/{deal_id}/answer/", total="5")
            before = csv_rows(player)
            assert len(before) == 1

        with gunicorn(env) as base:
            player.base = base  # the same browser, its session cookie kept
            assert csv_rows(player) == before
            status, _, page = player.get(f"/quiz/{deal_id}/")
            assert status == 200
            assert "Check my count" not in page  # answered already: feedback, not the form

            newcomer = Player(base)
            status, path, _ = newcomer.post(
                "/accounts/login/", username="restarter", password=PASSWORD
            )
            assert (status, path) == (200, "/progress/")
            assert csv_rows(newcomer) == before
