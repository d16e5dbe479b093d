"""The screens fit the terminal, and the verbs and options a player uses work."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from tests.cli.scripted import play, says
from towerplay.agents.random import RandomAgent
from towerplay.cli import loop
from towerplay.cli.campaign import SCREEN as CAMPAIGN
from towerplay.cli.main import app
from towerplay.cli.narrate import history
from towerplay.cli.rtdt import SCREEN as RTDT
from towerplay.cli.rtdt import build_game, make_agent
from towerplay.cli.tactics import SCREEN as TACTICS
from towerplay.cli.tactics_screen import cell_width, hand
from towerplay.core.errors import IllegalAction
from towerplay.games import make_agent as tactics_agent
from towerplay.tactics import new_game
from towerplay.tactics.campaign.game import new_game as new_campaign
from towerplay.tactics.content import default_content

runner = CliRunner()
FIVE = ["fighter", "rogue", "cleric", "wizard", "archer"]
SIZES = [(120, 40), (80, 24)]


def played(game: Any, steps: int, seed: int = 1) -> Any:
    agent = RandomAgent(seed)
    for _ in range(steps):
        if game.to_act is None:
            break
        game.apply(agent.act(game))
    return game


def until(game: Any, done: Any, seed: int = 1, limit: int = 3000) -> Any:
    """`game` played by the heuristic agent until `done(game)` (a battle under way, say)."""
    agent = make_agent("heuristic", seed)
    for _ in range(limit):
        assert game.to_act is not None, "the game ended first"
        if done(game):
            return game
        game.apply(agent.act(game))
    raise AssertionError("never reached")


def drawn(screen: Any, game: Any, width: int, height: int) -> list[str]:
    c = Console(width=width, height=height, record=True, color_system=None, file=io.StringIO())
    c.print(screen.render(game, game.to_act, width, height, history(game, game.to_act)))
    return c.export_text().rstrip("\n").split("\n")


def games() -> list[tuple[str, Any, Any]]:
    return [
        ("rtdt", RTDT, played(build_game(2, [], "heroic", None, 3), 30)),
        ("rtdt-4", RTDT, played(build_game(4, [], "heroic", None, 5), 60)),
        ("competitive", RTDT, played(build_game(3, [], "heroic", None, 4, mode="competitive"), 40)),
        (
            "battle",
            RTDT,
            until(build_game(2, [], "heroic", None, 3), lambda g: g.observe(0)["battle"]),
        ),
        ("covenant", RTDT, played(build_game(2, [], "heroic", None, 3, expansion="covenant"), 30)),
        ("tactics", TACTICS, played(new_game({}, 2), 20)),
        ("ember", TACTICS, played(new_game({"encounter": "ember_witch"}, 2), 20)),
        ("campaign", CAMPAIGN, new_campaign({"heroes": 4}, 0)),
    ]


@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize(("name", "screen", "game"), games(), ids=lambda x: str(x)[:12])
def test_a_whole_screen_fits_with_the_prompt_and_the_actions_at_the_bottom(
    name: str, screen: Any, game: Any, width: int, height: int
) -> None:
    lines = drawn(screen, game, width, height)
    assert len(lines) <= height - 1  # and a line for the input
    assert max(len(x) for x in lines) <= width
    text = "\n".join(lines)
    assert " ".join(game.prompt.split())[:30] in " ".join(text.split())
    assert re.search(r"^\s*1 \S", text, re.M)  # the numbered actions
    assert re.search(r"^\s*\d+ \S|more: type actions", lines[-1])  # at the bottom
    assert "log" in text  # the scrolling log is there
    if screen is RTDT:
        assert "North" in text and "West" in text and "Month" in text  # the board, its header
    elif screen is TACTICS:
        assert re.search(r"^\s+a\s+b\s+c\s+d", text, re.M)  # the map


def test_at_120_columns_the_kingdoms_stand_four_across_with_panels_side_by_side() -> None:
    g = build_game(2, [], "heroic", None, 3)
    lines = drawn(RTDT, g, 120, 40)
    assert any("North" in x and "East" in x and "South" in x and "West" in x for x in lines)
    assert any("Quests" in x and "seat 0" in x for x in lines)  # the hero beside the quests


def test_long_action_lists_are_cut_to_what_fits_and_actions_lists_them_all() -> None:
    from towerplay.cli.layout import action_grid

    c = Console(width=80, record=True, color_system=None)
    c.print(action_grid([f"give warriors {n}" for n in range(1, 61)], 80, max_rows=5))
    out = c.export_text()
    assert len(out.splitlines()) == 5 and "more: type actions" in out
    g = build_game(1, [], "heroic", None, 3)
    _, out = play(RTDT, g, ["actions", "quit"])
    assert all(RTDT.shown(g, a) in out for a in g.legal_actions())
    assert "move Broken Lands" in out and "broken_lands" not in out  # names, not ids


@pytest.mark.parametrize("encounter", ["goblin_ambush", "blob_king", "pawl_chieftain"])
def test_tactics_figures_never_run_together_and_keep_their_ids(encounter: str) -> None:
    g = played(new_game({"encounter": encounter}, 2), 20)
    view = g.observe(0)
    rows = drawn(TACTICS, g, 120, 40)[3 : 3 + len(view["map"])]
    across = 2 + cell_width(view) * len(view["map"][0])  # the map; the figures are beside it
    words = [w for row in rows for w in row[:across].split()[1:]]  # after each row's number
    assert len(words) == len(view["map"]) * len(view["map"][0])  # a word a square
    for u in view["units"]:
        if not u["knocked_out"] and u["side"] != "hero":
            assert u["id"] in words  # as the log names it


def test_the_tactics_hand_and_board_are_shown_by_name() -> None:
    """The seat's hand and player board as printed ("Iron Sword"), never an id."""
    g = played(new_game({"encounter": "goblin_ambush"}, 2), 20)
    view = g.observe(0)
    shown = hand(view, 0).plain
    me = view["heroes"][0]
    for cid in [*me["hand"], *(c for c in me["board"].values() if c)]:
        assert view["names"][cid] in shown
        assert not re.search(rf"\b{cid}\b", shown) or view["names"][cid] == cid
    assert "class_feature" not in shown


# --- the outcome of every action -----------------------------------------------------------


@pytest.mark.parametrize("name", ["rtdt", "tactics"])
def test_your_moves_and_the_ais_are_told_with_what_they_did(name: str) -> None:
    game = build_game(2, [], "heroic", None, 3) if name == "rtdt" else new_game({}, 2)
    start = len(game.log)
    g, out = play(RTDT if name == "rtdt" else TACTICS, game, ["1"] * 30, ai={1: RandomAgent(1)})
    flat = " ".join(re.sub("[│┃]", " ", out).split())
    first = g.log[start]
    assert first in flat  # what your first action did is on the screen after it
    assert re.search(r"seat 0 \([^)]+\): ", flat)
    assert re.search(r"AI seat 1 \([^)]+\): ", flat)


# --- the verbs -----------------------------------------------------------------------------

EVERY_VERB = (
    "battle",
    "advantage",
    "quest",
    "explore",
    "room",
    "improve",
    "leave",
    "trial",
    "seal",
    "prepare",
    "quarry",
    "pass_mark",
    "move",
    "cleanse",
    "reinforce",
    "trade",
    "use",
    "end",
)


def test_help_lists_every_verb_and_command() -> None:
    _, out = play(RTDT, build_game(1, [], "heroic", None, 3), ["help", "quit"])
    for verb in EVERY_VERB:
        assert re.search(rf"\b{verb}\b", out), verb
    for command in ("log", "info NAME", "legend", "actions", "save FILE", "load FILE", "quit"):
        assert command in out
    _, out = play(TACTICS, new_game({}, 2), ["help", "quit"])
    for verb in (
        "play CARD",
        "dash CARD",
        "equip CARD",
        "prepare CARD",
        "command SUMMON",
        "info NAME",
    ):
        assert verb in out


def test_log_shows_the_whole_history() -> None:
    g = played(build_game(2, [], "heroic", None, 3), 50)
    assert len(g.log) > 40 and g.to_act is not None
    _, out = play(RTDT, g, ["log", "quit"])
    flat = " ".join(out.split())
    assert all(" ".join(line.split()) in flat for line in g.log)


@pytest.mark.parametrize(
    ("name", "asked", "told"),
    [
        ("rtdt", "frost trolls", "strike when ready"),
        ("rtdt", "zaida", "The Efreet"),
        ("rtdt", "Arcane", "One Magic advantage."),
        ("rtdt", "generic_ambush", "result 1: Lose 12 warriors."),
        ("rtdt", "ashstrider", "in the Tower:"),
        ("rtdt", "citadel", "Reinforce, free"),
        ("tactics", "cleave", "attack: red red, range 1, area 1"),
        ("tactics", "shield_wall", "reduce the damage by 3"),
        ("tactics", "wc1", "Warband Cutthroat (enemy)"),
        ("tactics", "FI0", "Fighter (class)"),
        ("tactics", "Warlord's Charge", "boss: move +1"),
        ("tactics", "fighter", "starting cards"),
    ],
)
def test_info_tells_any_cards_text(name: str, asked: str, told: str) -> None:
    game = build_game(1, [], "heroic", None, 3) if name == "rtdt" else played(new_game({}, 2), 6)
    _, out = play(RTDT if name == "rtdt" else TACTICS, game, [f"info {asked}", "quit"])
    assert told in " ".join(out.split())
    _, out = play(RTDT, build_game(1, [], "heroic", None, 3), ["info no such thing", "quit"])
    assert "nothing called 'no such thing'" in out


def test_campaign_info_tells_perks_and_items_too() -> None:
    g = new_campaign({"heroes": 3}, 0)
    assert "Market items cost 2" in (g.describe("bag of gold") or "")
    assert g.describe("cleave") is not None and g.describe("nothing at all") is None


def test_the_legends_explain_the_symbols_and_the_identifiers() -> None:
    _, out = play(RTDT, build_game(1, [], "heroic", None, 3), ["legend", "quit"])
    assert "C citadel" in out and "★ main goal" in out
    _, out = play(TACTICS, played(new_game({}, 2), 6), ["legend", "quit"])
    assert "### wall" in out and "wc1" in out and "warband cutthroat" in out and "FI0" in out


@pytest.mark.parametrize("game", ["rtdt", "tactics"])
def test_list_prints_the_ids(game: str) -> None:
    result = runner.invoke(app, ["play", game, "--list"])
    assert result.exit_code == 0, result.output
    if game == "rtdt":
        for option, eid in (
            ("--heroes", "spymaster"),
            ("--foes", "brigands"),
            ("--adversary", "ashstrider"),
            ("--companion", "zaida"),
        ):
            assert option in result.output and eid in result.output
    else:
        content = default_content()
        for eid in [*content.encounters, *content.classes, *content.enemies]:
            assert eid in result.output


# --- saving before leaving -----------------------------------------------------------------

ASK = "Save it first?"


@pytest.mark.parametrize("name", ["rtdt", "tactics"])
def test_quit_and_end_of_input_ask_to_save_a_changed_game(name: str, tmp_path: Path) -> None:
    screen, game = (
        (RTDT, build_game(1, [], "heroic", None, 3))
        if name == "rtdt"
        else (TACTICS, new_game({}, 2))
    )
    _, out = play(screen, game.clone(), ["quit"])
    assert ASK not in out  # nothing changed: nothing asked
    file = tmp_path / "q.json"
    g, out = play(screen, game.clone(), ["1", "quit", "y", str(file)])
    assert ASK in out and says(out, f"Saved to {file}.")
    assert json.loads(file.read_text()) == g.to_json()
    g, out = play(screen, game.clone(), ["1", "quit", "c", "2", "quit", "n"])  # c: play on
    assert out.count(ASK) == 2 and len(g.log) > len(game.log) + 1
    _, out = play(screen, game.clone(), ["1"])  # then the input ends
    assert ASK in out and "Goodbye." in out
    _, out = play(screen, game.clone(), ["1", f"save {file}", "quit"])
    assert ASK not in out


def test_load_asks_to_save_first_and_a_failed_save_keeps_you_in_the_game(tmp_path: Path) -> None:
    saved = tmp_path / "s.json"
    saved.write_text(json.dumps(build_game(1, [], "heroic", None, 9).to_json()))
    keep = tmp_path / "keep.json"
    g, out = play(
        RTDT, build_game(1, [], "heroic", None, 3), ["1", f"load {saved}", "y", str(keep)]
    )
    assert ASK in out and keep.exists() and says(out, f"Loaded {saved}.")
    assert g.observe(0)["code"] == build_game(1, [], "heroic", None, 9).observe(0)["code"]
    bad = tmp_path / "no" / "such" / "dir.json"
    lines = ["1", "quit", "y", str(bad), "quit", "n"]
    _, out = play(RTDT, build_game(1, [], "heroic", None, 3), lines)
    assert "could not save" in out and out.count(ASK) == 2


def test_the_campaign_never_asks_its_store_keeps_every_action() -> None:
    _, out = play(CAMPAIGN, new_campaign({"heroes": 3}, 0), ["1", "quit"])
    assert ASK not in out


# --- options -------------------------------------------------------------------------------


def test_play_tactics_loads_a_saved_encounter(tmp_path: Path) -> None:
    g = played(new_game({}, 2), 10)
    file = tmp_path / "t.json"
    file.write_text(TACTICS.dump(g))
    result = runner.invoke(app, ["play", "tactics", "--load", str(file)], input="quit\n")
    assert result.exit_code == 0, result.output
    assert g.prompt.split(":")[0] in result.output
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    result = runner.invoke(app, ["play", "tactics", "--load", str(bad)])
    assert result.exit_code == 2 and str(bad) in result.output


def test_ai_turns_are_paced(monkeypatch: pytest.MonkeyPatch) -> None:
    waits: list[float] = []
    monkeypatch.setattr(loop.time, "sleep", waits.append)
    c = Console(record=True, width=100, height=40, color_system=None, force_terminal=True)
    ai = {1: RandomAgent(1), 2: RandomAgent(2)}
    loop.play_loop(
        TACTICS,
        new_game({}, 2),
        c,
        lambda _: "1" if len(waits) < 5 else "quit\n",
        ai=ai,
        clear_screen=True,
        pace=0.25,
    )
    assert waits and set(waits) == {0.25}
    result = runner.invoke(app, ["play", "rtdt", "--pace", "-1"])
    assert result.exit_code == 2 and "--pace" in result.output


def test_a_code_without_heroes_says_which_heroes_it_dealt() -> None:
    code = build_game(2, [], "heroic", None, 7).observe(0)["code"]
    result = runner.invoke(app, ["play", "rtdt", "--code", code], input="quit\n")
    assert result.exit_code == 0, result.output
    dealt = [h["hero"] for h in build_game(None, [], "heroic", code, None).observe(0)["heroes"]]
    flat = " ".join(result.output.split())
    assert "does not carry the heroes" in flat and f"--heroes {','.join(dealt)}" in flat
    chosen = runner.invoke(
        app,
        ["play", "rtdt", "--code", code, "--heroes", "spymaster,orphaned_scion"],
        input="quit\n",
    )
    assert "does not carry the heroes" not in chosen.output


# --- the slips -----------------------------------------------------------------------------


def test_the_game_over_line_is_said_once() -> None:
    g = build_game(1, [], "heroic", None, 3)
    _, out = play(RTDT, g, [], ai={0: RandomAgent(3)})
    assert out.count("Game over") == 1 and "The game is over" not in out


@pytest.mark.parametrize("game", ["rtdt", "tactics"])
def test_ai_help_names_both_agents(game: str) -> None:
    result = runner.invoke(app, ["play", game, "--help"], env={"COLUMNS": "200"})
    assert "heuristic" in result.output and "random" in result.output


@pytest.mark.parametrize(
    "args",
    [
        ["play", "tactics", "--ai", "7=heuristic"],
        ["play", "rtdt", "--players", "2", "--ai", "7=heuristic"],
    ],
)
def test_an_ai_seat_the_game_does_not_have_is_an_error_naming_the_seats(args: list[str]) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert "7=heuristic" in result.output and "seats" in result.output and "0, 1" in result.output


def test_both_games_refuse_in_one_style_naming_what_is_legal() -> None:
    for screen, game in ((RTDT, build_game(1, [], "heroic", None, 3)), (TACTICS, new_game({}, 2))):
        n = len(game.legal_actions())
        _, out = play(screen, game, ["99", "fly away"])
        flat = " ".join(out.split())
        assert f"no action numbered 99; choose 1-{n}" in flat
        assert "'fly away' is not an action now" in flat and "the actions now:" in flat
        first = game.words(game.legal_actions()[0]).text  # worded as the buttons are
        assert first in flat


def test_an_unknown_action_is_told_the_actions_by_name_in_both_languages() -> None:
    """The generic refusal words each legal action as its button (printed names, no ids),
    in the screen's language; more than eight end in "and more"."""
    from towerplay.i18n import catalog

    game = build_game(2, [], "heroic", None, 3)
    legal = game.legal_actions()
    with pytest.raises(IllegalAction) as e:
        game.apply("fly away")
    verbs = list(dict.fromkeys(str(a).split()[0] for a in legal))
    assert len(verbs) < len(legal)  # several moves: one shown, as a kind of action
    firsts = [next(a for a in legal if str(a).split()[0] == v) for v in verbs]
    words = [game.words(a).text for a in firsts]
    assert e.value.reason.endswith("; ".join(words) + "; and more")
    assert not any(str(a) in e.value.reason for a in legal if " " in str(a))  # no notation
    pt = catalog("pt").refusal(e.value)
    assert pt.startswith("'fly away' não é uma ação possível agora; as possíveis: ")
    assert pt.endswith("e outras [RTDT-TURN-1]")
    assert catalog("pt").event(game.words(legal[0])) in pt
    view = e.value.view()["args"]["legal"]
    assert [v["text"] for v in view[:-1]] == words and view[-1]["msg"] == "and more"


def test_an_error_does_not_redraw_the_board() -> None:
    _, out = play(TACTICS, new_game({}, 2), ["99", "fly away", "zzz"])
    assert out.count("boss deck") == 1


@pytest.mark.parametrize(
    "start",
    [
        lambda: (RTDT, build_game(2, [], "heroic", None, 1, expansion="covenant"), "rtdt"),
        lambda: (RTDT, build_game(3, [], "heroic", None, 2, mode="competitive"), "rtdt"),
        lambda: (
            TACTICS,
            new_game({"encounter": "burning_stair", "party": FIVE}, 0),
            "tactics",
        ),
    ],
    ids=["covenant", "competitive", "five-heroes"],
)
def test_the_screen_fits_80x24_all_along_a_game(start: Any) -> None:
    screen, game, kind = start()
    agent = (
        make_agent("heuristic", 1) if kind == "rtdt" else tactics_agent("tactics", "heuristic", 1)
    )
    for step in range(320):
        if game.to_act is None:
            break
        if step % 40 == 0:
            lines = drawn(screen, game, 80, 24)
            assert len(lines) <= 23, f"step {step}: {len(lines)} lines"
        game.apply(agent.act(game))


def test_a_hero_on_the_grid_is_labelled_by_class_not_by_name() -> None:
    """Issue 33: in a campaign a hero's id is its name, and Roberta the fighter was labelled
    RO0 like the rogue."""
    from towerplay.cli.tactics_screen import label

    def hero(uid: str, kind: str) -> dict[str, object]:
        return {"id": uid, "type": kind, "side": "hero", "kind": "hero", "owner": 0}

    assert label(hero("roberta", "fighter")) == "FI0"
    assert label(hero("olette", "rogue")) == "RO0"
    assert label(hero("quill", "war_mage")) == "WM0"
    assert label({"id": "gm1", "type": "goblin", "side": "enemy", "kind": "enemy"}) == "gm1"
