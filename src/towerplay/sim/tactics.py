"""Adventure Tactics encounters in a batch: `simulate` plays N games, one agent per seat."""

from __future__ import annotations

import time
from typing import Any

from towerplay.sim.agents import check_agent, make_agent
from towerplay.tactics import new_game

MAX_DECISIONS = 100_000  # a game longer than this is an engine bug


def simulate(
    encounter: str, games: int, agent: str, seed: int, party: list[str], difficulty: str
) -> dict[str, Any]:
    """Play `games` games of `encounter` (game i from seed + i) with `agent` in every seat
    and count the outcomes. A game that crashes is listed under "errors" and the batch
    goes on. Raises ValueError for bad options."""
    if games < 1:
        raise ValueError(f"games must be 1 or more, not {games}")
    check_agent("tactics", agent)
    outcomes: dict[str, Any] = {"success": 0, "+success": 0, "failure": {}}
    decisions = 0
    errors: list[str] = []
    start = time.perf_counter()
    for i in range(games):
        try:
            g = new_game(
                {"encounter": encounter, "party": party, "difficulty": difficulty}, seed + i
            )
            players = [
                make_agent("tactics", agent, seed * 1000 + i * 10 + s) for s in range(len(party))
            ]
            n = 0
            while g.result is None and n < MAX_DECISIONS:
                seat = g.to_act
                assert seat is not None
                g.apply(players[seat].act(g))
                n += 1
            decisions += n
            if g.s.outcome == "failure":
                outcomes["failure"][g.s.cause] = outcomes["failure"].get(g.s.cause, 0) + 1
            elif g.s.outcome:
                outcomes[g.s.outcome] += 1
            else:
                errors.append(f"game {i}: no result after {n} decisions")
        except Exception as exc:  # a crash is reported, not fatal to the batch
            errors.append(f"game {i}: {type(exc).__name__}: {exc}")
    elapsed = time.perf_counter() - start
    return {
        "encounter": encounter,
        "games": games,
        "agent": agent,
        "seed": seed,
        "party": party,
        "outcomes": outcomes,
        "decisions": decisions,
        "decisions_per_second": round(decisions / elapsed, 1) if elapsed > 0 else 0.0,
        "errors": errors,
    }
