"""What one seat sees of an encounter, typed: the frozen view `TacticsGame.view(seat)`
returns.

`observe(seat)` is this view as JSON: each field is the key of the same name there, in the
same order (a hero's `klass` is the key "class"), and `to_json` (core/serial's generated
dump) makes the one from the other; a field in a class's `OMITTED` has no key while it is
None (the hand of another seat's hero, a question's parts only its seat is told). Agents
read the view; screens, the server and the learning API read the JSON. Lists are tuples;
the dicts are read-only by convention.

This module is published: agents may import it, nothing else of the engine.
"""

from __future__ import annotations

from typing import Any, ClassVar

from msgspec import Struct

from towerplay.core import serial


class UnitView(Struct, frozen=True):
    """A figure on the board (a hero, a summon, a boss or a minion)."""

    id: str
    name: str  # the printed name, numbered ("Goblin Minion 2")
    side: str  # hero | enemy
    kind: str  # hero | summon | boss | minion
    type: str
    hp: int
    max_hp: int
    squares: tuple[str, ...]  # none: knocked out and off the board, or not placed yet
    knocked_out: bool
    conditions: tuple[str, ...]
    owner: int  # the seat of a hero or of a summon's hero; -1 for the enemies
    movement: int
    attack_dice: tuple[str, ...]
    attack_bonus: int
    attack_range: tuple[int, ...]  # (nearest, farthest)


class HeroView(Struct, frozen=True):
    """A hero's cards as the seat sees them: its own hand only."""

    KEYS: ClassVar[dict[str, str]] = {"klass": "class"}
    OMITTED: ClassVar[frozenset[str]] = frozenset({"hand"})

    seat: int
    id: str
    name: str
    klass: str
    class_name: str
    deck: int  # cards in the deck
    hand_size: int
    discard: tuple[str, ...]
    set_aside: tuple[str, ...]
    board: dict[str, str | None]  # equipment slot -> its card
    abilities: tuple[str, ...]
    summons: tuple[str, ...]
    actions: int  # taken this turn
    hand: tuple[str, ...] | None = None  # the seat's own hero only, sorted


class AreaView(Struct, frozen=True):
    radius: int
    affects: str  # all | foes | allies (AT-AOE-3)


class PendingView(Struct, frozen=True):
    """The question the encounter waits on; its answers and notes for its own seat only."""

    OMITTED: ClassVar[frozenset[str]] = frozenset({"area", "choices", "notes"})

    kind: str
    seat: int
    prompt: str
    area: AreaView | None = None  # a target's area, where it has one
    choices: tuple[str, ...] | None = None  # the seat's own answers
    notes: dict[str, str] | None = None  # a turn's actions that would only spend a card


class WallView(Struct, frozen=True):
    type: str
    squares: tuple[str, ...]


class ItemView(Struct, frozen=True):
    id: str
    name: str


class ObjectivesView(Struct, frozen=True):
    main: str
    bonus: str
    defeat: str | None  # the boss to defeat, for a "defeat the boss" main objective
    reach: tuple[str, ...]  # the squares to reach, for a "reach" main objective
    round_limit: int | None


class EncounterView(Struct, frozen=True):
    """Everything of the encounter `seat` may see; `observe` adds what was said (`log`,
    `events`) to its JSON."""

    encounter: str
    round: int
    phase: str
    seat: int
    map: tuple[str, ...]  # one text row per line of the map ("#": a wall square)
    walls: tuple[WallView, ...]
    units: tuple[UnitView, ...]
    heroes: tuple[HeroView, ...]
    initiative: tuple[str, ...]
    turn_index: int
    potions: int
    items: tuple[ItemView, ...]
    names: dict[str, str]  # the printed name of every card and ability the view shows
    boss_deck: int
    boss_discard: tuple[str, ...]
    direction_deck: int
    compass: int  # which way the compass points (0-3)
    objectives: ObjectivesView
    scaling: dict[str, Any]  # what the party's level does to the encounter (AT-CAMP-6)
    pending: PendingView | None
    outcome: str
    cause: str

    def to_json(self) -> dict[str, Any]:
        """The view as `observe(seat, told=False)` gives it."""
        return serial.dump(self)
