"""A table replayed step by step (web/replays.py): each version shows each seat exactly what
it saw then, across snapshots, undo and redo; bad requests are refused."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from towerplay.store import Store
from towerplay.web.app import create_app
from towerplay.web.errors import Forbidden, TableError
from towerplay.web.replays import replay_view
from towerplay.web.tables import Tables


def _record(tables: Tables, tid: str, tokens: dict[str, str], seen: dict[Any, Any]) -> int:
    """Each token's live view at the table's current version, kept by (token, version)."""
    version = -1
    for who, tok in tokens.items():
        v = tables.view(tid, tok)
        version = v["version"]
        seen[who, version] = v["observe"]
    return version


def test_every_version_shows_each_seat_what_it_saw_then(tables: Tables) -> None:
    made = tables.create("rtdt", {"players": 2}, 4, [{"human": "Ana"}, {"ai": "heuristic"}])
    ana = made.tokens[0]
    assert ana
    tokens = {"ana": ana, "spectator": made.spectator}
    seen: dict[Any, Any] = {}
    _record(tables, made.id, tokens, seen)
    undone = False
    for _ in range(60):  # past two snapshots (every 20 actions), an undo and a redo
        if tables.ai_turn(made.id):
            _record(tables, made.id, tokens, seen)
            continue
        v = tables.view(made.id, ana)
        if v["result"] is not None:
            break
        if not undone and v["version"] > 25 and v["undo"]["undoable"]:
            tables.undo(made.id, ana, v["version"])
            _record(tables, made.id, tokens, seen)
            tables.redo(made.id, ana, tables.view(made.id, ana)["version"])
            undone = True
        else:
            tables.act(made.id, ana, v["legal_actions"][-1], v["version"])
        _record(tables, made.id, tokens, seen)
    last = tables.view(made.id, ana)["version"]
    assert last > 40 and undone
    for (who, version), observed in seen.items():
        shown = replay_view(tables, made.id, tokens[who], version)
        assert shown["observe"] == observed, (who, version)
        assert shown["version"] == version and shown["last"] == last and shown["first"] == 0
    step = replay_view(tables, made.id, ana, 1)
    assert step["action"] and step["actor"]  # what led to version 1, and who did it
    assert replay_view(tables, made.id, ana, 0)["action"] is None


def test_a_replay_is_refused_without_a_seat_or_outside_the_tables_versions(
    tables: Tables,
) -> None:
    made = tables.create("rtdt", {"players": 1}, 2, [{"human": "Ana"}])
    ana = made.tokens[0]
    assert ana
    with pytest.raises(Forbidden):
        replay_view(tables, made.id, None, 0)
    with pytest.raises(Forbidden):
        replay_view(tables, made.id, "not a token", 0)
    with pytest.raises(TableError, match="expected a version from 0 to 0"):
        replay_view(tables, made.id, ana, 1)


def test_the_replay_route_answers_and_bounds_its_input(store: Store) -> None:
    with TestClient(create_app(store, pace=0.0, poll=0.05)) as client:
        made = client.post(
            "/api/tables",
            json={"game": "rtdt", "config": {"players": 1}, "seed": 3, "seats": [{"human": "Ana"}]},
        ).json()
        tid, tok = made["id"], made["seats"][0]["token"]
        v = client.get(f"/api/tables/{tid}", params={"token": tok}).json()
        client.post(
            f"/api/tables/{tid}/actions",
            json={"token": tok, "action": v["legal_actions"][0], "version": v["version"]},
        )
        ok = client.get(f"/api/tables/{tid}/replay", params={"token": tok, "version": 1})
        assert ok.status_code == 200 and ok.json()["action"] == v["legal_actions"][0]
        for bad in ({"version": "x"}, {"version": -1}, {"version": 2}, {}):
            r = client.get(f"/api/tables/{tid}/replay", params={"token": tok, **bad})
            assert 400 <= r.status_code < 500, (bad, r.status_code)
        r = client.get(f"/api/tables/{tid}/replay", params={"token": "nope", "version": 0})
        assert r.status_code == 403
