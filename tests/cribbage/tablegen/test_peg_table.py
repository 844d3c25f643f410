"""The pegging table worked out again: a sample of its rows, as ``make tables`` works each
out (a row depends on its four ranks only), against the shipped file."""

import pytest

from cribbage import data
from cribbage.peg_table import FILE, play_value_of
from cribbage.tablegen.peg_table import HANDS, row, text, work_out

SHIPPED = data.rows(FILE)


@pytest.mark.parametrize("ranks", [(1, 2, 5, 10), (5, 5, 6, 6), (7, 8, 12, 13)])
def test_the_table_is_what_the_search_works_out(ranks):
    assert work_out(ranks) == play_value_of(ranks)


@pytest.mark.parametrize("index", [0, len(HANDS) - 1])
def test_a_sample_of_rows_worked_out_again_is_the_shipped_file(index):
    assert list(row(HANDS[index])) == SHIPPED[index]


def test_the_file_is_what_the_generator_writes_for_its_rows():
    assert text(SHIPPED, data.made_by(FILE)["revision"]) == data.text(FILE)
    assert [word for word, *_ in SHIPPED] == [
        "".join("A23456789TJQK"[rank - 1] for rank in hand) for hand in HANDS
    ]
