"""Joining from the lobby by name (web/lobby.py): a public table's open seats are taken by
the people who join, each given its own token; a private table is joined by links only; a
join is never replayed as a move (the table stays readable by another process)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from towerplay.store import Store
from towerplay.web.app import create_app


@pytest.fixture
def client(store: Store) -> Iterator[TestClient]:
    with TestClient(create_app(store, pace=0.0, poll=0.05)) as c:
        yield c


def make(client: TestClient, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    body = {"game": "rtdt", "config": {"players": len(seats), "mode": "cooperative"}}
    r = client.post("/api/tables", json={**body, "seats": seats, "name": "open night", **extra})
    assert r.status_code == 201, r.text
    return dict(r.json())


def join(client: TestClient, tid: str, name: str) -> Any:
    return client.post(f"/api/tables/{tid}/join", json={"name": name})


def test_people_join_open_seats_by_name_and_play_with_their_own_tokens(
    client: TestClient, store: Store
) -> None:
    made = make(client, [{"human": "Ana"}, {"open": True}, {"open": True}])
    tid, ana = made["id"], made["seats"][0]["token"]
    assert made["seats"][1:] == [None, None]  # no link yet: joined from the lobby
    lobby = client.get("/api/tables").json()[0]
    assert [s["open"] for s in lobby["seats"]] == [False, True, True]
    assert lobby["options"] == {"players": 3, "mode": "cooperative"} and not lobby["private"]
    r = join(client, tid, "  Bruno  ")
    assert r.status_code == 201, r.text
    bruno = r.json()
    assert bruno["seat"] == 1 and bruno["link"] == f"/play/{tid}?token={bruno['token']}"
    caio = join(client, tid, "Caio").json()
    assert caio["seat"] == 2 and caio["token"] != bruno["token"]
    r = join(client, tid, "Dora")
    assert r.status_code == 400 and "every seat of this table is taken" in r.json()["error"]
    names = [s["name"] for s in client.get("/api/tables").json()[0]["seats"]]
    assert names == ["Ana", "Bruno", "Caio"]
    view = client.get(f"/api/tables/{tid}", params={"token": bruno["token"]}).json()
    assert view["seat"] == 1 and view["seats"][1] == {
        "who": "human",
        "name": "Bruno",
        "open": False,
    }
    assert bruno["token"] not in str(store.get(tid).document)  # only its hash is kept
    # Ana plays on the version the joins made; the table reads back whole elsewhere
    first = client.get(f"/api/tables/{tid}", params={"token": ana}).json()
    r = client.post(
        f"/api/tables/{tid}/actions",
        json={"token": ana, "action": first["legal_actions"][0], "version": first["version"]},
    )
    assert r.status_code == 200, r.text
    with TestClient(create_app(store, pace=0.0, poll=0.05)) as there:
        again = there.get(f"/api/tables/{tid}", params={"token": caio["token"]})
        assert again.status_code == 200 and again.json()["version"] == r.json()["version"]


def test_a_private_table_is_joined_by_its_links_only(client: TestClient) -> None:
    made = make(client, [{"human": "Ana"}, {"open": True}], private=True)
    lobby = client.get("/api/tables").json()[0]
    assert lobby["private"]
    r = join(client, made["id"], "Bruno")
    assert r.status_code == 403 and "private" in r.json()["error"]


def test_a_join_needs_a_name_and_a_table(client: TestClient) -> None:
    made = make(client, [{"human": "Ana"}, {"open": True}])
    assert join(client, made["id"], "   ").status_code == 400
    assert join(client, "nothing", "Bruno").status_code == 404
    assert client.post(f"/api/tables/{made['id']}/join", json={}).status_code == 422
    long = join(client, made["id"], "x" * 100).json()
    view = client.get(f"/api/tables/{made['id']}", params={"token": long["token"]}).json()
    assert len(view["seats"][1]["name"]) == 40


def test_the_game_waits_for_an_open_seat_and_no_ai_plays_it(client: TestClient) -> None:
    made = make(client, [{"open": True}, {"human": "Ana"}])
    tid = made["id"]
    view = client.get(f"/api/tables/{tid}", params={"token": made["seats"][1]["token"]}).json()
    assert view["to_act"] == 0 and not view["your_turn"] and view["seats"][0]["open"]
    assert client.get("/api/tables").json()[0]["ai_to_act"] is False
