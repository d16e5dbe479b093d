"""Return to Dark Tower games in a batch: `simulate` plays N games, one agent per seat."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from towerplay.games import RTDT
from towerplay.rtdt.game import make_config
from towerplay.sim.play import Task
from towerplay.sim.runner import run
from towerplay.sim.summary import summarize


def simulate(
    games: int,
    players: int,
    agent: str,
    seed: int,
    difficulty: str,
    mode: str = "cooperative",
    expansion: str = "",
    treasures: str = "",
    new_corruptions: int | None = None,
    only_new_corruptions: bool = False,
    *,
    heroes: Sequence[str] = (),
    foes: Sequence[str] = (),
    adversary: str = "",
    companion: str = "",
    workers: int = 1,
    ray: str | None = None,
    out: Path | None = None,
    progress: bool | str = False,
) -> dict[str, Any]:
    """Play `games` games (game i from seed + i) and gather the figures. Heroes, foes, the
    adversary and the companion not given are drawn from each game's seed. In competitive
    mode the winners are counted by seat, overall and by cause. A game that crashes is
    listed under "errors" and the batch goes on. Raises ValueError for bad options."""
    if games < 1:
        raise ValueError(f"games must be 1 or more, not {games}")
    RTDT.agents.check(agent)
    options: dict[str, Any] = {
        "players": players,
        "difficulty": difficulty,
        "mode": mode,
        "expansion": expansion,
        "treasures": treasures,
        "new_corruptions": new_corruptions,
        "only_new_corruptions": only_new_corruptions,
        "heroes": tuple(heroes),
        "foes": tuple(foes),
        "adversary": adversary,
        "companion": companion,
    }
    first = make_config(seed=seed, **options)  # the options checked, and their defaults
    tasks = [
        Task(
            i,
            RTDT.name,
            seed + i,
            agent,
            tuple((seed + i) * 8 + s for s in range(players)),
            options,
        )
        for i in range(games)
    ]
    records, elapsed, played = run(tasks, workers, ray, out, progress)
    report: dict[str, Any] = {
        "game": RTDT.name,
        "games": games,
        "players": players,
        "agent": agent,
        "difficulty": difficulty,
        "mode": mode,
        "expansion": first.expansion or None,
        "treasures": first.treasures,
        "new_corruptions": first.new_corruptions,
        "only_new_corruptions": not first.base_corruptions,
        "seed": seed,
    }
    report |= summarize(records, elapsed, played)
    if mode == "competitive":
        wins_by_seat = {str(s): 0 for s in range(players)}
        winners_by_cause: dict[str, dict[str, int]] = {}
        for r in records:
            if r["outcome"] == "win":
                seats = winners_by_cause.setdefault(r["cause"], {})
                for w in r["winners"]:
                    wins_by_seat[str(w)] = wins_by_seat.get(str(w), 0) + 1
                    seats[str(w)] = seats.get(str(w), 0) + 1
        report["wins_by_seat"] = wins_by_seat
        report["winners_by_cause"] = winners_by_cause
    return report
