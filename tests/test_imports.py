"""The project's imports: no circle among its modules, counting those in functions and
those only a type checker reads (``TYPE_CHECKING``), the tables' generators apart from the
app, and no process pool loaded with the engine.

The graph is walked with ``ast`` over the imports a module runs when it is imported (those
at its top level, not in a function), or ever (in a function too, and under
``TYPE_CHECKING``).
"""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APPS = ("cribbage", "cribtrainer", "counter", "quizzes", "games", "accounts")
GENERATORS = "cribbage.tablegen"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def project_modules() -> dict[str, Path]:
    found = {}
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" not in path.parts:
                found[module_name(path)] = path
    return found


MODULES = project_modules()


def _run(body, in_functions=False):
    """The statements a module may run: as it is imported (not functions' bodies nor what
    only a type checker reads, unless ``in_functions``)."""
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and not in_functions:
            continue
        type_checking = isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        if type_checking and not in_functions:
            yield from _run(node.orelse, in_functions)
            continue
        yield node
        for field in ("body", "orelse", "finalbody", "handlers"):
            yield from _run(getattr(node, field, []), in_functions)


def imported(name: str, path: Path, everywhere: bool = False) -> set[str]:
    """The project's modules that module ``name`` imports: at import time, or anywhere."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = _run(tree.body, in_functions=everywhere)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    names = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    # Importing a module imports its packages first.
    names.update(
        ".".join(n.split(".")[:i]) for n in list(names) for i in range(1, n.count(".") + 1)
    )
    return {each for each in names if each in MODULES and each != name}


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A circle of imports in ``graph``, if there is one."""
    done: set[str] = set()
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        if node in path:
            return [*path[path.index(node) :], node]
        if node in done:
            return None
        path.append(node)
        for each in sorted(graph[node]):
            if found := visit(each):
                return found
        path.pop()
        done.add(node)
        return None

    for node in sorted(graph):
        if found := visit(node):
            return found
    return None


def test_no_module_of_the_project_imports_itself_in_a_circle():
    graph = {name: imported(name, path) for name, path in MODULES.items()}
    assert "cribbage.computer" in graph and "cribbage.tablegen.win_table" in graph
    assert cycle(graph) is None


def test_no_module_imports_itself_in_a_circle_even_from_a_function_or_for_types():
    graph = {name: imported(name, path, everywhere=True) for name, path in MODULES.items()}
    assert cycle(graph) is None


def test_the_cycle_finder_finds_one():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None


def test_nothing_outside_the_generators_imports_them():
    for name, path in MODULES.items():
        if not name.startswith(GENERATORS):
            found = {
                each
                for each in imported(name, path, everywhere=True)
                if each.startswith(GENERATORS)
            }
            assert not found, f"{name} imports {found}"


def test_importing_the_engine_loads_no_process_pool():
    names = sorted(
        name for name in MODULES if name.startswith("cribbage") and not name.startswith(GENERATORS)
    )
    code = f"import sys, {', '.join(names)}; print('multiprocessing' in sys.modules)"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert done.stdout.strip() == "False"
