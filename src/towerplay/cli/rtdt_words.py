"""Words and marks the Return to Dark Tower screen uses everywhere: names of things and
spaces, skull marks, quest marks, what a quest or trial needs."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rich.text import Text

from towerplay.rtdt.game import RtdtGame

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
WARDEN = "relentless_warden"  # the Covenant heroes with tokens and cards of their own
ASTROMANCER = "reverent_astromancer"


def skulls(n: int) -> Text:
    style = {0: "green", 1: "yellow", 2: "dark_orange", 3: "bold red"}.get(n, "red")
    return Text("●" * n + "·" * (3 - n), style=style)


def building_skulls(n: int, doom: int) -> Text:
    """A building's skulls, with how many of them are doom skulls: "●●● 2+1 doom"."""
    t = skulls(n)
    if doom:
        t.append(f" {n - doom}+{doom} doom", style="magenta")
    return t


def covenant(view: dict[str, Any]) -> dict[str, Any] | None:
    """The Covenant parts of the view (None in a game without any)."""
    cov = view.get("covenant")
    return cov if isinstance(cov, dict) else None


def emerged(entry: str) -> str:
    """An emerged skull waiting to be placed: "north", or "north (doom)" for a doom skull."""
    kind, sep, kingdom = entry.partition(":")
    return f"{kingdom} ({kind})" if sep else entry


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
    return Text(status or "—", style=STATUS_STYLES.get(status or "", "dim"))


def traits(traits: Iterable[str]) -> str:
    return ", ".join(traits)


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
            spend.append(f"{n} {one if n == 1 else many}")
    if needs.get("items"):
        spend.append(counted(game, needs["items"]))
    if spend:
        parts.append("spend " + ", ".join(spend))
    if needs.get("carry"):
        parts.append("carry " + counted(game, needs["carry"]))
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


def competitive(view: dict[str, Any]) -> bool:
    return view.get("mode") == "competitive"


def dungeon_name(game: RtdtGame, space: str, kind: str) -> str:
    if kind == "tower":
        return "The Tower's dungeon"
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
    foe, _, space = quarry.partition("@")
    return foe, space


def at_seat(per_seat: Sequence[Sequence[str]], seat: int) -> Sequence[str]:
    return per_seat[seat] if seat < len(per_seat) else ()
