"""What every view needs to know about htmx requests, and how caches must treat pages."""

from functools import wraps

from django.http import HttpRequest
from django.utils.cache import patch_vary_headers
from django.views.decorators.cache import cache_control
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """A request with django-htmx's details, for type checkers."""

    htmx: HtmxDetails


def wants_partial(request: HtmxHttpRequest) -> bool:
    """Answer with the page's partial: an htmx request, but not a history restore (which
    needs the whole page, as the browser's cache of it is gone)."""
    return bool(request.htmx) and not request.htmx.history_restore_request


def current_path(request: HtmxHttpRequest) -> str:
    """The path and query of the page an htmx request came from (``HX-Current-URL``), or ""
    when there is none, it is another site's, or it is not a URL at all (``http://[``)."""
    request.htmx_current_url_read = True
    try:
        return request.htmx.current_url_abs_path or ""
    except ValueError:
        return ""


def vary_on_htmx(view):
    """The response varies by the headers wants_partial reads, and by ``HX-Current-URL``
    when the view read it (``current_path``, e.g. to decide an ``HX-Push-Url``), so caches
    tell those answers apart."""

    @wraps(view)
    def varied(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        headers = ["HX-Request", "HX-History-Restore-Request"]
        if getattr(request, "htmx_current_url_read", False):
            headers.append("HX-Current-URL")
        patch_vary_headers(response, headers)
        return response

    return varied


# For every page that shows a player's data: no shared cache keeps it, no browser stores it.
private_page = cache_control(private=True, no_store=True)
