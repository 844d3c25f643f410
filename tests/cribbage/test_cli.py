"""The ``crib`` command, run in-process through ``main``, and once as the installed script."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cribbage.cards import parse_cards
from cribbage.discard import CribModel, Role, discard_options

from .test_discard import RANDOM_MODEL_FIGURES

CRIB = shutil.which("crib", path=str(Path(sys.executable).parent)) or "crib"


def test_the_installed_crib_command_reads_stdin_and_writes_json():
    done = subprocess.run(
        [CRIB, "peg", "--players", "3"],
        input="7H 7D 7S 5H 5D 8C TC TD go go 3C TS 4C 9C\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["totals"] == {"1": 0, "2": 10, "3": 7}


def test_count_json_of_the_29_hand(crib):
    done = crib("count", "5H", "5C", "5S", "JD", "5D", "--json")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["hand"] == ["5H", "5C", "5S", "JD"]
    assert answer["starter"] == "5D"
    assert answer["crib"] is False
    assert answer["total"] == 29
    assert {item["kind"] for item in answer["items"]} == {"fifteen", "pair", "nobs"}
    assert sum(item["points"] for item in answer["items"]) == 29
    assert {"kind": "fifteen", "cards": ["5C", "5D", "5H"], "points": 2} in answer["items"]
    assert {"kind": "nobs", "cards": ["JD"], "points": 1} in answer["items"]
    assert answer["announce"].endswith("makes twenty-nine")


def test_count_text_and_crib_rules(crib):
    done = crib("count", "2h,4h,6h,8h", "TS")
    assert done.returncode == 0
    assert "flush" in done.stdout and "Total: 4" in done.stdout
    done = crib("count", "--crib", "--json", "2H 4H 6H 8H TS")
    assert json.loads(done.stdout)["total"] == 0


def test_count_reads_one_deal_a_line_from_stdin_and_goes_on_past_a_bad_line(crib):
    done = crib("count", stdin="5H 5C 5S JD 5D\n1H 5C 5S JD 5D\n\n5H 5C 5S JD\n4H 4C 5S 5D 6H\n")
    assert done.returncode == 0
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [line.get("total") for line in lines] == [29, None, None, 24]
    assert lines[1] == {"error": "'1H' is not a card: ranks are A 2-10 J Q K"}
    assert "expected 5 cards" in lines[2]["error"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["count", "1H", "5C", "5S", "JD", "5D"], "'1H' is not a card"),
        (["count", "5H", "5C", "5S", "JD"], "expected 5 cards"),
        (["count", "5H", "5C", "5S", "JD", "5H"], "5H appears twice"),
        (["peg", "KH", "QH", "JH", "5H"], "count may not pass 31"),
        (["peg", "go"], "'go' with no card laid"),
        (["discard", "5H", "5C", "6D", "JS", "QH", "--dealer"], "expected 6 cards, got 5"),
        (["discard", "5H", "5C", "6D", "JS", "QH", "2C"], "--dealer --pone"),
        (
            ["discard", "5H", "5C", "6D", "JS", "QH", "2C", "--pone", "--crib-model", "best"],
            "'best' is not good or random",
        ),
        (["shuffle"], "invalid choice: 'shuffle'"),
        (
            ["peg", "--players", "2", "KH", "QH", "KC", "go", "go", "5D", "KD", "QD", "go", "JS"],
            "crib peg: J♠ (card 7) would make the count 35: player 2 must play a card that "
            "fits or say go",
        ),
        (["peg", "--players", "3", "5H", "TH", "5H"], "'5H' (card 3) was laid already"),
        (
            ["peg", "--players=2", "KH QH KC AD KD QD 5C 6C 4S"],
            "'4S' (card 9) comes after the play is over: all 8 cards are down",
        ),
        (["peg", "--players", "2", "go"], "'go' (before any card) cannot be said at count 0"),
        (["peg", "--players", "2", "5H", "XX"], "'XX' (card 2) is not a card"),
        (["peg", "--players", "5", "5H"], "--players: invalid choice: 5 (choose from 2, 3, 4)"),
        (["peg", "--players", "1", "5H"], "--players: invalid choice: 1 (choose from 2, 3, 4)"),
        (["peg", "--players", "two", "5H"], "--players: invalid int value: 'two'"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_status_2(crib, args, message):
    done = crib(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    assert message in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert "Traceback" not in done.stderr


def test_peg_json(crib):
    done = crib("peg", "6H", "4C", "5D", "--json")
    assert json.loads(done.stdout) == {
        "plays": [
            {"card": "6H", "count": 6, "points": 0, "items": []},
            {"card": "4C", "count": 10, "points": 0, "items": []},
            {
                "card": "5D",
                "count": 15,
                "points": 5,
                "items": [{"kind": "fifteen", "points": 2}, {"kind": "run", "points": 3}],
            },
        ]
    }


def test_peg_without_players_prints_what_it_always_has(crib):
    assert crib("peg", "6H", "4C", "5D", "go", "9S", "KS").stdout == (
        "6H  count  6\n"
        "4C  count 10\n"
        "5D  count 15   fifteen 2, run 3, go 1 = 6\n"
        "9S  count  9\n"
        "KS  count 19\n"
        "Total: 6\n"
    )
    assert crib("peg", "--json", "KH QC 9D go 5S").stdout == (
        '{"plays": [{"card": "KH", "count": 10, "points": 0, "items": []}, '
        '{"card": "QC", "count": 20, "points": 0, "items": []}, '
        '{"card": "9D", "count": 29, "points": 1, "items": [{"kind": "go", "points": 1}]}, '
        '{"card": "5S", "count": 5, "points": 0, "items": []}]}\n'
    )


def test_peg_go_and_stdin(crib):
    done = crib("peg", stdin="KH QC 9D go 5S 5C\nKH KC 3D 4S 4C\nKH go go\n")
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert lines[0]["plays"][2]["items"] == [{"kind": "go", "points": 1}]
    assert lines[0]["plays"][4]["items"] == [{"kind": "pair", "points": 2}]
    assert lines[1]["plays"][-1]["items"] == [
        {"kind": "thirty-one", "points": 2},
        {"kind": "pair", "points": 2},
    ]
    assert "error" in lines[2]


TWO_PLAYERS = "TC 5D 7S 6H go 2C go 6D 4H 4S"  # Bob (1) and Alice, who deals (2)
THREE_PLAYERS = "7H 7D 7S 5H 5D 8C TC TD go go 3C TS 4C 9C"  # David, Eve, Claire deals


def test_peg_players_json_of_the_two_player_example(crib):
    done = crib("peg", "--players", "2", "--json", *TWO_PLAYERS.split())
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {
        "players": 2,
        "plays": [
            {"card": "TC", "count": 10, "points": 0, "items": [], "player": 1},
            {
                "card": "5D",
                "count": 15,
                "points": 2,
                "items": [{"kind": "fifteen", "points": 2, "name": "fifteen"}],
                "player": 2,
            },
            {"card": "7S", "count": 22, "points": 0, "items": [], "player": 1},
            {
                "card": "6H",
                "count": 28,
                "points": 3,
                "items": [{"kind": "run", "points": 3, "name": "run of three"}],
                "player": 2,
            },
            {
                "card": "2C",
                "count": 30,
                "points": 1,
                "items": [{"kind": "go", "points": 1, "name": "go"}],
                "player": 2,
            },
            {"card": "6D", "count": 6, "points": 0, "items": [], "player": 1},
            {"card": "4H", "count": 10, "points": 0, "items": [], "player": 2},
            {
                "card": "4S",
                "count": 14,
                "points": 3,
                "items": [
                    {"kind": "pair", "points": 2, "name": "pair"},
                    {"kind": "last-card", "points": 1, "name": "last card"},
                ],
                "player": 1,
            },
        ],
        "totals": {"1": 3, "2": 6},
        "over": True,
    }


def test_peg_players_json_of_the_three_player_example(crib):
    done = crib("peg", "--players", "3", "--json", THREE_PLAYERS)
    answer = json.loads(done.stdout)
    laid = [(p["player"], p["card"], p["count"], p["points"]) for p in answer["plays"]]
    assert laid == [
        (1, "7H", 7, 0),
        (2, "7D", 14, 2),
        (3, "7S", 21, 6),
        (1, "5H", 26, 0),
        (2, "5D", 31, 4),
        (3, "8C", 8, 0),
        (1, "TC", 18, 0),
        (2, "TD", 28, 2),
        (2, "3C", 31, 2),
        (3, "TS", 10, 0),
        (1, "4C", 14, 0),
        (3, "9C", 23, 1),
    ]
    assert answer["plays"][2]["items"] == [{"kind": "pair", "points": 6, "name": "pair royal"}]
    assert answer["totals"] == {"1": 0, "2": 10, "3": 7}
    assert answer["over"] is True


def test_peg_players_text_has_a_line_a_turn_then_the_totals(crib):
    done = crib("peg", "--players", "2", TWO_PLAYERS.replace(" ", ","))
    assert done.returncode == 0
    assert done.stdout == (
        "player 1  TC  count 10\n"
        "player 2  5D  count 15   fifteen 2 = 2\n"
        "player 1  7S  count 22\n"
        "player 2  6H  count 28   run of three 3 = 3\n"
        "player 1  go  count 28\n"
        "player 2  2C  count 30   go 1 = 1\n"
        "player 2  go  count 30\n"
        "player 1  6D  count  6\n"
        "player 2  4H  count 10\n"
        "player 1  4S  count 14   pair 2, last card 1 = 3\n"
        "Total for player 1: 3\n"
        "Total for player 2 (dealer): 6\n"
    )


def test_peg_players_text_of_a_play_in_progress(crib):
    done = crib("peg", "--players", "4", "7H 9D")
    assert done.stdout.splitlines()[2:] == [
        "The play goes on: 2 of 16 cards are down",
        "Total for player 1: 0",
        "Total for player 2: 0",
        "Total for player 3: 0",
        "Total for player 4 (dealer): 0",
    ]


def test_peg_players_reads_a_play_a_line_and_goes_on_past_a_bad_line(crib):
    done = crib(
        "peg",
        "--players",
        "2",
        stdin=f"{TWO_PLAYERS}\nKH go go go\n\nKH QH 5C go 3C\n5H 5H\n",
    )
    assert done.returncode == 0
    assert done.stderr == ""
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(lines) == 4
    assert lines[0]["totals"] == {"1": 3, "2": 6}
    assert lines[1] == {
        "error": "'go' (after card 1) cannot be said at count 0: a new series starts, every "
        "card fits, so player 2 must lead"
    }
    assert [play["player"] for play in lines[2]["plays"]] == [1, 2, 1, 1]
    assert lines[2]["over"] is False
    assert lines[3] == {"error": "'5H' (card 2) was laid already: each card is in the deck once"}


def test_discard_json(crib):
    done = crib("discard", "5H", "5C", "6D", "JS", "QH", "2C", "--dealer", "--json")
    answer = json.loads(done.stdout)
    assert answer["cards"] == ["5H", "5C", "6D", "JS", "QH", "2C"]
    assert answer["role"] == "dealer"
    assert len(answer["options"]) == 15
    best = answer["options"][0]
    assert sorted(best["keep"]) == ["5C", "5H", "JS", "QH"] and sorted(best["throw"]) == [
        "2C",
        "6D",
    ]
    assert (round(best["hand_ev"], 4), round(best["crib_ev"], 4), round(best["net_ev"], 4)) == (
        12.6957,
        4.3709,
        17.0666,
    )
    assert best["crib_ev"] != round(best["crib_ev"], 4)  # full precision
    # The play's estimate stands beside the exact figures, never in them.
    assert isinstance(best["pegging_ev"], float)
    assert best["net_ev"] == pytest.approx(best["hand_ev"] + best["crib_ev"])


def test_discard_json_names_its_crib_model_random_by_default(crib):
    six = ("7S", "8D", "QC", "KC", "3D", "QD")
    default = json.loads(crib("discard", *six, "--pone", "--json").stdout)
    random_model = json.loads(
        crib("discard", *six, "--pone", "--json", "--crib-model", "random").stdout
    )
    good = json.loads(crib("discard", *six, "--pone", "--json", "--crib-model", "good").stdout)
    assert default["crib_model"] == random_model["crib_model"] == "random"
    assert good["crib_model"] == "good"
    assert default == random_model
    options = discard_options(parse_cards(six), Role.PONE)
    assert [o["crib_ev"] for o in default["options"]] == [o.crib_ev for o in options]
    good_options = discard_options(parse_cards(six), Role.PONE, CribModel.GOOD)
    assert [o["crib_ev"] for o in good["options"]] == [o.crib_ev for o in good_options]
    assert good["options"] != default["options"]


@pytest.mark.parametrize(("hand", "role"), list(RANDOM_MODEL_FIGURES))
def test_crib_model_random_gives_the_figures_crib_discard_always_gave(crib, hand, role):
    done = crib("discard", *hand.split(), f"--{role.value}", "--crib-model", "random", "--json")
    answer = json.loads(done.stdout)
    assert {
        " ".join(option["throw"]): (option["hand_ev"], option["crib_ev"])
        for option in answer["options"]
    } == RANDOM_MODEL_FIGURES[hand, role]


def test_discard_text_names_its_crib_model(crib):
    six = ("7S", "8D", "QC", "KC", "3D", "QD")
    assert "at random" in crib("discard", *six, "--dealer").stdout
    good = crib("discard", *six, "--dealer", "--crib-model", "good").stdout
    assert "like a good player" in good


def test_discard_stdin_as_pone(crib):
    done = crib("discard", "--pone", stdin="5H 5C 6D JS QH 2C\n5H 5C\n")
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert first["role"] == "pone"
    option = first["options"][0]
    assert option["net_ev"] == pytest.approx(option["hand_ev"] - option["crib_ev"])
    assert second == {"error": "expected 6 cards, got 2"}


def test_stats_json(crib):
    done = crib("stats", "--json")
    answer = json.loads(done.stdout)
    assert answer["rules"] == "hand"
    assert answer["deals"] == 12_994_800
    assert list(answer["counts"]) == [str(n) for n in range(30)]
    assert answer["counts"]["29"] == 4 and answer["counts"]["19"] == 0
    assert answer["mean"] == pytest.approx(4.769152, abs=1e-6)
    crib_rules = json.loads(crib("stats", "--crib", "--json").stdout)
    assert crib_rules["rules"] == "crib"
    assert sum(crib_rules["counts"].values()) == 12_994_800
