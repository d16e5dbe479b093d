"""Load the Return to Dark Tower content (the YAML under content/) into one immutable object.

`load_content()` reads every content file (the base game, competitive mode, Covenant);
`load_content([folder, ...])` lets each extra folder add entries or override them by id (see towerplay.core.content.load_with_overlays).
Checks that span files raise ContentError naming the file and the field.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Protocol, TypeVar

from pydantic import BaseModel

from towerplay.core.content import load_with_overlays
from towerplay.core.errors import ContentError
from towerplay.rtdt.models import (
    Adversary,
    BattleCard,
    BattleFile,
    BoardFile,
    BuildingInfo,
    BuildingsFile,
    Companion,
    CompanionsFile,
    CompetitiveFile,
    Corruption,
    CorruptionsFile,
    CovenantFile,
    DungeonKind,
    DungeonsFile,
    Effect,
    Foe,
    FoesFile,
    Gear,
    HaggleDie,
    Hero,
    HeroesFile,
    Holds,
    ItemsFile,
    KingdomInfo,
    Monument,
    Potion,
    Quest,
    QuestItem,
    QuestsFile,
    Space,
    Spell,
    Treasure,
    Trial,
    Virtue,
)

CONTENT_DIR = Path(__file__).parent / "content"

BOARD = "board.yaml"
HEROES = "heroes.yaml"
ITEMS = "items.yaml"
CORRUPTIONS = "corruptions.yaml"
BUILDINGS = "buildings.yaml"
FOES = "foes.yaml"
BATTLE = "battle.yaml"
COMPANIONS = "companions.yaml"
QUESTS = "quests.yaml"
DUNGEONS = "dungeons.yaml"
COMPETITIVE = "competitive.yaml"
COVENANT = "covenant.yaml"

BUILDING_TYPES = ("citadel", "sanctuary", "village", "bazaar")

Edge = tuple[str, str]


class _HasId(Protocol):
    @property
    def id(self) -> str: ...


E = TypeVar("E", bound=_HasId)
M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True, slots=True)
class Content:
    """Every base-game content entry, by id. Shared by reference; never mutate."""

    kingdoms: Mapping[str, KingdomInfo]
    spaces: Mapping[str, Space]
    heroes: Mapping[str, Hero]
    kingdom_virtues: Mapping[str, Virtue]
    virtues: Mapping[str, Virtue]  # hero virtues and kingdom virtues
    gear: Mapping[str, Gear]
    potions: Mapping[str, Potion]
    treasures: Mapping[str, Treasure]
    corruptions: Mapping[str, Corruption]
    buildings: Mapping[str, BuildingInfo]
    board: BoardFile
    haggle: HaggleDie
    adjacency: tuple[Edge, ...]
    rivers: tuple[Edge, ...]
    foes: Mapping[str, Foe]
    adversaries: Mapping[str, Adversary]
    battle: BattleFile
    battle_cards: Mapping[str, BattleCard]
    companions: Mapping[str, Companion]
    quest_items: Mapping[str, QuestItem]
    quests: Mapping[str, Quest]  # main goals, companion and adversary quests
    dungeons: Mapping[str, DungeonKind]
    rooms_per_delve: int
    competitive: CompetitiveFile
    trials: Mapping[str, Trial]
    # Covenant (COV-*): its heroes, virtues, treasures and corruptions are merged into the
    # tables above (cards are looked up by id); these say which belong to which box.
    covenant: CovenantFile
    monuments: Mapping[str, Monument]
    spells: Mapping[str, Spell]  # spells and invocations by id
    base_heroes: tuple[str, ...]
    base_treasures: tuple[str, ...]
    base_corruptions: tuple[str, ...]
    covenant_heroes: tuple[str, ...]
    covenant_treasures: tuple[str, ...]
    covenant_corruptions: tuple[str, ...]


def load_content(extra: Sequence[Path] = ()) -> Content:
    """Load the base content, then each folder of `extra` in order as an overlay."""
    if not extra:
        return _default_content()
    return _load([CONTENT_DIR, *(Path(p) for p in extra)])


@functools.lru_cache(maxsize=1)
def _default_content() -> Content:
    return _load([CONTENT_DIR])


def _origin(name: str, folders: list[Path]) -> str:
    """The file name(s) a merged content file came from, as load_with_overlays names them."""
    found = [str(folder / name) for folder in folders if (folder / name).exists()]
    return " + ".join(found) or str(folders[0] / name)


def _by_id(entries: Iterable[E], file: str, section: str) -> Mapping[str, E]:
    out: dict[str, E] = {}
    for i, entry in enumerate(entries):
        if entry.id in out:
            raise ContentError(file, f"{section}[{i}].id", f"duplicate id {entry.id!r}")
        out[entry.id] = entry
    return MappingProxyType(out)


def _load(folders: list[Path]) -> Content:
    def load(name: str, model: type[M]) -> tuple[M, str]:
        return load_with_overlays(name, folders, model), _origin(name, folders)

    board, board_file = load(BOARD, BoardFile)
    heroes_f, heroes_file = load(HEROES, HeroesFile)
    items, items_file = load(ITEMS, ItemsFile)
    corruptions_f, corruptions_file = load(CORRUPTIONS, CorruptionsFile)
    buildings_f, buildings_file = load(BUILDINGS, BuildingsFile)

    kingdoms = _by_id(board.kingdoms, board_file, "kingdoms")
    spaces = _by_id(board.spaces, board_file, "spaces")
    covenant, covenant_file = load(COVENANT, CovenantFile)
    heroes = _by_id([*heroes_f.heroes, *covenant.heroes], heroes_file, "heroes")
    kingdom_virtues = _by_id(heroes_f.kingdom_virtues, heroes_file, "kingdom_virtues")
    buildings = _by_id(buildings_f.buildings, buildings_file, "buildings")

    virtues = _virtues(heroes_f, heroes_file, covenant, covenant_file)

    _check_board(board, board_file, kingdom_virtues, buildings, buildings_file)

    foes_f, foes_file = load(FOES, FoesFile)
    battle, battle_file = load(BATTLE, BattleFile)
    companions_f, companions_file = load(COMPANIONS, CompanionsFile)
    quests_f, quests_file = load(QUESTS, QuestsFile)
    dungeons_f, dungeons_file = load(DUNGEONS, DungeonsFile)
    competitive, competitive_file = load(COMPETITIVE, CompetitiveFile)
    for i, trial in enumerate(competitive.trials):
        if trial.space not in spaces:
            raise ContentError(competitive_file, f"trials[{i}].space", f"no space {trial.space!r}")
    foes = _by_id(foes_f.foes, foes_file, "foes")
    adversaries = _by_id(foes_f.adversaries, foes_file, "adversaries")
    battle_cards = _by_id(battle.cards, battle_file, "cards")
    criticals = [("foes", i, f.critical) for i, f in enumerate(foes_f.foes)]
    criticals += [("adversaries", i, a.critical) for i, a in enumerate(foes_f.adversaries)]
    for section, i, critical in criticals:
        if critical not in battle_cards:
            raise ContentError(
                foes_file, f"{section}[{i}].critical", f"no battle card {critical!r}"
            )
    quests = _quests(quests_f, quests_file)
    companions = _by_id(companions_f.companions, companions_file, "companions")
    for i, comp in enumerate(companions_f.companions):
        if comp.main_goal is not None and comp.main_goal not in quests:
            raise ContentError(
                companions_file, f"companions[{i}].main_goal", f"no quest {comp.main_goal!r}"
            )
    quest_items = _by_id(companions_f.quest_items, companions_file, "quest_items")
    for i, adv in enumerate(foes_f.adversaries):
        _check_adversary(adv, f"adversaries[{i}]", foes_file, quest_items, battle_cards)
    _check_quests(quests_f, quests_file, spaces, companions, quest_items)
    _check_dungeons(dungeons_f, dungeons_file, spaces, items, covenant, companions_f)

    return Content(
        kingdoms=kingdoms,
        spaces=spaces,
        heroes=heroes,
        kingdom_virtues=kingdom_virtues,
        virtues=virtues,
        gear=_by_id(items.gear, items_file, "gear"),
        potions=_by_id(items.potions, items_file, "potions"),
        treasures=_merged(
            items.treasures, items_file, covenant.treasures, covenant_file, "treasures"
        ),
        corruptions=_merged(
            corruptions_f.corruptions,
            corruptions_file,
            covenant.corruptions,
            covenant_file,
            "corruptions",
        ),
        buildings=buildings,
        board=board,
        haggle=buildings_f.haggle_die,
        adjacency=tuple((a, b) for a, b in board.adjacency.edges),
        rivers=tuple((a, b) for a, b in board.rivers.edges),
        foes=foes,
        adversaries=adversaries,
        battle=battle,
        battle_cards=battle_cards,
        companions=companions,
        quest_items=quest_items,
        quests=quests,
        dungeons=_by_id(dungeons_f.dungeons, dungeons_file, "dungeons"),
        rooms_per_delve=dungeons_f.rooms_per_delve,
        competitive=competitive,
        trials=_by_id(competitive.trials, competitive_file, "trials"),
        covenant=covenant,
        monuments=_by_id(covenant.monuments, covenant_file, "monuments"),
        spells=_by_id([*covenant.spells, *covenant.invocations], covenant_file, "spells"),
        base_heroes=tuple(h.id for h in heroes_f.heroes),
        base_treasures=tuple(x.id for x in items.treasures),
        base_corruptions=tuple(x.id for x in corruptions_f.corruptions),
        covenant_heroes=tuple(h.id for h in covenant.heroes),
        covenant_treasures=tuple(x.id for x in covenant.treasures),
        covenant_corruptions=tuple(x.id for x in covenant.corruptions),
    )


def _check_dungeons(
    dungeons_f: DungeonsFile,
    file: str,
    spaces: Mapping[str, Space],
    items: ItemsFile,
    covenant: CovenantFile,
    companions_f: CompanionsFile,
) -> None:
    """Dungeon names sit on spaces; the cards a room names exist."""
    gear = {g.id for g in items.gear}
    cards = gear | {x.id for x in [*items.potions, *items.treasures, *covenant.treasures]}
    cards |= {q.id for q in companions_f.quest_items}
    for i, dungeon in enumerate(dungeons_f.dungeons):
        unknown = [sp for sp in dungeon.names if sp not in spaces]
        if unknown:
            raise ContentError(file, f"dungeons[{i}].names.{unknown[0]}", "no such space")
        for j, room in enumerate(dungeon.rooms):
            for side in ("initial", "improved"):
                at = f"dungeons[{i}].rooms[{j}].{side}.effects"
                _check_named(getattr(room, side).effects, at, file, gear, cards)


def _check_named(
    effects: Sequence[Effect], at: str, file: str, gear: set[str], cards: set[str]
) -> None:
    """The cards an effect names exist: a named gear (`card:`), a held item (`holds`),
    inside conditions, choices and paid trades too (RTDT-EFFECT-1, -4)."""
    for k, e in enumerate(effects):
        where = f"{at}[{k}]"
        if e.op == "gain_item" and e.card is not None and e.card not in gear:
            raise ContentError(file, f"{where}.card", f"no gear {e.card!r}")
        if e.op == "if":
            name = "when" if e.when is not None else "unless"
            test = e.when if e.when is not None else e.unless
            if isinstance(test, Holds) and test.item is not None and test.item not in cards:
                raise ContentError(file, f"{where}.{name}.item", f"no item {test.item!r}")
            _check_named(e.effects, f"{where}.effects", file, gear, cards)
        elif e.op == "choose":
            for n, option in enumerate(e.options):
                _check_named(option, f"{where}.options[{n}]", file, gear, cards)
        elif e.op == "may_pay":
            _check_named(e.gain, f"{where}.gain", file, gear, cards)


def _merged(
    base: Sequence[E], base_file: str, extra: Sequence[E], extra_file: str, section: str
) -> Mapping[str, E]:
    """Base entries then the expansion's, by id; an id in both is an error naming the file."""
    out = dict(_by_id(base, base_file, section))
    for i, entry in enumerate(extra):
        if entry.id in out:
            raise ContentError(extra_file, f"{section}[{i}].id", f"duplicate id {entry.id!r}")
        out[entry.id] = entry
    return MappingProxyType(out)


def _virtues(
    heroes_f: HeroesFile, heroes_file: str, covenant: CovenantFile, covenant_file: str
) -> Mapping[str, Virtue]:
    """Every virtue by id: hero virtues as given, then the kingdom virtues."""
    virtues: dict[str, Virtue] = {}
    for file, group in ((heroes_file, heroes_f.heroes), (covenant_file, covenant.heroes)):
        for h, hero in enumerate(group):
            for section in ("starting_virtues", "unlockable_virtues"):
                for v, virtue in enumerate(getattr(hero, section)):
                    if virtue.id in virtues:
                        raise ContentError(
                            file,
                            f"heroes[{h}].{section}[{v}].id",
                            f"duplicate virtue id {virtue.id!r}",
                        )
                    virtues[virtue.id] = virtue
    for v, virtue in enumerate(heroes_f.kingdom_virtues):
        if virtue.id in virtues:
            raise ContentError(
                heroes_file, f"kingdom_virtues[{v}].id", f"duplicate virtue id {virtue.id!r}"
            )
        virtues[virtue.id] = virtue
    return MappingProxyType(virtues)


def _check_adversary(
    adv: Adversary,
    where: str,
    file: str,
    quest_items: Mapping[str, QuestItem],
    battle_cards: Mapping[str, BattleCard],
) -> None:
    """An adversary's own mechanics name things that exist, and its Tower acts use only
    the mechanics it has (RTDT-ADVCARD-*)."""
    if adv.mark is not None and adv.mark not in quest_items:
        raise ContentError(file, f"{where}.mark", f"no quest item {adv.mark!r}")
    for j, card in enumerate(adv.mutations):
        if card not in battle_cards or battle_cards[card].family != "mutation":
            raise ContentError(file, f"{where}.mutations[{j}]", f"no mutation card {card!r}")
    for j, step in enumerate(adv.tower_acts.steps):
        field = f"{where}.tower_acts.steps[{j}]"
        if getattr(step, "act", "") == "mark" and adv.mark is None:
            raise ContentError(file, field, "needs the adversary's mark")
        if getattr(step, "act", "") == "mutate" and not adv.mutations:
            raise ContentError(file, field, "needs the adversary's mutations")


def _quests(quests_f: QuestsFile, file: str) -> Mapping[str, Quest]:
    """Main goals, companion and adversary quests by id, unique across the three."""
    quests: dict[str, Quest] = {}
    for section in ("main_goals", "companion_quests", "adversary_quests"):
        for i, q in enumerate(getattr(quests_f, section)):
            if q.id in quests:
                raise ContentError(file, f"{section}[{i}].id", f"duplicate id {q.id!r}")
            quests[q.id] = q
    return MappingProxyType(quests)


def _check_quests(
    quests_f: QuestsFile,
    file: str,
    spaces: Mapping[str, Space],
    companions: Mapping[str, Companion],
    quest_items: Mapping[str, QuestItem],
) -> None:
    """Every space, companion and quest item a quest names exists, and a stage that
    asks for a dungeon can be placed on one."""
    for section in ("main_goals", "companion_quests", "adversary_quests"):
        for i, q in enumerate(getattr(quests_f, section)):
            where = f"{section}[{i}]"
            if q.companion is not None and q.companion not in companions:
                raise ContentError(file, f"{where}.companion", f"no companion {q.companion!r}")
            if q.quest_item is not None and q.quest_item not in quest_items:
                raise ContentError(file, f"{where}.quest_item", f"no quest item {q.quest_item!r}")
            for j, stage in enumerate(q.stages):
                at = f"{where}.stages[{j}]"
                for k, space in enumerate(stage.place.spaces):
                    if space not in spaces:
                        raise ContentError(file, f"{at}.place.spaces[{k}]", f"no space {space!r}")
                for key in ("items", "carry"):
                    for k, item in enumerate(getattr(stage.needs, key)):
                        if item not in quest_items:
                            raise ContentError(
                                file, f"{at}.needs.{key}[{k}]", f"no quest item {item!r}"
                            )
                wants_dungeon = stage.needs.dungeon or stage.place.dungeon
                if (
                    wants_dungeon
                    and stage.place.spaces
                    and stage.place.caravan is None
                    and not any(spaces[sp].dungeon for sp in stage.place.spaces)
                ):
                    raise ContentError(
                        file, f"{at}.place.spaces", "a dungeon is asked but no space has one"
                    )


def _check_board(
    board: BoardFile,
    board_file: str,
    kingdom_virtues: Mapping[str, Virtue],
    buildings: Mapping[str, BuildingInfo],
    buildings_file: str,
) -> None:
    for i, kingdom in enumerate(board.kingdoms):
        if kingdom.virtue not in kingdom_virtues:
            raise ContentError(
                board_file,
                f"kingdoms[{i}].virtue",
                f"kingdom virtue {kingdom.virtue!r} is not in heroes.yaml kingdom_virtues",
            )

    kingdom_ids = {k.id for k in board.kingdoms}
    per_kingdom: dict[str, dict[str, list[str]]] = {k: {} for k in kingdom_ids}
    for i, space in enumerate(board.spaces):
        if space.kingdom not in kingdom_ids:
            raise ContentError(
                board_file, f"spaces[{i}].kingdom", f"no kingdom entry {space.kingdom!r}"
            )
        if space.building is None:
            continue
        if space.building not in buildings:
            raise ContentError(
                board_file,
                f"spaces[{i}].building",
                f"building type {space.building!r} is not in {buildings_file}",
            )
        per_kingdom[space.kingdom].setdefault(space.building, []).append(space.id)

    for i, kingdom in enumerate(board.kingdoms):
        held = per_kingdom[kingdom.id]
        for btype in BUILDING_TYPES:
            found = held.get(btype, [])
            # RTDT-BUILD-1: exactly one building of each type per kingdom
            if len(found) != 1:
                raise ContentError(
                    board_file,
                    f"kingdoms[{i}]",
                    f"kingdom {kingdom.id!r} needs exactly one {btype}, has {len(found)}"
                    + (f" ({', '.join(found)})" if found else ""),
                )
    # Edge endpoints (and rivers being edges) are checked by BoardFile itself.
