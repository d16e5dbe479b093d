"""Balance reports: intervals, the tables a designer reads, the page with its figures."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from towerplay.cli.main import app
from towerplay.rtdt.options import RtdtOptions
from towerplay.sim import simulate_rtdt, simulate_tactics
from towerplay.sim.report import breakdowns, held, load, wilson, won

PARTY = ["fighter", "rogue", "cleric"]


def test_wilson_intervals() -> None:
    lo, hi = wilson(8, 10)
    assert (round(lo, 3), round(hi, 3)) == (0.49, 0.943)
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(0, 50)
    assert lo == 0.0 and 0.06 < hi < 0.08


def test_tables_count_every_game_and_each_hero(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    simulate_rtdt(8, "random", 3, RtdtOptions(players=2, difficulty="heroic"), out=out)
    game, records = load(out)
    assert game == "rtdt" and len(records) == 8
    tables = {t.key: t for t in breakdowns(game, records)}
    assert tables["all"].rows[0].games == 8
    assert sum(r.games for r in tables["hero"].rows) == 16  # two heroes a game
    assert sum(r.games for r in tables["foe"].rows) == 24  # three foes a game
    assert tables["players_difficulty"].rows[0].label == "2 players, heroic"


def test_a_tactics_run_by_encounter_and_class(tmp_path: Path) -> None:
    out = tmp_path / "run.csv"
    simulate_tactics("blob_king", 6, "heuristic", 1, PARTY, "normal", out=out)
    game, records = load(out)
    tables = {t.key: t for t in breakdowns(game, records)}
    wins = sum(won(r) for r in records)
    assert game == "tactics" and tables["encounter"].rows[0].wins == wins
    assert {r.label for r in tables["class"].rows} == set(PARTY)


def test_competitive_wins_count_for_the_winning_seat_only() -> None:
    record = {"game": "rtdt", "setup": {"mode": "competitive"}, "outcome": "win", "winners": [1]}
    assert won(record, 1) and not won(record, 0)


def test_the_report_command_and_its_page(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    run = tmp_path / "run.csv"
    simulate_tactics("blob_king", 4, "heuristic", 2, PARTY, "normal", out=run)
    page = tmp_path / "report.html"
    res = CliRunner().invoke(app, ["report", str(run), "--html", str(page)])
    assert res.exit_code == 0, res.output
    assert "By class in the party" in res.output
    text = page.read_text()
    assert text.count("data:image/png;base64,") >= 4
    assert not re.search(r"(src|href)=['\"]https?://", text)  # readable offline
    assert (tmp_path / "report-encounter.png").stat().st_size > 1000
    res = CliRunner().invoke(app, ["report", str(tmp_path / "missing.csv")])
    assert res.exit_code == 2 and "missing.csv" in res.output


def test_report_in_portuguese_words_the_tables_and_the_page(tmp_path: Path) -> None:
    run = tmp_path / "run.jsonl"
    simulate_rtdt(4, "random", 5, RtdtOptions(players=2, difficulty="heroic"), out=run)
    res = CliRunner().invoke(app, ["report", str(run), "--lang", "pt"])
    assert res.exit_code == 0, res.output
    for words in (
        "Todas as partidas",
        "Por herói",
        "Como as partidas terminaram",
        "taxa de vitória",
        "intervalo de 95%",
    ):
        assert words in res.output
    assert "All games" not in res.output and "win rate" not in res.output
    pytest.importorskip("matplotlib")
    page = tmp_path / "relatorio.html"
    res = CliRunner().invoke(
        app, ["report", str(run), "--html", str(page)], env={"TOWERPLAY_LANG": "pt"}
    )
    assert res.exit_code == 0, res.output
    text = page.read_text()
    assert "lang='pt-BR'" in text and "<h2>Por inimigo</h2>" in text
    assert "<th>taxa de vitória</th>" in text and "4 partidas de " in text
    assert "By foe" not in text


def _game(won_it: bool, items: list[str]) -> dict[str, object]:
    seat = {"hero": "spymaster", "items": items, "virtues": []}
    return {
        "game": "rtdt",
        "outcome": "win" if won_it else "loss",
        "setup": {"mode": "cooperative"},
        "winners": [],
        "seats": [seat],
        "error": None,
    }


def test_held_shows_only_cards_whose_interval_leaves_out_the_run_rate() -> None:
    # 60 games, half won; the lantern is held in every won game, the rope in every game
    records = [
        _game(i % 2 == 0, ["rope", "lantern"] if i % 2 == 0 else ["rope"]) for i in range(60)
    ]
    table = held(records)
    assert table is not None
    assert [r.label for r in table.rows] == ["item: lantern"]
    assert table.rows[0].games == 30 and table.rows[0].wins == 30
    assert "1 of 2 items and virtues" in table.note_text and "50.0%" in table.note_text
    # too few seats: nothing stands out, whatever the rate
    assert held(records[:30]) is not None and not held(records[:30]).rows  # type: ignore[union-attr]
    tactics = [
        {
            "game": "tactics",
            "outcome": "success",
            "setup": {},
            "winners": [],
            "seats": [{"class": "fighter"}],
            "error": None,
        }
    ]
    assert held(tactics) is None


def test_items_and_virtues_go_through_a_csv_and_back(tmp_path: Path) -> None:
    out = tmp_path / "run.csv"
    simulate_rtdt(6, "heuristic", 5, RtdtOptions(players=2, difficulty="heroic"), out=out)
    _, records = load(out)
    seats = [s for r in records for s in r["seats"]]
    assert all(isinstance(s["items"], list) and isinstance(s["virtues"], list) for s in seats)
    assert any(s["virtues"] for s in seats)
