"""Saves of a campaign: the CampaignState's field declarations as JSON, checked on load.

core/serial.py writes and reads every field of campaign/state.py; the domains below
say what its ids must name (the campaign content's chapters, heroes, level-up cards,
items, ...). `check_state` ties fields together: each pending decision names real
pages and cards and a seat of the party, and no invariant is broken. Anything else
is refused with SaveError(file, field).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from towerplay.core import serial
from towerplay.core.errors import IllegalAction, SaveError
from towerplay.tactics.campaign.content import CampaignContent
from towerplay.tactics.campaign.invariants import violations
from towerplay.tactics.campaign.loadout import check_loadout
from towerplay.tactics.campaign.state import DECISIONS, CampaignState, Pending
from towerplay.tactics.narrate import check_log, upgrade_log

GIFTS = ("loot", "perk", "ability", "mark")


def upgrade(state: dict[str, Any], version: Any) -> dict[str, Any]:
    """An older save's state as version 3 (docs/saves.md): its log lines become plain events
    (before 3), and a version 1 state, which kept no seed nor actions, gets an empty one; the
    encounter inside, a Tactics save, is upgraded when it loads."""
    out = dict(state, log=upgrade_log(state["log"])) if "log" in state else dict(state)
    if version == 1:
        out.update(seed="0", actions=[])
    return out


def state_to_json(s: CampaignState) -> dict[str, Any]:
    return serial.dump(s)


def domains(c: CampaignContent, heroes: int) -> dict[str, Any]:
    return {
        "seats": range(heroes),
        "decisions": DECISIONS,
        "chapters": c.chapters,
        "heroes": c.heroes,
        "level_ups": c.level_ups,
        "cards": c.game.cards,
        "abilities": c.game.abilities,
        "perks": c.perks,
        "items": c.items,
        "random_encounters": c.random_encounters,
    }


def _page_ok(c: CampaignContent, ref: Any) -> bool:
    if not isinstance(ref, list) or not ref or not all(isinstance(x, str) for x in ref):
        return False
    if ref[0] == "random":
        return len(ref) == 2 and ref[1] in c.random_encounters
    if ref[0] == "chapter":
        return len(ref) == 2 and ref[1] in c.chapters
    if ref[0] == "section" and len(ref) == 3 and ref[1] in c.chapters:
        section = (
            getattr(c.chapters[ref[1]], ref[2], None)
            if ref[2] in ("success", "plus_success", "failure")
            else None
        )
        return section is not None and bool(section.choices)
    return False


def _gift_ok(c: CampaignContent, what: Any, cid: Any) -> bool:
    tables: dict[str, Any] = {
        "loot": c.game.cards,
        "mark": c.game.cards,
        "perk": c.perks,
        "ability": c.game.abilities,
    }
    return what in GIFTS and isinstance(cid, str) and cid in tables[what]


def check_pending(
    c: CampaignContent, s: CampaignState, p: Pending, where: str, fail: Callable[..., SaveError]
) -> None:
    d = p.data
    if p.kind in ("level", "remove", "tune", "setup") and p.seat >= len(s.party):
        raise fail(f"{where}.seat", f"no hero in seat {p.seat}")
    if p.kind == "page" and not _page_ok(c, d.get("page")):
        raise fail(f"{where}.data.page", f"not a page: {d.get('page')!r}")
    if p.kind == "page" and "goto" in d and d["goto"] not in ("", *c.chapters):
        raise fail(f"{where}.data.goto", f"no chapter {d['goto']!r}")
    if p.kind == "give" and not _gift_ok(c, d.get("what"), d.get("id")):
        raise fail(f"{where}.data", f"not a gift: {d.get('what')!r} {d.get('id')!r}")
    for key in ("only", "exclude"):
        seats = d.get(key, [])
        if not isinstance(seats, list) or any(
            not isinstance(i, int) or not 0 <= i < len(s.party) for i in seats
        ):
            raise fail(f"{where}.data.{key}", "expected a list of party seats")
    if p.kind == "remove" and d.get("for") not in c.game.cards:
        raise fail(f"{where}.data.for", f"no card {d.get('for')!r}")


def check_party(c: CampaignContent, s: CampaignState, fail: Callable[..., SaveError]) -> None:
    """Each hero began with a Starter card; the party is complete, or its next hero is
    being created."""
    for i, h in enumerate(s.party):
        if not h.level_ups or not c.level_ups[h.level_ups[0]].starter:
            raise fail(f"state.party[{i}].level_ups", "a hero's first card is a Starter")
    creating = bool(s.pending) and s.pending[0].kind == "create"
    if (len(s.party) < s.heroes_count) != creating:
        raise fail("state.party", f"{len(s.party)} of {s.heroes_count} heroes")
    if any(p.kind == "create" for p in s.pending[1:]) or (
        creating and s.pending[0].seat != len(s.party)
    ):
        raise fail("state.pending", "one hero is created at a time, in seat order")
    if creating and (s.history or s.chapter):  # AT-CAMP-1: the party is locked at the start
        raise fail("state.pending", "a hero is created only before the first chapter")


def check_loadouts(c: CampaignContent, s: CampaignState, fail: Callable[..., SaveError]) -> None:
    """While the party prepares for an encounter every hero has a loadout it could bring
    (AT-LOADOUT-1..3); at any other time there are none."""
    if not s.loadouts:
        if any(p.kind == "setup" for p in s.pending):
            raise fail("state.loadouts", "a player setup is asked but no loadout is kept")
        return
    if not s.fight or len(s.loadouts) != len(s.party):
        raise fail("state.loadouts", "one loadout per hero, and only before an encounter")
    for i, (h, lo) in enumerate(zip(s.party, s.loadouts, strict=True)):
        try:
            check_loadout(c, h, lo)
        except IllegalAction as exc:
            raise fail(f"state.loadouts[{i}]", exc.reason) from exc


def check_state(c: CampaignContent, s: CampaignState, fail: Callable[..., SaveError]) -> None:
    check_party(c, s, fail)
    for i, p in enumerate(s.pending):
        check_pending(c, s, p, f"state.pending[{i}]", fail)
    if s.fight and not s.chapter:
        raise fail("state.fight", "an encounter with no chapter")
    if s.chapter and (not s.history or s.history[-1].chapter != s.chapter):
        # the chapter being read is the last one played: its result is written there
        raise fail("state.history", f"does not end with the current chapter {s.chapter}")
    if s.fight and c.chapters[s.chapter].kind != "encounter":
        raise fail("state.fight", f"chapter {s.chapter} is not an encounter")
    check_loadouts(c, s, fail)
    broken = violations(c, s)
    if broken:
        raise fail("state", broken[0])


def state_from_json(data: Any, file: str, c: CampaignContent) -> CampaignState:
    """A CampaignState from a save's "state" object, or SaveError(file, field)."""
    first = serial.Loader(file, {})
    if not isinstance(data, dict):
        raise first.fail("state", "expected an object")
    if "heroes_count" not in data:
        raise first.fail("state.heroes_count", "missing")
    first.value(int, serial.Spec(lo=3, hi=5), data["heroes_count"], "state.heroes_count")
    r = serial.Loader(file, domains(c, data["heroes_count"]))
    s = r.load(CampaignState, data, "state")
    check_log(s.log, r.fail, "state.log")
    check_state(c, s, r.fail)
    return s
