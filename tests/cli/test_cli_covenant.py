"""The Covenant expansion on the command line: its options, its screen, its public view."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.cli.test_cli_rtdt import console, scripted
from towerplay.agents.random import RandomAgent
from towerplay.cli.main import app
from towerplay.cli.rtdt import build_game, play_loop, render
from towerplay.core.notation import Action
from towerplay.rtdt.explain import describe
from towerplay.rtdt.game import RtdtGame, new_game
from towerplay.rtdt.state import Decision

runner = CliRunner()
COVENANT_HEROES = [
    "reverent_astromancer",
    "relentless_warden",
    "undaunted_aegis",
    "devious_swindler",
]


def covenant(
    players: int = 2, seed: int = 3, heroes: list[str] | None = None, **options: Any
) -> RtdtGame:
    return build_game(players, heroes or [], "heroic", None, seed, expansion="covenant", **options)


def screen(g: RtdtGame, seat: int = 0) -> str:
    c = console()
    c.print(render(g, seat))
    return c.export_text()


# --- the options ----------------------------------------------------------------------------


def test_build_game_takes_the_covenant_options() -> None:
    g = covenant()
    cfg = g.state.config
    assert cfg.covenant and cfg.treasures == "both" and cfg.new_corruptions == 12
    assert g.state.cov is not None and len(g.state.cov.sites) == 4
    g = covenant(treasures="base", new_corruptions=3)
    assert (g.state.config.treasures, g.state.config.new_corruptions) == ("base", 3)
    g = covenant(only_new_corruptions=True)
    assert not g.state.config.base_corruptions
    base = build_game(2, [], "heroic", None, 3)
    assert not base.state.config.covenant and base.state.cov is None
    # a Covenant game's code brings the expansion back
    again = build_game(None, [], "heroic", covenant(seed=9).state.config.code, None)
    assert again.state.config.covenant
    assert again.state_hash() == covenant(seed=9).state_hash()


def test_covenant_heroes_play_without_the_expansion() -> None:
    g = build_game(1, ["undaunted_aegis"], "heroic", None, 2)
    assert not g.state.config.covenant and g.state.cov is not None
    assert "Doom" not in screen(g)  # no doom skulls outside the expansion


@pytest.mark.parametrize("command", ["play", "sim"])
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--expansion", "alliances"], "--expansion must be covenant"),
        (["--treasures", "gold"], "--treasures must be base, covenant or both"),
        (["--expansion", "covenant", "--treasures", "all"], "--treasures"),
        (["--new-corruptions", "13"], "--new-corruptions must be 0-12"),
        (["--new-corruptions", "-1"], "--new-corruptions must be 0-12"),
        (["--only-new-corruptions", "--new-corruptions", "3"], "--only-new-corruptions"),
        (
            ["--expansion", "covenant", "--mode", "competitive", "--players", "2"],
            "--expansion covenant is cooperative only",
        ),
    ],
)
def test_bad_covenant_options_exit_2_with_one_line(
    command: str, args: list[str], message: str
) -> None:
    result = runner.invoke(app, [command, "rtdt", *args])
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_expansion_option_must_match_the_code() -> None:
    code = build_game(2, [], "heroic", None, 3).state.config.code
    result = runner.invoke(app, ["play", "rtdt", "--code", code, "--expansion", "covenant"])
    assert result.exit_code == 2
    assert "not a Covenant game" in result.output


def test_play_command_with_the_expansion_and_ai_seats() -> None:
    result = runner.invoke(
        app,
        [
            "play", "rtdt", "--players", "2", "--seed", "4", "--expansion", "covenant",
            "--ai", "0=heuristic", "--ai", "1=heuristic",
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output
    assert "Monument" in result.output and "Doom" in result.output


def test_play_command_with_the_expansion_reads_stdin() -> None:
    result = runner.invoke(
        app,
        ["play", "rtdt", "--seed", "2", "--expansion", "covenant", "--treasures", "covenant"],
        input="1\n2\nbuild\nquit\n",
    )
    assert result.exit_code == 0, result.output
    assert "Monument" in result.output
    assert "Goodbye" in result.output


def test_sim_json_reports_the_expansion() -> None:
    result = runner.invoke(
        app,
        ["sim", "rtdt", "--expansion", "covenant", "--games", "5", "--players", "2", "--json"],
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["expansion"] == "covenant"
    assert report["treasures"] == "both"
    assert report["new_corruptions"] == 12 and report["only_new_corruptions"] is False
    assert report["games"] == 5 and report["errors"] == []
    assert sum(n for causes in report["results"].values() for n in causes.values()) == 5
    base = json.loads(runner.invoke(app, ["sim", "rtdt", "--games", "1", "--json"]).output)
    assert base["expansion"] is None and base["treasures"] == "base"
    assert base["new_corruptions"] == 0
    chosen = runner.invoke(
        app,
        [
            "sim", "rtdt", "--expansion", "covenant", "--games", "2", "--treasures", "base",
            "--new-corruptions", "4", "--agent", "heuristic", "--json",
        ],
    )  # fmt: skip
    report = json.loads(chosen.output)
    assert (report["treasures"], report["new_corruptions"]) == ("base", 4)
    assert report["errors"] == []
    table = runner.invoke(app, ["sim", "rtdt", "--expansion", "covenant", "--games", "1"])
    assert table.exit_code == 0 and "covenant" in table.output


# --- the screen ----------------------------------------------------------------------------


def test_screen_shows_monuments_on_their_foundations() -> None:
    g = covenant()
    out = screen(g)
    for x in g.state.cov.sites:  # type: ignore[union-attr]
        assert g.world.name(x.monument) in out
    assert "foundation 0/3" in out
    assert "Monument" in out
    assert "Doom      supply 12 · inside the Tower 0 · on buildings 0 · removed 0" in out
    assert "blessings 0" in out
    assert "destroyed" not in out  # a foundation is not a destroyed building


def test_screen_shows_offerings_doom_wastelands_protection_and_hero_parts() -> None:
    g = covenant(heroes=["reverent_astromancer", "relentless_warden"])
    s = g.state
    cov = s.cov
    assert cov is not None
    w = g.world
    cov.sites[0].offerings = 2
    built = cov.sites[1]
    built.status = "built"
    s.skulls[built.space] = 3
    cov.doom[built.space] = 1
    cov.doom_supply, cov.doom_tower = 10, 1
    gone = cov.sites[2]
    gone.status = "destroyed"
    waste = next(sp for sp in w.board.kingdom_spaces["north"] if sp not in s.skulls)
    cov.wastelands = [waste]
    cov.protections = [waste, waste]
    cov.blessings = [1, 2]
    cov.prepared[0] = [cov.spells[0].pop(0)]
    s.heroes[0].treasures = ["wand_of_celerity"]
    cov.charges["wand_of_celerity"] = 4
    foe, space = s.foes[0]
    cov.quarry = f"{foe}@{space}"
    s.emerged = ["doom:north"]
    out = screen(g)
    assert "foundation 2/3" in out
    assert f"{w.name(built.monument)} · built" in out
    assert "●●● 2+1 doom" in out
    assert f"{w.name(gone.monument)} · destroyed" in out
    assert "Doom      supply 10 · inside the Tower 1 · on buildings 1 · removed 0" in out
    assert "to place: north (doom)" in out
    assert f"Wasteland {w.board.names[waste]}" in out
    assert f"Protected {w.board.names[waste]} ×2" in out
    assert "Wand of Celerity (4 charges)" in out
    assert "blessings 1 · prepared " + w.name(cov.prepared[0][0]) in out
    assert "spells " + w.name(cov.spells[0][0]) in out
    assert "invocations " + w.name(cov.invocations[0][0]) in out
    assert f"blessings 2 · quarry {w.name(foe)} @ {w.board.names[space]}" in out
    assert f"Quarry    {w.name(foe)}" in out
    # seat 1's screen: the Astromancer's prepared spells are face up, her hand is not shown
    other = screen(g, 1)
    assert "prepared " + w.name(cov.prepared[0][0]) in other
    assert "spells " + w.name(cov.spells[0][0]) not in other


def test_a_moved_colossus_leaves_no_destroyed_building_behind() -> None:
    g = covenant(seed=3)
    s = g.state
    w = g.world
    cov = s.cov
    assert cov is not None
    x = next(x for x in cov.sites if w.content.monuments[x.monument].replaces == "village")
    x.monument = "colossus_of_bjorn"
    origin = x.space
    dst = next(
        sp
        for k in ("north", "east", "south", "west")
        if k != x.kingdom
        for sp in w.board.kingdom_spaces[k]
        if sp not in w.board.building_of
    )  # built, it strode into another kingdom
    s.skulls[dst] = 1
    x.status, x.space = "built", dst
    kingdoms = screen(g).split("Skulls ")[0]
    assert w.board.names[origin] not in kingdoms
    assert "destroyed" not in kingdoms
    assert w.board.names[dst] in kingdoms and "Colossus of Björn · built" in kingdoms


def test_observe_has_the_public_covenant_block() -> None:
    g = covenant()
    cov = g.observe(0)["covenant"]
    assert {
        "sites",
        "wastelands",
        "protections",
        "doom",
        "doom_supply",
        "doom_inside_tower",
        "doom_removed",
        "charges",
        "blessings",
    } <= set(cov)
    site = cov["sites"][0]
    assert site["status"] == "foundation" and site["offerings"] == 0
    assert site["name"] and site["offering"]
    assert cov["doom_supply"] == 12 and cov["blessings"] == [0, 0]
    json.dumps(cov)  # plain data
    assert build_game(1, [], "heroic", None, 1).observe(0)["covenant"] is None


@pytest.mark.parametrize(
    ("kind", "target", "words"),
    [
        ("cenotaph_virtue", "", "virtue tile of a hero not in the game"),
        ("cenotaph_drop", "exalted", "set aside for"),
        ("oak_item", "", "return one corruption"),
        ("colossus_move", "", "Colossus"),
    ],
)
def test_new_decisions_have_prompts(kind: str, target: str, words: str) -> None:
    g = covenant()
    assert words in describe(g.world, g.state, Decision(kind, 0, target=target))


# --- playing ---------------------------------------------------------------------------------


def test_scripted_turns_of_a_covenant_game() -> None:
    g = covenant(heroes=["relentless_warden", "spymaster"])
    c = console()
    g = play_loop(g, c, scripted(["build", "bless", "1", "1", "end", "1"], then="1", limit=40))
    out = c.export_text()
    assert "COV-BUILD-1" in out  # no foundation with three offerings here
    assert "COV-BLESS-2" in out  # blessings are for Battles and dungeon rooms
    assert "Monument" in out
    assert len(g.state.history.to_list()) > 3


def test_every_screen_of_random_covenant_games_renders() -> None:
    """Any state the engine reaches, with every Covenant hero, has a screen."""
    for seed in (1, 2):
        g = covenant(4, seed, COVENANT_HEROES)
        agents = [RandomAgent(seed * 8 + i) for i in range(4)]
        steps = 0
        while g.to_act is not None and steps < 400:
            render(g, g.to_act)
            g.apply(agents[g.to_act].act(g))
            steps += 1
        render(g)


def test_an_engine_failure_is_reported_and_undone(monkeypatch: pytest.MonkeyPatch) -> None:
    g = covenant()
    real = RtdtGame.apply

    def broken(self: RtdtGame, action: Action | str) -> None:
        if str(action) == "end":
            self.state.heroes[0].warriors = -99  # half done, then it breaks
            raise KeyError("new_kind")
        real(self, action)

    monkeypatch.setattr(RtdtGame, "apply", broken)
    c = console()
    g2 = play_loop(g, c, scripted(["end", "1"]))
    out = c.export_text()
    assert "internal error on 'end' (KeyError" in out
    assert g2.state.heroes[0].warriors == 7  # as it was
    assert len(g2.state.history.to_list()) == 1  # and play went on


def test_the_compact_board_names_the_foundations_and_the_wastelands() -> None:
    """Issue 33's defect: the one-line-a-kingdom board listed the four buildings the
    monument foundations replaced and showed no foundation, offering, monument, wasteland or
    doom skull."""
    from rich.console import Console

    from towerplay.cli.rtdt_board import kingdom_lines

    g = new_game(players=2, seed=5, expansion="covenant")
    view = g.observe(0)
    sites = view["covenant"]["sites"]
    wide = Console(width=200, record=True, color_system=None)
    wide.print(kingdom_lines(g, view))
    text = wide.export_text()
    for x in sites:
        assert f"F {x['name']} 0/3" in text
        kind = view["kingdoms"][x["kingdom"]]["buildings"][x["space"]]["type"]
        replaced = f"{kind[0].upper()} {g.world.board.names[x['space']]}"
        assert replaced not in text  # the building it replaced ("B Dayside")
    narrow = Console(width=200, record=True, color_system=None)
    narrow.print(kingdom_lines(g, view, compact=True))
    assert narrow.export_text().count("F0/3") == len(sites) == 4
    agent = RandomAgent(1)
    while not g.observe(0)["covenant"]["wastelands"] and g.result is None:
        g.apply(agent.act(g))
    view = g.observe(0)
    wide = Console(width=200, record=True, color_system=None)
    wide.print(kingdom_lines(g, view))
    first = view["covenant"]["wastelands"][0]
    assert f"wasteland {g.world.board.names[first]}" in wide.export_text()
