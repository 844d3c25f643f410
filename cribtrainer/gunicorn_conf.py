"""gunicorn's settings behind `make serve`'s front (cribtrainer.serve).

gunicorn trusts every peer on a Unix socket as a proxy of its own, and the front is that
peer for every client: left as they are, a client's ``X-Forwarded-Proto: https`` (or
``X-Forwarded-Ssl``, ``X-Forwarded-Protocol``) would make its request secure in Django's
eyes, and its forwarder headers (``SCRIPT_NAME``, ``PATH_INFO``) would set the app's paths.
gunicorn reads none of them: the scheme comes from ``SECURE_PROXY_SSL_HEADER``
(cribtrainer/settings.py) or is http.
"""

secure_scheme_headers: dict[str, str] = {}
forwarder_headers = ""  # a comma-separated list: none
