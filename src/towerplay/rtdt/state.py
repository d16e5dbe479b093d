"""Plain-data state of a Return to Dark Tower game.

Everything that changes during a game lives here as ints, strings and lists of
them, so that clone(), saves and replays are exact. Content (cards, board) is
referenced by id and never copied.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from towerplay.core.protocol import Result
from towerplay.core.replay import Chain
from towerplay.rtdt.tower import Tower


@dataclass(frozen=True, slots=True)
class Config:
    """What a player chooses before the game (and what the game code encodes)."""

    players: int
    heroes: tuple[str, ...]
    kingdoms: tuple[str, ...]
    difficulty: str = "heroic"
    mode: str = "cooperative"
    foes: tuple[str, ...] = ()  # level 2, 3, 4
    adversary: str = ""
    companion: str = ""
    seed: int = 0  # the code's random part
    code: str = ""
    first_player: int = 0
    expansion: str = ""  # "covenant": monuments, wastelands and doom skulls (COV-MODE-2)
    treasures: str = "base"  # base | covenant | both (COV-SETUP-3, COV-SETUP-4)
    new_corruptions: int = 0  # Covenant corruptions shuffled into the deck (COV-SETUP-5)
    base_corruptions: bool = True  # False: only the new ones

    @property
    def covenant(self) -> bool:
        return self.expansion == "covenant"

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "heroes": list(self.heroes),
            "kingdoms": list(self.kingdoms),
            "difficulty": self.difficulty,
            "mode": self.mode,
            "foes": list(self.foes),
            "adversary": self.adversary,
            "companion": self.companion,
            "seed": self.seed,
            "code": self.code,
            "first_player": self.first_player,
            "expansion": self.expansion,
            "treasures": self.treasures,
            "new_corruptions": self.new_corruptions,
            "base_corruptions": self.base_corruptions,
        }


@dataclass(slots=True)
class HeroState:
    hero: str
    seat: int
    kingdom: str  # home kingdom
    space: str
    warriors: int = 7
    spirit: int = 1
    potions: list[str] = field(default_factory=list)
    gear: list[str] = field(default_factory=list)
    treasures: list[str] = field(default_factory=list)
    quest_items: list[str] = field(default_factory=list)
    virtues: list[str] = field(default_factory=list)  # active: kingdom virtue + face-up tiles
    inactive: list[str] = field(default_factory=list)  # face-down virtue tiles
    corruptions: list[str] = field(default_factory=list)
    companions: list[str] = field(default_factory=list)
    spores: int = 0  # Lingering Rot's spore tokens on the hero board
    trials: list[str] = field(default_factory=list)  # competitive: face-down heroic trials
    # CMP-TRIAL-5: the game keeps the trials (dealt and done), not the app
    trials_done: list[str] = field(default_factory=list)  # competitive: face up
    eliminated: bool = False  # competitive: out of the game

    def clone(self) -> HeroState:
        return HeroState(
            self.hero,
            self.seat,
            self.kingdom,
            self.space,
            self.warriors,
            self.spirit,
            self.potions[:],
            self.gear[:],
            self.treasures[:],
            self.quest_items[:],
            self.virtues[:],
            self.inactive[:],
            self.corruptions[:],
            self.companions[:],
            self.spores,
            self.trials[:],
            self.trials_done[:],
            self.eliminated,
        )

    def cards(self) -> list[str]:
        """Every card whose abilities apply to this hero."""
        return (
            self.virtues
            + self.gear
            + self.treasures
            + self.corruptions
            + self.quest_items
            + self.companions
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "hero": self.hero,
            "seat": self.seat,
            "kingdom": self.kingdom,
            "space": self.space,
            "warriors": self.warriors,
            "spirit": self.spirit,
            "potions": self.potions[:],
            "gear": self.gear[:],
            "treasures": self.treasures[:],
            "quest_items": self.quest_items[:],
            "virtues": self.virtues[:],
            "inactive": self.inactive[:],
            "corruptions": self.corruptions[:],
            "companions": self.companions[:],
            "spores": self.spores,
            "trials": self.trials[:],
            "trials_done": self.trials_done[:],
            "eliminated": self.eliminated,
        }


@dataclass(frozen=True, slots=True)
class Decision:
    """A pending question to one seat. Immutable: updated by replacement, shared by clones.

    kind names the question; the other fields are its context.
    """

    kind: str
    seat: int
    amount: int = 0
    scope: str = ""
    target: str = ""
    options: tuple[str, ...] = ()
    up_to: bool = False
    context: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "seat": self.seat,
            "amount": self.amount,
            "scope": self.scope,
            "target": self.target,
            "options": list(self.options),
            "up_to": self.up_to,
            "context": self.context,
        }


@dataclass(slots=True)
class TurnState:
    """What the current hero has done this turn."""

    seat: int
    phase: str = "start"  # start | middle | over
    banner_done: bool = False
    start_pending: list[str] = field(default_factory=list)  # mandatory start-of-turn abilities
    moves_left: int = 0
    doubled: bool = False
    moving_started: bool = False
    heroic_done: bool = False
    reinforces: int = 0
    reinforce_space: str = ""
    reinforce_cancelled: bool = False
    haggle: str = ""  # the face rolled for the next Reinforce
    traded: bool = False
    used: list[str] = field(default_factory=list)  # once-per-turn abilities already used
    extra_turn: bool = False
    advantages_used: int = 0  # this turn, for per-turn caps
    borrowed_virtue: str = ""  # Spymaster's Journal: an inactive virtue active this turn

    def clone(self) -> TurnState:
        return TurnState(
            self.seat,
            self.phase,
            self.banner_done,
            self.start_pending[:],
            self.moves_left,
            self.doubled,
            self.moving_started,
            self.heroic_done,
            self.reinforces,
            self.reinforce_space,
            self.reinforce_cancelled,
            self.haggle,
            self.traded,
            self.used[:],
            self.extra_turn,
            self.advantages_used,
            self.borrowed_virtue,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "phase": self.phase,
            "banner_done": self.banner_done,
            "start_pending": self.start_pending[:],
            "moves_left": self.moves_left,
            "doubled": self.doubled,
            "moving_started": self.moving_started,
            "heroic_done": self.heroic_done,
            "reinforces": self.reinforces,
            "reinforce_space": self.reinforce_space,
            "reinforce_cancelled": self.reinforce_cancelled,
            "haggle": self.haggle,
            "traded": self.traded,
            "used": self.used[:],
            "extra_turn": self.extra_turn,
            "advantages_used": self.advantages_used,
            "borrowed_virtue": self.borrowed_virtue,
        }


@dataclass(slots=True)
class Battle:
    """A battle in progress (RTDT-BATTLE-*)."""

    foe: str  # foe id, or the adversary's id
    space: str  # where its token stands
    adversary: bool
    cards: list[str]  # the battle cards drawn, in order
    index: int  # the card being resolved
    rung: int  # that card's current rung (0 worst .. 4 best)
    pool: dict[str, int]  # advantages counted and not yet used, by type
    used: int  # advantages used in this heroic action
    lost_warriors: int
    resolved: int
    revealed: bool
    shield: int = 0  # warrior losses the current card will not take (Blessed)
    card_used: int = 0  # advantages spent on the current card (Ascetic, COV-AEGIS-3)

    def clone(self) -> Battle:
        return Battle(
            self.foe,
            self.space,
            self.adversary,
            self.cards[:],
            self.index,
            self.rung,
            self.pool.copy(),
            self.used,
            self.lost_warriors,
            self.resolved,
            self.revealed,
            self.shield,
            self.card_used,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "foe": self.foe,
            "space": self.space,
            "adversary": self.adversary,
            "cards": self.cards[:],
            "index": self.index,
            "rung": self.rung,
            "pool": dict(self.pool),
            "used": self.used,
            "lost_warriors": self.lost_warriors,
            "resolved": self.resolved,
            "revealed": self.revealed,
            "shield": self.shield,
            "card_used": self.card_used,
        }


@dataclass(slots=True)
class ActiveQuest:
    """A quest on the board: which one, its current stage and the space of its marker."""

    quest: str
    stage: int
    space: str
    kind: str  # main_goal | companion | adversary

    def clone(self) -> ActiveQuest:
        return ActiveQuest(self.quest, self.stage, self.space, self.kind)

    def to_json(self) -> dict[str, Any]:
        return {"quest": self.quest, "stage": self.stage, "space": self.space, "kind": self.kind}


@dataclass(slots=True)
class Dungeon:
    """A dungeon opened by a quest: its rooms, which are cleared, and (hidden) the target."""

    kind: str  # dungeon type
    rooms: list[str]  # room ids, drawn for this dungeon
    cleared: list[bool]
    target: int  # index of the target room (hidden from players)

    def clone(self) -> Dungeon:
        return Dungeon(self.kind, self.rooms[:], self.cleared[:], self.target)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "rooms": self.rooms[:],
            "cleared": self.cleared[:],
            "target": self.target,
        }


@dataclass(slots=True)
class Delve:
    """A hero inside a dungeon (RTDT-DUNGEON-*)."""

    space: str
    room: int  # the room being resolved, -1 between rooms
    improved: bool
    pool: dict[str, int]  # advantages counted and not yet used
    used: int
    shield: int = 0  # warrior losses the current room will not take (Blessed)

    def clone(self) -> Delve:
        return Delve(self.space, self.room, self.improved, self.pool.copy(), self.used, self.shield)

    def to_json(self) -> dict[str, Any]:
        return {
            "space": self.space,
            "room": self.room,
            "improved": self.improved,
            "pool": dict(self.pool),
            "used": self.used,
            "shield": self.shield,
        }


@dataclass(slots=True)
class Trade:
    """An open trade: what moved so far, and the holdings to restore if it is refused."""

    partner: int
    snapshot: list[HeroState]
    moves: list[str] = field(default_factory=list)

    def clone(self) -> Trade:
        return Trade(self.partner, [h.clone() for h in self.snapshot], self.moves[:])


@dataclass(slots=True)
class Site:
    """A Covenant monument in play: its foundation, then the completed monument (COV-MONUMENT-*).

    The monument stands on the space of the building it replaced, so the board's building
    type for that space is the type it counts as (COV-MONUMENT-3).
    """

    monument: str
    kingdom: str
    space: str
    offerings: int = 0  # on the foundation, 0..3 (COV-OFFER-3)
    status: str = "foundation"  # foundation | built | destroyed

    def clone(self) -> Site:
        return Site(self.monument, self.kingdom, self.space, self.offerings, self.status)

    def to_json(self) -> dict[str, Any]:
        return {
            "monument": self.monument,
            "kingdom": self.kingdom,
            "space": self.space,
            "offerings": self.offerings,
            "status": self.status,
        }


@dataclass(slots=True)
class Covenant:
    """Everything the Covenant expansion adds to a game: monuments, wastelands, doom skulls,
    wands' charges, blessings and the new heroes' tokens and cards."""

    sites: list[Site] = field(default_factory=list)
    wastelands: list[str] = field(default_factory=list)  # spaces with a wasteland token
    protections: list[str] = field(default_factory=list)  # spaces with a protection token
    doom: dict[str, int] = field(
        default_factory=dict
    )  # building space -> doom skulls among its skulls
    doom_supply: int = 0
    doom_tower: int = 0  # doom skulls inside the Tower (how many is known, not where)
    doom_removed: int = 0
    charges: dict[str, int] = field(default_factory=dict)  # wand -> charge tokens on it
    blessings: list[int] = field(default_factory=list)  # per seat
    quarry: str = ""  # the Warden's quarry: "foe@space", "adversary", or "" (on the board)
    spells: list[list[str]] = field(default_factory=list)  # per seat: the hand
    prepared: list[list[str]] = field(default_factory=list)  # per seat: face up this month
    invocations: list[list[str]] = field(default_factory=list)  # per seat: set aside
    borrowed: list[str] = field(default_factory=list)  # Bounty of the Gods' quest items this turn
    stuck: list[int] = field(default_factory=list)  # seats that entered a wasteland this turn
    # the Warden's Instinctive during a strike (covenant/heroes.py): "" none asked, "foe@" declined,
    # "foe@space" that token (or "adversary@space") is spared this strike (COV-WARDEN-6)
    dodge: str = ""

    def clone(self) -> Covenant:
        return Covenant(
            [x.clone() for x in self.sites],
            self.wastelands[:],
            self.protections[:],
            self.doom.copy(),
            self.doom_supply,
            self.doom_tower,
            self.doom_removed,
            self.charges.copy(),
            self.blessings[:],
            self.quarry,
            [x[:] for x in self.spells],
            [x[:] for x in self.prepared],
            [x[:] for x in self.invocations],
            self.borrowed[:],
            self.stuck[:],
            self.dodge,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "sites": [x.to_json() for x in self.sites],
            "wastelands": self.wastelands[:],
            "protections": self.protections[:],
            "doom": dict(self.doom),
            "doom_supply": self.doom_supply,
            "doom_tower": self.doom_tower,
            "doom_removed": self.doom_removed,
            "charges": dict(self.charges),
            "blessings": self.blessings[:],
            "quarry": self.quarry,
            "spells": [x[:] for x in self.spells],
            "prepared": [x[:] for x in self.prepared],
            "invocations": [x[:] for x in self.invocations],
            "borrowed": self.borrowed[:],
            "stuck": self.stuck[:],
            "dodge": self.dodge,
        }


@dataclass(slots=True)
class State:
    config: Config
    rng: int  # the generator's state (towerplay.core.rng.Rng)
    heroes: list[HeroState]
    skulls: dict[str, int]  # standing building space -> skulls on it
    destroyed: list[str]  # building spaces destroyed, in order
    supply: int  # skulls in the supply
    removed: int  # skulls removed from the game
    tower: Tower
    potion_deck: list[str]
    treasure_deck: list[str]
    market: list[str]
    corruption_deck: list[str]
    gear_piles: dict[str, int]
    month: int
    month_turn: int  # turns completed this month
    month_length: int  # hidden from players
    turn_number: int  # turns started in the game
    turn: TurnState
    pending: list[Decision]
    emerged: list[str]  # kingdoms of skulls waiting to be placed, in order
    events: list[str]  # events waiting to resolve after the skulls are placed
    dropper: int  # the seat that dropped the last skull (decides for dormant kingdoms)
    trade: Trade | None
    result: Result | None
    log: Chain[str]
    history: Chain[str]
    foes: list[tuple[str, str]] = field(default_factory=list)  # (foe, space) per token
    foe_status: dict[str, str] = field(default_factory=dict)
    battle: Battle | None = None
    adversary_space: str = ""  # where the adversary stands, once it appears
    adversary_rungs: dict[str, int] = field(default_factory=dict)  # improvements that persist
    quests: list[ActiveQuest] = field(default_factory=list)
    done_quests: list[str] = field(default_factory=list)
    dungeons: dict[str, Dungeon] = field(default_factory=dict)  # space -> dungeon
    delve: Delve | None = None
    fire_rivers: list[tuple[str, str]] = field(default_factory=list)  # Ashstrider's rivers of fire
    siege_trees: list[str] = field(default_factory=list)  # Letha's siege trees, one per token
    cov: Covenant | None = None  # the Covenant expansion's parts, when any is played

    def clone(self) -> State:
        return State(
            self.config,
            self.rng,
            [h.clone() for h in self.heroes],
            self.skulls.copy(),
            self.destroyed[:],
            self.supply,
            self.removed,
            self.tower.clone(),
            self.potion_deck[:],
            self.treasure_deck[:],
            self.market[:],
            self.corruption_deck[:],
            self.gear_piles.copy(),
            self.month,
            self.month_turn,
            self.month_length,
            self.turn_number,
            self.turn.clone(),
            self.pending[:],
            self.emerged[:],
            self.events[:],
            self.dropper,
            self.trade.clone() if self.trade is not None else None,
            self.result,
            self.log,
            self.history,
            self.foes[:],
            self.foe_status.copy(),
            self.battle.clone() if self.battle is not None else None,
            self.adversary_space,
            self.adversary_rungs.copy(),
            [q.clone() for q in self.quests],
            self.done_quests[:],
            {sp: d.clone() for sp, d in self.dungeons.items()},
            self.delve.clone() if self.delve is not None else None,
            self.fire_rivers[:],
            self.siege_trees[:],
            self.cov.clone() if self.cov is not None else None,
        )
