"""One simulated game from a task to its record: a plain function, so any process can run it.

A `Task` says everything the game depends on (the game, its options, its seed, the agent and
each seat's agent seed), so the record is the same in whichever process or machine plays it:
that is what lets a run use every core or a Ray cluster and still give the same games. The
record is read through the Game protocol only (`observe`, `result`), never the state.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from towerplay.core.protocol import Game
from towerplay.core.undo import never_undone
from towerplay.games import get


@dataclass(frozen=True)
class Task:
    """Game `index` of a run: `game` names it in `towerplay.games`; `options` are what its
    `new` takes (RtDT: `make_config`'s; Tactics: the encounter config); `agent_seeds` one
    per seat."""

    index: int
    game: str
    seed: int
    agent: str
    agent_seeds: tuple[int, ...]
    options: dict[str, Any] = field(default_factory=dict)


def new_game(task: Task) -> Game:
    return get(task.game).new(task.options, task.seed)


def play(task: Task) -> dict[str, Any]:
    """Play the task's game to its end; its record. A game that breaks gives a record with
    `error` set (the run goes on)."""
    started = time.perf_counter()
    record: dict[str, Any] = {"index": task.index, "seed": task.seed, "game": task.game}
    n = 0
    try:
        game = new_game(task)
        never_undone(game)
        spec = get(task.game)
        agents = [spec.agents.make(task.agent, s) for s in task.agent_seeds]
        limit = spec.max_decisions
        while (seat := game.to_act) is not None:
            game.apply(agents[seat].act(game))
            n += 1
            if n >= limit:
                raise RuntimeError(f"no end after {n} decisions")
        record |= figures(task, game)
        record["error"] = None
    except Exception as exc:  # one broken game must not stop the run
        record |= {
            "setup": {},
            "outcome": None,
            "cause": None,
            "winners": [],
            "turns": None,
            "seats": [],
            "error": f"{type(exc).__name__}: {exc}",
        }
    record["decisions"] = n
    record["seconds"] = round(time.perf_counter() - started, 6)
    return record


def figures(task: Task, game: Game) -> dict[str, Any]:
    """What a finished game's record holds, from what every seat sees (its game's
    `Records.figures`)."""
    records = get(task.game).records
    assert records is not None, task.game
    return records.figures(game, task.options)
