"""Return to Dark Tower games in a batch: `simulate` plays N games, one agent per seat."""

from __future__ import annotations

import time
from typing import Any

from towerplay.rtdt.game import make_config, new_game
from towerplay.sim.agents import check_agent, make_agent

MAX_DECISIONS = 200_000  # a game that runs longer than this is an engine bug, not a game


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
) -> dict[str, Any]:
    """Play `games` games (game i from seed + i) and gather the figures. In competitive
    mode the winners are counted by seat, overall and by cause. A game that crashes is
    listed under "errors" and the batch goes on. Raises ValueError for bad options."""
    if games < 1:
        raise ValueError(f"games must be 1 or more, not {games}")
    check_agent("rtdt", agent)
    options: dict[str, Any] = {
        "players": players,
        "difficulty": difficulty,
        "mode": mode,
        "expansion": expansion,
        "treasures": treasures,
        "new_corruptions": new_corruptions,
        "only_new_corruptions": only_new_corruptions,
    }
    first = make_config(seed=seed, **options)  # what the options come to (the defaults)
    results: dict[str, dict[str, int]] = {"loss": {}, "win": {}}
    wins_by_seat: dict[str, int] = {str(s): 0 for s in range(players)}
    winners_by_cause: dict[str, dict[str, int]] = {}
    errors: list[dict[str, Any]] = []
    decisions = 0
    turns: list[int] = []
    started = time.perf_counter()
    for i in range(games):
        game_seed = seed + i
        n = 0
        try:
            game = new_game(make_config(seed=game_seed, **options))
            agents = [make_agent("rtdt", agent, game_seed * 8 + s) for s in range(players)]
            while True:
                to_act = game.to_act
                if to_act is None:
                    break
                game.apply(agents[to_act].act(game))
                n += 1
                if n >= MAX_DECISIONS:
                    raise RuntimeError(f"no end after {n} decisions")
            result = game.result
            assert result is not None
            by_cause = results.setdefault(result.outcome, {})
            by_cause[result.cause] = by_cause.get(result.cause, 0) + 1
            if mode == "competitive" and result.outcome == "win":
                seats = winners_by_cause.setdefault(result.cause, {})
                for seat in result.winners:
                    wins_by_seat[str(seat)] = wins_by_seat.get(str(seat), 0) + 1
                    seats[str(seat)] = seats.get(str(seat), 0) + 1
            turns.append(game.state.turn_number)
        except Exception as exc:  # one broken game must not stop the run
            errors.append({"seed": game_seed, "error": f"{type(exc).__name__}: {exc}"})
        decisions += n
    elapsed = max(time.perf_counter() - started, 1e-9)
    report: dict[str, Any] = {
        "game": "rtdt",
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
        "results": results,
        "decisions": decisions,
        "decisions_per_second": round(decisions / elapsed, 1),
        "games_per_second": round(games / elapsed, 2),
        "mean_turns": round(sum(turns) / len(turns), 2) if turns else None,
        "errors": errors,
    }
    if mode == "competitive":
        report["wins_by_seat"] = wins_by_seat
        report["winners_by_cause"] = winners_by_cause
    return report
