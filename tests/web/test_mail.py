"""Your move, by mail (web/mail.py), through the real HTTP and WebSocket interface, with a
local SMTP sink (aiosmtpd) receiving what the server sends: one mail each time the game
passes to a seat that gave an address and has no page open, none to anyone else, never
another seat's secrets; bad addresses refused; a mail server that is down holds up no
game."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from towerplay.store import Store
from towerplay.web.app import create_app
from towerplay.web.mail import MailSettings

from .smtp_sink import Sink, free_port, smtp_sink

ANA, BRUNO = "ana@example.org", "bruno@example.org"


@pytest.fixture
def sink() -> Iterator[tuple[Sink, int]]:
    with smtp_sink() as found:
        yield found, found.port


def serve(store: Store, port: int) -> TestClient:
    settings = MailSettings("127.0.0.1", port, "towerplay@example.org", "https://tower.example")
    return TestClient(create_app(store, pace=0.0, poll=0.05, mail=settings))


def make(client: TestClient, seats: list[dict[str, Any]]) -> dict[str, Any]:
    body = {"game": "rtdt", "config": {"players": len(seats), "mode": "cooperative"}}
    r = client.post("/api/tables", json={**body, "seats": seats, "name": "Friday night"})
    assert r.status_code == 201, r.text
    return dict(r.json())


def two_mailed(client: TestClient) -> tuple[str, dict[int, str]]:
    """A table of Ana and Bruno, each with an address given: its id and the seats' tokens."""
    made = make(client, [{"human": "Ana"}, {"human": "Bruno"}])
    tid = made["id"]
    tokens = {i: s["token"] for i, s in enumerate(made["seats"])}
    for seat, address in ((0, ANA), (1, BRUNO)):
        assert mail_me(client, tid, tokens[seat], address).status_code == 200
    return tid, tokens


def mail_me(client: TestClient, tid: str, token: str, address: str, lang: str = "en") -> Any:
    return client.post(
        f"/api/tables/{tid}/mail", json={"token": token, "address": address, "lang": lang}
    )


def step(client: TestClient, tid: str, tokens: dict[int, str]) -> dict[str, Any]:
    """The seat to act plays `end` when it may, else its first action; its view before."""
    seat = client.get(f"/api/tables/{tid}", params={"token": tokens[0]}).json()["to_act"]
    mine = client.get(f"/api/tables/{tid}", params={"token": tokens[seat]}).json()
    legal = mine["legal_actions"]
    choice = "end" if "end" in legal else legal[0]
    r = client.post(
        f"/api/tables/{tid}/actions",
        json={"token": tokens[seat], "action": choice, "version": mine["version"]},
    )
    assert r.status_code == 200, r.text
    return dict(r.json())


def pass_to_the_other(client: TestClient, tid: str, tokens: dict[int, str]) -> int:
    """Play until the game passes from the seat to act to another; that seat."""
    seat = client.get(f"/api/tables/{tid}", params={"token": tokens[0]}).json()["to_act"]
    for _ in range(60):
        after = step(client, tid, tokens)["to_act"]
        if after not in (None, seat):
            return int(after)
    raise AssertionError("the game never passed to another seat")


def test_each_seat_is_mailed_once_each_time_the_game_passes_to_it(
    store: Store, sink: tuple[Sink, int]
) -> None:
    got, port = sink
    with serve(store, port) as client:
        made = make(client, [{"human": "Ana"}, {"human": "Bruno"}])
        tid = made["id"]
        tokens = {i: s["token"] for i, s in enumerate(made["seats"])}
        assert mail_me(client, tid, tokens[0], ANA).json() == {"seat": 0, "mail": ANA}
        assert mail_me(client, tid, tokens[1], BRUNO, "pt").status_code == 200
        handed = {0: 0, 1: 0}  # the times the game passed to each seat
        for _ in range(60):
            before = client.get(f"/api/tables/{tid}", params={"token": tokens[0]}).json()
            after = step(client, tid, tokens)
            if after["to_act"] is not None and after["to_act"] != before["to_act"]:
                handed[after["to_act"]] += 1
            if min(handed.values()) >= 2:
                break
        assert min(handed.values()) >= 2
        got.wait_for(sum(handed.values()))
        time.sleep(0.2)  # none more arrives
    assert len(got.to(ANA)) == handed[0] and len(got.to(BRUNO)) == handed[1]
    assert len(got.got) == sum(handed.values())
    ana, bruno = got.to(ANA)[-1], got.to(BRUNO)[-1]
    assert ana["Subject"] == "Your move: Friday night" and ana["From"] == "towerplay@example.org"
    text = ana.get_content()
    assert text.startswith("It is your move at the table Friday night (Return to Dark Tower).")
    assert "https://tower.example" in text and tokens[0] not in text and tokens[1] not in text
    assert bruno["Subject"] == "Sua vez: Friday night"  # in the language Bruno asked for
    assert "É a sua vez na mesa Friday night" in bruno.get_content()


def test_the_mail_tells_the_seats_own_question_and_nothing_of_the_others(
    store: Store, sink: tuple[Sink, int]
) -> None:
    got, port = sink
    with serve(store, port) as client:
        tid, tokens = two_mailed(client)
        pass_to_the_other(client, tid, tokens)
        got.wait_for(1)
        to, message = got.got[0]
        seat = 0 if to == ANA else 1
        view = client.get(f"/api/tables/{tid}", params={"token": tokens[seat]}).json()
        other = client.get(f"/api/tables/{tid}", params={"token": tokens[1 - seat]}).json()
    # the question is the seat's own (its view's), and the other seat's address is not said
    assert view["your_turn"] and view["prompt"].split(":")[0] in message.get_content()
    assert (BRUNO if seat == 0 else ANA) not in message.as_string()
    assert other["mail"] != view["mail"] and view["mail"] == to  # each sees its own only
    assert BRUNO not in str(client.get("/api/tables").json())


def test_no_mail_while_the_seats_page_is_open(store: Store, sink: tuple[Sink, int]) -> None:
    got, port = sink
    with serve(store, port) as client:
        tid, tokens = two_mailed(client)
        first = client.get(f"/api/tables/{tid}", params={"token": tokens[0]}).json()["to_act"]
        waiting = 1 - first
        url = f"/api/tables/{tid}/ws?token={tokens[waiting]}"
        with client.websocket_connect(url) as ws:
            assert ws.receive_json()["seat"] == waiting
            assert pass_to_the_other(client, tid, tokens) == waiting
            time.sleep(0.3)
            assert got.got == []  # the page was open: no mail
        # the page closed: the next time the game passes to the seat, a mail
        pass_to_the_other(client, tid, tokens)  # to the first seat (it gave an address too)
        assert pass_to_the_other(client, tid, tokens) == waiting
        got.wait_for(2)
    assert len(got.to(BRUNO if waiting else ANA)) == 1


@pytest.mark.parametrize(
    "address",
    [
        "bruno",
        "bruno@example",
        "Bruno <bruno@example.org>",
        "bruno@example.org, ana@example.org",
        "bruno@example.org\r\nBcc: x@example.org",
        "b" * 250 + "@example.org",
        "bruno @example.org",
    ],
)
def test_an_address_that_is_not_one_plain_address_is_refused(
    store: Store, sink: tuple[Sink, int], address: str
) -> None:
    _, port = sink
    with serve(store, port) as client:
        made = make(client, [{"human": "Ana"}, {"human": "Bruno"}])
        tid, bruno = made["id"], made["seats"][1]["token"]
        version = store.version(tid)
        r = mail_me(client, tid, bruno, address)
        assert r.status_code in (400, 422) and "address" in r.json()["error"]
        assert store.version(tid) == version  # nothing written


def test_only_a_seat_gives_its_address_and_an_empty_one_stops_the_mails(
    store: Store, sink: tuple[Sink, int]
) -> None:
    got, port = sink
    with serve(store, port) as client:
        made = make(client, [{"human": "Ana"}, {"human": "Bruno"}])
        tid = made["id"]
        tokens = {i: s["token"] for i, s in enumerate(made["seats"])}
        assert mail_me(client, tid, made["spectator"]["token"], ANA).status_code == 403
        assert mail_me(client, tid, "nobody", ANA).status_code == 403
        assert mail_me(client, tid, tokens[0], ANA, "klingon").status_code == 400
        mail_me(client, tid, tokens[0], ANA)
        mail_me(client, tid, tokens[1], BRUNO)
        assert mail_me(client, tid, tokens[0], " ").json() == {"seat": 0, "mail": ""}
        assert mail_me(client, tid, tokens[1], "").json() == {"seat": 1, "mail": ""}
        pass_to_the_other(client, tid, tokens)
        pass_to_the_other(client, tid, tokens)
        time.sleep(0.3)
        view = client.get(f"/api/tables/{tid}", params={"token": tokens[0]}).json()
    assert got.got == [] and view["mail"] == ""
    # the log's notes say what was asked, never the address
    assert ANA not in str([a.action for a in store.actions(tid, after=0)])


def test_a_mail_server_that_is_down_holds_up_no_game(store: Store) -> None:
    with serve(store, free_port()) as client:  # nothing listens there
        tid, tokens = two_mailed(client)
        seats = set()
        for _ in range(60):
            seats.add(step(client, tid, tokens)["to_act"])
            if len(seats) == 2:
                break
        mailer = client.app.state.server.mailer  # type: ignore[attr-defined]
    assert len(seats) == 2  # the game went on from seat to seat
    assert mailer.failed >= 1 and mailer.sent == 0


def test_the_address_is_kept_while_the_ai_plays_the_seat(
    store: Store, sink: tuple[Sink, int]
) -> None:
    """Bruno's seat is handed to the AI (no mail goes to him: the AI plays), then taken back
    with his link: his address is his again."""
    got, port = sink
    with serve(store, port) as client:
        made = make(client, [{"human": "Ana"}, {"human": "Bruno"}])
        tid, host = made["id"], made["host"]["token"]
        bruno = made["seats"][1]["token"]
        assert mail_me(client, tid, bruno, BRUNO).status_code == 200
        r = client.post(f"/api/tables/{tid}/seats/1", json={"host": host, "to": "ai"})
        assert r.status_code == 200
        assert mail_me(client, tid, bruno, BRUNO).status_code == 403  # away: take it back
        assert client.post(f"/api/tables/{tid}/back", json={"token": bruno}).status_code == 200
        view = client.get(f"/api/tables/{tid}", params={"token": bruno}).json()
    assert view["mail"] == BRUNO and got.to(BRUNO) == []


def test_a_damaged_mail_entry_makes_the_table_refused_not_mailed(store: Store) -> None:
    from towerplay.core.errors import SaveError
    from towerplay.web.tables import Tables, read_game

    tables = Tables(store)
    made = tables.create("rtdt", {"players": 2}, 1, [{"human": "A"}, {"human": "B"}])
    rec = store.get(made.id)
    rec.document["seats"][1]["mail"] = {"to": 42, "lang": "en"}
    with pytest.raises(SaveError, match="mail"):
        read_game(rec, [])
