"""The engine is plain Python: no module of counter.cribbage may import Django."""

import ast
import subprocess
import sys
from pathlib import Path

import counter.cribbage

ENGINE = Path(counter.cribbage.__file__).parent
MODULES = sorted(path for path in ENGINE.glob("*.py"))


def imported_names(path):
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module


def test_no_engine_module_imports_django():
    assert len(MODULES) >= 6
    for path in MODULES:
        for name in imported_names(path):
            assert name.split(".")[0] != "django", f"{path.name} imports {name}"


def test_importing_the_whole_engine_loads_no_django():
    names = ", ".join(
        f"counter.cribbage.{path.stem}" for path in MODULES if path.stem != "__init__"
    )
    code = (
        f"import sys, {names}; print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
