"""Saves of an encounter: the State's field declarations as JSON, checked on load.

core/serial.py writes and reads every field of tactics/state.py; the domains
below say what its ids must name (this encounter's squares, the content's
cards, unit types, ...), and `check_state` ties fields together so that a save
that loads plays like the game that was saved: every unit's type fits its kind,
hero figures exist, the phase is one `advance` knows, pending choices name real
squares and cards. Anything else is refused with SaveError(file, field).
"""

from __future__ import annotations

from collections.abc import Container
from typing import Any, get_args

from towerplay.core import serial
from towerplay.core.errors import SaveError
from towerplay.tactics.content import Content
from towerplay.tactics.decks import DIRECTIONS
from towerplay.tactics.encounter import ENEMY_KINDS, PHASES, RESOLUTION_KINDS
from towerplay.tactics.models import Condition, Consumable
from towerplay.tactics.narrate import check_log, upgrade_log
from towerplay.tactics.save_checks import check_state
from towerplay.tactics.setup import POTIONS
from towerplay.tactics.state import Ctx, State, board_of

STEPS = ("turn", "place", "mulligan", "reshuffle", "swap", "knocked_out", "cleanup")
KINDS: tuple[str, ...] = (*RESOLUTION_KINDS, *ENEMY_KINDS, *STEPS)


def read_header(
    data: Any, file: str, game: str, version: int, old: tuple[int, ...]
) -> tuple[int, dict[str, Any]]:
    """A Tactics or campaign save's version and config, checked (SaveError naming the field):
    a JSON object of this `game`, at `version` or one of the `old` ones still loaded."""
    if not isinstance(data, dict):
        raise SaveError(file, "(top level)", "expected a JSON object")
    if data.get("game") != game:
        raise SaveError(file, "game", f"not a {game} save")
    found = data.get("version")
    if found != version and found not in old:
        raise SaveError(
            file, "version", f"expected version {version} (or {', '.join(map(str, old))})"
        )
    config = data.get("config")
    if not isinstance(config, dict):
        raise SaveError(file, "config", "expected an object")
    return int(found), config


def upgrade(state: dict[str, Any], version: Any) -> dict[str, Any]:
    """An older save's state in today's form (docs/saves.md), but for the heroes' summons
    cards (game.with_summons): its log lines become plain events (before 4), a version
    2 state, which kept no seed nor history, gets an empty one, and before 6 no hero's
    equipment counted in its maximum HP yet (game.from_json counts it, AT-HP-1)."""
    out = dict(state)
    if isinstance(out.get("heroes"), list):
        out["heroes"] = [
            dict(h, worn_hp=h.get("worn_hp", 0)) if isinstance(h, dict) else h
            for h in out["heroes"]
        ]
    if version in (4, 5):
        return out
    if "log" in state:
        out["log"] = upgrade_log(state["log"])
    if version == 2:
        out.update(seed="0", history=[])
    return out


def state_to_json(s: State) -> dict[str, Any]:
    return serial.dump(s)


def domains(
    content: Content, encounter: str, heroes: int, items: Container[str] = ()
) -> dict[str, Any]:
    enc = content.encounters[encounter]
    b = board_of(enc)
    squares = b.width * b.height
    return {
        "seats": range(heroes),
        "encounters": content.encounters,
        "difficulties": POTIONS,
        "phases": (*PHASES, "over"),  # the phases step_phase knows, and "over" once ended
        "decisions": KINDS,
        "unit_types": {*content.classes, *content.summons, *content.enemies},
        "summons": content.summons,
        "squares": range(-1, squares),
        "board_squares": range(squares),
        "conditions": get_args(Condition),
        "dice": content.dice,
        "classes": content.classes,
        "cards": content.cards,
        "abilities": content.abilities,
        "boss_cards": range(len(content.boss_decks[enc.boss_deck].cards)),
        "directions": DIRECTIONS,
        "walls": content.walls,
        "enemies": content.enemies,
        "items": items,
    }


def state_from_json(
    data: Any, file: str, content: Content, items: dict[str, Consumable] | None = None
) -> State:
    """A State from a save's "state" object, or SaveError(file, field); `items` are the
    party's consumables the save's config carries."""
    items = items or {}
    first = serial.Loader(file, {"encounters": content.encounters})
    if not isinstance(data, dict):
        raise first.fail("state", "expected an object")
    for key in ("encounter", "heroes_count"):
        if key not in data:
            raise first.fail(f"state.{key}", "missing")
    first.value(str, serial.Spec(of="encounters"), data["encounter"], "state.encounter")
    first.value(int, serial.Spec(lo=3, hi=5), data["heroes_count"], "state.heroes_count")
    r = serial.Loader(file, domains(content, data["encounter"], data["heroes_count"], items))
    s = r.load(State, data, "state")
    check_log(s.log, r.fail, "state.log")
    enc = content.encounters[s.encounter]
    check_state(Ctx(content, enc, board_of(enc), items=items), s, r.fail)
    return s
