"""Part-2 content: companions, quest items, quests and dungeons load and hang together."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from towerplay.core.content import load_file
from towerplay.rtdt.models import (
    BoardFile,
    CompanionsFile,
    DungeonsFile,
    Gain,
    Lose,
    Quest,
    QuestsFile,
)

CONTENT = Path(__file__).resolve().parents[2] / "src" / "towerplay" / "rtdt" / "content"

MAIN_COMPANIONS = {
    "gleb",
    "grigor",
    "hakan",
    "letha",
    "miras",
    "nimet",
    "tomas",
    "vasa",
    "yana",
    "zaida",
}
DUNGEON_TYPES = {
    "cave": "beast",
    "encampment": "humanoid",
    "fortress": "melee",
    "ruins": "stealth",
    "shrine": "magic",
    "tomb": "undead",
}


@pytest.fixture(scope="module")
def board() -> BoardFile:
    return load_file(CONTENT / "board.yaml", BoardFile)


@pytest.fixture(scope="module")
def companions() -> CompanionsFile:
    return load_file(CONTENT / "companions.yaml", CompanionsFile)


@pytest.fixture(scope="module")
def quests() -> QuestsFile:
    return load_file(CONTENT / "quests.yaml", QuestsFile)


@pytest.fixture(scope="module")
def dungeons() -> DungeonsFile:
    return load_file(CONTENT / "dungeons.yaml", DungeonsFile)


def all_quests(quests: QuestsFile) -> list[Quest]:
    return [*quests.main_goals, *quests.companion_quests, *quests.adversary_quests]


def assert_unique(ids: list[str]) -> None:
    dupes = [i for i, n in Counter(ids).items() if n > 1]
    assert not dupes, f"duplicate ids: {dupes}"


# --- companions and quest items ---------------------------------------------------


def test_ten_main_companions_each_with_an_existing_main_goal(
    companions: CompanionsFile, quests: QuestsFile
) -> None:
    goals = {q.id: q for q in quests.main_goals}
    mains = {c.id: c for c in companions.companions if c.main_goal is not None}
    assert set(mains) == MAIN_COMPANIONS
    for c in mains.values():
        assert c.main_goal in goals, f"{c.id}: main goal {c.main_goal!r} missing"
        assert c.source == "public"
        assert c.event is not None
        assert any(a.kind == "advantage" for a in c.abilities), c.id
    # one main goal per main companion, no goal without its companion
    assert sorted(c.main_goal for c in mains.values() if c.main_goal) == sorted(goals)


def test_designed_companions(companions: CompanionsFile) -> None:
    extra = [c for c in companions.companions if c.id not in MAIN_COMPANIONS]
    assert 4 <= len(extra) <= 6
    for c in extra:
        assert c.source == "designed"
        assert c.main_goal is None
        assert any(a.kind == "advantage" for a in c.abilities), c.id
        assert any(a.kind != "advantage" for a in c.abilities), c.id


def test_base_quest_items(companions: CompanionsFile) -> None:
    items = {q.id: q for q in companions.quest_items}
    for qid in (
        "mark_of_the_outlaw",
        "golden_wolf_pelt",
        "dragon_scales",
        "fulminating_silver",
        "turquoise_urn",
        "tomass_map",
        "relic_of_light",
        "the_black_mark",
        "amulet_of_hope",
    ):
        assert qid in items
    assert items["amulet_of_hope"].copies == 4
    assert len(items) == 17
    assert sum(q.copies for q in items.values()) == 20


def test_unique_ids(companions: CompanionsFile, quests: QuestsFile, dungeons: DungeonsFile) -> None:
    assert_unique([c.id for c in companions.companions] + [q.id for q in companions.quest_items])
    assert_unique([q.id for q in all_quests(quests)])
    assert_unique([d.id for d in dungeons.dungeons])
    assert_unique([r.id for d in dungeons.dungeons for r in d.rooms])


# --- quests --------------------------------------------------------------------------


def test_quest_pools(quests: QuestsFile) -> None:
    assert len(quests.main_goals) == 10
    assert len(quests.companion_quests) >= 8
    assert len(quests.adversary_quests) >= 8
    for q in quests.main_goals:
        assert q.kind == "main_goal" and 2 <= len(q.stages) <= 4, q.id
    for q in quests.companion_quests:
        assert q.kind == "companion" and len(q.stages) == 1, q.id
        assert (q.companion is None) != (q.quest_item is None), q.id
    for q in quests.adversary_quests:
        assert q.kind == "adversary" and len(q.stages) == 1, q.id
        assert q.failure is not None, q.id
        f = q.failure
        assert f.each_hero or f.skulls_each_kingdom or f.foes_grow, q.id


def test_quest_rewards_exist(companions: CompanionsFile, quests: QuestsFile) -> None:
    companion_ids = {c.id for c in companions.companions}
    item_ids = {q.id for q in companions.quest_items}
    for q in all_quests(quests):
        if q.companion is not None:
            assert q.companion in companion_ids, q.id
        if q.quest_item is not None:
            assert q.quest_item in item_ids, q.id
        for stage in q.stages:
            for name in (*stage.needs.items, *stage.needs.carry):
                assert name in item_ids, f"{q.id}: unknown quest item {name!r}"


def test_placements_are_real_spaces(board: BoardFile, quests: QuestsFile) -> None:
    spaces = {s.id: s for s in board.spaces}
    for q in all_quests(quests):
        for stage in q.stages:
            p = stage.place
            assert p.spaces or p.kingdoms or p.building or p.dungeon, f"{q.id}: nowhere"
            for sid in p.spaces:
                assert sid in spaces, f"{q.id}: unknown space {sid!r}"
            candidates = [
                s
                for s in board.spaces
                if (not p.spaces or s.id in p.spaces)
                and (not p.kingdoms or s.kingdom in p.kingdoms)
                and (p.building is None or s.building == p.building)
                and (not p.dungeon or s.dungeon is not None)
            ]
            assert candidates, f"{q.id}: no space fits the placement"
            if stage.needs.dungeon:
                for s in candidates:
                    assert s.dungeon is not None, f"{q.id}: {s.id} has no dungeon"


def test_delve_the_three_dungeons(quests: QuestsFile) -> None:
    goal = next(q for q in quests.main_goals if q.id == "delve_the_three_dungeons")
    assert len(goal.stages) == 3
    assert all(st.needs.dungeon for st in goal.stages)
    places = [set(st.place.spaces) for st in goal.stages]
    assert not (places[0] & places[1] or places[0] & places[2] or places[1] & places[2])


def test_rulebook_hakan_quest(quests: QuestsFile) -> None:
    """The rulebook example: at Ash Hills, spend two gear, gain Hakan."""
    q = next(q for q in quests.companion_quests if q.id == "hakans_workshop")
    assert q.source == "rulebook"
    assert q.companion == "hakan"
    (stage,) = q.stages
    assert stage.place.spaces == ["ash_hills"]
    assert stage.needs.gear == 2
    assert stage.needs.model_dump(exclude_defaults=True) == {"gear": 2}


# --- dungeons -------------------------------------------------------------------------


def test_six_dungeon_types(dungeons: DungeonsFile) -> None:
    kinds = {d.id: d for d in dungeons.dungeons}
    assert set(kinds) == set(DUNGEON_TYPES)
    for kid, kind in kinds.items():
        assert kind.advantage == DUNGEON_TYPES[kid]
        assert len(kind.rooms) >= 12, kid
        assert kind.entrance
        assert all(r.id.startswith(f"{kid}_") for r in kind.rooms)
    assert dungeons.source == "designed"
    assert dungeons.rooms_per_delve >= 3


def test_dungeon_names_on_real_spaces(board: BoardFile, dungeons: DungeonsFile) -> None:
    spaces = {s.id: s for s in board.spaces}
    named: set[str] = set()
    for kind in dungeons.dungeons:
        for sid in kind.names:
            assert sid in spaces, f"{kind.id}: unknown space {sid!r}"
            assert spaces[sid].dungeon == kind.id, f"{sid}: board says {spaces[sid].dungeon}"
            assert sid not in named
            named.add(sid)
    # every space the board marks with a dungeon has that dungeon's name
    assert named == {s.id for s in board.spaces if s.dungeon is not None}


def test_rulebook_fortress_example(dungeons: DungeonsFile) -> None:
    """The rulebook's fortress delve: a room costing 5 warriors, then one costing 1 spirit
    that an advantage turns into a gain of 1 spirit."""
    fortress = next(d for d in dungeons.dungeons if d.id == "fortress")
    assert fortress.advantage == "melee"
    rooms = {r.id: r for r in fortress.rooms}
    hall = rooms["fortress_example_hall"]
    assert hall.initial.effects == [Lose(op="lose", resource="warriors", amount=5)]
    vault = rooms["fortress_chapel"]
    assert vault.initial.effects == [Lose(op="lose", resource="spirit", amount=1)]
    assert vault.improved.effects == [Gain(op="gain", resource="spirit", amount=1)]


def test_room_sources(dungeons: DungeonsFile) -> None:
    designed = {r.id for d in dungeons.dungeons for r in d.rooms if r.source == "designed"}
    assert designed == {"fortress_example_hall"}
