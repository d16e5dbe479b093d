"""The MaskablePPO example runs: a few hundred steps, an evaluation and its curve files."""

from __future__ import annotations

import csv
import runpy
import sys
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib", reason="the example needs towerplay[ppo] and torch")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "ppo_tactics.py"


def test_the_example_learns_for_a_moment_and_writes_its_curve(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "curve"
    monkeypatch.setattr(
        sys,
        "argv",
        [
            str(EXAMPLE),
            "--minutes",
            "0.01",
            "--envs",
            "1",
            "--eval-every",
            "256",
            "--eval-games",
            "2",
            "--final-games",
            "2",
            "--out",
            str(out),
        ],
    )
    runpy.run_path(str(EXAMPLE), run_name="__main__")
    rows = list(csv.DictReader(out.with_suffix(".csv").open()))
    steps = [int(r["steps"]) for r in rows]
    assert steps[0] == 0 and steps[1] >= 256  # a rollout is n_steps (512) at least
    assert all(0 <= float(r["rate"]) <= 1 and int(r["games"]) == 2 for r in rows)
