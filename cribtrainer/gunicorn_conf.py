"""gunicorn's settings behind `make serve`'s nginx (deploy/nginx.conf, cribtrainer.supervise).

gunicorn trusts every peer on a Unix socket as a proxy of its own, and nginx is that peer
for every client: left as they are, a client's ``X-Forwarded-Proto: https`` (or
``X-Forwarded-Ssl``, ``X-Forwarded-Protocol``) would make its request secure in Django's
eyes, and its forwarder headers (``SCRIPT_NAME``, ``PATH_INFO``) would set the app's paths.
gunicorn reads none of them: the scheme comes from ``SECURE_PROXY_SSL_HEADER``
(cribtrainer/settings.py) or is http.

A worker whose master dies (killed -9) is sent SIGTERM at once, so it finishes the answer
it is writing and exits, instead of serving on, orphaned, until it notices (up to gunicorn's
timeout). No control socket: its default path (``~/.gunicorn/gunicorn.ctl``) would be shared
by every instance of the same user.

Each answer is sent whole or not at all (cribtrainer.gunicorn_worker): a worker killed
mid-answer is nginx's 502, never a 200 cut short. Files go through the same writes, not
sendfile, so they are held too.
"""

import ctypes
import signal

worker_class = "cribtrainer.gunicorn_worker.WholeAnswerWorker"
sendfile = False
secure_scheme_headers: dict[str, str] = {}
forwarder_headers = ""  # a comma-separated list: none
control_socket_disable = True

PR_SET_PDEATHSIG = 1


def post_fork(server, worker) -> None:
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
