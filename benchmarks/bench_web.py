"""The server under load: N concurrent games, each driven by an AI client over its WebSocket.

Run: .venv/bin/python benchmarks/bench_web.py [--games 100] [--seconds 30] [--db URL]
     [--think SECONDS] [--group-commit] [--sync normal|full]
(or `make bench-web`). A real `towerplay serve` process on a fresh SQLite store (or the given
database); each client sits in the one seat of a one-player Return to Dark Tower game and,
whenever it is to act, sends a random legal action and times the round trip until the view
with the new version arrives. Target (issue 13): p99 <= 50 ms. Prints JSON, with the CPU
the server process spent per action while the clients played (Linux: /proc; it survives a
busy machine better than the round trips do).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from typing import Any

import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def post(port: int, path: str, body: Any) -> Any:
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def cpu_seconds(pid: int) -> float | None:
    """User plus system CPU time of a process so far (None where /proc is missing)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_server(db: str, group: bool, sync: str) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "towerplay.cli.main",
            "serve",
            "--db",
            db,
            "--sync",
            sync,
            "--port",
            str(port),
            "--pace",
            "0",
            "--group-commit" if group else "--no-group-commit",
            "--tables-per-minute",  # every table of the load comes from this one address
            "100000",
        ],
        stdout=subprocess.DEVNULL,
    )
    for _ in range(300):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return proc, port
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


async def client(
    port: int, tid: str, token: str, seed: int, until: float, times: list[float], think: float
) -> int:
    """Play until `until`; append each round trip (seconds) to `times`. New games replace
    finished ones in the same seat's table set."""
    rng = random.Random(seed)
    url = f"ws://127.0.0.1:{port}/api/tables/{tid}/ws?token={token}"
    done = 0
    async with websockets.connect(url, max_size=2**24) as ws:
        view = json.loads(await ws.recv())
        while time.monotonic() < until and not view.get("result"):
            if not view.get("your_turn"):
                view = json.loads(await ws.recv())
                continue
            if think:  # a player (or a paced AI) takes a moment between actions
                await asyncio.sleep(rng.uniform(0, 2 * think))
            action = rng.choice(view["legal_actions"])
            sent = time.perf_counter()
            await ws.send(json.dumps({"action": action, "version": view["version"]}))
            while True:
                msg = json.loads(await ws.recv())
                if "error" in msg:
                    raise SystemExit(f"refused: {msg}")
                if msg["version"] > view["version"]:
                    break
            times.append(time.perf_counter() - sent)
            view = msg
            done += 1
    return done


async def drive(port: int, games: int, seconds: float, think: float, pid: int) -> dict[str, Any]:
    tables = []
    for i in range(games):
        made = post(
            port,
            "/api/tables",
            {"game": "rtdt", "config": {"players": 1}, "seed": i, "seats": [{"human": f"c{i}"}]},
        )
        tables.append((made["id"], made["seats"][0]["token"]))
    times: list[float] = []
    start = time.monotonic()
    until = start + seconds
    cpu_before, mine_before = cpu_seconds(pid), time.process_time()
    counts = await asyncio.gather(
        *(client(port, tid, tok, i, until, times, think) for i, (tid, tok) in enumerate(tables))
    )
    elapsed = time.monotonic() - start
    cpu_after, mine = cpu_seconds(pid), time.process_time() - mine_before
    actions = max(1, sum(counts))
    server_cpu = (
        None
        if cpu_before is None or cpu_after is None
        else round((cpu_after - cpu_before) / actions * 1000, 2)
    )
    q = statistics.quantiles(times, n=100) if len(times) >= 100 else [float("nan")] * 99
    return {
        "games": games,
        "seconds": round(elapsed, 1),
        "actions": sum(counts),
        "actions_per_second": round(sum(counts) / elapsed, 1),
        "round_trip_ms": {
            "p50": round(q[49] * 1000, 1),
            "p90": round(q[89] * 1000, 1),
            "p99": round(q[98] * 1000, 1),
            "max": round(max(times) * 1000, 1),
        },
        "server_cpu_ms_per_action": server_cpu,
        "client_cpu_ms_per_action": round(mine / actions * 1000, 2),
        "cpus": os.cpu_count(),
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--db", default=None, help="a store URL (default: a fresh SQLite file)")
    ap.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="mean seconds a client waits before each action (0: at once)",
    )
    ap.add_argument(
        "--group-commit",
        action="store_true",
        help="the server makes actions arriving together one transaction",
    )
    ap.add_argument(
        "--sync",
        default="normal",
        choices=["normal", "full"],
        help="the server's SQLite flush (towerplay serve --sync)",
    )
    args = ap.parse_args()
    db = args.db or os.path.join(tempfile.mkdtemp(), "bench.db")
    proc, port = start_server(db, args.group_commit, args.sync)
    try:
        out = asyncio.run(drive(port, args.games, args.seconds, args.think, proc.pid))
    finally:
        proc.kill()
        proc.wait()
    out["store"] = "sqlite" if args.db is None else args.db.split(":")[0]
    out["think"] = args.think
    out["group_commit"] = args.group_commit
    out["sync"] = args.sync
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
