"""Return to Dark Tower games in a batch: `simulate` plays N games, one agent per seat."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from towerplay.games import RTDT
from towerplay.rtdt.options import RtdtOptions
from towerplay.sim.play import Task
from towerplay.sim.runner import run
from towerplay.sim.summary import summarize


def simulate(
    games: int,
    agent: str,
    seed: int,
    options: RtdtOptions | None = None,
    *,
    workers: int = 1,
    ray: str | None = None,
    out: Path | None = None,
    progress: bool | str = False,
) -> dict[str, Any]:
    """Play `games` games with `options` (game i from seed + i) and gather the figures.
    Heroes, foes, the adversary and the companion not chosen are drawn from each game's
    seed. In competitive mode the winners are counted by seat, overall and by cause. A game
    that crashes is listed under "errors" and the batch goes on. Raises ValueError for bad
    options."""
    if games < 1:
        raise ValueError(f"games must be 1 or more, not {games}")
    RTDT.agents.check(agent)
    options = options or RtdtOptions()
    first = options.config(seed)  # the options checked, and their defaults
    players = first.players
    tasks = [
        Task(
            i,
            RTDT.name,
            seed + i,
            agent,
            tuple((seed + i) * 8 + s for s in range(players)),
            options.as_dict(),
        )
        for i in range(games)
    ]
    records, elapsed, played = run(tasks, workers, ray, out, progress)
    report: dict[str, Any] = {
        "game": RTDT.name,
        "games": games,
        "players": players,
        "agent": agent,
        "difficulty": first.difficulty,
        "mode": first.mode,
        "expansion": first.expansion or None,
        "treasures": first.treasures,
        "new_corruptions": first.new_corruptions,
        "only_new_corruptions": not first.base_corruptions,
        "seed": seed,
    }
    report |= summarize(records, elapsed, played)
    if first.mode == "competitive":
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
