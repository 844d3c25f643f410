"""What the tables' files say made them: the command, the seed and a revision that hashes
the engine's sources the generator runs."""

import pytest

from cribbage import data
from cribbage.tablegen import ENGINE, TABLES, _sources, data_file, revision
from cribbage.tablegen.win_table import INPUTS


def named(module):
    return {path.relative_to(ENGINE).as_posix() for path in _sources(module)}


def test_the_revision_hashes_the_sources_the_generator_runs():
    peg = named("cribbage.tablegen.peg_table")
    assert {"tablegen/peg_table.py", "search.py", "cards.py", "tablegen/__init__.py"} <= peg
    assert "computer.py" not in peg and "tablegen/selfplay.py" not in peg
    win = named("cribbage.tablegen.win_table")
    assert {"computer.py", "tablegen/selfplay.py", "peg_out.py", "crib_model.py"} <= win
    assert revision("cribbage.tablegen.peg_table") == revision("cribbage.tablegen.peg_table")
    assert len(revision("cribbage.tablegen.win_table", INPUTS)) == 12
    assert revision("cribbage.tablegen.win_table", INPUTS) != revision(
        "cribbage.tablegen.win_table"
    )


def test_a_data_files_header_names_what_made_it():
    text = data_file("A table.", "make it", "seed-1", "abc", ["a note"], ("a", "b"), [(1, 2)])
    assert text == (
        "# A table.\n# command: make it\n# seed: seed-1\n# revision: abc\n# a note\na,b\n1,2\n"
    )


@pytest.mark.parametrize("name", ["crib_model.csv", "peg_table.csv", "win_table.csv"])
def test_each_shipped_file_names_its_command_seed_and_revision(name):
    made = data.made_by(name)
    assert made["command"].startswith("python -m cribbage.tablegen ")
    assert made["command"].split()[-1] in TABLES
    assert made["seed"] and made["revision"]
