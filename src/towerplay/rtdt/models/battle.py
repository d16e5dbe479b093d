"""Battle cards: ladders of five results that advantages climb."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from towerplay.core.content import Entry, Source
from towerplay.rtdt.models.base import AdvantageType, Strict
from towerplay.rtdt.models.effects import Effect
from towerplay.rtdt.models.foes import Status

# --- battle cards (designed: the app keeps them hidden) ------------------------------


class Rung(Strict):
    text: str
    effects: list[Effect] = Field(default_factory=list)


class BattleCard(Entry):
    """A ladder of five results, worst first; advantages climb it one rung each."""

    name: str
    # mutation: only in a foe's deck once its adversary's `mutate` added it (Gravemaw)
    family: Literal["generic", "trait", "critical", "mutation"]
    trait: AdvantageType | None = None  # trait cards: the trait that brings them into a deck
    rungs: list[Rung] = Field(min_length=5, max_length=5)


class BattleFile(Strict):
    source: Source
    start_rung: dict[Status, int]  # the rung a card is revealed on, by the foe's status
    cards: list[BattleCard]
