"""Competitive mode content: heroic trials and the Tower's dungeon."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from towerplay.core.content import Entry, Source
from towerplay.rtdt.models.base import AdvantageType, Kingdom, Strict
from towerplay.rtdt.models.battle import Rung

# --- competitive mode: heroic trials and the Tower's dungeon ------------------------------

TrialType = Literal["valor", "prowess", "compassion", "sacrifice"]


class TrialNeeds(Strict):
    """What a heroic trial asks when the hero takes the Quest action on its space.

    Every field set must hold at once. `warriors` .. `treasures` are spent (returned to
    the supply or their decks); `carry_*` must be held and are kept. `advantages` are
    counted like a heroic action's and spent: with `advantage_rule` "any" they may be of
    any types (only `advantage_type`, or Wild, when that is set); "distinct" needs each of
    them of a different type; "same" needs all of one type. Wild stands for any one type.
    `virtues` counts the hero's active virtues, the kingdom virtue included (a hero starts
    with three). `corruptions_at_most` caps the corruptions the hero may hold.
    """

    warriors: int = Field(default=0, ge=0)
    spirit: int = Field(default=0, ge=0)
    potions: int = Field(default=0, ge=0)
    gear: int = Field(default=0, ge=0)
    treasures: int = Field(default=0, ge=0)
    carry_potions: int = Field(default=0, ge=0)
    carry_gear: int = Field(default=0, ge=0)
    carry_treasures: int = Field(default=0, ge=0)
    advantages: int = Field(default=0, ge=0)
    advantage_rule: Literal["any", "distinct", "same"] = "any"
    advantage_type: AdvantageType | None = None
    virtues: int = Field(default=0, ge=0)
    corruptions_at_most: int | None = Field(default=None, ge=0)

    @model_validator(mode="after")
    def _check(self) -> TrialNeeds:
        if self.advantage_rule != "any" and self.advantages < 2:
            raise ValueError(f"advantage_rule {self.advantage_rule!r} needs advantages >= 2")
        if self.advantage_type is not None and self.advantage_rule != "any":
            raise ValueError("advantage_type goes only with advantage_rule 'any'")
        if self.advantage_type is not None and self.advantages == 0:
            raise ValueError("advantage_type set but no advantages asked")
        return self

    def advantages_met(self, pool: dict[str, int]) -> bool:
        """Whether a pool of advantages (by type, "wild" among them) meets this ask: any,
        all different, or all one type (CMP-TRIAL-2). Printed content's own rule, so that
        the engine and an agent weigh a trial alike."""
        n = self.advantages
        if n <= 0:
            return True
        wild = pool.get("wild", 0)
        kinds = {t: c for t, c in pool.items() if t != "wild" and c > 0}
        if self.advantage_rule == "distinct":
            return min(6, len(kinds) + wild) >= n
        if self.advantage_rule == "same":
            return wild >= n or any(c + wild >= n for c in kinds.values())
        if self.advantage_type is not None:
            return pool.get(self.advantage_type, 0) + wild >= n
        return sum(pool.values()) >= n


class Trial(Entry):
    """A heroic trial card: dealt face down, completed on `space` (CMP-TRIAL-*)."""

    name: str
    type: TrialType
    kingdom: Kingdom
    space: str
    text: str
    needs: TrialNeeds


class TowerRoom(Strict):
    """A room of the Tower's dungeon; any advantage type (or Wild) improves it."""

    id: str
    name: str
    source: Source
    initial: Rung
    improved: Rung


class CompetitiveFile(Strict):
    source: Source
    trials: list[Trial]
    tower_rooms: list[TowerRoom] = Field(min_length=2)
    tower_rooms_per_delve: int = Field(ge=2)  # rooms laid out for the Tower's dungeon
    relic_room_text: str  # how the relic is hidden and found, in words

    @model_validator(mode="after")
    def _check(self) -> CompetitiveFile:
        for kind, ids in (
            ("trial", [t.id for t in self.trials]),
            ("tower room", [r.id for r in self.tower_rooms]),
        ):
            dupes = sorted({i for i in ids if ids.count(i) > 1})
            if dupes:
                raise ValueError(f"duplicate {kind} ids: {dupes}")
        if self.tower_rooms_per_delve > len(self.tower_rooms):
            raise ValueError(
                f"tower_rooms_per_delve {self.tower_rooms_per_delve} exceeds "
                f"the {len(self.tower_rooms)} tower rooms"
            )
        return self
