"""The database and file caches' ``incr``: one step, and the key keeps its expiry."""

import pickle
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.core.management import call_command
from django.db import connection
from django.test import override_settings

from cribtrainer.cache import DatabaseCache, FileBasedCache

TABLE = "test_incr_cache"


@pytest.fixture
def database_cache(db):
    with override_settings(
        CACHES={"default": {"BACKEND": "cribtrainer.cache.DatabaseCache", "LOCATION": TABLE}}
    ):
        call_command("createcachetable", verbosity=0)
    yield DatabaseCache(TABLE, {})
    with connection.cursor() as cursor:
        cursor.execute(f"DROP TABLE {connection.ops.quote_name(TABLE)}")


@pytest.fixture
def file_cache(tmp_path):
    return FileBasedCache(str(tmp_path), {})


def expiry_in_table(key: str):
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT expires FROM {connection.ops.quote_name(TABLE)}")
        (expires,) = cursor.fetchone()
    return expires


def test_the_database_cache_adds_to_a_count_and_keeps_its_expiry(database_cache):
    database_cache.add("count", 0, timeout=3600)
    expires = expiry_in_table("count")
    assert [database_cache.incr("count") for _ in range(3)] == [1, 2, 3]
    assert database_cache.get("count") == 3
    assert expiry_in_table("count") == expires


@pytest.mark.parametrize("kind", ["database_cache", "file_cache"])
def test_either_cache_adds_to_no_count_missing_or_expired(request, kind):
    cache = request.getfixturevalue(kind)
    with pytest.raises(ValueError, match="not found"):
        cache.incr("missing")
    cache.set("gone", 5, timeout=-1)
    with pytest.raises(ValueError, match="not found"):
        cache.incr("gone")


def file_expiry(cache: FileBasedCache, key: str) -> float:
    with open(cache._key_to_file(key), "rb") as f:
        return pickle.load(f)


def test_the_file_cache_adds_to_a_count_and_keeps_its_expiry(file_cache):
    assert file_cache.add("count", 0, timeout=3600)
    assert not file_cache.add("count", 0, timeout=3600)
    expires = file_expiry(file_cache, "count")
    assert [file_cache.incr("count") for _ in range(3)] == [1, 2, 3]
    assert file_cache.get("count") == 3
    assert file_expiry(file_cache, "count") == expires > time.time() + 3000


def test_the_file_cache_counts_every_go_of_threads_at_once(file_cache):
    file_cache.add("count", 0, timeout=3600)

    def goes(n: int) -> None:
        for _ in range(n):
            file_cache.incr("count")

    with ThreadPoolExecutor(4) as pool:
        for done in [pool.submit(goes, 50) for _ in range(4)]:
            done.result()
    assert file_cache.get("count") == 200


@pytest.mark.django_db(transaction=True)
def test_the_database_cache_counts_every_go_of_threads_at_once(database_cache):
    if connection.vendor == "sqlite":
        # The tests' in-memory database refuses a second writer at once instead of letting
        # it wait: a database file (the app's) takes its writers in turn, BEGIN IMMEDIATE.
        pytest.skip("threads writing at once need PostgreSQL or a database file")
    database_cache.add("count", 0, timeout=3600)

    def goes(n: int) -> None:
        try:
            for _ in range(n):
                database_cache.incr("count")
        finally:
            connection.close()

    with ThreadPoolExecutor(4) as pool:
        for done in [pool.submit(goes, 25) for _ in range(4)]:
            done.result()
    assert database_cache.get("count") == 100
