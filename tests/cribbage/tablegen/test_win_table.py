"""The win table worked out: the chances from deal outcomes in the order of the game, the
deals played the same whatever process plays them, and the files written the same."""

import os
import subprocess
import sys
from collections import Counter

from cribbage import data
from cribbage.tablegen.selfplay import DealOutcome, play_deals
from cribbage.tablegen.win_table import SEED, texts, work_out
from cribbage.win_table import DEAL_POINTS_FILE, FILE


def test_the_chances_are_worked_out_in_the_order_of_the_game():
    # every deal: the pone pegs 1 and counts 10, the dealer pegs 0 and shows 30
    deal = DealOutcome(0, 1, 0, 10, 20, 10, 0.0, 0.0)
    chances = work_out([deal])
    assert chances[110][110] == 1.0  # the pone counts first: 121
    assert chances[109][91] == 0.0  # the pone reaches 120, the dealer 121
    assert chances[0][0] < 0.5  # dealing is worth 19 points a deal here
    both = DealOutcome(0, 5, 5, 0, 0, 0, 0.0, 0.0)
    assert work_out([both])[116][116] == 0.5  # both would peg out: half the game each


def test_the_deals_are_the_same_on_one_process_or_two():
    """Each deal is played from its own seed with empty memos, and put back in order: the
    table does not depend on which process played what."""
    assert play_deals(4, SEED, workers=1) == play_deals(4, SEED, workers=2)


def test_the_deals_are_the_same_whatever_order_sets_come_in():
    """Each run of ``make tables`` hashes strings (and so orders sets of cards) its own way:
    the deals played do not depend on it."""
    code = (
        "from cribbage.tablegen.selfplay import play_deals\n"
        f"print(play_deals(2, {SEED!r}, workers=1))"
    )
    played = {
        subprocess.run(
            [sys.executable, "-c", code],
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in ("1", "2")
    }
    assert len(played) == 1


def test_the_files_are_what_the_generator_writes_for_their_figures():
    """The shipped figures, written again, give the shipped files byte for byte. (They were
    played by an earlier strong, as their header says: ``make tables`` plays today's, and
    gives other figures.)"""
    table = [[int(cell) for cell in row[1:]] for row in data.rows(FILE)]
    assert [int(row[0]) for row in data.rows(FILE)] == list(range(121))
    deals = {"pone": Counter(), "dealer": Counter()}
    for role, play, hand, count in data.rows(DEAL_POINTS_FILE):
        deals[role][int(play), int(hand)] = int(count)
    notes = [
        line.removeprefix("# ")
        for line in data.text(FILE).splitlines()[4:]
        if line.startswith("# ") and not line.startswith("# Row p")
    ]
    made = texts(table, deals["pone"], deals["dealer"], data.made_by(FILE)["revision"], notes)
    assert made == {FILE: data.text(FILE), DEAL_POINTS_FILE: data.text(DEAL_POINTS_FILE)}
    assert sum(deals["pone"].values()) == sum(deals["dealer"].values()) == 6000
