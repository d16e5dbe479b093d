"""A table's chat (web/chat.py): seats talk, whispers reach only their two seats, spectators
read or not as the creator said, every input bounded, and the chat kept out of the table's
log (which holds only what replays)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from towerplay.store import Store
from towerplay.web.app import create_app
from towerplay.web.chat import MAX_TEXT, PER_MINUTE


@pytest.fixture
def client(store: Store) -> Iterator[TestClient]:
    with TestClient(create_app(store, pace=0.0, poll=0.05)) as c:
        yield c


def table(client: TestClient, players: int = 3, **extra: Any) -> tuple[str, list[str], str]:
    seats = [{"human": n} for n in ("Ana", "Bruno", "Caio")[:players]]
    r = client.post(
        "/api/tables",
        json={"game": "rtdt", "config": {"players": players}, "seats": seats, **extra},
    )
    assert r.status_code == 201, r.text
    made = r.json()
    return made["id"], [s["token"] for s in made["seats"]], made["spectator"]["token"]


def say(client: TestClient, tid: str, token: str, text: str, to: int | None = None) -> Any:
    return client.post(f"/api/tables/{tid}/chat", json={"token": token, "text": text, "to": to})


def read(client: TestClient, tid: str, token: str) -> list[str]:
    r = client.get(f"/api/tables/{tid}/chat", params={"token": token})
    assert r.status_code == 200, r.text
    return [f"{m['name']}>{m['to_name'] or '*'}: {m['text']}" for m in r.json()["messages"]]


def test_seats_talk_and_a_whisper_reaches_only_its_two_seats(client: TestClient) -> None:
    tid, (a, b, c), spectator = table(client)
    assert say(client, tid, a, "  hello   all \n").status_code == 201
    r = say(client, tid, b, "go north, Ana", to=0)
    assert r.status_code == 201 and r.json()["to_name"] == "Ana"
    assert read(client, tid, a) == ["Ana>*: hello all", "Bruno>Ana: go north, Ana"]
    assert read(client, tid, b) == ["Ana>*: hello all", "Bruno>Ana: go north, Ana"]
    assert read(client, tid, c) == ["Ana>*: hello all"]  # not the whisper
    assert read(client, tid, spectator) == ["Ana>*: hello all"]
    r = say(client, tid, spectator, "me too")
    assert r.status_code == 403 and "only the seats write" in r.json()["error"]
    assert client.get(f"/api/tables/{tid}/chat", params={"token": "nope"}).status_code == 403


def test_the_chat_is_not_in_the_tables_log_and_moves_no_version(
    client: TestClient, store: Store
) -> None:
    tid, (a, _b, _c), _ = table(client)
    say(client, tid, a, "a word")
    assert store.version(tid) == 0 and store.actions(tid) == []
    assert client.get(f"/api/tables/{tid}", params={"token": a}).json()["version"] == 0


def test_spectators_kept_out_when_the_creator_says_so(client: TestClient) -> None:
    tid, (a, _b, _c), spectator = table(client, spectators_chat=False)
    say(client, tid, a, "just us")
    r = client.get(f"/api/tables/{tid}/chat", params={"token": spectator}).json()
    assert r["messages"] == [] and r["closed"]
    assert read(client, tid, a) == ["Ana>*: just us"]


def test_every_input_is_bounded(client: TestClient) -> None:
    tid, (a, _b, _c), _ = table(client)
    for text, to, says in (
        ("", None, "say something"),
        ("   ", None, "say something"),
        ("x" * (MAX_TEXT + 1), None, f"at most {MAX_TEXT} characters"),
        ("hi", 0, "another seat"),
        ("hi", 7, "a seat from 0 to 2"),
    ):
        r = say(client, tid, a, text, to)
        assert r.status_code == 400 and says in r.json()["error"], (text, to, r.text)
    r = client.post(f"/api/tables/{tid}/chat", json={"token": a, "text": "x" * 5000})
    assert r.status_code == 422  # past the body's own bound
    for n in range(PER_MINUTE):
        assert say(client, tid, a, f"line {n}").status_code == 201
    r = say(client, tid, a, "one more")
    assert r.status_code == 429 and "a minute" in r.json()["error"]
    assert len(read(client, tid, a)) == PER_MINUTE


def test_a_page_hears_what_is_said_over_its_socket(client: TestClient) -> None:
    tid, (a, b, _c), _ = table(client)
    with client.websocket_connect(f"/api/tables/{tid}/ws?token={b}") as ws_b:
        assert ws_b.receive_json()["seat"] == 1
        with client.websocket_connect(f"/api/tables/{tid}/ws?token={a}") as ws_a:
            assert ws_a.receive_json()["seat"] == 0
            ws_a.send_json({"chat": "ready?"})
            got = ws_b.receive_json()["chat"]["messages"]
            assert [(m["name"], m["text"], m["to"]) for m in got] == [("Ana", "ready?", None)]
            assert ws_a.receive_json()["chat"]["messages"][0]["text"] == "ready?"  # hers too
            ws_a.send_json({"chat": "psst", "to": 2})  # a whisper to Caio: not Bruno's
            assert ws_a.receive_json()["chat"]["messages"][0]["to_name"] == "Caio"
            ws_a.send_json({"chat": "", "to": None})
            assert "say something" in ws_a.receive_json()["error"]
    with client.websocket_connect(f"/api/tables/{tid}/ws?token={b}") as ws_b:
        ws_b.receive_json()  # the view, then what was said before it opened
        assert [m["text"] for m in ws_b.receive_json()["chat"]["messages"]] == ["ready?"]


def test_what_is_said_on_another_process_reaches_the_page(store: Store) -> None:
    with (
        TestClient(create_app(store, pace=0.0, poll=0.05)) as here,
        TestClient(create_app(store, pace=0.0, poll=0.05)) as there,
    ):
        tid, (a, b, _c), _ = table(here)
        with here.websocket_connect(f"/api/tables/{tid}/ws?token={b}") as ws:
            ws.receive_json()
            assert say(there, tid, a, "from afar").status_code == 201
            assert ws.receive_json()["chat"]["messages"][0]["text"] == "from afar"
