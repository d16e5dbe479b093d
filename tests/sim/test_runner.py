"""Runs on several processes, records files, resuming: the same games whatever the workers."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from towerplay.cli.main import app
from towerplay.core.errors import SaveError
from towerplay.rtdt.options import RtdtOptions
from towerplay.sim import simulate_rtdt, simulate_tactics
from towerplay.sim.records import read
from towerplay.sim.runner import chunk_size

SPEED = ("decisions_per_second", "games_per_second")
PARTY = ["fighter", "rogue", "cleric"]


def steady(report: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in report.items() if k not in SPEED}


def test_two_workers_play_the_same_games_as_one() -> None:
    one = simulate_rtdt(12, "random", 40, RtdtOptions(players=2, difficulty="heroic"), workers=1)
    two = simulate_rtdt(12, "random", 40, RtdtOptions(players=2, difficulty="heroic"), workers=2)
    assert steady(one) == steady(two)
    one = simulate_tactics("ember_witch", 8, "heuristic", 3, PARTY, "hard", workers=1)
    two = simulate_tactics("ember_witch", 8, "heuristic", 3, PARTY, "hard", workers=2)
    assert steady(one) == steady(two)


def test_the_two_games_report_in_one_shape() -> None:
    r = simulate_rtdt(2, "random", 1, RtdtOptions(players=1, difficulty="heroic"))
    t = simulate_tactics("blob_king", 2, "random", 1, PARTY, "normal")
    shared = {
        "results",
        "decisions",
        "decisions_per_second",
        "games_per_second",
        "mean_turns",
        "errors",
        "games",
        "agent",
        "seed",
        "game",
    }
    assert shared <= set(r) and shared <= set(t)
    assert t["games_per_second"] > 0


@pytest.mark.parametrize("suffix", [".csv", ".jsonl"])
def test_records_are_written_per_game_and_a_run_resumes(tmp_path: Path, suffix: str) -> None:
    out = tmp_path / f"run{suffix}"
    whole = simulate_rtdt(10, "random", 7, RtdtOptions(players=2, difficulty="heroic"), out=out)
    first = read(out, "rtdt")
    assert sorted(first) == list(range(10))
    assert {r["seed"] for r in first.values()} == set(range(7, 17))
    # a run stopped after six games, its last line cut short, then resumed
    lines = out.read_text().splitlines(keepends=True)
    keep = 7 if suffix == ".csv" else 6  # the CSV header is a line
    out.write_text("".join(lines[:keep]) + lines[keep][:20])
    resumed = simulate_rtdt(
        10, "random", 7, RtdtOptions(players=2, difficulty="heroic"), out=out, workers=2
    )
    assert steady(resumed)["results"] == whole["results"]
    assert steady(resumed) == {**steady(whole)}
    again = read(out, "rtdt")
    assert sorted(again) == list(range(10)) and len(out.read_text().splitlines()) == len(lines)
    if suffix == ".csv":
        rows = list(csv.DictReader(out.open()))
        assert rows[0]["setup_players"] == "2" and rows[0]["seat0_hero"]


def test_parquet_records_stream_through_a_journal_and_resume(tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet", reason="Parquet needs towerplay[report]")
    out = tmp_path / "run.parquet"
    journal = tmp_path / "run.parquet.part.jsonl"
    whole = simulate_rtdt(10, "random", 7, RtdtOptions(players=2, difficulty="heroic"), out=out)
    assert out.exists() and not journal.exists()
    table = pq.read_table(out)
    assert table.num_rows == 10
    assert str(table.schema.field("setup_players").type) == "int64"
    assert str(table.schema.field("seconds").type) == "double"
    assert str(table.schema.field("seat0_eliminated").type) == "bool"
    assert table.column("setup_players").to_pylist() == [2] * 10
    first = read(out, "rtdt")
    assert [first[i]["seed"] for i in range(10)] == list(range(7, 17))
    # a run stopped after four games: its journal holds them, the Parquet file nothing yet
    out.unlink()
    lines = [json.dumps(first[i], sort_keys=True) + "\n" for i in range(4)]
    journal.write_text("".join(lines) + '{"index": 4, "se')
    resumed = simulate_rtdt(
        10, "random", 7, RtdtOptions(players=2, difficulty="heroic"), out=out, workers=2
    )
    assert steady(resumed) == steady(whole)
    assert not journal.exists()
    again = read(out, "rtdt")
    assert {i: r["seed"] for i, r in again.items()} == {i: r["seed"] for i, r in first.items()}
    assert [again[i]["outcome"] for i in range(10)] == [first[i]["outcome"] for i in range(10)]
    # a run resumed from a whole Parquet file plays nothing
    third = simulate_rtdt(10, "random", 7, RtdtOptions(players=2, difficulty="heroic"), out=out)
    assert steady(third) == steady(whole)


def test_a_damaged_parquet_file_is_refused_by_name(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow", reason="Parquet needs towerplay[report]")
    out = tmp_path / "run.parquet"
    out.write_bytes(b"not parquet at all")
    with pytest.raises(SaveError, match="run.parquet: file: not a Parquet file"):
        read(out, "rtdt")
    simulate_tactics("blob_king", 2, "random", 1, PARTY, "normal", out=tmp_path / "t.parquet")
    with pytest.raises(SaveError, match="t.parquet: columns: not the columns of a rtdt run"):
        read(tmp_path / "t.parquet", "rtdt")


def test_a_records_file_of_another_run_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    simulate_tactics("blob_king", 2, "random", 1, PARTY, "normal", out=out)
    with pytest.raises(SaveError, match="run.jsonl: line 1: a tactics record, not rtdt"):
        simulate_rtdt(2, "random", 1, RtdtOptions(players=1, difficulty="heroic"), out=out)
    with pytest.raises(ValueError, match="records are written as .csv, .jsonl, .parquet"):
        simulate_rtdt(
            2, "random", 1, RtdtOptions(players=1, difficulty="heroic"), out=tmp_path / "run.txt"
        )


def test_sim_options_on_the_command_line(tmp_path: Path) -> None:
    out = tmp_path / "r.csv"
    res = CliRunner().invoke(
        app,
        [
            "sim",
            "rtdt",
            "--games",
            "3",
            "--players",
            "2",
            "--heroes",
            "spymaster,relic_hunter",
            "--adversary",
            "ashstrider",
            "--foes",
            "random",
            "--workers",
            "2",
            "--out",
            str(out),
            "--json",
            "--quiet",
        ],
    )
    assert res.exit_code == 0, res.output
    report = json.loads(res.output)
    assert sum(sum(c.values()) for c in report["results"].values()) == 3
    rows = list(csv.DictReader(out.open()))
    assert {r["setup_heroes"] for r in rows} == {"spymaster;relic_hunter"}
    assert {r["setup_adversary"] for r in rows} == {"ashstrider"}
    res = CliRunner().invoke(app, ["sim", "rtdt", "--games", "2", "--workers", "0"])
    assert res.exit_code == 2 and "--workers must be 1 or more" in res.output
    res = CliRunner().invoke(
        app,
        ["sim", "tactics", "--encounter", "blob_king", "--games", "2", "--json", "--workers", "2"],
    )
    assert res.exit_code == 0 and json.loads(res.output)["games_per_second"] > 0


def test_games_go_to_workers_a_few_at_a_time() -> None:
    assert chunk_size(6, 2) == 1  # fewer games than four chunks a worker: one at a time
    assert chunk_size(40, 2) == 5
    assert chunk_size(5_000, 2) == 8  # at most 8, so that a stopped run loses little
    assert chunk_size(0, 4) == 1


@pytest.mark.soak
def test_a_local_ray_plays_the_same_games(tmp_path: Path) -> None:
    pytest.importorskip("ray", reason="Ray is the optional extra towerplay[ray]")
    one = simulate_rtdt(
        40,
        "random",
        11,
        RtdtOptions(players=2, difficulty="heroic"),
        workers=1,
        out=tmp_path / "one.csv",
    )
    ray = simulate_rtdt(
        40,
        "random",
        11,
        RtdtOptions(players=2, difficulty="heroic"),
        ray="local",
        out=tmp_path / "ray.csv",
    )
    assert steady(one) == steady(ray)
    # game by game, in order, across the chunks of 5 games each Ray task plays
    rows = [list(csv.DictReader((tmp_path / f).open())) for f in ("one.csv", "ray.csv")]
    timing = {"seconds"}
    same = [[{k: v for k, v in r.items() if k not in timing} for r in rs] for rs in rows]
    assert len(same[0]) == 40 and same[0] == same[1]
