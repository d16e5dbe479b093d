"""The Adventure Tactics campaign screen: the Campaign Guide's page, the party sheet, the
hero sheets, the market and the level-up choices — all read from `observe(seat)` — and,
while an encounter is fought, the encounter screen."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from towerplay.cli import layout, tactics_screen
from towerplay.cli.lang import N_, _, asked, event
from towerplay.cli.layout import Part
from towerplay.cli.narrate import Line, history
from towerplay.cli.tactics_screen import content_text
from towerplay.core.errors import SaveError
from towerplay.core.notation import Action
from towerplay.tactics.campaign.game import CampaignGame

HELP = N_("""\
[bold]Answer[/] with the number of a choice, or type it ([cyan]choose 2[/], [cyan]level rogue_1[/], [cyan]buy CARD HERO[/]; Tab completes it).
The party sheet and every hero's sheet are under the page; during an encounter the encounter screen shows.
Every action is kept in the store as it is made: [cyan]quit[/] any time and [cyan]towerplay campaign continue ID[/];
[cyan]save FILE[/] writes a JSON copy; [cyan]load[/] is [cyan]towerplay campaign import FILE[/].
[bold]Commands[/]:""")
LEGEND = N_("""\
[bold]Page[/]: the choices you may take are bright, closed ones dim with the reason in brackets; \
(travel) draws a random encounter on the way.
[bold]Sheets[/]: HP the hero's maximum, move its movement, deck the cards in it; \
info NAME tells any card, perk, item or class.""")
SHEET_COLUMNS = (
    *(N_("hero"), N_("level"), N_("class"), N_("HP"), N_("move")),
    *(N_("deck"), N_("equipment"), N_("abilities"), N_("perks")),
)
MAX_DECISIONS = 2_000_000  # a campaign is many encounters long


def page(view: dict[str, Any]) -> RenderableType:
    """The page being read: its title, text and choices (closed ones with the reason)."""
    p = view.get("page")
    if not p:
        return Text("")
    title = event(p["heading"]) if p.get("heading") else p["title"]
    out = Text(title + "\n", style="bold")
    out.append(content_text(p["text"]) + "\n")
    for ch in p.get("choices", []):
        style = "" if ch["open"] else "dim"
        mark = " " + _("(travel: a random encounter)") if ch.get("travel") else ""
        out.append(f"  {ch['action']}: {content_text(ch['text'])}{mark}", style=style)
        if not ch["open"] and ch.get("reason"):
            why = event(ch["why"]) if ch.get("why") else ch["reason"]
            out.append(f"  [{why}]", style="dim")
        out.append("\n")
    return out


def party_sheet(view: dict[str, Any], compact: bool = False) -> Text:
    """The party's gold, potions, decks and items (`compact`: one line, no items)."""
    party = view["party"]
    items = ", ".join(f"{k} ×{n}" for k, n in party["items"].items()) or "—"
    out = Text(_("Party: "), style="bold")
    if compact:
        out.append(
            _("{difficulty} · gold {gold} · revive potions {potions} · items {items}").format(
                difficulty=_(party["difficulty"]),
                gold=party["gold"],
                potions=party["revive_potions"],
                items=sum(party["items"].values()),
            )
        )
        return out
    out.append(
        _(
            "{heroes} heroes · {difficulty} · gold {gold} · revive potions {potions} · "
            "random encounter deck {randoms} · market deck {market}"
        ).format(
            heroes=party["heroes_count"],
            difficulty=_(party["difficulty"]),
            gold=party["gold"],
            potions=party["revive_potions"],
            randoms=party["random_encounters"],
            market=len(party["market_deck"]),
        )
        + "\n"
    )
    out.append(_("Party > Items: {items}").format(items=items), style="dim")
    return out


def hero_sheets(view: dict[str, Any]) -> Table:
    t = Table(box=None, padding=(0, 1), header_style="bold")
    for col in SHEET_COLUMNS:
        t.add_column(_(col))
    for h in view["heroes"]:
        classes = ", ".join(f"{k} {n}" for k, n in h["classes"].items())
        if h["summons"]:  # the summons cards kept with the class (AT-SUM-5)
            classes += "; " + _("summons") + " " + ", ".join(h["summons"])
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


def hero_lines(view: dict[str, Any]) -> Text:
    """The heroes, a line each: name, level, class and HP."""
    out = Text()
    for h in view["heroes"]:
        if out:
            out.append("\n")
        out.append(h["name"], style="cyan")
        out.append(
            _(" · level {level} {class_name} · HP {hp} · move {move} · deck {deck}").format(
                level=h["level"],
                class_name=h["class_name"],
                hp=h["max_hp"],
                move=h["movement"],
                deck=sum(h["deck"].values()),
            )
        )
    return out


def market(view: dict[str, Any]) -> RenderableType | None:
    m = view.get("market")
    if not m:
        return None
    t = Table(
        title=m.get("name", _("Market")),
        caption=content_text(m["text"]) if m.get("text") else None,
        box=None,
        padding=(0, 1),
        header_style="bold",
    )
    t.add_column(_("item"))
    t.add_column(_("gold"))
    for row in m.get("stock", []):
        t.add_row(f"{row['name']} ({row['source']})", str(row["price"]))
    return t


def level_up(view: dict[str, Any]) -> RenderableType | None:
    lu = view.get("level_up")
    if not lu:
        return None
    hero = view["heroes"][lu["seat"]]["name"]
    level = view["heroes"][lu["seat"]]["level"]
    out = Text(
        _("Level up: {hero} (level {level})").format(hero=hero, level=level) + "\n", style="bold"
    )
    for o in lu["options"]:
        if o["ok"]:
            out.append(f"  level {o['card']}\n", style="green")  # the action, as typed
        else:
            why = event(o["why"]) if o.get("why") else o["reason"]
            out.append(f"  {o['class']}: {why} [{o['rule']}]\n", style="dim")
    return out


def setup(view: dict[str, Any]) -> RenderableType | None:
    """A hero's player setup as it stands (AT-LOADOUT-5)."""
    p = view.get("pending") or {}
    lo = p.get("loadout")
    if not lo:
        return None
    hero = view["heroes"][p["seat"]]["name"]
    board = ", ".join(f"{k}: {v}" for k, v in lo["board"].items() if v) or "—"
    out = Text(_("Player setup: {hero}").format(hero=hero) + "\n", style="bold")
    out.append(
        _("  board: {board}\n  shuffled in: {shuffled}\n").format(
            board=board, shuffled=", ".join(lo["shuffled"]) or "—"
        )
    )
    out.append(_("  abilities: {abilities}\n").format(abilities=", ".join(lo["abilities"]) or "—"))
    return out


def render(
    game: CampaignGame,
    seat: int | None,
    width: int = 100,
    height: int | None = None,
    log: Sequence[Line] | None = None,
) -> RenderableType:
    """The page with the sheets, or the encounter being fought, fitted to `height` lines
    (None: in full), then the log, the prompt and the numbered choices."""
    if log is None:
        log = history(game, seat)
    foot = tactics_screen.bottom(game, width, height)
    enc = game.encounter
    if enc is not None and seat is not None:
        view = enc.observe(seat)
        parts = [Part([Text(_("Campaign · {prompt}").format(prompt=asked(game)), style="dim")])]
        parts += tactics_screen.parts(enc, view, seat, width)
        shrink = [0] + [i + 1 for i in tactics_screen.SHRINK]
        return layout.fit(parts, shrink, log, foot, width, height, soft=3)
    view = game.observe(seat if seat is not None else 0)
    extras = [r for r in (market(view), level_up(view), setup(view)) if r is not None]
    parts = [
        Part([page(view)]),
        Part([Group(*extras)] if extras else []),
        Part([party_sheet(view), party_sheet(view, compact=True)]),
        Part([hero_sheets(view), hero_lines(view)]),
    ]
    # shrunk first: the hero sheets to a line each, the party sheet, then they go
    return layout.fit(parts, [3, 2, 3, 2], log, foot, width, height, soft=2)


class CampaignScreen:
    """A campaign as the shared read-eval loop plays it."""

    max_decisions = MAX_DECISIONS
    saves = False  # every action is committed to the store as it is made

    def render(
        self,
        game: CampaignGame,
        seat: int | None,
        width: int,
        height: int | None,
        log: Sequence[Line],
    ) -> RenderableType:
        return render(game, seat, width, height, log)

    def help(self) -> RenderableType:
        return Text.from_markup(_(HELP))

    def info(self, game: CampaignGame, name: str) -> RenderableType | None:
        enc = game.encounter
        if enc is not None:
            found = tactics_screen.info(enc, name)
            if found is not None:
                return found
        text = game.describe(name, _)
        if text is None:
            return None
        head, _sep, body = text.partition("\n")
        return Panel(
            Text(body), title=Text(head, style="bold"), title_align="left", box=box.ROUNDED
        )

    def legend(self, game: CampaignGame) -> RenderableType:
        enc = game.encounter
        if enc is not None:
            return tactics_screen.legend(enc)
        return Text.from_markup(_(LEGEND))

    def map(
        self, game: CampaignGame, seat: int, width: int, height: int | None, where: str
    ) -> RenderableType | None:
        enc = game.encounter
        if enc is None:  # between encounters the campaign has no board
            return Text(_("No encounter is being fought: there is no map now."))
        return tactics_screen.map_view(enc, seat, where)

    def typed(self, game: CampaignGame, text: str) -> str:
        return text  # its names are one word each (tactics_screen.shown)

    def shown(self, game: CampaignGame, action: Action) -> str:
        return tactics_screen.shown(game, action)

    def who(self, game: CampaignGame, seat: int) -> str:
        heroes = game.observe(seat)["heroes"]
        if seat < len(heroes):
            return _("seat {seat} ({hero})").format(seat=seat, hero=heroes[seat]["name"])
        return _("seat {seat}").format(seat=seat)

    def finish(self, game: CampaignGame, console: Console) -> None:
        view = game.observe(0)
        console.print(
            Text(
                _("The campaign is over: {ending}").format(ending=content_text(view["ending"])),
                style="bold",
            )
        )

    def dump(self, game: CampaignGame) -> str:
        return json.dumps(game.to_json())

    def load(self, file: str) -> CampaignGame:
        raise SaveError(file, "file", "a campaign is loaded with `towerplay campaign import FILE`")
