"""Words and marks the Return to Dark Tower screen uses everywhere: names of things and
spaces, skull marks, quest marks, what a quest or trial needs."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rich.text import Text

from towerplay.cli.lang import N_, _
from towerplay.rtdt.game import RtdtGame

STATUS_STYLES = {  # a foe's status (its words in the catalog: STATUSES)
    "panicked": "bold green",
    "unsteady": "green_yellow",
    "ready": "yellow",
    "savage": "dark_orange",
    "lethal": "bold red",
}
STATUSES = (N_("panicked"), N_("unsteady"), N_("ready"), N_("savage"), N_("lethal"))
QUEST_KINDS = {
    "main_goal": N_("main goal"),
    "companion": N_("companion"),
    "adversary": N_("adversary"),
}
QUEST_MARKS = {
    "main_goal": ("★", "bold yellow"),
    "companion": ("◆", "green"),
    "adversary": ("▲", "red"),
}
SPENDABLES = (  # (key, one, many): "1 warrior", "2 warriors"
    ("warriors", N_("{n} warrior"), N_("{n} warriors")),
    ("spirit", N_("{n} spirit"), N_("{n} spirit")),
    ("potions", N_("{n} potion"), N_("{n} potions")),
    ("gear", N_("{n} gear"), N_("{n} gear")),
    ("treasures", N_("{n} treasure"), N_("{n} treasures")),
)
# the engines' identifiers the screen shows as words (each looked up in the catalog where shown)
ADVANTAGE_TYPES = (
    N_("beast"),
    N_("humanoid"),
    N_("melee"),
    N_("stealth"),
    N_("magic"),
    N_("undead"),
    N_("wild"),
)
DUNGEON_TYPES = (
    N_("cave"),
    N_("encampment"),
    N_("fortress"),
    N_("ruins"),
    N_("shrine"),
    N_("tomb"),
    N_("tower"),
)
BUILDINGS = (N_("Citadel"), N_("Sanctuary"), N_("Village"), N_("Bazaar"))
TRIAL_TYPES = (N_("valor"), N_("prowess"), N_("compassion"), N_("sacrifice"))
SETUP_WORDS = (N_("cooperative"), N_("competitive"), N_("heroic"), N_("gritty"))
WARDEN = "relentless_warden"  # the Covenant heroes with tokens and cards of their own
ASTROMANCER = "reverent_astromancer"


def quest_legend() -> str:
    """The quest marks in words, for a panel's title: "★ main goal · ◆ companion · ▲ adversary"."""
    return " · ".join(f"{QUEST_MARKS[k][0]} {_(name)}" for k, name in QUEST_KINDS.items())


def skulls(n: int) -> Text:
    style = {0: "green", 1: "yellow", 2: "dark_orange", 3: "bold red"}.get(n, "red")
    return Text("●" * n + "·" * (3 - n), style=style)


def building_skulls(n: int, doom: int) -> Text:
    """A building's skulls, with how many of them are doom skulls: "●●● 2+1 doom"."""
    t = skulls(n)
    if doom:
        t.append(_(" {skulls}+{doom} doom").format(skulls=n - doom, doom=doom), style="magenta")
    return t


def covenant(view: dict[str, Any]) -> dict[str, Any] | None:
    """The Covenant parts of the view (None in a game without any)."""
    cov = view.get("covenant")
    return cov if isinstance(cov, dict) else None


def emerged(entry: str) -> str:
    """An emerged skull waiting to be placed: "north", or "north (doom)" for a doom skull."""
    kind, sep, kingdom = entry.partition(":")
    return f"{_(kingdom)} ({_(kind)})" if sep else _(entry)


def names(game: RtdtGame, ids: Iterable[str]) -> str:
    names = [game.world.name(i) for i in ids]
    return ", ".join(names) if names else "—"


def counted(game: RtdtGame, ids: Sequence[str]) -> str:
    """Names with ×N for repeats, in first-seen order."""
    seen: dict[str, int] = {}
    for i in ids:
        seen[i] = seen.get(i, 0) + 1
    parts = [game.world.name(i) + (f" ×{n}" if n > 1 else "") for i, n in seen.items()]
    return ", ".join(parts) if parts else "—"


def space(game: RtdtGame, space: str) -> str:
    return game.world.board.names.get(space, space)


def status_text(status: str | None) -> Text:
    return Text(_(status) if status else "—", style=STATUS_STYLES.get(status or "", "dim"))


def traits(traits: Iterable[str]) -> str:
    """A foe's traits (the advantage types that work against it), in words."""
    return ", ".join(_(t) for t in traits)


def by_space(spaces: Iterable[str]) -> dict[str, int]:
    """How many tokens stand on each space, in first-seen order."""
    out: dict[str, int] = {}
    for sp in spaces:
        out[sp] = out.get(sp, 0) + 1
    return out


def needs_text(game: RtdtGame, needs: dict[str, Any]) -> str:
    """A quest stage's requirement in words: "spend 2 gear; 3 Beast advantages"."""
    parts: list[str] = []
    spend = []
    for key, one, many in SPENDABLES:
        n = needs.get(key, 0)
        if n:
            spend.append(_(one if n == 1 else many).format(n=n))
    if needs.get("items"):
        spend.append(counted(game, needs["items"]))
    if spend:
        parts.append(_("spend {what}").format(what=", ".join(spend)))
    if needs.get("carry"):
        parts.append(_("carry {what}").format(what=counted(game, needs["carry"])))
    n = needs.get("advantages", 0)
    if n:
        kind = needs.get("advantage_type")
        if kind:
            many = _("{n} {kind} advantages") if n > 1 else _("{n} {kind} advantage")
            parts.append(many.format(n=n, kind=_(kind).title()))
        else:
            parts.append((_("{n} advantages") if n > 1 else _("{n} advantage")).format(n=n))
    if needs.get("dungeon"):
        parts.append(_("clear the dungeon"))
    if needs.get("defeat_foe"):
        parts.append(_("defeat a foe there"))
    return "; ".join(parts) or _("nothing")


def trial_needs_text(needs: Any) -> str:
    """A heroic trial's requirement in words: "spend 18 warriors", "hold 3 treasures"."""
    spend, hold = [], []
    for key, one, many in SPENDABLES:
        n = getattr(needs, key, 0)
        if n:
            spend.append(_(one if n == 1 else many).format(n=n))
    for key, one, many in SPENDABLES[2:]:
        n = getattr(needs, "carry_" + key, 0)
        if n:
            hold.append(_(one if n == 1 else many).format(n=n))
    parts = []
    if spend:
        parts.append(_("spend {what}").format(what=", ".join(spend)))
    if hold:
        parts.append(_("hold {what}").format(what=", ".join(hold)))
    if needs.advantages:
        n, kind = needs.advantages, needs.advantage_type
        text = (
            _("{n} {kind} advantages").format(n=n, kind=_(kind).title())
            if kind
            else _("{n} advantages").format(n=n)
        )
        rule = {"distinct": _(" of different types"), "same": _(" all of one type")}
        parts.append(text + rule.get(needs.advantage_rule, ""))
    if needs.virtues:
        parts.append(_("{n} active virtues").format(n=needs.virtues))
    if needs.corruptions_at_most is not None:
        parts.append(_("at most {n} corruptions").format(n=needs.corruptions_at_most))
    return "; ".join(parts) or _("nothing")


def competitive(view: dict[str, Any]) -> bool:
    return view.get("mode") == "competitive"


def dungeon_name(game: RtdtGame, space: str, kind: str) -> str:
    if kind == "tower":
        return _("The Tower's dungeon")
    info = game.world.content.dungeons.get(kind)
    return info.names.get(space, kind.title()) if info is not None else kind.title()


def quest_mark(kind: str) -> Text:
    """The quest kind's mark: ★ main goal, ◆ companion, ▲ adversary."""
    mark, style = QUEST_MARKS.get(kind, ("•", ""))
    return Text(mark, style=style)


def at(t: Text, where: str, avail: int) -> Text:
    """`t` then "@ where", on the next line when the whole would not fit in `avail`
    columns (so a wrap never leaves "@" at the end of a line or splits a space's name)."""
    last = t.plain.split("\n")[-1]
    t.append(("\n" if len(last) + 3 + len(where) > avail else " ") + "@ " + where)
    return t


def quarry(game: RtdtGame, view: dict[str, Any]) -> tuple[str, str]:
    """(foe id, space) the Warden's quarry token marks, or ("", "")."""
    quarry = (covenant(view) or {}).get("quarry") or ""
    if not quarry:
        return "", ""
    if quarry == "adversary":
        return view["adversary"]["id"], view["adversary"]["space"] or ""
    foe, _sep, space = quarry.partition("@")
    return foe, space


def at_seat(per_seat: Sequence[Sequence[str]], seat: int) -> Sequence[str]:
    return per_seat[seat] if seat < len(per_seat) else ()
