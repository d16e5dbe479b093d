"""Rule tests for the Covenant treasures (wands included) and corruptions: COV-WAND-*,
COV-EXAMPLE-3 and one test (at least) per card of covenant.yaml's `treasures:` and
`corruptions:` sections whose ability is an engine hook (covenant/cards.py, covenant/wands.py).

Most positions are games with the Covenant treasures and corruptions but no monuments
(`treasures="both", new_corruptions=12`), so that no foundation, wasteland or doom skull
changes the base board; the tests that need those play the whole expansion.
"""

from __future__ import annotations

import json

import pytest

from tests.conftest import rules
from tests.rtdt.covenant_scenario import covenant_game, doom_skulls, monument
from tests.rtdt.invariants import check
from tests.rtdt.scenario import at, finish_turn, give, legal, play, skulls
from tests.rtdt.scenario import scenario as base_scenario
from tests.rtdt.test_rules_items import force_haggle
from towerplay.core.errors import IllegalAction, SaveError
from towerplay.core.rng import Rng
from towerplay.rtdt.game import RtdtGame
from towerplay.rtdt.rules import advantages
from towerplay.rtdt.rules.battle import deck_for
from towerplay.rtdt.rules.corruption import gain_corruption
from towerplay.rtdt.rules.effects import discard_item
from towerplay.rtdt.rules.foes import foe_event
from towerplay.rtdt.rules.holdings import draw_treasure, gain_potion, take_treasure
from towerplay.rtdt.rules.turn import _close_turn
from towerplay.rtdt.rules.turn import emerge as _emerge
from towerplay.rtdt.state import ActiveQuest

# the Scion's home, the north: citadel radiant_mountains, bazaar dayside, village egans_end,
# sanctuary upper_ice_fangs; fivepint (no building) is next to the citadel and the bazaar
CITADEL, BAZAAR, VILLAGE, SANCTUARY = "radiant_mountains", "dayside", "egans_end", "upper_ice_fangs"
FIVEPINT = "fivepint"
CONFLAGRATION, PACIFICATION, CELERITY = (
    "wand_of_conflagration",
    "wand_of_pacification",
    "wand_of_celerity",
)


# --- helpers -------------------------------------------------------------------------------


def game(heroes: tuple[str, ...] = ("orphaned_scion",), seed: int = 1) -> RtdtGame:
    """The Covenant treasures and corruptions on the base board; no companion card, no foe."""
    g = base_scenario(heroes, seed=seed, treasures="both", new_corruptions=12)
    for h in g.state.heroes:
        h.companions.clear()
    g.state.foes.clear()
    g._legal = None
    return g


def charges(g: RtdtGame, wand: str) -> int:
    assert g.state.cov is not None
    return g.state.cov.charges.get(wand, 0)


def illegal(g: RtdtGame, action: str, rule: str | None = None) -> None:
    """`action` is refused (for `rule`), and the state is left exactly as it was."""
    before = g.state_hash()
    assert action not in legal(g)
    with pytest.raises(IllegalAction) as e:
        g.apply(action)
    if rule is not None:
        assert e.value.rule == rule, str(e.value)
    assert g.state_hash() == before


def foes(g: RtdtGame, *tokens: tuple[str, str]) -> None:
    g.state.foes[:] = list(tokens)
    for foe, _ in tokens:
        g.state.foe_status.setdefault(foe, "ready")
    g._legal = None


def fight(g: RtdtGame, foe: str, space: str, *cards: str) -> None:
    """Battle `foe` with exactly these battle cards, in order."""
    deck = deck_for(g.world, foe)
    for k in range(1, 20000):
        d = deck[:]
        Rng(k).shuffle(d)
        if d[0] == cards[0]:
            g.state.rng = k
            break
    play(g, f"battle {foe} {space}")
    b = g.state.battle
    assert b is not None and b.cards[0] == cards[0]
    b.cards[:] = list(cards)
    g._legal = None


def card_wilds(g: RtdtGame, card: str, battling: bool = True) -> int:
    """The Wild advantages the hero's card adds to a heroic action started now."""
    h = g.hero(0)
    with_card = advantages.automatic(g.world, g.state, h, battling).get("wild", 0)
    h.treasures.remove(card)
    without = advantages.automatic(g.world, g.state, h, battling).get("wild", 0)
    h.treasures.append(card)
    return with_card - without


def round_trip(g: RtdtGame) -> RtdtGame:
    loaded = RtdtGame.from_json(json.loads(json.dumps(g.to_json())))
    assert loaded.state_hash() == g.state_hash()
    assert [str(a) for a in loaded.legal_actions()] == [str(a) for a in g.legal_actions()]
    return loaded


# --- COV-WAND: wands -------------------------------------------------------------------------


@rules("COV-WAND-1")
def test_COV_WAND_1_a_wand_arrives_with_its_cards_charges() -> None:
    g = game()
    s = g.state
    if CELERITY in s.treasure_deck:  # the market deals the Wand of Celerity
        s.treasure_deck[s.treasure_deck.index(CELERITY)] = s.market[0]
        s.market[0] = CELERITY
    take_treasure(g.world, s, g.hero(0), CELERITY)
    assert charges(g, CELERITY) == 4
    s.treasure_deck.remove(CONFLAGRATION)
    s.treasure_deck.insert(0, CONFLAGRATION)
    draw_treasure(g.world, s, g.hero(0))
    assert charges(g, CONFLAGRATION) == 3
    give(g, 0, treasures=[PACIFICATION])
    assert charges(g, PACIFICATION) == 1
    check(g)
    discard_item(g.world, s, g.hero(0), CELERITY)  # leaving play, its charges go back
    assert CELERITY not in s.cov.charges  # type: ignore[union-attr]
    check(g)


@rules("COV-WAND-2")
def test_COV_WAND_2_spending_charges_on_your_turn_returns_them() -> None:
    g = game(("orphaned_scion", "brutal_warlord"))
    give(g, 0, treasures=[PACIFICATION])
    give(g, 1, treasures=[CONFLAGRATION])
    skulls(g, **{CITADEL: 2})
    assert "use wand_of_pacification" in legal(g)
    play(g, "use wand_of_pacification")
    assert charges(g, PACIFICATION) == 0 and g.state.skulls[CITADEL] == 0
    assert g.hero(0).treasures == [PACIFICATION]  # the wand stays; only charges are spent
    skulls(g, **{CITADEL: 1})
    illegal(g, "use wand_of_pacification", "COV-WAND-2")  # no charge left
    foes(g, ("brigands", CITADEL))
    at(g, 1, CITADEL)
    illegal(g, "use wand_of_conflagration brigands")  # not the Warlord's turn
    check(g)


@rules("COV-WAND-3")
def test_COV_WAND_3_wands_gain_charges_as_their_cards_say() -> None:
    g = game()
    give(g, 0, warriors=40, treasures=[CONFLAGRATION, PACIFICATION, CELERITY])
    foes(g, ("oreks", CITADEL))  # melee and undead
    fight(g, "oreks", CITADEL, "generic_ambush", "generic_skirmish")
    assert (charges(g, PACIFICATION), charges(g, CELERITY), charges(g, CONFLAGRATION)) == (2, 5, 3)
    g = game()
    give(g, 0, warriors=40, treasures=[PACIFICATION, CELERITY])
    foes(g, ("brigands", CITADEL))  # stealth and humanoid: neither
    fight(g, "brigands", CITADEL, "generic_ambush", "generic_skirmish")
    assert (charges(g, PACIFICATION), charges(g, CELERITY)) == (1, 4)
    g = game()
    give(g, 0, treasures=[CONFLAGRATION, PACIFICATION])
    s = g.state
    s.month_turn = s.month_length - 1  # the month's last turn closes
    s.turn.phase = "close"
    _close_turn(g.world, s)
    assert (charges(g, CONFLAGRATION), charges(g, PACIFICATION)) == (4, 1)


@rules("COV-WAND-4")
def test_COV_WAND_4_a_wand_holds_any_number_of_charges() -> None:
    g = game()
    give(g, 0, treasures=[CONFLAGRATION])
    assert g.world.content.covenant.components.charge_tokens == 10
    g.state.cov.charges[CONFLAGRATION] = 10  # type: ignore[union-attr]  # every token on it
    s = g.state
    s.month_turn = s.month_length - 1
    s.turn.phase = "close"
    _close_turn(g.world, s)
    assert charges(g, CONFLAGRATION) == 11  # a proxy stands in
    check(g)


@rules("COV-EXAMPLE-3", "COV-DOOM-4")
def test_COV_EXAMPLE_3_the_aegis_pacifies_the_citadel_and_bazaar_next_door() -> None:
    g = covenant_game(["undaunted_aegis"], north="village")  # the citadel and bazaar stand
    s = g.state
    give(g, 0, treasures=[PACIFICATION])
    assert charges(g, PACIFICATION) == 1
    at(g, 0, FIVEPINT)  # next to the citadel and the bazaar
    skulls(g, **{CITADEL: 2, BAZAAR: 2})
    doom_skulls(g, CITADEL, 1)
    supply = s.supply
    play(g, "use wand_of_pacification")
    assert charges(g, PACIFICATION) == 0
    assert s.supply == supply + 4  # four regular skulls return to the supply
    assert s.skulls[CITADEL] == 1 and s.cov.doom[CITADEL] == 1  # type: ignore[union-attr]
    assert s.skulls[BAZAAR] == 0
    check(g)


def test_wand_of_conflagration_removes_a_foe_of_its_charges_level() -> None:
    g = game()
    give(g, 0, treasures=[CONFLAGRATION])
    foes(g, ("brigands", CITADEL), ("lemures", CITADEL), ("dragons", CITADEL))
    assert {a for a in legal(g) if "conflagration" in a} == {
        "use wand_of_conflagration brigands",
        "use wand_of_conflagration lemures",
    }  # levels 2 and 3; the dragons (4) need more than 3 charges
    play(g, "use wand_of_conflagration lemures")
    assert ("lemures", CITADEL) not in g.state.foes and charges(g, CONFLAGRATION) == 0
    assert not g.state.turn.heroic_done  # removing is no Battle
    illegal(g, "use wand_of_conflagration brigands", "COV-WAND-2")
    check(g)


def test_wand_of_celerity_puts_the_hero_as_many_spaces_away_as_charges_spent() -> None:
    g = game()
    give(g, 0, treasures=[CELERITY])
    board = g.world.board
    targets = {a.split()[2] for a in legal(g) if a.startswith("use wand_of_celerity")}
    assert targets == {sp for sp in board.spaces if 1 <= board.distance(CITADEL, sp) <= 4}
    far = next(sp for sp in sorted(board.spaces) if board.distance(CITADEL, sp) == 3)
    play(g, f"use wand_of_celerity {far}")
    assert g.hero(0).space == far and charges(g, CELERITY) == 1
    assert g.state.turn.moves_left == 0 and not g.state.turn.moving_started  # not a move
    too_far = next(sp for sp in sorted(board.spaces) if board.distance(far, sp) == 2)
    illegal(g, f"use wand_of_celerity {too_far}", "COV-WAND-2")
    check(g)


def test_wand_of_celerity_cannot_leave_a_wasteland_entered_this_turn() -> None:
    g = covenant_game(["orphaned_scion"], north="village")
    give(g, 0, treasures=[CELERITY])
    g.state.cov.wastelands.append(FIVEPINT)  # type: ignore[union-attr]
    play(g, f"move {FIVEPINT}")
    assert not any(a.startswith("use wand_of_celerity") for a in legal(g))  # COV-WASTE-4


def test_wands_wait_outside_battles() -> None:
    g = game()
    give(g, 0, warriors=30, treasures=[PACIFICATION])
    skulls(g, **{CITADEL: 1})
    foes(g, ("brigands", CITADEL))
    fight(g, "brigands", CITADEL, "generic_ambush", "generic_skirmish")
    assert "use wand_of_pacification" not in legal(g)


# --- treasures --------------------------------------------------------------------------------


def test_brutal_warlords_bell_three_warriors_for_a_card_improved_all_the_way() -> None:
    g = game()
    give(g, 0, warriors=20, treasures=["brutal_warlords_bell"])
    foes(g, ("brigands", CITADEL))
    g.state.foe_status["brigands"] = "unsteady"  # cards start on rung 2
    fight(g, "brigands", CITADEL, "generic_ambush", "generic_skirmish")
    b = g.state.battle
    assert b is not None and b.pool.get("melee") == 1
    b.pool["wild"] = 2
    play(g, "advantage wild")  # rung 3: not yet the best
    assert g.hero(0).warriors == 20
    play(g, "advantage wild")  # rung 4: all the way
    assert g.hero(0).warriors == 23


def test_grim_whisper_two_wild_when_battling_on_a_wasteland() -> None:
    g = game()
    give(g, 0, warriors=30, treasures=["grim_whisper"])
    assert card_wilds(g, "grim_whisper") == 0
    g.state.cov.wastelands.append(CITADEL)  # type: ignore[union-attr]
    assert card_wilds(g, "grim_whisper", battling=False) == 0  # a Battle only
    assert card_wilds(g, "grim_whisper") == 2
    foes(g, ("brigands", CITADEL))
    fight(g, "brigands", CITADEL, "generic_ambush", "generic_skirmish")
    assert g.state.battle.pool["wild"] >= 2  # type: ignore[union-attr]


def test_haunted_recluses_effigy_may_be_spent_to_clear_the_kingdom() -> None:
    g = game(("brutal_warlord",))  # no Cleanse trigger of a virtue to answer first
    give(g, 0, treasures=["haunted_recluses_effigy"])
    skulls(g, **{CITADEL: 2, BAZAAR: 3, VILLAGE: 1, "inner_kinghills": 2})
    play(g, f"cleanse {CITADEL}")
    assert g.pending is not None and g.pending.kind == "effigy"
    assert legal(g) == {"spend", "stop"}
    loaded = round_trip(g)  # save/load mid-decision
    play(loaded, "spend")
    s = loaded.state
    assert [s.skulls[sp] for sp in (CITADEL, BAZAAR, VILLAGE, SANCTUARY)] == [0, 0, 0, 0]
    assert s.skulls["inner_kinghills"] == 2  # another kingdom
    assert loaded.hero(0).treasures == [] and s.treasure_deck[-1] == "haunted_recluses_effigy"
    check(loaded)
    play(g, "stop")  # keep it
    assert g.hero(0).treasures == ["haunted_recluses_effigy"] and g.state.skulls[BAZAAR] == 3


def test_orphaned_scions_charm_a_blessing_per_skull_out_into_your_kingdom() -> None:
    g = game(("orphaned_scion", "brutal_warlord"), seed=1)
    give(g, 1, treasures=["orphaned_scions_charm"])
    at(g, 1, "inner_kinghills")  # the Warlord stands in the east
    s = g.state
    _emerge(g.world, s, ["east", "north", "east"])
    assert s.cov.blessings == [0, 2]  # type: ignore[union-attr]  # not their turn: still


def test_azkols_vambraces_start_of_turn_leap_and_a_blessing() -> None:
    g = game()
    give(g, 0, treasures=["azkols_vambraces"])
    board = g.world.board
    leaps = {a.split()[2] for a in legal(g) if a.startswith("use azkols_vambraces")}
    assert leaps == set(board.tower_adjacent)
    play(g, "use azkols_vambraces the_throne")
    assert g.hero(0).space == "the_throne" and g.state.cov.blessings[0] == 1  # type: ignore[union-attr]
    assert g.state.turn.phase == "start" and "banner" in legal(g)  # still the start step
    illegal(g, "use azkols_vambraces irontops")  # once
    g = game()
    give(g, 0, treasures=["azkols_vambraces"])
    play(g, "move fivepint")  # the start step is over
    assert not any(a.startswith("use azkols_vambraces") for a in legal(g))


def test_azkols_ichor_seven_warriors_whenever_a_foe_changes_status() -> None:
    g = game(("orphaned_scion", "brutal_warlord"))
    give(g, 1, warriors=7, treasures=["azkols_ichor"])
    foe = g.state.config.foes[0]
    foes(g, (foe, CITADEL))
    g.state.foe_status[foe] = "ready"
    foe_event(g.world, g.state, f"grow:{foe}")  # ready -> savage
    assert g.hero(1).warriors == 14
    foe_event(g.world, g.state, f"grow:{foe}")  # savage -> lethal
    foe_event(g.world, g.state, f"grow:{foe}")  # already lethal: no change
    assert g.hero(1).warriors == 21
    foe_event(g.world, g.state, f"weaken:{foe}")
    assert g.hero(1).warriors == 28 and g.hero(0).warriors == 7


def test_spymasters_journal_borrows_an_inactive_virtue_for_the_turn() -> None:
    g = game(("orphaned_scion", "brutal_warlord"))
    give(g, 0, spirit=2, treasures=["spymasters_journal"])
    h = g.hero(0)
    inactive = list(h.inactive)
    assert {a for a in legal(g) if a.startswith("use spymasters")} == {
        f"use spymasters_journal {v}" for v in inactive
    }
    play(g, f"use spymasters_journal {inactive[0]}")
    assert inactive[0] in h.virtues and h.spirit == 1
    assert not any(a.startswith("use spymasters") for a in legal(g))  # one a turn
    loaded = round_trip(g)  # the borrowed virtue survives a save
    assert loaded.state.turn.borrowed_virtue == inactive[0]
    finish_turn(g)
    h = g.hero(0)
    assert inactive[0] in h.inactive and inactive[0] not in h.virtues
    g = game()
    give(g, 0, spirit=0, treasures=["spymasters_journal"])
    assert not any(a.startswith("use spymasters") for a in legal(g))  # 1 spirit


def test_opal_of_projection_monthly_quests_from_any_space() -> None:
    g = game()
    s = g.state
    s.quests.append(ActiveQuest("the_outlaws_due", 0, "anza", "companion"))
    give(g, 0, warriors=10)
    assert "quest the_outlaws_due" not in legal(g)
    give(g, 0, treasures=["opal_of_projection"])
    assert "quest the_outlaws_due" in legal(g)
    main = s.quests[0]
    assert main.kind == "main_goal" and main.space != g.hero(0).space
    assert f"quest {main.quest}" not in legal(g)  # not the main goal
    play(g, "quest the_outlaws_due")
    assert "the_outlaws_due" in s.done_quests and g.hero(0).warriors == 2
    check(g)


def test_azkols_scroll_six_wild_and_nothing_else_in_that_battle() -> None:
    g = game()
    give(g, 0, warriors=40, treasures=["azkols_scroll"])
    foes(g, ("brigands", CITADEL))
    g.state.foe_status["brigands"] = "lethal"
    fight(g, "brigands", CITADEL, "generic_ambush", "generic_skirmish")
    b = g.state.battle
    assert b is not None
    b.pool["stealth"] = 3
    g._legal = None
    play(g, "use azkols_scroll")
    assert b.pool == {"wild": 6} and g.hero(0).treasures == []
    b.pool["stealth"] = 2  # say a potion adds some: it does not count
    g._legal = None
    assert {a for a in legal(g) if a.startswith("advantage")} == {"advantage wild"}
    play(g, *["advantage wild"] * 4, "resolve")
    play(g, "advantage wild", "advantage wild")
    assert not any(a.startswith("advantage") for a in legal(g))  # six used
    g = game()
    give(g, 0, warriors=40, treasures=["azkols_scroll"])
    foes(g, ("brigands", CITADEL))
    fight(g, "brigands", CITADEL, "generic_ambush", "generic_skirmish")
    g.state.battle.pool["wild"] = 1  # type: ignore[union-attr]
    g._legal = None
    play(g, "advantage wild")
    illegal(g, "use azkols_scroll")  # only before any other advantage


def test_sanctified_flask_any_hero_returns_a_corruption_and_gains_a_blessing() -> None:
    g = game(("orphaned_scion", "brutal_warlord"))
    give(g, 0, treasures=["sanctified_flask"])
    give(g, 1, corruptions=["timid", "vain"])
    assert {a for a in legal(g) if a.startswith("use sanctified")} == {
        "use sanctified_flask timid",
        "use sanctified_flask vain",
    }
    play(g, "use sanctified_flask vain")
    s = g.state
    assert g.hero(1).corruptions == ["timid"] and s.corruption_deck[-1] == "vain"
    assert s.cov.blessings == [0, 1]  # type: ignore[union-attr]
    assert s.treasure_deck[-1] == "sanctified_flask"
    check(g)


@rules("COV-CARD-1")
def test_the_sanctified_flask_is_usable_inside_a_dungeon() -> None:
    from towerplay.rtdt.state import Delve, Dungeon

    g = game()
    give(g, 0, treasures=["sanctified_flask"], corruptions=["timid"])
    s = g.state
    s.dungeons[CITADEL] = Dungeon("cave", ["cave_murky_crevasse"] * 5, [False] * 5, 4)
    s.delve = Delve(CITADEL, 0, False, {}, 0)
    g._legal = None
    assert "use sanctified_flask timid" in legal(g)  # a room face up: its text sets no time
    play(g, "use sanctified_flask timid")
    assert g.hero(0).corruptions == [] and s.cov.blessings == [1]  # type: ignore[union-attr]
    assert s.delve is not None and s.delve.room == 0  # the room still waits to be resolved
    check(g)


def test_spent_covenant_treasures_feed_the_endless_necropolis() -> None:
    g = covenant_game(["orphaned_scion"], north="village")
    site = monument(g, "endless_necropolis")
    give(g, 0, treasures=["sanctified_flask"], corruptions=["timid"])
    play(g, "use sanctified_flask timid")
    assert site.offerings == 1  # COV-CLARIFY-11: a treasure spent
    check(g)


def test_azkols_chakram_after_defeating_a_level_3_or_4_foe() -> None:
    g = game(("orphaned_scion", "brutal_warlord"))
    give(g, 0, warriors=60, corruptions=["timid"], treasures=["azkols_chakram"])
    foes(g, ("lemures", CITADEL))  # level 3
    g.state.foe_status["lemures"] = "panicked"
    fight(g, "lemures", CITADEL, "generic_ambush", "generic_skirmish", "generic_raid")
    play(g, "resolve", "resolve", "resolve")
    assert g.pending is not None and g.pending.kind == "chakram"
    assert legal(g) == {"return timid", "bless brutal_warlord", "stop"}
    loaded = round_trip(g)
    play(g, "return timid")
    assert g.hero(0).corruptions == [] and g.state.corruption_deck[-1] == "timid"
    play(loaded, "bless brutal_warlord")
    assert loaded.state.cov.blessings == [0, 1]  # type: ignore[union-attr]
    g = game()
    give(g, 0, warriors=60, corruptions=["timid"], treasures=["azkols_chakram"])
    foes(g, ("brigands", CITADEL))  # level 2: nothing
    fight(g, "brigands", CITADEL, "generic_ambush", "generic_skirmish")
    play(g, "resolve", "resolve")
    assert g.pending is None and g.hero(0).corruptions == ["timid"]


def test_relic_hunters_flagon_keeps_one_of_the_top_four_potions() -> None:
    g = game()
    give(g, 0, treasures=["relic_hunters_flagon"])
    s = g.state
    top = s.potion_deck[:4]
    rest = s.potion_deck[4:]
    gain_potion(g.world, s, g.hero(0))
    g._legal = None
    assert g.pending is not None and g.pending.kind == "flagon"
    assert legal(g) == {f"keep {p}" for p in top}
    check(g)  # the four stay in the deck while the hero looks
    loaded = round_trip(g)
    pick = top[2]
    play(loaded, f"keep {pick}")
    others = top[:2] + top[3:]
    assert loaded.hero(0).potions == [pick]
    assert loaded.state.potion_deck == rest + others  # the others under the deck
    check(loaded)


def test_archwrights_sledge_wild_where_the_monument_stands() -> None:
    g = covenant_game(["orphaned_scion"], east="sanctuary")
    monument(g, "argent_oak", built=True)  # a sanctuary monument, in the east
    give(g, 0, treasures=["archwrights_sledge"])
    assert card_wilds(g, "archwrights_sledge") == 0  # the north's monument is not built
    at(g, 0, "inner_kinghills")
    assert card_wilds(g, "archwrights_sledge") == 1
    assert card_wilds(g, "archwrights_sledge", battling=False) == 1  # any heroic action


def test_archwrights_sledge_a_completed_quest_lays_an_offering() -> None:
    g = covenant_game(["orphaned_scion"], north="village")
    s = g.state
    site = monument(g, "argent_oak", offerings=2)
    give(g, 0, warriors=10, treasures=["archwrights_sledge"])
    s.quests.append(ActiveQuest("the_outlaws_due", 0, CITADEL, "companion"))
    play(g, "quest the_outlaws_due")
    assert g.pending is not None and g.pending.kind == "sledge"
    assert legal(g) == {f"offer {x.space}" for x in s.cov.sites} | {"stop"}  # type: ignore[union-attr]
    round_trip(g)
    play(g, f"offer {site.space}")
    assert site.offerings == 3
    check(g)


def test_beacon_stone_home_from_a_building_as_the_turn_ends() -> None:
    g = game(("orphaned_scion", "brutal_warlord"))
    give(g, 0, treasures=["beacon_stone"])
    at(g, 0, "inner_kinghills")  # the east's citadel
    play(g, "end")
    assert g.pending is not None and g.pending.kind == "beacon"
    north = set(g.world.board.kingdom_spaces["north"])
    assert legal(g) == {f"go {sp}" for sp in north} | {"stop"}
    round_trip(g)
    play(g, "go pearl_of_the_north")
    assert g.hero(0).space == "pearl_of_the_north"
    g = game(("orphaned_scion", "brutal_warlord"))
    give(g, 0, treasures=["beacon_stone"])
    at(g, 0, "jewel_hills")  # no building
    play(g, "end")
    assert g.pending is None or g.pending.kind != "beacon"


def test_everfilled_chest_wild_near_a_bazaar() -> None:
    g = game()
    give(g, 0, treasures=["everfilled_chest"])
    at(g, 0, FIVEPINT)  # next to the bazaar
    assert card_wilds(g, "everfilled_chest") == 1
    at(g, 0, BAZAAR)
    assert card_wilds(g, "everfilled_chest", battling=False) == 1
    at(g, 0, "muted_forest")
    assert card_wilds(g, "everfilled_chest") == 0


@pytest.mark.parametrize(("face", "warriors"), [("warriors", 10), ("cancel", 7)])
def test_everfilled_chest_rolls_the_haggle_die_as_the_turn_ends(
    monkeypatch: pytest.MonkeyPatch, face: str, warriors: int
) -> None:
    g = game(("orphaned_scion", "brutal_warlord"))
    give(g, 0, treasures=["everfilled_chest"])
    force_haggle(monkeypatch, face)
    play(g, "end")
    h = g.hero(0)
    assert h.warriors == warriors  # cancel does nothing
    assert g.state.turn.reinforces == 0


def test_the_iron_wall_ignores_a_battle_cards_big_losses() -> None:
    g = game()
    give(g, 0, warriors=30, spirit=3, treasures=["the_iron_wall"])
    foes(g, ("brigands", CITADEL))
    g.state.foe_status["brigands"] = "lethal"
    fight(g, "brigands", CITADEL, "generic_ambush", "generic_skirmish")  # 12 warriors
    assert "use the_iron_wall" in legal(g)
    play(g, "use the_iron_wall", "resolve")
    h = g.hero(0)
    assert h.warriors == 30 and h.treasures == []
    assert g.state.treasure_deck[-1] == "the_iron_wall"
    assert "use the_iron_wall" not in legal(g)  # spent: the next card (10) hurts
    play(g, "resolve")
    assert h.warriors == 20
    g = game()
    give(g, 0, warriors=30, treasures=["the_iron_wall"])
    foes(g, ("brigands", CITADEL))
    fight(g, "brigands", CITADEL, "generic_ambush", "generic_skirmish")  # 8: too little
    illegal(g, "use the_iron_wall")


def test_the_iron_wall_in_a_dungeon_room_and_against_a_strike() -> None:
    from towerplay.rtdt.state import Delve, Dungeon

    g = game()
    give(g, 0, warriors=30, treasures=["the_iron_wall"])
    s = g.state
    s.dungeons[CITADEL] = Dungeon("cave", ["cave_murky_crevasse"] * 5, [False] * 5, 4)
    s.delve = Delve(CITADEL, 0, False, {}, 0)
    g._legal = None
    assert "use the_iron_wall" in legal(g)  # 12 warriors
    play(g, "use the_iron_wall", "resolve")
    assert g.hero(0).warriors == 30


def _strike(g: RtdtGame, warriors: int) -> None:
    """A strike of the brigands that costs every hero `warriors` warriors and a spirit."""
    from towerplay.rtdt.models import HitHeroes, Lose
    from towerplay.rtdt.rules.effects import _hit_heroes

    hit = HitHeroes(
        op="hit_heroes",
        target="all",
        effects=[
            Lose(op="lose", resource="warriors", amount=warriors),
            Lose(op="lose", resource="spirit", amount=1),
        ],
    )
    _hit_heroes(g.world, g.state, hit, [CITADEL], "brigands")
    g._legal = None


@rules("COV-CARD-2")
def test_the_iron_wall_is_asked_against_a_strike_not_spent_for_its_holder() -> None:
    g = game()
    give(g, 0, warriors=30, spirit=3, treasures=["the_iron_wall"])
    _strike(g, 10)
    h = g.hero(0)
    assert g.pending is not None and g.pending.kind == "iron_wall"
    assert legal(g) == {"raise", "stop"}
    assert h.warriors == 30 and h.treasures == ["the_iron_wall"]  # nothing spent unasked
    kept = round_trip(g)  # the held-back losses are in the save
    bad = json.loads(json.dumps(g.to_json()))
    bad["pending"][0]["options"][0] = "not an effect"
    with pytest.raises(SaveError, match="not an effect"):
        RtdtGame.from_json(bad)
    play(g, "raise")
    assert h.warriors == 30 and h.spirit == 3 and h.treasures == []
    play(kept, "stop")  # kept: the event's losses, all of them
    assert kept.hero(0).warriors == 20 and kept.hero(0).spirit == 2
    assert kept.hero(0).treasures == ["the_iron_wall"]
    g = game()
    give(g, 0, warriors=30, treasures=["the_iron_wall"])
    _strike(g, 9)  # under 10: not asked
    assert g.pending is None and g.hero(0).warriors == 21


@rules("COV-CARD-3")
def test_the_iron_wall_is_offered_against_a_failed_adversary_quest() -> None:
    import dataclasses
    from types import MappingProxyType

    from towerplay.rtdt.models import Lose
    from towerplay.rtdt.rules.quests import fail_month_quests

    g = game()
    give(g, 0, warriors=30, treasures=["the_iron_wall"])
    w = g.world
    quest = w.content.quests["hold_the_bridge"]
    assert quest.failure is not None
    heavy = quest.failure.model_copy(
        update={"each_hero": [Lose(op="lose", resource="warriors", amount=12)]}
    )
    quests = dict(w.content.quests, hold_the_bridge=quest.model_copy(update={"failure": heavy}))
    content = dataclasses.replace(w.content, quests=MappingProxyType(quests))
    world = dataclasses.replace(w, content=content)
    g.state.quests[:] = [ActiveQuest("hold_the_bridge", 0, CITADEL, "adversary")]
    fail_month_quests(world, g.state)
    d = g.state.pending[-1]
    assert d.kind == "iron_wall" and d.context == "hold_the_bridge"
    assert g.hero(0).warriors == 30
    g.state.pending.pop()
    from towerplay.rtdt.covenant.treasure_choices import KINDS

    KINDS["iron_wall"].apply(world, g.state, d, ("stop",))
    assert g.hero(0).warriors == 18  # kept: the quest's 12 warriors


def test_tent_of_revelry_one_wild_in_a_quest_action() -> None:
    g = game()
    give(g, 0, treasures=["tent_of_revelry"])
    assert card_wilds(g, "tent_of_revelry", battling=False) == 1
    assert card_wilds(g, "tent_of_revelry", battling=True) == 0
    g.state.quests.append(ActiveQuest("break_the_blockade", 0, CITADEL, "adversary"))
    g._legal = None
    needs = g.world.content.quests["break_the_blockade"].stages[0].needs.advantages
    have = sum(advantages.automatic(g.world, g.state, g.hero(0), battling=False).values())
    assert have >= needs
    assert ("quest break_the_blockade" in legal(g)) == (have >= needs)
    g.hero(0).treasures.clear()
    g._legal = None
    have -= 1
    assert ("quest break_the_blockade" in legal(g)) == (have >= needs)


# --- corruptions ------------------------------------------------------------------------------


def test_shaken_no_glyph_action_facing_the_kingdom_you_are_in() -> None:
    g = game()
    s = g.state
    s.tower.rotation[1] = 1  # the battle glyph's drum turns it to face the east
    s.tower.seals[1 * 4 + 1] = False  # and it is revealed
    give(g, 0, spirit=3, corruptions=["shaken"])
    foes(g, ("brigands", "inner_kinghills"), ("oreks", CITADEL))
    assert "battle oreks radiant_mountains" in legal(g)  # in the north: allowed
    at(g, 0, "inner_kinghills")
    illegal(g, "battle brigands inner_kinghills", "RTDT-CORR-7")


def test_inobservant_battle_cards_give_nothing() -> None:
    g = game()
    give(g, 0, warriors=20, corruptions=["inobservant"])
    foes(g, ("brigands", CITADEL))
    g.state.foe_status["brigands"] = "panicked"  # rung 3
    fight(g, "brigands", CITADEL, "generic_skirmish", "generic_ambush")
    g.state.battle.pool["wild"] = 2  # type: ignore[union-attr]
    play(g, "advantage wild", "resolve")  # "gain 2 warriors"
    assert g.hero(0).warriors == 20
    play(g, "advantage wild", "resolve")  # "gain 1 spirit"
    assert g.hero(0).spirit == 1 + 2  # only the heroic action's 2 spirit


def test_vain_no_battle_against_level_2_foes() -> None:
    g = game()
    give(g, 0, corruptions=["vain"])
    foes(g, ("brigands", CITADEL), ("lemures", CITADEL))
    assert "battle lemures radiant_mountains" in legal(g)
    illegal(g, "battle brigands radiant_mountains", "RTDT-CORR-7")


def test_crestfallen_no_banner_action() -> None:
    g = game()
    assert "banner" in legal(g)
    give(g, 0, corruptions=["crestfallen"])
    illegal(g, "banner", "RTDT-CORR-7")


def test_arrogant_no_quest_action() -> None:
    g = game()
    g.state.quests.append(ActiveQuest("the_outlaws_due", 0, CITADEL, "companion"))
    give(g, 0, warriors=10)
    assert "quest the_outlaws_due" in legal(g)
    give(g, 0, corruptions=["arrogant"])
    illegal(g, "quest the_outlaws_due", "RTDT-CORR-7")


def test_aquaphobic_a_spirit_for_each_river_crossed() -> None:
    g = game()
    give(g, 0, spirit=2, corruptions=["aquaphobic"])
    at(g, 0, VILLAGE)
    play(g, "move outer_kinghills")  # across the river
    assert g.hero(0).spirit == 1
    g = game()
    give(g, 0, spirit=0, corruptions=["aquaphobic"])
    at(g, 0, VILLAGE)
    play(g, "move outer_kinghills")  # no spirit to lose: a corruption
    assert len(g.hero(0).corruptions) == 2
    g = game()
    give(g, 0, spirit=2, corruptions=["aquaphobic"])
    play(g, f"move {FIVEPINT}")  # no river
    assert g.hero(0).spirit == 2


def test_timid_no_tower_adjacent_space() -> None:
    g = game()
    give(g, 0, corruptions=["timid"], treasures=["azkols_vambraces", CELERITY])
    at(g, 0, SANCTUARY)  # next to the Tower Scar Desert and the Bleak Wastes
    moves = {a for a in legal(g) if a.startswith("move")}
    assert moves and not any(a.split()[1] in g.world.board.tower_adjacent for a in moves)
    assert not any(a.startswith("use azkols_vambraces") for a in legal(g))
    assert "use wand_of_celerity tower_scar_desert" not in legal(g)
    illegal(g, "move tower_scar_desert", "RTDT-CORR-7")


def test_snobby_no_gear() -> None:
    g = game(("orphaned_scion", "brutal_warlord"))
    s = g.state
    piles = dict(s.gear_piles)
    give(g, 0, gear=["longswords", "leather_armor"])
    s.corruption_deck.remove("snobby")
    s.corruption_deck.insert(0, "snobby")
    gain_corruption(g.world, s, g.hero(0), "a test")
    assert g.hero(0).gear == [] and s.gear_piles == piles
    g._legal = None
    play(g, "reinforce free")  # the citadel: a potion, 6 warriors, and a gear
    assert g.pending is None and g.hero(0).gear == []  # no gear pile to choose from
    check(g)


def test_snobby_receives_no_gear_in_a_trade() -> None:
    g = game(("orphaned_scion", "brutal_warlord"))
    give(g, 0, gear=["longswords"])
    give(g, 1, corruptions=["snobby"])
    at(g, 1, CITADEL)
    play(g, "trade 1")
    assert "give longswords" not in legal(g) and "give warriors 1" in legal(g)


def test_fatigued_base_move_one_lower() -> None:
    g = game()
    give(g, 0, corruptions=["fatigued"])
    play(g, f"move {FIVEPINT}", "move dayside")
    assert g.state.turn.moves_left == 0  # the Scion's 3, less 1
    assert not any(a.startswith("move") for a in legal(g))


def test_disreputable_a_free_reinforce_costs_a_spirit() -> None:
    g = game()
    give(g, 0, spirit=0, corruptions=["disreputable"])
    assert "reinforce free" not in legal(g)
    give(g, 0, spirit=1)
    play(g, "reinforce free")
    assert g.hero(0).spirit == 0


def test_a_question_whose_answers_vanished_is_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    """Lingering Rot's Tower act asks which gear to lose and adds a spore; the third spore
    draws Snobby, which discards every gear: the gear question has no answer left and the
    game goes on (RTDT-RES-4: lose what you can) instead of waiting forever."""
    import dataclasses

    from towerplay.rtdt import app

    g = game(("spymaster",))
    s = g.state
    s.config = dataclasses.replace(s.config, adversary="lingering_rot")
    give(g, 0, gear=["longswords", "leather_armor"])
    s.heroes[0].spores = 2
    s.corruption_deck.remove("snobby")
    s.corruption_deck.insert(0, "snobby")
    monkeypatch.setattr(app, "draw_events", lambda *args, **kw: ["tower_acts"])
    monkeypatch.setattr(app, "draw_covenant_events", lambda *args, **kw: [])
    g.apply("end")
    while g.result is None and g.state.turn.seat == 0 and g.state.pending:
        assert g.legal_actions(), "a pending question with no answer"
        g.apply(g.legal_actions()[0])
    assert "snobby" in s.heroes[0].corruptions and s.heroes[0].gear == []
    assert any("Nothing is left to choose" in line for line in g.log)
    assert g.result is not None or g.legal_actions()


@rules("RTDT-MOVE-7", "RTDT-BATTLE-1")
@pytest.mark.parametrize(
    ("corruption", "bare", "rule"),
    [("timid", "move", "RTDT-MOVE-7"), ("vain", "battle", "RTDT-BATTLE-1")],
)
def test_a_bare_verb_is_refused_by_its_rule_not_crashed_on_by_a_corruption(
    corruption: str, bare: str, rule: str
) -> None:
    """Issue 10 defect: `move` with Timid and `battle` with Vain, with nothing after the
    verb, raised IndexError from the corruption check; they are illegal like any other."""
    g = game()
    give(g, 0, corruptions=[corruption])
    foes(g, ("brigands", FIVEPINT))
    illegal(g, bare, rule)
