"""The terminal game and the simulator for Return to Dark Tower, driven without a terminal."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from towerplay.agents.random import RandomAgent
from towerplay.cli.main import app
from towerplay.cli.rtdt import Completer, action_grid, build_game, play_loop, render
from towerplay.rtdt.game import RtdtGame
from towerplay.rtdt.state import Config


def scripted(
    lines: Iterable[str], then: str | None = None, limit: int = 20_000
) -> Callable[[str], str]:
    """An `input` stand-in: the lines in order, then `then` forever (or EOF)."""
    it = iter(lines)
    count = 0

    def read(prompt: str) -> str:
        nonlocal count
        count += 1
        if count > limit:
            raise EOFError
        try:
            return next(it)
        except StopIteration:
            if then is None:
                raise EOFError from None
            return then

    return read


def console() -> Console:
    return Console(record=True, width=100, color_system=None)


def new(players: int = 2, seed: int = 3) -> RtdtGame:
    return build_game(players, [], "heroic", None, seed)


def run(
    game: RtdtGame,
    lines: Iterable[str],
    then: str | None = None,
    ai: dict[int, RandomAgent] | None = None,
) -> tuple[RtdtGame, str]:
    c = console()
    g = play_loop(game, c, scripted(lines, then), ai=dict(ai or {}))
    return g, c.export_text()


# --- the screen ---------------------------------------------------------------------------


def test_render_shows_what_a_player_needs() -> None:
    g = new(2)
    c = console()
    c.print(render(g, 0))
    out = c.export_text()
    for text in (
        "Month 1 of 6",
        "turn 1",
        "about 7 a month",
        "North · Durnin",
        "East · Brynthia · dormant",
        "Radiant Mountains",
        "Citadel",
        "supply 16",
        "inside the Tower 0",
        "seals on 12 of 12",
        "Market",
        "Leather Armor 3",
        "warriors 7",
        "spirit 1",
        "moves left",
        "virtues",
        "inactive",
        "corruptions",
        "A new game",
        g.prompt,
        " 1 ",
        str(g.legal_actions()[0]),
    ):
        assert text in out, text
    assert max(len(line) for line in out.splitlines()) <= 100


def test_render_marks_destroyed_buildings_and_glyphs() -> None:
    g = new(3, seed=11)
    g.state.skulls.pop("anza")
    g.state.destroyed.append("anza")
    g.state.tower.seals[0] = False  # the top north window: the cleanse glyph shows
    c = console()
    c.print(render(g))
    out = c.export_text()
    assert "destroyed" in out
    assert "glyphs: cleanse" in out


def test_action_grid_uses_columns_for_many_actions() -> None:
    texts = [f"give warriors {n}" for n in range(1, 31)]
    c = console()
    c.print(action_grid(texts, 100))
    out = c.export_text()
    assert len(out.splitlines()) <= 8
    assert "30 give warriors 30" in out


# --- the loop -----------------------------------------------------------------------------


def test_a_number_selects_that_action() -> None:
    g = new()
    first = str(g.legal_actions()[0])
    g, out = run(g, ["1"])
    assert g.state.history.to_list() == [first]
    assert "Goodbye" in out


def test_notation_applies_the_action() -> None:
    g = new()
    g, _ = run(g, ["move broken_lands"])
    assert g.hero(0).space == "broken_lands"


def test_illegal_action_names_the_rule_and_changes_nothing() -> None:
    g = new()
    before = g.state_hash()
    g, out = run(g, ["move nowhere", "cleanse radiant_mountains", "99"])
    assert "RTDT-MOVE-7" in out
    assert "RTDT-" in out.split("cleanse radiant_mountains")[-1]
    assert "no action numbered 99" in out
    assert g.state_hash() == before


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    g = new()
    file = tmp_path / "game.json"
    g, _ = run(g, ["1", "move broken_lands", f"save {file}"])
    saved = g.state_hash()
    assert json.loads(file.read_text())["format"]
    g, out = run(g, ["end", "1", f"load {file}"])
    assert "Loaded" in out
    assert g.state_hash() == saved
    assert RtdtGame.from_json(json.loads(file.read_text()), str(file)).state_hash() == saved


@pytest.mark.parametrize(
    "content",
    ["{not json", '{"format": "something else"}', "[1, 2, 3]", '{"format": "towerplay-rtdt-1"}'],
)
def test_loading_a_malformed_file_keeps_the_game(tmp_path: Path, content: str) -> None:
    g = new()
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    before = g.state_hash()
    g2, out = run(g, [f"load {bad}", f"load {tmp_path / 'missing.json'}"])
    assert "could not load" in out
    assert out.count("could not load") == 2
    assert g2 is g and g.state_hash() == before
    g3, _ = run(g, [f"load {bad}", "1"])  # and play goes on
    assert len(g3.state.history.to_list()) == 1


def test_save_needs_a_file_and_reports_failures(tmp_path: Path) -> None:
    g = new()
    _, out = run(g, ["save", f"save {tmp_path / 'no' / 'such' / 'dir.json'}", "load"])
    assert "save needs a file name" in out
    assert "could not save" in out
    assert "load needs a file name" in out


def test_help_and_quit() -> None:
    g = new()
    _, out = run(g, ["help", "quit", "1"])
    assert "save FILE" in out and "move SPACE" in out and "reinforce free" in out
    assert g.state.history.to_list() == []  # nothing after quit was read


def test_eof_quits_cleanly() -> None:
    _, out = run(new(), [])
    assert "Goodbye" in out


def test_ai_seats_play_themselves() -> None:
    g = new(2)
    g, out = run(g, [], then="1", ai={1: RandomAgent(1)})
    assert g.result is not None
    assert "AI seat 1 (" in out
    assert "Game over" in out


def test_all_ai_game_needs_no_input() -> None:
    def no_input(prompt: str) -> str:
        raise AssertionError("a human was asked")

    c = console()
    g = play_loop(new(3, seed=8), c, no_input, ai={s: RandomAgent(s) for s in range(3)})
    assert g.result is not None
    assert "Game over" in c.export_text()


def test_a_whole_game_by_numbers_ends_with_the_result() -> None:
    g = new(2, seed=5)
    g, out = run(g, [], then="1")
    assert g.result is not None
    assert f"Game over: {g.result.outcome} — {g.result.cause}." in out
    assert g.state.config.code in out.split("Game over")[-1]


def test_tab_completion_over_legal_actions() -> None:
    g = new()
    comp = Completer()
    comp.set(g)
    assert comp.matches("mo", "mo") == [o for o in comp.options if o.startswith("mo")]
    assert "broken_lands" in comp.matches("move br", "br")
    assert comp.matches("sa", "sa") == ["save "]
    assert comp.matches("zzz", "zzz") == []
    assert comp.complete("reinforce", 0) == "reinforce free"
    assert comp.complete("reinforce", 5) is None


# --- the command line ---------------------------------------------------------------------

runner = CliRunner()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--heroes", "nobody"], "unknown hero 'nobody'"),
        (["--code", "zzzz"], "game code"),
        (["--players", "5"], "--players must be 1-4"),
        (["--players", "2", "--heroes", "spymaster"], "need 2 hero"),
        (["--heroes", "spymaster,spymaster"], "different hero"),
        (["--difficulty", "easy"], "heroic or gritty"),
        (["--ai", "4=random"], "seats"),
        (["--ai", "0=genius"], "unknown agent"),
        (["--load", "/no/such/save.json"], "No such file"),
    ],
)
def test_bad_options_exit_2_with_one_line(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["play", "rtdt", *args])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_play_command_with_all_seats_ai() -> None:
    result = runner.invoke(
        app,
        ["play", "rtdt", "--players", "2", "--seed", "4", "--ai", "0=random", "--ai", "1=random"],
    )
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output


def test_play_command_reads_stdin_and_quits() -> None:
    result = runner.invoke(app, ["play", "rtdt", "--seed", "2"], input="1\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Goodbye" in result.output


def test_code_gives_the_same_game() -> None:
    a = new(2, seed=9)
    b = build_game(None, [], "heroic", a.state.config.code, None)
    assert a.state_hash() == b.state_hash()


def test_sim_json() -> None:
    result = runner.invoke(
        app, ["sim", "rtdt", "--games", "3", "--players", "2", "--seed", "5", "--json"]
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["game"] == "rtdt"
    assert report["games"] == 3
    assert report["players"] == 2
    assert report["agent"] == "random"
    assert sum(n for causes in report["results"].values() for n in causes.values()) == 3
    assert report["errors"] == []
    assert report["decisions"] > 0
    assert report["decisions_per_second"] > 0
    assert report["mean_turns"] > 0


def test_sim_is_reproducible_and_prints_a_table() -> None:
    args = ["sim", "rtdt", "--games", "2", "--players", "1", "--seed", "7", "--json"]
    a = json.loads(runner.invoke(app, args).output)
    b = json.loads(runner.invoke(app, args).output)
    assert a["results"] == b["results"] and a["decisions"] == b["decisions"]
    table = runner.invoke(app, args[:-1])
    assert table.exit_code == 0
    assert "decisions/s" in table.output


def test_sim_records_a_broken_game_and_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    import towerplay.cli.rtdt as cli

    real = cli.new_game

    def flaky(config: Config | None = None) -> RtdtGame:
        if config is not None and config.seed == 6:
            raise RuntimeError("boom")
        return real(config)

    monkeypatch.setattr(cli, "new_game", flaky)
    report = cli.simulate(3, 1, "random", 5, "heroic")
    assert report["errors"] == [{"seed": 6, "error": "RuntimeError: boom"}]
    assert sum(n for causes in report["results"].values() for n in causes.values()) == 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--games", "0"], "--games"),
        (["--players", "0"], "--players"),
        (["--agent", "genius"], "unknown agent"),
        (["--difficulty", "easy"], "heroic or gritty"),
    ],
)
def test_sim_bad_options(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["sim", "rtdt", *args])
    assert result.exit_code == 2
    assert message in result.output


def test_terminal_mode_lists_ai_moves_under_the_screen() -> None:
    c = console()
    g = play_loop(
        new(2), c, scripted([], then="1", limit=500), ai={1: RandomAgent(2)}, clear_screen=True
    )
    out = c.export_text()
    assert "AI seat 1 (" in out
    assert g.result is not None or "Goodbye" in out


def test_load_option_continues_a_saved_game(tmp_path: Path) -> None:
    g = new(2, seed=12)
    g.apply(g.legal_actions()[0])
    file = tmp_path / "s.json"
    file.write_text(json.dumps(g.to_json()))
    result = runner.invoke(app, ["play", "rtdt", "--load", str(file)], input="quit\n")
    assert result.exit_code == 0, result.output
    assert g.state.config.code in result.output
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": 3}')
    result = runner.invoke(app, ["play", "rtdt", "--load", str(bad)])
    assert result.exit_code == 2
    assert "format" in result.output
