"""`make serve`'s supervisor: nginx, gunicorn and the task worker (deploy/Procfile) as one.

Each instance gets a folder of its own (a new temporary one, removed at the end) for
nginx's config (deploy/nginx.conf rendered for it), pid and temporary files and gunicorn's
socket, so two instances never meet, on the same port or not. Every part runs in a process
group of its own and is sent SIGTERM should the supervisor die (``PR_SET_PDEATHSIG``); the
supervisor is the subreaper of whatever they leave behind. When any part exits (killed -9
or not) or SIGTERM or SIGINT comes, every group is sent SIGTERM, the exited part's
included (an nginx master's workers outlive it), then SIGKILL after ``STOP_SECONDS``:
nothing is left running. It says "listening" once /healthz answers through nginx.

    python -m cribtrainer.supervise --bind 127.0.0.1:8000 --workers 2
"""

import argparse
import contextlib
import ctypes
import grp
import logging
import os
import pwd
import re
import resource
import shutil
import signal
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from django.conf import global_settings

log = logging.getLogger("cribtrainer.supervise")

ROOT = Path(__file__).resolve().parents[1]
PROCFILE = ROOT / "deploy" / "Procfile"
NGINX_CONF = ROOT / "deploy" / "nginx.conf"
STOP_SECONDS = 35.0  # gunicorn waits up to 30 s (graceful_timeout) for its workers' answers
READY_SECONDS = 120.0
PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36


@dataclass(frozen=True)
class Instance:
    """What one `make serve` is rendered for. ``proxies`` is ``PROXY_COUNT``, nginx
    counted: 1 when clients reach nginx directly, 2 behind one proxy further out."""

    host: str
    port: int
    run: Path
    proxies: int = 1
    ipv6_prefix: int = 64
    rate: int = 20
    burst: int = 60
    connections: int = 6
    header_timeout: float = 10.0
    body_timeout: float = 10.0
    send_timeout: float = 60.0


def client_key(proxies: int, ipv6_prefix: int = 64) -> tuple[str, str]:
    """The nginx maps that set ``$client``, the key the limits count, and what it is in
    words. The address is nginx's own peer when clients reach it directly; else the entry
    of ``X-Forwarded-For`` that the outermost proxy appended, as cribtrainer.clients reads
    it (a request without enough entries did not come through the proxies: its peer). An
    IPv4 address is its own key, also written as IPv6 (``::ffff:192.0.2.1``); an IPv6
    address is keyed by its network, as the app's limits count it (``IPV6_PREFIX_LENGTH``,
    to a whole group of 16 bits: a /64 is its first four groups)."""
    if proxies <= 1:
        address = "    map $remote_addr $client_address {\n        default $remote_addr;\n    }"
        note = "its peer"
    else:
        after = proxies - 2  # entries appended behind the outermost proxy, nginx's not yet
        tail = rf"(?:,[^,]*){{{after}}}" if after else ""
        pattern = r"(?:^|,)\s*(?<entry>[^,\s]+)\s*" + tail + "$"
        body = f'        default $remote_addr;\n        "~{pattern}" $entry;'
        address = f"    map $http_x_forwarded_for $client_address {{\n{body}\n    }}"
        note = "the X-Forwarded-For entry of the outermost proxy"
    keys = ipv6_network_keys(ipv6_prefix)
    rules = "".join(f'        "~*{regex}" "{key}";\n' for regex, key in keys)
    network = f"    map $client_address $client {{\n        default $client_address;\n{rules}    }}"
    groups = _network_groups(ipv6_prefix)
    return f"{address}\n{network}", f"{note}; an IPv6 client by its /{16 * groups}"


_GROUP = "[0-9a-f]{1,4}"


def _network_groups(prefix: int) -> int:
    """The 16-bit groups of an IPv6 address that key its client: ``prefix`` bits rounded
    down (a wider network, never a narrower one than the app counts), one at least."""
    return max(1, min(8, prefix // 16))


def _groups(n: int) -> str:
    """A regex of ``n`` groups joined by colons."""
    return ":".join([_GROUP] * n)


def ipv6_network_keys(prefix: int) -> list[tuple[str, str]]:
    """(regex, key) pairs for an nginx map from an IPv6 address as text to its network's
    first groups: ``2001:db8::1`` to ``2001:db8:0:0`` at /64. An address written with
    ``::`` is matched by how many groups stand before and after it, which says how many
    zeros it stands for; the IPv4-mapped form is keyed by its IPv4 address."""
    groups = _network_groups(prefix)
    keys = [(r"^::ffff:(\d+\.\d+\.\d+\.\d+)$", "$1")]
    if groups < 8:  # the network's groups all written before any ``::``
        keys.append((f"^({_groups(groups)}):", "$1"))
    else:
        keys.append((f"^({_groups(8)})$", "$1"))
    for before in range(groups):
        for after in range(8 - before):
            zeros = 8 - before - after
            shown = max(0, groups - before - zeros)  # groups after the ``::`` in the network
            head = f"^({_groups(before)})::" if before else "^::"
            rest = [f"({_groups(shown)})"] if shown else []
            if after > shown:
                rest.append(_groups(after - shown))
            regex = head + ":".join(rest) + "$"
            key = ["$1"] if before else []
            key += ["0"] * min(zeros, groups - before)
            if shown:
                key.append("$2" if before else "$1")
            keys.append((regex, ":".join(key)))
    return keys


def render(instance: Instance) -> str:
    """deploy/nginx.conf for ``instance``."""
    key, key_note = client_key(instance.proxies, instance.ipv6_prefix)
    user = ""
    if os.geteuid() == 0:  # workers would otherwise be nobody, who cannot reach the socket
        me = pwd.getpwuid(os.geteuid())
        user = f"user {me.pw_name} {grp.getgrgid(me.pw_gid).gr_name};"
    host = f"[{instance.host}]" if ":" in instance.host else instance.host
    values = {
        "user": user,
        "run": str(instance.run),
        "listen": f"{host}:{instance.port}",
        "max_body_bytes": str(global_settings.DATA_UPLOAD_MAX_MEMORY_SIZE),
        "client_key": key,
        "client_key_note": key_note,
        "rate": str(instance.rate),
        "burst": str(instance.burst),
        "connections": str(instance.connections),
        "header_timeout": _ms(instance.header_timeout),
        "body_timeout": _ms(instance.body_timeout),
        "send_timeout": _ms(instance.send_timeout),
        # Clients reach nginx directly: the scheme is its own, whatever they say; else
        # the outermost proxy's header, passed on.
        "forwarded_proto": "$scheme" if instance.proxies <= 1 else "$http_x_forwarded_proto",
    }
    text = re.sub(r"\{\{ (\w+) \}\}", lambda m: values[m.group(1)], NGINX_CONF.read_text())
    return text


def _ms(seconds: float) -> str:
    return f"{round(seconds * 1000)}ms"


def procfile(path: Path = PROCFILE) -> dict[str, str]:
    """The parts of a Procfile: name to command."""
    parts = {}
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, command = line.split(":", 1)
            parts[name.strip()] = command.strip()
    return parts


def _prctl(option: int, value: int) -> None:
    ctypes.CDLL(None, use_errno=True).prctl(option, value)


def _in_own_group_dying_with_us() -> None:
    os.setsid()
    _prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    signal.pthread_sigmask(signal.SIG_SETMASK, [])


class Supervisor:
    def __init__(self, parts: dict[str, str], env: dict[str, str]):
        self.parts = parts
        self.env = env
        self.running: dict[int, str] = {}  # pid to part, for the parts themselves
        self.groups: list[int] = []

    def start(self) -> None:
        _prctl(PR_SET_CHILD_SUBREAPER, 1)
        for name, command in self.parts.items():
            pid = os.fork()
            if pid == 0:  # pragma: no cover - the child
                try:
                    _in_own_group_dying_with_us()
                    os.execve("/bin/sh", ["/bin/sh", "-c", command], self.env)
                finally:
                    os._exit(127)
            self.running[pid] = name
            self.groups.append(pid)
            log.info("%s started (pid %d)", name, pid)

    def reap(self) -> str | None:
        """Reap what has exited; the name of a part that did, if one did."""
        exited = None
        while True:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return exited
            if pid == 0:
                return exited
            name = self.running.pop(pid, None)
            if name is not None:
                log.warning("%s exited (%s)", name, _how(status))
                exited = exited or name

    def stop(self) -> None:
        """SIGTERM to every part's group, SIGKILL to what is left after STOP_SECONDS."""
        for signum, wait in ((signal.SIGTERM, STOP_SECONDS), (signal.SIGKILL, 5.0)):
            for group in self.groups:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(group, signum)
            deadline = time.monotonic() + wait
            while time.monotonic() < deadline:
                self.reap()
                if not any(_group_alive(group) for group in self.groups):
                    return
                time.sleep(0.05)


def _group_alive(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _how(status: int) -> str:
    if os.WIFSIGNALED(status):
        return f"killed by {signal.Signals(os.WTERMSIG(status)).name}"
    return f"status {os.waitstatus_to_exitcode(status)}"


def _healthy(url: str) -> bool:
    try:
        with _DIRECT.open(url, timeout=5) as response:
            return response.status == 200
    except OSError:
        return False


_DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def parse_bind(bind: str) -> tuple[str, int]:
    """``HOST:PORT``, the host an address or a name, an IPv6 address in brackets or not."""
    host, _, port = bind.rpartition(":")
    return host.strip("[]") or "127.0.0.1", int(port)


def _env_int(name: str, default: int) -> int:
    return int(os.environ.get(name) or default)


def _env_seconds(name: str, default: float) -> float:
    return float(os.environ.get(name) or default)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bind", default="127.0.0.1:8000", help="HOST:PORT nginx listens on")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn's sync workers")
    parser.add_argument("--procfile", type=Path, default=PROCFILE)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="supervise: %(message)s", stream=sys.stderr)
    host, port = parse_bind(args.bind)
    nginx = os.environ.get("NGINX_BIN") or shutil.which("nginx") or "/usr/sbin/nginx"
    if not os.access(nginx, os.X_OK):
        log.error("no nginx at %s: `make serve` installs Debian's", nginx)
        return 1
    # Each connection is a file for nginx: as many as the hard limit allows.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = min(hard, 65536) if hard != resource.RLIM_INFINITY else 65536
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    run = Path(tempfile.mkdtemp(prefix=f"cribtrainer-{port}-"))
    proxies = _env_int("PROXY_COUNT", 1)
    instance = Instance(
        host=host,
        port=port,
        run=run,
        proxies=proxies,
        ipv6_prefix=_env_int("IPV6_PREFIX_LENGTH", Instance.ipv6_prefix),
        rate=_env_int("CLIENT_REQUESTS_PER_SECOND", Instance.rate),
        burst=_env_int("CLIENT_REQUEST_BURST", Instance.burst),
        connections=_env_int("CLIENT_CONNECTIONS", Instance.connections),
        header_timeout=_env_seconds("REQUEST_HEADER_TIMEOUT", Instance.header_timeout),
        body_timeout=_env_seconds("REQUEST_BODY_TIMEOUT", Instance.body_timeout),
        send_timeout=_env_seconds("RESPONSE_SEND_TIMEOUT", Instance.send_timeout),
    )
    (run / "nginx.conf").write_text(render(instance))
    env = {
        **os.environ,
        "RUN_DIR": str(run),
        "NGINX_BIN": nginx,
        "PYTHON": sys.executable,
        "WORKERS": str(args.workers),
        "PROXY_COUNT": str(proxies),
    }
    supervisor = Supervisor(procfile(args.procfile), env)
    # The signals wait to be taken in turn (sigtimedwait) rather than interrupt.
    waited = {signal.SIGCHLD, signal.SIGTERM, signal.SIGINT}
    signal.pthread_sigmask(signal.SIG_BLOCK, waited)
    url = f"http://{'[' + host + ']' if ':' in host else host}:{port}"
    try:
        supervisor.start()
        ready_by = time.monotonic() + READY_SECONDS
        ready = False
        while True:
            if exited := supervisor.reap():
                log.error("%s stopped: stopping every part", exited)
                return 1
            if not ready and (run / "gunicorn.sock").exists() and _healthy(url + "/healthz"):
                ready = True
                log.info("listening on %s (nginx, %d gunicorn workers)", url, args.workers)
            if not ready and time.monotonic() > ready_by:
                log.error("%s/healthz did not answer within %g s", url, READY_SECONDS)
                return 1
            info = signal.sigtimedwait(waited, 60 if ready else 0.1)
            if info is not None and info.si_signo != signal.SIGCHLD:
                log.info("%s: stopping every part", signal.Signals(info.si_signo).name)
                return 0
    finally:
        supervisor.stop()
        shutil.rmtree(run, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
