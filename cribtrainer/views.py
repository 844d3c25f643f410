import sys
from pathlib import Path

from django.core.cache import cache
from django.db import DEFAULT_DB_ALIAS, DatabaseError, OperationalError, connection
from django.db.migrations.executor import MigrationExecutor
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views import defaults
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from .models import PlayerSession

# Once this process has seen every migration applied, it need not look again: migrations
# are not undone under a running server.
_migrated = False


def _sqlite_file_missing() -> bool:
    """The SQLite file is gone: connecting would make a new, empty one."""
    if connection.vendor != "sqlite":
        return False
    name = str(connection.settings_dict["NAME"])
    in_memory = name == ":memory:" or name.startswith("file:") or "mode=memory" in name
    return not in_memory and not Path(name).is_file()


def _all_migrated() -> bool:
    global _migrated
    if not _migrated:
        executor = MigrationExecutor(connection)
        _migrated = not executor.migration_plan(executor.loader.graph.leaf_nodes())
    return _migrated


def _problem(part: str, what: str) -> JsonResponse:
    return JsonResponse({"status": "error", part: what}, status=503)


@require_safe
@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    """For load balancers and monitors: 200 when a page can be served, else 503 naming what
    is wrong: the database can be read (every migration applied, the sessions' table there)
    and the cache (which the rate limits count in) can be written and read back. It never
    creates the database: a SQLite file that has gone is reported, not made again empty."""
    try:
        if _sqlite_file_missing():
            raise DatabaseError("the SQLite file is missing")
        PlayerSession.objects.using(DEFAULT_DB_ALIAS).exists()
    except DatabaseError:
        return _problem("database", "unreachable")
    try:
        if not _all_migrated():
            return _problem("database", "not migrated")
    except DatabaseError:
        return _problem("database", "unreachable")
    try:
        token = str(id(request))
        cache.set("healthz", token, 30)
        if cache.get("healthz") is None:
            return _problem("cache", "unreachable")
    except (DatabaseError, OSError):
        return _problem("cache", "unreachable")
    return JsonResponse({"status": "ok", "database": connection.vendor})


# How long a client is asked to wait when the database was too busy to take its change.
BUSY_RETRY_SECONDS = 5


def server_error(request: HttpRequest) -> HttpResponse:
    """The 500 page (``handler500``), but a 503 with Retry-After when the database was too
    busy: a writer that waited past SQLite's lock timeout may simply try again."""
    error = sys.exc_info()[1]
    if isinstance(error, OperationalError) and "locked" in str(error):
        response = render(
            request,
            "service_busy.html",
            {"retry_seconds": BUSY_RETRY_SECONDS},
            status=503,
        )
        response["Retry-After"] = str(BUSY_RETRY_SECONDS)
        return response
    return defaults.server_error(request)
