"""The real server process: killed with SIGKILL during a stream of actions, restarted, it
has every action it answered and none twice; two processes on one database share tables.
Each on SQLite (the server's default `--sync normal`, and `full`) and, when
TOWERPLAY_TEST_PG names a server (tests/store/pg_server.sh), on PostgreSQL."""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from towerplay.store import open_store


@pytest.fixture(
    params=["sqlite", "sqlite-full", pytest.param("postgresql", marks=pytest.mark.postgres)]
)
def server_db(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[str, list[str]]:
    """A fresh database for the servers, and the options they run with on it."""
    if request.param == "postgresql":
        return request.getfixturevalue("pg_url"), []
    sync = ["--sync", "full"] if request.param == "sqlite-full" else []
    return str(tmp_path / "server.db"), sync


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def call(port: int, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=data,
        method=method,
        headers={"Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def start(db: tuple[str, list[str]]) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "towerplay.cli.main",
            "serve",
            "--db",
            db[0],
            *db[1],
            "--port",
            str(port),
            "--pace",
            "0",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if call(port, "GET", "/api/games")[0] == 200:
                return proc, port
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError(f"the server did not start: {proc.stderr.read() if proc.stderr else ''}")


def play(port: int, tid: str, token: str, rng: random.Random) -> tuple[int, str] | None:
    """One random legal action; (version, action) once the server answered it."""
    status, view = call(port, "GET", f"/api/tables/{tid}?token={token}")
    if status != 200 or not view["legal_actions"]:
        return None
    action = rng.choice(view["legal_actions"])
    status, after = call(
        port,
        "POST",
        f"/api/tables/{tid}/actions",
        {"token": token, "action": action, "version": view["version"]},
    )
    return (after["version"], action) if status == 200 else None


def new_table(port: int, seed: int) -> tuple[str, str]:
    status, made = call(
        port,
        "POST",
        "/api/tables",
        {"game": "rtdt", "config": {"players": 1}, "seed": seed, "seats": [{"human": "Ana"}]},
    )
    assert status == 201, made
    return made["id"], made["seats"][0]["token"]


def test_sigkill_loses_no_answered_action(server_db: tuple[str, list[str]]) -> None:
    db = server_db
    proc, port = start(db)
    tid, token = new_table(port, 11)
    rng = random.Random(4)
    answered: set[tuple[str, int, str]] = set()
    tables = {tid}
    try:
        for i in range(600):
            if i in (60, 140):
                os.kill(proc.pid, signal.SIGKILL)  # mid-stream, between or during actions
                proc.wait()
                proc, port = start(db)  # the same database, a new process
            try:
                done = play(port, tid, token, rng)
                if (
                    done is None
                    and call(port, "GET", f"/api/tables/{tid}?token={token}")[1]["result"]
                ):
                    tid, token = new_table(port, 100 + i)  # that game is over: another one
                    tables.add(tid)
            except OSError:
                done = None
            if done:
                answered.add((tid, *done))
            if len(answered) >= 200:
                break
    finally:
        proc.kill()
        proc.wait()
    logged: set[tuple[str, int, str]] = set()
    with open_store(db[0]) as store:
        for t in tables:
            rows = [(a.version, a.action) for a in store.actions(t)]
            assert store.get(t).version == len(rows)
            assert [v for v, _ in rows] == list(range(1, len(rows) + 1))  # nothing doubled
            logged |= {(t, v, a) for v, a in rows}
    assert answered <= logged and len(answered) >= 200


def test_two_processes_serve_one_database_without_doubling(
    server_db: tuple[str, list[str]],
) -> None:
    db = server_db
    (p1, port1), (p2, port2) = start(db), start(db)
    try:
        status, made = call(
            port1,
            "POST",
            "/api/tables",
            {"game": "rtdt", "config": {"players": 1}, "seed": 2, "seats": [{"human": "A"}]},
        )
        tid, token = made["id"], made["seats"][0]["token"]
        rng = random.Random(1)
        answered = []
        for i in range(60):
            # both servers are sent the same move on the same version: one applies it
            status, view = call(
                port1 if i % 2 else port2, "GET", f"/api/tables/{tid}?token={token}"
            )
            if view["result"]:
                break
            action = rng.choice(view["legal_actions"])
            body = {"token": token, "action": action, "version": view["version"]}
            results = [
                call(port, "POST", f"/api/tables/{tid}/actions", body)[0] for port in (port1, port2)
            ]
            assert sorted(results) == [200, 409]
            answered.append((view["version"] + 1, action))
    finally:
        for p in (p1, p2):
            p.kill()
            p.wait()
    assert len(answered) >= 20
    with open_store(db[0]) as store:
        assert [(a.version, a.action) for a in store.actions(tid)] == answered
