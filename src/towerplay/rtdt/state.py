"""Plain-data state of a Return to Dark Tower game.

Everything that changes during a game lives here as ints, strings and lists of
them, so that clone(), saves and replays are exact. Content (cards, board) is
referenced by id and never copied. The field declarations are the save format:
core/serial.py saves, checks and clones from them; `of=` names the content a
value must be one of (the domains rtdt/save.py supplies), `seats=True` a list
with one entry per seat.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from towerplay.core import serial
from towerplay.core.narration import Event
from towerplay.core.protocol import Result
from towerplay.core.replay import Chain
from towerplay.core.serial import spec
from towerplay.rtdt.tower import Tower

DECKS = ("potions", "treasures", "corruptions")  # the shuffled card decks (rtdt/decks.py)


@dataclass(frozen=True, slots=True)
class Config:
    """What a player chooses before the game (and what the game code encodes)."""

    players: int = field(metadata=spec(lo=1, hi=4))
    heroes: tuple[str, ...] = field(metadata=spec(of="heroes"))
    kingdoms: tuple[str, ...] = field(metadata=spec(of="kingdoms"))
    difficulty: str = field(default="heroic", metadata=spec(of=("heroic", "gritty")))
    mode: str = field(default="cooperative", metadata=spec(of=("cooperative", "competitive")))
    foes: tuple[str, ...] = field(default=(), metadata=spec(of="foes"))  # level 2, 3, 4
    adversary: str = field(default="", metadata=spec(of="adversaries"))
    companion: str = field(default="", metadata=spec(of="companions"))
    seed: int = field(
        default=0, metadata=spec(hi=34**6 - 1)
    )  # the code's random part (gamecode.SEED_LIMIT)
    code: str = ""
    first_player: int = field(default=0, metadata=spec(hi=3))
    # "covenant": monuments, wastelands and doom skulls (COV-MODE-2)
    expansion: str = field(default="", metadata=spec(of=("", "covenant")))
    # base | covenant | both (COV-SETUP-3, COV-SETUP-4)
    treasures: str = field(default="base", metadata=spec(of=("base", "covenant", "both")))
    # Covenant corruptions shuffled into the deck (COV-SETUP-5)
    new_corruptions: int = field(default=0, metadata=spec(hi=12))
    base_corruptions: bool = True  # False: only the new ones

    @property
    def covenant(self) -> bool:
        return self.expansion == "covenant"

    def to_json(self) -> dict[str, Any]:
        return serial.dump(self)


@dataclass(slots=True)
class HeroState:
    hero: str = field(metadata=spec(of="heroes"))
    seat: int = field(metadata=spec(of="seats"))
    kingdom: str = field(metadata=spec(of="kingdoms"))  # home kingdom
    space: str = field(metadata=spec(of="spaces"))
    warriors: int = 7
    spirit: int = 1
    potions: list[str] = field(default_factory=list, metadata=spec(of="potions"))
    gear: list[str] = field(default_factory=list, metadata=spec(of="gear"))
    treasures: list[str] = field(default_factory=list, metadata=spec(of="treasures"))
    quest_items: list[str] = field(default_factory=list, metadata=spec(of="quest_items"))
    # active: kingdom virtue + face-up tiles
    virtues: list[str] = field(default_factory=list, metadata=spec(of="virtues"))
    inactive: list[str] = field(
        default_factory=list, metadata=spec(of="virtues")
    )  # face-down virtue tiles
    corruptions: list[str] = field(default_factory=list, metadata=spec(of="corruptions"))
    companions: list[str] = field(default_factory=list, metadata=spec(of="companions"))
    spores: int = field(
        default=0, metadata=spec(hi=2)
    )  # Lingering Rot's spore tokens on the hero board
    # competitive: face-down heroic trials, then face up
    trials: list[str] = field(default_factory=list, metadata=spec(of="trials"))
    # CMP-TRIAL-5: the game keeps the trials (dealt and done), not the app
    trials_done: list[str] = field(default_factory=list, metadata=spec(of="trials"))
    eliminated: bool = False  # competitive: out of the game

    def clone(self) -> HeroState:
        return serial.clone(self)

    def cards(self) -> list[str]:
        """Every card whose abilities apply to this hero."""
        return list(self.card_key())

    def card_key(self) -> tuple[str, ...]:
        """The same cards, in the same order, as one tuple: the key of the hero's Profile
        (World.hero_profile), built without joining lists."""
        return (
            *self.virtues,
            *self.gear,
            *self.treasures,
            *self.corruptions,
            *self.quest_items,
            *self.companions,
        )

    def to_json(self) -> dict[str, Any]:
        return serial.dump(self)


@dataclass(frozen=True, slots=True)
class Decision:
    """A pending question to one seat. Immutable: updated by replacement, shared by clones.

    kind names the question; the other fields are its context.
    """

    kind: str = field(metadata=spec(of="decisions"))
    seat: int = field(metadata=spec(of="seats"))
    amount: int = 0
    scope: str = ""
    target: str = ""
    options: tuple[str, ...] = ()
    up_to: bool = False
    context: str = ""

    def to_json(self) -> dict[str, Any]:
        return serial.dump(self)


@dataclass(slots=True)
class TurnState:
    """What the current hero has done this turn."""

    seat: int = field(metadata=spec(of="seats"))
    phase: str = field(
        default="start", metadata=spec(of="phases")
    )  # start, middle, then the turn's end (save.PHASES)
    banner_done: bool = False
    # mandatory start-of-turn abilities
    start_pending: list[str] = field(default_factory=list, metadata=spec(of="cards"))
    moves_left: int = 0
    doubled: bool = False
    moving_started: bool = False
    heroic_done: bool = False
    reinforces: int = 0
    # where this turn's Reinforce happens: a building, or a siege tree's space (RTDT-TOKEN-8)
    reinforce_space: str = field(default="", metadata=spec(of="spaces", blank=True))
    reinforce_cancelled: bool = False
    # the face rolled for the next Reinforce
    haggle: str = field(
        default="", metadata=spec(of=("normal", "warriors", "potion", "gear", "cancel"), blank=True)
    )
    traded: bool = False
    # once-per-turn abilities already used
    used: list[str] = field(default_factory=list, metadata=spec(of="used"))
    extra_turn: bool = False
    advantages_used: int = 0  # this turn, for per-turn caps
    # the action under way was taken with its glyph facing the hero (Vasa's `glyph_action`)
    glyph_faced: bool = field(default=False, metadata=spec(added=True))
    # Spymaster's Journal: an inactive virtue active this turn
    borrowed_virtue: str = field(default="", metadata=spec(of="virtues", blank=True))

    def clone(self) -> TurnState:
        return serial.clone(self)

    def to_json(self) -> dict[str, Any]:
        return serial.dump(self)


@dataclass(slots=True)
class Battle:
    """A battle in progress (RTDT-BATTLE-*)."""

    foe: str = field(metadata=spec(of="battle_foes"))  # foe id, or the adversary's id
    space: str = field(metadata=spec(of="spaces"))  # where its token stands
    adversary: bool
    cards: list[str] = field(metadata=spec(of="battle_cards"))  # the battle cards drawn, in order
    index: int  # the card being resolved
    rung: int = field(metadata=spec(hi=4))  # that card's current rung (0 worst .. 4 best)
    # advantages counted and not yet used, by type
    pool: dict[str, int] = field(metadata=spec(keys="advantages"))
    used: int  # advantages used in this heroic action
    lost_warriors: int
    resolved: int
    revealed: bool
    shield: int = 0  # warrior losses the current card will not take (Blessed)
    card_used: int = 0  # advantages spent on the current card (Ascetic, COV-AEGIS-3)
    # cards whose once-a-Battle use was taken in this Battle (Fulminating Silver)
    used_cards: list[str] = field(default_factory=list, metadata=spec(of="used", added=True))
    # the hero's warriors before the card now resolving, while its Tower act's Iron Wall
    # question waits: the card ends once it is answered (COV-CARD-4); -1: no such question
    held_before: int = field(default=-1, metadata=spec(lo=-1, added=True))

    def clone(self) -> Battle:
        return serial.clone(self)

    def to_json(self) -> dict[str, Any]:
        return serial.dump(self)


@dataclass(slots=True)
class ActiveQuest:
    """A quest on the board: which one, its current stage and the space of its marker."""

    quest: str = field(metadata=spec(of="quests"))
    stage: int
    space: str = field(metadata=spec(of="spaces"))
    kind: str = field(metadata=spec(of=("main_goal", "companion", "adversary")))

    def clone(self) -> ActiveQuest:
        return serial.clone(self)

    def to_json(self) -> dict[str, Any]:
        return serial.dump(self)


@dataclass(slots=True)
class Dungeon:
    """A dungeon opened by a quest: its rooms, which are cleared, and (hidden) the target."""

    kind: str = field(metadata=spec(of="dungeon_kinds"))  # dungeon type, or the competitive Tower's
    rooms: list[str] = field(metadata=spec(of="rooms"))  # room ids, drawn for this dungeon
    cleared: list[bool]
    target: int  # index of the target room (hidden from players)

    def clone(self) -> Dungeon:
        return serial.clone(self)

    def to_json(self) -> dict[str, Any]:
        return serial.dump(self)


@dataclass(slots=True)
class Delve:
    """A hero inside a dungeon (RTDT-DUNGEON-*)."""

    space: str = field(metadata=spec(of="dungeon_spaces"))
    room: int = field(metadata=spec(lo=-1))  # the room being resolved, -1 between rooms
    improved: bool
    pool: dict[str, int] = field(
        metadata=spec(keys="advantages")
    )  # advantages counted and not yet used
    used: int
    shield: int = 0  # warrior losses the current room will not take (Blessed)

    def clone(self) -> Delve:
        return serial.clone(self)

    def to_json(self) -> dict[str, Any]:
        return serial.dump(self)


@dataclass(slots=True)
class Trade:
    """An open trade: what moved so far, and the holdings to restore if it is refused."""

    partner: int = field(metadata=spec(of="seats"))
    snapshot: list[HeroState] = field(metadata=spec(length=2))
    moves: list[str] = field(default_factory=list)

    def clone(self) -> Trade:
        return serial.clone(self)


@dataclass(slots=True)
class Site:
    """A Covenant monument in play: its foundation, then the completed monument (COV-MONUMENT-*).

    The monument stands on the space of the building it replaced, so the board's building
    type for that space is the type it counts as (COV-MONUMENT-3).
    """

    monument: str = field(metadata=spec(of="monuments"))
    kingdom: str = field(metadata=spec(of="kingdoms"))
    space: str = field(metadata=spec(of="spaces"))
    offerings: int = field(default=0, metadata=spec(hi=3))  # on the foundation, 0..3 (COV-OFFER-3)
    status: str = field(
        default="foundation", metadata=spec(of=("foundation", "built", "destroyed"))
    )

    def clone(self) -> Site:
        return serial.clone(self)

    def to_json(self) -> dict[str, Any]:
        return serial.dump(self)


@dataclass(slots=True)
class Covenant:
    """Everything the Covenant expansion adds to a game: monuments, wastelands, doom skulls,
    wands' charges, blessings and the new heroes' tokens and cards."""

    sites: list[Site] = field(default_factory=list)
    # spaces with a wasteland token, with a protection token
    wastelands: list[str] = field(default_factory=list, metadata=spec(of="spaces"))
    protections: list[str] = field(default_factory=list, metadata=spec(of="spaces"))
    # building space -> doom skulls among its skulls
    doom: dict[str, int] = field(default_factory=dict, metadata=spec(keys="buildings", hi=12))
    doom_supply: int = field(default=0, metadata=spec(hi=12))
    doom_tower: int = field(
        default=0, metadata=spec(hi=12)
    )  # doom skulls inside the Tower (how many is known, not where)
    doom_removed: int = field(default=0, metadata=spec(hi=12))
    # wand -> charge tokens on it
    charges: dict[str, int] = field(default_factory=dict, metadata=spec(keys="covenant_treasures"))
    blessings: list[int] = field(default_factory=list, metadata=spec(seats=True, hi=8))  # per seat
    quarry: str = ""  # the Warden's quarry: "foe@space", "adversary", or "" (on the board)
    # per seat: the hand, face up this month, set aside
    spells: list[list[str]] = field(default_factory=list, metadata=spec(seats=True, of="spells"))
    prepared: list[list[str]] = field(default_factory=list, metadata=spec(seats=True, of="spells"))
    invocations: list[list[str]] = field(
        default_factory=list, metadata=spec(seats=True, of="spells")
    )
    # Bounty of the Gods' quest items this turn
    borrowed: list[str] = field(default_factory=list, metadata=spec(of="quest_items"))
    # seats that entered a wasteland this turn
    stuck: list[int] = field(default_factory=list, metadata=spec(of="seats"))
    # the Warden's Instinctive during a strike (covenant/heroes.py): "" none asked, "foe@" declined,
    # "foe@space" that token (or "adversary@space") is spared this strike (COV-WARDEN-6)
    dodge: str = ""

    def clone(self) -> Covenant:
        return serial.clone(self)

    def to_json(self) -> dict[str, Any]:
        return serial.dump(self)


@dataclass(slots=True)
class State:
    config: Config
    rng: int = field(metadata=spec(hi=2**64 - 1))  # the generator's state (towerplay.core.rng.Rng)
    heroes: list[HeroState] = field(metadata=spec(seats=True))
    skulls: dict[str, int] = field(
        metadata=spec(keys="buildings", hi=24)
    )  # standing building -> its skulls
    destroyed: list[str] = field(
        metadata=spec(of="buildings")
    )  # building spaces destroyed, in order
    supply: int = field(metadata=spec(hi=24))  # skulls in the supply
    removed: int = field(metadata=spec(hi=24))  # skulls removed from the game
    tower: Tower
    potion_deck: list[str] = field(metadata=spec(of="potions"))
    treasure_deck: list[str] = field(metadata=spec(of="treasures"))
    market: list[str] = field(metadata=spec(of="treasures"))
    corruption_deck: list[str] = field(metadata=spec(of="corruptions"))
    gear_piles: dict[str, int] = field(metadata=spec(keys="gear"))
    month: int = field(metadata=spec(lo=1, hi=6))
    month_turn: int  # turns completed this month
    month_length: int = field(metadata=spec(lo=1))  # hidden from players
    turn_number: int  # turns started in the game
    turn: TurnState
    pending: list[Decision]
    emerged: list[str] = field(
        metadata=spec(of="emerged")
    )  # kingdoms of skulls waiting to be placed, in order
    events: list[str] = field(
        metadata=spec(of="events")
    )  # events waiting to resolve after the skulls are placed
    dropper: int = field(
        metadata=spec(of="seats")
    )  # the seat that dropped the last skull (decides for dormant kingdoms)
    trade: Trade | None
    result: Result | None
    log: Chain[Event]
    history: Chain[str]
    # (foe, space) per token
    foes: list[tuple[str, str]] = field(
        default_factory=list, metadata=spec(items=("foes", "spaces"))
    )
    foe_status: dict[str, str] = field(
        default_factory=dict, metadata=spec(keys="foes", of="statuses")
    )
    battle: Battle | None = None
    # where the adversary stands, once it appears
    adversary_space: str = field(default="", metadata=spec(of="spaces", blank=True))
    # improvements that persist
    adversary_rungs: dict[str, int] = field(
        default_factory=dict, metadata=spec(keys="battle_cards")
    )
    quests: list[ActiveQuest] = field(default_factory=list)
    done_quests: list[str] = field(default_factory=list, metadata=spec(of="quests"))
    # space -> dungeon
    dungeons: dict[str, Dungeon] = field(default_factory=dict, metadata=spec(keys="dungeon_spaces"))
    delve: Delve | None = None
    # Ashstrider's rivers of fire
    fire_rivers: list[tuple[str, str]] = field(
        default_factory=list, metadata=spec(items=("spaces", "spaces"))
    )
    # foe type -> the battle cards the adversary's mutations added to its deck (Gravemaw)
    mutations: dict[str, list[str]] = field(
        default_factory=dict, metadata=spec(keys="foes", of="battle_cards", added=True)
    )
    # Letha's siege trees, one per token
    siege_trees: list[str] = field(default_factory=list, metadata=spec(of="spaces"))
    # foes whose next spawn does not happen (Yana's event, RTDT-COMP-19), one per event
    spawn_prevented: list[str] = field(default_factory=list, metadata=spec(of="foes", added=True))
    # cards used this month whose use is once a month (RTDT-EFFECT-7); a new month clears it
    month_used: list[str] = field(default_factory=list, metadata=spec(of="used", added=True))
    # the Covenant expansion's parts, when any is played
    cov: Covenant | None = field(default=None, metadata=spec(key="covenant"))
    # per deck: who saw each bottom card go under, the bottom card last: a seat, or -1 for
    # every seat (rtdt/decks.py); determinize leaves those cards where they are
    deck_bottoms: dict[str, list[int]] = field(
        default_factory=dict, metadata=spec(keys=DECKS, lo=-1, hi=3)
    )

    def clone(self) -> State:
        return _clone_state(self)


_clone_state = serial.cloner(State)  # generated once, bound for the hot path
