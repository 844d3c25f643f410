"""The trainer served by gunicorn on the suite's kind of database (a SQLite file, or
PostgreSQL under `make test-postgres`): many players answering at once, every attempt
recorded exactly once; progress that survives a restart of the server.
"""

import copy
import csv
import html
import io
import re
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor, wait

import pytest

from cribbage.cards import parse_card, parse_cards
from quizzes.domain.marking import Answer
from quizzes.models import Deal
from quizzes.services.answers import settled_marks
from tests.server import Database, Player, gunicorn, production_env

pytestmark = [pytest.mark.live, pytest.mark.live_database]

PLAYERS = 6
DEALS_EACH = 4
DOUBLE_SUBMITS = 8


@pytest.fixture(scope="module")
def live(tmp_path_factory, live_template, live_static):
    """The servers' base URL and their database's."""
    workdir = tmp_path_factory.mktemp("concurrency")
    with live_template.copy(workdir) as url:
        env = production_env(url, live_static)
        with gunicorn(env, workers=4, threads=2) as base:
            yield base, url


@pytest.fixture(scope="module")
def server(live):
    return live[0]


def deal_hand(player):
    status, path, _ = player.post("/quiz/new/", mode="mixed")
    assert status == 200
    return int(re.fullmatch(r"/quiz/(\d+)/", path).group(1))


def attempts_of(player):
    status, _, body = player.get("/accounts/attempts.csv")
    assert status == 200
    return list(csv.DictReader(io.StringIO(body)))


def test_concurrent_answers_are_each_recorded_exactly_once(server):
    players = [Player(server) for _ in range(PLAYERS)]
    deals = {player: [deal_hand(player) for _ in range(DEALS_EACH)] for player in players}
    double_submitter, (doubled, *_) = players[0], deals[players[0]]
    at_once = threading.Barrier(DOUBLE_SUBMITS)

    def answer(player, deal_id, total):
        return player.post(f"/quiz/{deal_id}/answer/", total=str(total))

    def double_submit(total):
        at_once.wait(timeout=30)
        return answer(double_submitter, doubled, total)

    with ThreadPoolExecutor(max_workers=24) as pool:
        # Each double submit claims a different total, none of them the singles' 7.
        doubles = [pool.submit(double_submit, 10 + n) for n in range(DOUBLE_SUBMITS)]
        singles = [
            pool.submit(answer, player, deal_id, 7)
            for player, ids in deals.items()
            for deal_id in ids
            if deal_id != doubled
        ]
        replies = [future.result() for future in doubles + singles]

    assert [status for status, _, _ in replies] == [200] * len(replies)
    for player in players:
        rows = attempts_of(player)
        assert len(rows) == DEALS_EACH, "an attempt was lost or recorded twice"
        # The record kept as the counts were saved, all at once, agrees with them.
        right = sum(row["right"] == "yes" for row in rows)
        _, _, page = player.get("/progress/")
        assert f"<dt>Counted</dt><dd>{DEALS_EACH}</dd>" in page
        assert f"<dt>Right</dt><dd>{right} <small>" in page
    (recorded,) = [row for row in attempts_of(double_submitter) if row["claimed"] != "7"]
    # Every double submit was shown the feedback of the one attempt that was recorded.
    (shown,) = {verdict(body) for _, _, body in replies[:DOUBLE_SUBMITS]}
    claimed = recorded["claimed"]
    assert shown in (f"✓ Right: {claimed}", f"✗ Not quite: it scores {recorded['points']}")


def verdict(page):
    heading = re.search(r'<h1 id="quiz-heading"[^>]*>(.*?)</h1>', page, re.S).group(1)
    return " ".join(heading.split())


PASSWORD = "a-long-pass-phrase-for-tests"


def pattern_table(page) -> dict[str, tuple[int, int]]:
    """The progress page's accuracy per pattern: seen and right, by the pattern's name."""
    rows = re.findall(
        r'<tr><th scope="row">([^<]*)</th><td>[^<]*</td><td>(\d+)</td><td>(\d+)</td>', page
    )
    return {html.unescape(name): (int(seen), int(right)) for name, seen, right in rows}


def marked(rows) -> dict[str, tuple[int, int]]:
    """Seen and right per pattern, as marking each count of ``rows`` (the CSV's) gives it."""
    seen, right = Counter(), Counter()
    for row in rows:
        crib = row["counted_as"] == "crib"
        deal = Deal.from_cards(parse_cards(row["hand"]), parse_card(row["starter"]), crib=crib)
        marking = deal.mark(Answer(total=int(row["claimed"])))
        for pattern, missed in settled_marks(marking).items():
            seen[pattern.label] += 1
            right[pattern.label] += not missed
    return {label: (seen[label], right[label]) for label in seen}


def test_one_players_answers_at_once_all_count_in_accuracy_per_pattern(server):
    player = Player(server)
    deals = [deal_hand(player) for _ in range(DOUBLE_SUBMITS)]
    at_once = threading.Barrier(len(deals))

    def answer(n, deal_id):
        at_once.wait(timeout=30)
        return player.post(f"/quiz/{deal_id}/answer/", total=str(n % 3 * 4))

    with ThreadPoolExecutor(max_workers=len(deals)) as pool:
        replies = list(pool.map(answer, range(len(deals)), deals))

    assert [status for status, _, _ in replies] == [200] * len(deals)
    rows = attempts_of(player)
    assert len(rows) == len(deals)
    _, _, page = player.get("/progress/")
    expected = marked(rows)
    assert expected  # 0, 4 or 8 claimed of eight hands: some marks are known
    assert pattern_table(page) == expected


def waiting_on_a_lock(database: Database, request) -> bool:
    """Whether ``request`` (a future) is held up by a lock in the database: PostgreSQL says
    so of its session; SQLite cannot, so it is still unanswered after a while."""
    if database.is_sqlite:
        return not wait([request], timeout=0.5).done
    waiting = (
        "SELECT count(*) FROM pg_stat_activity"
        " WHERE datname = current_database() AND wait_event_type = 'Lock'"
    )
    for _ in range(100):
        if database.one(waiting):
            return True
        time.sleep(0.1)
    return False


def test_a_miss_explained_as_another_answer_makes_the_same_record_counts_in_both(live):
    """ "Which did you miss?" answered while another answer of the player's is saving the
    first record of the same pattern: on PostgreSQL the two inserts clash and the
    explanation is tried again, on SQLite it waits its turn; both count either way."""
    server, url = live
    database, player = Database(url), Player(server)
    deal_id = deal_hand(player)
    # The hand whose 12 two misses explain (as in tests/quizzes/services/test_answers.py).
    database.execute(
        "UPDATE quizzes_deal SET hand = ?, starter = ?, crib = ? WHERE id = ?",
        *("4C 6D 5D 4S", "9C", False, deal_id),
    )
    status, _, page = player.post(f"/quiz/{deal_id}/answer/", total="12")
    assert status == 200
    pair = re.search(r'name="choice" value="(\d+)" class="button">The pair of fours in', page)
    assert pair, "the question of which was missed is not asked"
    ((user_id, guest_key),) = database.rows(
        "SELECT user_id, guest_key FROM quizzes_deal WHERE id = ?", deal_id
    )
    another_answer = (
        "INSERT INTO quizzes_patternrecord (user_id, guest_key, pattern, seen, missed)"
        " VALUES (?, ?, 'double-run', 1, 0)"
    )
    with (
        ThreadPoolExecutor(max_workers=1) as pool,
        database.held_open(another_answer, user_id, guest_key),
    ):
        explained = pool.submit(player.post, f"/quiz/{deal_id}/explain/", choice=pair.group(1))
        assert waiting_on_a_lock(database, explained)
    assert explained.result()[0] == 200
    _, _, page = player.get("/progress/")
    table = pattern_table(page)
    assert table["double run"] == (2, 1)  # the other answer's, right; this one's, missed
    assert table["fifteen of two cards"] == (1, 1)


def test_a_double_clicked_signup_logs_the_browser_in(server):
    browser = Player(server)
    browser.get("/accounts/signup/")
    at_once = threading.Barrier(4)

    def sign_up():
        at_once.wait(timeout=30)
        return browser.post(
            "/accounts/signup/", username="clicker", password1=PASSWORD, password2=PASSWORD
        )

    with ThreadPoolExecutor(max_workers=4) as pool:
        replies = [future.result() for future in [pool.submit(sign_up) for _ in range(4)]]
    assert [(status, path) for status, path, _ in replies] == [(200, "/progress/")] * 4
    status, _, page = browser.get("/accounts/")
    assert (status, "Signed in as <strong>clicker</strong>" in page) == (200, True)


def csv_rows(player):
    status, _, body = player.get("/accounts/attempts.csv")
    assert status == 200
    return list(csv.DictReader(io.StringIO(body)))


def other_tab(browser):
    """Another tab of the same browser: the same cookies, as they are now."""
    tab = Player(browser.base)
    for cookie in browser.cookies:
        tab.cookies.set_cookie(copy.copy(cookie))
    return tab


def test_an_answer_sent_while_the_same_browser_logs_in_is_the_accounts(server):
    signup = Player(server)
    status, path, _ = signup.post(
        "/accounts/signup/", username="racer", password1=PASSWORD, password2=PASSWORD
    )
    assert (status, path) == (200, "/progress/")
    started = time.monotonic()
    signup.post("/accounts/login/", username="racer", password=PASSWORD)
    login_takes = time.monotonic() - started

    rounds = 12
    for n in range(rounds):
        browser = Player(server)
        deal_id = deal_hand(browser)
        tab = other_tab(browser)  # its answer goes out with the guest's cookie
        with ThreadPoolExecutor(max_workers=2) as pool:
            login = pool.submit(
                browser.post, "/accounts/login/", username="racer", password=PASSWORD
            )
            # From well before the log-in moves the guest's deals to well after it.
            time.sleep(login_takes * 1.5 * n / (rounds - 1))
            answer = pool.submit(tab.post, f"/quiz/{deal_id}/answer/", total="0")
            assert login.result()[:2] == (200, "/progress/")
            status, path, page = answer.result()
        assert (status, path) == (200, f"/quiz/{deal_id}/"), f"round {n}: {page[-600:]}"
        assert verdict(page).startswith(("✓ Right", "✗ Not quite"))

    owner = Player(server)
    owner.post("/accounts/login/", username="racer", password=PASSWORD)
    assert len(csv_rows(owner)) == rounds, "an answer was lost or left with the guest"
    status, _, review = owner.get("/progress/review/")
    assert status == 200
    assert 'class="box"' in review  # the missed patterns are in the account's queue


def test_behind_a_proxy_lockouts_follow_the_client_not_the_proxy(
    tmp_path, live_template, live_static
):
    """The attack run's repro, on gunicorn with PROXY_COUNT=1: five wrong passwords from
    one client do not lock the owner out from another; a client guessing many usernames is
    locked out after AXES_ADDRESS_FAILURE_LIMIT (20) failures, for every username."""
    with live_template.copy(tmp_path) as url:
        env = {**production_env(url, live_static), "PROXY_COUNT": "1"}
        with gunicorn(env) as base:
            owner = Player(base)
            owner.post(
                "/accounts/signup/", username="owner", password1=PASSWORD, password2=PASSWORD
            )
            attacker = Player(base)
            from_attacker = {"X-Forwarded-For": "6.6.6.6"}
            replies = [
                attacker.post("/accounts/login/", from_attacker, username="owner", password="x")[0]
                for _ in range(5)
            ]
            assert replies == [200, 200, 200, 200, 429]
            status, path, _ = Player(base).post(
                "/accounts/login/",
                {"X-Forwarded-For": "1.1.1.1"},
                username="owner",
                password=PASSWORD,
            )
            assert (status, path) == (200, "/progress/")

            guesser = Player(base)
            from_guesser = {"X-Forwarded-For": "7.7.7.7, 8.8.8.8"}  # the proxy appended 8.8.8.8
            replies = [
                guesser.post("/accounts/login/", from_guesser, username=f"u{n}", password="x")[0]
                for n in range(22)
            ]
            assert replies == [200] * 19 + [429] * 3
            status, _, page = guesser.post(
                "/accounts/login/", from_guesser, username="owner", password=PASSWORD
            )
            assert status == 429
            assert "20 failed log-ins from your address" in page


def test_progress_survives_a_restart(tmp_path, live_template, live_static):
    with live_template.copy(tmp_path) as url:
        env = production_env(url, live_static)
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
