"""Benchmarks, run by `make bench` (never by pytest): each bench_*.py module has run()."""

import subprocess
import sys
import tempfile
from pathlib import Path

from tests.server import ROOT, app_env


def run_in_child(module: str) -> None:
    """Run ``python -m module`` with production settings on a throwaway SQLite database.

    A child process sets Django up itself, whatever the other benchmarks did: DEBUG off,
    static files collected (hashed, compressed) into the same throwaway folder.
    """
    with tempfile.TemporaryDirectory(prefix="bench-") as folder:
        env = app_env(
            STATIC_ROOT=str(Path(folder) / "static"),
            ALLOWED_HOSTS="testserver",
            DATABASE_URL=f"sqlite:///{Path(folder) / 'bench.sqlite3'}",
            SECRET_KEY="bench-only-not-a-secret",
            DEBUG="0",
            LOG_REQUESTS="0",
        )
        subprocess.run([sys.executable, "-m", module], env=env, check=True, cwd=ROOT)
