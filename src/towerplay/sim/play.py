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
from towerplay.rtdt.game import make_config
from towerplay.rtdt.game import new_game as new_rtdt
from towerplay.sim.agents import make_agent
from towerplay.tactics import new_game as new_tactics

MAX_DECISIONS = {"rtdt": 200_000, "tactics": 100_000}  # longer is an engine bug, not a game
SEATS = {"rtdt": 4, "tactics": 5}  # the most seats a record of each game has


@dataclass(frozen=True)
class Task:
    """Game `index` of a run: `options` are `make_config`'s (rtdt) or the encounter config
    (tactics); `agent_seeds` one per seat."""

    index: int
    game: str
    seed: int
    agent: str
    agent_seeds: tuple[int, ...]
    options: dict[str, Any] = field(default_factory=dict)


def new_game(task: Task) -> Game:
    if task.game == "rtdt":
        return new_rtdt(make_config(seed=task.seed, **task.options))
    return new_tactics(task.options, task.seed)


def play(task: Task) -> dict[str, Any]:
    """Play the task's game to its end; its record. A game that breaks gives a record with
    `error` set (the run goes on)."""
    started = time.perf_counter()
    record: dict[str, Any] = {"index": task.index, "seed": task.seed, "game": task.game}
    n = 0
    try:
        game = new_game(task)
        never_undone(game)
        agents = [make_agent(task.game, task.agent, s) for s in task.agent_seeds]
        limit = MAX_DECISIONS[task.game]
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


# what a Return to Dark Tower record keeps of the setup, from the observed config (records.py
# makes a column of each)
RTDT_SETUP = (
    "players",
    "heroes",
    "difficulty",
    "mode",
    "expansion",
    "foes",
    "adversary",
    "companion",
)


def figures(task: Task, game: Game) -> dict[str, Any]:
    """What a finished game's record holds, from what every seat sees."""
    # a record reads nothing that was said: the log's views are left out (their cost was a
    # tenth of a random-agent game's)
    view = game.observe(0, told=False)
    result = game.result
    if task.game == "rtdt":
        cfg = view["config"]
        setup = {k: cfg[k] for k in RTDT_SETUP}
        seats = [
            {
                "hero": h["hero"],
                "warriors": h["warriors"],
                "spirit": h["spirit"],
                "corruptions": len(h["corruptions"]),
                "eliminated": h["eliminated"],
                "items": sorted(h["gear"] + h["treasures"] + h["quest_items"]),
                "virtues": sorted(h["virtues"]),
            }
            for h in view["heroes"]
        ]
        return {
            "setup": setup,
            "outcome": None if result is None else result.outcome,
            "cause": None if result is None else result.cause,
            "winners": [] if result is None else list(result.winners),
            "turns": view["turn_number"],
            "seats": seats,
        }
    units = {u["id"]: u for u in view["units"]}
    seats = [
        {
            "class": h["class"],
            "hp": units[h["id"]]["hp"],
            "max_hp": units[h["id"]]["max_hp"],
            "knocked_out": units[h["id"]]["knocked_out"],
        }
        for h in view["heroes"]
    ]
    return {
        "setup": {
            "encounter": view["encounter"],
            "party": [h["class"] for h in view["heroes"]],
            "difficulty": task.options.get("difficulty", "normal"),
        },
        "outcome": view["outcome"] or None,
        "cause": view["cause"] or None,
        "winners": [],
        "turns": view["round"],
        "seats": seats,
    }
