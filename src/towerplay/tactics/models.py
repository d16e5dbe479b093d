"""Pydantic models of Adventure Tactics content (the YAML under content/).

Card and boss-card texts are executable data in a small vocabulary of steps
(`op:`) that the engine runs. Every entry says where its facts come from:
`rulebook` (stated by the rulebook), `public` (other public sources) or
`designed` (made up here so the engine can be played; see docs/content-tactics.md).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from towerplay.core.content import Entry
from towerplay.tactics.grid import looks_like_square

Colour = Literal["red", "blue", "green", "yellow"]
Condition = Literal["slowed", "weakened", "stunned", "invisible"]
CardKind = Literal[
    "action",
    "basic_move",
    "basic_attack",
    "weapon",
    "armor",
    "accessory",
    "class_feature",
    "mark_of_death",
]
# Where a card is sorted (rulebook: Sorting the Cards): a banner names its divider; loot
# equipment names the encounter it is found in instead.
Banner = Literal["market", "party_items", "supply_items", "supply_perks", "story_perks"]
EQUIPMENT_KINDS = ("weapon", "armor", "accessory")


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


Range = tuple[int, int]
# Whom an area affects: every character in it (the rulebook's rule, AT-AOE-3), or only
# the user's opponents or its own side where the card's text says so (AT-CARD-3).
Affects = Literal["all", "foes", "allies"]


def _check_range(r: Range) -> Range:
    if r[0] < 0 or r[1] < r[0]:
        raise ValueError(f"range {r[0]}-{r[1]} is not a band lo <= hi with lo >= 0")
    return r


# --- hero card steps -----------------------------------------------------------


class MoveStep(Strict):
    """Move up to `points` squares (None: the class card's basic movement)."""

    op: Literal["move"]
    points: int | None = Field(default=None, ge=1)
    through_characters: bool = False
    diagonal: bool = False  # the card's own way of moving (AT-MOVE-1)


class AttackStep(Strict):
    """An attack; `basic: true` takes dice and range from the class card (AT-ATK-1)."""

    op: Literal["attack"]
    basic: bool = False
    dice: tuple[Colour, ...] = ()
    range: Range = (1, 1)
    aoe: int = Field(default=0, ge=0)
    affects: Affects = "all"
    bonus: int = 0
    conditions: tuple[Condition, ...] = ()

    @model_validator(mode="after")
    def _shape(self) -> AttackStep:
        _check_range(self.range)
        if not self.basic and not self.dice:
            raise ValueError("a non-basic attack names its dice")
        return self


class HealStep(Strict):
    """Heal a hero in range (range 0: yourself) by dice plus `amount`."""

    op: Literal["heal"]
    dice: tuple[Colour, ...] = ()
    amount: int = 0
    range: Range = (0, 0)
    aoe: int = Field(default=0, ge=0)
    affects: Affects = "all"

    @model_validator(mode="after")
    def _shape(self) -> HealStep:
        _check_range(self.range)
        return self


class ConditionStep(Strict):
    """Give a condition to yourself (range 0), an ally or an enemy in range."""

    op: Literal["condition"]
    condition: Condition
    range: Range = (0, 0)
    on: Literal["ally", "enemy"] = "ally"
    lasting: bool = False  # the effect says it outlasts cleanup (AT-CLEAN-2)


class SummonStep(Strict):
    """Place a summoned creature on a free square adjacent to you."""

    op: Literal["summon"]
    summon: str


class DrawStep(Strict):
    op: Literal["draw"]
    count: int = Field(ge=1)


Step = Annotated[
    MoveStep | AttackStep | HealStep | ConditionStep | SummonStep | DrawStep,
    Field(discriminator="op"),
]


class Consumable(Strict):
    """A party item an encounter can use once: a campaign consumable's id, name and
    steps, carried by the encounter's config (`items:`, AT-ITEM-1)."""

    id: str = Field(min_length=1)
    name: str
    steps: tuple[Step, ...] = Field(min_length=1)


class Response(Strict):
    """When a response may be played and what it does to the attack (AT-KEY-3)."""

    event: Literal["attacked"]
    range: int = Field(default=0, ge=0)  # 0: only when you are attacked
    ignore: bool = False
    reduce: int = Field(default=0, ge=0)


class Modifiers(Strict):
    """Ongoing effects of a passive ability or of equipment on the player board."""

    max_hp: int = 0
    movement: int = 0
    hand_size: int = 0
    damage_reduction: int = 0
    attack_bonus: int = 0
    basic_attack_bonus: int = 0
    range_bonus: int = 0
    heal_bonus: int = 0
    extra_basic_die: Colour | None = None
    reroll_blanks: bool = False
    initiative_swap: bool = False


class Card(Entry):
    """An action card, basic card, equipment or class feature.

    `options` are the abilities separated by the card's blue line: playing the
    card does exactly one of them (AT-CARD-2). Each option is a list of steps.
    """

    name: str
    kind: CardKind
    free: bool = False
    remove: bool = False
    response: Response | None = None
    options: tuple[tuple[Step, ...], ...] = ()
    equipped: Modifiers = Modifiers()
    text: str = ""
    copies: int = Field(default=1, ge=1)  # physical copies in the box (the component counts)
    banner: Banner | None = None
    loot: str | None = None  # the encounter id this loot card is found in (Supply > Loot)

    @model_validator(mode="after")
    def _shape(self) -> Card:
        dead = self.kind in EQUIPMENT_KINDS or self.kind == "mark_of_death"
        if not self.options and self.response is None and not dead:
            raise ValueError("a card needs options or a response")
        if self.response is not None and self.options:
            raise ValueError("a response card has no options")
        return self


class Ability(Entry):
    """A passive ability or dice ability on the player board (never discarded)."""

    name: str
    kind: Literal["passive", "dice"]
    modifiers: Modifiers
    text: str = ""
    copies: int = Field(default=1, ge=1)
    story: bool = False  # marked Story: sorted behind Story > Perks, gained in the campaign


class Die(Entry):
    colour: Colour
    faces: tuple[int, int, int, int, int, int]
    count: int = 3


BasicAttackModifier = Literal[
    "extra_die_adjacent",  # Demon Hunter: roll an extra die against an adjacent target
    "heal_1",  # Paladin: heal 1 HP
    "push_1",  # Warlock: after the attack, move the target one square in any direction
    "splash_range_2",  # War Mage: 1 damage to another target at range 2
]


class ClassCard(Entry):
    """A class card plus what a standalone encounter needs to field the class.

    In a campaign a hero's HP, cards and abilities come from its level-up cards; the
    `hp`, `starting_cards`, `passive` and `starting_equipment` here are the Starter's
    (basic classes) or a ready-made deck for playing the class in a single encounter
    (elite classes). `prerequisites`, `hp_gain` and `basic_attack_modifier` are the
    Elite Class Table's.
    """

    name: str
    elite: bool = False
    movement: int = Field(ge=1)
    attack_dice: tuple[Colour, ...]
    attack_range: Range
    hp: int = Field(ge=1)
    starting_cards: tuple[str, ...]
    passive: str
    starting_equipment: tuple[str, ...] = ()
    prerequisites: dict[str, int] = {}  # basic class id -> level-up cards needed
    hp_gain: int = Field(default=0, ge=0)
    basic_attack_modifier: BasicAttackModifier | None = None
    figure: str | None = None  # the hero pictured on an elite class card (any hero may take it)

    @model_validator(mode="after")
    def _shape(self) -> ClassCard:
        _check_range(self.attack_range)
        if self.elite != bool(self.prerequisites):
            raise ValueError("an elite class has prerequisites; a basic class has none")
        if not self.elite and self.hp_gain:
            raise ValueError("only an elite class has an HP gain")
        return self


class Summon(Entry):
    """A summoned creature's card (AT-SUM-1..4)."""

    name: str
    hp: int = Field(ge=0)
    movement: int = Field(ge=0)
    attack_dice: tuple[Colour, ...]
    attack_range: Range
    damageable: bool = True
    removed_when_knocked_out: bool = False
    limit: int = Field(default=1, ge=1)
    # how its card says it takes its turn: with its owner's, or its own token (AT-SUM-1)
    turns: Literal["with_owner", "own"] = "with_owner"


# --- enemies and boss decks ----------------------------------------------------


class EnemyStats(Strict):
    hp: int = Field(ge=1)
    movement: int = Field(ge=0)
    attack_dice: tuple[Colour, ...]
    attack_range: Range
    attack_bonus: int = 0


class EnemyType(Entry):
    name: str
    role: Literal["boss", "minion"]
    large: bool = False
    stats: dict[int, EnemyStats]
    passives: tuple[Literal["shapeless_void", "bound_to_serve"], ...] = ()
    prefers: str | None = None  # a hero class id this enemy targets first
    text: str = ""

    @model_validator(mode="after")
    def _counts(self) -> EnemyType:
        missing = [n for n in (3, 4, 5) if n not in self.stats]
        if missing:
            raise ValueError(f"stats missing for {missing} heroes")
        return self


class EMove(Strict):
    op: Literal["move"]
    extra: int = 0


class EAttack(Strict):
    """The enemy's basic attack, or the named attack given here."""

    op: Literal["attack"]
    name: str = ""
    dice: tuple[Colour, ...] = ()
    range: Range | None = None
    aoe: int = Field(default=0, ge=0)
    affects: Affects = "all"
    conditions: tuple[Condition, ...] = ()


class EHarpoon(Strict):
    """Target in range is moved to the closest square adjacent to the user."""

    op: Literal["harpoon"]
    range: Range


class ESpawn(Strict):
    """Spawn minions of `enemy` next to the user, on spawn squares, or next to heroes.

    At the scenario's limit, `at_limit: none` spawns nothing; `replace` removes the
    oldest minion of the type first.
    """

    op: Literal["spawn"]
    enemy: str
    count: int = Field(ge=1)
    where: Literal["adjacent", "spawn_points", "near_hero"] = "adjacent"
    at_limit: Literal["none", "replace"] = "none"


class EWall(Strict):
    op: Literal["wall"]
    wall: str


class EHeal(Strict):
    op: Literal["heal"]
    amount: int = Field(ge=1)


class ERandomMove(Strict):
    """Move in the direction drawn from the direction deck and read on the compass."""

    op: Literal["random_move"]
    points: int = Field(ge=1)


class ERandomAttack(Strict):
    """Attack the first hero in the drawn direction, if it is in range and sight."""

    op: Literal["random_attack"]
    name: str = ""
    dice: tuple[Colour, ...] = ()
    range: Range = (1, 1)
    conditions: tuple[Condition, ...] = ()


EnemyStep = Annotated[
    EMove | EAttack | EHarpoon | ESpawn | EWall | EHeal | ERandomMove | ERandomAttack,
    Field(discriminator="op"),
]


class Activation(Strict):
    """Who acts and what they do: `who` is boss, minions, all, or an enemy type id."""

    who: str
    steps: tuple[EnemyStep, ...]


class BossCard(Strict):
    name: str
    activations: tuple[Activation, ...]


class BossDeck(Entry):
    name: str
    cards: tuple[BossCard, ...]


class WallType(Entry):
    name: str
    blocks: bool  # True: a wall (no entry, blocks sight); False: an obstacle (cost 2)
    length: int = Field(ge=1)
    limit: int | None = None


# --- encounters -------------------------------------------------------------------


class Placement(Strict):
    id: str
    enemy: str
    at: str
    heroes: tuple[int, ...] = (3, 4, 5)

    @model_validator(mode="after")
    def _ids(self) -> Placement:
        if looks_like_square(self.id.lower()):
            raise ValueError(f"enemy id {self.id!r} would read as a square")
        return self


class Objective(Strict):
    kind: Literal[
        "defeat_boss",
        "defeat_all",
        "defeat_type",
        "reach",
        "by_round",
        "no_knockouts",
        "no_potions",
    ]
    enemy: str | None = None
    squares: tuple[str, ...] = ()
    rounds: int | None = None
    text: str


class Scaling(Strict):
    """How much tougher an encounter's enemies grow per party level above 1 when the
    campaign plays it (AT-CAMP-6, designed): HP in percent of their printed HP, and +1 to
    every attack per `attack_every` levels (0: never). A level-1 party meets the printed
    numbers, so standalone play is untouched."""

    boss_hp: int = Field(default=0, ge=0, le=300)
    minion_hp: int = Field(default=0, ge=0, le=300)
    attack_every: int = Field(default=0, ge=0, le=9)


class Encounter(Entry):
    """One encounter chapter: map, enemies by hero count, boss deck, objectives."""

    name: str
    chapter: int
    map: tuple[str, ...]  # top row first; see docs/content-tactics.md for the legend
    placements: tuple[Placement, ...]
    boss_deck: str
    boss_initiative: int = 2
    minion_limits: dict[str, int] = {}
    walls: tuple[str, ...] = ()
    main: Objective
    bonus: Objective
    round_limit: int | None = None  # an encounter-specific failure
    scaling: Scaling = Scaling()  # in the campaign, by the party's level (AT-CAMP-6)
    success: str
    plus_success: str
    failure: str

    @model_validator(mode="after")
    def _map(self) -> Encounter:
        widths = {len(row) for row in self.map}
        if len(widths) != 1:
            raise ValueError("map rows differ in length")
        if "S" not in "".join(self.map):
            raise ValueError("map has no highlighted start squares (S)")
        return self


# --- files --------------------------------------------------------------------


class DiceFile(Strict):
    dice: tuple[Die, ...]


class ClassesFile(Strict):
    classes: tuple[ClassCard, ...]


class CardsFile(Strict):
    cards: tuple[Card, ...]


class AbilitiesFile(Strict):
    abilities: tuple[Ability, ...]


class SummonsFile(Strict):
    summons: tuple[Summon, ...]


class EnemiesFile(Strict):
    enemies: tuple[EnemyType, ...]
    walls: tuple[WallType, ...]


class BossDecksFile(Strict):
    boss_decks: tuple[BossDeck, ...]


class EncountersFile(Strict):
    encounters: tuple[Encounter, ...]
