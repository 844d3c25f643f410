"""The engine's tables as data files, each written by ``python -m cribbage.tablegen``.

Each file is CSV: first comment lines (``#``) saying what made it (the command, the seed,
the revision of the code), then a line naming the columns, then the rows.
"""

from __future__ import annotations

import csv
from importlib.resources import files

__all__ = ["made_by", "rows", "text"]


def text(name: str) -> str:
    """The whole text of the data file ``name``."""
    return files(__name__).joinpath(name).read_text(encoding="utf-8")


def rows(name: str) -> list[list[str]]:
    """The rows of the data file ``name``, its comments and its column names left out."""
    lines = [line for line in text(name).splitlines() if not line.startswith("#")]
    return list(csv.reader(lines[1:]))


def made_by(name: str) -> dict[str, str]:
    """What made the data file ``name``, from its header: its ``command``, ``seed`` and
    ``revision``."""
    found = {}
    for line in text(name).splitlines():
        key, _, value = line.removeprefix("# ").partition(": ")
        if key in ("command", "seed", "revision"):
            found[key] = value
        if not line.startswith("#"):
            return found
    return found
