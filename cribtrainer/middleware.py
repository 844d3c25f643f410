"""Middleware for how sessions live and how caches treat the pages that read them."""

from django.utils.cache import patch_cache_control

UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


class SessionRenewMiddleware:
    """A session used to change something (an answer, a move, a new deal) is saved again,
    which renews its expiry and its cookie's: a guest's practice lives in their session, and
    is kept as long as they keep practising. Reading a page does not write the session.

    It goes after SessionMiddleware, whose response handling then sees it modified.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        session = getattr(request, "session", None)
        if (
            request.method in UNSAFE_METHODS
            and session is not None
            and response.status_code < 500
            and not session.modified
            and session.keys()
        ):
            session.modified = True
        return response


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
