"""`python -m tests.bench [NAME ...]`: run every bench_*.py module's run(), or the named ones."""

import importlib
import pkgutil
import sys

import tests.bench as package


def main(names: list[str]) -> None:
    modules = sorted(
        info.name
        for info in pkgutil.iter_modules(package.__path__)
        if info.name.startswith("bench_")
    )
    for name in modules:
        if names and name.removeprefix("bench_") not in names and name not in names:
            continue
        print(f"== {name.removeprefix('bench_')}", flush=True)
        importlib.import_module(f"tests.bench.{name}").run()


if __name__ == "__main__":
    main(sys.argv[1:])
