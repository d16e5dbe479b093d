"""Adventure Tactics encounters in a batch: `simulate` plays N games, one agent per seat."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from towerplay.games import TACTICS
from towerplay.sim.play import Task
from towerplay.sim.runner import run
from towerplay.sim.summary import summarize


def simulate(
    encounter: str,
    games: int,
    agent: str,
    seed: int,
    party: list[str],
    difficulty: str,
    *,
    workers: int = 1,
    ray: str | None = None,
    out: Path | None = None,
    progress: bool | str = False,
) -> dict[str, Any]:
    """Play `games` games of `encounter` (game i from seed + i) with `agent` in every seat
    and count the results, in the shape `sim rtdt` gives (`outcomes` keeps the older
    success / +success / failure-by-cause form). A game that crashes is listed under
    "errors" and the batch goes on. Raises ValueError for bad options."""
    if games < 1:
        raise ValueError(f"games must be 1 or more, not {games}")
    TACTICS.agents.check(agent)
    config = {"encounter": encounter, "party": list(party), "difficulty": difficulty}
    tasks = [
        Task(
            i,
            TACTICS.name,
            seed + i,
            agent,
            tuple(seed * 1000 + i * 10 + s for s in range(len(party))),
            config,
        )
        for i in range(games)
    ]
    records, elapsed, played = run(tasks, workers, ray, out, progress)
    report: dict[str, Any] = {
        "game": TACTICS.name,
        "encounter": encounter,
        "games": games,
        "agent": agent,
        "seed": seed,
        "party": list(party),
        "difficulty": difficulty,
    }
    report |= summarize(records, elapsed, played)
    failures: dict[str, int] = {}
    for r in records:
        if r["outcome"] == "failure":
            failures[r["cause"]] = failures.get(r["cause"], 0) + 1
    report["outcomes"] = {
        "success": sum(1 for r in records if r["outcome"] == "success"),
        "+success": sum(1 for r in records if r["outcome"] == "+success"),
        "failure": failures,
    }
    return report
