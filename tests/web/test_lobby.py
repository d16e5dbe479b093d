"""Joining from the lobby by name (web/lobby.py): a public table's open seats are taken by
the people who join, each given its own token; a private table is joined by links only; a
join is never replayed as a move (the table stays readable by another process)."""

from __future__ import annotations

import time
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
    assert view["seat"] == 1 and view["seats"][1]["name"] == "Bruno"
    assert not view["seats"][1]["open"] and not view["seats"][1]["away"]
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


def test_the_host_hands_a_seat_to_the_ai_and_its_person_takes_it_back(
    client: TestClient,
) -> None:
    """A seat never blocks a table: Bruno is away, the host (the key the table's making
    returned) hands his seat to the AI, which plays it; Bruno sees his seat, may not act for
    it, and takes it back with his own link; a seat whose person never came is freed."""
    made = make(client, [{"human": "Ana"}, {"human": "Bruno"}, {"human": "Caio"}])
    tid, host = made["id"], made["host"]["token"]
    ana, bruno, caio = (s["token"] for s in made["seats"])
    r = client.post(f"/api/tables/{tid}/seats/1", json={"host": ana, "to": "ai"})
    assert r.status_code == 403  # a seat's token is not the host's key
    r = client.post(f"/api/tables/{tid}/seats/1", json={"host": host, "to": "ai"})
    assert r.status_code == 200 and r.json()["seats"][1] == {"who": "ai", "name": "heuristic"}
    view = client.get(f"/api/tables/{tid}", params={"token": bruno}).json()
    assert view["seat"] == 1 and view["seats"][1]["away"]
    tokens = {0: ana, 2: caio}
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # the people answer what is theirs; the AI plays seat 1
        v = client.get(f"/api/tables/{tid}", params={"token": caio}).json()
        if any(
            e["msg"] == "{hero} ends the turn." and e["seats"] == [1]
            for e in v["observe"]["events"]
        ):
            break  # seat 1's turn was played without Bruno
        if v["to_act"] in tokens:
            tok = tokens[v["to_act"]]
            mine = client.get(f"/api/tables/{tid}", params={"token": tok}).json()
            legal = mine["legal_actions"]
            choice = "end" if "end" in legal else legal[0]
            client.post(
                f"/api/tables/{tid}/actions",
                json={"token": tok, "action": choice, "version": mine["version"]},
            )
        else:
            time.sleep(0.02)
    else:
        raise AssertionError("the AI did not play seat 1's turn")
    r = client.post(f"/api/tables/{tid}/back", json={"token": bruno})
    assert r.status_code == 200 and r.json() == {"seat": 1}
    view = client.get(f"/api/tables/{tid}", params={"token": bruno}).json()
    assert view["seats"][1] == {"who": "human", "name": "Bruno", "open": False, "away": False}
    r = client.post(f"/api/tables/{tid}/back", json={"token": bruno})
    assert r.status_code == 400 and "nothing to take back" in r.json()["error"]
    r = client.post(f"/api/tables/{tid}/seats/2", json={"host": host, "to": "open"})
    assert r.status_code == 200
    assert client.get(f"/api/tables/{tid}", params={"token": caio}).status_code == 403
    assert join(client, tid, "Dora").json()["seat"] == 2  # the freed seat, joined by name


def test_a_person_cannot_act_while_the_ai_plays_their_seat(client: TestClient) -> None:
    made = make(client, [{"human": "Ana"}, {"human": "Bruno"}])
    tid, host, ana = made["id"], made["host"]["token"], made["seats"][0]["token"]
    v = client.get(f"/api/tables/{tid}", params={"token": ana}).json()
    client.post(f"/api/tables/{tid}/seats/0", json={"host": host, "to": "ai:random"})
    r = client.post(
        f"/api/tables/{tid}/actions",
        json={"token": ana, "action": v["legal_actions"][0], "version": v["version"] + 1},
    )
    assert r.status_code == 403 and "take it back first" in r.json()["error"]
    r = client.post(f"/api/tables/{tid}/seats/1", json={"host": host, "to": "ai:wizard"})
    assert r.status_code == 400 and "unknown agent" in r.json()["error"]
