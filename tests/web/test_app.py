"""The server over HTTP and WebSocket: what a page sends and receives."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, cast

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from towerplay.store import Store
from towerplay.web.app import create_app


@pytest.fixture
def client(store: Store) -> Iterator[TestClient]:
    with TestClient(create_app(store, pace=0.0, poll=0.05)) as c:
        yield c


def make(client: TestClient, seats: list[dict[str, str]], players: int = 2) -> dict[str, Any]:
    r = client.post(
        "/api/tables",
        json={
            "game": "rtdt",
            "config": {"players": players},
            "seed": 5,
            "seats": seats,
            "name": "friday",
        },
    )
    assert r.status_code == 201, r.text
    return r.json()


def test_the_lobby_lists_games_and_tables(client: TestClient) -> None:
    assert set(client.get("/api/games").json()) == {"rtdt", "tactics", "campaign"}
    made = make(client, [{"human": "Ana"}, {"human": "Bruno"}])
    lobby = client.get("/api/tables").json()
    assert [t["id"] for t in lobby] == [made["id"]]
    assert lobby[0]["name"] == "friday" and lobby[0]["to_act"] == 0


def test_act_over_http_and_errors_in_the_body(client: TestClient) -> None:
    made = make(client, [{"human": "Ana"}, {"human": "Bruno"}])
    tid, (a, b) = made["id"], [s["token"] for s in made["seats"]]
    assert made["seats"][0]["link"] == f"/play/{tid}?token={a}"
    view = client.get(f"/api/tables/{tid}", params={"token": a}).json()
    action = view["legal_actions"][0]
    r = client.post(f"/api/tables/{tid}/actions", json={"token": b, "action": action, "version": 0})
    assert r.status_code == 403 and "not your turn" in r.json()["error"]
    r = client.post(f"/api/tables/{tid}/actions", json={"token": a, "action": action, "version": 0})
    assert r.status_code == 200 and r.json()["version"] == 1
    r = client.post(f"/api/tables/{tid}/actions", json={"token": a, "action": action, "version": 0})
    assert r.status_code == 409
    assert client.get(f"/api/tables/{tid}").status_code == 403  # no token
    assert client.get("/api/tables/zzzzzz", params={"token": a}).status_code == 404
    r = client.post(f"/api/tables/{tid}/actions", json={"token": a})
    assert r.status_code == 422  # malformed: FastAPI names the missing fields
    assert client.post("/api/tables", json={"game": "rtdt", "seats": "x"}).status_code == 422
    for config in ({"code": 5}, {"players": "two"}, {"heroes": "spymaster"}, {"wizard": 1}):
        r = client.post("/api/tables", json={"game": "rtdt", "config": config, "seats": []})
        assert r.status_code == 400 and r.json()["error"].startswith("config: "), config


def test_a_socket_gets_every_change_and_plays(client: TestClient) -> None:
    made = make(client, [{"human": "Ana"}, {"human": "Bruno"}])
    tid, (a, b) = made["id"], [s["token"] for s in made["seats"]]
    with client.websocket_connect(f"/api/tables/{tid}/ws?token={b}") as ws_b:
        first = ws_b.receive_json()
        assert first["seat"] == 1 and first["version"] == 0
        with client.websocket_connect(f"/api/tables/{tid}/ws?token={a}") as ws_a:
            mine = ws_a.receive_json()
            ws_a.send_text("{not json")
            assert "not JSON" in ws_a.receive_json()["error"]
            ws_a.send_json({"action": "cleanse nowhere", "version": 0})
            assert ws_a.receive_json()["rule"]
            ws_a.send_json({"action": mine["legal_actions"][0], "version": 0})
            assert ws_a.receive_json()["version"] == 1
        assert ws_b.receive_json()["version"] == 1  # the other seat's page is told at once


def test_a_malformed_message_is_answered_and_the_socket_stays_open(client: TestClient) -> None:
    """Issue 32's defect: a binary frame, JSON nested thousands deep and an overlong
    message each get an error message (they dropped the connection with a traceback), and
    the page can play on."""
    made = make(client, [{"human": "Ana"}, {"human": "Bruno"}])
    tid, a = made["id"], made["seats"][0]["token"]
    with client.websocket_connect(f"/api/tables/{tid}/ws?token={a}") as ws:
        view = ws.receive_json()
        ws.send_bytes(b'{"action": "end", "version": 0}')
        assert "not binary" in ws.receive_json()["error"]
        ws.send_text("[" * 2000 + "]" * 2000)  # within the size bound, past the parser
        assert "not JSON" in ws.receive_json()["error"]
        ws.send_text('{"action": "' + "x" * 5000 + '", "version": 0}')
        assert "at most 4096 characters" in ws.receive_json()["error"]
        ws.send_json({"action": view["legal_actions"][0], "version": 0})
        assert ws.receive_json()["version"] == 1


def test_a_change_made_by_another_process_reaches_the_page(store: Store) -> None:
    """Two servers on one store (each keeps its own tables): the page open on the first is
    sent what the second did, found by the first's one look at its tables' versions."""
    with (
        TestClient(create_app(store, pace=0.0, poll=0.05)) as here,
        TestClient(create_app(store, pace=0.0, poll=0.05)) as there,
    ):
        made = make(here, [{"human": "Ana"}, {"human": "Bruno"}])
        tid, a = made["id"], made["seats"][0]["token"]
        with here.websocket_connect(f"/api/tables/{tid}/ws?token={a}") as ws:
            view = ws.receive_json()
            r = there.post(
                f"/api/tables/{tid}/actions",
                json={"token": a, "action": view["legal_actions"][0], "version": 0},
            )
            assert r.status_code == 200
            assert ws.receive_json()["version"] == 1


def test_a_persons_action_starts_no_ai_play(client: TestClient) -> None:
    made = make(client, [{"human": "Ana"}, {"human": "Bruno"}])
    tid, a = made["id"], made["seats"][0]["token"]
    view = client.get(f"/api/tables/{tid}", params={"token": a}).json()
    server = cast(Any, client.app).state.server
    started: list[str] = []
    server.start_ai = started.append
    r = client.post(
        f"/api/tables/{tid}/actions",
        json={"token": a, "action": view["legal_actions"][0], "version": 0},
    )
    assert r.status_code == 200 and started == []
    assert server.tables.ai_may_act("not-loaded-here")  # only the store can tell


def test_a_socket_without_a_seat_is_told_and_closed(client: TestClient) -> None:
    made = make(client, [{"human": "Ana"}, {"human": "Bruno"}])
    with client.websocket_connect(f"/api/tables/{made['id']}/ws?token=nope") as ws:
        assert "no seat" in ws.receive_json()["error"]


def test_ai_seats_play_in_the_background(client: TestClient) -> None:
    made = make(client, [{"ai": "heuristic"}, {"human": "Ana"}])
    token = made["seats"][1]["token"]
    with client.websocket_connect(f"/api/tables/{made['id']}/ws?token={token}") as ws:
        view = ws.receive_json()
        while not view["your_turn"]:
            view = ws.receive_json()
    assert view["version"] > 0 and view["seat"] == 1


def test_the_server_with_group_commit(store: Store) -> None:
    with TestClient(create_app(store, pace=0.0, group_commit=True)) as c:
        made = make(c, [{"human": "Ana"}, {"human": "Bruno"}])
        tid, a = made["id"], made["seats"][0]["token"]
        view = c.get(f"/api/tables/{tid}", params={"token": a}).json()
        action = view["legal_actions"][0]
        body = {"token": a, "action": action, "version": 0}
        assert c.post(f"/api/tables/{tid}/actions", json=body).status_code == 200
        assert c.post(f"/api/tables/{tid}/actions", json=body).status_code == 409
    assert [x.action for x in store.actions(tid)] == [action]


def test_the_page_is_sent_the_question_and_a_refusal_as_templates(client: TestClient) -> None:
    """So that the page words them in its own language (words.js, from /api/i18n/LANG)."""
    made = make(client, [{"human": "Ana"}, {"human": "Bruno"}])
    tid, (a, b) = made["id"], [s["token"] for s in made["seats"]]
    view = client.get(f"/api/tables/{tid}", params={"token": a}).json()
    assert view["ask"]["msg"].endswith("start of turn: choose an action (end to drop your skull).")
    assert view["ask"]["text"] == view["prompt"]
    assert client.get(f"/api/tables/{tid}", params={"token": b}).json()["ask"] is None
    words = client.get("/api/i18n/pt").json()
    assert view["ask"]["msg"] in words  # the page's catalog holds the question's template
    r = client.post(
        f"/api/tables/{tid}/actions", json={"token": a, "action": "move nowhere", "version": 0}
    )
    assert r.status_code == 422
    said = r.json()["refusal"]
    assert said == {
        "msg": "{space}: there is no such space",
        "args": {"space": "nowhere"},
        "rule": "RTDT-MOVE-7",
        "text": "nowhere: there is no such space",
    }
    assert words[said["msg"]] == "{space}: não existe esse espaço"


def test_a_repeated_undo_request_leaves_the_table_readable(store: Store) -> None:
    """Issue 32's defect: seat 0 ends its turn (the drop shows what the Tower does), then
    asks twice to undo while seat 1's consent is missing. The second request went to the
    log alone and was replayed as a move: the table could not be read after a restart.
    Read here by a second server on the same store, as after a restart."""
    with (
        TestClient(create_app(store, pace=0.0, poll=0.05)) as here,
        TestClient(create_app(store, pace=0.0, poll=0.05)) as there,
    ):
        made = make(here, [{"human": "Ana"}, {"human": "Bruno"}])
        tid, a = made["id"], made["seats"][0]["token"]
        view = here.get(f"/api/tables/{tid}", params={"token": a}).json()
        while "end" not in view["legal_actions"]:
            r = here.post(
                f"/api/tables/{tid}/actions",
                json={"token": a, "action": view["legal_actions"][0], "version": view["version"]},
            )
            view = r.json()
        view = here.post(
            f"/api/tables/{tid}/actions",
            json={"token": a, "action": "end", "version": view["version"]},
        ).json()
        for _ in range(2):
            r = here.post(f"/api/tables/{tid}/undo", json={"token": a, "version": view["version"]})
            assert r.status_code == 200, r.text
            view = r.json()
            assert view["undo"]["request"]["missing"] == [1]  # Bruno has not agreed yet
        r = there.get(f"/api/tables/{tid}", params={"token": a})
        assert r.status_code == 200, r.text
        assert r.json()["version"] == view["version"]
        assert r.json()["observe"] == view["observe"]


def test_every_step_undone_can_be_redone_over_http(client: TestClient) -> None:
    """Issue 32's defect: after three undos only one step could be redone (each undo was
    made on a copy that forgot what the last one had undone)."""
    made = make(client, [{"human": "Ana"}], players=1)
    tid, a = made["id"], made["seats"][0]["token"]
    view = client.get(f"/api/tables/{tid}", params={"token": a}).json()
    for _ in range(3):
        body = {"token": a, "action": view["legal_actions"][0], "version": view["version"]}
        view = client.post(f"/api/tables/{tid}/actions", json=body).json()
    played = view["observe"]
    for n in (1, 2, 3):
        view = client.post(
            f"/api/tables/{tid}/undo", json={"token": a, "version": view["version"]}
        ).json()
        assert view["undo"]["redoable"] == n
    for n in (2, 1, 0):
        r = client.post(f"/api/tables/{tid}/redo", json={"token": a, "version": view["version"]})
        assert r.status_code == 200, r.text
        view = r.json()
        assert view["undo"]["redoable"] == n
    assert view["observe"] == played


def test_a_nan_or_a_budget_a_server_does_not_give_is_refused_not_a_500(
    client: TestClient,
) -> None:
    """Issue 32's defects: a NaN in a JSON body answered 500 (the error tried to write it
    back); a search seat thinking an hour a decision, or a billion iterations, was taken."""
    json = {"content-type": "application/json"}
    r = client.post(
        "/api/tables", content='{"game": "rtdt", "seed": NaN, "seats": []}', headers=json
    )
    assert r.status_code == 422 and r.json()["error"].startswith("malformed request: seed")
    made = make(client, [{"human": "Ana"}], players=1)
    token = made["seats"][0]["token"]
    body = '{"token": "' + token + '", "action": "end", "version": NaN}'
    r = client.post(f"/api/tables/{made['id']}/actions", content=body, headers=json)
    assert r.status_code == 422 and "version" in r.json()["error"]
    for agent, why in (
        ("search:3599s", "at most 2s"),
        ("search:999999999", "at most 400 iterations"),
        ("search:8:d0", "at most 100 decisions"),
    ):
        r = client.post(
            "/api/tables",
            json={"game": "rtdt", "config": {"players": 1}, "seats": [{"ai": agent}]},
        )
        assert r.status_code == 400 and why in r.json()["error"], (agent, r.text)
    r = client.post(
        "/api/tables",
        json={"game": "rtdt", "config": {"players": 1}, "seats": [{"ai": "search:0.5s:random"}]},
    )
    assert r.status_code == 201, r.text


def test_a_body_over_the_limit_is_refused_before_it_is_read(client: TestClient) -> None:
    """Issue 32's defect: a 100 MB body was read and accepted. Over 64,000 bytes a body is
    refused with 413, told by its length or counted as its chunks arrive."""
    big = '{"game": "rtdt", "name": "' + "x" * 100_000 + '", "seats": []}'
    r = client.post("/api/tables", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413 and "at most 64000 bytes" in r.json()["error"]

    def chunks() -> Iterator[bytes]:
        yield b'{"game": "rtdt", "name": "'
        for _ in range(100):
            yield b"x" * 1_000
        yield b'", "seats": []}'

    r = client.post("/api/tables", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413 and "at most 64000 bytes" in r.json()["error"]
    assert make(client, [{"human": "Ana"}], players=1)["id"]  # a table's body is far smaller


def test_a_host_name_the_server_was_not_started_for_is_refused(store: Store) -> None:
    """Issue 32's defect: any Host header was served, so a page of another site could reach
    a local server through a name of its own resolving to it (DNS rebinding). IP addresses,
    localhost and the names `serve --allowed-host` gives are served; any other is not,
    over HTTP and over the WebSocket."""
    app = create_app(store, pace=0.0, poll=0.05, hosts=["towerplay.example"])
    for url, served in (
        ("http://127.0.0.1:8000", True),
        ("http://[::1]:8000", True),
        ("http://192.168.1.5", True),
        ("http://localhost:8000", True),
        ("http://towerplay.example", True),
        ("http://rebound.attacker.example", False),
    ):
        with TestClient(app, base_url=url) as c:
            r = c.get("/api/games")
            assert (r.status_code == 200) is served, (url, r.status_code)
            if not served:
                assert "does not answer to" in r.json()["error"]
                with (
                    pytest.raises(WebSocketDisconnect),
                    c.websocket_connect("/api/tables/x/ws?token=t"),
                ):
                    pass


def test_a_tables_seed_is_secret_and_random_unless_its_creator_chose_it(
    client: TestClient, store: Store
) -> None:
    """Issue 32's defect: a view carried the game code (which holds the seed the Tower's
    drops follow from), the lobby the seed in the default name, and every table made
    without changing the seed's default was the same game."""
    body = {"game": "rtdt", "config": {"players": 1}, "seats": [{"human": "Ana"}]}
    made = [client.post("/api/tables", json=body).json() for _ in range(3)]
    seeds = {store.get(m["id"]).document["seed"] for m in made}
    assert len(seeds) == 3  # drawn, not a default shared by every table
    lobby = client.get("/api/tables").json()
    for m in made:
        view = client.get(f"/api/tables/{m['id']}", params={"token": m["seats"][0]["token"]})
        assert "code" not in view.json()["observe"]
        spectator = client.get(f"/api/tables/{m['id']}", params={"token": m["spectator"]["token"]})
        assert "code" not in spectator.json()["observe"]
    for entry in lobby:
        assert not any(str(seed) in entry["name"] for seed in seeds)
        assert "seed" not in entry["name"]
    # a seed (or a code) the creator gives is public by their choice: the code is shown
    chosen = client.post("/api/tables", json={**body, "seed": 5}).json()
    view = client.get(f"/api/tables/{chosen['id']}", params={"token": chosen["seats"][0]["token"]})
    assert view.json()["observe"]["code"]


def test_the_game_code_is_shown_when_the_game_is_over(store: Store) -> None:
    from towerplay.web.tables import Tables

    tables = Tables(store)
    made = tables.create("rtdt", {"players": 1}, None, [{"human": "Ana"}])
    token = made.tokens[0]
    view = tables.view(made.id, token)
    seen = []
    while view["result"] is None:
        assert "code" not in view["observe"]
        seen.append(json.dumps(view))
        view = tables.act(made.id, token, view["legal_actions"][-1], view["version"])
    code = view["observe"]["code"]
    assert code and not any(code in text for text in seen)  # nor in the log, nor anywhere
