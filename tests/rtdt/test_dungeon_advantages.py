"""Uses that give advantages inside a dungeon (RTDT-DUNGEON-13): their public texts set no
Battle, so a room face up and not yet improved takes them into the delve's pool; a use
limited by Battles (Fulminating Silver) and an advantage of a type no room there takes
are not offered."""

from __future__ import annotations

from tests.conftest import rules
from tests.rtdt.scenario import at, give, legal, play, scenario
from towerplay.rtdt.game import RtdtGame
from towerplay.rtdt.state import ActiveQuest, Dungeon

SPACE = "lower_ice_fangs"  # a north space that holds a dungeon


def in_room(kind: str, room: str, companion: str = "", treasures: tuple[str, ...] = ()) -> RtdtGame:
    """Hero 0, holding only `companion` (and `treasures`), has entered room 0 of a `kind`
    dungeon, face up and not yet improved."""
    g = scenario(["spymaster"])
    others = [r.id for r in g.world.content.dungeons[kind].rooms if r.id != room][:4]
    g.state.dungeons[SPACE] = Dungeon(kind, [room, *others], [False] * 5, 4)
    kind_of_quest = g.world.content.quests["break_grigors_ensorcellment"].kind
    g.state.quests[:] = [ActiveQuest("break_grigors_ensorcellment", 0, SPACE, kind_of_quest)]
    h = g.hero(0)
    h.companions.clear()
    if companion:
        h.companions.append(companion)
    give(g, 0, spirit=5, treasures=treasures)
    at(g, 0, SPACE)
    play(g, f"explore {SPACE}")
    assert "use grigor" not in legal(g)  # between rooms: nothing to improve yet
    play(g, "room 0")
    return g


@rules("RTDT-DUNGEON-13", "RTDT-DUNGEON-5", "RTDT-DUNGEON-6")
def test_grigors_wild_improves_a_room() -> None:
    g = in_room("fortress", "fortress_armory", "grigor")
    assert g.state.delve is not None
    wilds = g.state.delve.pool.get("wild", 0)
    assert "use grigor" in legal(g)
    play(g, "use grigor")
    assert g.state.delve.pool.get("wild", 0) == wilds + 1
    assert g.hero(0).spirit == 4  # its price, 1 spirit
    play(g, "improve wild")
    assert "use grigor" not in legal(g)  # RTDT-DUNGEON-6: the room is improved already


@rules("RTDT-DUNGEON-13")
def test_zaida_spends_a_treasure_for_three_wilds_in_a_room() -> None:
    g = in_room("cave", "cave_craggy_crevasse", "zaida")
    treasure = g.state.treasure_deck[0]
    give(g, 0, treasures=[treasure])
    g._legal = None
    assert g.state.delve is not None
    wilds = g.state.delve.pool.get("wild", 0)
    play(g, f"use zaida {treasure}")
    assert g.state.delve.pool.get("wild", 0) == wilds + 3
    assert treasure not in g.hero(0).treasures


@rules("RTDT-DUNGEON-13", "RTDT-COMP-14")
def test_fulminating_silver_counts_battles_and_has_none_in_a_delve() -> None:
    g = in_room("fortress", "fortress_armory")
    g.hero(0).quest_items.append("fulminating_silver")
    g._legal = None
    assert "use fulminating_silver" not in legal(g)


@rules("RTDT-DUNGEON-13")
def test_a_scroll_is_offered_only_where_a_room_takes_its_type() -> None:
    g = in_room("fortress", "fortress_armory", treasures=("scroll_of_the_great_serpent",))
    assert "use scroll_of_the_great_serpent" in legal(g)  # melee, the fortress's type
    g = in_room("cave", "cave_craggy_crevasse", treasures=("scroll_of_the_great_serpent",))
    assert "use scroll_of_the_great_serpent" not in legal(g)  # a cave takes beast or Wild
