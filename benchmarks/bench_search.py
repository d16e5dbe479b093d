"""The search agent's speed: iterations a second on one core (agents/search.py, docs/agents.md).

    taskset -c 0 .venv/bin/python benchmarks/bench_search.py [positions] [iterations]

For each table (Return to Dark Tower Gritty with 1 and 4 heroes, the Bog King's fen in Adventure
Tactics on Hard) seeded games are played by the heuristic agent, and at every 7th decision with
several legal actions the search agent decides with a budget of `iterations` (default 20), with
heuristic and with random rollouts (each to the game's default depth), and the rollout method
(`search:rollout:8`) decides there too. Printed: iterations a second over all the positions,
what one `determinize` costs there (each iteration draws one world), and the rollout method's
rollouts a second and CPU seconds a decision. Times are the process's CPU time (`time.process_time`), so on a machine shared with
other work the figures are still per core. Only the public API is used.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from towerplay.games import make_agent
from towerplay.rtdt.game import make_config
from towerplay.rtdt.game import new_game as new_rtdt
from towerplay.tactics import new_game as new_tactics

EVERY = 7  # search every 7th decision, so positions come from the whole game
ROLLOUT_WORLDS = 8  # the rollout method's budget measured for strength (docs/agents.md)


def tables() -> dict[str, tuple[str, Any]]:
    return {
        "rtdt gritty 1p": (
            "rtdt",
            lambda s: new_rtdt(make_config(seed=s, players=1, difficulty="gritty")),
        ),
        "rtdt gritty 4p": (
            "rtdt",
            lambda s: new_rtdt(make_config(seed=s, players=4, difficulty="gritty")),
        ),
        "tactics bog_spawn hard": (
            "tactics",
            lambda s: new_tactics({"encounter": "bog_spawn", "difficulty": "hard"}, s),
        ),
    }


def positions(kind: str, make: Any, count: int) -> list[Any]:
    """`count` positions from heuristic games, each a game waiting for a real choice."""
    out: list[Any] = []
    seed = 0
    while len(out) < count:
        seed += 1
        game = make(seed)
        agents = [make_agent(kind, "heuristic", seed * 10 + s) for s in range(5)]
        n = 0
        while game.to_act is not None and len(out) < count:
            if len(game.legal_actions()) > 1 and n % EVERY == 0:
                out.append(game.clone())  # the benchmark's own copy; the agent never clones
            game.apply(agents[game.to_act].act(game))
            n += 1
    return out


def measure(kind: str, games: list[Any], spec: str, iterations: int) -> float:
    """Iterations a CPU second over all the positions."""
    clock = time.process_time
    spent = 0.0
    for i, game in enumerate(games):
        agent = make_agent(kind, spec, i)
        t0 = clock()
        agent.act(game)
        spent += clock() - t0
    return iterations * len(games) / spent


def measure_rollout(kind: str, games: list[Any], worlds: int) -> tuple[float, float]:
    """The rollout method (`search:rollout:WORLDS`, 4 candidates, heuristic rollouts): rollouts
    a CPU second, and CPU seconds a decision."""
    clock = time.process_time
    spent, rollouts = 0.0, 0
    for i, game in enumerate(games):
        agent = make_agent(kind, f"search:rollout:{worlds}", i)
        t0 = clock()
        agent.act(game)
        spent += clock() - t0
        rollouts += len(agent.means) * worlds
    return rollouts / spent, spent / len(games)


def determinize_ms(games: list[Any]) -> float:
    clock = time.process_time
    t0 = clock()
    for i, game in enumerate(games):
        game.determinize(game.to_act, i)
    return (clock() - t0) * 1000 / len(games)


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    iterations = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    out: dict[str, object] = {}
    for name, (kind, make) in tables().items():
        games = positions(kind, make, count)
        row: dict[str, float] = {
            "positions": len(games),
            "iterations_per_s_heuristic": round(
                measure(kind, games, f"search:mcts:{iterations}:heuristic", iterations), 1
            ),
            "iterations_per_s_random": round(
                measure(kind, games, f"search:mcts:{iterations}:random", iterations), 1
            ),
            "determinize_ms": round(determinize_ms(games), 3),
        }
        per_s, per_decision = measure_rollout(kind, games, ROLLOUT_WORLDS)
        row |= {
            "rollout_method_rollouts_per_s": round(per_s, 1),
            "rollout_method_cpu_s_per_decision": round(per_decision, 3),
        }
        out[name] = row
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
