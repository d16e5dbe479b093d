"""Rule tests for blessings (COV-BLESS-1..6): gained from effects, one Wild each during a
heroic action (a Battle's `bless`, counted by a Quest), lost at the end of your turn, never
traded, back to a supply of eight.

Blessings are handed out with `gain_blessing` (as the Bestow Blessing spell, Azkol's
Vambraces or the Moonstone Temple's event do) or set in `s.cov.blessings` by hand.
"""

from __future__ import annotations

import pytest

from tests.conftest import rules
from tests.rtdt.covenant_scenario import cov
from tests.rtdt.invariants import check
from tests.rtdt.scenario import at, give, legal, play, resume, scenario
from towerplay.core.errors import IllegalAction
from towerplay.core.rng import Rng
from towerplay.rtdt.covenant.blessings import end_of_turn, gain_blessing, spend_blessing
from towerplay.rtdt.covenant.events import resolve
from towerplay.rtdt.covenant.setup import blessings_free
from towerplay.rtdt.game import RtdtGame
from towerplay.rtdt.rules.battle import TOP_RUNG, deck_for
from towerplay.rtdt.state import ActiveQuest

GREEN_BRIDGE = "green_bridge"  # north, no building
QUEST = "scales_of_dragontooth_lake"  # its first stage asks for three Beast advantages


def game(heroes: tuple[str, ...] = ("orphaned_scion",), seed: int = 1) -> RtdtGame:
    """A Covenant game; heroes keep only their kingdom virtue and hold no companion, so
    advantage counts are exact."""
    g = scenario(heroes, seed=seed, expansion="covenant")
    for h in g.state.heroes:
        h.companions.clear()
        h.virtues[:] = h.virtues[:1]
    g._legal = None
    return g


def bless(g: RtdtGame, seat: int, n: int) -> None:
    cov(g).blessings[seat] = n
    g._legal = None


def battle(g: RtdtGame, card: str = "generic_skirmish") -> None:
    """Seat 0 fights brigands at the Green Bridge, `card` first."""
    s = g.state
    s.foes[:] = [("brigands", GREEN_BRIDGE)]
    s.foe_status["brigands"] = "ready"
    at(g, 0, GREEN_BRIDGE)
    give(g, 0, warriors=40)
    deck = deck_for(g.world, "brigands")
    for k in range(1, 20000):
        d = deck[:]
        Rng(k).shuffle(d)
        if d[0] == card:
            s.rng = k
            break
    play(g, f"battle brigands {GREEN_BRIDGE}")
    assert s.battle is not None and s.battle.cards[0] == card


def temple(g: RtdtGame, built: bool = True) -> None:
    """Make the sanctuary's monument the Moonstone Temple, completed unless `built` is off."""
    x = next(
        x for x in cov(g).sites if g.world.content.monuments[x.monument].replaces == "sanctuary"
    )
    x.monument = "moonstone_temple"
    if built:
        x.status = "built"
        g.state.skulls[x.space] = 0
    g._legal = None


def end_turn(g: RtdtGame) -> None:
    number = g.state.turn_number
    g.apply("end")
    while g.result is None and (g.pending or g.state.turn_number == number):
        g.apply(g.legal_actions()[0])


# --- COV-BLESS-1: gained from effects ------------------------------------------------------


@rules("COV-BLESS-1", "COV-MONUMENT-9")
def test_COV_BLESS_1_the_moonstone_temples_event_blesses_every_hero() -> None:
    g = game(("orphaned_scion", "spymaster", "relic_hunter"))
    s = g.state
    temple(g)
    resolve(g.world, s, "monument:moonstone_temple")
    assert cov(g).blessings == [1, 1, 1]
    assert blessings_free(g.world, s) == 8 - 3
    assert any("gains a blessing (Moonstone Temple)" in line for line in g.log)
    check(g)
    # drawn after a turn, the event comes as that turn ends: the dropping hero's blessing
    # fades with the turn (COV-BLESS-3), the others keep theirs for their own turns
    g = game(("orphaned_scion", "spymaster", "relic_hunter"))
    temple(g)
    g.state.events = ["monument:moonstone_temple"]
    g.state.turn.phase = "events"
    resume(g)
    assert cov(g).blessings == [0, 1, 1]


@rules("COV-BLESS-1")
def test_COV_BLESS_1_an_unbuilt_or_destroyed_temple_blesses_nobody() -> None:
    g = game(("orphaned_scion", "spymaster"))
    temple(g, built=False)
    g.state.events = ["monument:moonstone_temple"]
    g.state.turn.phase = "events"
    resume(g)
    assert cov(g).blessings == [0, 0]
    # destroyed after the event was drawn
    g = game(("orphaned_scion", "spymaster"))
    temple(g)
    x = next(x for x in cov(g).sites if x.monument == "moonstone_temple")
    x.status = "destroyed"
    g.state.removed += g.state.skulls.pop(x.space)
    g.state.destroyed.append(x.space)
    g.state.events = ["monument:moonstone_temple"]
    g.state.turn.phase = "events"
    resume(g)
    assert cov(g).blessings == [0, 0]
    check(g)


@rules("COV-BLESS-1")
def test_COV_BLESS_1_gain_blessing_gives_one_card() -> None:
    g = game(("orphaned_scion", "spymaster"))
    assert gain_blessing(g.world, g.state, g.hero(1), "Bestow Blessing")
    assert cov(g).blessings == [0, 1]
    assert any("Spymaster gains a blessing (Bestow Blessing)" in line for line in g.log)


# --- COV-BLESS-2: one Wild during a heroic action -------------------------------------------


@rules("COV-BLESS-2", "COV-BLESS-5")
def test_COV_BLESS_2_a_blessing_spent_in_battle_is_one_wild_advantage() -> None:
    g = game()
    s = g.state
    bless(g, 0, 2)
    battle(g)
    b = s.battle
    assert b is not None
    rung = b.rung
    wild = b.pool.get("wild", 0)
    assert "bless" in legal(g)
    play(g, "bless")
    assert b.pool.get("wild", 0) == wild + 1
    assert cov(g).blessings == [1]
    assert blessings_free(g.world, s) == 7  # the spent card is back in the supply
    assert b.rung == rung  # the Wild is in the pool, to be used like any other
    play(g, "advantage wild")
    assert b.rung == rung + 1
    check(g)


@rules("COV-BLESS-2")
def test_COV_BLESS_2_no_blessing_nothing_to_spend() -> None:
    g = game()
    battle(g)
    before = g.state_hash()
    assert "bless" not in legal(g)
    with pytest.raises(IllegalAction) as e:
        g.apply("bless")
    assert e.value.rule == "COV-BLESS-2", str(e.value)
    assert g.state_hash() == before


@rules("COV-BLESS-2")
def test_COV_BLESS_2_blessings_are_spent_only_in_a_heroic_action() -> None:
    g = game()
    bless(g, 0, 1)
    at(g, 0, GREEN_BRIDGE)
    before = g.state_hash()
    assert "bless" not in legal(g)  # moving, on the turn's own: no heroic action
    with pytest.raises(IllegalAction) as e:
        g.apply("bless")
    assert e.value.rule == "COV-BLESS-2", str(e.value)
    assert g.state_hash() == before


@rules("COV-BLESS-2")
def test_COV_BLESS_2_not_on_a_card_that_cannot_improve() -> None:
    g = game()
    bless(g, 0, 1)
    battle(g)
    b = g.state.battle
    assert b is not None
    b.rung = TOP_RUNG
    g._legal = None
    assert "bless" not in legal(g)
    assert cov(g).blessings == [1]


def _quest(g: RtdtGame) -> None:
    quest = g.world.content.quests[QUEST]
    needs = quest.stages[0].needs
    assert (needs.advantages, needs.advantage_type) == (3, "beast")
    space = quest.stages[0].place.spaces[0]
    g.state.quests[:] = [ActiveQuest(QUEST, 0, space, quest.kind)]
    at(g, 0, space)
    give(g, 0, treasures=["spear_of_atish"])  # one Beast advantage


@rules("COV-BLESS-2", "COV-BLESS-5")
def test_COV_BLESS_2_blessings_count_as_wild_for_a_quest_and_only_the_needed_are_spent() -> None:
    g = game()
    _quest(g)
    assert f"quest {QUEST}" not in legal(g)  # one Beast of three
    bless(g, 0, 1)
    assert f"quest {QUEST}" not in legal(g)  # two of three
    bless(g, 0, 3)
    assert f"quest {QUEST}" in legal(g)
    play(g, f"quest {QUEST}")
    assert QUEST in g.state.done_quests or g.state.quests[0].stage == 1
    assert cov(g).blessings == [1]  # two were spent, the third is kept for now
    assert blessings_free(g.world, g.state) == 7
    assert g.hero(0).treasures == ["spear_of_atish"]  # the advantage is not spent
    check(g)


# --- COV-BLESS-3, COV-BLESS-5: lost at the end of your turn ---------------------------------


@rules("COV-BLESS-3", "COV-BLESS-5")
def test_COV_BLESS_3_unspent_blessings_are_lost_at_the_end_of_your_turn() -> None:
    g = game(("orphaned_scion", "spymaster"))
    bless(g, 0, 3)
    bless(g, 1, 2)
    g.state.month_length = 20
    g.apply("end")
    while g.pending is not None:
        g.apply(g.legal_actions()[0])
    assert cov(g).blessings[0] == 0  # the turn's hero lost theirs
    assert cov(g).blessings[1] == 2  # not another hero's: it is not their turn
    assert any("3 unspent blessing(s) fade" in line for line in g.log)
    # the spymaster's turn: their blessings go at its end
    assert g.state.turn.seat == 1
    assert cov(g).blessings[1] == 2
    end_turn(g)
    assert cov(g).blessings[1] == 0
    assert blessings_free(g.world, g.state) == 8 - sum(cov(g).blessings)
    check(g)


@rules("COV-BLESS-3")
def test_COV_BLESS_3_the_fading_is_the_turns_end_not_the_heroic_action() -> None:
    g = game()
    bless(g, 0, 2)
    battle(g)
    play(g, "bless")
    while g.state.battle is not None:
        play(g, "resolve")
    assert cov(g).blessings == [1]  # kept after the action, for the rest of the turn
    end_of_turn(g.world, g.state, g.hero(0))
    assert cov(g).blessings == [0]


# --- COV-BLESS-4: not items, never traded ---------------------------------------------------


@rules("COV-BLESS-4")
def test_COV_BLESS_4_blessings_cannot_be_traded() -> None:
    g = game(("orphaned_scion", "spymaster"))
    s = g.state
    at(g, 0, GREEN_BRIDGE)
    at(g, 1, GREEN_BRIDGE)
    give(g, 0, potions=["potion_of_purifying_breath"])
    bless(g, 0, 2)
    bless(g, 1, 1)
    play(g, "trade 1")
    moves = legal(g)
    assert "give potion_of_purifying_breath" in moves  # items are offered
    assert not [a for a in moves if "bless" in a]
    # trade everything there is, then accept: blessings stay where they were
    play(g, "give potion_of_purifying_breath", "offer")
    assert g.pending is not None and g.pending.kind == "trade_respond"
    play(g, "accept")
    assert s.trade is None
    assert g.hero(1).potions == ["potion_of_purifying_breath"]
    assert cov(g).blessings == [2, 1]
    check(g)


@rules("COV-BLESS-4")
def test_COV_BLESS_4_blessings_are_not_items() -> None:
    from towerplay.rtdt.rules.effects import held

    g = game()
    h = g.hero(0)
    bless(g, 0, 3)
    assert held(h, "any") == []
    assert h.potions == h.gear == h.treasures == h.quest_items == []


# --- COV-BLESS-5, COV-BLESS-6: a supply of eight, no proxies ------------------------------


@rules("COV-BLESS-6", "COV-BLESS-5")
def test_COV_BLESS_6_eight_blessings_and_no_proxy() -> None:
    g = game(("orphaned_scion", "spymaster"))
    w, s = g.world, g.state
    bless(g, 0, 5)
    bless(g, 1, 3)
    assert blessings_free(w, s) == 0
    assert not gain_blessing(w, s, g.hero(0), "Bestow Blessing")
    assert cov(g).blessings == [5, 3]
    assert any("No blessing is left in the supply" in line for line in g.log)
    spend_blessing(w, s, g.hero(1), {})  # one goes back ...
    assert blessings_free(w, s) == 1
    assert gain_blessing(w, s, g.hero(0), "Bestow Blessing")  # ... and may be gained again
    assert cov(g).blessings == [6, 2]
    check(g)


@rules("COV-BLESS-6")
def test_COV_BLESS_6_the_temples_event_stops_when_the_supply_runs_out() -> None:
    g = game(("orphaned_scion", "spymaster", "relic_hunter"))
    temple(g)
    bless(g, 1, 7)
    resolve(g.world, g.state, "monument:moonstone_temple")
    assert cov(g).blessings == [1, 7, 0]
    assert sum(cov(g).blessings) == 8
    check(g)
