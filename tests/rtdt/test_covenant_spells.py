"""Rule tests for the Reverent Astromancer's spells and invocations (COV-ASTRO-*,
COV-SPELL-*, COV-EXAMPLE-4, COV-EXAMPLE-5).

She plays in a base game here unless a test needs the expansion's monuments or wastelands:
her cards and tokens are set up whenever she plays.
"""

from __future__ import annotations

import json

import pytest

from tests.conftest import rules
from tests.rtdt.invariants import check
from tests.rtdt.scenario import at, give, legal, play, scenario
from towerplay.core.errors import IllegalAction
from towerplay.core.rng import Rng
from towerplay.rtdt.covenant import reinforce as cov_reinforce
from towerplay.rtdt.covenant import wastelands
from towerplay.rtdt.game import RtdtGame
from towerplay.rtdt.rules.corruption import gain_corruption
from towerplay.rtdt.rules.foes import spawn
from towerplay.rtdt.rules.quests import finish_stage
from towerplay.rtdt.tower import seal_id

ASTRO = "reverent_astromancer"
FOES = ("brigands", "widowmade_spiders", "dragons")
CITADEL = "radiant_mountains"  # where seat 0 starts (north)
GREEN_BRIDGE = "green_bridge"  # no building, next to the north's citadel
SPELLS = (
    "soothing_word",
    "ritual_of_warding",
    "bestow_blessing",
    "bounty_of_the_gods",
    "aura_of_friendship",
    "winds_of_change",
)
INVOCATIONS = ("smite_the_wicked", "celestial_jaunt", "abate_the_darkness", "commanding_rebuke")


def game(heroes: tuple[str, ...] = (ASTRO,), seed: int = 1, **options: object) -> RtdtGame:
    """The game as set up: the Astromancer's first preparation is pending."""
    g = scenario(heroes, seed=seed, foes=FOES, **options)
    for h in g.state.heroes:
        h.companions.clear()
    g._legal = None
    return g


def cov(g: RtdtGame):  # type: ignore[no-untyped-def]
    assert g.state.cov is not None
    return g.state.cov


def ready(g: RtdtGame, *spells: str, seat: int = 0) -> None:
    """Answer month 1's preparation with bestow_blessing, then lay out `spells` (from the
    hand or the invocations) as this month's prepared cards, by hand."""
    if g.pending is not None and g.pending.kind == "prepare":
        play(g, "prepare bestow_blessing")
    c = cov(g)
    c.spells[seat] += c.prepared[seat]
    c.prepared[seat] = []
    for sp in spells:
        (c.spells[seat] if sp in c.spells[seat] else c.invocations[seat]).remove(sp)
        c.prepared[seat].append(sp)
    g._legal = None


def to_next_month(g: RtdtGame) -> None:
    """End the month's last turn and answer every question with its first answer until the
    next month's preparation is asked."""
    s = g.state
    month = s.month
    s.month_turn = s.month_length - 1
    g.apply("end")
    while g.pending is None or g.pending.kind != "prepare":
        g.apply(g.legal_actions()[0])
    assert s.month == month + 1


def roundtrip(g: RtdtGame) -> RtdtGame:
    copy = RtdtGame.from_json(g.to_json())
    assert copy.to_json() == g.to_json()
    assert legal(copy) == legal(g)
    return copy


def refused(g: RtdtGame, action: str, rule: str) -> None:
    """`action` raises IllegalAction for `rule` and leaves the state exactly as it was."""
    before = g.to_json()
    with pytest.raises(IllegalAction) as err:
        g.apply(action)
    assert err.value.rule == rule
    assert g.to_json() == before


# --- COV-ASTRO ----------------------------------------------------------------------------------


@rules("COV-ASTRO-1")
def test_COV_ASTRO_1_six_spells_in_hand_four_invocations_set_aside() -> None:
    g = game()
    assert sorted(cov(g).spells[0]) == sorted(SPELLS)
    assert sorted(cov(g).invocations[0]) == sorted(INVOCATIONS)
    assert legal(g) == {f"prepare {sp}" for sp in SPELLS}  # no invocation yet
    check(g)


@rules("COV-ASTRO-2")
def test_COV_ASTRO_2_six_protection_tokens_by_her_board() -> None:
    g = game()
    ready(g, "ritual_of_warding")
    c = cov(g)
    c.protections[:] = ["fivepint", "dayside", "egans_end", "broken_lands", "muted_forest"]
    assert "cast ritual_of_warding" in legal(g)
    c.protections.append("upper_ice_fangs")  # all six out
    g._legal = None
    assert "cast ritual_of_warding" not in legal(g)
    assert g.observe(0)["covenant"]["protections"] == c.protections


@rules("COV-ASTRO-3")
def test_COV_ASTRO_3_prepare_as_many_spells_as_the_month_number() -> None:
    g = game()
    for month in (1, 2, 3):
        assert g.pending is not None and g.pending.kind == "prepare"
        assert g.pending.amount == month and g.state.month == month
        for _ in range(month):
            g.apply(g.legal_actions()[0])
        assert len(cov(g).prepared[0]) == month
        assert g.pending is None
        if month < 3:
            to_next_month(g)
    check(g)


@rules("COV-ASTRO-4")
def test_COV_ASTRO_4_preparing_after_the_quests_before_the_first_turn() -> None:
    g = game(("orphaned_scion", ASTRO))
    s = g.state
    assert g.pending is not None and g.pending.kind == "prepare" and g.to_act == 1
    assert s.quests and s.turn.seat == 0 and s.turn_number == 1  # the main goal is out
    play(g, "prepare ritual_of_warding")
    assert g.to_act == 0 and s.turn.phase == "start"
    turns = s.turn_number
    to_next_month(g)
    assert {q.kind for q in s.quests} >= {"companion", "adversary"}  # the month's quests
    assert s.turn_number == turns  # no turn has started yet
    roundtrip(g)


@rules("COV-ASTRO-5")
def test_COV_ASTRO_5_prepared_cards_face_up_the_rest_unusable() -> None:
    g = game()
    play(g, "prepare ritual_of_warding")
    c = cov(g)
    assert c.prepared[0] == ["ritual_of_warding"] and "ritual_of_warding" not in c.spells[0]
    assert "cast ritual_of_warding" in legal(g)
    assert not any(a.startswith("cast bestow_blessing") for a in legal(g))
    refused(g, "cast bestow_blessing reverent_astromancer", "COV-ASTRO-6")
    assert g.observe(0)["covenant"]["spells_prepared"] == [["ritual_of_warding"]]


@rules("COV-ASTRO-6")
def test_COV_ASTRO_6_each_prepared_spell_once_any_moment_of_her_turn() -> None:
    g = game(("orphaned_scion", ASTRO))
    ready(g, "bestow_blessing", "ritual_of_warding", seat=1)
    assert not any(a.startswith("cast") for a in legal(g))  # not on another hero's turn
    s = g.state
    s.turn = type(s.turn)(1)
    g._legal = None
    play(g, "cast bestow_blessing orphaned_scion")
    assert not any(a.startswith("cast bestow_blessing") for a in legal(g))  # once a month
    # in a Battle too, for a spell that leaves the fight alone
    h = s.heroes[1]
    s.foes[:] = [("brigands", h.space)]
    g._legal = None
    play(g, f"battle brigands {h.space}")
    assert "cast ritual_of_warding" in legal(g)
    play(g, "cast ritual_of_warding")
    assert s.battle is not None and cov(g).protections == [h.space]


def test_foe_spells_are_not_cast_in_the_middle_of_a_battle() -> None:
    g = game()
    ready(g, "smite_the_wicked", "commanding_rebuke")
    s = g.state
    h = s.heroes[0]
    s.foe_status["dragons"] = "lethal"
    s.foes[:] = [("brigands", h.space), ("dragons", "fivepint")]
    g._legal = None
    assert "cast smite_the_wicked dragons fivepint" in legal(g)
    play(g, f"battle brigands {h.space}")
    assert not any(a.startswith("cast") for a in legal(g))
    refused(g, "cast smite_the_wicked dragons fivepint", "COV-ASTRO-6")


@rules("COV-ASTRO-7")
def test_COV_ASTRO_7_a_cast_spell_goes_back_to_her_hand() -> None:
    g = game()
    ready(g, "ritual_of_warding")
    play(g, "cast ritual_of_warding")
    assert "ritual_of_warding" in cov(g).spells[0] and not cov(g).prepared[0]
    assert cov(g).protections == [CITADEL]
    check(g)


@rules("COV-ASTRO-8")
def test_COV_ASTRO_8_casting_is_not_an_action() -> None:
    g = game()
    ready(g, "ritual_of_warding", "bestow_blessing")
    t = g.state.turn
    play(g, "cast ritual_of_warding")
    assert t.phase == "start" and not t.heroic_done and not t.moving_started
    assert "banner" in legal(g)  # the start step is still open
    play(g, "move green_bridge", "cast bestow_blessing reverent_astromancer")
    assert not t.heroic_done and t.moves_left == 2


@rules("COV-ASTRO-9")
def test_COV_ASTRO_9_zealous_blessing_after_each_cast() -> None:
    g = game()
    ready(g, "ritual_of_warding")
    give(g, 0, virtues=["zealous"])
    play(g, "cast ritual_of_warding")
    assert cov(g).blessings == [1]
    lines = g.log
    assert lines.index(next(x for x in lines if "protection token" in x)) < lines.index(
        next(x for x in lines if "Zealous" in x)
    )


@rules("COV-ASTRO-10")
def test_COV_ASTRO_10_no_cast_without_an_effect() -> None:
    g = game()
    ready(g, "soothing_word", "smite_the_wicked", "celestial_jaunt", "commanding_rebuke")
    give(g, 0, virtues=["zealous"])
    s = g.state
    s.foes[:] = [("dragons", "fivepint")]  # ready, not savage: Smite has no target
    s.foe_status["dragons"] = "ready"
    s.quests[:] = [q for q in s.quests if q.space == CITADEL][:1]  # Jaunt: nowhere to go
    g._legal = None
    assert not any(a.startswith("cast") for a in legal(g))  # not even for the blessing
    refused(g, f"cast soothing_word {ASTRO} selfish", "COV-ASTRO-10")
    refused(g, "cast smite_the_wicked dragons fivepint", "COV-ASTRO-10")
    refused(g, "cast commanding_rebuke dragons dayside", "COV-ASTRO-10")
    s.foe_status["dragons"] = "savage"
    g._legal = None
    assert "cast smite_the_wicked dragons fivepint" in legal(g)


def test_bestow_blessing_needs_a_blessing_in_the_supply() -> None:
    g = game(("orphaned_scion", ASTRO))
    ready(g, "bestow_blessing", seat=1)
    s = g.state
    s.turn = type(s.turn)(1)
    cov(g).blessings[:] = [8, 0]
    g._legal = None
    assert not any(a.startswith("cast") for a in legal(g))
    cov(g).blessings[:] = [7, 0]
    g._legal = None
    assert legal(g) >= {"cast bestow_blessing orphaned_scion", f"cast bestow_blessing {ASTRO}"}
    play(g, "cast bestow_blessing orphaned_scion")
    assert cov(g).blessings == [8, 0]


@rules("COV-ASTRO-11")
def test_COV_ASTRO_11_exalted_invocations_join_from_the_next_month() -> None:
    g = game()
    play(g, "prepare ritual_of_warding")
    give(g, 0, virtues=["astromancer_exalted"])
    assert not any(a.startswith("cast smite") for a in legal(g))
    assert cov(g).invocations[0]
    to_next_month(g)
    assert not cov(g).invocations[0]
    assert legal(g) == {f"prepare {sp}" for sp in SPELLS + INVOCATIONS}
    play(g, "prepare celestial_jaunt")
    assert "celestial_jaunt" in cov(g).prepared[0]
    check(g)


@rules("COV-ASTRO-12")
def test_COV_ASTRO_12_an_invocation_counts_as_a_spell() -> None:
    g = game()
    ready(g, "smite_the_wicked", "ritual_of_warding")
    give(g, 0, virtues=["zealous", "bounteous"])
    s = g.state
    s.foe_status["dragons"] = "lethal"
    s.foes[:] = [("dragons", "fivepint")]
    g._legal = None
    top = s.treasure_deck[0]
    play(g, "cast smite_the_wicked dragons fivepint")
    assert not s.foes
    assert cov(g).blessings == [1]  # Zealous
    assert g.hero(0).treasures == [top]  # Bounteous
    play(g, "cast ritual_of_warding")  # Bounteous: once a turn
    assert g.hero(0).treasures == [top] and cov(g).blessings == [2]
    check(g)


@rules("COV-ASTRO-13")
def test_COV_ASTRO_13_uncast_spells_return_to_hand_at_month_end() -> None:
    g = game()
    play(g, "prepare ritual_of_warding")
    to_next_month(g)
    assert not cov(g).prepared[0] and len(cov(g).spells[0]) == 6
    assert "prepare ritual_of_warding" in legal(g)


# --- COV-SPELL ----------------------------------------------------------------------------------


@rules("COV-SPELL-1")
def test_COV_SPELL_1_aura_of_friendship_reinforce_far_away() -> None:
    g = game()
    ready(g, "aura_of_friendship")
    at(g, 0, GREEN_BRIDGE)
    assert not any(a.startswith("reinforce") for a in legal(g))
    play(g, "cast aura_of_friendship")
    assert "aura_of_friendship" in g.state.turn.used
    assert any(a.startswith("reinforce free") for a in legal(g))
    assert "cast aura_of_friendship" not in legal(g)
    roundtrip(g)


@rules("COV-SPELL-2")
def test_COV_SPELL_2_aura_includes_completed_monuments_only() -> None:
    g = game(expansion="covenant")
    ready(g, "aura_of_friendship")
    s = g.state
    built, unbuilt = cov(g).sites[0], cov(g).sites[1]
    built.status = "built"
    s.skulls[built.space] = 0
    at(g, 0, GREEN_BRIDGE)
    play(g, "cast aura_of_friendship")
    sources = cov_reinforce.far_sources(g.world, s, s.heroes[0])
    assert built.monument in sources and unbuilt.monument not in sources


@rules("COV-SPELL-3")
def test_COV_SPELL_3_bounty_look_at_three_keep_one() -> None:
    g = game()
    ready(g, "bounty_of_the_gods")
    play(g, "cast bounty_of_the_gods")
    d = g.pending
    assert d is not None and d.kind == "bounty" and len(d.options) == 3
    assert all(q in g.world.content.quest_items for q in d.options)
    # the public log never names what she looks at; the event that does is hers alone
    public = [e.text for e in g.events if e.seen_by(None)]
    assert not any(g.world.name(q) in line for line in public for q in d.options)
    for seat in range(1, len(g.state.heroes)):
        seen = json.dumps(g.observe(seat))
        assert not any(g.world.name(q) in seen for q in d.options)
    mine = [e for e in g.events if e.to == (0,)]
    assert mine and all(g.world.name(q) in mine[-1].text for q in d.options)
    copy = roundtrip(g)
    pick = d.options[0]
    play(g, f"keep {pick}")
    assert g.hero(0).quest_items == [pick] and cov(g).borrowed == [pick]
    play(copy, f"keep {d.options[-1]}")
    assert copy.hero(0).quest_items == [d.options[-1]]
    check(g)


@rules("COV-SPELL-4")
def test_COV_SPELL_4_the_bounty_goes_back_at_the_end_of_the_turn() -> None:
    g = game(("orphaned_scion", ASTRO))
    ready(g, "bounty_of_the_gods", seat=1)
    s = g.state
    s.turn = type(s.turn)(1)
    g._legal = None
    play(g, "cast bounty_of_the_gods")
    item = g.pending.options[0] if g.pending else ""
    play(g, f"keep {item}")
    s.heroes[1].quest_items.remove(item)  # given to another hero meanwhile
    s.heroes[0].quest_items.append(item)
    play(g, "end")
    assert item not in s.heroes[0].quest_items and not cov(g).borrowed


@rules("COV-SPELL-5")
def test_COV_SPELL_5_ritual_puts_a_protection_token_on_her_space() -> None:
    g = game()
    ready(g, "ritual_of_warding")
    at(g, 0, GREEN_BRIDGE)
    play(g, "cast ritual_of_warding")
    assert cov(g).protections == [GREEN_BRIDGE]


@rules("COV-SPELL-6")
def test_COV_SPELL_6_the_token_stops_the_next_foe_or_wasteland_then_returns() -> None:
    g = game(expansion="covenant")
    w, s = g.world, g.state
    c = cov(g)
    s.foes.clear()
    c.protections[:] = list(w.board.spaces)  # every space guarded (the test's own supply)
    assert spawn(w, s, Rng(7), "brigands", 1) == 1
    assert not s.foes and len(c.protections) == len(w.board.spaces) - 1
    c.wastelands.clear()
    c.protections[:] = list(w.board.spaces)
    wastelands.place(w, s, Rng(7), 1)
    assert not c.wastelands and len(c.protections) == len(w.board.spaces) - 1


@rules("COV-SPELL-7")
def test_COV_SPELL_7_protection_does_not_stop_the_adversary() -> None:
    g = game()
    s = g.state
    play(g, "prepare ritual_of_warding")
    cov(g).protections[:] = sorted(g.world.board.tower_adjacent)[:6]
    guarded = cov(g).protections[:]
    while not s.adversary_space:
        aq = next(q for q in s.quests if q.kind == "main_goal")
        finish_stage(g.world, s, s.heroes[0], aq)
    assert s.adversary_space in g.world.board.tower_adjacent
    assert cov(g).protections == guarded


@rules("COV-SPELL-8")
def test_COV_SPELL_8_smite_removes_a_savage_or_lethal_foe_anywhere() -> None:
    g = game()
    ready(g, "smite_the_wicked")
    s = g.state
    s.foe_status.update(brigands="ready", dragons="lethal", widowmade_spiders="savage")
    s.foes[:] = [
        ("brigands", "fivepint"),
        ("dragons", "dayside"),
        ("widowmade_spiders", "egans_end"),
    ]
    cov(g).quarry = "dragons@dayside"
    g._legal = None
    casts = {a for a in legal(g) if a.startswith("cast")}
    assert casts == {
        "cast smite_the_wicked dragons dayside",
        "cast smite_the_wicked widowmade_spiders egans_end",
    }
    play(g, "cast smite_the_wicked dragons dayside")
    assert ("dragons", "dayside") not in s.foes and cov(g).quarry == ""
    check(g)


@rules("COV-SPELL-9")
def test_COV_SPELL_9_soothing_word_swaps_a_corruption() -> None:
    g = game(("orphaned_scion", ASTRO))
    ready(g, "soothing_word", seat=1)
    s = g.state
    s.turn = type(s.turn)(1)
    at(g, 0, s.heroes[1].space)
    give(g, 0, corruptions=["selfish"])
    top = s.corruption_deck[0]
    g._legal = None
    assert "cast soothing_word orphaned_scion selfish" in legal(g)
    play(g, "cast soothing_word orphaned_scion selfish")
    assert s.heroes[0].corruptions == [top]
    assert s.corruption_deck[-1] == "selfish"
    check(g)


@rules("COV-SPELL-10")
def test_COV_SPELL_10_soothing_word_is_not_gaining_a_corruption() -> None:
    g = game(("undaunted_aegis", ASTRO), expansion="covenant")
    s = g.state
    ready(g, "soothing_word", seat=1)
    s.turn = type(s.turn)(1)
    card = s.corruption_deck[-1]
    give(g, 1, corruptions=[card])
    give(g, 0, virtues=["steeled"])
    site = cov(g).sites[0]
    site.monument = "argent_oak"  # its offering: a hero gains a corruption
    g._legal = None
    play(g, f"cast soothing_word {ASTRO} {card}")
    assert site.offerings == 0 and g.pending is None  # no offering, no Steeled question
    gain_corruption(g.world, s, s.heroes[0], "a real gain")  # the Aegis: no Steeled for self
    assert site.offerings == 1


# --- the invocations' own effects ---------------------------------------------------------------


def test_celestial_jaunt_to_a_quest_marker_not_out_of_a_wasteland() -> None:
    g = game()
    ready(g, "celestial_jaunt")
    s = g.state
    target = s.quests[0].space
    assert f"cast celestial_jaunt {target}" in legal(g)
    cov(g).stuck.append(0)
    g._legal = None
    assert not any(a.startswith("cast") for a in legal(g))
    cov(g).stuck.clear()
    cov(g).wastelands.append(target)
    g._legal = None
    play(g, f"cast celestial_jaunt {target}")
    assert s.heroes[0].space == target and 0 in cov(g).stuck  # landed in a wasteland
    assert not any(a.startswith("move") for a in legal(g))


def test_abate_the_darkness_skulls_fall_to_the_supply_and_the_seal_returns() -> None:
    g = game()
    ready(g, "abate_the_darkness")
    s = g.state
    assert not any(a.startswith("cast") for a in legal(g))  # nothing inside the Tower
    s.tower.lodged[5] = 3
    s.supply -= 3
    g._legal = None
    seal = seal_id(5)
    assert f"cast abate_the_darkness {seal}" in legal(g)
    play(g, f"cast abate_the_darkness {seal}")
    assert all(s.tower.seals)
    assert s.supply + s.tower.inside == 24 - sum(s.skulls.values())
    check(g)


def test_abate_the_darkness_keeps_doom_skulls_out_of_the_supply() -> None:
    g = game(expansion="covenant")
    ready(g, "abate_the_darkness")
    s = g.state
    c = cov(g)
    s.tower.lodged[:] = [0] * 12
    s.tower.lodged[5] = 6
    c.doom_supply -= 6
    c.doom_tower = 6  # all doom
    g._legal = None
    supply = s.supply
    for seed in range(20):
        s.rng = Rng(seed).state
        trial = g.clone()
        play(trial, f"cast abate_the_darkness {seal_id(5)}")
        if trial.state.emerged:
            assert trial.state.supply == supply
            assert all(k.startswith("doom:") for k in trial.state.emerged)
            check(trial)
            return
    pytest.fail("no skull fell")


def test_commanding_rebuke_moves_a_foe_from_her_space_anywhere() -> None:
    g = game()
    ready(g, "commanding_rebuke")
    s = g.state
    s.foes[:] = [("brigands", CITADEL)]
    cov(g).quarry = f"brigands@{CITADEL}"
    g._legal = None
    casts = {a for a in legal(g) if a.startswith("cast")}
    assert len(casts) == len(g.world.board.spaces) - 1
    play(g, "cast commanding_rebuke brigands fivepint")
    assert s.foes == [("brigands", "fivepint")] and cov(g).quarry == "brigands@fivepint"


def test_winds_of_change_cycles_market_treasures() -> None:
    g = game()
    ready(g, "winds_of_change")
    s = g.state
    first, second = s.market[0], s.market[1]
    play(g, f"cast winds_of_change {first}")
    assert first not in s.market and s.treasure_deck[-1] == first and len(s.market) == 3
    assert g.pending is not None and g.pending.kind == "winds"
    copy = roundtrip(g)
    play(g, f"replace {second}", "done")
    assert second not in s.market and s.treasure_deck[-1] == second
    play(copy, "done")
    assert second in copy.state.market
    check(g)


def test_prepare_decision_survives_a_save() -> None:
    g = game()
    copy = roundtrip(g)
    play(copy, "prepare winds_of_change")
    assert cov(copy).prepared == [["winds_of_change"]]


# --- the rulebook's examples -------------------------------------------------------------------


@rules("COV-EXAMPLE-4")
def test_COV_EXAMPLE_4_ritual_cast_aura_returns_uncast() -> None:
    g = game()
    play(g, "prepare bestow_blessing")
    to_next_month(g)
    play(g, "prepare aura_of_friendship", "prepare ritual_of_warding")
    assert sorted(cov(g).prepared[0]) == ["aura_of_friendship", "ritual_of_warding"]
    space = g.hero(0).space
    play(g, "cast ritual_of_warding")
    assert cov(g).protections == [space]
    assert "ritual_of_warding" in cov(g).spells[0]
    assert cov(g).prepared[0] == ["aura_of_friendship"]
    to_next_month(g)
    assert "aura_of_friendship" in cov(g).spells[0] and not cov(g).prepared[0]


@rules("COV-EXAMPLE-5")
def test_COV_EXAMPLE_5_month_three_with_exalted() -> None:
    g = game()
    play(g, "prepare bestow_blessing")
    to_next_month(g)
    play(g, "prepare aura_of_friendship", "prepare soothing_word")
    give(g, 0, virtues=["astromancer_exalted"])  # unlocked during month 2
    to_next_month(g)
    assert g.pending is not None and g.pending.amount == 3
    play(
        g,
        "prepare ritual_of_warding",
        "prepare bounty_of_the_gods",
        "prepare commanding_rebuke",
    )
    assert cov(g).prepared[0] == [
        "ritual_of_warding",
        "bounty_of_the_gods",
        "commanding_rebuke",
    ]
    assert g.pending is None
    check(g)


def test_every_spell_card_has_its_targets_and_resolution_in_the_table() -> None:
    """The spells are dispatched through one table (covenant/spells.py SPELLS): a card of
    the content without an entry could never be cast."""
    from towerplay.rtdt.covenant.spells import IN_ACTION, SPELLS
    from towerplay.rtdt.world import get_world

    assert set(SPELLS) == set(get_world().content.spells)
    assert {s for s, spell in SPELLS.items() if spell.in_action} == IN_ACTION
    assert "smite_the_wicked" not in IN_ACTION and "soothing_word" in IN_ACTION
