"""The scoreboard of a real game: an entry (a peg by number or a count checked from its
cards, htmx, the scoreboard drawn back), the board page, and a follow update (the second
phone's poll once the first has pegged: the board drawn again), against their targets of
15, 10 and 5 ms median server time, with ``/healthz`` in the same run as the floor every
request pays; the poll that finds nothing changed (204) is shown beside them.

Whole games of two, three and four players are scored through Django's test client as
two phones at one table score them: the first pegs what its pad offers next (the play,
then the show in its order, one hand of each deal checked from its cards), the second
polls. The measurement runs in a child process with its own throwaway SQLite database
and production settings, like the other page benchmarks.
"""

import random
import re

from tests.bench import run_in_child
from tests.bench.bench_game import _timed, median, summary

GAMES = 3
PLAYERS = (2, 3, 4)
ENTRY_TARGET_MS = 15.0
PAGE_TARGET_MS = 10.0
FOLLOW_TARGET_MS = 5.0
HEALTHZ_TIMES = 300
HTMX = {"HX-Request": "true"}
NAMES = ("Ann", "Bo", "Cy", "Di")
RANKS = "A23456789TJQK"
SUITS = "CDHS"
HAND_POINTS = (0, 2, 4, 4, 6, 7, 8, 10, 12)


def run():
    run_in_child("tests.bench.bench_scoreboard")


def _measure() -> None:
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client

    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)  # /healthz reads the cache
    call_command("collectstatic", verbosity=0, interactive=False)
    first, second = Client(), Client()
    for _ in range(20):  # warm up: templates compiled, caches filled
        first.get("/healthz")
    healthz = [_timed(first.get, "/healthz")[1] for _ in range(HEALTHZ_TIMES)]
    print(f"/healthz: {summary(healthz)}")
    rng = random.Random(36)
    for players in PLAYERS:
        times = {"entry": [], "page": [], "follow": [], "unchanged": []}
        for _ in range(GAMES):
            _score_a_game(first, second, rng, players, times)
        for name, label, target in (
            ("entry", "an entry, htmx, the scoreboard drawn back", ENTRY_TARGET_MS),
            ("page", "the board page", PAGE_TARGET_MS),
            ("follow", "a follow update, the board drawn again", FOLLOW_TARGET_MS),
            ("unchanged", "a poll of an unchanged board (204)", FOLLOW_TARGET_MS),
        ):
            verdict = "ok" if median(times[name]) <= target else "OVER TARGET"
            shown = f"{label}, {players} players: {summary(times[name])}"
            print(f"{shown} (target ≤ {target:g}) {verdict}")


def _score_a_game(first, second, rng: random.Random, players: int, times: dict) -> None:
    data = {"players": str(players), "dealer": "1", "length": "1", "me": "1"}
    data.update({f"name_{n + 1}": NAMES[n] for n in range(players)})
    response = first.post("/scoreboard/new/", data)
    assert response.status_code == 302, response.content[:300]
    board = response["Location"]
    response = second.get(board)
    assert response.status_code == 200
    version, shown = _shown(response.content.decode())
    deck = []
    plays = 0
    for _ in range(2000):
        response, ms = _timed(first.get, board)
        assert response.status_code == 200
        times["page"].append(ms)
        page = response.content.decode()
        if "sb-ending" in page or 'id="pad"' not in page:
            return
        seat = re.search(r'name="seat" value="(\d)" checked', page).group(1)
        what = re.search(r'name="what" value="(\w+)" checked', page).group(1)
        if what == "play" and plays < 2 * players:
            plays += 1
            path, fields = "peg/", {"seat": seat, "what": "play", "points": rng.choice("11223")}
        elif what == "play":
            path, fields = "peg/", {"seat": seat, "fixed": "last"}
        elif what == "hand" and not deck:  # the deal's first hand: checked from its cards
            deck = [rank + suit for rank in RANKS for suit in SUITS]
            rng.shuffle(deck)
            path = "count/"
            fields = {"seat": seat, "crib": "", "hand": ",".join(deck[1:5])}
            fields.update(starter=deck[0], peg="right")
        else:
            points = str(rng.choice(HAND_POINTS))
            path, fields = "peg/", {"seat": seat, "what": what, "points": points}
            if what == "crib":
                deck, plays = [], 0
        fields["key"] = f"{rng.getrandbits(48):x}"
        response, ms = _timed(first.post, board + path, fields, headers=HTMX)
        assert response.status_code == 200, (fields, response.content[:500])
        refused = re.findall(r'role="alert">([^<]*)', response.content.decode())
        assert not refused, (fields, refused)
        times["entry"].append(ms)
        since = {"since": str(version), "shown": shown}
        response, ms = _timed(second.get, board, since, headers=HTMX)
        assert response.status_code == 200, response.status_code
        times["follow"].append(ms)
        version, shown = _shown(response.content.decode())
        response, ms = _timed(second.get, board, {"since": str(version)}, headers=HTMX)
        assert response.status_code == 204
        times["unchanged"].append(ms)
    raise AssertionError("the game did not end")


def _shown(page: str) -> tuple[int, str]:
    """The version and the phase a page shows, as its poll sends them."""
    found = re.search(r'data-version="(\d+)".*?shown=([\w-]+)"', page, re.S)
    return int(found.group(1)), found.group(2)


if __name__ == "__main__":
    _measure()
