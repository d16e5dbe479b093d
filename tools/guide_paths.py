"""The Campaign Guide as a graph: every way through it, for every party size.

Walks the chapters from chapter 1, following every choice a party could take (a choice is
open when its Requirement holds for the flags, items and gold gathered so far and the party
size) and every encounter result (Success, +Success, Failure). Random encounter draws are
left out: they only add ways, never take one away, since every card has a choice anyone can
take. Gold counts what the Guide itself gives (no market spending), so a gold requirement is
met at most as often as in play.

Run `python tools/guide_paths.py` for the table, per ending, of the shortest path (chapters
read), its level-ups, and the fewest and most level-ups on any way to that ending (with every
encounter won, and with any results). tests/tactics/campaign/test_content_guide.py uses
the same walk.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from towerplay.tactics.campaign.content import CampaignContent, default_campaign_content
from towerplay.tactics.campaign.models import Chapter, Requirement, Reward

PARTY_SIZES = (3, 4, 5)


@dataclass(frozen=True)
class Edge:
    """One way on from a chapter: the result or choice taken, its requirement and rewards."""

    target: str
    label: str
    requires: Requirement
    rewards: tuple[Reward, ...]
    lost: bool = False  # an encounter Failure


@dataclass(frozen=True)
class State:
    flags: frozenset[str] = frozenset()
    items: frozenset[str] = frozenset()
    gold: int = 0


def edges(ch: Chapter) -> list[Edge]:
    """Every way on from a chapter (none from an ending)."""
    out = [Edge(c.goto, c.text, c.requires, (c.reward,)) for c in ch.choices if c.goto]
    for name in ("success", "plus_success", "failure"):
        res = getattr(ch, name)
        if res is None:
            continue
        lost = name == "failure"
        if res.goto is not None:
            out.append(Edge(res.goto, name, Requirement(), (res.reward,), lost))
        for c in res.choices:
            if c.goto is not None:
                label = f"{name}: {c.text}"
                out.append(Edge(c.goto, label, c.requires, (res.reward, c.reward), lost))
    return out


def is_open(req: Requirement, state: State, heroes: int) -> bool:
    return (
        set(req.flags) <= state.flags
        and not set(req.not_flags) & state.flags
        and set(req.items) <= state.items
        and state.gold >= req.gold
        and (not req.heroes or heroes in req.heroes)
    )


def apply(state: State, rewards: tuple[Reward, ...]) -> State:
    flags, items, gold = set(state.flags), set(state.items), state.gold
    for r in rewards:
        flags |= set(r.flags)
        flags -= set(r.clear_flags)
        items |= set(r.items)
        items -= set(r.lose_items)
        gold = max(0, gold + r.gold)
    return State(frozenset(flags), frozenset(items), gold)


@dataclass(frozen=True)
class Ways:
    """The ways from one chapter (and state) to one ending."""

    count: int
    shortest: tuple[str, ...]  # the chapters read, this one first
    shortest_level_ups: int
    min_ups: int
    max_ups: int
    won: tuple[int, int] | None  # fewest and most level-ups with every encounter won


def _join(cid: str, ups: int, lost: bool, w: Ways) -> Ways:
    won = None if lost or w.won is None else (w.won[0] + ups, w.won[1] + ups)
    return Ways(
        w.count,
        (cid, *w.shortest),
        w.shortest_level_ups + ups,
        w.min_ups + ups,
        w.max_ups + ups,
        won,
    )


def _merge(a: Ways | None, b: Ways) -> Ways:
    if a is None:
        return b
    won = (
        a.won
        if b.won is None
        else b.won
        if a.won is None
        else (min(a.won[0], b.won[0]), max(a.won[1], b.won[1]))
    )
    short = a if len(a.shortest) <= len(b.shortest) else b
    return Ways(
        a.count + b.count,
        short.shortest,
        short.shortest_level_ups,
        min(a.min_ups, b.min_ups),
        max(a.max_ups, b.max_ups),
        won,
    )


class DeadEnd(Exception):
    """A chapter with no open way on for a state a party can reach, or a loop."""


Keys = tuple[frozenset[str], frozenset[str], int]


def _downstream(c: CampaignContent, table: dict[str, list[Edge]]) -> dict[str, Keys]:
    """Per chapter, the flags and items that some requirement from there on asks about, and
    the most gold one asks for: the rest of a party's state cannot change which ways open."""
    out: dict[str, Keys] = {}

    def keys(cid: str) -> Keys:
        if cid in out:
            return out[cid]
        out[cid] = (frozenset(), frozenset(), 0)  # a loop, if any, is reported by walk()
        flags: set[str] = set()
        items: set[str] = set()
        gold = 0
        for e in table[cid]:
            r = e.requires
            f, i, g = keys(e.target)
            flags |= {*r.flags, *r.not_flags, *f}
            items |= {*r.items, *i}
            gold = max(gold, r.gold, g)
        out[cid] = (frozenset(flags), frozenset(items), gold)
        return out[cid]

    for cid in c.chapters:
        keys(cid)
    return out


def walk(c: CampaignContent, heroes: int) -> dict[str, Ways]:
    """The ways from chapter 1 to each ending for a party of `heroes` (raises DeadEnd)."""
    table = {cid: edges(ch) for cid, ch in c.chapters.items()}
    relevant = _downstream(c, table)
    memo: dict[tuple[str, State], dict[str, Ways]] = {}
    stack: list[str] = []

    def go(cid: str, state: State) -> dict[str, Ways]:
        flags, items, gold = relevant[cid]
        state = State(state.flags & flags, state.items & items, min(state.gold, gold))
        key = (cid, state)
        if key in memo:
            return memo[key]
        ch = c.chapters[cid]
        if ch.kind == "ending":
            memo[key] = {cid: Ways(1, (cid,), 0, 0, 0, (0, 0))}
            return memo[key]
        open_edges = [e for e in table[cid] if is_open(e.requires, state, heroes)]
        if not open_edges:
            raise DeadEnd(f"chapter {ch.number} ({cid}) has no way on with {state}")
        stack.append(cid)
        out: dict[str, Ways] = {}
        for e in open_edges:
            if e.target in stack:
                raise DeadEnd(f"chapter {ch.number} ({cid}) loops back to {e.target}")
            ups = sum(r.level_up for r in e.rewards)
            for end, w in go(e.target, apply(state, e.rewards)).items():
                out[end] = _merge(out.get(end), _join(cid, ups, e.lost, w))
        stack.pop()
        memo[key] = out
        return out

    return go(c.first_chapter().id, State())


def figures(c: CampaignContent) -> dict[str, Ways]:
    """Per ending chapter id, the ways to it over every party size."""
    out: dict[str, Ways] = {}
    for heroes in PARTY_SIZES:
        for end, w in walk(c, heroes).items():
            out[end] = _merge(out.get(end), w)
    return out


def main() -> int:
    c = default_campaign_content()
    print(f"{len(c.chapters)} chapters; hero level = 1 + level-ups")
    print(
        f"{'ending':<26} {'ways':>6} {'shortest':>8} {'ups':>4} "
        f"{'won min-max':>12} {'any min-max':>12}"
    )
    for cid, f in sorted(figures(c).items(), key=lambda kv: c.chapters[kv[0]].number):
        ch = c.chapters[cid]
        won = f"{f.won[0]}-{f.won[1]}" if f.won else "-"
        print(
            f"{ch.number:>2} {ch.title:<23} {f.count:>6} {len(f.shortest):>8} "
            f"{f.shortest_level_ups:>4} {won:>12} {f.min_ups:>6}-{f.max_ups:<5}"
        )
        numbers = " ".join(str(c.chapters[x].number) for x in f.shortest)
        print(f"   shortest: {numbers}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
