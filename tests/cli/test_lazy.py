"""Commands imported when they run (cli/lazy.py): `towerplay --help` loads no game, and
lists each command exactly as the command itself would."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
import typer
from typer.testing import CliRunner

from towerplay.cli.lazy import LazyGroup, load, load_all
from towerplay.cli.main import app

HEAVY = ("towerplay.rtdt.game", "towerplay.tactics.game", "towerplay.store.store", "sqlalchemy")


def imported_by(*argv: str) -> list[str]:
    """The heavy modules a run of `towerplay ARGV` imports (in a fresh interpreter)."""
    code = (
        "import json, sys\n"
        "from towerplay.cli.main import main\n"
        f"sys.argv = ['towerplay', *{list(argv)!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        f"print(json.dumps([m for m in {list(HEAVY)!r} if m in sys.modules]))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_the_top_help_imports_no_game_and_no_store() -> None:
    assert imported_by("--help") == []
    assert imported_by("play", "--help") == []
    assert imported_by("sim", "--help") == []


def test_a_command_imports_what_it_needs() -> None:
    assert "towerplay.rtdt.game" in imported_by("play", "rtdt", "--help")
    assert "sqlalchemy" in imported_by("serve", "--help")


def test_a_game_of_one_kind_loads_no_other() -> None:
    """The registry of games, the simulations and the Tactics package give their parts when
    asked for: Return to Dark Tower in the terminal never loads Adventure Tactics' engine,
    and an encounter never loads Return to Dark Tower's."""
    rtdt = imported_by("play", "rtdt", "--help")
    assert "towerplay.rtdt.game" in rtdt and "towerplay.tactics.game" not in rtdt
    tactics = imported_by("play", "tactics", "--help")
    assert "towerplay.tactics.game" in tactics and "towerplay.rtdt.game" not in tactics


def _groups(command: object) -> list[LazyGroup]:
    found = [command] if isinstance(command, LazyGroup) else []
    for sub in getattr(command, "commands", {}).values():
        found += _groups(sub)
    return found


def test_each_listing_line_is_its_commands_help() -> None:
    tree = load_all(typer.main.get_command(app))
    groups = _groups(tree)
    assert len(groups) == 3  # towerplay, play, sim
    for group in groups:
        for name, lazy in group.LAZY.items():
            real = load(name, lazy)
            assert lazy.line == (real.help or "").split("\n\n")[0], name


@pytest.mark.parametrize("args", [["--help"], ["play", "--help"], ["sim", "--help"]])
def test_a_listing_is_the_same_imported_or_not(
    args: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    runner = CliRunner()
    lazy = runner.invoke(app, args)
    loaded = load_all(typer.main.get_command(app))
    monkeypatch.setattr(typer.testing, "_get_command", lambda _app: loaded)
    eager = runner.invoke(app, args)  # the same tree, every command imported first
    assert lazy.exit_code == eager.exit_code == 0
    assert lazy.output == eager.output
    assert "rtdt" in lazy.output or "serve" in lazy.output
