"""`make loadtest`: `make serve`'s server (nginx in front of gunicorn's 2 sync workers;
DEBUG off, SQLite) driven by wrk from 127.0.0.1. ``LOADTEST_SERVER=gunicorn`` drives
gunicorn alone.

Runs the counter's htmx partial, the full counter page and the trivial /healthz view in one
run, prints one line per endpoint and the counter/trivial throughput ratio, then stops the
server and removes its files. Everything runs on loopback and is bounded in time.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

from tests.server import gunicorn, make_serve, prepare, production_env

DURATION = os.environ.get("LOADTEST_DURATION", "10s")
CONNECTIONS = int(os.environ.get("LOADTEST_CONNECTIONS", "32"))
SERVER = os.environ.get("LOADTEST_SERVER", "make serve")
COUNTER_QUERY = "/?hand=5H,5C,5S,JD&starter=5D"
ENDPOINTS = [
    ("counter partial (htmx)", COUNTER_QUERY, {"HX-Request": "true"}),
    ("counter page", COUNTER_QUERY, {}),
    ("trivial (/healthz)", "/healthz", {}),
]

# Counts every response outside 2xx (wrk itself counts only >= 400) and reports it at the end.
WRK_SCRIPT = """
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) non2xx = 0 end
function response(status, headers, body)
  if status < 200 or status > 299 then non2xx = non2xx + 1 end
end
function done(summary, latency, requests)
  local total = 0
  for _, thread in ipairs(threads) do total = total + thread:get("non2xx") end
  io.write(string.format("NON2XX %d\\n", total))
end
"""


def _ms(text: str) -> float:
    value, unit = re.fullmatch(r"([\d.]+)(us|ms|s)", text).groups()
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def _drive(
    base: str, path: str, headers: dict[str, str], script: Path, duration: str = DURATION
) -> dict:
    command = ["wrk", "-t2", f"-c{CONNECTIONS}", f"-d{duration}", "--latency", "-s", str(script)]
    for name, value in headers.items():
        command += ["-H", f"{name}: {value}"]
    out = subprocess.run(
        [*command, base + path], capture_output=True, text=True, check=True, timeout=120
    ).stdout
    socket_errors = re.search(
        r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out
    )
    return {
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
        "p50": _ms(re.search(r"\s50%\s+(\S+)", out).group(1)),
        "p99": _ms(re.search(r"\s99%\s+(\S+)", out).group(1)),
        "errors": sum(map(int, socket_errors.groups())) if socket_errors else 0,
        "non2xx": int(re.search(r"NON2XX (\d+)", out).group(1)),
    }


def main() -> int:
    if not shutil.which("wrk"):
        raise SystemExit("wrk is not installed: `make loadtest` installs Debian's wrk")
    workdir = Path(tempfile.mkdtemp(prefix="cribtrainer-load-"))
    env = production_env(
        f"sqlite:///{workdir / 'load.sqlite3'}", workdir / "static", log_requests=True
    )
    results = {}
    try:
        prepare(env)
        script = workdir / "count-non2xx.lua"
        script.write_text(WRK_SCRIPT)
        # The request log (JSON lines on stdout) is written and thrown away, as a log
        # collector would take it.
        serving = gunicorn(env, workers=2) if SERVER == "gunicorn" else make_serve(env, workers=2)
        with serving as base:
            print(
                f"{SERVER}; wrk: 2 threads, {CONNECTIONS} connections, {DURATION} per endpoint, "
                f"{base}"
            )
            for name, path, headers in ENDPOINTS:
                request = urllib.request.Request(base + path, headers=headers)
                with urllib.request.urlopen(request) as response:
                    assert response.status == 200, (name, response.status)
                result = results[name] = _drive(base, path, headers, script)
                print(
                    f"{name}: {result['rps']:.0f} req/s, p50 {result['p50']:.1f} ms, "
                    f"p99 {result['p99']:.1f} ms, errors {result['errors'] + result['non2xx']}",
                    flush=True,
                )
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    ratio = results["counter partial (htmx)"]["rps"] / results["trivial (/healthz)"]["rps"]
    print(f"counter/trivial throughput ratio: {ratio:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
