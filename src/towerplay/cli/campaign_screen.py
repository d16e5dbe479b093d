"""The Adventure Tactics campaign screen: the Campaign Guide's page, the party sheet, the
hero sheets, the market and the level-up choices — all read from `observe(seat)` — and,
while an encounter is fought, the encounter screen."""

from __future__ import annotations

import json
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from towerplay.cli import tactics_screen
from towerplay.core.errors import SaveError
from towerplay.tactics.campaign.game import CampaignGame

HELP = """\
[bold]Answer[/] with the number of a choice, or type it ([cyan]choose 2[/], [cyan]level rogue_1[/], [cyan]buy CARD HERO[/]; Tab completes it).
The party sheet and every hero's sheet are under the page; during an encounter the encounter screen shows.
[bold]Commands[/]: [cyan]help[/] · [cyan]save FILE[/] (a JSON copy; the store keeps the campaign anyway) · [cyan]quit[/] (the campaign is kept; [cyan]towerplay campaign continue ID[/])"""
MAX_DECISIONS = 2_000_000  # a campaign is many encounters long


def page(view: dict[str, Any]) -> RenderableType:
    """The page being read: its title, text and choices (closed ones with the reason)."""
    p = view.get("page")
    if not p:
        return Text("")
    out = Text(p["title"] + "\n", style="bold")
    out.append(p["text"] + "\n")
    for ch in p.get("choices", []):
        style = "" if ch["open"] else "dim"
        mark = " (travel: a random encounter)" if ch.get("travel") else ""
        out.append(f"  {ch['action']}: {ch['text']}{mark}", style=style)
        if not ch["open"] and ch.get("reason"):
            out.append(f"  [{ch['reason']}]", style="dim")
        out.append("\n")
    return out


def party_sheet(view: dict[str, Any]) -> Text:
    party = view["party"]
    items = ", ".join(f"{k} ×{n}" for k, n in party["items"].items()) or "—"
    out = Text("Party: ", style="bold")
    out.append(
        f"{party['heroes_count']} heroes · {party['difficulty']} · gold {party['gold']} · "
        f"revive potions {party['revive_potions']} · random encounter deck "
        f"{party['random_encounters']} · market deck {len(party['market_deck'])}\n"
    )
    out.append(f"Party > Items: {items}", style="dim")
    return out


def hero_sheets(view: dict[str, Any]) -> Table:
    t = Table(box=None, padding=(0, 1), header_style="bold")
    for col in ("hero", "level", "class", "HP", "move", "deck", "equipment", "abilities", "perks"):
        t.add_column(col)
    for h in view["heroes"]:
        classes = ", ".join(f"{k} {n}" for k, n in h["classes"].items())
        if h["summons"]:  # the summons cards kept with the class (AT-SUM-5)
            classes += "; summons " + ", ".join(h["summons"])
        t.add_row(
            Text(h["name"], style="cyan"),
            str(h["level"]),
            f"{h['class_name']} ({classes})",
            str(h["max_hp"]),
            str(h["movement"]),
            str(sum(h["deck"].values())),
            ", ".join(h["equipment"]) or "—",
            ", ".join(h["abilities"]) or "—",
            ", ".join(h["perks"]) or "—",
        )
    return t


def market(view: dict[str, Any]) -> RenderableType:
    m = view.get("market")
    if not m:
        return Text("")
    t = Table(title=m.get("name", "Market"), box=None, padding=(0, 1), header_style="bold")
    t.add_column("item")
    t.add_column("gold")
    for row in m.get("stock", []):
        t.add_row(f"{row['name']} ({row['source']})", str(row["price"]))
    return t


def level_up(view: dict[str, Any]) -> RenderableType:
    lu = view.get("level_up")
    if not lu:
        return Text("")
    hero = view["heroes"][lu["seat"]]["name"]
    out = Text(f"Level up: {hero} (level {view['heroes'][lu['seat']]['level']})\n", style="bold")
    for o in lu["options"]:
        if o["ok"]:
            out.append(f"  level {o['card']}\n", style="green")
        else:
            out.append(f"  {o['class']}: {o['reason']} [{o['rule']}]\n", style="dim")
    return out


def setup(view: dict[str, Any]) -> RenderableType:
    """A hero's player setup as it stands (AT-LOADOUT-5)."""
    p = view.get("pending") or {}
    lo = p.get("loadout")
    if not lo:
        return Text("")
    hero = view["heroes"][p["seat"]]["name"]
    board = ", ".join(f"{k}: {v}" for k, v in lo["board"].items() if v) or "—"
    out = Text(f"Player setup: {hero}\n", style="bold")
    out.append(f"  board: {board}\n  shuffled in: {', '.join(lo['shuffled']) or '—'}\n")
    out.append(f"  abilities: {', '.join(lo['abilities']) or '—'}\n")
    return out


class CampaignScreen:
    """A campaign as the shared read-eval loop plays it."""

    max_decisions = MAX_DECISIONS

    def render(self, game: CampaignGame, seat: int | None, width: int) -> RenderableType:
        enc = game.encounter
        if enc is not None and seat is not None:
            head = Text(f"Campaign · {game.prompt}", style="dim")
            return Group(head, tactics_screen.render(enc, seat), tactics_screen.numbered(enc))
        view = game.observe(seat if seat is not None else 0)
        parts: list[RenderableType] = [
            page(view),
            party_sheet(view),
            hero_sheets(view),
            market(view),
            level_up(view),
            setup(view),
            Text("\n".join(view["log"][-5:]), style="dim"),
        ]
        if seat is not None:
            parts.append(tactics_screen.numbered(game))
        return Group(*parts)

    def help(self) -> RenderableType:
        return Text.from_markup(HELP)

    def who(self, game: CampaignGame, seat: int) -> str:
        heroes = game.observe(seat)["heroes"]
        return f"seat {seat} ({heroes[seat]['name']})" if seat < len(heroes) else f"seat {seat}"

    def finish(self, game: CampaignGame, console: Console) -> None:
        view = game.observe(0)
        console.print(Text(f"The campaign is over: {view['ending']}", style="bold"))

    def dump(self, game: CampaignGame) -> str:
        return json.dumps(game.to_json())

    def load(self, file: str) -> CampaignGame:
        raise SaveError(file, "file", "a campaign is loaded with `towerplay campaign import FILE`")
