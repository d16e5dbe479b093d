"""The panels of the Return to Dark Tower screen: quests, the seat's own hero, the other
heroes, heroic trials, and the battle or dungeon under way."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rich import box
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from towerplay.cli import rtdt_words as words
from towerplay.cli.lang import N_, _
from towerplay.rtdt.game import RtdtGame


def trials_panel(game: RtdtGame, view: dict[str, Any], seat: int) -> Panel | None:
    """Competitive mode: the seat's own face-down trials (what each needs, and where), how
    many trials every hero has done and who is out, and the Tower's dungeon."""
    if not words.competitive(view):
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
        head.append(f" · {_(t.type)} @ {words.space(game, t.space)}")
        head.append(" — " + words.trial_needs_text(t.needs), style="cyan")
        grid.add_row(Text("□", style="yellow"), head)
    for h in view["heroes"]:
        who = Text(f"{w.name(h['hero'])} ({h['seat']})", style="cyan")
        done = h["trials_done"]
        line = Text(_("trials done {n}/3").format(n=len(done)))
        if done:
            line.append(
                ": " + ", ".join(trials[t].name if t in trials else t for t in done), style="green"
            )
        if h.get("eliminated"):
            line.append(" · " + _("eliminated"), style="bold red")
        grid.add_row(who, line)
    d = view["dungeons"].get("tower")
    if d is not None:
        cleared = sum(d["cleared"])
        line = Text(_("rooms cleared {n}/{rooms}").format(n=cleared, rooms=len(d["cleared"])))
        names = {r.id: r.name for r in w.content.competitive.tower_rooms}
        done_rooms = [
            f"{i} {names.get(rid, rid)}"
            for i, (rid, c) in enumerate(zip(d["rooms"], d["cleared"], strict=True))
            if c
        ]
        if done_rooms:
            line.append(": " + ", ".join(done_rooms), style="green")
        grid.add_row(Text(_("Tower"), style="bold magenta"), line)
    return Panel(
        grid,
        title=_("Heroic trials (3 to enter the Tower's dungeon)"),
        title_align="left",
        box=box.ROUNDED,
        padding=(0, 1),
    )


def quests(game: RtdtGame, view: dict[str, Any], compact: bool = False) -> Panel | Table | None:
    """The quests under way, what each needs and its text; `compact`: a line each, no
    frame and no text (info NAME tells it)."""
    if not view["quests"] and not view["done_quests"]:
        return None
    if compact:
        short = Table.grid(padding=(0, 1))
        short.add_column(no_wrap=True)
        short.add_column()
        for q in view["quests"]:
            line = Text(q["name"], style="bold yellow" if q["kind"] == "main_goal" else "bold")
            line.append(f" {q['stage']}/{q['stages']} @ {words.space(game, q['space'])} · ")
            line.append(_("needs") + " ")
            line.append(words.needs_text(game, q["needs"]), style="cyan")
            short.add_row(words.quest_mark(q["kind"]), line)
        return short if short.row_count else None
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column()
    for q in view["quests"]:
        main = q["kind"] == "main_goal"
        head = Text(q["name"], style="bold yellow" if main else "bold")
        head.append(f" · {_(words.QUEST_KINDS.get(q['kind'], q['kind']))}", style="italic")
        head.append(
            _(" · stage {stage}/{stages} @ {space}").format(
                stage=q["stage"], stages=q["stages"], space=words.space(game, q["space"])
            )
        )
        grid.add_row(words.quest_mark(q["kind"]), head)
        needs = Text(_("needs") + ": ", style="bold")
        needs.append(words.needs_text(game, q["needs"]), style="cyan")
        needs.append(" — " + _(q["text"]), style="dim")  # the card text, translated
        grid.add_row("", needs)
    if view["done_quests"]:
        done = words.names(game, view["done_quests"])
        grid.add_row(Text("✓", style="green"), Text(_("done: ") + done, style="dim"))
    return Panel(
        grid,
        title=_("Quests ({marks})").format(marks=words.quest_legend()),
        title_align="left",
        box=box.ROUNDED,
        padding=(0, 1),
    )


def _companions(game: RtdtGame, view: dict[str, Any], h: dict[str, Any]) -> Text:
    """A hero's companions, the main companion (every hero has it) marked as shared."""
    t = Text()
    for cid in h["companions"]:
        if t:
            t.append(", ")
        t.append(game.world.name(cid), style="green")
        if cid == view["main_companion"]:
            t.append(" " + _("(shared)"), style="dim")
    return t if t else Text("—")


def _treasures(game: RtdtGame, view: dict[str, Any], ids: Sequence[str]) -> Text:
    """A hero's treasures, each wand with its charges: "Wand of Celerity (4 charges)"."""
    cov = words.covenant(view)
    charges = cov["charges"] if cov else {}
    t = Text()
    for tid in ids:
        if t:
            t.append(", ")
        t.append(game.world.name(tid))
        if tid in charges:
            n = charges[tid]
            many = _(" ({n} charge)") if n == 1 else _(" ({n} charges)")
            t.append(many.format(n=n), style="magenta")
    return t if t else Text("—")


def _covenant_hero(game: RtdtGame, view: dict[str, Any], seat: int, own: bool) -> Text | None:
    """A hero's Covenant parts: blessings; the Warden's quarry; the Astromancer's prepared
    spells, and (on the hero's own screen) the hand of spells and the invocations."""
    cov = words.covenant(view)
    if cov is None:
        return None
    w = game.world
    parts: list[Text] = []
    blessings = cov["blessings"][seat] if seat < len(cov["blessings"]) else 0
    if own or blessings:
        t = Text(_("blessings") + " ", style="bold")
        t.append(str(blessings), style="bold yellow" if blessings else "dim")
        parts.append(t)
    hero = view["heroes"][seat]["hero"]
    if hero == words.WARDEN:
        foe, space = words.quarry(game, view)
        t = Text(_("quarry") + " ", style="bold")
        if foe:
            t.append(w.name(foe), style="red")
            t.append(f" @ {words.space(game, space)}" if space else "")
        else:
            t.append(_("on your board"), style="dim")
        parts.append(t)
    if hero == words.ASTROMANCER:
        t = Text(_("prepared") + " ", style="bold")
        t.append(
            words.names(game, words.at_seat(cov.get("spells_prepared", []), seat)), style="yellow"
        )
        if own:
            t.append(" · " + _("spells") + " ", style="bold")
            t.append(words.names(game, words.at_seat(cov.get("spells_in_hand", []), seat)))
            t.append(" · " + _("invocations") + " ", style="bold")
            t.append(
                words.names(game, words.at_seat(cov.get("invocations_set_aside", []), seat)),
                style="dim",
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


def hero_panel(
    game: RtdtGame, view: dict[str, Any], seat: int, compact: bool = False
) -> Panel | Text:
    """The seat's own hero: warriors, spirit, the turn so far, items, companions, virtues,
    corruptions; `compact`: the same, run together with no frame."""
    w = game.world
    h = view["heroes"][seat]
    turn = view["turn"]
    t = Text()
    if compact:
        t.append(f"{w.name(h['hero'])} ({seat}) @ {words.space(game, h['space'])} · ", "cyan")
    t.append(_("warriors {n}").format(n=h["warriors"]), style="bold")
    t.append(" · ")
    t.append(_("spirit {n}").format(n=h["spirit"]), style="bold")
    if view["result"] is None and view["current_seat"] == seat:
        t.append(_(" · moves left {n}").format(n=turn["moves_left"]))
        if turn["doubled"]:
            t.append(" " + _("(doubled)"))
        done = [
            _(name)
            for name, flag in (
                (N_("heroic action"), turn["heroic_done"]),
                (N_("reinforce"), turn["reinforces"]),
                (N_("trade"), turn["traded"]),
            )
            if flag
        ]
        if done:
            t.append(_(" · done: ") + ", ".join(done), style="dim")
    t.append("\n" + _("potions") + " ", style="bold")
    t.append(words.counted(game, h["potions"]))
    t.append(" · " + _("gear") + " ", style="bold")
    t.append(words.names(game, h["gear"]))
    t.append(" · " + _("treasures") + " ", style="bold")
    t.append(_treasures(game, view, h["treasures"]))
    t.append("\n" + _("companions") + " ", style="bold")
    t.append(_companions(game, view, h))
    if h["quest_items"]:
        t.append(" · " + _("quest items") + " ", style="bold")
        t.append(words.counted(game, h["quest_items"]), style="yellow")
    if h.get("spores", 0) > 0:
        t.append(" · " + _("spores") + " ", style="bold")
        t.append(str(h["spores"]), style="magenta")
    t.append("\n" + _("virtues") + " ", style="bold")
    t.append(words.names(game, h["virtues"]), style="green")
    if not compact:
        t.append(" · " + _("inactive") + " ", style="bold")
        t.append(words.names(game, h["inactive"]), style="dim")
    t.append("\n" + _("corruptions") + " ", style="bold")
    t.append(words.names(game, h["corruptions"]), style="red" if h["corruptions"] else "")
    cov = _covenant_hero(game, view, seat, own=True)
    if cov:
        t.append("\n")
        t.append_text(cov)
    if compact:
        return Text(" · ").join(t.split("\n"))
    title = _("{hero} · seat {seat} · home {kingdom} · at {space}").format(
        hero=w.name(h["hero"]),
        seat=seat,
        kingdom=_(h["kingdom"]),
        space=w.board.names.get(h["space"], h["space"]),
    )
    return Panel(t, title=title, title_align="left", box=box.ROUNDED, padding=(0, 1))


def hero_line(game: RtdtGame, view: dict[str, Any], seat: int) -> Text:
    """The seat's hero in one line, for the smallest screens: where, warriors, spirit."""
    h = view["heroes"][seat]
    t = Text(f"{game.world.name(h['hero'])} ({seat}) @ {words.space(game, h['space'])}", "cyan")
    t.append(
        _(" · warriors {warriors} · spirit {spirit}").format(
            warriors=h["warriors"], spirit=h["spirit"]
        ),
        style="bold",
    )
    t.append(
        _(" · potions {potions} · corruptions {corruptions}").format(
            potions=len(h["potions"]), corruptions=len(h["corruptions"])
        )
    )
    t.append(" " + _("(info NAME, legend, log: more)"), style="dim")
    return t


def other_heroes(game: RtdtGame, view: dict[str, Any], seat: int) -> Table | None:
    w = game.world
    others = [h for h in view["heroes"] if h["seat"] != seat]
    if not others:
        return None
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column()
    for h in others:
        who = Text(f"{w.name(h['hero'])} ({h['seat']})", style="cyan")
        who.append(f", {_(h['kingdom'])}:")
        stats = Text(
            _("warriors {warriors} · spirit {spirit} · potions {potions}").format(
                warriors=h["warriors"], spirit=h["spirit"], potions=len(h["potions"])
            )
        )
        stats.append(
            _(" · gear {gear} · treasures {treasures} · ").format(
                gear=len(h["gear"]), treasures=len(h["treasures"])
            )
        )
        stats.append(
            _("corruptions {n}").format(n=len(h["corruptions"])),
            style="red" if h["corruptions"] else "",
        )
        own = [c for c in h["companions"] if c != view["main_companion"]]
        if own:
            stats.append(" · " + _("companions") + " " + words.names(game, own), style="green")
        if h["quest_items"]:
            items = words.counted(game, h["quest_items"])
            stats.append(" · " + _("quest items") + " " + items, style="yellow")
        if h.get("spores", 0) > 0:
            stats.append(" · " + _("spores") + f" {h['spores']}", style="magenta")
        cov = _covenant_hero(game, view, h["seat"], own=False)
        if cov:
            stats.append(" · ")
            stats.append_text(cov)
        if words.competitive(view):
            stats.append(" · " + _("trials done") + f" {len(h['trials_done'])}")
            if h.get("eliminated"):
                stats.append(" · " + _("eliminated"), style="bold red")
        grid.add_row(who, stats)
    return grid


def _pool(pool: dict[str, int], used: int, most: int, usable: Iterable[str] = ()) -> Text:
    """Advantages left by type (those that apply here first), and how many of the `most`
    (10) a heroic action allows are used."""
    apply = set(usable) | {"wild"}
    left = [(kind, n) for kind, n in pool.items() if n > 0]
    good = [f"{_(kind)} {n}" for kind, n in left if not usable or kind in apply]
    other = [f"{_(kind)} {n}" for kind, n in left if usable and kind not in apply]
    t = Text(_("advantages left: "), style="bold")
    t.append(" · ".join(good) if good else _("none that apply"), style="cyan" if good else "dim")
    if other:
        t.append(_(" (no use here: {which})").format(which=", ".join(other)), style="dim")
    t.append(_(" · used {used} of {most}").format(used=used, most=most), style="dim")
    return t


def fight_line(game: RtdtGame, view: dict[str, Any]) -> Text | None:
    """The battle or dungeon room under way in one line (its card's text is in the prompt)."""
    b, dv = view["battle"], view["delve"]
    if b is None and dv is None:
        return None
    if b is not None:
        t = Text(_("Battle") + f" · {game.world.name(b['foe'])}", style="bold red")
        if b["card"] is not None:
            t.append(
                _(" · card {card} of {cards} · result {rung}/5").format(
                    card=b["card"], cards=b["cards"], rung=b["rung"] + 1
                ),
                style="",
            )
        pool, used, most = b["advantages"], b["used"], b["max_advantages"]
    else:
        t = Text(_("Dungeon · room {room}").format(room=dv["room"]), style="bold magenta")
        pool, used, most = dv["advantages"], dv["used"], dv["max_advantages"]
    left = " · ".join(f"{_(k)} {n}" for k, n in pool.items() if n > 0) or _("none")
    t.append(
        _(" · advantages {left} (used {used} of {most})").format(left=left, used=used, most=most),
        style="cyan",
    )
    return t


def battle_panel(game: RtdtGame, view: dict[str, Any]) -> Panel | None:
    b = view["battle"]
    if b is None:
        return None
    foe = view["foes"].get(b["foe"])
    title = Text(_("Battle") + f" · {game.world.name(b['foe'])}", style="bold red")
    if foe is not None:
        level = _("L{level}").format(level=foe["level"])
        title.append(f" ({level} {words.traits(foe['traits'])} · ", style="")
        title.append_text(words.status_text(foe["status"]))
        title.append(")", style="")
    adversary = game.world.content.adversaries.get(b["foe"])
    if foe is not None:
        traits = foe["traits"]
    else:
        traits = list(adversary.traits) if adversary is not None else []
        title.append(f" ({_('the adversary')} · {words.traits(traits)})", style="")
    t = Text()
    if b["card"] is not None:
        t.append(_("card {card} of {cards}").format(card=b["card"], cards=b["cards"]), style="bold")
        t.append(_(" · result {rung}/5").format(rung=b["rung"] + 1), style="dim")
        t.append(": ")
        t.append(_(b["result"]) if b["result"] else "", style="yellow")  # the rung's text, worded
    else:
        t.append(
            _("{resolved} of {cards} cards resolved").format(
                resolved=b["resolved"], cards=b["cards"]
            ),
            style="bold",
        )
        t.append(_(" · continue to the next card, or retreat"))
    t.append("\n")
    t.append_text(_pool(b["advantages"], b["used"], b["max_advantages"], traits))
    return Panel(
        t, title=title, title_align="left", box=box.HEAVY, border_style="red", padding=(0, 1)
    )


def delve_panel(game: RtdtGame, view: dict[str, Any]) -> Panel | None:
    dv = view["delve"]
    if dv is None:
        return None
    sp = dv["space"]
    d = view["dungeons"].get(sp)
    title = Text(_("Dungeon"), style="bold magenta")
    t = Text()
    if d is not None:
        kind = game.world.content.dungeons.get(d["type"])
        if d["type"] == "tower":
            title.append(f" · {words.dungeon_name(game, sp, d['type'])}")
        else:
            title.append(
                f" · {words.dungeon_name(game, sp, d['type'])} ({_(d['type'])})"
                f" @ {words.space(game, sp)}"
            )
        rooms: Iterable[Any] = (
            game.world.content.competitive.tower_rooms
            if d["type"] == "tower"
            else (kind.rooms if kind is not None else ())
        )
        rooms_by_id = {r.id: r for r in rooms}
        if dv["room_id"] in rooms_by_id:
            room = rooms_by_id[dv["room_id"]]
            improved = dv["improved"]
            t.append(_("room {n}").format(n=dv["room"]) + f" · {room.name}", style="bold")
            if improved:
                t.append(" " + _("(improved)"), style="green")
            t.append(": ")
            t.append(_((room.improved if improved else room.initial).text), style="yellow")
        else:
            t.append(
                _("between rooms: enter a room next to the entrance or a cleared room, or leave")
            )
        t.append("\n" + _("rooms: "), style="bold")
        for i, (rid, done) in enumerate(zip(d["rooms"], d["cleared"], strict=True)):
            if i:
                t.append(" · ")
            if done:
                name = rooms_by_id[rid].name if rid in rooms_by_id else rid
                t.append(f"{i} {name} ✓", style="green")
            elif i == dv["room"]:
                t.append(f"{i} " + _("here"), style="bold")
            else:
                t.append(f"{i} ?", style="dim")
        t.append(
            _(" ({n}/{rooms} cleared)").format(n=sum(d["cleared"]), rooms=len(d["cleared"])),
            style="dim",
        )
    t.append("\n")
    kind_info = game.world.content.dungeons.get(d["type"]) if d is not None else None
    usable = [kind_info.advantage] if kind_info is not None else []  # the Tower: any type
    t.append_text(_pool(dv["advantages"], dv["used"], dv["max_advantages"], usable))
    return Panel(
        t, title=title, title_align="left", box=box.HEAVY, border_style="magenta", padding=(0, 1)
    )
