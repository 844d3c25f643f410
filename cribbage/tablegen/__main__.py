"""``python -m cribbage.tablegen [TABLE ...]``: work the tables out again and write them."""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from . import DATA, TABLES


def main(argv: Sequence[str] | None = None) -> None:
    """Make the tables named (all by default) in their order and write their files."""
    parser = argparse.ArgumentParser(
        prog="python -m cribbage.tablegen",
        description="Work the engine's tables out again, in their order, and write them.",
    )
    parser.add_argument("tables", nargs="*", metavar="TABLE", help=f"of {', '.join(TABLES)}")
    parser.add_argument("--out", type=Path, default=DATA, help="the folder (cribbage/data)")
    parser.add_argument("--workers", type=int, default=None, help="processes (one a core)")
    args = parser.parse_args(argv)
    if unknown := set(args.tables) - set(TABLES):
        parser.error(f"no table {', '.join(sorted(unknown))}")
    for name in [table for table in TABLES if table in (args.tables or TABLES)]:
        started = time.monotonic()
        files = importlib.import_module(f"{__package__}.{name}").make(args.workers)
        for file, text in files.items():
            (args.out / file).write_text(text, encoding="utf-8", newline="\n")
        took = time.monotonic() - started
        print(f"{name}: {', '.join(files)} in {took:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
