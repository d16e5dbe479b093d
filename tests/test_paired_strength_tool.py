"""tools/paired_strength.py: the paired comparison docs/agents.md "Strength" prints."""

from __future__ import annotations

import csv
import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("paired", ROOT / "tools" / "paired_strength.py")
assert _spec is not None and _spec.loader is not None
paired = importlib.util.module_from_spec(_spec)
sys.modules["paired"] = paired
_spec.loader.exec_module(paired)


def write(path: Path, outcomes: dict[int, str], error: str = "") -> str:
    with path.open("w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=["seed", "outcome", "error"])
        w.writeheader()
        for seed, outcome in outcomes.items():
            w.writerow({"seed": seed, "outcome": outcome, "error": error})
    return str(path)


def test_the_sign_test_is_exact_and_two_sided() -> None:
    assert paired.sign_test(12, 0) == pytest.approx(2 / 2**12)
    assert paired.sign_test(0, 12) == paired.sign_test(12, 0)
    assert paired.sign_test(3, 3) == 1.0
    assert paired.sign_test(0, 0) == 1.0
    # 12 against 1: 2 * (1 + 13) / 2**13
    assert paired.sign_test(12, 1) == pytest.approx(28 / 8192)


def test_only_shared_seeds_are_paired(tmp_path: Path) -> None:
    a = paired.wins_by_seed(
        write(tmp_path / "a.csv", {1: "success", 2: "+success", 3: "failure", 4: "win"})
    )
    b = paired.wins_by_seed(write(tmp_path / "b.csv", {1: "failure", 2: "success", 3: "win"}))
    p = paired.pair(a, b)
    assert (p.games, p.a_won, p.b_won, p.a_only, p.b_only) == (3, 2, 2, 1, 1)
    assert paired.difference(p).startswith("+0 [")


def test_a_record_with_a_failed_game_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path / "bad.csv", {7: "failure"}, error="ValueError: boom")
    with pytest.raises(SystemExit, match="bad.csv: games with an error, seeds 7"):
        paired.wins_by_seed(path)


def test_the_table_pools_its_rows(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = write(tmp_path / "a.csv", {s: "success" for s in range(10)})
    b = write(tmp_path / "b.csv", {s: "success" if s < 5 else "failure" for s in range(10)})
    paired.main([f"x={a},{b}", f"y={a},{b}"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[2].startswith("| x | 10/10 = 100% ")
    assert "| 5 / 0 |" in lines[2]
    assert lines[4].startswith("| pooled | 20/20 = 100% ")
    assert "| 10 / 0 |" in lines[4]
