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
from towerplay.cli.rtdt import (
    Completer,
    action_grid,
    build_game,
    needs_text,
    play_loop,
    render,
)
from towerplay.rtdt.game import RtdtGame
from towerplay.rtdt.state import ActiveQuest, Dungeon


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


def screen(g: RtdtGame, seat: int | None = 0) -> str:
    c = console()
    c.print(render(g, seat))
    out = c.export_text()
    assert max(len(line) for line in out.splitlines()) <= 100
    return out


def test_render_shows_foes_their_status_and_the_adversary() -> None:
    g = new(2)
    foe = g.state.config.foes[0]
    name = g.world.name(foe)
    g.state.foe_status[foe] = "lethal"
    g.state.foes[:] = [(foe, "jewel_hills"), (foe, "jewel_hills")]
    g._legal = None
    out = screen(g)
    info = g.observe(0)["foes"][foe]
    assert f"{name} ×2 @ Jewel Hills" in out  # in the East panel, where Jewel Hills is
    assert "lethal" in out
    assert info["strike"].split()[0] in out  # its strike text at that status
    assert f"L{info['level']}" in out
    assert g.world.name(g.state.config.adversary) in out
    assert "inside the Tower until" in out
    g.state.adversary_space = "jewel_hills"
    out = screen(g)
    assert f"{g.world.name(g.state.config.adversary)} @ Jewel Hills" in out
    assert "rivers of fire" not in out
    g.state.fire_rivers[:] = [("ash_hills", "broken_lands")]
    assert "rivers of fire: Ash Hills–Broken Lands" in screen(g)


def test_render_lists_quests_with_their_needs() -> None:
    g = new(2)
    goal = g.state.quests[0]
    name = g.world.content.quests[goal.quest].name
    g.state.quests.append(
        ActiveQuest("break_grigors_ensorcellment", 0, "lower_ice_fangs", "companion")
    )
    out = screen(g)
    quests = out.split("Quests")[1]
    assert f"★ {name} · main goal · stage 1/3" in quests
    assert "needs: spend 1 treasure" in quests  # Recover Azkol's Treasures, stage 1
    assert "Break Grigor's Ensorcellment · companion" in quests
    assert "Quest     ◆ Break Grigor's Ensorcellment 1/3" in out  # its marker, North panel
    assert "★ main goal · ◆ companion · ▲ adversary" in out


def test_needs_text_says_what_a_quest_stage_asks() -> None:
    g = new(2)
    assert needs_text(g, {"gear": 2}) == "spend 2 gear"
    assert needs_text(g, {"advantages": 3, "advantage_type": "beast"}) == "3 Beast advantages"
    assert needs_text(g, {"dungeon": True}) == "clear the dungeon"
    assert needs_text(g, {"warriors": 1, "spirit": 2}) == "spend 1 warrior, 2 spirit"
    assert needs_text(g, {"advantages": 1}) == "1 advantage"


def test_render_shows_companions_quest_items_and_spores_in_the_hero_panel() -> None:
    g = new(2)
    main = g.state.config.companion
    other = next(c for c in g.world.content.companions if c != main)
    g.hero(0).companions.append(other)
    item = next(iter(g.world.content.quest_items))
    g.hero(0).quest_items.append(item)
    g.hero(0).spores = 2
    out = screen(g)
    hero = out.split("seat 0 · home")[1].split("╰")[0]
    line = f"companions {g.world.name(main)} (shared), {g.world.name(other)}"
    assert line in hero
    assert f"quest items {g.world.name(item)}" in hero
    assert "spores 2" in hero


def test_render_shows_a_battle_panel_in_a_battle() -> None:
    g = new(2)
    foe = g.state.config.foes[0]
    g.state.foes[:] = [(foe, g.hero(0).space)]
    g._legal = None
    assert "Battle ·" not in screen(g)
    g.apply(f"battle {foe} {g.hero(0).space}")
    battle = g.observe(0)["battle"]
    out = screen(g)
    panel = out.split(f"Battle · {g.world.name(foe)}")[1]
    assert f"card 1 of {battle['cards']}" in panel
    assert battle["result"][:30] in panel  # the current result, before it wraps
    assert "advantages left:" in panel
    assert "used 0 of 10" in panel
    assert panel.index("advantages left:") < panel.index(g.prompt[:30])  # above the actions
    g.apply(next(str(a) for a in g.legal_actions() if str(a).startswith("advantage")))
    assert "used 1 of 10" in screen(g).split("Battle ·")[1]


def test_render_shows_a_dungeon_panel_in_a_delve() -> None:
    g = new(2)
    space = "lower_ice_fangs"
    g.state.dungeons[space] = Dungeon(
        "fortress",
        [
            "fortress_example_hall",
            "fortress_chapel",
            "fortress_armory",
            "fortress_barracks",
            "fortress_gaol",
        ],
        [True, False, False, False, False],
        4,
    )
    g.state.quests[:] = [ActiveQuest("break_grigors_ensorcellment", 0, space, "companion")]
    g.hero(0).space = space
    g.state.turn.start_pending = []
    g.state.turn.phase = "middle"
    g._legal = None
    out = screen(g)
    assert "Dungeon   Fortress 1/5 @ Lower Ice Fangs" in out  # rooms cleared, North panel
    assert "needs: clear the dungeon" in out
    g.apply(f"explore {space}")
    out = screen(g)
    panel = out.split("Dungeon · Palace of the Winter Fey (fortress) @ Lower Ice Fangs")[1]
    assert "between rooms" in panel
    assert "0 Guard Hall ✓" in panel and "(1/5 cleared)" in panel
    assert "advantages left:" in panel
    g.apply("room 1")
    panel = screen(g).split("Dungeon · Palace")[1]
    assert "room 1 · Chapel: Lose 1 spirit." in panel


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


# --- competitive mode ---------------------------------------------------------------------


def competitive(players: int = 2, seed: int = 3) -> RtdtGame:
    return build_game(players, [], "heroic", None, seed, "competitive")


def test_build_game_takes_the_mode() -> None:
    assert competitive().state.config.mode == "competitive"
    assert new().state.config.mode == "cooperative"
    with pytest.raises(ValueError, match="2-4 players"):
        build_game(1, [], "heroic", None, 1, "competitive")
    with pytest.raises(ValueError, match="cooperative or competitive"):
        build_game(2, [], "heroic", None, 1, "solo")


def test_render_shows_own_trials_with_needs_and_where() -> None:
    g = competitive()
    w = g.world
    c = console()
    c.print(render(g, 0))
    out = c.export_text()
    assert "competitive" in out
    assert "Heroic trials" in out
    for tid in g.state.heroes[0].trials:
        t = w.content.trials[tid]
        assert t.name in out
        assert w.board.names[t.space] in out
    # another seat's face-down trials are not on seat 0's screen
    for tid in g.state.heroes[1].trials:
        assert w.content.trials[tid].name not in out
    assert "trials done 0/3" in out
    assert "Tower" in out and "rooms cleared 0/6" in out


def test_render_shows_trials_done_eliminated_and_the_towers_rooms() -> None:
    g = competitive(players=3)
    s = g.state
    w = g.world
    h0, h2 = s.heroes[0], s.heroes[2]
    h0.trials_done, h0.trials = h0.trials[:3], h0.trials[3:]
    h2.eliminated = True  # two heroes still in the game: it goes on
    at = sorted(w.board.tower_adjacent)[0]
    h0.space = at
    h0.warriors = 30
    g._legal = None
    g.apply("explore tower")
    g.apply("room 1")
    c = console()
    c.print(render(g, 0))  # inside a room of the Tower's dungeon
    out = c.export_text()
    d = s.dungeons["tower"]
    room = next(r for r in w.content.competitive.tower_rooms if r.id == d.rooms[1])
    assert room.name in out and "1 here" in out
    assert "trials done 3/3" in out
    assert w.content.trials[h0.trials_done[0]].name in out
    assert "eliminated" in out
    if s.delve is not None:
        g.apply("resolve")
    if g.result is None:
        c = console()
        c.print(render(g, 0))
        out = c.export_text()
        assert "rooms cleared 1/6" in out and f"1 {room.name}" in out


def test_play_command_takes_the_mode() -> None:
    result = runner.invoke(
        app,
        [
            "play", "rtdt", "--players", "2", "--seed", "4", "--mode", "competitive",
            "--ai", "0=heuristic", "--ai", "1=heuristic",
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output
    bad = runner.invoke(app, ["play", "rtdt", "--mode", "competitive", "--players", "1"])
    assert bad.exit_code == 2 and "2-4 players" in bad.output


def test_sim_json_competitive_counts_winners_by_seat() -> None:
    result = runner.invoke(
        app,
        [
            "sim", "rtdt", "--games", "4", "--players", "3", "--seed", "5", "--json",
            "--agent", "heuristic", "--mode", "competitive",
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["mode"] == "competitive"
    assert report["errors"] == []
    wins = sum(report["results"]["win"].values())
    assert sum(report["wins_by_seat"].values()) == wins
    assert set(report["wins_by_seat"]) == {"0", "1", "2"}
    for cause, seats in report["winners_by_cause"].items():
        assert sum(seats.values()) == report["results"]["win"][cause]
    coop = json.loads(
        runner.invoke(app, ["sim", "rtdt", "--games", "1", "--players", "2", "--json"]).output
    )
    assert coop["mode"] == "cooperative" and "wins_by_seat" not in coop


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--mode", "solo"], "cooperative or competitive"),
        (["--mode", "competitive", "--players", "1"], "2-4 players"),
    ],
)
def test_sim_bad_mode(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["sim", "rtdt", *args])
    assert result.exit_code == 2
    assert message in result.output


def test_play_options_choose_foes_adversary_and_companion() -> None:
    g = build_game(
        2, [], "heroic", None, 4, "cooperative", ["oreks", "lemures", "titans"], "gravemaw", "tomas"
    )
    assert g.state.config.foes == ("oreks", "lemures", "titans")
    assert (g.state.config.adversary, g.state.config.companion) == ("gravemaw", "tomas")
    result = runner.invoke(app, ["play", "rtdt", "--foes", "oreks,brigands,titans", "--seed", "1"])
    assert result.exit_code == 2 and "one of each level" in result.output
