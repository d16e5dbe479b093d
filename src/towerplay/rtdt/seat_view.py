"""What one seat sees, typed: the frozen view `RtdtGame.view(seat)` returns.

`observe(seat)` is this view as JSON (docs/observe.md): each field here is the key of the
same name there, in the same order, and `to_json` (core/serial's generated dump) makes
the one from the other. Agents read the view; screens, the server and the learning API read
the JSON. Collections are tuples, except the dicts, which are read-only by convention (a
part whose facts did not change is the same object in the next view: the parts a view's
`SHARED` names and the instances of a `KEPT` class, whose JSON is then made once and is the
same object too).

This module is published: agents may import it (and rtdt/records.py), nothing else of
the engine.
"""

from __future__ import annotations

from typing import Any, ClassVar

from msgspec import Struct

from towerplay.core import serial
from towerplay.core.protocol import Result


class ConfigView(Struct, frozen=True):
    players: int
    heroes: tuple[str, ...]
    kingdoms: tuple[str, ...]
    difficulty: str
    mode: str
    expansion: str
    foes: tuple[str, ...]
    adversary: str
    companion: str
    first_player: int
    treasures: str


class BuildingView(Struct, frozen=True):
    """A building space (standing or fallen) with what the rules derive for it."""

    KEPT: ClassVar[bool] = True  # the same object in `buildings` and its kingdom's

    kingdom: str
    type: str
    standing: bool
    skulls: int | None  # None: destroyed
    doom: int  # Covenant's doom skulls on it (COV-DOOM-3)
    capacity: int
    cleansable: bool
    monument: str | None  # the Covenant monument built there
    protected: bool


class KingdomView(Struct, frozen=True):
    SHARED: ClassVar[frozenset[str]] = frozenset({"buildings"})  # kept with the buildings

    home_of: int | None
    dormant: bool
    buildings: dict[str, BuildingView]  # the same objects as SeatView.buildings
    heroes: tuple[int, ...]  # the seats standing there
    glyphs_facing: tuple[str, ...]


class HeroView(Struct, frozen=True):
    """A hero board as `seat` sees it: another seat's face-down trials are only a count."""

    KEPT: ClassVar[bool] = True  # kept while the hero's board does not change

    hero: str
    seat: int
    kingdom: str
    space: str
    warriors: int
    spirit: int
    potions: tuple[str, ...]
    gear: tuple[str, ...]
    treasures: tuple[str, ...]
    quest_items: tuple[str, ...]
    virtues: tuple[str, ...]
    inactive: tuple[str, ...]
    corruptions: tuple[str, ...]
    companions: tuple[str, ...]
    spores: int
    trials: tuple[str, ...] | int  # a count for the other seats (CMP-HIDDEN-1)
    trials_done: tuple[str, ...]
    eliminated: bool
    cards: tuple[str, ...]  # every card whose abilities apply to the hero, in rules order
    name: str
    corruption_limit: int
    treasure_limit: int
    base_move: int
    glyph_costs: dict[str, int]


class SkullsView(Struct, frozen=True):
    supply: int
    removed: int
    inside_tower: int
    emerged_to_place: tuple[str, ...]


class DecksView(Struct, frozen=True):
    potions: int
    treasures: int
    corruptions: int


class TowerView(Struct, frozen=True):
    seals: tuple[str, ...]  # the seals in place
    rotation: tuple[int, ...]
    glyphs: dict[str, str]  # revealed glyph -> the kingdom it faces


class TurnView(Struct, frozen=True):
    seat: int
    phase: str
    moves_left: int
    steps_left: int
    moving_started: bool
    doubled: bool
    heroic_done: bool
    reinforces: int
    reinforce_space: str
    reinforce_cancelled: bool
    haggle: str
    traded: bool
    banner_done: bool
    start_pending: tuple[str, ...]
    used: tuple[str, ...]
    extra_turn: bool
    advantages_used: int
    borrowed_virtue: str


class FoeView(Struct, frozen=True):
    name: str
    level: int
    traits: tuple[str, ...]
    status: str | None
    on_board: tuple[str, ...]
    strike: str | None


class AdversaryView(Struct, frozen=True):
    id: str
    name: str
    space: str | None
    waits_for: str | None


class QuestView(Struct, frozen=True):
    quest: str
    name: str
    kind: str
    stage: int  # from 1
    stages: int
    text: str
    space: str
    needs: dict[str, Any]  # the stage's printed needs (content's QuestNeeds, defaults left out)


class DungeonView(Struct, frozen=True):
    type: str
    rooms: tuple[str | None, ...]  # None: face down (CMP-HIDDEN-3)
    cleared: tuple[bool, ...]


class DelveView(Struct, frozen=True):
    space: str
    room: int
    room_id: str | None
    improved: bool
    advantages: dict[str, int]
    used: int
    max_advantages: int
    shield: int


class BattleView(Struct, frozen=True):
    foe: str
    space: str
    adversary: bool
    card: int | None  # from 1, once revealed
    card_id: str | None
    index: int
    cards: int
    revealed: bool
    rung: int
    result: str | None
    resolved: int
    advantages: dict[str, int]
    used: int
    max_advantages: int
    card_used: int
    lost_warriors: int
    shield: int


class TradeView(Struct, frozen=True):
    partner: int
    moves: tuple[str, ...]


class SiteView(Struct, frozen=True):
    monument: str
    kingdom: str
    space: str
    offerings: int
    status: str
    name: str
    offering: str  # what lays an offering on its foundation


class CovenantView(Struct, frozen=True):
    SHARED: ClassVar[frozenset[str]] = frozenset({"sites"})

    sites: tuple[SiteView, ...]
    max_offerings: int
    wastelands: tuple[str, ...]
    protections: tuple[str, ...]
    doom: dict[str, int]
    doom_supply: int
    doom_inside_tower: int
    doom_removed: int
    charges: dict[str, int]
    blessings: tuple[int, ...]
    quarry: str
    quarry_at: tuple[str, str] | None
    spells_in_hand: tuple[tuple[str, ...] | int, ...]  # a count for the other seats
    spells_prepared: tuple[tuple[str, ...], ...]
    invocations_set_aside: tuple[tuple[str, ...], ...]
    borrowed_quest_items: tuple[str, ...]
    stuck: tuple[int, ...]
    foreign_virtues: tuple[str, ...]


class DecisionView(Struct, frozen=True):
    kind: str
    seat: int
    amount: int
    scope: str
    target: str
    options: tuple[str, ...] | int  # a count when only its seat may see them
    up_to: bool
    context: str


class SeatView(Struct, frozen=True):
    """Everything on the table `seat` may see (docs/observe.md, field by field); `observe`
    adds what was said (`log`, `events`) to its JSON."""

    SHARED: ClassVar[frozenset[str]] = frozenset(
        {"config", "kingdoms", "buildings", "tower", "foes", "adversary", "quests", "dungeons"}
    )

    schema: str
    seat: int
    to_act: int | None
    current_seat: int
    config: ConfigView
    month: int
    months: int
    turn_in_month: int
    turn_number: int
    average_turns_per_month: int
    kingdoms: dict[str, KingdomView]
    buildings: dict[str, BuildingView]
    heroes: tuple[HeroView, ...]
    market: tuple[str, ...]
    gear_piles: dict[str, int]
    decks: DecksView
    seen_at_bottom: dict[str, tuple[str | None, ...]]
    skulls: SkullsView
    tower: TowerView
    turn: TurnView
    foes: dict[str, FoeView]
    foe_tokens: tuple[tuple[str, str], ...]
    adversary: AdversaryView
    main_companion: str
    fire_rivers: tuple[tuple[str, str], ...]
    siege_trees: tuple[str, ...]
    mutations: dict[str, tuple[str, ...]]  # RTDT-ADVCARD-5
    quests: tuple[QuestView, ...]
    done_quests: tuple[str, ...]
    dungeons: dict[str, DungeonView]
    delve: DelveView | None
    battle: BattleView | None
    trade: TradeView | None
    covenant: CovenantView | None
    pending: DecisionView | None
    prompt: str
    legal_actions: tuple[str, ...]  # each action's text
    result: Result | None
    code: str
    mode: str

    def to_json(self) -> dict[str, Any]:
        """The view as docs/observe.md documents it (without `log` and `events`)."""
        return serial.dump(self)
