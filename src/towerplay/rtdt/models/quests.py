"""Companions, quest items and quests (main goals, companion and adversary quests)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from towerplay.core.content import Entry, Source
from towerplay.rtdt.models.abilities import Card
from towerplay.rtdt.models.base import AdvantageType, BuildingType, Kingdom, Strict
from towerplay.rtdt.models.effects import Effect
from towerplay.rtdt.models.foes import Status

# --- companions, quest items, quests and dungeons (part 2) ------------------------------


# what a companion event asks of the app, each a handler (rtdt/abilities/companion_events.py)
AppPart = Literal[
    "scatter_foe_type",  # the app names a foe type on the board; move each token up to `steps`
    "prevent_spawn",  # the app names a foe; its next spawn does not happen
    "calm_foe",  # the app names a foe of `trait` whose status is one of `statuses`; one step down
]


class CompanionEvent(Strict):
    """A companion's event: `effects` for the hero who holds the companion (or the dropping
    player), then the part the app decides, `app`, if any."""

    source: Source
    text: str
    effects: list[Effect]
    app: AppPart | None = None
    steps: int = Field(default=0, ge=0)  # scatter_foe_type
    trait: AdvantageType | None = None  # calm_foe
    statuses: list[Status] = Field(default_factory=list)  # calm_foe

    @model_validator(mode="after")
    def _app_fields(self) -> CompanionEvent:
        if self.app == "scatter_foe_type" and self.steps < 1:
            raise ValueError("`app: scatter_foe_type` needs `steps` of at least 1")
        if self.app == "calm_foe" and (self.trait is None or not self.statuses):
            raise ValueError("`app: calm_foe` needs a `trait` and the `statuses` it calms")
        return self


class Companion(Card):
    title: str
    kingdom: Kingdom | None = None
    event: CompanionEvent | None = None
    main_goal: str | None = None  # the main goal this companion offers as the main companion


class QuestItem(Card):
    copies: int = Field(default=1, ge=1)


class Requirement(Strict):
    """What completing a quest (or a stage of one) asks; every field set must be met.

    Resources and items named here are spent, all at once, when the quest completes.
    `advantages` are counted like a heroic action's (of `advantage_type`, or any type
    when it is None) and spent all at once.
    """

    warriors: int = Field(default=0, ge=0)
    spirit: int = Field(default=0, ge=0)
    potions: int = Field(default=0, ge=0)
    gear: int = Field(default=0, ge=0)
    treasures: int = Field(default=0, ge=0)
    items: list[str] = Field(default_factory=list)  # quest items spent
    carry: list[str] = Field(default_factory=list)  # quest items you must carry (kept)
    advantages: int = Field(default=0, ge=0)
    advantage_type: AdvantageType | None = None
    dungeon: bool = False  # completed by clearing the target room of this space's dungeon
    defeat_foe: bool = False  # completed by defeating a foe on this space


class Placement(Strict):
    """Where the app puts a quest's marker: one of `spaces` (or any space of `kingdoms`,
    or any space with a dungeon when `dungeon` is set), drawn from the game's seed."""

    spaces: list[str] = Field(default_factory=list)
    kingdoms: list[Kingdom] = Field(default_factory=list)
    building: BuildingType | None = None
    dungeon: bool = False
    caravan: Kingdom | None = None  # Miras's caravan of that kingdom: a camp dungeon on the move


class QuestStage(Strict):
    text: str
    place: Placement
    needs: Requirement
    rewards: list[Effect] = Field(default_factory=list)


class Outcome(Strict):
    """What a failed adversary quest does: effects on every hero, skulls on buildings,
    foes growing in power."""

    text: str
    each_hero: list[Effect] = Field(default_factory=list)
    skulls_each_kingdom: int = 0
    foes_grow: bool = False


class Quest(Entry):
    name: str
    kind: Literal["main_goal", "companion", "adversary"]
    text: str
    stages: list[QuestStage] = Field(min_length=1)
    companion: str | None = None  # joins the hero who completes it
    quest_item: str | None = None  # given to the hero who completes it
    failure: Outcome | None = None  # adversary quests


class CompanionsFile(Strict):
    companions: list[Companion]
    quest_items: list[QuestItem]


class QuestsFile(Strict):
    main_goals: list[Quest]
    companion_quests: list[Quest]
    adversary_quests: list[Quest]
