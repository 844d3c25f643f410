"""Working out the engine's tables: ``python -m cribbage.tablegen`` (``make tables``).

The tables, in the order they are made, each after the ones it is made with:

1. ``crib_model``: how a good player throws to the crib (``crib_model.csv``), settled
   over random deals, and each deal's throws in the last round (``crib_throws.csv``);
   made with nothing else.
2. ``peg_table``: what four kept ranks are worth in the play (``peg_table.csv``), by the
   search over random opposing hands; made with nothing else.
3. ``win_table``: the chance to win from each score pair (``win_table.csv``) and what each
   role's play and hand gave (``deal_points.csv``), from deals of ``strong`` against
   itself (``selfplay``), which discards with the crib model and the pegging table.

Each comes from a fixed seed, and its pieces are put together in an order that does not
depend on which process worked them out, so the same code makes byte-identical files. The
header of each file names the command, the seed and the revision: a hash of the sources
of the engine that made it (and of the tables it was made with).

The app imports none of this package: it reads the files (``cribbage.data``).
"""

from __future__ import annotations

import ast
import hashlib
from collections.abc import Iterable, Sequence
from pathlib import Path

__all__ = ["DATA", "TABLES", "data_file", "revision"]

ENGINE = Path(__file__).resolve().parents[1]
DATA = ENGINE / "data"
"""Where the app reads the tables from, and where they are written by default."""
TABLES = ("crib_model", "peg_table", "win_table")
"""The tables in the order they are made."""


def revision(module: str, inputs: Iterable[str] = ()) -> str:
    """A hash of the sources of ``module`` (``cribbage.tablegen.peg_table``) and of every
    engine module it imports, at any depth, and of the data files ``inputs``."""
    digest = hashlib.sha256()
    for path in sorted(_sources(module)):
        digest.update(path.relative_to(ENGINE.parent).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    for name in inputs:
        digest.update(name.encode() + b"\0" + (DATA / name).read_bytes() + b"\0")
    return digest.hexdigest()[:12]


def data_file(
    title: str,
    command: str,
    seed: str,
    revision: str,
    notes: Sequence[str],
    columns: Sequence[str],
    rows: Iterable[Sequence[object]],
) -> str:
    """The text of a data file: its header (what made it), its columns and its rows."""
    header = [title, f"command: {command}", f"seed: {seed}", f"revision: {revision}", *notes]
    lines = [f"# {line}" for line in header]
    lines.append(",".join(columns))
    lines.extend(",".join(map(str, row)) for row in rows)
    return "\n".join(lines) + "\n"


def _path(module: str) -> Path | None:
    parts = module.split(".")
    if parts[0] != ENGINE.name:
        return None
    base = ENGINE.parent.joinpath(*parts)
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def _imports(module: str, path: Path) -> set[str]:
    """The engine modules ``module`` imports anywhere in its source."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return {name for name in names if _path(name) is not None}


def _sources(module: str) -> set[Path]:
    seen: set[str] = set()
    todo = [module]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        parts = name.split(".")
        todo.extend(".".join(parts[:i]) for i in range(1, len(parts)))
        path = _path(name)
        assert path is not None, name
        todo.extend(_imports(name, path))
    return {path for name in seen if (path := _path(name)) is not None}
