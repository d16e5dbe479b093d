"""`towerplay tower`: the demo drives the fake Tower through a game and says what it does;
without Bluetooth, `scan` says so in one line."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from towerplay.cli.main import app
from towerplay.tower_link import ble

runner = CliRunner()


def test_the_demo_drives_the_fake_tower_through_a_game() -> None:
    out = runner.invoke(app, ["tower", "demo", "--speed", "1000", "--seed", "1"])
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert lines[0] == "Calibrating the Tower…"
    assert "the game starts" in lines[1] and "a new month begins" in out.output
    assert any(line.endswith("0e]") for line in lines if "a seal is broken" in line)
    assert lines[-1].startswith("Skulls counted by the Tower:")
    counted, turns = (int(x.split(": ")[1]) for x in lines[-1].split("; "))
    assert counted == turns - 1  # a skull at the end of every turn but the one under way


def test_the_demo_speaks_portuguese() -> None:
    out = runner.invoke(app, ["tower", "demo", "--speed", "1000", "--lang", "pt", "--steps", "60"])
    assert out.exit_code == 0, out.output
    assert "Calibrando a Torre" in out.output and "o jogo começa" in out.output


def test_scan_without_bluetooth_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    async def nothing(seconds: float) -> list[tuple[str, str]]:
        raise ble.NoBluetooth("no Bluetooth here: no adapter")

    monkeypatch.setattr(ble, "scan", nothing)
    out = runner.invoke(app, ["tower", "scan", "--seconds", "0.1"])
    assert out.exit_code == 2
    assert "no Bluetooth here" in out.output and "Traceback" not in out.output
