"""What every view needs to know about htmx requests, and how caches must treat pages."""

from django.http import HttpRequest
from django.views.decorators.cache import cache_control
from django.views.decorators.vary import vary_on_headers
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
    try:
        return request.htmx.current_url_abs_path or ""
    except ValueError:
        return ""


# The headers wants_partial reads: a response differs by both, so caches must tell them apart.
vary_on_htmx = vary_on_headers("HX-Request", "HX-History-Restore-Request")

# For every page that shows a player's data: no shared cache keeps it, no browser stores it.
private_page = cache_control(private=True, no_store=True)
