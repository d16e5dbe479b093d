"""The adversaries' own mechanics (foes.yaml `adversaries[]`, rtdt/abilities/adversaries.py,
RTDT-ADVCARD-*): Bane of Omens' Black Mark, Gravemaw's mutations, Isa the Exile's ultimatum
and Utuk'Ku's advantage cap. Each test plays the mechanic and fails if it is dropped."""

from __future__ import annotations

import dataclasses
import json

import pytest

from tests.conftest import rules
from tests.rtdt.scenario import at, give, legal, play, resume, scenario
from tests.rtdt.test_rules_battle import answer_all, illegal
from towerplay.agents.heuristic import HeuristicAgent
from towerplay.core.errors import ContentError
from towerplay.core.rng import Rng
from towerplay.rtdt import save
from towerplay.rtdt.content import _check_adversary, load_content
from towerplay.rtdt.game import RtdtGame
from towerplay.rtdt.rules.battle import deck_for, start_battle

MARK = "the_black_mark"
CITADEL = "radiant_mountains"
MUTATIONS = ["mutation_gnashing_maw", "mutation_bone_plates", "mutation_swarming_hunger"]


def two_heroes(adversary: str) -> RtdtGame:
    g = scenario(["brutal_warlord", "spymaster"])
    g.state.config = dataclasses.replace(g.state.config, adversary=adversary)
    for h in g.state.heroes:
        h.companions.clear()
    for seat in (0, 1):
        give(g, seat, warriors=20, spirit=5)
    g.state.foes[:] = []
    return g


def tower_acts(g: RtdtGame, active: int = 0) -> None:
    """The Tower acts now, after a turn of `active`'s."""
    s = g.state
    s.turn.seat = active
    s.events = ["tower_acts"]
    s.emerged = []
    s.dropper = active
    s.turn.phase = "events"
    resume(g)
    answer_all(g)


# --- Bane of Omens: The Black Mark ----------------------------------------------------------


@rules("RTDT-ADVCARD-1", "RTDT-ADVCARD-3")
def test_the_tower_acts_mark_the_active_hero_and_strike_the_holder() -> None:
    g = two_heroes("bane_of_omens")
    h0, h1 = g.state.heroes
    tower_acts(g, active=0)
    assert MARK in h0.quest_items and MARK not in h1.quest_items
    assert (len(h0.corruptions), len(h1.corruptions)) == (1, 0)
    assert (h0.spirit, h1.spirit) == (4, 4)  # every hero loses 1 spirit
    assert any("marks the" in line for line in g.log)
    tower_acts(g, active=1)  # the mark stays put: the holder is struck, not the active hero
    assert MARK in h0.quest_items and MARK not in h1.quest_items
    assert (len(h0.corruptions), len(h1.corruptions)) == (2, 0)


@rules("RTDT-ADVCARD-2")
def test_the_holder_pays_one_spirit_to_pass_the_mark_and_may_not_trade_it() -> None:
    g = two_heroes("bane_of_omens")
    g.state.heroes[0].quest_items.append(MARK)
    g._legal = None
    assert "pass_mark 1" in legal(g)
    phase = g.state.turn.phase
    play(g, "pass_mark 1")
    h0, h1 = g.state.heroes
    assert MARK in h1.quest_items and MARK not in h0.quest_items
    assert h0.spirit == 4 and g.state.turn.phase == phase  # not an action: the step stays
    assert not any(a.startswith("pass_mark") for a in legal(g))  # seat 0 holds it no more
    # the holder's trades never carry it
    at(g, 1, h0.space)
    h1.quest_items.remove(MARK)
    h0.quest_items.append(MARK)
    g._legal = None
    play(g, "trade 1")
    assert not any(MARK in a for a in legal(g))
    play(g, "cancel")
    # with no spirit the mark cannot be passed
    g.state.heroes[0].spirit = 0
    g._legal = None
    assert not any(a.startswith("pass_mark") for a in legal(g))
    illegal(g, "pass_mark 1", "RTDT-ADVCARD-2")


@rules("RTDT-ADVCARD-2")
def test_the_mark_is_never_lost_with_the_holders_items() -> None:
    g = two_heroes("bane_of_omens")
    h0 = g.state.heroes[0]
    h0.quest_items.append(MARK)
    from towerplay.rtdt.rules.effects import lose_items

    lose_items(g.world, g.state, h0, "item", 3)
    assert MARK in h0.quest_items


@pytest.mark.parametrize(("corrupt", "passes"), [(2, True), (0, False)])
def test_the_heuristic_agent_passes_the_mark_one_strike_from_losing(
    corrupt: int, passes: bool
) -> None:
    g = two_heroes("bane_of_omens")
    g.state.heroes[0].quest_items.append(MARK)
    give(g, 0, corruptions=g.state.corruption_deck[:corrupt])
    g.state.turn.phase, g.state.turn.banner_done = "middle", True  # past the banner
    g._legal = None
    HeuristicAgent.strict = True
    try:
        a = HeuristicAgent(1).act(g)
    finally:
        HeuristicAgent.strict = False
    assert (str(a) == "pass_mark 1") is passes


def test_no_other_adversary_offers_a_pass() -> None:
    g = two_heroes("gravemaw")
    g.state.heroes[0].quest_items.append(MARK)  # a mark without Bane is just a card
    g._legal = None
    assert not any(a.startswith("pass_mark") for a in legal(g))


# --- Gravemaw: mutations ----------------------------------------------------------------------


@rules("RTDT-ADVCARD-4")
def test_gravemaw_mutates_the_foe_type_with_most_tokens() -> None:
    g = two_heroes("gravemaw")
    lvl2, lvl3, _ = g.state.config.foes
    g.state.foes[:] = [(lvl2, "dayside"), (lvl2, "egans_end"), (lvl3, "fivepint")]
    tower_acts(g)
    assert g.state.mutations == {lvl2: [MUTATIONS[0]]}
    tower_acts(g)
    assert g.state.mutations == {lvl2: MUTATIONS[:2]}
    g.state.foes[:] = [(lvl2, "dayside"), (lvl3, "fivepint")]  # a tie: the higher level
    tower_acts(g)
    assert g.state.mutations[lvl3] == [MUTATIONS[0]]
    g.state.foes[:] = []
    tower_acts(g)
    assert any("finds no foe to mutate" in line for line in g.log)


@rules("RTDT-ADVCARD-5")
def test_a_mutation_card_joins_only_its_foes_battle_deck() -> None:
    g = two_heroes("gravemaw")
    lvl2, lvl3, _ = g.state.config.foes
    h = g.state.heroes[0]
    assert not any(c.startswith("mutation_") for c in deck_for(g.world, lvl2))
    g.state.mutations = {lvl2: [MUTATIONS[0]]}
    deck = deck_for(g.world, lvl2) + [MUTATIONS[0]]
    k = next(k for k in range(1, 20000) if _first(deck, k) == MUTATIONS[0])
    g.state.rng = k
    g.state.foes[:] = [(lvl2, h.space)]
    start_battle(g.world, g.state, h, lvl2, h.space)
    assert g.state.battle is not None and g.state.battle.cards[0] == MUTATIONS[0]
    g.state.battle = None
    for seed in range(1, 40):  # an unmutated foe type never draws one
        g.state.rng = seed
        g.state.foes[:] = [(lvl3, h.space)]
        start_battle(g.world, g.state, h, lvl3, h.space)
        assert g.state.battle is not None
        assert not any(c.startswith("mutation_") for c in g.state.battle.cards)
        g.state.battle = None


def _first(deck: list[str], k: int) -> str:
    d = deck[:]
    Rng(k).shuffle(d)
    return d[0]


def test_a_save_without_mutations_loads() -> None:
    g = two_heroes("gravemaw")
    g.state.mutations = {g.state.config.foes[0]: [MUTATIONS[1]]}
    raw = json.loads(json.dumps(save.save_state(g.state)))
    assert save.load_state(g.world, raw).mutations == g.state.mutations
    del raw["mutations"]  # a save made before mutations existed
    assert save.load_state(g.world, raw).mutations == {}


# --- Isa the Exile: the ultimatum -------------------------------------------------------------


@rules("RTDT-ADVCARD-6")
def test_isas_ultimatum_costs_one_spirit_per_treasure_held() -> None:
    g = two_heroes("isa_the_exile")
    h0, h1 = g.state.heroes
    give(g, 0, treasures=g.state.market[:3])
    tower_acts(g)
    assert (h0.spirit, h1.spirit) == (2, 5)
    assert (h0.warriors, h1.warriors) == (18, 18)
    assert not h0.corruptions
    h0.spirit = 1  # two short: one corruption (RTDT-BATTLE-11's rule for strikes)
    tower_acts(g)
    assert h0.spirit == 0 and len(h0.corruptions) == 1


# --- Utuk'Ku: the advantage cap -------------------------------------------------------------


@rules("RTDT-ADVCARD-7")
@pytest.mark.parametrize(("adversary", "most"), [("utuk_ku", 5), ("gravemaw", 10)])
def test_utuk_ku_allows_five_advantages_in_one_heroic_action(adversary: str, most: int) -> None:
    g = two_heroes(adversary)
    h = g.state.heroes[0]
    at(g, 0, CITADEL)
    foe = g.state.config.foes[2]
    g.state.foes[:] = [(foe, CITADEL)]
    g.state.foe_status[foe] = "lethal"
    play(g, f"battle {foe} {CITADEL}")
    b = g.state.battle
    assert b is not None
    b.pool["wild"] = 20
    g._legal = None
    used = 0
    while "advantage wild" in legal(g):
        play(g, "advantage wild")
        used += 1
        if g.state.battle is not None and g.state.battle.rung == 4:
            play(g, "resolve")
    assert used == most
    assert g.observe(0)["battle"]["max_advantages"] == most
    rule = "RTDT-ADVCARD-7" if most < 10 else "RTDT-ADV-9"
    g.state.battle.rung = 0
    g._legal = None
    illegal(g, "advantage wild", rule)
    del h


# --- content ------------------------------------------------------------------------------


def test_an_adversarys_mechanics_name_what_exists() -> None:
    c = load_content()
    adv = c.adversaries["bane_of_omens"]
    bad = adv.model_copy(update={"mark": "no_such_item"})
    with pytest.raises(ContentError, match=r"adversaries\[1\]\.mark"):
        _check_adversary(bad, "adversaries[1]", "foes.yaml", c.quest_items, c.battle_cards)
    grave = c.adversaries["gravemaw"]
    bad = grave.model_copy(update={"mutations": ["generic_ambush"]})
    with pytest.raises(ContentError, match=r"mutations\[0\]"):
        _check_adversary(bad, "adversaries[4]", "foes.yaml", c.quest_items, c.battle_cards)
    bad = grave.model_copy(update={"mutations": []})
    with pytest.raises(ContentError, match="needs the adversary's mutations"):
        _check_adversary(bad, "adversaries[4]", "foes.yaml", c.quest_items, c.battle_cards)
    bad = adv.model_copy(update={"mark": None})
    with pytest.raises(ContentError, match="needs the adversary's mark"):
        _check_adversary(bad, "adversaries[1]", "foes.yaml", c.quest_items, c.battle_cards)


def test_every_designed_mechanic_says_so() -> None:
    c = load_content()
    for aid in ("bane_of_omens", "gravemaw", "isa_the_exile", "utuk_ku"):
        sources = [r.source for r in c.adversaries[aid].rules]
        assert "designed" in sources and "public" in sources, aid
