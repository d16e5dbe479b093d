"""The map of the land in text: the 60 spaces where the browser draws them (rtdt/board_view.py,
the same positions), each by its short name with what stands there; and `info SPACE`.

A short name is the printed name when it fits in 11 letters ("Fivepint", "Egan's End"), else
its first word and the initials of the others ("Radiant M", "Pearl N"): `short_names` gives
every one, and tests list them. The whole board needs about 110 columns; a narrower screen
shows one kingdom and the spaces next to it (`map north`, ... pans; `map all` forces the
whole board). Colours: the name's terrain, your hero's space reversed, the spaces you can
move to now underlined in green (from the legal actions, never worked out here).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from towerplay.cli import rtdt_words as words
from towerplay.cli.lang import N_, _
from towerplay.rtdt.board_view import board_view
from towerplay.rtdt.game import RtdtGame

KINGDOMS = ("north", "east", "south", "west")
SHORT = 11  # the longest short name
WHOLE = 108  # from this width the whole board is drawn at once
TALL = 38  # ... and from this height (the board's 32 lines, its title, its key, the prompt)
TERRAIN_STYLES = {
    "mountains": "bright_white",
    "hills": "magenta",
    "forest": "green",
    "grasslands": "bright_green",
    "desert": "yellow",
    "lake": "cyan",
}
TERRAINS = (  # the terrains in words (the catalog)
    N_("mountains"),
    N_("hills"),
    N_("forest"),
    N_("grasslands"),
    N_("desert"),
    N_("lake"),
)
BUILDING_LETTERS = {"citadel": "C", "sanctuary": "S", "village": "V", "bazaar": "B"}
MAP_KEY = N_(
    "[bold]Map[/]: C S V B a building and its skulls (C2; cx destroyed), F1 a foundation and its offerings, M a monument, W a wasteland, @0 a hero and their seat, !2 foe "
    "tokens, A the adversary, D a dungeon, ★◆▲ a quest, T one of your trials; [underline green]underlined[/] you can "
    "move there now, [reverse]reversed[/] you are there; the colour of a name is its terrain "
    "(mountains, [magenta]hills[/], [green]forest[/], [bright_green]grasslands[/], "
    "[yellow]desert[/], [cyan]lake[/]). info SPACE tells a space; map KINGDOM or map all pans."
)


def short_name(name: str) -> str:
    """A space's name in at most 11 letters: whole when it fits, else its first word and the
    initials of the rest ("The" and "of" left out)."""
    if name.startswith("The "):
        name = name[4:]
    if len(name) <= SHORT:
        return name
    parts = [p for p in name.split() if p.lower() not in ("of", "the")]
    return (parts[0] + " " + "".join(p[0] for p in parts[1:]))[:SHORT].rstrip()


@cache
def short_names() -> dict[str, str]:
    """Every space's short name, by id (unique: the tests check it)."""
    return {sp["id"]: short_name(sp["name"]) for sp in board_view()["spaces"]}


@cache
def _spaces() -> dict[str, dict[str, Any]]:
    return {sp["id"]: sp for sp in board_view()["spaces"]}


@cache
def _neighbours() -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for a, b in board_view()["edges"]:
        out.setdefault(a, set()).add(b)
        out.setdefault(b, set()).add(a)
    return out


def marks(view: dict[str, Any]) -> dict[str, list[tuple[str, str]]]:
    """What stands on each space, as short marks with their styles: the building and its
    skulls (a Covenant foundation and its offerings, a monument), a wasteland, heroes, foe
    tokens, the adversary, a dungeon, quests."""
    out: dict[str, list[tuple[str, str]]] = {}
    cov = words.covenant(view)
    sites = {x["space"]: x for x in cov["sites"]} if cov else {}
    for k in KINGDOMS:
        for space, b in view["kingdoms"][k]["buildings"].items():
            out.setdefault(space, []).append(_building(b, sites.get(space)))
    for space, site in sites.items():  # a monument built away from its building's space
        if space not in out and site["status"] == "built":
            out[space] = [("M", "green")]
    for space in cov["wastelands"] if cov else ():
        out.setdefault(space, []).append(("W", "dark_orange"))
    for h in view["heroes"]:
        out.setdefault(h["space"], []).append((f"@{h['seat']}", "bold yellow"))
    for space, n in words.by_space(sp for _foe, sp in view["foe_tokens"]).items():
        out.setdefault(space, []).append((f"!{n}", "bold red"))
    adversary = view["adversary"]
    if adversary and adversary.get("space"):
        out.setdefault(adversary["space"], []).append(("A", "bold red"))
    for space in view["dungeons"]:
        out.setdefault(space, []).append(("D", "cyan"))
    for q in view["quests"]:
        if q.get("space"):
            mark = words.quest_mark(q["kind"])
            out.setdefault(q["space"], []).append((mark.plain, str(mark.style)))
    return out


def trial_marks(game: RtdtGame, view: dict[str, Any], seat: int) -> dict[str, str]:
    """Competitive mode: where the seat's own trials still to do are completed, by space
    (their names; the other seats' trials are face down). What the trials panel reads."""
    if not 0 <= seat < len(view["heroes"]):
        return {}
    own = view["heroes"][seat].get("trials")
    trials = game.world.content.trials
    return {trials[t].space: trials[t].name for t in own or () if t in trials}


def _building(b: dict[str, Any], site: dict[str, Any] | None) -> tuple[str, str]:
    """C2 (a citadel with two skulls), cx (destroyed), F1 (a foundation with one offering
    of three), M1 (a monument with one skull)."""
    skulls = b.get("skulls") or 0
    if site is not None and site["status"] == "foundation":
        return f"F{site['offerings']}", "yellow"
    letter = "M" if site is not None else BUILDING_LETTERS.get(b["type"], "?")
    if not b["standing"] or (site is not None and site["status"] != "built"):
        return letter.lower() + "x", "dim strike"
    return f"{letter}{skulls}", "bold red" if skulls >= 3 else "bold" if skulls else ""


def reachable(game: RtdtGame, seat: int) -> set[str]:
    """The spaces a `move` action of this seat's lists now (the engine's answer)."""
    if game.to_act != seat:
        return set()
    return {a[1] for a in game.legal_actions() if a[0] == "move" and len(a) == 2}


class _Grid:
    """Rows of cells, each a character and its style; labels placed where they do not touch."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.cells: list[list[tuple[str, str]]] = [[(" ", "")] * width for _ in range(height)]
        self.taken = [[False] * width for _ in range(height)]

    def free(self, row: int, col: int, n: int) -> bool:
        if row < 0 or row >= self.height or col < 0 or col + n > self.width:
            return False
        lo, hi = max(0, col - 1), min(self.width, col + n + 1)  # a blank on each side
        return not any(self.taken[row][lo:hi])

    def put(self, row: int, col: int, parts: Iterable[tuple[str, str]]) -> None:
        for text, style in parts:
            for ch in text:
                self.cells[row][col] = (ch, style)
                self.taken[row][col] = True
                col += 1

    def place(self, row: int, col: int, parts: list[tuple[str, str]]) -> bool:
        """At (row, col) or the nearest free place around it; False when none is near."""
        n = sum(len(t) for t, _s in parts)
        col = min(max(col, 0), max(self.width - n, 0))
        for dr in (0, 1, -1, 2, -2):
            for dc in (0, 2, -2, 4, -4, 6, -6, 9, -9, 12, -12):
                if self.free(row + dr, col + dc, n):
                    self.put(row + dr, col + dc, parts)
                    return True
        return False

    def text(self) -> Text:
        out = Text()
        for i, row in enumerate(self.cells):
            if i:
                out.append("\n")
            line = "".join(ch for ch, _s in row).rstrip()
            run, style = "", ""
            for ch, st in row[: len(line)]:  # one span for each run of one style
                if st != style and run:
                    out.append(run, style=style or None)
                    run = ""
                run, style = run + ch, st
            out.append(run, style=style or None)
        return out


def _label(
    name: str, terrain: str, here: bool, reach: bool, marks: list[tuple[str, str]]
) -> list[tuple[str, str]]:
    style = TERRAIN_STYLES.get(terrain, "")
    if reach:
        style = "bold underline green"
    if here:
        style += " reverse"
    if not marks:
        return [(name, style)]
    return [(name, style), (" ", "")] + [(m, s) for m, s in marks]


def draw(game: RtdtGame, seat: int, width: int, kingdom: str | None = None) -> Text:
    """The board (or one kingdom and its neighbours) drawn in `width` columns."""
    view = game.observe(seat)
    spaces = _spaces()
    shown = list(spaces)
    if kingdom is not None:
        near = _neighbours()
        own = [s for s in shown if spaces[s]["kingdom"] == kingdom]
        shown = sorted({*own, *(n for s in own for n in near[s])}, key=list(spaces).index)
    here = view["heroes"][seat]["space"] if 0 <= seat < len(view["heroes"]) else None
    reach = reachable(game, seat)
    on = marks(view)
    for space in trial_marks(game, view, seat):
        on.setdefault(space, []).append(("T", "bold cyan"))
    names = short_names()
    labels = {
        s: _label(names[s], spaces[s]["terrain"], s == here, s in reach, on.get(s, []))
        for s in shown
    }
    xs = [spaces[s]["x"] for s in shown]
    ys = [spaces[s]["y"] for s in shown]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    height = max(12, min(32, len(shown) // 2 + 4))
    grid = _Grid(width, height)
    inner = width - 2 * SHORT  # a label is centred on its space
    if kingdom is None:
        mid_row, mid_col = height // 2, width // 2
        grid.place(mid_row, mid_col - 3, [("TOWER", "bold")])
    for s in sorted(shown, key=lambda s: (spaces[s]["y"], spaces[s]["x"])):
        row = round((spaces[s]["y"] - y0) / ((y1 - y0) or 1) * (height - 1))
        n = sum(len(t) for t, _s in labels[s])
        col = SHORT + round((spaces[s]["x"] - x0) / ((x1 - x0) or 1) * inner) - n // 2
        if not grid.place(row, col, labels[s]):
            grid.height += 1  # a row more at the bottom rather than a label lost
            grid.cells.append([(" ", "")] * width)
            grid.taken.append([False] * width)
            grid.put(grid.height - 1, min(max(col, 0), width - n), labels[s])
    return grid.text()


def map_view(
    game: RtdtGame, seat: int, width: int, arg: str = "", height: int | None = None
) -> RenderableType | None:
    """What `map [KINGDOM|all]` shows: the whole board where it fits (`WHOLE` columns and
    `TALL` lines), else the kingdom your hero stands in; None for an argument that names
    no kingdom."""
    arg = arg.strip().lower()
    by_word = {k: k for k in KINGDOMS} | {_(k).lower(): k for k in KINGDOMS}
    if arg and arg not in by_word and arg not in ("all", _("all")):
        return None
    view = game.observe(seat)
    kingdom: str | None = by_word.get(arg)
    if not arg and (width < WHOLE or (height is not None and height < TALL)):
        here = view["heroes"][seat]["space"] if 0 <= seat < len(view["heroes"]) else None
        kingdom = _spaces()[here]["kingdom"] if here else "north"
    title = Text(
        _("The whole land")
        if kingdom is None
        else _("The {kingdom} and its neighbours").format(kingdom=_(kingdom)),
        style="bold",
    )
    return Group(title, draw(game, seat, width, kingdom), Text.from_markup(_(MAP_KEY)))


def find_space(game: RtdtGame, name: str) -> str | None:
    """The space called `name`: its id, printed name or short name, any case."""
    key = " ".join(name.lower().replace("_", " ").split())
    for sp in board_view()["spaces"]:
        if key in (sp["id"].replace("_", " "), sp["name"].lower(), short_names()[sp["id"]].lower()):
            return str(sp["id"])
    return None


def space_info(game: RtdtGame, seat: int, name: str) -> RenderableType | None:
    """`info SPACE`: the space's kingdom, terrain, building and skulls, the Tower or a river
    beside it, its neighbours, and what stands there now (as this seat sees it)."""
    space = find_space(game, name)
    if space is None:
        return None
    sp = _spaces()[space]
    view = game.observe(seat)
    names = {s: x["name"] for s, x in _spaces().items()}
    lines = [Text(sp["name"], style="bold")]
    lines.append(
        Text(
            _("{terrain} in the {kingdom}").format(
                terrain=_(sp["terrain"]), kingdom=_(sp["kingdom"])
            )
        )
    )
    b = view["buildings"].get(space)
    if b is not None:
        state = (
            _("destroyed")
            if not b["standing"]
            else _("{n} of {cap} skulls").format(n=b["skulls"], cap=b["capacity"])
        )
        lines.append(Text(_("Building: {kind} ({state})").format(kind=_(b["type"]), state=state)))
    if sp["tower_adjacent"]:
        lines.append(Text(_("Next to the Tower.")))
    rivers = sorted(names[o] for r in board_view()["rivers"] if space in r for o in r if o != space)
    if rivers:
        lines.append(Text(_("Across a river: {spaces}").format(spaces=", ".join(rivers))))
    near = sorted(names[n] for n in _neighbours()[space])
    lines.append(Text(_("Neighbours: {spaces}").format(spaces=", ".join(near))))
    there = _standing(game, view, space)
    lines.append(
        Text(_("Here now: {what}").format(what="; ".join(there) if there else _("no one")))
    )
    return Group(*lines)


def _standing(game: RtdtGame, view: dict[str, Any], space: str) -> list[str]:
    out = [h["name"] for h in view["heroes"] if h["space"] == space]
    foes = [f for f, sp in view["foe_tokens"] if sp == space]
    if foes:
        out.append(words.counted(game, foes))
    adversary = view["adversary"]
    if adversary and adversary.get("space") == space:
        out.append(adversary["name"])
    if space in view["dungeons"]:
        out.append(words.dungeon_name(game, space, view["dungeons"][space]["type"]))
    out += [
        _("quest: {name}").format(name=q["name"]) for q in view["quests"] if q.get("space") == space
    ]
    return out
