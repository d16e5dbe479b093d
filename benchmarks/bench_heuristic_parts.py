"""Where a four-player heuristic Return to Dark Tower game spends its time: the engine
(`legal_actions` and `apply`), `observe` (which the agent reads at every decision with a
choice) and the agent's own thinking, in CPU microseconds a decision, and the games a second
each part leaves room for. Issue 14 asks for 80 games a second; the engine and `observe`
alone bound the rate whatever the agent does.

    taskset -c 0 .venv/bin/python benchmarks/bench_heuristic_parts.py [GAMES]

The heuristic plays the games once and its actions are kept; then three replays are timed,
alternating, three rounds each: the engine alone, the engine with `observe`, the whole agent.
Each part is the difference between two replays, so that what they share (setting up each
game, applying the actions) cancels out.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from typing import Any

from towerplay.agents.heuristic import HeuristicAgent
from towerplay.rtdt.game import new_game

PLAYERS = 4


def played(games: int) -> list[list[Any]]:
    """Each game's actions as the heuristic chose them (seeds 0, 1, ...)."""
    out = []
    for seed in range(games):
        g = new_game(players=PLAYERS, seed=seed)
        agents = [HeuristicAgent(seed * 7 + i) for i in range(PLAYERS)]
        actions = []
        while g.to_act is not None:
            a = agents[g.to_act].act(g)
            actions.append(a)
            g.apply(a)
        out.append(actions)
    return out


def replay(games: list[list[Any]], mode: str) -> float:
    """CPU seconds to replay `games`: "engine" applies the actions, "observe" also observes
    where the agent would, "agent" asks a fresh agent for each action (the same ones)."""
    start = time.process_time()
    for seed, actions in enumerate(games):
        g = new_game(players=PLAYERS, seed=seed)
        agents = [HeuristicAgent(seed * 7 + i) for i in range(PLAYERS)]
        for a in actions:
            if mode == "agent":
                agents[g.to_act].act(g)
            elif len(g.legal_actions()) > 1 and mode == "observe":
                g.observe(g.to_act, told=False)
            g.apply(a)
    return time.process_time() - start


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    games = played(n)
    decisions = sum(map(len, games))
    rounds: dict[str, list[float]] = {"engine": [], "observe": [], "agent": []}
    for _ in range(3):
        for mode in rounds:
            rounds[mode].append(replay(games, mode))
    engine, observed, whole = (statistics.median(rounds[m]) for m in rounds)
    per = 1e6 / decisions
    out = {
        "games": n,
        "decisions_per_game": round(decisions / n, 1),
        "us_per_decision": {
            "engine": round(engine * per, 1),
            "observe": round((observed - engine) * per, 1),
            "agent_beyond_observe": round((whole - observed) * per, 1),
            "whole": round(whole * per, 1),
        },
        "games_per_second": {
            "whole": round(n / whole, 1),
            "engine_and_observe_only": round(n / observed, 1),
            "engine_only": round(n / engine, 1),
        },
    }
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
