"""Plain-data state of one encounter, its hand-written clone, and the static board.

Everything that changes during play lives in `State` and its small records;
content (cards, enemies, the encounter map) is shared by reference and named by
id. Pending decisions are data: a stack of `Decision` records.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from towerplay.core.replay import Chain
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
from towerplay.tactics.models import Encounter

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
    side: str  # "hero" or "enemy"
    kind: str  # "hero", "summon", "boss", "minion"
    type_id: str  # class, summon or enemy type id
    hp: int
    max_hp: int
    square: Square  # anchor square (bottom-left of a large base); last square when KO'd
    large: bool = False
    knocked_out: bool = False
    conditions: list[str] = field(default_factory=list)
    owner: int = -1  # seat of a hero or of a summon's owner
    start: Square = -1
    movement: int = 0
    attack_dice: tuple[str, ...] = ()
    attack_range: tuple[int, int] = (1, 1)
    attack_bonus: int = 0

    def copy(self) -> Unit:
        return Unit(
            self.uid,
            self.side,
            self.kind,
            self.type_id,
            self.hp,
            self.max_hp,
            self.square,
            self.large,
            self.knocked_out,
            list(self.conditions),
            self.owner,
            self.start,
            self.movement,
            self.attack_dice,
            self.attack_range,
            self.attack_bonus,
        )

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

    seat: int
    uid: str
    class_id: str
    deck: list[str]
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    set_aside: list[str] = field(default_factory=list)
    board: dict[str, str | None] = field(default_factory=dict)
    abilities: list[str] = field(default_factory=list)
    passed: bool = False
    actions: int = 0
    free_played: bool = False
    commanded: list[str] = field(default_factory=list)
    mulliganed: bool = False

    def copy(self) -> Hero:
        return Hero(
            self.seat,
            self.uid,
            self.class_id,
            list(self.deck),
            list(self.hand),
            list(self.discard),
            list(self.set_aside),
            dict(self.board),
            self.abilities,
            self.passed,
            self.actions,
            self.free_played,
            list(self.commanded),
            self.mulliganed,
        )

    def card_count(self) -> int:
        board = sum(1 for c in self.board.values() if c is not None)
        return len(self.deck) + len(self.hand) + len(self.discard) + len(self.set_aside) + board


@dataclass(slots=True)
class Decision:
    """A pending decision: what is asked (`kind`), of which seat, with its context."""

    kind: str
    seat: int
    data: dict[str, Any] = field(default_factory=dict)

    def copy(self) -> Decision:
        return Decision(self.kind, self.seat, dict(self.data))


@dataclass(slots=True)
class Resolution:
    """A card (or summon command) being resolved step by step."""

    seat: int
    card: str
    option: int = -1
    step: int = 0
    actor: str = ""  # unit uid doing the steps (the hero, or a commanded summon)
    last_target: str = ""
    dice: list[int] = field(default_factory=list)
    queue: list[str] = field(default_factory=list)  # area targets not yet affected

    def copy(self) -> Resolution:
        return Resolution(
            self.seat,
            self.card,
            self.option,
            self.step,
            self.actor,
            self.last_target,
            list(self.dice),
            list(self.queue),
        )


@dataclass(slots=True)
class EnemyTurn:
    """A boss turn in progress: the revealed card and who still has to act."""

    card: int
    activation: int = 0
    queue: list[str] = field(default_factory=list)
    started: bool = False
    step: int = 0
    focus: str = ""
    attack: dict[str, Any] = field(default_factory=dict)  # an attack waiting for responses

    def copy(self) -> EnemyTurn:
        attack = {k: list(v) if isinstance(v, list) else v for k, v in self.attack.items()}
        return EnemyTurn(
            self.card,
            self.activation,
            list(self.queue),
            self.started,
            self.step,
            self.focus,
            attack,
        )


@dataclass(slots=True)
class State:
    encounter: str
    heroes_count: int
    difficulty: str
    units: dict[str, Unit]
    heroes: list[Hero]
    rng: int
    round: int = 0
    phase: str = "place"
    initiative: list[str] = field(default_factory=list)
    turn_index: int = 0
    boss_deck: list[int] = field(default_factory=list)
    boss_discard: list[int] = field(default_factory=list)
    direction_deck: list[str] = field(default_factory=list)
    direction_discard: list[str] = field(default_factory=list)
    direction_used: bool = False
    compass: int = 0
    walls: list[tuple[str, tuple[Square, ...]]] = field(default_factory=list)
    potions: int = 0
    potions_used: int = 0
    knockouts: int = 0
    spawned: dict[str, int] = field(default_factory=dict)
    defeated: dict[str, int] = field(default_factory=dict)
    pending: list[Decision] = field(default_factory=list)
    resolution: Resolution | None = None
    enemy_turn: EnemyTurn | None = None
    outcome: str = ""  # "success", "+success" or "failure" once over
    cause: str = ""
    log: Chain[str] = field(default_factory=Chain)
    decisions: int = 0
    cursor: int = 0  # progress through the heroes within a setup or cleanup phase
    acting: str = ""  # the hero whose turn is in progress

    def clone(self) -> State:
        return State(
            self.encounter,
            self.heroes_count,
            self.difficulty,
            {k: u.copy() for k, u in self.units.items()},
            [h.copy() for h in self.heroes],
            self.rng,
            self.round,
            self.phase,
            list(self.initiative),
            self.turn_index,
            list(self.boss_deck),
            list(self.boss_discard),
            list(self.direction_deck),
            list(self.direction_discard),
            self.direction_used,
            self.compass,
            list(self.walls),
            self.potions,
            self.potions_used,
            self.knockouts,
            dict(self.spawned),
            dict(self.defeated),
            [d.copy() for d in self.pending],
            self.resolution.copy() if self.resolution else None,
            self.enemy_turn.copy() if self.enemy_turn else None,
            self.outcome,
            self.cause,
            self.log,
            self.decisions,
            self.cursor,
            self.acting,
        )


@dataclass(frozen=True, slots=True)
class Ctx:
    """Everything immutable a rules function needs next to the state."""

    content: Content
    enc: Encounter
    board: Board
    # derived from content only, filled on first use: modifier sums by (abilities, board)
    totals: dict[tuple[Any, ...], dict[str, int]] = field(
        default_factory=dict, compare=False, repr=False
    )
    # the ids of the Response cards (AT-KEY-3)
    responses: frozenset[str] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        found = frozenset(
            cid for cid, card in self.content.cards.items() if card.response is not None
        )
        object.__setattr__(self, "responses", found)
