"""The project's layers: pure rules at the core, apps stacked without upward imports.

- The engine (``cribbage``) and the trainer's core (``quizzes/domain``) are plain
  Python: none of their modules imports Django, and importing them loads none of it.
- The engine is below everything: it imports none of the apps.
- Apps import downward only: ``accounts`` -> ``games`` -> ``quizzes`` -> ``counter`` ->
  ``cribtrainer``.
- Markup lives in templates: no Python module builds HTML in a string.
"""

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PURE_PACKAGES = ("cribbage", "quizzes/domain", "games/board.py")
# Each app and what it may not import: the apps above it.
ABOVE = {
    "cribbage": ("cribtrainer", "counter", "quizzes", "games", "accounts"),
    "cribtrainer": ("counter", "quizzes", "games", "accounts"),
    "counter": ("quizzes", "games", "accounts"),
    "quizzes": ("games", "accounts"),
    "games": ("accounts",),
    "accounts": (),
}


def modules(folder: str) -> list[Path]:
    """The Python modules of a package (or the one module named)."""
    if folder.endswith(".py"):
        return [ROOT / folder]
    return sorted(path for path in (ROOT / folder).rglob("*.py") if "migrations" not in path.parts)


def imported_names(path: Path):
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module


@pytest.mark.parametrize("package", PURE_PACKAGES)
def test_no_pure_module_imports_django(package):
    paths = modules(package)
    assert paths
    for path in paths:
        for name in imported_names(path):
            assert name.split(".")[0] != "django", f"{path.relative_to(ROOT)} imports {name}"


@pytest.mark.parametrize("package", PURE_PACKAGES)
def test_importing_a_pure_package_loads_no_django(package):
    names = ", ".join(
        ".".join(path.relative_to(ROOT).with_suffix("").parts)
        for path in modules(package)
        if path.stem != "__init__"
    )
    code = f"import sys, {names}; print(sorted(m for m in sys.modules if m.startswith('django')))"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("app", sorted(ABOVE))
def test_no_app_imports_an_app_above_it(app):
    for path in modules(app):
        for name in imported_names(path):
            assert name.split(".")[0] not in ABOVE[app], f"{path.relative_to(ROOT)} imports {name}"


HTML_IN_PYTHON = re.compile(r"(format_html|mark_safe)\(\s*['\"]\s*<")


def test_no_python_module_builds_html_in_a_string():
    for app in ABOVE:
        for path in modules(app):
            assert not HTML_IN_PYTHON.search(path.read_text(encoding="utf-8")), path
