"""What every view needs to know about htmx requests."""

from django.http import HttpRequest
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
