"""Foes, adversaries, their statuses and the strikes a foe strike event runs."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from towerplay.core.content import Entry, Source
from towerplay.rtdt.models.base import AdvantageType, Strict
from towerplay.rtdt.models.effects import Effect
from towerplay.rtdt.words import N_

# --- foes, adversaries and their strikes (part 2) --------------------------------------

Status = Literal["panicked", "unsteady", "ready", "savage", "lethal"]
STATUSES: tuple[str, ...] = (
    N_("panicked"),
    N_("unsteady"),
    N_("ready"),
    N_("savage"),
    N_("lethal"),
)


class FoeMove(Strict):
    """A strike step that moves this foe's tokens.

    step: each token one space (the dropping player chooses where); toward_active_hero:
    each token `steps` spaces along a shortest path to the active hero; onto_adjacent_hero:
    tokens next to a hero move onto that hero; onto_hero_in_kingdom: each token onto a
    hero in its kingdom, if any; onto_active_hero: every token onto the active hero;
    to_sanctuary_or_citadel: each token to the nearest sanctuary or citadel;
    to_building_next_kingdom: each token to a building space in the next kingdom
    clockwise (the dropping player chooses).
    """

    op: Literal["foe_move"]
    how: Literal[
        "step",
        "toward_active_hero",
        "onto_adjacent_hero",
        "onto_hero_in_kingdom",
        "onto_active_hero",
        "to_sanctuary_or_citadel",
        "to_building_next_kingdom",
    ]
    steps: int = Field(default=1, ge=1)


class HitBuildings(Strict):
    """A strike step that puts skulls on, or destroys, buildings relative to this foe's tokens.

    where: one_per_kingdom (one building, the dropping player's choice, in each kingdom
    holding a token), near (every building on or next to a token), kingdoms (every building
    in a kingdom holding a token), foe_space (the building on each token's space),
    foe_kingdom_one (one building in each token's kingdom, the dropping player's choice).
    """

    op: Literal["hit_buildings"]
    where: Literal["one_per_kingdom", "near", "kingdoms", "foe_space", "foe_kingdom_one"]
    skulls: int = Field(default=1, ge=0)
    per_token: bool = False  # skulls once per token on that space
    destroy: bool = False


class HitHeroes(Strict):
    """A strike step that applies hero effects to the targeted heroes.

    target: near (on or next to a token), kingdom (current kingdom holds a token),
    all, active (the hero whose turn it is). With `per_token`, the effects apply once
    per token of this foe on the hero's space (no token there, no effect).
    """

    op: Literal["hit_heroes"]
    target: Literal["near", "kingdom", "all", "active"]
    effects: list[Effect]
    per_token: bool = False


class AdversaryAct(Strict):
    """A Tower-acts step that only one adversary has, run by its registered handler
    (rtdt/abilities/adversaries.py, `Hooks.adversary_acts`).

    mark: the active hero takes the adversary's `mark` when no hero holds it, then its
    holder suffers `effects` (Bane of Omens); mutate: one of the adversary's `mutations` joins the battle deck of the foe
    type with most tokens on the board (Gravemaw); treasure_toll: every hero loses
    `amount` spirit per treasure held (Isa the Exile).
    """

    op: Literal["adversary_act"]
    act: Literal["mark", "mutate", "treasure_toll"]
    amount: int = Field(default=0, ge=0)
    effects: list[Effect] = Field(default_factory=list)


StrikeStep = Annotated[FoeMove | HitBuildings | HitHeroes | AdversaryAct, Field(discriminator="op")]


class Strike(Strict):
    source: Source
    text: str
    steps: list[StrikeStep]


class Foe(Entry):
    name: str
    level: int = Field(ge=2, le=5)
    traits: list[AdvantageType] = Field(min_length=1, max_length=2)
    tokens: int = Field(ge=1)
    text: str  # what its strike event does, in brief
    plural: bool = True  # its name is plural ("the Oreks strike"); False: "the Clan ... strikes"
    strikes: dict[Status, Strike] = Field(default_factory=dict)  # foes: all five statuses
    critical: str  # id of its critical-hit battle card


class AdversaryRule(Strict):
    """One of an adversary's own mechanics, as the player reads it (docs/content.md)."""

    source: Source
    text: str


class Adversary(Entry):
    name: str
    proper: bool = False  # its name is said without "the" ("Isa the Exile strikes")
    traits: list[AdvantageType] = Field(min_length=1, max_length=2)
    text: str
    tower_acts: Strike  # what "the Tower acts" does while it is the adversary
    critical: str  # id of its critical-hit battle card
    rules: list[AdversaryRule] = Field(default_factory=list)  # its own mechanics, in words
    mark: str | None = None  # the quest item it singles a hero out with (Bane: The Black Mark)
    mark_pass: int = Field(default=0, ge=0)  # spirit the holder pays to pass the mark on
    mutations: list[str] = Field(default_factory=list)  # battle cards its `mutate` hands out
    action_cap: int | None = Field(default=None, ge=1, le=10)  # advantages a heroic action


class FoesFile(Strict):
    foes: list[Foe]
    adversaries: list[Adversary]
