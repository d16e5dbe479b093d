"""A run's records summed up, in the one shape every game's `sim` prints."""

from __future__ import annotations

from typing import Any


def summarize(records: list[dict[str, Any]], elapsed: float, played: set[int]) -> dict[str, Any]:
    """Results by outcome and cause, decisions, game length, errors; the rates are of the
    `played` games this run played in `elapsed` seconds (a resumed run's earlier games
    count in the results, not in the rates)."""
    results: dict[str, dict[str, int]] = {}
    errors = []
    turns = []
    decisions = sum(r["decisions"] for r in records)
    for r in records:
        if r["error"]:
            errors.append({"seed": r["seed"], "error": r["error"]})
            continue
        outcome = r["outcome"] or "unfinished"
        by_cause = results.setdefault(outcome, {})
        cause = r["cause"] or ""
        by_cause[cause] = by_cause.get(cause, 0) + 1
        if r["turns"] is not None:
            turns.append(r["turns"])
    played_decisions = sum(r["decisions"] for r in records if r["index"] in played)
    elapsed = max(elapsed, 1e-9)
    return {
        "results": results,
        "decisions": decisions,
        "decisions_per_second": round(played_decisions / elapsed, 1) if played else None,
        "games_per_second": round(len(played) / elapsed, 2) if played else None,
        "mean_turns": round(sum(turns) / len(turns), 2) if turns else None,
        "errors": errors,
    }
