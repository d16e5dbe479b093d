"""Saves: the whole state as JSON, loaded back exactly, mid-decision included.

The format is the State's field declarations (rtdt/state.py), written and read
by core/serial.py. Loading checks every field's type, bound and content id
against the domains below, then the facts that tie fields together (checks.py),
and names the first bad one (SaveError): a hand-edited or truncated save is
refused, never half-built into a game that fails later.
"""

from __future__ import annotations

import re
from typing import Any

from towerplay.core import serial
from towerplay.core.errors import SaveError
from towerplay.core.narration import plain
from towerplay.rtdt.explain import DECISION_RULES
from towerplay.rtdt.models import STATUSES
from towerplay.rtdt.save_checks import check_state
from towerplay.rtdt.state import Config, State
from towerplay.rtdt.world import World

FORMAT = "towerplay-rtdt-3"  # 3: the log is events (core/narration.py), not lines of text
DECKS_FORMAT = "towerplay-rtdt-2"  # 2: `deck_bottoms`; still loaded (docs/saves.md)
OLD_FORMAT = "towerplay-rtdt-1"  # still loaded (docs/saves.md)
OLD_FORMATS = (DECKS_FORMAT, OLD_FORMAT)
# the turn's phases, in order (rules/turn.py advance)
PHASES = ("start", "middle", "drop", "skip", "place", "events", "close", "month", "next")
EVENT = re.compile(
    r"^(tower_stirs|new_wares|companion|tower_acts(:\d+)?|wasteland:\d+|creeping_doom:\d+|monument:\w+|grow:\w+|weaken:\w+|spawn:\w+:\d+|strike:\w+(:\d+)?)$"
)
KINGDOMS = ("north", "east", "south", "west")
EMERGED = (*KINGDOMS, *(f"doom:{k}" for k in KINGDOMS))  # a doom skull is marked (COV-DOOM-3)
ADVANTAGE_TYPES = ("melee", "magic", "stealth", "beast", "humanoid", "undead", "wild")


def save_state(s: State) -> dict[str, Any]:
    return {"format": FORMAT, **serial.dump(s)}


def domains(w: World, players: int, covenant: bool) -> dict[str, Any]:
    """The content every id in a save must name, by the domain names state.py declares."""
    c = w.content
    return {
        "seats": range(players),
        "heroes": c.heroes,
        "kingdoms": c.kingdoms,
        "spaces": c.spaces,
        # a completed Colossus of Björn may stand on any space (COV-CLARIFY-10)
        "buildings": c.spaces if covenant else w.board.building_of,
        "potions": c.potions,
        "gear": c.gear,
        "treasures": c.treasures,
        "quest_items": c.quest_items,
        "virtues": c.virtues,
        "corruptions": w.cards.keys() & c.corruptions.keys(),
        "companions": c.companions,
        "trials": c.trials,
        "decisions": DECISION_RULES,
        "phases": PHASES,
        "cards": w.cards,
        "used": {*w.cards, *c.monuments},
        "battle_foes": {*c.foes, *c.adversaries},
        "battle_cards": c.battle_cards,
        "advantages": ADVANTAGE_TYPES,
        "quests": c.quests,
        "dungeon_kinds": {*c.dungeons, "tower"},
        "rooms": {r.id for d in c.dungeons.values() for r in d.rooms}
        | {r.id for r in c.competitive.tower_rooms},
        "dungeon_spaces": {*c.spaces, "tower"},
        "monuments": c.monuments,
        "covenant_treasures": c.covenant_treasures,
        "spells": c.spells,
        "foes": c.foes,
        "adversaries": c.adversaries,
        "statuses": STATUSES,
        "emerged": EMERGED,
        "events": serial.Pattern(EVENT.match),
    }


def _plain_log(file: str, lines: Any) -> Any:
    """An older save's log lines as plain events (`core.narration.plain`), in the saved form."""
    if not isinstance(lines, list) or not all(isinstance(t, str) for t in lines):
        raise SaveError(file, "log", "expected a list of lines of text")
    return [serial.dump(plain(t)) for t in lines]


def load_state(w: World, data: Any, file: str = "<save>") -> State:
    """A State from a save, or SaveError(file, field) for the first thing wrong in it."""
    if not isinstance(data, dict):
        raise SaveError(file, "(top level)", "expected an object")
    if data.get("format") not in (FORMAT, *OLD_FORMATS):
        older = " or ".join(repr(f) for f in OLD_FORMATS)
        raise SaveError(
            file, "format", f"expected {FORMAT!r} (or {older}), got {data.get('format')!r}"
        )
    body = {k: v for k, v in data.items() if k != "format"}
    if data["format"] == OLD_FORMAT:  # saved before the decks' bottoms were kept
        body.setdefault("deck_bottoms", {})  # nothing known there: re-drawn as before
    if data["format"] in OLD_FORMATS and "log" in body:  # the log was lines of text then
        body["log"] = _plain_log(file, body["log"])
    first = serial.Loader(file, domains(w, 4, True))
    if "config" not in body:
        raise first.fail("config", "missing")
    config = first.load(Config, body["config"], "config")
    known = domains(w, config.players, config.covenant)
    r = serial.Loader(file, known)
    s = r.load(State, body)
    check_state(w, s, known, r.fail)
    return s
