"""The server's bounds (issue 32's defect: 3,000 tables from one client took 190 MB never
freed, the lobby answered all of them at once, and nothing bounded tables or sockets),
each tried through the real HTTP and WebSocket interface."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from towerplay.store import Store
from towerplay.web.app import create_app
from towerplay.web.guards import Limits, RateLimit, TooMany
from towerplay.web.tables import Tables

ONE = {"game": "rtdt", "config": {"players": 1}, "seats": [{"human": "Ana"}]}


def served(store: Store, **limits: Any) -> TestClient:
    return TestClient(create_app(store, pace=0.0, poll=0.05, limits=Limits(**limits)))


@pytest.fixture
def client(store: Store) -> Iterator[TestClient]:
    with served(store, tables_per_minute=100, tables_in_play=100, sockets_per_table=2) as c:
        yield c


def test_one_client_makes_a_few_tables_a_minute(store: Store) -> None:
    with served(store, tables_per_minute=3) as client:
        for _ in range(3):
            assert client.post("/api/tables", json=ONE).status_code == 201
        refused = client.post("/api/tables", json=ONE)
        assert refused.status_code == 429
        assert "at most 3 a minute; try again in 20 s" in refused.json()["error"]
        assert store.count("table-") == 3  # nothing was made


def test_a_clients_bucket_refills_and_many_clients_are_not_all_remembered() -> None:
    now = [0.0]
    rate = RateLimit(3, clock=lambda: now[0], most=5)
    for _ in range(3):
        rate.take("a")
    with pytest.raises(TooMany):
        rate.take("a")
    now[0] += 20.0  # one table every 60/3 seconds
    rate.take("a")
    with pytest.raises(TooMany):
        rate.take("a")
    for i in range(10):
        rate.take(f"client {i}")
        now[0] += 60.0
    assert len(rate._buckets) <= 6


def test_the_store_holds_a_bounded_number_of_tables_in_play(store: Store) -> None:
    with served(store, tables_in_play=2) as client:
        for _ in range(2):
            assert client.post("/api/tables", json=ONE).status_code == 201
        full = client.post("/api/tables", json=ONE)
        assert full.status_code == 503 and "2 tables in play" in full.json()["error"]


def test_the_lobby_answers_a_page_at_a_time(store: Store) -> None:
    with served(store, lobby_page=3) as client:
        made = [client.post("/api/tables", json=ONE).json()["id"] for _ in range(5)]
        newest = made[::-1]
        assert [t["id"] for t in client.get("/api/tables").json()] == newest[:3]
        page = client.get("/api/tables", params={"offset": 3, "limit": 3}).json()
        assert [t["id"] for t in page] == newest[3:]
        assert client.get("/api/tables", params={"limit": 4}).status_code == 422


def test_a_table_takes_a_bounded_number_of_sockets(client: TestClient) -> None:
    made = client.post("/api/tables", json=ONE).json()
    url = f"/api/tables/{made['id']}/ws?token={made['spectator']['token']}"
    with client.websocket_connect(url) as one, client.websocket_connect(url) as two:
        assert one.receive_json()["version"] == two.receive_json()["version"] == 0
        with client.websocket_connect(url) as three:
            assert "2 pages open" in three.receive_json()["error"]
            with pytest.raises(WebSocketDisconnect) as closed:
                three.receive_json()
            assert closed.value.code == 1013  # try again later
    with client.websocket_connect(url) as again:  # the others closed: room again
        assert again.receive_json()["version"] == 0


def test_a_process_keeps_only_the_games_used_last(store: Store) -> None:
    tables = Tables(store, kept=2)
    made = [tables.create("rtdt", {"players": 1}, None, [{"human": "Ana"}]) for _ in range(4)]
    kept = [tables.kept_version(m.id) for m in made]
    assert kept == [None, None, 0, 0]
    first = made[0]
    assert tables.view(first.id, first.tokens[0])["version"] == 0  # read again from the store
    assert tables.kept_version(first.id) == 0 and tables.kept_version(made[2].id) is None
