"""The board part of the Return to Dark Tower screen: the header, the four kingdoms side by
side with what stands in each, and the lines about the world (skulls, market, foes)."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from towerplay.cli import rtdt_words as words
from towerplay.cli.lang import N_, _
from towerplay.rtdt.game import RtdtGame

KINGDOMS = ("north", "east", "south", "west")
KINGDOM_WORDS = (N_("north"), N_("east"), N_("south"), N_("west"), N_("doom"))  # in words
BUILDING_TYPES = ("citadel", "sanctuary", "village", "bazaar")
LABEL_WIDTH = 9  # "Sanctuary": the label column of a kingdom panel
SCREEN_WIDTH = 100
FOUR_ACROSS = 112  # from this width the four kingdoms stand in one row, labels by initial
SHORT_LABELS = {"citadel": "C", "sanctuary": "S", "village": "V", "bazaar": "B"}


def _moved_away(game: RtdtGame, view: dict[str, Any]) -> set[str]:
    """Board building spaces a completed monument has walked away from (the Colossus of
    Björn, COV-CLARIFY-10): nothing stands there any more, nothing was destroyed."""
    cov = words.covenant(view)
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


def header(game: RtdtGame, view: dict[str, Any], compact: bool = False) -> Text:
    """The month and turn, the mode and the game code (`compact`: the month, turn and code)."""
    cfg = view["config"]
    t = Text()
    if compact:
        t.append(
            _("Month {month}/{months} · turn {turn}").format(
                month=view["month"], months=view["months"], turn=view["turn_in_month"]
            ),
            "bold",
        )
        t.append(_(" · code {code}").format(code=view["code"]), style="dim")
        return t
    t.append(
        _("Month {month} of {months}").format(month=view["month"], months=view["months"]),
        style="bold",
    )
    t.append(
        _(" · turn {turn} (about {average} a month)").format(
            turn=view["turn_in_month"], average=view["average_turns_per_month"]
        )
    )
    t.append(
        _("   Return to Dark Tower · {mode} · {difficulty} · code {code}").format(
            mode=_(cfg["mode"]), difficulty=_(cfg["difficulty"]), code=view["code"]
        ),
        style="dim",
    )
    return t


def _height(renderable: RenderableType, width: int) -> int:
    """The lines `renderable` takes at `width` (to give panels side by side one height)."""
    measure = Console(width=width, file=io.StringIO(), color_system=None, highlight=False)
    return len(measure.render_lines(renderable, measure.options.update_width(width), pad=False))


class _Rows(Table):
    """A label-and-value grid whose labels go when the panel is narrow (`short`)."""

    short = False

    def add_row(self, *cells: Any, **kw: Any) -> None:
        super().add_row(*cells[1:] if self.short else cells, **kw)


def _markers(
    game: RtdtGame, view: dict[str, Any], k: str, avail: int, short: bool = False
) -> Table | None:
    """What stands in kingdom `k` besides buildings and heroes: foes, the adversary,
    quest markers, dungeons and siege trees (`short`: without their labels)."""
    board = game.world.board

    def here(sp: str | None) -> bool:
        return sp is not None and board.kingdom_of.get(sp) == k

    grid = _Rows(
        box=None,
        padding=(0, 1),
        show_header=False,
        show_edge=False,
        pad_edge=False,
        collapse_padding=True,
    )
    grid.short = short
    if not short:
        grid.add_column(no_wrap=True, style="dim", min_width=LABEL_WIDTH)
    grid.add_column()
    cov = words.covenant(view)
    if cov:
        _covenant_markers(game, view, cov, grid, here, avail)
    foes = Text()
    for foe in view["foes"].values():
        spaces = words.by_space(s for s in foe["on_board"] if here(s))
        if not spaces:
            continue
        if foes:
            foes.append("\n")
        foes.append(foe["name"], style=words.STATUS_STYLES.get(foe["status"] or "", ""))
        total = sum(spaces.values())
        foes.append(f" ×{total}" if total > 1 else "")
        many = len(spaces) > 1
        where = [
            words.space(game, sp) + (f" ×{n}" if many and n > 1 else "") for sp, n in spaces.items()
        ]
        words.at(foes, ", ".join(where), avail)
    if foes:
        grid.add_row(_("Foes"), foes)
    adv = view["adversary"]
    if here(adv["space"]):
        who = Text(game.world.name(adv["id"]), style="bold red")
        grid.add_row(_("Adversary"), words.at(who, words.space(game, adv["space"]), avail))
    for q in view["quests"]:
        if here(q["space"]):
            t = words.quest_mark(q["kind"]).append(" ", style="")
            t.append(q["name"], style="bold" if q["kind"] == "main_goal" else "")
            t.append(f" {q['stage']}/{q['stages']}")
            words.at(t, words.space(game, q["space"]), avail)
            grid.add_row(_("Quest"), t)
    for sp, d in view["dungeons"].items():
        if here(sp):
            t = Text(_(d["type"]).title())  # then rooms cleared, like a quest's stage
            t.append(f" {sum(d['cleared'])}/{len(d['cleared'])}")
            words.at(t, words.space(game, sp), avail)
            grid.add_row(_("Dungeon"), t)
    trees = words.by_space(sp for sp in view["siege_trees"] if here(sp))
    if trees:
        text = ", ".join(
            words.space(game, sp) + (f" ×{n}" if n > 1 else "") for sp, n in trees.items()
        )
        grid.add_row(_("Trees"), Text(text, style="green"))
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
            t.append(" · " + _("foundation"), style="yellow")
        elif status == "built":
            t.append(" · " + _("built"), style="green")
        else:
            t.stylize("strike dim")
            t.append(" · " + _("destroyed"), style="red")
        grid.add_row(_("Monument"), t)
    wastes = [sp for sp in cov["wastelands"] if here(sp)]
    if wastes:
        text = ", ".join(words.space(game, sp) for sp in wastes)
        grid.add_row(_("Wasteland"), Text(text, style="dark_orange"))
    guarded = words.by_space(sp for sp in cov["protections"] if here(sp))
    if guarded:
        text = ", ".join(
            words.space(game, sp) + (f" ×{n}" if n > 1 else "") for sp, n in guarded.items()
        )
        grid.add_row(_("Protected"), Text(text, style="cyan"))
    foe, space = words.quarry(game, view)
    if foe and here(space):
        grid.add_row(
            _("Quarry"),
            words.at(Text(game.world.name(foe), style="bold"), words.space(game, space), avail),
        )


def _kingdom_body(
    game: RtdtGame, view: dict[str, Any], k: str, inner: int, short: bool = False
) -> Group:
    """What stands in kingdom `k`: its buildings with their skulls, foes and markers, heroes;
    `short` labels the buildings by initial (C citadel, S sanctuary, V village, B bazaar)."""
    w = game.world
    board = w.board
    info = view["kingdoms"][k]
    heroes = view["heroes"]
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True, style="dim", min_width=1 if short else LABEL_WIDTH)
    grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True)
    cov = words.covenant(view)
    sites = {x["space"]: x for x in cov["sites"]} if cov else {}
    doom = cov["doom"] if cov else {}
    most = cov["max_offerings"] if cov else 0  # offerings a foundation holds
    left = _moved_away(game, view)
    order = {t: i for i, t in enumerate(BUILDING_TYPES)}
    rows = sorted(
        ((sp, b) for sp, b in info["buildings"].items() if sp not in left),
        key=lambda row: order.get(row[1]["type"], len(order)),
    )
    for sp, b in rows:
        btype = b["type"]
        kind = w.content.buildings.get(btype)
        label = _(kind.name if kind is not None else btype.title())
        if short:
            label = SHORT_LABELS.get(btype, label[:1])
        name = Text(board.names.get(sp, sp))
        site = sites.get(sp)
        if site is not None and site["status"] == "foundation":
            n = site["offerings"]
            status = Text(
                _("foundation {n}/{most}").format(n=n, most=most),
                style="bold yellow" if n >= most else "yellow",
            )
            grid.add_row(label, name, status)
        elif b["standing"]:
            if site is not None:
                name.stylize("bold")
            grid.add_row(label, name, words.building_skulls(b["skulls"] or 0, doom.get(sp, 0)))
        else:
            name.stylize("strike dim")
            grid.add_row(label, name, Text(_("destroyed"), style="red"))
    here = Text()
    for seat in info["heroes"]:
        h = heroes[seat]
        if here:
            here.append("\n")
        here.append(f"{w.name(h['hero'])} ({seat})", style="cyan")
        here.append(f" @ {board.names.get(h['space'], h['space'])}")
    if not here:
        here.append(_("no heroes here"), style="dim")
    markers = _markers(game, view, k, inner - (0 if short else LABEL_WIDTH + 1), short)
    return Group(grid, markers, here) if markers is not None else Group(grid, here)


def _kingdom_panel(
    game: RtdtGame,
    view: dict[str, Any],
    k: str,
    body: Group,
    height: int | None,
    short: bool = False,
) -> Panel:
    w = game.world
    info = view["kingdoms"][k]
    heroes = view["heroes"]
    title = Text(_(k).title(), style="bold")
    if not short:
        title.append(f" · {w.content.kingdoms[k].name}")
    if info["dormant"]:
        title.append(" · " + _("dormant"), style="dim italic")
    else:
        home = heroes[info["home_of"]]
        title.append(f" · {w.name(home['hero'])} ({home['seat']})", style="cyan")
    glyphs = info["glyphs_facing"]
    shown = ", ".join(_(g) for g in glyphs)  # a glyph is a word of the catalog
    subtitle = Text(_("glyphs: ") + shown, style="magenta") if glyphs else None
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


def kingdoms(game: RtdtGame, view: dict[str, Any], width: int = SCREEN_WIDTH) -> Table:
    """The four kingdoms as panels, in one row from FOUR_ACROSS columns (buildings by
    initial), else two by two; the panels of a row share one height."""
    present = [k for k in KINGDOMS if k in view["kingdoms"]]
    across = 4 if width >= FOUR_ACROSS else 2
    grid = Table.grid(expand=True)
    for _col in range(across):
        grid.add_column(ratio=1)
    inner = max(10, width // across - 4)
    for i in range(0, len(present), across):
        row = present[i : i + across]
        bodies = [_kingdom_body(game, view, k, inner, short=across == 4) for k in row]
        height = max(_height(b, inner) for b in bodies) + 2
        grid.add_row(
            *(
                _kingdom_panel(game, view, k, b, height, across == 4)
                for k, b in zip(row, bodies, strict=True)
            )
        )
    return grid


def kingdom_lines(game: RtdtGame, view: dict[str, Any], compact: bool = False) -> Table:
    """The compact board, a row a kingdom: its buildings by initial with their skulls (doom
    ones counted), a Covenant monument's site by its own (F: a foundation with its
    offerings, M: a monument), then its wastelands, heroes, foes and quests (`compact`:
    without the buildings' names)."""
    w = game.world
    present = [k for k in KINGDOMS if k in view["kingdoms"]]
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True, style="bold")
    grid.add_column()
    order = {t: i for i, t in enumerate(BUILDING_TYPES)}
    cov = words.covenant(view)
    sites = {x["space"]: x for x in cov["sites"]} if cov else {}
    doom = cov["doom"] if cov else {}
    left = _moved_away(game, view)
    for k in present:
        info = view["kingdoms"][k]
        t = Text()
        rows = sorted(
            ((sp, b) for sp, b in info["buildings"].items() if sp not in left),
            key=lambda r: order.get(r[1]["type"], 9),
        )
        for sp, b in rows:
            if t:
                t.append(" ")
            site = sites.get(sp)
            if site is not None:
                t.append_text(_site(game, site, cov, compact))
                if site["status"] == "built" and b["standing"]:
                    t.append_text(words.building_skulls(b["skulls"] or 0, doom.get(sp, 0)))
                continue
            t.append(SHORT_LABELS.get(b["type"], "?") + ("" if compact else " "), style="dim")
            name = Text("" if compact else w.board.names.get(sp, sp))
            if not b["standing"]:
                name = Text("✗" if compact else name.plain, style="strike dim")
            t.append_text(name)
            if b["standing"] and (b["skulls"] or compact):
                t.append("" if compact else " ")
                t.append_text(words.building_skulls(b["skulls"] or 0, doom.get(sp, 0)))
        wastes = [sp for sp in cov["wastelands"] if w.board.kingdom_of.get(sp) == k] if cov else []
        if wastes:
            said = _("wasteland ×{n}").format(n=len(wastes)) if compact else _("wasteland") + " "
            t.append(" · " + said, style="dark_orange")
            if not compact:
                t.append(", ".join(words.space(game, sp) for sp in wastes), style="dark_orange")
        for seat in info["heroes"]:
            h = view["heroes"][seat]
            t.append(
                f" · {w.name(h['hero'])} ({seat}) @ {words.space(game, h['space'])}", style="cyan"
            )
        for foe in view["foes"].values():
            n = sum(1 for sp in foe["on_board"] if w.board.kingdom_of.get(sp) == k)
            if n:
                t.append(f" · {foe['name']}" + (f" ×{n}" if n > 1 else ""), style="red")
        for q in view["quests"]:
            if q["space"] and w.board.kingdom_of.get(q["space"]) == k:
                t.append(" · ")
                t.append_text(words.quest_mark(q["kind"]))
                t.append(f" {words.space(game, q['space'])}")
        grid.add_row(_(k).title(), t)
    return grid


def _site(game: RtdtGame, site: dict[str, Any], cov: Any, compact: bool) -> Text:
    """A monument's site on the compact board: F and its offerings for a foundation ("F Arch
    of the Golden Sun 1/3"), M for a monument built, struck through once destroyed."""
    name = "" if compact else " " + (site.get("name") or game.world.name(site["monument"]))
    if site["status"] == "foundation":
        t = Text(_("F"), style="yellow")
        t.append(name)
        gap = "" if compact else " "
        t.append(f"{gap}{site['offerings']}/{cov['max_offerings']}", style="yellow")
        return t
    t = Text(_("M"), style="green")
    t.append(name + ("" if compact else " "))
    if site["status"] != "built":
        t.stylize("strike dim")
    return t


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
            _("L{level}").format(level=foe["level"]),
            words.traits(foe["traits"]),
            words.status_text(foe["status"]),
            _(foe["strike"]) if foe["strike"] else "",  # the content's text, worded (rtdt_cards.po)
        )
    return grid


def _adversary(game: RtdtGame, view: dict[str, Any]) -> Text:
    adv = view["adversary"]
    info = game.world.content.adversaries.get(adv["id"])
    t = Text(game.world.name(adv["id"]), style="bold red")
    if info is not None:
        t.append(f" ({words.traits(info.traits)})", style="dim")
    if adv["space"]:
        t.append(f" @ {words.space(game, adv['space'])}", style="bold")
    elif words.competitive(view):  # competitive mode has no main goal
        t.append(" · " + _("inside the Tower"), style="dim")
    else:
        t.append(" · " + _("inside the Tower until the main goal is done"), style="dim")
    return t


def world_lines(game: RtdtGame, view: dict[str, Any], compact: bool = False) -> Table:
    """Skulls, doom, the market, the gear piles, the foes and the adversary; `compact`
    leaves out the foes' strikes and puts the gear on one line."""
    w = game.world
    sk = view["skulls"]
    skulls = Text()
    skulls.append(
        _("supply {n}").format(n=sk["supply"]), style="bold red" if sk["supply"] <= 3 else "bold"
    )
    skulls.append(
        _(" · removed {removed} · inside the Tower {inside}").format(
            removed=sk["removed"], inside=sk["inside_tower"]
        )
    )
    skulls.append(_(" · seals on {n} of 12").format(n=len(view["tower"]["seals"])))
    if sk["emerged_to_place"]:
        to_place = ", ".join(words.emerged(e) for e in sk["emerged_to_place"])
        skulls.append(_(" · to place: ") + to_place, style="yellow")
    market = Text(" · ".join(w.name(t) for t in view["market"]) or "—")
    market.append(_("  (deck {n})").format(n=view["decks"]["treasures"]), style="dim")
    piles = [
        Text(f"{w.name(g)} {n}", style="" if n else "dim") for g, n in view["gear_piles"].items()
    ]
    gear: RenderableType
    if compact:
        gear = Text(" · ").join(piles)
    else:
        gear = Table.grid(padding=(0, 3))
        for _col in range(3):
            gear.add_column(no_wrap=True)
        for i in range(0, len(piles), 3):
            row = piles[i : i + 3]
            gear.add_row(*row, *[Text("")] * (3 - len(row)))
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    grid.add_row(_("Skulls"), skulls)
    cov = words.covenant(view)
    if cov and view["config"]["expansion"] == "covenant":
        on_buildings = sum(cov["doom"].values())
        doom = Text(_("supply {n}").format(n=cov["doom_supply"]), style="bold magenta")
        doom.append(
            _(" · inside the Tower {inside} · on buildings {on} · removed {removed}").format(
                inside=cov["doom_inside_tower"], on=on_buildings, removed=cov["doom_removed"]
            )
        )
        grid.add_row(_("Doom"), doom)
    grid.add_row(_("Market"), market)
    grid.add_row(_("Gear"), gear)
    if compact:
        foes = Text(" · ").join(
            Text(
                f"{f['name']} " + _("L{level}").format(level=f["level"]),
                style=words.STATUS_STYLES.get(f["status"] or "", ""),
            )
            for f in view["foes"].values()
        )
        grid.add_row(_("Foes"), foes)
    else:
        grid.add_row(_("Foes"), _foes(game, view))
    grid.add_row(_("Adversary"), _adversary(game, view))
    if view["fire_rivers"]:
        rivers = ", ".join(
            f"{words.space(game, a)}–{words.space(game, b)}" for a, b in view["fire_rivers"]
        )
        grid.add_row(_("Fire"), Text(_("rivers of fire: ") + rivers, style="dark_orange"))
    return grid
