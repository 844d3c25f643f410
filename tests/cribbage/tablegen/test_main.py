"""``python -m cribbage.tablegen`` (``make tables``): every table made in its order and
written byte for byte the same each time, on one process or two."""

import pytest

from cribbage.tablegen import crib_model, peg_table, win_table
from cribbage.tablegen.__main__ import main


def test_the_command_knows_only_the_tables():
    with pytest.raises(SystemExit):
        main(["no_such_table"])


@pytest.mark.slow
def test_the_tables_made_twice_are_the_same_bytes(tmp_path, monkeypatch):
    """Made small (20 deals settled, 2 hands searched, 2 deals played), as they are made."""
    monkeypatch.setattr(crib_model, "DEALS", 20)
    monkeypatch.setattr(peg_table, "HANDS", peg_table.HANDS[:2])
    monkeypatch.setattr(win_table, "DEALS", 2)
    # The revision hashes the sources as they are on disk: fixed here, so that an edit
    # elsewhere while the test runs cannot tell the two makings apart.
    for generator in (crib_model, peg_table, win_table):
        monkeypatch.setattr(generator, "revision", lambda *_: "fixed")
    made = {}
    for workers in ("1", "2"):
        out = tmp_path / workers
        out.mkdir()
        main(["--out", str(out), "--workers", workers])
        made[workers] = {path.name: path.read_bytes() for path in sorted(out.iterdir())}
    assert made["1"] == made["2"]
    assert sorted(made["1"]) == [
        "crib_model.csv",
        "crib_throws.csv",
        "deal_points.csv",
        "peg_table.csv",
        "win_table.csv",
    ]
    assert b"seed: crib-model-1, 20 deals" in made["1"]["crib_model.csv"]
