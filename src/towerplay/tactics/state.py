"""Plain-data state of one encounter, and the static board.

Everything that changes during play lives in `State` and its small records;
content (cards, enemies, the encounter map) is shared by reference and named by
id. Pending decisions are data: a stack of `Decision` records. The field
declarations are the save format: core/serial.py saves, checks and clones from
them (`of=` names the domain a value belongs to; tactics/save.py supplies them).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from towerplay.core import serial
from towerplay.core.narration import Event
from towerplay.core.replay import Chain
from towerplay.core.serial import spec
from towerplay.tactics.content import Content
from towerplay.tactics.grid import (
    Geometry,
    Mask,
    Square,
    geometry,
    mask_of,
    parse_square,
    square_name,
)
from towerplay.tactics.models import Consumable, Encounter

SLOTS = ("weapon", "armor", "accessory", "class_feature")
HAND_SIZE = 4  # AT-DRAW-1
TRAP_DAMAGE = 2  # designed


@dataclass(frozen=True, slots=True)
class Board:
    """The static map of an encounter, derived once from its content entry."""

    width: int
    height: int
    walls: Mask
    obstacles: Mask
    traps: Mask
    start: tuple[Square, ...]
    exits: tuple[Square, ...]
    spawn_points: tuple[Square, ...]
    geo: Geometry
    names: tuple[str, ...]  # the text of every square
    by_name: dict[str, Square] = field(compare=False)  # and back (kept out of hash and eq)

    def name(self, sq: Square) -> str:
        return self.names[sq]

    def square(self, text: str) -> Square | None:
        found = self.by_name.get(text)
        return found if found is not None else parse_square(text, self.width, self.height)


_BOARDS: dict[tuple[str, tuple[str, ...]], Board] = {}


def board_of(enc: Encounter) -> Board:
    found = _BOARDS.get((enc.id, enc.map))
    if found is not None:
        return found
    height, width = len(enc.map), len(enc.map[0])
    cells: dict[str, list[Square]] = {}
    for row_index, row in enumerate(enc.map):
        y = height - 1 - row_index
        for x, ch in enumerate(row):
            cells.setdefault(ch, []).append(y * width + x)
    b = Board(
        width=width,
        height=height,
        walls=mask_of(cells.get("#", [])),
        obstacles=mask_of(cells.get("o", []) + cells.get("~", [])),
        traps=mask_of(cells.get("^", [])),
        start=tuple(sorted(cells.get("S", []))),
        exits=tuple(sorted(cells.get("X", []))),
        spawn_points=tuple(sorted(cells.get("*", []) + cells.get("W", []))),
        geo=geometry(width, height),
        names=tuple(square_name(sq, width) for sq in range(width * height)),
        by_name={square_name(sq, width): sq for sq in range(width * height)},
    )
    _BOARDS[(enc.id, enc.map)] = b
    return b


@dataclass(slots=True)
class Unit:
    """A character on the board: hero, summoned creature, boss or minion."""

    uid: str
    side: str = field(metadata=spec(of=("hero", "enemy")))
    kind: str = field(metadata=spec(of=("hero", "summon", "boss", "minion")))
    type_id: str = field(metadata=spec(of="unit_types"))  # class, summon or enemy type id
    hp: int
    max_hp: int = field(metadata=spec(lo=1))
    # anchor square (bottom-left of a large base); last square when KO'd; -1 before placing
    square: Square = field(metadata=spec(of="squares"))
    large: bool = False
    knocked_out: bool = False
    conditions: list[str] = field(default_factory=list, metadata=spec(of="conditions"))
    owner: int = field(default=-1, metadata=spec(lo=-1, hi=4))  # seat of a hero or a summon's owner
    start: Square = field(default=-1, metadata=spec(of="squares"))
    movement: int = 0
    attack_dice: tuple[str, ...] = field(default=(), metadata=spec(of="dice"))
    attack_range: tuple[int, int] = (1, 1)
    attack_bonus: int = field(default=0, metadata=spec(lo=-99, hi=99))
    # its conditions an effect said would outlast cleanup (AT-CLEAN-2)
    lasting: list[str] = field(
        default_factory=list, metadata=spec(of="conditions", added=True)
    )  # a save without it (version 6 before it was added, or older) has none

    def copy(self) -> Unit:
        return serial.clone(self)

    def footprint(self, width: int) -> tuple[Square, ...]:
        if self.square < 0:
            return ()  # not yet placed on the board
        if not self.large:
            return (self.square,)
        s = self.square
        return (s, s + 1, s + width, s + width + 1)


@dataclass(slots=True)
class Hero:
    """A hero's cards and per-turn bookkeeping; the figure is `units[uid]`."""

    seat: int = field(metadata=spec(of="seats"))
    uid: str
    class_id: str = field(metadata=spec(of="classes"))
    deck: list[str] = field(metadata=spec(of="cards"))
    hand: list[str] = field(default_factory=list, metadata=spec(of="cards"))
    discard: list[str] = field(default_factory=list, metadata=spec(of="cards"))
    set_aside: list[str] = field(default_factory=list, metadata=spec(of="cards"))
    # equipment slot -> the card in it, or None (SLOTS)
    board: dict[str, str | None] = field(
        default_factory=dict, metadata=spec(keys=SLOTS, complete=True, of="cards")
    )
    abilities: list[str] = field(default_factory=list, metadata=spec(of="abilities"))
    # the summons cards beside the board: the creatures this hero may summon (AT-SUM-5)
    summons: list[str] = field(default_factory=list, metadata=spec(of="summons"))
    passed: bool = False
    actions: int = 0
    free_played: bool = False
    commanded: list[str] = field(default_factory=list)
    mulliganed: bool = False
    # the maximum HP the equipment on the board adds, counted in the figure's max_hp (AT-HP-1)
    worn_hp: int = field(default=0, metadata=spec(lo=0, hi=99))

    def copy(self) -> Hero:
        return serial.clone(self)

    def card_count(self) -> int:
        board = sum(1 for c in self.board.values() if c is not None)
        return len(self.deck) + len(self.hand) + len(self.discard) + len(self.set_aside) + board


@dataclass(slots=True)
class Decision:
    """A pending decision: what is asked (`kind`), of which seat, with its context."""

    kind: str = field(metadata=spec(of="decisions"))
    seat: int = field(metadata=spec(of="seats"))
    # prompt, choices (the legal actions as token lists), rule, and the kind's own context
    data: dict[str, Any] = field(default_factory=dict, metadata=spec(shallow=True))

    def copy(self) -> Decision:
        return serial.clone(self)


@dataclass(slots=True)
class Resolution:
    """A card (or summon command) being resolved step by step."""

    seat: int = field(metadata=spec(of="seats"))
    card: str
    option: int = field(default=-1, metadata=spec(lo=-1))
    step: int = 0
    actor: str = ""  # unit uid doing the steps (the hero, or a commanded summon)
    last_target: str = ""
    dice: list[int] = field(default_factory=list, metadata=spec(hi=99))
    queue: list[str] = field(default_factory=list)  # area targets not yet affected

    def copy(self) -> Resolution:
        return serial.clone(self)


@dataclass(slots=True)
class EnemyTurn:
    """A boss turn in progress: the revealed card and who still has to act."""

    card: int = field(metadata=spec(of="boss_cards"))
    activation: int = 0
    queue: list[str] = field(default_factory=list)
    started: bool = False
    step: int = 0
    focus: str = ""
    attack: dict[str, Any] = field(default_factory=dict)  # an attack waiting for responses

    def copy(self) -> EnemyTurn:
        return serial.clone(self)


@dataclass(slots=True)
class State:
    encounter: str = field(metadata=spec(of="encounters"))
    heroes_count: int = field(metadata=spec(lo=3, hi=5))  # AT-SETUP-1
    difficulty: str = field(metadata=spec(of="difficulties"))
    units: dict[str, Unit] = field(metadata=spec(keyed="uid"))  # saved as a list
    heroes: list[Hero] = field(metadata=spec(seats=True))
    rng: int = field(metadata=spec(text=True, hi=2**64 - 1))  # saved as decimal text
    round: int = 0
    phase: str = field(default="place", metadata=spec(of="phases"))
    initiative: list[str] = field(default_factory=list)
    turn_index: int = 0
    boss_deck: list[int] = field(default_factory=list, metadata=spec(of="boss_cards"))
    boss_discard: list[int] = field(default_factory=list, metadata=spec(of="boss_cards"))
    direction_deck: list[str] = field(default_factory=list, metadata=spec(of="directions"))
    direction_discard: list[str] = field(default_factory=list, metadata=spec(of="directions"))
    direction_used: bool = False
    compass: int = field(default=0, metadata=spec(hi=3))
    # the wall type and the squares it stands on, per wall
    walls: list[tuple[str, tuple[Square, ...]]] = field(
        default_factory=list, metadata=spec(items=("walls", "board_squares"))
    )
    potions: int = 0
    potions_used: int = 0
    items: list[str] = field(default_factory=list, metadata=spec(of="items"))  # unused consumables
    items_spent: list[str] = field(default_factory=list, metadata=spec(of="items"))
    knockouts: int = 0
    spawned: dict[str, int] = field(default_factory=dict)  # summon ids and minion uids used
    defeated: dict[str, int] = field(default_factory=dict, metadata=spec(keys="unit_types"))
    pending: list[Decision] = field(default_factory=list)
    resolution: Resolution | None = None
    enemy_turn: EnemyTurn | None = None
    # "success", "+success" or "failure" once over
    outcome: str = field(
        default="", metadata=spec(of=("success", "+success", "failure"), blank=True)
    )
    cause: str = ""
    log: Chain[Event] = field(default_factory=Chain)  # what happened, told (tactics/narrate.py)
    decisions: int = field(default=0, metadata=spec(hi=10**9))
    cursor: int = 0  # progress through the heroes within a setup or cleanup phase
    acting: str = ""  # the hero whose turn is in progress
    # what undo rebuilds the encounter from (core/undo.py): the seed it was set up with
    # and every action applied since, in notation (save version 3)
    seed: int = field(default=0, metadata=spec(text=True, hi=2**64 - 1))
    history: Chain[str] = field(default_factory=Chain)

    def clone(self) -> State:
        return _clone_state(self)


_clone_state = serial.cloner(State)  # generated once, bound for the hot path


@dataclass(frozen=True, slots=True)
class Ctx:
    """Everything immutable a rules function needs next to the state."""

    content: Content
    enc: Encounter
    board: Board
    # the party's consumable items this encounter may use, by id (the config's `items`)
    items: dict[str, Consumable] = field(default_factory=dict, compare=False)
    # the campaign party's level the enemies are scaled to (AT-CAMP-6); 1 standalone
    party_level: int = 1
    # derived from content only, filled on first use: modifier sums by (abilities, board)
    totals: dict[tuple[Any, ...], dict[str, int]] = field(
        default_factory=dict, compare=False, repr=False
    )
    # derived from content only, filled on first use: the printed names a seat's view shows
    # (a figure by (id, type), a card by id) and the scaling summary by heroes (look.py)
    looks: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)
    # the ids of the Response cards (AT-KEY-3)
    responses: frozenset[str] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        found = frozenset(
            cid for cid, card in self.content.cards.items() if card.response is not None
        )
        object.__setattr__(self, "responses", found)
