"""The same store on PostgreSQL, by URL. Skipped unless TOWERPLAY_TEST_PG names a server
(`eval "$(bash tests/store/pg_server.sh start)"` starts a throwaway one as root)."""

from __future__ import annotations

import os
import threading

import pytest
from sqlalchemy import create_engine, text

from towerplay.store import StaleVersion, StoreError, UnknownRecord, open_store
from towerplay.store.schema import SCHEMA_VERSION

from . import committer
from .test_concurrency import kill_and_check

pytestmark = pytest.mark.postgres
N = 40


def test_records_round_trip_on_postgresql(pg_url: str) -> None:
    with open_store(pg_url) as store:
        assert "postgresql" in store.location
        made = store.create("tactics-campaign", "Domianne", {"é": [1, None]}, {"ch": 1})
        store.commit(made.id, 0, "choose 2", {"é": [2]}, {"ch": 2}, actor="party", snapshot=True)
        with pytest.raises(StaleVersion):
            store.commit(made.id, 0, "late", {"é": [9]}, {})
        assert store.get(made.id).document == {"é": [2]}
        assert [(a.version, a.action, a.snapshot) for a in store.actions(made.id)] == [
            (1, "choose 2", {"é": [2]})
        ]
        data = store.export_record(made.id)
        copy_ = store.import_record(data)
        assert copy_.id != made.id and copy_.version == 1
        store.rename(made.id, "renamed")
        store.delete(copy_.id)
        assert [(e.id, e.name) for e in store.list("tactics-campaign")] == [(made.id, "renamed")]
        with pytest.raises(UnknownRecord):
            store.get(copy_.id)
    with open_store(pg_url) as again:  # the schema is found, not made anew
        assert again.get(made.id).version == 1


def test_a_page_and_a_count_by_kind_prefix_on_postgresql(pg_url: str) -> None:
    with open_store(pg_url) as store:
        before = store.count("pgpage-")
        made = [store.create(k, k, {}, {}) for k in ("pgpage-a", "pgpage_b", "pgpage-c")]
        assert store.count("pgpage-") == before + 2
        page = store.list(prefix="pgpage-", limit=1)
        assert [e.id for e in page] == [made[2].id]


def test_two_stores_on_one_postgresql_database_never_lose_an_action(pg_url: str) -> None:
    stores = [open_store(pg_url), open_store(pg_url)]
    try:
        rid = stores[0].create("counter", "c", {"count": 0}, {}).id
        threads = [
            threading.Thread(target=committer.count, args=(s, rid, N, w))
            for s, w in zip(stores, ["a", "b"], strict=True)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        record = stores[1].get(rid)
        log = stores[1].actions(rid)
        assert record.version == 2 * N
        assert record.document == {"count": 2 * N}
        assert [a.version for a in log] == list(range(1, 2 * N + 1))
        assert sorted(a.action for a in log) == sorted(f"{w} {i}" for w in "ab" for i in range(N))
    finally:
        for s in stores:
            s.close()


def test_a_newer_schema_on_postgresql_is_refused(pg_url: str) -> None:
    open_store(pg_url).close()
    engine = create_engine(pg_url.replace("postgresql://", "postgresql+psycopg://", 1))
    with engine.begin() as conn:
        conn.execute(text("UPDATE schema_version SET version = :v"), {"v": SCHEMA_VERSION + 1})
    engine.dispose()
    with pytest.raises(StoreError, match="newer"):
        open_store(pg_url)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the kill test forks its writer")
def test_killing_a_writer_on_postgresql_loses_nothing_committed(pg_url: str) -> None:
    committed, _ = kill_and_check(pg_url, 10, seed=7)
    assert committed > 10
