"""``crib discard --players 3|4``: five cards, one thrown, for a seat at the table."""

import io
import json
import sys

import pytest

from cribbage.cards import parse_cards
from cribbage.cli import main
from cribbage.discard import Role, discard_options

FIVE = ("5H", "5D", "JS", "4C", "KD")


@pytest.fixture
def crib(capsys, monkeypatch):
    """Run ``crib`` with these arguments (and this stdin): its status, stdout and stderr."""

    def run(*args, stdin=""):
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        try:
            status = main(list(args))
        except SystemExit as exit:  # argparse's usage errors exit from parse_args
            status = exit.code
        out, err = capsys.readouterr()
        return status, out, err

    return run


@pytest.mark.parametrize(
    ("players", "flag", "seat"),
    [
        (3, "--dealer", Role.DEALER),
        (3, "--opponent", Role.OPPONENT),
        (3, "--pone", Role.OPPONENT),
        (4, "--dealer", Role.DEALER),
        (4, "--partner", Role.PARTNER),
        (4, "--opponent", Role.OPPONENT),
    ],
)
def test_json_names_the_table_and_the_seat_and_gives_the_five_choices(crib, players, flag, seat):
    status, out, err = crib("discard", *FIVE, "--players", str(players), flag, "--json")
    assert status == 0, err
    answer = json.loads(out)
    assert answer["cards"] == list(FIVE)
    assert (answer["players"], answer["seat"]) == (players, seat.value)
    options = discard_options(parse_cards(FIVE), seat, players=players)
    assert answer["options"] == [
        {
            "keep": [c.code for c in o.keep],
            "throw": [c.code for c in o.throw],
            "hand_ev": o.hand_ev,
            "crib_ev": o.crib_ev,
            "net_ev": o.net_ev,
        }
        for o in options
    ]
    assert answer["options"][0]["throw"] == ["4C"]


def test_text_like_the_two_player_table(crib):
    status, out, _ = crib("discard", *FIVE, "--players", "4", "--partner")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "5H 5D JS 4C KD at 4 players as the dealer's partner: net = hand + crib"
    assert lines[3] == "  5D 5H JS KD  4C      12.3830   4.5813  16.9643"
    assert len(lines) == 3 + 5
    _, opponent, _ = crib("discard", *FIVE, "--players", "3", "--opponent")
    assert "as an opponent: net = hand - crib" in opponent


def test_stdin_one_deal_a_line(crib):
    status, out, _ = crib(
        "discard", "--players", "3", "--dealer", stdin="5H 5D JS 4C KD\n5H 5D JS 4C KD 2S\n"
    )
    first, second = (json.loads(line) for line in out.splitlines())
    assert status == 0
    assert first["seat"] == "dealer" and len(first["options"]) == 5
    assert second == {"error": "a 3-player hand to discard from has 5 cards, got 6"}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((*FIVE, "2S", "--players", "3", "--dealer"), "a 3-player hand to discard from has 5"),
        ((*FIVE[:4], "--players", "4", "--opponent"), "has 5 cards, got 4"),
        ((*FIVE, "--players", "3", "--partner"), "a table of 3 has no partners"),
        ((*FIVE, "2S", "--partner"), "a table of 2 has no partners"),
        ((*FIVE, "--players", "5", "--dealer"), "invalid choice: 5"),
        ((*FIVE, "--players", "4", "--dealer", "--crib-model", "good"), "for two players"),
        ((*FIVE, "--players", "3"), "--dealer --pone --partner --opponent"),
    ],
)
def test_a_wrong_table_seat_or_count_is_a_clear_error(crib, args, message):
    status, out, err = crib("discard", *args)
    assert status == 2
    assert out == ""
    assert message in err
    assert "Traceback" not in err


def test_opponent_at_two_players_is_the_pone(crib):
    six = ("5H", "5C", "6D", "JS", "QH", "2C")
    assert crib("discard", *six, "--opponent", "--json") == crib(
        "discard", *six, "--pone", "--json"
    )
