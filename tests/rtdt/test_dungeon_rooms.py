"""The 18 dungeon rooms (19 sides) whose public texts need conditions, choices, paid trades
or named gear, each played as its text says (RTDT-EFFECT-*); each test fails if the old
approximation (the loss always, A only, the reward free, any gear pile, any foe) came back."""

from __future__ import annotations

from tests.conftest import rules
from tests.rtdt.scenario import at, give, legal, play, scenario
from towerplay.rtdt.game import RtdtGame
from towerplay.rtdt.state import ActiveQuest, Dungeon

SPACE = "lower_ice_fangs"  # a north space that holds a dungeon


def delve(g: RtdtGame, kind: str, room: str, improve: bool = False) -> None:
    """Explore a dungeon of `kind` whose first room is `room` (the target is another) and
    resolve that room, improved with a Wild advantage if asked."""
    others = [r.id for r in g.world.content.dungeons[kind].rooms if r.id != room][:4]
    g.state.dungeons[SPACE] = Dungeon(kind, [room, *others], [False] * 5, 4)
    kind_of_quest = g.world.content.quests["break_grigors_ensorcellment"].kind
    g.state.quests[:] = [ActiveQuest("break_grigors_ensorcellment", 0, SPACE, kind_of_quest)]
    g.hero(0).companions.clear()
    at(g, 0, SPACE)
    play(g, f"explore {SPACE}", "room 0")
    if improve:
        assert g.state.delve is not None
        g.state.delve.pool["wild"] = 1
        g._legal = None
        play(g, "improve wild")
    play(g, "resolve")


# --- "lose A or B" -------------------------------------------------------------------------


@rules("RTDT-EFFECT-2")
def test_jaryx_lair_lose_9_warriors_or_2_gear() -> None:
    g = scenario(["spymaster"])
    give(g, 0, warriors=10, gear=["longswords", "dusky_cloaks"])
    delve(g, "cave", "cave_jaryx_lair")
    assert legal(g) == {"option 1", "option 2"}
    play(g, "option 2")
    assert g.hero(0).gear == [] and g.hero(0).warriors == 10
    g = scenario(["spymaster"])
    give(g, 0, warriors=10, gear=["longswords", "dusky_cloaks"])
    delve(g, "cave", "cave_jaryx_lair")
    play(g, "option 1")
    assert g.hero(0).warriors == 1 and len(g.hero(0).gear) == 2


@rules("RTDT-EFFECT-2")
def test_widowmade_serpent_lose_6_warriors_or_2_potions() -> None:
    g = scenario(["spymaster"])
    give(g, 0, warriors=6, potions=g.state.potion_deck[:2])
    delve(g, "cave", "cave_widowmade_serpent")
    play(g, "option 2")
    assert g.hero(0).potions == [] and g.hero(0).warriors == 6


@rules("RTDT-EFFECT-2", "RTDT-RES-5")
def test_sacred_menagerie_lose_2_spirit_or_2_items() -> None:
    g = scenario(["spymaster"])
    give(g, 0, spirit=1, gear=["longswords"], potions=g.state.potion_deck[:1])
    delve(g, "shrine", "shrine_sacred_menagerie")
    assert "1) lose 2 spirit; 2) lose 2 item(s)" in g.prompt
    play(g, "option 2")  # both items held go: no shortfall
    assert g.hero(0).gear == [] and g.hero(0).potions == [] and g.hero(0).spirit == 1
    assert g.hero(0).corruptions == []


# --- "unless you hold ..." / "if you hold ..." ---------------------------------------------


@rules("RTDT-EFFECT-1")
def test_murky_crevasse_spares_a_hero_with_dusky_cloaks() -> None:
    g = scenario(["spymaster"])
    give(g, 0, warriors=13, gear=["dusky_cloaks"])
    delve(g, "cave", "cave_murky_crevasse")
    assert g.hero(0).warriors == 13
    g = scenario(["spymaster"])
    give(g, 0, warriors=13)
    delve(g, "cave", "cave_murky_crevasse")
    assert g.hero(0).warriors == 1


@rules("RTDT-EFFECT-1")
def test_pack_of_wild_rangos_spares_a_hero_with_longswords() -> None:
    g = scenario(["spymaster"])
    give(g, 0, warriors=13, gear=["longswords"])
    delve(g, "cave", "cave_pack_of_wild_rangos")
    assert g.hero(0).warriors == 13
    g = scenario(["spymaster"])
    give(g, 0, warriors=13, gear=["dusky_cloaks"])  # another gear does not help
    delve(g, "cave", "cave_pack_of_wild_rangos")
    assert g.hero(0).warriors == 1


@rules("RTDT-EFFECT-1")
def test_overgrown_atrium_spares_a_hero_with_longswords() -> None:
    g = scenario(["spymaster"])
    give(g, 0, warriors=9, gear=["longswords"])
    delve(g, "ruins", "ruins_overgrown_atrium")
    assert g.hero(0).warriors == 9
    g = scenario(["spymaster"])
    give(g, 0, warriors=9)
    delve(g, "ruins", "ruins_overgrown_atrium")
    assert g.hero(0).warriors == 1


@rules("RTDT-EFFECT-1", "RTDT-VIRTUE-1")
def test_gatehouse_spares_a_hero_with_4_virtues() -> None:
    g = scenario(["spymaster"])
    give(g, 0, warriors=9)
    give(g, 0, virtues=[g.hero(0).inactive[0]])  # 3 at the start, now 4
    delve(g, "fortress", "fortress_gatehouse")
    assert g.hero(0).warriors == 9
    g = scenario(["spymaster"])
    give(g, 0, warriors=9)
    delve(g, "fortress", "fortress_gatehouse")
    assert g.hero(0).warriors == 1


@rules("RTDT-EFFECT-1")
def test_grotto_of_whispers_spares_a_hero_with_brass_talismans() -> None:
    g = scenario(["spymaster"])
    give(g, 0, spirit=1, gear=["brass_talismans"])
    delve(g, "shrine", "shrine_grotto_of_whispers")
    assert g.hero(0).spirit == 1
    g = scenario(["spymaster"])
    give(g, 0, spirit=1)
    delve(g, "shrine", "shrine_grotto_of_whispers")
    assert g.hero(0).spirit == 0


@rules("RTDT-EFFECT-1")
def test_chamber_of_gongs_both_sides_need_brass_talismans() -> None:
    g = scenario(["spymaster"])
    give(g, 0, spirit=2, gear=["brass_talismans"])
    delve(g, "shrine", "shrine_chamber_of_gongs")
    assert g.hero(0).spirit == 2  # spared
    g = scenario(["spymaster"])
    give(g, 0, spirit=2)
    delve(g, "shrine", "shrine_chamber_of_gongs")
    assert g.hero(0).spirit == 0
    # improved: the spirit goes only to a holder of the talismans
    g = scenario(["spymaster"])
    give(g, 0, spirit=0)
    delve(g, "shrine", "shrine_chamber_of_gongs", improve=True)
    assert g.hero(0).spirit == 0
    g = scenario(["spymaster"])
    give(g, 0, spirit=0, gear=["brass_talismans"])
    delve(g, "shrine", "shrine_chamber_of_gongs", improve=True)
    assert g.hero(0).spirit == 1


# --- "you may pay X to gain Y" -------------------------------------------------------------


@rules("RTDT-EFFECT-3")
def test_mysterious_pool_pay_1_potion_for_4_spirit() -> None:
    g = scenario(["spymaster"])
    give(g, 0, spirit=0, potions=g.state.potion_deck[:1])
    delve(g, "ruins", "ruins_mysterious_pool", improve=True)
    assert legal(g) == {"pay", "decline"}
    play(g, "pay")
    assert g.hero(0).potions == [] and g.hero(0).spirit == 4
    g = scenario(["spymaster"])
    g.hero(0).potions.clear()
    give(g, 0, spirit=0)
    delve(g, "ruins", "ruins_mysterious_pool", improve=True)
    assert g.hero(0).spirit == 0 and not g.state.pending  # no potion: no trade, no gift


@rules("RTDT-EFFECT-3")
def test_scriptorium_pay_1_gear_for_the_top_treasure() -> None:
    g = scenario(["spymaster"])
    give(g, 0, gear=["longswords"])
    top = g.state.treasure_deck[0]
    delve(g, "ruins", "ruins_scriptorium", improve=True)
    play(g, "pay")
    assert g.hero(0).gear == [] and top in g.hero(0).treasures
    g = scenario(["spymaster"])
    give(g, 0, gear=["longswords"])
    delve(g, "ruins", "ruins_scriptorium", improve=True)
    play(g, "decline")
    assert g.hero(0).gear == ["longswords"] and g.hero(0).treasures == []


@rules("RTDT-EFFECT-3")
def test_shattered_sarcophagi_pay_1_spirit_for_the_top_treasure() -> None:
    g = scenario(["spymaster"])
    give(g, 0, spirit=1)
    top = g.state.treasure_deck[0]
    delve(g, "tomb", "tomb_shattered_sarcophagi", improve=True)
    play(g, "pay")
    assert g.hero(0).spirit == 0 and top in g.hero(0).treasures
    g = scenario(["spymaster"])
    give(g, 0, spirit=0)
    delve(g, "tomb", "tomb_shattered_sarcophagi", improve=True)
    assert g.hero(0).treasures == [] and not g.state.pending and not g.hero(0).corruptions


# --- named gear ----------------------------------------------------------------------------


@rules("RTDT-EFFECT-4")
def test_the_rooms_that_name_a_gear_give_that_gear() -> None:
    for kind, room, improve, gear in [
        ("fortress", "fortress_armory", True, "leather_armor"),
        ("fortress", "fortress_map_room", True, "trusted_maps"),
        ("fortress", "fortress_smithy", True, "longswords"),
        ("fortress", "fortress_training_hall", False, "leather_armor"),
    ]:
        g = scenario(["spymaster"])
        g.hero(0).gear.clear()
        delve(g, kind, room, improve=improve)
        assert g.hero(0).gear == [gear], room
        assert not g.state.pending, room  # no pile to choose


@rules("RTDT-EFFECT-4")
def test_corrupted_shrine_gives_1_spirit_and_blessed_scepters() -> None:
    g = scenario(["spymaster"])
    give(g, 0, spirit=0)
    g.hero(0).gear.clear()
    delve(g, "tomb", "tomb_corrupted_shrine", improve=True)
    assert g.hero(0).spirit == 1 and g.hero(0).gear == ["blessed_scepters"]


# --- the Watchtower ------------------------------------------------------------------------


@rules("RTDT-EFFECT-5")
def test_watchtower_moves_only_a_foe_in_your_current_kingdom() -> None:
    g = scenario(["spymaster"])
    w = g.world
    here = w.board.kingdom_of[SPACE]
    mine = next(sp for sp in w.board.kingdom_spaces[here] if sp != SPACE)
    away = next(sp for sp in w.board.spaces if w.board.kingdom_of[sp] != here)
    g.state.foes[:] = [("brigands", away), ("oreks", mine)]
    delve(g, "fortress", "fortress_watchtower", improve=True)
    assert legal(g) == {f"foe oreks {mine}"}
    g = scenario(["spymaster"])
    g.state.foes[:] = [("brigands", away)]
    delve(g, "fortress", "fortress_watchtower", improve=True)
    assert not g.state.pending  # the only foe is in another kingdom


def test_no_room_text_says_it_is_approximated() -> None:
    g = scenario(["spymaster"])
    for kind in g.world.content.dungeons.values():
        for r in kind.rooms:
            for side in (r.initial, r.improved):
                assert "Approximated" not in side.text, r.id


@rules("RTDT-EFFECT-1")
def test_the_iron_wall_reads_a_rooms_condition() -> None:
    """The Iron Wall is offered before a room that would cost 10+ warriors: Murky Crevasse
    does not, for a hero its Dusky Cloaks spare; raised, it ignores the conditioned loss."""
    from towerplay.rtdt.state import Delve

    def crevasse(gear: list[str]) -> RtdtGame:
        g = scenario(["spymaster"], treasures="both", new_corruptions=12)
        give(g, 0, warriors=30, treasures=["the_iron_wall"], gear=gear)
        g.state.dungeons[SPACE] = Dungeon("cave", ["cave_murky_crevasse"] * 5, [False] * 5, 4)
        g.state.delve = Delve(SPACE, 0, False, {}, 0)
        at(g, 0, SPACE)
        return g

    assert "use the_iron_wall" not in legal(crevasse(["dusky_cloaks"]))
    g = crevasse([])
    play(g, "use the_iron_wall", "resolve")
    assert g.hero(0).warriors == 30


def test_a_room_naming_an_unknown_card_is_refused_with_its_field(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A named gear or a held item must exist: the file and field say which."""
    import pytest

    from towerplay.core.errors import ContentError
    from towerplay.rtdt.content import CONTENT_DIR, load_content

    text = (CONTENT_DIR / "dungeons.yaml").read_text()
    for bad, field in [
        ("card: leather_armor}", "card"),
        ("item: dusky_cloaks}", "unless.item"),
    ]:
        (tmp_path / "dungeons.yaml").write_text(text.replace(bad, bad.replace(":", ": no_such"), 1))
        with pytest.raises(ContentError) as err:
            load_content([tmp_path])
        assert err.value.field.endswith(field), str(err.value)
