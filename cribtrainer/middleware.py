"""Middleware for how sessions live and how caches treat the pages that read them."""

import time
from datetime import timedelta

from django.conf import settings
from django.utils.cache import patch_cache_control
from django.utils.http import http_date

UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
RENEWED_WITHIN = timedelta(hours=1)
"""A session renewed less than this long ago is not written again: a game's moves come
seconds apart, and a two-week session loses at most an hour of its life by it."""


class SessionRenewMiddleware:
    """A session used to change something (an answer, a move, a new deal) is renewed: its
    expiry, and its cookie's, start again. A guest's practice lives in their session, and
    is kept as long as they keep practising. Reading a page does not write the session, nor
    does a request that changed nothing (refused by CSRF, a 404, a form sent back with what
    is wrong, a 429): only a change a player made keeps their practice.

    Only the expiry is written, and only if the session is still there: a log-in in
    another tab may have replaced it meanwhile, and that must not fail this request (as
    saving the whole session would, with a 400). It goes after SessionMiddleware.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        session = getattr(request, "session", None)
        if (
            request.method in UNSAFE_METHODS
            and session is not None
            and response.status_code < 400
            and not session.modified
            and session.keys()  # loads it: a session that has gone has no key after
            and session.session_key
        ):
            self._renew(session, response)
        return response

    def _renew(self, session, response) -> None:
        stored_expiry = getattr(session, "stored_expiry", None)
        if stored_expiry is not None and session.get_expiry_date() - stored_expiry < RENEWED_WITHIN:
            return
        stored = session.model.objects.filter(session_key=session.session_key)
        if not stored.update(expire_date=session.get_expiry_date()):
            return
        if session.get_expire_at_browser_close():
            return
        age = session.get_expiry_age()
        response.set_cookie(
            settings.SESSION_COOKIE_NAME,
            session.session_key,
            max_age=age,
            expires=http_date(time.time() + age),
            domain=settings.SESSION_COOKIE_DOMAIN,
            path=settings.SESSION_COOKIE_PATH,
            secure=settings.SESSION_COOKIE_SECURE or None,
            httponly=settings.SESSION_COOKIE_HTTPONLY or None,
            samesite=settings.SESSION_COOKIE_SAMESITE,
        )


class PrivatePagesMiddleware:
    """A page that read the session (the player's data, or just who is logged in) and says
    nothing of caching is ``private, no-store``: no shared cache keeps it and no browser
    stores it, whichever view or error path made it."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        session = getattr(request, "session", None)
        if session is not None and session.accessed and not response.has_header("Cache-Control"):
            patch_cache_control(response, private=True, no_store=True)
        return response


class HeadWithoutBodyMiddleware:
    """A HEAD answer carries the GET's headers and no body (RFC 9110). Django's WSGI handler
    leaves the body in and the server has to drop it, warning each time; here the body is
    dropped first, with the Content-Length the GET would have. It goes first."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if request.method == "HEAD":
            if response.streaming:
                response.streaming_content = []
            else:
                if not response.has_header("Content-Length"):
                    response["Content-Length"] = str(len(response.content))
                response.content = b""
        return response
