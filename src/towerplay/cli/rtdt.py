"""`towerplay play rtdt` and `towerplay sim rtdt`: Return to Dark Tower in the terminal.

The screen is a pure function of the game (`render`); the loop (`play_loop`) reads
lines through a function it is given and writes to a Rich console, so tests drive it
with scripted input and a recording console.

Seats are numbered from 0, as in the notation (`trade 1`) and in `--ai 1=random`.
"""

from __future__ import annotations

import io
import json
import math
import random
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from towerplay.agents import Agent
from towerplay.agents.heuristic import HeuristicAgent
from towerplay.agents.random import RandomAgent
from towerplay.core.errors import IllegalAction, SaveError
from towerplay.core.notation import Action
from towerplay.rtdt import app as rtdt_app
from towerplay.rtdt import gamecode
from towerplay.rtdt.covenant.monuments import MAX_OFFERINGS
from towerplay.rtdt.game import RtdtGame, make_config, new_game
from towerplay.rtdt.rules.actions import move_value
from towerplay.rtdt.rules.advantages import MAX_PER_ACTION
from towerplay.rtdt.world import get_world

# Covenant's setup options, shared by `play rtdt` and `sim rtdt`.
ExpansionOption = Annotated[
    str | None,
    typer.Option("--expansion", help="covenant: play the Covenant expansion (cooperative)."),
]
TreasuresOption = Annotated[
    str | None,
    typer.Option(
        "--treasures",
        help="Treasure deck: base, covenant or both (default: both with the expansion).",
    ),
]
NewCorruptionsOption = Annotated[
    int | None,
    typer.Option(
        "--new-corruptions",
        help="Covenant corruptions shuffled in, 0-12 (default: 12 with the expansion).",
    ),
]
OnlyNewCorruptionsOption = Annotated[
    bool,
    typer.Option("--only-new-corruptions", help="A corruption deck of the 12 Covenant ones only."),
]


KINGDOMS = ("north", "east", "south", "west")
BUILDING_TYPES = ("citadel", "sanctuary", "village", "bazaar")
AGENTS = ("random", "heuristic")
MODES = ("cooperative", "competitive")
EXPANSIONS = ("covenant",)
WARDEN = "relentless_warden"  # the Covenant heroes with tokens and cards of their own
ASTROMANCER = "reverent_astromancer"
TREASURE_DECKS = ("base", "covenant", "both")
COMMANDS = ("help", "save ", "load ", "quit")
LOG_LINES = 8
SCREEN_WIDTH = 100
LABEL_WIDTH = 9  # "Sanctuary": the label column of a kingdom panel
STATUS_STYLES = {
    "panicked": "bold green",
    "unsteady": "green_yellow",
    "ready": "yellow",
    "savage": "dark_orange",
    "lethal": "bold red",
}
QUEST_KINDS = {"main_goal": "main goal", "companion": "companion", "adversary": "adversary"}
QUEST_MARKS = {
    "main_goal": ("★", "bold yellow"),
    "companion": ("◆", "green"),
    "adversary": ("▲", "red"),
}
QUEST_LEGEND = " · ".join(f"{QUEST_MARKS[k][0]} {name}" for k, name in QUEST_KINDS.items())
SPENDABLES = (
    ("warriors", "warrior", "warriors"),
    ("spirit", "spirit", "spirit"),
    ("potions", "potion", "potions"),
    ("gear", "gear", "gear"),
    ("treasures", "treasure", "treasures"),
)
MAX_DECISIONS = 200_000  # a game that runs longer than this is an engine bug, not a game

VERBS = (
    ("banner | banner HERO", "the banner action (start of turn only)"),
    ("resolve CARD", "resolve a start-of-turn effect"),
    ("double", "spend 1 spirit to double your move, before moving"),
    ("move SPACE", "move one space (once per step)"),
    ("cleanse SPACE", "remove all skulls from that building (heroic action)"),
    ("haggle", "roll the haggle die before a Reinforce"),
    ("reinforce free|enhanced", "Reinforce at the building on your space"),
    ("use ITEM", "use a potion or treasure (use WAND … spends a wand's charges)"),
    ("build", "Covenant: build the monument on a foundation with 3 offerings (heroic)"),
    ("bless", "Covenant: spend a blessing in a Battle or dungeon room for +1 Wild"),
    ("cast SPELL …", "Covenant: the Astromancer casts a prepared spell"),
    ("trade SEAT", "trade with that seat's hero on your space, then:"),
    ("  give|take warriors N", "also: give|take spirit N, give|take ITEM"),
    ("  offer | cancel", "the partner answers accept or reject"),
    ("end | end skip", "end the turn: drop a skull into the Tower"),
)
HELP_HEAD = """\
[bold]Answer[/] with the number of an action, or type the action itself (Tab completes it).
[bold]Commands[/]: [cyan]help[/] · [cyan]save FILE[/] (JSON) · [cyan]load FILE[/] · \
[cyan]quit[/] (or Ctrl-D)
[bold]A turn[/]: banner at the start, then move, one heroic action, one Reinforce and one trade
in any order; end drops your skull."""
HELP_TAIL = """\
[bold]Questions[/]: place SPACE · discard ITEM · take GEAR/TREASURE · flip VIRTUE · remove SPACE
  hero HERO · step SPACE · go SPACE · replace TREASURE · stop · done
Names are the ids shown in the list (move green_bridge). Seats count from 0."""


def help_text() -> RenderableType:
    verbs = Table.grid(padding=(0, 2))
    verbs.add_column(style="cyan", no_wrap=True)
    verbs.add_column()
    for syntax, what in VERBS:
        verbs.add_row(syntax, what)
    return Group(
        Text.from_markup(HELP_HEAD), Padding(verbs, (0, 0, 0, 2)), Text.from_markup(HELP_TAIL)
    )


def make_agent(name: str, seed: int) -> Agent:
    if name == "random":
        return RandomAgent(seed)
    if name == "heuristic":
        return HeuristicAgent(seed)
    raise ValueError(f"unknown agent {name!r}; agents: {', '.join(AGENTS)}")


# --- the screen -----------------------------------------------------------------------------


def _skulls(n: int) -> Text:
    style = {0: "green", 1: "yellow", 2: "dark_orange", 3: "bold red"}.get(n, "red")
    return Text("●" * n + "·" * (3 - n), style=style)


def _building_skulls(n: int, doom: int) -> Text:
    """A building's skulls, with how many of them are doom skulls: "●●● 2+1 doom"."""
    t = _skulls(n)
    if doom:
        t.append(f" {n - doom}+{doom} doom", style="magenta")
    return t


def _covenant(view: dict[str, Any]) -> dict[str, Any] | None:
    """The Covenant parts of the view (None in a game without any)."""
    cov = view.get("covenant")
    return cov if isinstance(cov, dict) else None


def _moved_away(game: RtdtGame, view: dict[str, Any]) -> set[str]:
    """Board building spaces a completed monument has walked away from (the Colossus of
    Björn, COV-CLARIFY-10): nothing stands there any more, nothing was destroyed."""
    cov = _covenant(view)
    if not cov:
        return set()
    w = game.world
    out = set()
    for x in cov["sites"]:
        m = w.content.monuments.get(x["monument"])
        if m is None:
            continue
        origin = w.board.building_space.get((x["kingdom"], m.replaces))
        if origin is not None and origin != x["space"]:
            out.add(origin)
    return out


def _emerged(entry: str) -> str:
    """An emerged skull waiting to be placed: "north", or "north (doom)" for a doom skull."""
    kind, sep, kingdom = entry.partition(":")
    return f"{kingdom} ({kind})" if sep else entry


def _names(game: RtdtGame, ids: Iterable[str]) -> str:
    names = [game.world.name(i) for i in ids]
    return ", ".join(names) if names else "—"


def _counted(game: RtdtGame, ids: Sequence[str]) -> str:
    """Names with ×N for repeats, in first-seen order."""
    seen: dict[str, int] = {}
    for i in ids:
        seen[i] = seen.get(i, 0) + 1
    parts = [game.world.name(i) + (f" ×{n}" if n > 1 else "") for i, n in seen.items()]
    return ", ".join(parts) if parts else "—"


def average_turns(game: RtdtGame) -> int:
    cfg = game.state.config
    avg = rtdt_app.AVERAGE_TURNS[cfg.players]
    if cfg.difficulty == "gritty":
        avg -= rtdt_app.PARAMS.gritty_fewer
    return avg


def _header(game: RtdtGame, view: dict[str, Any]) -> Text:
    cfg = game.state.config
    t = Text()
    t.append(f"Month {view['month']} of {rtdt_app.MONTHS}", style="bold")
    t.append(f" · turn {view['turn_in_month']} (about {average_turns(game)} a month)")
    t.append(
        f"   Return to Dark Tower · {cfg.mode} · {cfg.difficulty} · code {cfg.code}", style="dim"
    )
    return t


def _space(game: RtdtGame, space: str) -> str:
    return game.world.board.names.get(space, space)


def _status_text(status: str | None) -> Text:
    return Text(status or "—", style=STATUS_STYLES.get(status or "", "dim"))


def _traits(traits: Iterable[str]) -> str:
    return ", ".join(traits)


def _by_space(spaces: Iterable[str]) -> dict[str, int]:
    """How many tokens stand on each space, in first-seen order."""
    out: dict[str, int] = {}
    for sp in spaces:
        out[sp] = out.get(sp, 0) + 1
    return out


def _height(renderable: RenderableType, width: int) -> int:
    """The lines `renderable` takes at `width` (to give panels side by side one height)."""
    measure = Console(width=width, file=io.StringIO(), color_system=None, highlight=False)
    return len(measure.render_lines(renderable, measure.options.update_width(width), pad=False))


def needs_text(game: RtdtGame, needs: dict[str, Any]) -> str:
    """A quest stage's requirement in words: "spend 2 gear; 3 Beast advantages"."""
    parts: list[str] = []
    spend = []
    for key, one, many in SPENDABLES:
        n = needs.get(key, 0)
        if n:
            spend.append(f"{n} {one if n == 1 else many}")
    if needs.get("items"):
        spend.append(_counted(game, needs["items"]))
    if spend:
        parts.append("spend " + ", ".join(spend))
    if needs.get("carry"):
        parts.append("carry " + _counted(game, needs["carry"]))
    n = needs.get("advantages", 0)
    if n:
        kind = needs.get("advantage_type")
        plural = "s" if n > 1 else ""
        parts.append(f"{n} {kind.title()} advantage{plural}" if kind else f"{n} advantage{plural}")
    if needs.get("dungeon"):
        parts.append("clear the dungeon")
    if needs.get("defeat_foe"):
        parts.append("defeat a foe there")
    return "; ".join(parts) or "nothing"


def trial_needs_text(needs: Any) -> str:
    """A heroic trial's requirement in words: "spend 18 warriors", "hold 3 treasures"."""
    spend, hold = [], []
    for key, one, many in SPENDABLES:
        n = getattr(needs, key, 0)
        if n:
            spend.append(f"{n} {one if n == 1 else many}")
    for key, one, many in SPENDABLES[2:]:
        n = getattr(needs, "carry_" + key, 0)
        if n:
            hold.append(f"{n} {one if n == 1 else many}")
    parts = []
    if spend:
        parts.append("spend " + ", ".join(spend))
    if hold:
        parts.append("hold " + ", ".join(hold))
    if needs.advantages:
        rule = {"distinct": " of different types", "same": " all of one type"}.get(
            needs.advantage_rule, ""
        )
        kind = f" {needs.advantage_type.title()}" if needs.advantage_type else ""
        parts.append(f"{needs.advantages}{kind} advantages{rule}")
    if needs.virtues:
        parts.append(f"{needs.virtues} active virtues")
    if needs.corruptions_at_most is not None:
        parts.append(f"at most {needs.corruptions_at_most} corruptions")
    return "; ".join(parts) or "nothing"


def _competitive(view: dict[str, Any]) -> bool:
    return view.get("mode") == "competitive"


def _trials_panel(game: RtdtGame, view: dict[str, Any], seat: int) -> Panel | None:
    """Competitive mode: the seat's own face-down trials (what each needs, and where), how
    many trials every hero has done and who is out, and the Tower's dungeon."""
    if not _competitive(view):
        return None
    w = game.world
    trials = w.content.trials
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column()
    me = view["heroes"][seat]
    own = me["trials"] if isinstance(me["trials"], list) else []
    for tid in own:
        t = trials.get(tid)
        if t is None:
            continue
        head = Text(t.name, style="bold")
        head.append(f" · {t.type} @ {_space(game, t.space)}")
        head.append(" — " + trial_needs_text(t.needs), style="cyan")
        grid.add_row(Text("□", style="yellow"), head)
    for h in view["heroes"]:
        who = Text(f"{w.name(h['hero'])} ({h['seat']})", style="cyan")
        done = h["trials_done"]
        line = Text(f"trials done {len(done)}/3")
        if done:
            line.append(
                ": " + ", ".join(trials[t].name if t in trials else t for t in done), style="green"
            )
        if h.get("eliminated"):
            line.append(" · eliminated", style="bold red")
        grid.add_row(who, line)
    d = view["dungeons"].get("tower")
    if d is not None:
        cleared = sum(d["cleared"])
        line = Text(f"rooms cleared {cleared}/{len(d['cleared'])}")
        names = {r.id: r.name for r in w.content.competitive.tower_rooms}
        done_rooms = [
            f"{i} {names.get(rid, rid)}"
            for i, (rid, c) in enumerate(zip(d["rooms"], d["cleared"], strict=True))
            if c
        ]
        if done_rooms:
            line.append(": " + ", ".join(done_rooms), style="green")
        grid.add_row(Text("Tower", style="bold magenta"), line)
    return Panel(
        grid,
        title="Heroic trials (3 to enter the Tower's dungeon)",
        title_align="left",
        box=box.ROUNDED,
        padding=(0, 1),
    )


def _dungeon_name(game: RtdtGame, space: str, kind: str) -> str:
    if kind == "tower":
        return "The Tower's dungeon"
    info = game.world.content.dungeons.get(kind)
    return info.names.get(space, kind.title()) if info is not None else kind.title()


def _quest_mark(kind: str) -> Text:
    """The quest kind's mark: ★ main goal, ◆ companion, ▲ adversary."""
    mark, style = QUEST_MARKS.get(kind, ("•", ""))
    return Text(mark, style=style)


def _at(t: Text, where: str, avail: int) -> Text:
    """`t` then "@ where", on the next line when the whole would not fit in `avail`
    columns (so a wrap never leaves "@" at the end of a line or splits a space's name)."""
    last = t.plain.split("\n")[-1]
    t.append(("\n" if len(last) + 3 + len(where) > avail else " ") + "@ " + where)
    return t


def _markers(game: RtdtGame, view: dict[str, Any], k: str, avail: int) -> Table | None:
    """What stands in kingdom `k` besides buildings and heroes: foes, the adversary,
    quest markers, dungeons and siege trees."""
    board = game.world.board

    def here(sp: str | None) -> bool:
        return sp is not None and board.kingdom_of.get(sp) == k

    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True, style="dim", min_width=LABEL_WIDTH)
    grid.add_column()
    cov = _covenant(view)
    if cov:
        _covenant_markers(game, view, cov, grid, here, avail)
    foes = Text()
    for foe in view["foes"].values():
        spaces = _by_space(s for s in foe["on_board"] if here(s))
        if not spaces:
            continue
        if foes:
            foes.append("\n")
        foes.append(foe["name"], style=STATUS_STYLES.get(foe["status"] or "", ""))
        total = sum(spaces.values())
        foes.append(f" ×{total}" if total > 1 else "")
        many = len(spaces) > 1
        where = [
            _space(game, sp) + (f" ×{n}" if many and n > 1 else "") for sp, n in spaces.items()
        ]
        _at(foes, ", ".join(where), avail)
    if foes:
        grid.add_row("Foes", foes)
    adv = view["adversary"]
    if here(adv["space"]):
        who = Text(game.world.name(adv["id"]), style="bold red")
        grid.add_row("Adversary", _at(who, _space(game, adv["space"]), avail))
    for q in view["quests"]:
        if here(q["space"]):
            t = _quest_mark(q["kind"]).append(" ", style="")
            t.append(q["name"], style="bold" if q["kind"] == "main_goal" else "")
            t.append(f" {q['stage']}/{q['stages']}")
            _at(t, _space(game, q["space"]), avail)
            grid.add_row("Quest", t)
    for sp, d in view["dungeons"].items():
        if here(sp):
            t = Text(d["type"].title())  # then rooms cleared, like a quest's stage
            t.append(f" {sum(d['cleared'])}/{len(d['cleared'])}")
            _at(t, _space(game, sp), avail)
            grid.add_row("Dungeon", t)
    trees = _by_space(sp for sp in view["siege_trees"] if here(sp))
    if trees:
        text = ", ".join(_space(game, sp) + (f" ×{n}" if n > 1 else "") for sp, n in trees.items())
        grid.add_row("Trees", Text(text, style="green"))
    return grid if grid.row_count else None


def _covenant_markers(
    game: RtdtGame,
    view: dict[str, Any],
    cov: dict[str, Any],
    grid: Table,
    here: Callable[[str | None], bool],
    avail: int,
) -> None:
    """A kingdom's Covenant rows: its monument, wastelands, protection tokens, the quarry."""
    for x in cov["sites"]:
        if not here(x["space"]):
            continue
        t = Text(x.get("name") or game.world.name(x["monument"]), style="bold")
        status = x["status"]
        if status == "foundation":  # its offerings are on the building's row
            t.append(" · foundation", style="yellow")
        elif status == "built":
            t.append(" · built", style="green")
        else:
            t.stylize("strike dim")
            t.append(" · destroyed", style="red")
        grid.add_row("Monument", t)
    wastes = [sp for sp in cov["wastelands"] if here(sp)]
    if wastes:
        text = ", ".join(_space(game, sp) for sp in wastes)
        grid.add_row("Wasteland", Text(text, style="dark_orange"))
    guarded = _by_space(sp for sp in cov["protections"] if here(sp))
    if guarded:
        text = ", ".join(
            _space(game, sp) + (f" ×{n}" if n > 1 else "") for sp, n in guarded.items()
        )
        grid.add_row("Protected", Text(text, style="cyan"))
    foe, space = _quarry(game, view)
    if foe and here(space):
        grid.add_row(
            "Quarry", _at(Text(game.world.name(foe), style="bold"), _space(game, space), avail)
        )


def _quarry(game: RtdtGame, view: dict[str, Any]) -> tuple[str, str]:
    """(foe id, space) the Warden's quarry token marks, or ("", "")."""
    quarry = (_covenant(view) or {}).get("quarry") or ""
    if not quarry:
        return "", ""
    if quarry == "adversary":
        return view["adversary"]["id"], view["adversary"]["space"] or ""
    foe, _, space = quarry.partition("@")
    return foe, space


def _kingdom_body(game: RtdtGame, view: dict[str, Any], k: str, inner: int) -> Group:
    w = game.world
    board = w.board
    info = view["kingdoms"][k]
    heroes = view["heroes"]
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True, style="dim", min_width=LABEL_WIDTH)
    grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True)
    cov = _covenant(view)
    sites = {x["space"]: x for x in cov["sites"]} if cov else {}
    doom = cov["doom"] if cov else {}
    left = _moved_away(game, view)
    order = {t: i for i, t in enumerate(BUILDING_TYPES)}
    rows = sorted(
        ((sp, b) for sp, b in info["buildings"].items() if sp not in left),
        key=lambda row: order.get(row[1]["type"], len(order)),
    )
    for sp, b in rows:
        btype = b["type"]
        kind = w.content.buildings.get(btype)
        label = kind.name if kind is not None else btype.title()
        name = Text(board.names.get(sp, sp))
        site = sites.get(sp)
        if site is not None and site["status"] == "foundation":
            n = site["offerings"]
            status = Text(
                f"foundation {n}/{MAX_OFFERINGS}", style="bold yellow" if n >= 3 else "yellow"
            )
            grid.add_row(label, name, status)
        elif b["standing"]:
            if site is not None:
                name.stylize("bold")
            grid.add_row(label, name, _building_skulls(b["skulls"] or 0, doom.get(sp, 0)))
        else:
            name.stylize("strike dim")
            grid.add_row(label, name, Text("destroyed", style="red"))
    here = Text()
    for seat in info["heroes"]:
        h = heroes[seat]
        if here:
            here.append("\n")
        here.append(f"{w.name(h['hero'])} ({seat})", style="cyan")
        here.append(f" @ {board.names.get(h['space'], h['space'])}")
    if not here:
        here.append("no heroes here", style="dim")
    markers = _markers(game, view, k, inner - LABEL_WIDTH - 1)
    return Group(grid, markers, here) if markers is not None else Group(grid, here)


def _kingdom_panel(
    game: RtdtGame, view: dict[str, Any], k: str, body: Group, height: int | None
) -> Panel:
    w = game.world
    info = view["kingdoms"][k]
    heroes = view["heroes"]
    title = Text(f"{k.title()} · {w.content.kingdoms[k].name}", style="bold")
    if info["dormant"]:
        title.append(" · dormant", style="dim italic")
    else:
        home = heroes[info["home_of"]]
        title.append(f" · {w.name(home['hero'])} ({home['seat']})", style="cyan")
    glyphs = info["glyphs_facing"]
    subtitle = Text("glyphs: " + ", ".join(glyphs), style="magenta") if glyphs else None
    return Panel(
        body,
        title=title,
        title_align="left",
        subtitle=subtitle,
        subtitle_align="right",
        box=box.ROUNDED,
        padding=(0, 1),
        height=height,
    )


def _kingdoms(game: RtdtGame, view: dict[str, Any], width: int = SCREEN_WIDTH) -> Table:
    """The four kingdoms as panels, two by two, each pair one height."""
    present = [k for k in KINGDOMS if k in view["kingdoms"]]
    grid = Table.grid(expand=True)
    grid.add_column(ratio=1)
    grid.add_column(ratio=1)
    inner = max(10, width // 2 - 4)
    for i in range(0, len(present), 2):
        pair = present[i : i + 2]
        bodies = [_kingdom_body(game, view, k, inner) for k in pair]
        height = max(_height(b, inner) for b in bodies) + 2
        grid.add_row(
            *(_kingdom_panel(game, view, k, b, height) for k, b in zip(pair, bodies, strict=True))
        )
    return grid


def _foes(game: RtdtGame, view: dict[str, Any]) -> Table:
    """Each foe type: level, traits, status and what its strike does now; then the adversary."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True, style="bold")
    grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True, style="dim")
    grid.add_column(no_wrap=True)
    grid.add_column()
    for foe in view["foes"].values():
        grid.add_row(
            foe["name"],
            f"L{foe['level']}",
            _traits(foe["traits"]),
            _status_text(foe["status"]),
            foe["strike"] or "",
        )
    return grid


def _adversary(game: RtdtGame, view: dict[str, Any]) -> Text:
    adv = view["adversary"]
    info = game.world.content.adversaries.get(adv["id"])
    t = Text(game.world.name(adv["id"]), style="bold red")
    if info is not None:
        t.append(f" ({_traits(info.traits)})", style="dim")
    if adv["space"]:
        t.append(f" @ {_space(game, adv['space'])}", style="bold")
    else:
        t.append(" · inside the Tower until the main goal is done", style="dim")
    return t


def _world_lines(game: RtdtGame, view: dict[str, Any]) -> Table:
    w = game.world
    sk = view["skulls"]
    skulls = Text()
    skulls.append(f"supply {sk['supply']}", style="bold red" if sk["supply"] <= 3 else "bold")
    skulls.append(f" · removed {sk['removed']} · inside the Tower {sk['inside_tower']}")
    skulls.append(f" · seals on {len(view['tower']['seals'])} of 12")
    if sk["emerged_to_place"]:
        to_place = ", ".join(_emerged(e) for e in sk["emerged_to_place"])
        skulls.append(" · to place: " + to_place, style="yellow")
    market = Text(" · ".join(w.name(t) for t in view["market"]) or "—")
    market.append(f"  (deck {view['decks']['treasures']})", style="dim")
    piles = [
        Text(f"{w.name(g)} {n}", style="" if n else "dim") for g, n in view["gear_piles"].items()
    ]
    gear = Table.grid(padding=(0, 3))
    for _ in range(3):
        gear.add_column(no_wrap=True)
    for i in range(0, len(piles), 3):
        row = piles[i : i + 3]
        gear.add_row(*row, *[Text("")] * (3 - len(row)))
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    grid.add_row("Skulls", skulls)
    cov = _covenant(view)
    if cov and game.state.config.covenant:
        on_buildings = sum(cov["doom"].values())
        doom = Text(f"supply {cov['doom_supply']}", style="bold magenta")
        doom.append(
            f" · inside the Tower {cov['doom_inside_tower']} · on buildings {on_buildings}"
            f" · removed {cov['doom_removed']}"
        )
        grid.add_row("Doom", doom)
    grid.add_row("Market", market)
    grid.add_row("Gear", gear)
    grid.add_row("Foes", _foes(game, view))
    grid.add_row("Adversary", _adversary(game, view))
    if view["fire_rivers"]:
        rivers = ", ".join(f"{_space(game, a)}–{_space(game, b)}" for a, b in view["fire_rivers"])
        grid.add_row("Fire", Text("rivers of fire: " + rivers, style="dark_orange"))
    return grid


def _quests(game: RtdtGame, view: dict[str, Any]) -> Panel | None:
    if not view["quests"] and not view["done_quests"]:
        return None
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column()
    for q in view["quests"]:
        main = q["kind"] == "main_goal"
        head = Text(q["name"], style="bold yellow" if main else "bold")
        head.append(f" · {QUEST_KINDS.get(q['kind'], q['kind'])}", style="italic")
        head.append(f" · stage {q['stage']}/{q['stages']} @ {_space(game, q['space'])}")
        grid.add_row(_quest_mark(q["kind"]), head)
        needs = Text("needs: ", style="bold")
        needs.append(needs_text(game, q["needs"]), style="cyan")
        needs.append(" — " + q["text"], style="dim")
        grid.add_row("", needs)
    if view["done_quests"]:
        done = _names(game, view["done_quests"])
        grid.add_row(Text("✓", style="green"), Text("done: " + done, style="dim"))
    return Panel(
        grid, title=f"Quests ({QUEST_LEGEND})", title_align="left", box=box.ROUNDED, padding=(0, 1)
    )


def _companions(game: RtdtGame, view: dict[str, Any], h: dict[str, Any]) -> Text:
    """A hero's companions, the main companion (every hero has it) marked as shared."""
    t = Text()
    for cid in h["companions"]:
        if t:
            t.append(", ")
        t.append(game.world.name(cid), style="green")
        if cid == view["main_companion"]:
            t.append(" (shared)", style="dim")
    return t if t else Text("—")


def _treasures(game: RtdtGame, view: dict[str, Any], ids: Sequence[str]) -> Text:
    """A hero's treasures, each wand with its charges: "Wand of Celerity (4 charges)"."""
    cov = _covenant(view)
    charges = cov["charges"] if cov else {}
    t = Text()
    for tid in ids:
        if t:
            t.append(", ")
        t.append(game.world.name(tid))
        if tid in charges:
            n = charges[tid]
            t.append(f" ({n} charge{'' if n == 1 else 's'})", style="magenta")
    return t if t else Text("—")


def _covenant_hero(game: RtdtGame, view: dict[str, Any], seat: int, own: bool) -> Text | None:
    """A hero's Covenant parts: blessings; the Warden's quarry; the Astromancer's prepared
    spells, and (on the hero's own screen) the hand of spells and the invocations."""
    cov = _covenant(view)
    if cov is None:
        return None
    w = game.world
    parts: list[Text] = []
    blessings = cov["blessings"][seat] if seat < len(cov["blessings"]) else 0
    if own or blessings:
        t = Text("blessings ", style="bold")
        t.append(str(blessings), style="bold yellow" if blessings else "dim")
        parts.append(t)
    hero = view["heroes"][seat]["hero"]
    if hero == WARDEN:
        foe, space = _quarry(game, view)
        t = Text("quarry ", style="bold")
        if foe:
            t.append(w.name(foe), style="red")
            t.append(f" @ {_space(game, space)}" if space else "")
        else:
            t.append("on your board", style="dim")
        parts.append(t)
    if hero == ASTROMANCER:
        t = Text("prepared ", style="bold")
        t.append(_names(game, _at_seat(cov.get("spells_prepared", []), seat)), style="yellow")
        if own:
            t.append(" · spells ", style="bold")
            t.append(_names(game, _at_seat(cov.get("spells_in_hand", []), seat)))
            t.append(" · invocations ", style="bold")
            t.append(
                _names(game, _at_seat(cov.get("invocations_set_aside", []), seat)), style="dim"
            )
        parts.append(t)
    if not parts:
        return None
    out = Text()
    for i, part in enumerate(parts):
        if i:
            out.append(" · ")
        out.append_text(part)
    return out


def _at_seat(per_seat: Sequence[Sequence[str]], seat: int) -> Sequence[str]:
    return per_seat[seat] if seat < len(per_seat) else ()


def _hero_panel(game: RtdtGame, view: dict[str, Any], seat: int) -> Panel:
    w = game.world
    h = view["heroes"][seat]
    hs = game.state.heroes[seat]
    turn = view["turn"]
    t = Text()
    t.append(f"warriors {h['warriors']}", style="bold")
    t.append(" · ")
    t.append(f"spirit {h['spirit']}", style="bold")
    if game.result is None and game.state.turn.seat == seat:
        t.append(f" · moves left {move_value(w, game.state, hs)}")
        if turn["doubled"]:
            t.append(" (doubled)")
        done = [
            name
            for name, flag in (
                ("heroic action", turn["heroic_done"]),
                ("reinforce", turn["reinforces"]),
                ("trade", turn["traded"]),
            )
            if flag
        ]
        if done:
            t.append(" · done: " + ", ".join(done), style="dim")
    t.append("\npotions ", style="bold")
    t.append(_counted(game, h["potions"]))
    t.append(" · gear ", style="bold")
    t.append(_names(game, h["gear"]))
    t.append(" · treasures ", style="bold")
    t.append(_treasures(game, view, h["treasures"]))
    t.append("\ncompanions ", style="bold")
    t.append(_companions(game, view, h))
    if h["quest_items"]:
        t.append(" · quest items ", style="bold")
        t.append(_counted(game, h["quest_items"]), style="yellow")
    if h.get("spores", 0) > 0:
        t.append(" · spores ", style="bold")
        t.append(str(h["spores"]), style="magenta")
    t.append("\nvirtues ", style="bold")
    t.append(_names(game, h["virtues"]), style="green")
    t.append(" · inactive ", style="bold")
    t.append(_names(game, h["inactive"]), style="dim")
    t.append("\ncorruptions ", style="bold")
    t.append(_names(game, h["corruptions"]), style="red" if h["corruptions"] else "")
    cov = _covenant_hero(game, view, seat, own=True)
    if cov:
        t.append("\n")
        t.append_text(cov)
    title = (
        f"{w.name(h['hero'])} · seat {seat} · home {h['kingdom']} · "
        f"at {w.board.names.get(h['space'], h['space'])}"
    )
    return Panel(t, title=title, title_align="left", box=box.ROUNDED, padding=(0, 1))


def _other_heroes(game: RtdtGame, view: dict[str, Any], seat: int) -> Table | None:
    w = game.world
    others = [h for h in view["heroes"] if h["seat"] != seat]
    if not others:
        return None
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column()
    for h in others:
        who = Text(f"{w.name(h['hero'])} ({h['seat']})", style="cyan")
        who.append(f", {h['kingdom']}:")
        stats = Text(
            f"warriors {h['warriors']} · spirit {h['spirit']} · potions {len(h['potions'])}"
        )
        stats.append(f" · gear {len(h['gear'])} · treasures {len(h['treasures'])} · ")
        stats.append(
            f"corruptions {len(h['corruptions'])}", style="red" if h["corruptions"] else ""
        )
        own = [c for c in h["companions"] if c != view["main_companion"]]
        if own:
            stats.append(" · companions " + _names(game, own), style="green")
        if h["quest_items"]:
            stats.append(" · quest items " + _counted(game, h["quest_items"]), style="yellow")
        if h.get("spores", 0) > 0:
            stats.append(f" · spores {h['spores']}", style="magenta")
        cov = _covenant_hero(game, view, h["seat"], own=False)
        if cov:
            stats.append(" · ")
            stats.append_text(cov)
        if _competitive(view):
            stats.append(f" · trials done {len(h['trials_done'])}")
            if h.get("eliminated"):
                stats.append(" · eliminated", style="bold red")
        grid.add_row(who, stats)
    return grid


def _pool(pool: dict[str, int], used: int | None, usable: Iterable[str] = ()) -> Text:
    """Advantages left by type (those that apply here first), and how many of the 10 a
    heroic action allows are used."""
    apply = set(usable) | {"wild"}
    left = [(kind, n) for kind, n in pool.items() if n > 0]
    good = [f"{kind} {n}" for kind, n in left if not usable or kind in apply]
    other = [f"{kind} {n}" for kind, n in left if usable and kind not in apply]
    t = Text("advantages left: ", style="bold")
    t.append(" · ".join(good) if good else "none that apply", style="cyan" if good else "dim")
    if other:
        t.append(" (no use here: " + ", ".join(other) + ")", style="dim")
    if used is not None:
        t.append(f" · used {used} of {MAX_PER_ACTION}", style="dim")
    return t


def _battle_panel(game: RtdtGame, view: dict[str, Any]) -> Panel | None:
    b = view["battle"]
    if b is None:
        return None
    foe = view["foes"].get(b["foe"])
    title = Text(f"Battle · {game.world.name(b['foe'])}", style="bold red")
    if foe is not None:
        title.append(f" (L{foe['level']} {_traits(foe['traits'])} · ", style="")
        title.append_text(_status_text(foe["status"]))
        title.append(")", style="")
    adversary = game.world.content.adversaries.get(b["foe"])
    if foe is not None:
        traits = foe["traits"]
    else:
        traits = list(adversary.traits) if adversary is not None else []
        title.append(f" (the adversary · {_traits(traits)})", style="")
    t = Text()
    state = game.state.battle
    if b["card"] is not None:
        t.append(f"card {b['card']} of {b['cards']}", style="bold")
        if state is not None:
            t.append(f" · result {state.rung + 1}/5", style="dim")
        t.append(": ")
        t.append(b["result"] or "", style="yellow")
    else:
        done = state.resolved if state is not None else 0
        t.append(f"{done} of {b['cards']} cards resolved", style="bold")
        t.append(" · continue to the next card, or retreat")
    t.append("\n")
    t.append_text(_pool(b["advantages"], b["used"], traits))
    return Panel(
        t, title=title, title_align="left", box=box.HEAVY, border_style="red", padding=(0, 1)
    )


def _delve_panel(game: RtdtGame, view: dict[str, Any]) -> Panel | None:
    dv = view["delve"]
    if dv is None:
        return None
    sp = dv["space"]
    d = view["dungeons"].get(sp)
    state = game.state.delve
    title = Text("Dungeon", style="bold magenta")
    t = Text()
    if d is not None:
        kind = game.world.content.dungeons.get(d["type"])
        if d["type"] == "tower":
            title.append(f" · {_dungeon_name(game, sp, d['type'])}")
        else:
            title.append(
                f" · {_dungeon_name(game, sp, d['type'])} ({d['type']}) @ {_space(game, sp)}"
            )
        rooms: Iterable[Any] = (
            game.world.content.competitive.tower_rooms
            if d["type"] == "tower"
            else (kind.rooms if kind is not None else ())
        )
        rooms_by_id = {r.id: r for r in rooms}
        full = game.state.dungeons.get(sp)
        if dv["room"] >= 0 and full is not None and full.rooms[dv["room"]] in rooms_by_id:
            room = rooms_by_id[full.rooms[dv["room"]]]
            improved = state is not None and state.improved
            t.append(f"room {dv['room']} · {room.name}", style="bold")
            if improved:
                t.append(" (improved)", style="green")
            t.append(": ")
            t.append((room.improved if improved else room.initial).text, style="yellow")
        else:
            t.append("between rooms: enter a room next to the entrance or a cleared room, or leave")
        t.append("\nrooms: ", style="bold")
        for i, (rid, done) in enumerate(zip(d["rooms"], d["cleared"], strict=True)):
            if i:
                t.append(" · ")
            if done:
                name = rooms_by_id[rid].name if rid in rooms_by_id else rid
                t.append(f"{i} {name} ✓", style="green")
            elif i == dv["room"]:
                t.append(f"{i} here", style="bold")
            else:
                t.append(f"{i} ?", style="dim")
        t.append(f" ({sum(d['cleared'])}/{len(d['cleared'])} cleared)", style="dim")
    t.append("\n")
    used = state.used if state is not None else None
    kind_info = game.world.content.dungeons.get(d["type"]) if d is not None else None
    usable = [kind_info.advantage] if kind_info is not None else []  # the Tower: any type
    t.append_text(_pool(dv["advantages"], used, usable))
    return Panel(
        t, title=title, title_align="left", box=box.HEAVY, border_style="magenta", padding=(0, 1)
    )


def action_grid(texts: Sequence[str], width: int = SCREEN_WIDTH) -> Table:
    """The numbered legal actions, in as many columns as fit, filled column by column."""
    items = [f"{i + 1:>2} {t}" for i, t in enumerate(texts)]
    cell = max((len(s) for s in items), default=1) + 2
    ncols = max(1, min(len(items), width // cell))
    nrows = math.ceil(len(items) / ncols) if items else 0
    grid = Table.grid(padding=(0, 2))
    for _ in range(ncols):
        grid.add_column(no_wrap=True)
    for r in range(nrows):
        row = []
        for c in range(ncols):
            i = c * nrows + r
            if i < len(items):
                cell_text = Text(items[i][:3], style="bold yellow")
                cell_text.append(items[i][3:])
                row.append(cell_text)
            else:
                row.append(Text(""))
        grid.add_row(*row)
    return grid


def render(game: RtdtGame, seat: int | None = None, width: int = SCREEN_WIDTH) -> RenderableType:
    """The whole screen for `seat` (default: the seat to act), as a Rich renderable."""
    if seat is None:
        seat = game.to_act if game.to_act is not None else game.state.turn.seat
    view = game.observe(seat)
    parts: list[RenderableType] = [
        _header(game, view),
        _kingdoms(game, view, width),
        _world_lines(game, view),
    ]
    quests = _quests(game, view)
    if quests is not None:
        parts.append(quests)
    parts.append(_hero_panel(game, view, seat))
    trials = _trials_panel(game, view, seat)
    if trials is not None:
        parts.append(trials)
    others = _other_heroes(game, view, seat)
    if others is not None:
        parts.append(others)
    panels = [p for p in (_battle_panel(game, view), _delve_panel(game, view)) if p is not None]
    lines = LOG_LINES - 3 if panels else LOG_LINES  # room for the battle or dungeon panel
    log = Text("\n".join(game.log[-lines:]), style="dim")
    parts.append(Panel(log, title="log", title_align="left", box=box.SQUARE, padding=(0, 1)))
    parts.extend(panels)
    if game.result is not None:
        parts.append(Text(view["prompt"], style="bold"))
    else:
        parts.append(Text(view["prompt"], style="bold yellow"))
        parts.append(action_grid([str(a) for a in view["legal_actions"]], width))
    return Group(*parts)


# --- the loop ------------------------------------------------------------------------------


class Completer:
    """Tab completion over the current legal action texts and the commands."""

    def __init__(self) -> None:
        self.options: list[str] = []
        self._matches: list[str] = []

    def set(self, game: RtdtGame) -> None:
        self.options = [str(a) for a in game.legal_actions()] + list(COMMANDS)

    def matches(self, line: str, text: str) -> list[str]:
        """Completions of `text`, the word being typed at the end of `line`."""
        start = len(line) - len(text)
        return [o[start:] for o in self.options if o.startswith(line)]

    def complete(self, text: str, state: int) -> str | None:
        if state == 0:
            line = _line_before_cursor()
            if line is None or not line.endswith(text):
                line = text
            self._matches = self.matches(line, text)
        return self._matches[state] if state < len(self._matches) else None


def _line_before_cursor() -> str | None:
    try:
        import readline
    except ImportError:  # pragma: no cover - platforms without readline
        return None
    return readline.get_line_buffer()[: readline.get_endidx()]


def install_completer(completer: Completer) -> bool:
    """Bind Tab to `completer` when readline is present; False where it is missing."""
    try:
        import readline
    except ImportError:  # pragma: no cover
        return False
    readline.set_completer(completer.complete)
    readline.set_completer_delims(" ")
    if "libedit" in (readline.__doc__ or ""):  # pragma: no cover - macOS
        readline.parse_and_bind("bind ^I rl_complete")
    else:
        readline.parse_and_bind("tab: complete")
    return True


def _error(console: Console, message: str) -> None:
    console.print(Text(message, style="bold red"))


def save_game(game: RtdtGame, file: str) -> None:
    Path(file).write_text(json.dumps(game.to_json(), indent=1) + "\n", encoding="utf-8")


def load_game(file: str) -> RtdtGame:
    """A saved game; raises SaveError (with the file and the field) for anything wrong."""
    try:
        text = Path(file).read_text(encoding="utf-8")
    except OSError as exc:
        raise SaveError(file, "file", exc.strerror or str(exc)) from exc
    except UnicodeDecodeError as exc:
        raise SaveError(file, "file", "not a text file") from exc
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(file, f"line {exc.lineno}", f"not JSON: {exc.msg}") from exc
    try:
        return RtdtGame.from_json(data, file)
    except SaveError:
        raise
    except Exception as exc:  # the loader should say SaveError; never lose the session
        raise SaveError(file, "?", f"{type(exc).__name__}: {exc}") from exc


def _finish(game: RtdtGame, console: Console) -> None:
    result = game.result
    assert result is not None
    style = "bold green" if result.outcome == "win" else "bold red"
    console.print(Text(f"Game over: {result.outcome} — {result.cause}.", style=style))
    console.print(f"Game code: {game.state.config.code}")


def _ai_summary(moves: list[tuple[str, str]]) -> Text:
    """AI moves since the last screen, one line per run of moves by the same hero."""
    t = Text(style="cyan")
    last = None
    for who, action in moves:
        if who != last:
            t.append(("\n" if last is not None else "") + f"AI {who}: ", style="bold cyan")
            last = who
        else:
            t.append("; ")
        t.append(action)
    return t


def play_loop(
    game: RtdtGame,
    console: Console,
    read: Callable[[str], str] = input,
    ai: dict[int, Agent] | None = None,
    completer: Completer | None = None,
    clear_screen: bool | None = None,
) -> RtdtGame:
    """Play until the game ends, the player quits or input runs out; returns the game
    as it stands (a `load` may have replaced the one passed in).

    On a terminal the screen is redrawn in place and the AI moves made since the
    last screen are listed under it; otherwise each AI move is printed as it is made.
    """
    ai = ai or {}
    if clear_screen is None:
        clear_screen = console.is_terminal
    show = True
    ai_moves: list[tuple[str, str]] = []
    notes: list[str] = []  # said under the next screen

    def draw(seat: int | None) -> None:
        if clear_screen:
            console.clear()
        console.print(render(game, seat, width=console.width))
        if clear_screen and ai_moves:
            console.print(_ai_summary(ai_moves))
        ai_moves.clear()
        for note in notes:
            console.print(note)
        notes.clear()

    while True:
        seat = game.to_act
        if seat is None:
            draw(None)
            _finish(game, console)
            return game
        if seat in ai:
            chosen = ai[seat].act(game)
            who = f"seat {seat} ({game.world.name(game.state.heroes[seat].hero)})"
            if not clear_screen:
                console.print(Text(f"AI {who}: {chosen}", style="cyan"))
            ai_moves.append((who, str(chosen)))
            game.apply(chosen)
            show = True
            continue
        if show:
            draw(seat)
            show = False
        if completer is not None:
            completer.set(game)
        try:
            line = read(f"seat {seat}> ")
        except EOFError:
            console.print("\nGoodbye.")
            return game
        except KeyboardInterrupt:
            console.print("\nGoodbye.")
            return game
        text = line.strip()
        if not text:
            continue
        word, _, arg = text.partition(" ")
        word = word.lower()
        arg = arg.strip()
        if word in ("quit", "exit"):
            console.print("Goodbye.")
            return game
        if word in ("help", "?"):
            console.print(help_text())
            continue
        if word == "save":
            if not arg:
                _error(console, "save needs a file name: save FILE")
                continue
            try:
                save_game(game, arg)
            except OSError as exc:
                _error(console, f"could not save to {arg}: {exc.strerror or exc}")
                continue
            console.print(f"Saved to {arg}.")
            continue
        if word == "load":
            if not arg:
                _error(console, "load needs a file name: load FILE")
                continue
            try:
                loaded = load_game(arg)
            except SaveError as exc:
                _error(console, f"could not load: {exc}; the current game goes on")
                continue
            game = loaded
            notes.append(f"Loaded {arg}.")
            show = True
            continue
        if text.isdigit():
            legal = game.legal_actions()
            n = int(text)
            if not 1 <= n <= len(legal):
                _error(console, f"no action numbered {n}; choose 1-{len(legal)}")
                continue
            action: Action | str = legal[n - 1]
        else:
            action = text
        before = game.clone()
        try:
            game.apply(action)
        except IllegalAction as exc:
            _error(console, str(exc))
            continue
        except Exception as exc:  # an engine bug must not end the session or the game
            game = before
            _error(
                console,
                f"internal error on {text!r} ({type(exc).__name__}: {exc}); "
                "the game is as it was before it",
            )
            continue
        show = True


# --- the commands --------------------------------------------------------------------------


def _fail(message: str) -> typer.Exit:
    typer.secho(f"error: {message}", err=True, fg=typer.colors.RED)
    return typer.Exit(2)


def parse_heroes(text: str | None) -> list[str]:
    if not text:
        return []
    return [
        h.strip().lower().replace("-", "_").replace(" ", "_") for h in text.split(",") if h.strip()
    ]


def parse_ai(specs: Sequence[str], players: int, seed: int) -> dict[int, Agent]:
    """`SEAT=AGENT` options into agents; raises ValueError naming the bad one."""
    out: dict[int, Agent] = {}
    for spec in specs:
        for part in spec.split(","):
            seat_text, sep, name = part.strip().partition("=")
            name = name.strip().lower() if sep else "random"
            if not seat_text.strip().isdigit():
                raise ValueError(f"--ai {part!r}: expected SEAT=AGENT, like 1=random")
            seat = int(seat_text)
            if not 0 <= seat < players:
                raise ValueError(
                    f"--ai {part!r}: the seats of this game are {', '.join(map(str, range(players)))}"
                )
            out[seat] = make_agent(name, seed * 8 + seat)
    return out


def check_covenant_options(
    expansion: str,
    treasures: str,
    new_corruptions: int | None,
    only_new_corruptions: bool,
    mode: str = "cooperative",
) -> str:
    """The Covenant options checked, each error naming its option; returns the expansion
    ("covenant" or "")."""
    expansion = "" if expansion in ("", "none", "base") else expansion
    if expansion and expansion not in EXPANSIONS:
        raise ValueError(
            f"--expansion must be {' or '.join(EXPANSIONS)} (or none), not {expansion!r}"
        )
    if expansion and mode != "cooperative":  # COV-MODE-1
        raise ValueError("--expansion covenant is cooperative only; leave out --mode competitive")
    if treasures and treasures not in TREASURE_DECKS:
        raise ValueError(
            f"--treasures must be {', '.join(TREASURE_DECKS[:-1])} or {TREASURE_DECKS[-1]}, "
            f"not {treasures!r}"
        )
    most = len(get_world().content.covenant_corruptions)
    if new_corruptions is not None and not 0 <= new_corruptions <= most:
        raise ValueError(f"--new-corruptions must be 0-{most}, not {new_corruptions}")
    if only_new_corruptions and new_corruptions not in (None, most):
        raise ValueError(
            f"--only-new-corruptions plays all {most} new corruptions; "
            f"leave out --new-corruptions {new_corruptions}"
        )
    return expansion


def build_game(
    players: int | None,
    heroes: Sequence[str],
    difficulty: str,
    code: str | None,
    seed: int | None,
    mode: str = "cooperative",
    foes: Sequence[str] = (),
    adversary: str = "",
    companion: str = "",
    expansion: str = "",
    treasures: str = "",
    new_corruptions: int | None = None,
    only_new_corruptions: bool = False,
) -> RtdtGame:
    """A new game from command-line options; raises ValueError with a one-line message."""
    if difficulty not in ("heroic", "gritty"):
        raise ValueError(f"--difficulty must be heroic or gritty, not {difficulty!r}")
    if mode not in MODES:
        raise ValueError(f"--mode must be cooperative or competitive, not {mode!r}")
    expansion = check_covenant_options(
        expansion, treasures, new_corruptions, only_new_corruptions, mode
    )
    covenant: dict[str, Any] = {
        "treasures": treasures,
        "new_corruptions": new_corruptions,
        "only_new_corruptions": only_new_corruptions,
    }
    if code:
        setup = gamecode.decode(code)
        if players is not None and players != setup.players:
            raise ValueError(f"the code {code} is for {setup.players} player(s), not {players}")
        if expansion and not setup.covenant:
            raise ValueError(f"the code {code} is not a Covenant game; leave out --expansion")
        return new_game(make_config(heroes=heroes, code=code, **covenant))
    n = players if players is not None else (len(heroes) or 1)
    if not 1 <= n <= 4:
        raise ValueError(f"--players must be 1-4, not {n}")
    if mode == "competitive" and n < 2:
        raise ValueError("--mode competitive needs 2-4 players")
    if heroes and len(heroes) != n:
        raise ValueError(f"{n} player(s) need {n} hero(es), got {len(heroes)}: {', '.join(heroes)}")
    if seed is None:
        seed = random.SystemRandom().randrange(gamecode.SEED_LIMIT)
    if seed < 0:
        raise ValueError(f"--seed must be 0 or more, not {seed}")
    return new_game(
        make_config(
            players=n,
            heroes=heroes,
            difficulty=difficulty,
            seed=seed,
            mode=mode,
            foes=foes,
            adversary=adversary,
            companion=companion,
            expansion=expansion,
            **covenant,
        )
    )


def play_rtdt(
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Heroes in the game, 1-4.")
    ] = None,
    heroes: Annotated[
        str | None, typer.Option("--heroes", help="Comma-separated hero ids, seat 0 first.")
    ] = None,
    difficulty: Annotated[str, typer.Option("--difficulty", help="heroic or gritty.")] = "heroic",
    code: Annotated[
        str | None, typer.Option("--code", help="A game code XXXX-XXXX-XXXX to replay a setup.")
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed for a new game (default: random).")
    ] = None,
    ai: Annotated[
        list[str] | None,
        typer.Option(
            "--ai", help="SEAT=random: that seat (from 0) is played by the AI. Repeatable."
        ),
    ] = None,
    load: Annotated[Path | None, typer.Option("--load", help="Continue a saved game.")] = None,
    mode: Annotated[
        str, typer.Option("--mode", help="cooperative or competitive (2-4 players).")
    ] = "cooperative",
    foes: Annotated[
        str | None,
        typer.Option("--foes", help="Three foes, levels 2, 3, 4: e.g. brigands,lemures,titans."),
    ] = None,
    adversary: Annotated[
        str | None, typer.Option("--adversary", help="The adversary, e.g. ashstrider.")
    ] = None,
    companion: Annotated[
        str | None,
        typer.Option(
            "--companion", help="The main companion (its main goal is played), e.g. zaida."
        ),
    ] = None,
    expansion: ExpansionOption = None,
    treasures: TreasuresOption = None,
    new_corruptions: NewCorruptionsOption = None,
    only_new_corruptions: OnlyNewCorruptionsOption = False,
) -> None:
    """Play Return to Dark Tower (cooperative or competitive) in the terminal."""
    try:
        if load is not None:
            game = load_game(str(load))
        else:
            game = build_game(
                players,
                parse_heroes(heroes),
                difficulty.lower(),
                code,
                seed,
                mode.lower(),
                parse_heroes(foes),
                (adversary or "").lower(),
                (companion or "").lower(),
                (expansion or "").lower(),
                (treasures or "").lower(),
                new_corruptions,
                only_new_corruptions,
            )
        agents = parse_ai(ai or [], game.state.config.players, game.state.config.seed)
    except (ValueError, SaveError) as exc:
        raise _fail(str(exc)) from None
    console = Console(highlight=False)
    completer = Completer()
    if not sys.stdin.isatty() or not install_completer(completer):
        play_loop(game, console, input, agents)
    else:
        play_loop(game, console, input, agents, completer)


def simulate(
    games: int,
    players: int,
    agent: str,
    seed: int,
    difficulty: str,
    mode: str = "cooperative",
    expansion: str = "",
    treasures: str = "",
    new_corruptions: int | None = None,
    only_new_corruptions: bool = False,
) -> dict[str, Any]:
    """Play `games` games (game i from seed + i) and gather the figures. In competitive
    mode the winners are counted by seat, overall and by cause."""
    options: dict[str, Any] = {
        "players": players,
        "difficulty": difficulty,
        "mode": mode,
        "expansion": expansion,
        "treasures": treasures,
        "new_corruptions": new_corruptions,
        "only_new_corruptions": only_new_corruptions,
    }
    first = make_config(seed=seed, **options)  # what the options come to (the defaults)
    results: dict[str, dict[str, int]] = {"loss": {}, "win": {}}
    wins_by_seat: dict[str, int] = {str(s): 0 for s in range(players)}
    winners_by_cause: dict[str, dict[str, int]] = {}
    errors: list[dict[str, Any]] = []
    decisions = 0
    turns: list[int] = []
    started = time.perf_counter()
    for i in range(games):
        game_seed = seed + i
        n = 0
        try:
            game = new_game(make_config(seed=game_seed, **options))
            agents = [make_agent(agent, game_seed * 8 + s) for s in range(players)]
            while True:
                to_act = game.to_act
                if to_act is None:
                    break
                game.apply(agents[to_act].act(game))
                n += 1
                if n >= MAX_DECISIONS:
                    raise RuntimeError(f"no end after {n} decisions")
            result = game.result
            assert result is not None
            by_cause = results.setdefault(result.outcome, {})
            by_cause[result.cause] = by_cause.get(result.cause, 0) + 1
            if mode == "competitive" and result.outcome == "win":
                seats = winners_by_cause.setdefault(result.cause, {})
                for seat in result.winners:
                    wins_by_seat[str(seat)] = wins_by_seat.get(str(seat), 0) + 1
                    seats[str(seat)] = seats.get(str(seat), 0) + 1
            turns.append(game.state.turn_number)
        except Exception as exc:  # one broken game must not stop the run
            errors.append({"seed": game_seed, "error": f"{type(exc).__name__}: {exc}"})
        decisions += n
    elapsed = max(time.perf_counter() - started, 1e-9)
    report: dict[str, Any] = {
        "game": "rtdt",
        "games": games,
        "players": players,
        "agent": agent,
        "difficulty": difficulty,
        "mode": mode,
        "expansion": first.expansion or None,
        "treasures": first.treasures,
        "new_corruptions": first.new_corruptions,
        "only_new_corruptions": not first.base_corruptions,
        "seed": seed,
        "results": results,
        "decisions": decisions,
        "decisions_per_second": round(decisions / elapsed, 1),
        "games_per_second": round(games / elapsed, 2),
        "mean_turns": round(sum(turns) / len(turns), 2) if turns else None,
        "errors": errors,
    }
    if mode == "competitive":
        report["wins_by_seat"] = wins_by_seat
        report["winners_by_cause"] = winners_by_cause
    return report


def sim_rtdt(
    games: Annotated[int, typer.Option("--games", "-n", help="Games to play.")] = 100,
    players: Annotated[int, typer.Option("--players", "-p", help="Heroes per game, 1-4.")] = 1,
    agent: Annotated[
        str, typer.Option("--agent", help="Who plays every seat: random or heuristic.")
    ] = "random",
    seed: Annotated[int, typer.Option("--seed", help="Game i uses seed S+i.")] = 0,
    difficulty: Annotated[str, typer.Option("--difficulty", help="heroic or gritty.")] = "heroic",
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    mode: Annotated[
        str, typer.Option("--mode", help="cooperative or competitive (2-4 players).")
    ] = "cooperative",
    expansion: ExpansionOption = None,
    treasures: TreasuresOption = None,
    new_corruptions: NewCorruptionsOption = None,
    only_new_corruptions: OnlyNewCorruptionsOption = False,
) -> None:
    """Play many Return to Dark Tower games with AI seats and report the results."""
    difficulty = difficulty.lower()
    if games < 1:
        raise _fail(f"--games must be 1 or more, not {games}")
    if not 1 <= players <= 4:
        raise _fail(f"--players must be 1-4, not {players}")
    if agent not in AGENTS:
        raise _fail(f"unknown agent {agent!r}; agents: {', '.join(AGENTS)}")
    if difficulty not in ("heroic", "gritty"):
        raise _fail(f"--difficulty must be heroic or gritty, not {difficulty!r}")
    if seed < 0:
        raise _fail(f"--seed must be 0 or more, not {seed}")
    mode = mode.lower()
    if mode not in MODES:
        raise _fail(f"--mode must be cooperative or competitive, not {mode!r}")
    if mode == "competitive" and players < 2:
        raise _fail("--mode competitive needs 2-4 players")
    treasures = (treasures or "").lower()
    try:
        expansion = check_covenant_options(
            (expansion or "").lower(), treasures, new_corruptions, only_new_corruptions, mode
        )
        report = simulate(
            games,
            players,
            agent,
            seed,
            difficulty,
            mode,
            expansion,
            treasures,
            new_corruptions,
            only_new_corruptions,
        )
    except ValueError as exc:
        raise _fail(str(exc)) from None
    if as_json:
        typer.echo(json.dumps(report))
        return
    console = Console(highlight=False)
    title = f"rtdt: {games} game(s), {players} player(s), {agent}, {difficulty}, {mode}"
    if report["expansion"]:
        title += f", {report['expansion']} ({report['treasures']} treasures)"
    table = Table(title=title)
    table.add_column("outcome")
    table.add_column("cause")
    table.add_column("games", justify="right")
    for outcome, causes in report["results"].items():
        for cause, count in sorted(causes.items(), key=lambda kv: -kv[1]):
            table.add_row(outcome, cause, str(count))
    if report["errors"]:
        table.add_row("error", "(see below)", str(len(report["errors"])), style="red")
    console.print(table)
    if mode == "competitive":
        wins = " · ".join(f"seat {s} {n}" for s, n in report["wins_by_seat"].items())
        console.print(f"wins by seat: {wins}")
    console.print(
        f"{report['decisions']} decisions · {report['decisions_per_second']:.0f} decisions/s · "
        f"{report['games_per_second']:.1f} games/s · mean turns {report['mean_turns']}"
    )
    for err in report["errors"][:10]:
        console.print(Text(f"seed {err['seed']}: {err['error']}", style="red"))
