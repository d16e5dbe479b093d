"""Quests, dungeons, companions and the adversary's appearance (RTDT-QUEST-*, RTDT-DUNGEON-*,
RTDT-COMP-*, RTDT-ADVERSARY-1..3, part-2 setup rows, RTDT-END-5)."""

from __future__ import annotations

import pytest

from tests.conftest import rules
from tests.rtdt.scenario import at, finish_turn, give, legal, play, resume, scenario
from towerplay.core.errors import IllegalAction
from towerplay.rtdt import gamecode
from towerplay.rtdt.game import RtdtGame, make_config, new_game
from towerplay.rtdt.models import GainSpore
from towerplay.rtdt.rules.advantages import automatic
from towerplay.rtdt.rules.effects import run
from towerplay.rtdt.state import ActiveQuest, Dungeon


def quest_at(g: RtdtGame, quest: str, space: str, stage: int = 0) -> None:
    kind = g.world.content.quests[quest].kind
    g.state.quests[:] = [ActiveQuest(quest, stage, space, kind)]
    g._legal = None


def illegal(g: RtdtGame, action: str, rule: str) -> None:
    before = g.state_hash()
    with pytest.raises(IllegalAction) as e:
        g.apply(action)
    assert e.value.rule == rule, str(e.value)
    assert g.state_hash() == before


# --- setup ------------------------------------------------------------------------------------


@rules("RTDT-SETUP-16", "RTDT-SETUP-17", "RTDT-SETUP-18", "RTDT-ADVERSARY-1", "RTDT-COMP-1")
def test_setup_takes_a_main_goal_its_companion_an_adversary_and_three_foes() -> None:
    for seed in range(8):
        g = new_game(players=2, seed=seed)
        s, c = g.state, g.world.content
        levels = [c.foes[f].level for f in s.config.foes]
        assert levels == [2, 3, 4]
        assert s.config.adversary in c.adversaries
        goal = c.companions[s.config.companion].main_goal
        assert [q.quest for q in s.quests] == [goal]
        assert all(s.config.companion in h.companions for h in s.heroes)
        assert s.adversary_space == ""  # it appears only after the main goal


@rules("RTDT-SETUP-20")
def test_the_recommended_first_game_is_one_code_away() -> None:
    setup = gamecode.decode("aa9a-aags-w634")
    g = new_game(make_config(code="aa9a-aags-w634", heroes=["brutal_warlord"]))
    assert (setup.companion, setup.adversary) == ("zaida", "ashstrider")
    assert g.state.quests[0].quest == "recover_azkols_treasures"


# --- the Quest action -------------------------------------------------------------------------


@rules(
    "RTDT-QUEST-1", "RTDT-QUEST-4", "RTDT-QUEST-6", "RTDT-QUEST-10", "RTDT-COMP-2", "RTDT-COMP-3"
)
def test_hakan_companion_quest_example() -> None:
    """Rulebook example: at Ash Hills, spend two gear; Hakan joins; +2 spirit."""
    g = scenario(["relic_hunter"], companion="zaida")  # Hakan is not already the main companion
    quest_at(g, "hakans_workshop", "ash_hills")
    at(g, 0, "ash_hills")
    give(g, 0, spirit=0, gear=["longswords", "dusky_cloaks"])
    piles = dict(g.state.gear_piles)
    play(g, "quest hakans_workshop")
    h = g.hero(0)
    assert h.gear == [] and h.companions == ["zaida", "hakan"]
    assert g.state.gear_piles["longswords"] == piles["longswords"] + 1
    assert h.spirit == 2  # RTDT-HEROIC-4
    assert g.state.quests == [] and "hakans_workshop" in g.state.done_quests
    assert g.state.turn.heroic_done


@rules("RTDT-QUEST-2", "RTDT-QUEST-3")
def test_the_quest_action_needs_a_quest_you_can_complete_here() -> None:
    g = scenario(["relic_hunter"])
    quest_at(g, "hakans_workshop", "ash_hills")
    give(g, 0, gear=["longswords", "dusky_cloaks"])
    assert "quest hakans_workshop" not in legal(g)  # not on its space
    illegal(g, "quest hakans_workshop", "RTDT-QUEST-2")
    with pytest.raises(IllegalAction, match="at Ash Hills; you are at"):
        g.apply("quest hakans_workshop")
    at(g, 0, "ash_hills")
    g.hero(0).gear.pop()
    g.state.gear_piles["dusky_cloaks"] += 1
    g._legal = None
    assert "quest hakans_workshop" not in legal(g)  # one gear short
    illegal(g, "quest hakans_workshop", "RTDT-QUEST-3")
    with pytest.raises(IllegalAction, match="needs 2 gear, you have 1"):
        g.apply("quest hakans_workshop")
    give(g, 0, gear=["dusky_cloaks"])
    assert "quest hakans_workshop" in legal(g)


def test_spending_more_items_than_asked_is_the_heros_choice() -> None:
    g = scenario(["relic_hunter"])
    quest_at(g, "hakans_workshop", "ash_hills")
    at(g, 0, "ash_hills")
    give(g, 0, gear=["longswords", "dusky_cloaks", "trusted_maps"])
    play(g, "quest hakans_workshop")
    assert g.pending is not None and g.pending.kind == "spend_item"
    play(g, "spend trusted_maps", "spend longswords")
    assert g.hero(0).gear == ["dusky_cloaks"]


def hakan_game(heroes: tuple[str, ...] = ("brutal_warlord",)) -> RtdtGame:
    code = gamecode.encode(
        gamecode.Setup(
            ("brigands", "lemures", "titans"), "ashstrider", "hakan", players=len(heroes), seed=11
        )
    )
    return new_game(make_config(code=code, heroes=heroes))


def clear_dungeon_stage(g: RtdtGame) -> None:
    """Walk the dungeon of the current main-goal stage to its target room."""
    s = g.state
    aq = s.quests[0]
    d = s.dungeons[aq.space]
    at(g, 0, aq.space)
    give(g, 0, warriors=60, spirit=10)
    s.turn.heroic_done = False
    g._legal = None
    play(g, f"explore {aq.space}")
    while s.delve is not None:
        rooms = [a for a in legal(g) if a.startswith("room ")]
        if rooms:
            # straight for the target once it is reachable, else the first room
            target = f"room {d.target}"
            play(g, target if target in rooms else rooms[0])
        else:
            play(g, "resolve")
        while g.pending is not None:
            play(g, sorted(legal(g))[0])


@rules("RTDT-QUEST-7", "RTDT-ADVERSARY-2", "RTDT-ADVERSARY-3", "RTDT-QUEST-5", "RTDT-DUNGEON-3")
def test_the_main_goal_is_completed_stage_by_stage_and_brings_the_adversary() -> None:
    """Hakan's goal: potions at a bazaar, the Sisters' caves, then gear, a treasure and
    three advantages beside the Tower."""
    g = hakan_game()
    s = g.state
    goal = "forge_an_alchemical_solution"
    assert s.quests[0].quest == goal
    adversary = s.config.adversary
    # stage 1: three potions at a bazaar
    at(g, 0, s.quests[0].space)
    give(g, 0, potions=s.potion_deck[:3])
    assert f"battle {adversary} {s.quests[0].space}" not in legal(g)  # RTDT-ADVERSARY-3
    play(g, f"quest {goal}")
    assert g.hero(0).potions == [] and s.quests[0].stage == 1
    # stage 2: the dungeon completes the stage by itself
    clear_dungeon_stage(g)
    assert s.quests[0].stage == 2
    # stage 3: two gear, a treasure and three advantages of any type, next to the Tower
    at(g, 0, s.quests[0].space)
    give(g, 0, gear=["longswords", "brass_talismans"], treasures=["lamp_of_hope"])
    s.turn.heroic_done = False
    g._legal = None
    assert f"quest {goal}" in legal(g)
    play(g, f"quest {goal}")
    while g.pending is not None:
        play(g, sorted(legal(g))[0])
    assert goal in s.done_quests and all(q.kind != "main_goal" for q in s.quests)
    assert s.adversary_space in g.world.board.tower_adjacent
    at(g, 0, s.adversary_space)
    s.turn.heroic_done = False
    g._legal = None
    assert f"battle {adversary} {s.adversary_space}" in legal(g)


@rules("RTDT-END-5", "RTDT-ADVERSARY-4")
def test_defeating_the_adversary_wins_the_game() -> None:
    g = hakan_game()
    s = g.state
    s.adversary_space = "the_throne"
    at(g, 0, "the_throne")
    give(g, 0, warriors=99, spirit=9)
    play(g, "battle ashstrider the_throne")
    assert s.battle is not None and len(s.battle.cards) == 5
    for i in range(5):
        if i:
            play(g, "continue")
        play(g, "resolve")
        if g.result is not None:
            break
    assert g.result is not None and g.result.outcome == "win", g.result
    assert g.result.cause == "the adversary was defeated" and g.result.winners == (0,)


# --- dungeons -----------------------------------------------------------------------------------


def fortress(g: RtdtGame, space: str = "lower_ice_fangs") -> None:
    """A fortress on this space: the example's two rooms first, the target at the far end."""
    g.state.dungeons[space] = Dungeon(
        "fortress",
        [
            "fortress_example_hall",
            "fortress_chapel",
            "fortress_armory",
            "fortress_barracks",
            "fortress_gaol",
        ],
        [False] * 5,
        4,
    )
    quest_at(g, "break_grigors_ensorcellment", space)
    at(g, 0, space)


@rules(
    "RTDT-DUNGEON-4",
    "RTDT-DUNGEON-5",
    "RTDT-DUNGEON-9",
    "RTDT-DUNGEON-12",
    "RTDT-HEROIC-5",
    "RTDT-DUNGEON-11",
)
def test_fortress_example_with_longswords() -> None:
    """Rulebook example: one Melee advantage from Longswords; the first room costs 5 warriors
    (paid, 7 held); the second costs 1 spirit with none held, so the advantage improves it
    to gain 1 spirit; the hero leaves with two rooms cleared and gains 2 spirit."""
    g = scenario(["spymaster"])
    fortress(g)
    give(g, 0, warriors=7, spirit=0, gear=["longswords"])
    g.hero(0).virtues[:] = ["swift"]  # only the Longswords' advantage, as in the example
    g.hero(0).companions.clear()
    play(g, "explore lower_ice_fangs")
    assert g.state.delve is not None and g.state.delve.pool == {"melee": 1}
    assert legal(g) == {"room 0", "room 1", "leave"}  # rooms next to the entrance
    play(g, "room 0")
    assert "improve melee" in legal(g)
    play(g, "resolve")  # lose 5 warriors, keep the advantage
    assert g.hero(0).warriors == 2
    play(g, "room 1", "improve melee")
    assert "improve melee" not in legal(g)  # RTDT-DUNGEON-6
    play(g, "resolve")
    assert g.hero(0).spirit == 1 and g.hero(0).corruptions == []
    assert {"room 2", "room 3"} <= legal(g)  # RTDT-DUNGEON-4: reachable past cleared rooms
    play(g, "leave")
    assert g.hero(0).spirit == 3  # +2 for the heroic action, dungeon unfinished
    assert g.state.dungeons["lower_ice_fangs"].cleared[:2] == [True, True]
    assert g.state.quests  # not completed


@rules("RTDT-DUNGEON-6", "RTDT-DUNGEON-7")
def test_a_room_is_improved_once_and_it_is_never_undone() -> None:
    g = scenario(["spymaster"])
    fortress(g)
    give(g, 0, gear=["longswords"], treasures=["amulet_of_the_marid"])
    g.hero(0).virtues.append("arcane")
    play(g, "explore lower_ice_fangs", "room 1")
    play(g, "improve melee")
    assert g.state.delve is not None and g.state.delve.improved and g.state.delve.pool["melee"] == 0
    illegal(g, "improve wild", "RTDT-DUNGEON-6")  # its own reason, not "not now"


@rules("RTDT-DUNGEON-8")
def test_an_unpaid_room_gives_one_corruption() -> None:
    g = scenario(["spymaster"])
    fortress(g)
    give(g, 0, warriors=2, spirit=0)
    play(g, "explore lower_ice_fangs", "room 0", "resolve")
    assert g.hero(0).warriors == 0 and len(g.hero(0).corruptions) == 1


@rules(
    "RTDT-DUNGEON-1",
    "RTDT-DUNGEON-2",
    "RTDT-DUNGEON-10",
    "RTDT-DUNGEON-11",
    "RTDT-TOKEN-6",
    "RTDT-TOKEN-7",
)
def test_clearing_the_target_room_completes_the_dungeon_for_whoever_gets_there() -> None:
    g = scenario(["spymaster", "relic_hunter"], kingdoms=["north", "east"])
    fortress(g)
    at(g, 1, "lower_ice_fangs")
    give(g, 0, warriors=40)
    play(g, "explore lower_ice_fangs", "room 0", "resolve", "room 2", "resolve", "leave")
    d = g.state.dungeons["lower_ice_fangs"]
    assert d.cleared == [True, False, True, False, False]
    # the next hero finds those rooms cleared and reaches the target through them
    g.state.turn.seat = 1
    g.state.turn.heroic_done = False
    g.state.turn.phase = "middle"
    give(g, 1, warriors=40)
    play(g, "explore lower_ice_fangs")
    assert "room 4" in legal(g) and "room 0" not in legal(g)
    play(g, "room 4", "resolve")
    assert "lower_ice_fangs" not in g.state.dungeons  # the dungeon token leaves the board
    assert g.state.quests[0].stage == 1  # its quest stage completed (RTDT-DUNGEON-3)
    assert g.state.delve is None


@rules("RTDT-HEROIC-1")
def test_exploring_a_dungeon_is_the_turns_heroic_action() -> None:
    g = scenario(["spymaster"])
    fortress(g)
    at(g, 0, "lower_ice_fangs")
    give(g, 0, warriors=40)
    assert not g.state.turn.heroic_done
    play(g, "explore lower_ice_fangs")
    assert g.state.turn.heroic_done
    play(g, "room 0", "resolve", "leave")
    heroic = ("explore", "cleanse", "battle", "quest")
    assert not [a for a in legal(g) if a.startswith(heroic)]  # no second heroic action


def test_dungeons_need_a_quest_to_be_explored() -> None:
    g = scenario(["spymaster"])
    fortress(g)
    g.state.quests.clear()
    g._legal = None
    assert "explore lower_ice_fangs" not in legal(g)


# --- monthly quests ---------------------------------------------------------------------------


@rules("RTDT-MONTH-6", "RTDT-QUEST-8", "RTDT-QUEST-9")
def test_monthly_quests_come_from_the_second_month() -> None:
    g = scenario(["spymaster"])
    assert [q.kind for q in g.state.quests] == ["main_goal"]
    s = g.state
    s.month_turn, s.month_length = 0, 1
    play(g, "end")
    while g.pending is not None:
        play(g, sorted(legal(g))[0])
    assert s.month == 2
    kinds = sorted(q.kind for q in s.quests)
    assert kinds == ["adversary", "companion", "main_goal"]
    assert all(q.space in g.world.board.names for q in s.quests)
    assert any("Quest - " in line for line in g.log)


@rules("RTDT-QUEST-11", "RTDT-QUEST-12")
def test_an_unfinished_adversary_quest_fails_at_the_months_end() -> None:
    g = scenario(["spymaster"])
    s = g.state
    s.month = 2
    s.quests.append(ActiveQuest("hold_the_bridge", 0, "green_bridge", "adversary"))
    s.quests.append(ActiveQuest("hakans_workshop", 0, "ash_hills", "companion"))
    give(g, 0, warriors=10)
    s.month_turn, s.month_length = 0, 1
    play(g, "end")
    while g.pending is not None:
        play(g, sorted(legal(g))[0])
    assert g.hero(0).warriors == 6  # the bridge falls: every hero loses 4 warriors
    assert any("Quest failed - Hold the Bridge" in line for line in g.log)
    assert any("Quest failed - Hakan's Workshop" in line for line in g.log)
    assert s.month == 3 and sorted(q.kind for q in s.quests) == [
        "adversary",
        "companion",
        "main_goal",
    ]


# --- companions ---------------------------------------------------------------------------------


@rules("RTDT-COMP-4")
def test_won_companions_can_be_traded_but_not_the_main_companion() -> None:
    g = scenario(["spymaster", "relic_hunter"], kingdoms=["north", "east"])
    at(g, 1, "radiant_mountains")
    g.hero(0).companions.append("bram")
    g._legal = None
    play(g, "trade 1")
    assert "give bram" in legal(g)
    assert f"give {g.state.config.companion}" not in legal(g)
    play(g, "give bram", "offer", "accept")
    assert "bram" in g.hero(1).companions and "bram" not in g.hero(0).companions


@rules("RTDT-EVENT-10", "RTDT-COMP-5")
def test_a_companion_event_helps_the_dropping_player() -> None:
    g = hakan_game()
    comp = g.world.content.companions["hakan"]
    assert comp.event is not None
    give(g, 0, gear=["longswords"])  # Hakan's event trades a gear for potions
    before = g.hero(0).to_json()
    g.state.events = ["companion"]
    g.state.turn.phase = "events"
    g.state.dropper = 0
    resume(g)
    while g.pending is not None and g.pending.seat == 0 and g.state.turn.phase == "events":
        play(g, "pay" if "pay" in legal(g) else sorted(legal(g))[0])  # take the trade
    assert any(f"Event - {comp.name}" in line for line in g.log)
    assert g.hero(0).to_json() != before


@rules("RTDT-TOKEN-4", "RTDT-TOKEN-5")
def test_foe_tokens_are_fought_with_the_battle_action_and_leave_when_defeated() -> None:
    g = scenario(["brutal_warlord"])
    g.state.foes[:] = [(g.state.config.foes[0], "radiant_mountains")]
    foe = g.state.config.foes[0]
    assert f"battle {foe} radiant_mountains" in legal(g)
    give(g, 0, warriors=80)
    play(g, f"battle {foe} radiant_mountains")
    while g.state.battle is not None:
        play(g, "resolve")
        while g.pending is not None:
            play(g, sorted(legal(g))[0])
    assert g.state.foes == []


# --- special tokens ---------------------------------------------------------------------------


def code_game(adversary: str, companion: str) -> RtdtGame:
    code = gamecode.encode(
        gamecode.Setup(("brigands", "lemures", "titans"), adversary, companion, seed=3)
    )
    return new_game(make_config(code=code, heroes=["spymaster"]))


@rules("RTDT-TOKEN-1", "RTDT-TOKEN-2")
def test_ashstrider_sets_rivers_of_fire_that_burn_six_warriors() -> None:
    g = code_game("ashstrider", "tomas")
    s = g.state
    assert len(s.fire_rivers) == 4
    assert all(
        frozenset(e) in {frozenset(r) for r in g.world.content.rivers} for e in s.fire_rivers
    )
    a, b = s.fire_rivers[0]
    at(g, 0, a)
    give(g, 0, warriors=10)
    play(g, f"move {b}")
    assert g.hero(0).warriors == 4
    # no tokens without Ashstrider
    assert code_game("gravemaw", "tomas").state.fire_rivers == []


@rules("RTDT-TOKEN-10", "RTDT-TOKEN-11")
def test_lingering_rot_spores_a_third_one_gives_a_corruption() -> None:
    g = code_game("lingering_rot", "tomas")
    h = g.hero(0)
    spore = [GainSpore(op="gain_spore")]
    run(g.world, g.state, h, spore, "test")
    run(g.world, g.state, h, spore, "test")
    assert h.spores == 2 and h.corruptions == []
    run(g.world, g.state, h, spore, "test")
    assert h.spores == 0 and len(h.corruptions) == 1
    assert any(
        e.op == "gain_spore"
        for st in g.world.content.adversaries["lingering_rot"].tower_acts.steps
        for e in getattr(st, "effects", [])
    )


@rules("RTDT-TOKEN-8", "RTDT-TOKEN-9")
def test_letha_siege_trees_count_as_forest_and_move_by_reinforcing() -> None:
    g = code_game("gravemaw", "letha")
    s = g.state
    assert len(s.siege_trees) == 3
    tree = next(t for t in s.siege_trees if g.world.board.terrain_of[t] != "forest")
    at(g, 0, tree)
    g.hero(0).kingdom = "west"
    assert g.world.board.terrain_of[tree] == "hills"
    # +2 Wild on forest, +1 Wild on grasslands: the tree makes its space forest, nothing else
    g.hero(0).virtues[:] = ["champion_of_the_west"]
    give(g, 0, treasures=["acorns_of_the_white_oak"])

    def wild() -> int:
        return automatic(g.world, s, g.hero(0), battling=True).get("wild", 0)

    assert wild() == 2
    trees = s.siege_trees[:]
    s.siege_trees[:] = [t for t in trees if t != tree]
    assert wild() == 0  # the same space without its tree: hills only
    s.siege_trees[:] = trees
    g.hero(0).virtues[:] = ["champion_of_the_north", "champion_of_the_east"]
    assert wild() == 2  # mountains: no; hills, the space's own terrain: yes
    before = s.siege_trees.count(tree)
    play(g, "reinforce tree")
    target = sorted(legal(g))[0].split()[1]
    assert target in g.world.board.neighbours[tree]
    play(g, f"tree {target}")
    assert s.siege_trees.count(tree) == before - 1 and target in s.siege_trees
    assert s.turn.reinforces == 1


@rules("RTDT-ADV-12")
def test_a_quest_asking_for_advantages_counts_them_all_at_once() -> None:
    g = scenario(["relic_hunter"])
    quest = next(
        q
        for q in g.world.content.quests.values()
        if q.kind == "companion" and q.stages[0].needs.advantage_type == "beast"
    )
    space = quest.stages[0].place.spaces[0]
    quest_at(g, quest.id, space)
    at(g, 0, space)
    g.hero(0).virtues[:] = []
    g.hero(0).companions.clear()
    give(g, 0, gear=["brass_talismans"])  # magic: does not count
    assert f"quest {quest.id}" not in legal(g)
    give(g, 0, treasures=["spear_of_atish", "azkols_idol", "lamp_of_darkness"])  # 3 beast
    assert f"quest {quest.id}" in legal(g)
    play(g, f"quest {quest.id}")
    assert g.hero(0).treasures == ["spear_of_atish", "azkols_idol", "lamp_of_darkness"]  # kept
    assert quest.id in g.state.done_quests


@rules("RTDT-SETUP-16", "RTDT-SETUP-17", "RTDT-SETUP-18")
def test_players_may_choose_the_foes_the_adversary_and_the_main_companion() -> None:
    cfg = make_config(
        players=2,
        seed=9,
        foes=["oreks", "lemures", "titans"],
        adversary="gravemaw",
        companion="tomas",
    )
    g = new_game(cfg)
    assert g.state.config.foes == ("oreks", "lemures", "titans")
    assert g.state.quests[0].quest == g.world.content.companions["tomas"].main_goal
    again = gamecode.decode(cfg.code)
    assert (again.foes, again.adversary, again.companion) == (cfg.foes, "gravemaw", "tomas")
    with pytest.raises(ValueError, match="one of each level"):
        make_config(foes=["oreks", "brigands", "titans"])
    with pytest.raises(ValueError, match="unknown adversary"):
        make_config(adversary="azkol")


@rules("RTDT-TOKEN-3")
def test_mirass_caravans_are_camps_that_roll_toward_the_tower() -> None:
    g = code_game("gravemaw", "miras")
    s = g.state
    aq = s.quests[0]
    goal = g.world.content.quests[aq.quest]
    assert [st.place.caravan for st in goal.stages] == ["north", "east", "west"]  # no southern
    assert g.world.board.kingdom_of[aq.space] == "north"
    camp = s.dungeons[aq.space]
    assert camp.kind == "encampment"
    board = g.world.board

    def to_tower(space: str) -> int:
        return min(board.distance(space, t) for t in board.tower_adjacent)

    start = aq.space
    finish_turn(g)
    assert to_tower(aq.space) == to_tower(start) - 1 or aq.space in board.tower_adjacent
    assert s.dungeons[aq.space] is camp  # the camp, cleared rooms and all, moves with it
    # a hero on the caravan's space can explore it
    at(g, s.turn.seat, aq.space)
    s.turn.heroic_done = False
    g._legal = None
    assert f"explore {aq.space}" in legal(g)
    # no caravans without Miras
    other = code_game("gravemaw", "tomas")
    assert all(
        st.place.caravan is None
        for st in other.world.content.quests[other.state.quests[0].quest].stages
    )
