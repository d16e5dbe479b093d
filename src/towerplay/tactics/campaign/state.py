"""Plain-data state of a campaign: the party, its decks and where it is in the Guide.

Everything that changes between encounters lives here, referenced by content id:
the heroes (campaign/hero.py), Party > Items (bags of gold, revive potions, supply
items), the market deck, Party > Random Encounters (its order hidden), the story
flags, the chapters played with their results and choices, the pending decisions
(a queue of small records, the first one asked now) and what happens once they
are answered (`goto`, `travel`, `page`). The encounter in progress is a
`TacticsGame` held beside this state by `CampaignGame` (`fight` says one is on).
The field declarations are the save format (core/serial.py; campaign/save.py
supplies the domains).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from towerplay.core import serial
from towerplay.core.narration import Event, event
from towerplay.core.replay import Chain
from towerplay.core.serial import spec
from towerplay.tactics.campaign.content import CampaignContent
from towerplay.tactics.campaign.hero import CampaignHero
from towerplay.tactics.campaign.loadout import Loadout
from towerplay.tactics.narrate import N_

DIFFICULTIES = (N_("easy"), N_("normal"), N_("hard"))  # words in its events: marked
POTIONS = {"easy": 4, "normal": 3, "hard": 2}  # AT-CAMP-3: one fewer with 3 heroes
MAX_PLAYERS = 5
# What a pending decision asks (campaign/guide.py answers each kind)
DECISIONS = ("create", "players", "setup", "page", "give", "level", "remove", "tune")


@dataclass(slots=True)
class Pending:
    """A decision the campaign waits for: its kind, the seat asked, its context."""

    kind: str = field(metadata=spec(of="decisions"))
    seat: int = field(metadata=spec(of="seats"))
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class ChapterRecord:
    """One chapter played: its result ("" for a page, or the encounter's) and the
    actions taken there, in order."""

    chapter: str = field(metadata=spec(of="chapters"))
    result: str = field(
        default="", metadata=spec(of=("success", "+success", "failure"), blank=True)
    )
    choices: list[str] = field(default_factory=list)


@dataclass(slots=True)
class CampaignState:
    difficulty: str = field(metadata=spec(of=DIFFICULTIES))
    heroes_count: int = field(metadata=spec(lo=3, hi=5))  # AT-CAMP-1: locked at the start
    players: int = field(metadata=spec(lo=1, hi=MAX_PLAYERS))
    rng: int = field(metadata=spec(text=True, hi=2**64 - 1))
    party: list[CampaignHero] = field(default_factory=list)
    chapter: str = field(default="", metadata=spec(of="chapters", blank=True))
    items: list[str] = field(default_factory=list, metadata=spec(of="items"))  # Party > Items
    market: list[str] = field(default_factory=list, metadata=spec(of="cards"))  # the market deck
    random_deck: list[str] = field(default_factory=list, metadata=spec(of="random_encounters"))
    flags: list[str] = field(default_factory=list)
    history: list[ChapterRecord] = field(default_factory=list)
    pending: list[Pending] = field(default_factory=list)
    goto: str = field(default="", metadata=spec(of="chapters", blank=True))
    travel: bool = False  # draw a random encounter before entering `goto`
    page: list[str] = field(default_factory=list)  # a page to show once the queue is empty
    fight: bool = False  # an encounter is in progress
    loadouts: list[Loadout] = field(default_factory=list)  # one per hero while preparing
    ending: str = ""
    log: Chain[Event] = field(default_factory=Chain)  # what happened, told
    # what undo rebuilds the campaign from (core/undo.py): the seed it was started with
    # and every action applied since, encounters' included (save version 2)
    seed: int = field(default=0, metadata=spec(text=True, hi=2**64 - 1))
    actions: Chain[str] = field(default_factory=Chain)

    def clone(self) -> CampaignState:
        return _clone_state(self)


_clone_state = serial.cloner(CampaignState)


def log(
    s: CampaignState,
    kind: str,
    msg: str,
    *,
    seats: tuple[int, ...] = (),
    amounts: dict[str, int] | None = None,
    **fields: Any,
) -> None:
    """Tell what happened: an event of `kind` whose English template `msg` has `fields`
    (core/narration.py); a campaign hides nothing from its seats but the random deck's
    order, which no event names."""
    s.log = s.log.add(event(kind, msg, seats=seats, amounts=amounts, **fields))


def item_count(c: CampaignContent, s: CampaignState, kind: str) -> int:
    """How many Party > Items cards of a kind (bag_of_gold, revive_potion, ...)."""
    return sum(1 for i in s.items if c.items[i].kind == kind)


def gold(c: CampaignContent, s: CampaignState) -> int:
    """The party's bags of gold, shared by every hero (AT-MARKET-4)."""
    return item_count(c, s, "bag_of_gold")


def supply_left(c: CampaignContent, s: CampaignState, item: str) -> int:
    """Copies of a supply item not in Party > Items (still in Supply > Items)."""
    return c.items[item].copies - s.items.count(item)


def cards_in_play(s: CampaignState) -> Counter[str]:
    """Every card copy the heroes own or the market deck holds."""
    n: Counter[str] = Counter(s.market)
    for h in s.party:
        n.update(h.cards)
    return n
