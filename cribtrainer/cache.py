"""Django's database and file caches, with ``incr`` in one step and keeping the key's expiry.

The rate limits count with ``add`` then ``incr`` (cribtrainer.throttle), which is one step
on the local-memory, memcached and Redis caches. Django's database and file caches do
``incr`` as a ``get`` then a ``set``: two requests at once would count once, and the
``set`` gives the key the default timeout (5 minutes) instead of the end of its window.
"""

from __future__ import annotations

import base64
import os
import pickle
import tempfile
import time
import zlib
from contextlib import contextmanager
from typing import Any

from django.core.cache.backends import db, filebased
from django.core.files import locks
from django.core.files.move import file_move_safe
from django.db import connections, router, transaction
from django.utils import timezone


class DatabaseCache(db.DatabaseCache):
    """The database cache, whose ``incr`` reads and writes the row in one transaction with
    the row locked (PostgreSQL's ``SELECT … FOR UPDATE``; SQLite's transactions take the
    write lock as they begin, settings.DATABASES)."""

    def incr(self, key, delta=1, version=None):
        key = self.make_and_validate_key(key, version=version)
        alias = router.db_for_write(self.cache_model_class)
        connection = connections[alias]
        quote = connection.ops.quote_name
        table, key_column, value_column = (
            quote(self._table),
            quote("cache_key"),
            quote("value"),
        )
        lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
        now = connection.ops.adapt_datetimefield_value(timezone.now().replace(microsecond=0))
        with transaction.atomic(using=alias), connection.cursor() as cursor:
            cursor.execute(
                f"SELECT {value_column} FROM {table} "
                f"WHERE {key_column} = %s AND {quote('expires')} >= %s{lock}",
                [key, now],
            )
            row = cursor.fetchone()
            if row is None:
                raise ValueError(f"Key '{key}' not found")
            stored = connection.ops.process_clob(row[0])
            value = pickle.loads(base64.b64decode(stored.encode())) + delta
            pickled = pickle.dumps(value, self.pickle_protocol)
            cursor.execute(
                f"UPDATE {table} SET {value_column} = %s WHERE {key_column} = %s",
                [base64.b64encode(pickled).decode("latin1"), key],
            )
        return value


class FileBasedCache(filebased.FileBasedCache):
    """The file cache, whose ``add`` and ``incr`` hold one lock file of the cache's folder
    (an exclusive ``flock``: the processes of one machine take turns), and whose ``incr``
    writes the key's expiry back as it was."""

    lock_name = "incr.lock"

    @contextmanager
    def _locked(self):
        self._createdir()
        with open(os.path.join(self._dir, self.lock_name), "ab") as lock:
            locks.lock(lock, locks.LOCK_EX)
            try:
                yield
            finally:
                locks.unlock(lock)

    def add(self, key, value, timeout=filebased.DEFAULT_TIMEOUT, version=None):
        with self._locked():
            return super().add(key, value, timeout, version)

    def incr(self, key, delta=1, version=None):
        fname = self._key_to_file(key, version)
        with self._locked():
            stored = _stored(fname)
            if stored is None:
                raise ValueError(f"Key '{key}' not found")
            expiry, value = stored[0], stored[1] + delta
            fd, tmp_path = tempfile.mkstemp(dir=self._dir)
            renamed = False
            try:
                with open(fd, "wb") as f:
                    f.write(pickle.dumps(expiry, self.pickle_protocol))
                    f.write(zlib.compress(pickle.dumps(value, self.pickle_protocol)))
                file_move_safe(tmp_path, fname, allow_overwrite=True)
                renamed = True
            finally:
                if not renamed:
                    os.remove(tmp_path)
        return value


def _stored(fname: str) -> tuple[float | None, Any] | None:
    """A cache file's expiry and value; None if there is none or it has expired."""
    try:
        with open(fname, "rb") as f:
            expiry = pickle.load(f)
            if expiry is not None and expiry < time.time():
                return None
            return expiry, pickle.loads(zlib.decompress(f.read()))
    except (FileNotFoundError, EOFError):
        return None
