from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import DatabaseError, connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe


def _sqlite_file_missing() -> bool:
    """The SQLite file is gone: connecting would make a new, empty one."""
    if connection.vendor != "sqlite":
        return False
    name = str(connection.settings_dict["NAME"])
    in_memory = name == ":memory:" or name.startswith("file:") or "mode=memory" in name
    return not in_memory and not Path(name).is_file()


@require_safe
@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    """For load balancers and monitors: 200 when the app can read a table of its database
    and use its cache (which the rate limits count in), else 503. It never creates the
    database: a SQLite file that has gone is reported, not made again empty."""
    try:
        if _sqlite_file_missing():
            raise DatabaseError("the SQLite file is missing")
        get_user_model().objects.exists()
    except DatabaseError:
        return JsonResponse({"status": "error", "database": "unreachable"}, status=503)
    try:
        cache.get("healthz")
    except (DatabaseError, OSError):
        return JsonResponse({"status": "error", "cache": "unreachable"}, status=503)
    return JsonResponse({"status": "ok", "database": connection.vendor})
