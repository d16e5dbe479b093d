"""The campaign's rules on the fixture Guide: the party and its decks (AT-CAMP), the
Guide (AT-GUIDE), loot (AT-LOOT), perks (AT-PERK), the market (AT-MARKET) and random
encounters (AT-RANDOM)."""

from __future__ import annotations

import pytest

from towerplay.core.errors import IllegalAction
from towerplay.tactics.campaign.game import new_game
from towerplay.tactics.campaign.guide import apply_reward
from towerplay.tactics.campaign.hero import level, max_hp
from towerplay.tactics.campaign.invariants import violations
from towerplay.tactics.campaign.models import Reward
from towerplay.tactics.campaign.state import gold

from .guide_fixture import PARTY, at, campaign, guide_content, play, resolve, texts


def gold_of(g) -> int:  # type: ignore[no-untyped-def]
    return gold(g.c, g.s)


def refused(g, action: str, rule: str) -> None:  # type: ignore[no-untyped-def]
    before = g.to_json()
    with pytest.raises(IllegalAction) as err:
        g.apply(action)
    assert err.value.rule == rule, err.value
    assert g.to_json() == before


# --- AT-CAMP ------------------------------------------------------------------------------


def test_AT_CAMP_1_a_locked_party_of_three_to_five_distinct_heroes() -> None:
    c = guide_content()
    for bad in (2, 6):
        with pytest.raises(ValueError, match="AT-CAMP-1"):
            new_game({"heroes": bad}, 0, c)
    twice = [PARTY[0], {"hero": "roberta", "class": "cleric"}, PARTY[2]]
    with pytest.raises(ValueError, match="AT-CAMP-1"):
        new_game({"heroes": 3, "party": twice}, 0, c)
    same_class = [PARTY[0], {"hero": "olette", "class": "fighter"}, PARTY[2]]
    with pytest.raises(ValueError, match="AT-CAMP-1"):
        new_game({"heroes": 3, "party": same_class}, 0, c)
    g = new_game({"heroes": 3}, 0, c)
    play(g, "hero roberta fighter")
    offered = texts(g)
    assert not any(t.startswith("hero roberta") or t.endswith(" fighter") for t in offered)
    play(g, "hero olette cleric", "hero elwyn archer")
    assert len(g.s.party) == 3 and g.s.chapter == "crossroads"
    assert g.observe(0)["page"]["title"] == "Chapter 1: The Crossroads"


def test_AT_CAMP_2_players_divide_the_heroes_before_each_encounter() -> None:
    g = campaign(heroes=3, players=2)
    assert [h.player for h in g.s.party] == [0, 1, 0]
    at(g, "ambush")
    assert g.s.pending[0].kind == "players" and g.encounter is None
    assert "player roberta 2" in texts(g) and "player roberta 1" not in texts(g)
    play(g, "player roberta 2", "player olette 1")
    assert [h.player for h in g.s.party] == [1, 0, 0]
    play(g, "ready")  # the players are set; then each hero's player setup (AT-LOADOUT-5)
    assert [p.kind for p in g.s.pending] == ["setup"] * 3
    play(g, "ready", "ready", "ready")
    assert g.encounter is not None
    solo = at(campaign(heroes=3, players=1), "ambush")
    assert solo.encounter is not None  # one player: nothing to divide


@pytest.mark.parametrize(
    ("difficulty", "heroes", "potions"),
    [("easy", 3, 3), ("easy", 4, 4), ("normal", 3, 2), ("normal", 5, 3), ("hard", 3, 1)],
)
def test_AT_CAMP_3_starting_revive_potions(difficulty: str, heroes: int, potions: int) -> None:
    g = campaign(heroes=heroes, difficulty=difficulty)
    assert g.observe(0)["party"]["revive_potions"] == potions


def test_AT_CAMP_4_revive_potions_are_refreshed_after_an_encounter() -> None:
    from towerplay.agents.random import RandomAgent

    g = at(campaign(heroes=3, seed=3), "ambush")
    start = g.observe(0)["party"]["revive_potions"]
    agent = RandomAgent(3)
    used = 0
    while g.encounter is not None:
        used = max(used, g.encounter.s.potions_used)
        g.apply(agent.act(g))
    assert used > 0  # the encounter spent potions ...
    assert g.observe(0)["party"]["revive_potions"] == start  # ... Party > Items keeps them


def test_AT_CAMP_5_every_copy_in_one_place() -> None:
    g = campaign()
    g.s.market.append("goblin_cleaver")  # the only copy is in the market deck
    apply_reward(g.c, g.s, Reward(loot=("goblin_cleaver",)))
    assert not any(p.kind == "give" for p in g.s.pending)  # no second copy to find
    assert not violations(g.c, g.s)
    g.s.party[0].cards.append("goblin_cleaver")
    assert any("goblin_cleaver" in v for v in violations(g.c, g.s))


# --- AT-GUIDE -----------------------------------------------------------------------------


def test_AT_GUIDE_1_choices_and_their_requirements() -> None:
    g = campaign(heroes=3)
    assert g.s.chapter == "crossroads" and texts(g) == ["choose 1", "choose 2"]
    page = g.observe(0)["page"]
    assert page["choices"][2] == {
        "action": "choose 3",
        "text": "Send scouts ahead to the Blob King",
        "open": False,
        "reason": "only for 5 heroes",
        "why": {
            "kind": "text",
            "text": "only for 5 heroes",
            "msg": "only for {heroes} heroes",
            "args": {"heroes": "5"},
            "seats": [],
            "amounts": {},
        },
    }
    refused(g, "choose 3", "AT-GUIDE-1")
    assert "choose 3" in texts(campaign(heroes=5))
    gate = at(campaign(), "crypt_gate")
    assert texts(gate) == ["choose 3"]  # no key, no pilgrim, no gold
    apply_reward(gate.c, gate.s, Reward(gold=2, items=("crypt_key",)))
    assert texts(gate) == ["choose 1", "choose 3", "choose 4"]
    play(gate, "choose 1")
    assert gate.result is not None and gate.s.ending == "The Dawn Ending"
    market = at(campaign(), "riverside")
    play(market, "choose 3")  # leads nowhere: the party stays on the page, the flag set
    assert market.s.flags == ["heard_rumours"] and market.s.chapter == "riverside"
    assert market.s.pending[0].data["page"] == ["chapter", "riverside"]
    refused(market, "choose 3", "AT-GUIDE-1")  # closed by the flag it set


@pytest.mark.parametrize(
    ("outcome", "chapter", "gold_after"),
    [("success", "crypt_gate", 2), ("+success", "crypt_gate", 3), ("failure", "riverside", 1)],
)
def test_AT_GUIDE_2_the_result_section(outcome: str, chapter: str, gold_after: int) -> None:
    g = resolve(at(campaign(), "ambush"), outcome)
    assert g.s.history[-1].result == outcome and gold_of(g) == gold_after
    while g.s.pending[0].kind != "page":  # loot, perks, marks, level-ups: first answers
        g.apply(texts(g)[0])
    assert g.s.chapter == chapter


def test_AT_GUIDE_2_an_encounter_played_through_its_engine() -> None:
    from towerplay.agents.heuristic_tactics import HeuristicTacticsAgent

    g = at(campaign(seed=1), "blob_lair")
    assert g.encounter is not None and g.encounter.s.encounter == "blob_king"
    assert g.encounter.config["party"] == ["fighter", "cleric", "archer"]
    agent = HeuristicTacticsAgent(1)
    while g.encounter is not None:
        assert g.to_act == g.encounter.to_act
        last = g.encounter
        g.apply(agent.act(g.encounter))
    assert last.s.outcome == g.s.history[-1].result
    assert g.s.history[-1].chapter == "blob_lair"
    assert g.s.history[-1].result in ("success", "+success", "failure")


def test_AT_GUIDE_3_level_up_asks_every_hero() -> None:
    g = resolve(at(campaign(), "ambush"), "success")
    play(g, "give roberta")  # the Goblin Cleaver
    assert [(p.kind, p.seat) for p in g.s.pending if p.kind == "level"] == [
        ("level", 0),
        ("level", 1),
        ("level", 2),
    ]
    options = {o["class"]: o for o in g.observe(0)["level_up"]["options"]}
    dark_knight = options["dark_knight"]
    assert (dark_knight["card"], dark_knight["ok"]) == ("dark_knight_1", False)
    assert dark_knight["rule"] == "AT-ELITE-1" and "Wizard" in dark_knight["reason"]
    refused(g, "level dark_knight_1", "AT-ELITE-1")
    for action in ("level fighter_2", "keep", "done", "level cleric_2", "keep", "done"):
        play(g, action)
    play(g, "level archer_2", "keep", "done")
    assert [level(h) for h in g.s.party] == [2, 2, 2]
    assert g.s.chapter == "crypt_gate"


def test_AT_LEVEL_7_the_flow_asks_for_a_basic_card_and_a_removal() -> None:
    g = resolve(at(campaign(), "ambush"), "success")
    play(g, "unclaimed", "level fighter_2", "keep")
    h = g.s.party[0]
    moves, cards = h.cards.count("basic_move"), len(h.cards)
    assert "add basic_move" in texts(g) and "done" in texts(g)
    play(g, "add basic_move")
    assert h.cards.count("basic_move") == moves + 1
    assert not any(t.startswith("add ") for t in texts(g))  # one basic card only
    play(g, "remove cleave")
    assert len(h.cards) == cards and texts(g) == ["done"]


def test_AT_LEVEL_6_the_flow_asks_for_each_replace_removal() -> None:
    g = resolve(at(campaign(), "ambush"), "success")
    play(g, "unclaimed", "level fighter_2")  # REPLACE shield_bash
    h = g.s.party[0]
    assert g.s.pending[0].kind == "remove" and h.cards.count("shield_bash") == 2
    play(g, "remove shield_bash")
    assert h.cards.count("shield_bash") == 1


def test_AT_GUIDE_4_flags_and_endings() -> None:
    g = at(campaign(), "crypt_gate")
    g.s.flags.append("pilgrim_helped")
    play(g, "choose 2")  # clears the flag on the way to the ending
    assert g.s.flags == [] and g.s.ending == "The Dawn Ending"
    assert g.to_act is None and g.legal_actions() == []
    assert g.result is not None and g.result.cause == "ending: The Dawn Ending"
    refused(g, "choose 1", "AT-GUIDE-4")


def test_AT_GUIDE_5_marks_of_death_go_to_different_heroes() -> None:
    g = resolve(at(campaign(), "blob_lair"), "failure")
    assert [p.data["what"] for p in g.s.pending] == ["mark", "mark"]
    play(g, "give roberta")
    assert "give roberta" not in texts(g)
    play(g, "give elwyn")
    assert g.s.party[0].cards.count("mark_of_death") == 1
    assert g.s.party[2].cards.count("mark_of_death") == 1
    assert g.s.ending == "The Ashen Ending"


# --- AT-LOOT ------------------------------------------------------------------------------


def test_AT_LOOT_1_loot_goes_into_the_chosen_heros_deck() -> None:
    g = resolve(at(campaign(), "ambush"), "success")
    assert g.observe(0)["pending"]["prompt"] == "who takes Goblin Cleaver (loot)?"
    assert g.observe(0)["pending"]["gift"] == {"what": "loot", "id": "goblin_cleaver"}
    play(g, "give olette")
    assert "goblin_cleaver" in g.s.party[1].cards
    assert g.observe(0)["heroes"][1]["equipment"] == ["goblin_cleaver"]


def test_AT_LOOT_2_unclaimed_loot_goes_to_the_market_deck() -> None:
    g = resolve(at(campaign(), "ambush"), "failure")
    assert g.s.market == []
    g = resolve(at(campaign(), "ambush"), "success")
    play(g, "unclaimed")
    assert g.s.market == ["goblin_cleaver"]


@pytest.mark.parametrize(("heroes", "loot"), [(3, 1), (4, 2), (5, 2)])
def test_AT_LOOT_3_loot_varies_by_hero_count(heroes: int, loot: int) -> None:
    g = resolve(at(campaign(heroes=heroes), "ambush"), "+success")
    gifts = [p.data["id"] for p in g.s.pending if p.kind == "give" and p.data["what"] == "loot"]
    assert len(gifts) == loot


def test_AT_LOOT_5_the_players_roll_for_loot_when_the_group_cannot_agree() -> None:
    g = resolve(play(at(campaign(players=3, seed=4), "ambush"), "ready"), "success")
    assert g.observe(0)["pending"]["gift"] == {"what": "loot", "id": "goblin_cleaver"}
    assert "roll" in texts(g)
    play(g, "roll")
    assert any(line.startswith("player 1 rolls") for line in g.log)
    if g.s.pending and g.s.pending[0].kind == "give":  # the winner plays several heroes
        assert "roll" not in texts(g) and "unclaimed" in texts(g)
        play(g, texts(g)[0])
    assert sum(h.cards.count("goblin_cleaver") for h in g.s.party) == 1
    solo = resolve(at(campaign(players=1), "ambush"), "success")
    play(solo, "roll")  # one player: they decide among their heroes, no roll again
    assert "roll" not in texts(solo)
    assert texts(solo) == ["give roberta", "give olette", "give elwyn", "unclaimed"]


def test_AT_LOOT_4_gold_and_items_join_party_items() -> None:
    g = campaign()
    apply_reward(g.c, g.s, Reward(gold=3, items=("crypt_key",)))
    assert gold_of(g) == 3 and "crypt_key" in g.s.items
    apply_reward(g.c, g.s, Reward(gold=20))
    assert gold_of(g) == 12  # the box holds 12 bags
    assert not violations(g.c, g.s)


# --- AT-PERK ------------------------------------------------------------------------------


def test_AT_PERK_1_the_group_gives_a_perk() -> None:
    g = resolve(at(campaign(), "ambush"), "+success")
    play(g, "give roberta")  # the cleaver
    assert g.observe(0)["pending"]["prompt"] == "who takes Hardy (perk)?"
    hp = max_hp(g.c, g.s.party[2])
    play(g, "give elwyn")
    assert g.s.party[2].perks == ["hardy"] and max_hp(g.c, g.s.party[2]) == hp + 2


def test_AT_PERK_2_two_red_dice_each_when_the_group_cannot_agree() -> None:
    g = resolve(play(at(campaign(players=3, seed=4), "ambush"), "ready"), "+success")
    play(g, "give roberta")
    assert "roll" in texts(g)
    play(g, "roll")
    assert sum(len(h.perks) for h in g.s.party) == 1
    assert any(line.startswith("player 1 rolls") for line in g.log)
    solo = resolve(at(campaign(players=1), "ambush"), "+success")
    play(solo, "give roberta", "roll")  # one player controls every hero: they decide
    assert solo.s.pending[0].kind == "give" and "roll" not in texts(solo)
    assert texts(solo) == ["give roberta", "give olette", "give elwyn"]


def test_AT_PERK_3_add_and_replace() -> None:
    g = resolve(at(campaign(), "blob_lair"), "+success")
    play(g, "give roberta")  # the Blob Ward
    prayers = g.s.party[1].cards.count("healing_prayer")
    play(g, "give olette")  # Keen Edge: ADD aimed_shot
    assert "aimed_shot" in g.s.party[1].cards and g.s.pending[0].kind == "give"
    play(g, "give olette")  # Second Wind: REPLACE healing_prayer
    assert g.s.pending[0].kind == "remove" and g.s.pending[0].seat == 1
    assert g.s.party[1].cards.count("healing_prayer") == prayers + 1
    play(g, "remove smite")
    assert "smite" not in g.s.party[1].cards


# --- AT-MARKET ----------------------------------------------------------------------------


def test_AT_MARKET_1_two_bags_unless_stated() -> None:
    g = at(campaign(), "riverside")
    refused(g, "buy traveler_cloak roberta", "AT-MARKET-1")
    apply_reward(g.c, g.s, Reward(gold=2))
    play(g, "buy traveler_cloak roberta")
    assert gold_of(g) == 0 and "traveler_cloak" in g.s.party[0].cards
    bazaar = at(campaign(), "bazaar")
    prices = {o["card"]: o["price"] for o in bazaar.observe(0)["market"]["stock"]}
    assert prices == {"hunting_knife": 1, "ember_amulet": 3}


def test_AT_MARKET_2_the_stock() -> None:
    g = at(campaign(), "riverside")
    g.s.market.append("goblin_cleaver")
    stock = {o["card"]: o["source"] for o in g.observe(0)["market"]["stock"]}
    assert stock == {
        "goblin_cleaver": "market deck",
        "hunting_knife": "market",
        "traveler_cloak": "market",
    }
    apply_reward(g.c, g.s, Reward(gold=8))
    play(g, "buy hunting_knife roberta", "buy hunting_knife olette")
    assert "hunting_knife" not in {o["card"] for o in g.observe(0)["market"]["stock"]}
    refused(g, "buy hunting_knife elwyn", "AT-MARKET-2")  # both copies are sold
    refused(g, "buy ember_amulet elwyn", "AT-MARKET-2")  # rare: the hidden bazaar only
    play(g, "buy goblin_cleaver elwyn")
    assert g.s.market == [] and not violations(g.c, g.s)


def test_AT_MARKET_3_selling_equipment() -> None:
    g = at(campaign(), "riverside")
    g.s.party[0].cards.append("goblin_cleaver")
    assert "sell goblin_cleaver roberta" in texts(g)
    refused(g, "sell goblin_cleaver olette", "AT-MARKET-3")
    play(g, "sell goblin_cleaver roberta")
    assert gold_of(g) == 1 and g.s.market == ["goblin_cleaver"]
    assert "goblin_cleaver" not in g.s.party[0].cards


def test_AT_MARKET_4_gold_is_shared_and_never_negative() -> None:
    g = campaign()
    apply_reward(g.c, g.s, Reward(gold=2))
    apply_reward(g.c, g.s, Reward(gold=-5))
    assert gold_of(g) == 0 and g.observe(0)["party"]["gold"] == 0
    g = at(campaign(), "riverside")
    apply_reward(g.c, g.s, Reward(gold=2))
    play(g, "buy traveler_cloak elwyn")  # whoever earned it, anyone's gear
    assert gold_of(g) == 0


# --- AT-RANDOM ----------------------------------------------------------------------------


def test_AT_RANDOM_1_travel_draws_the_top_card() -> None:
    g = campaign(seed=2)
    top = g.s.random_deck[0]
    assert g.observe(0)["party"]["random_encounters"] == 2
    assert "random_deck" not in str(g.observe(0)["party"])  # the order is never shown
    play(g, "choose 1")
    assert g.s.pending[0].data["page"] == ["random", top]
    assert g.observe(0)["page"]["title"].startswith("Random encounter:")
    assert len(g.s.random_deck) == 1
    quiet = campaign(seed=2)
    quiet.s.random_deck.clear()
    play(quiet, "choose 1", *["ready"] * 3)  # an empty deck: straight on (then the setup)
    assert quiet.encounter is not None and quiet.s.chapter == "ambush"


def test_AT_RANDOM_2_removed_or_returned() -> None:
    for seed in range(6):
        g = campaign(seed=seed)
        play(g, "choose 1")
        card = g.s.pending[0].data["page"][1]
        play(g, texts(g)[-1])
        if card == "goblin_scouts":  # removed from the deck
            assert g.s.random_deck == ["wandering_merchant"]
        else:  # returned
            assert sorted(g.s.random_deck) == ["goblin_scouts", "wandering_merchant"]
        assert g.s.chapter == "ambush"


def test_AT_RANDOM_3_chapters_add_cards_to_the_deck() -> None:
    g = at(campaign(), "riverside")
    assert "lost_pilgrim" not in g.s.random_deck
    play(g, "choose 2")
    drawn = [p.data["page"][1] for p in g.s.pending if p.kind == "page"]
    assert "lost_pilgrim" in g.s.random_deck + drawn
    apply_reward(g.c, g.s, Reward(remove_random_encounters=("lost_pilgrim",)))
    assert "lost_pilgrim" not in g.s.random_deck


def test_AT_PERK_1_a_level_up_card_may_name_a_perk() -> None:
    g = campaign(heroes=5)
    page = g.s.pending[0]
    for _ in range(2):  # only Tolben levels up here: the others' decisions are dropped
        apply_reward(g.c, g.s, Reward(level_up=True))
        g.s.pending = [p for p in g.s.pending if p.seat == 4 and p.kind == "level"] + [page]
        play(g, f"level rogue_{len(g.s.party[4].level_ups) + 1}")
        while g.s.pending and g.s.pending[0].kind in ("remove", "tune"):
            play(g, "keep" if g.s.pending[0].kind == "remove" else "done")
    tolben = g.s.party[4]
    assert tolben.level_ups == ["rogue_starter", "rogue_2", "rogue_3"]
    assert tolben.perks == ["second_wind"] and "healing_prayer" in tolben.cards


def test_AT_CAMP_5_a_level_up_perk_with_no_copy_left_is_not_given() -> None:
    g = campaign(heroes=5)
    g.s.party[0].perks.append("second_wind")  # the only copy
    g.s.party[4].level_ups.append("rogue_2")
    page = g.s.pending[0]
    apply_reward(g.c, g.s, Reward(level_up=True))
    g.s.pending = [p for p in g.s.pending if p.seat == 4] + [page]
    play(g, "level rogue_3")
    assert g.s.party[4].perks == [] and "every Second Wind perk card is taken" in g.log
    assert not violations(g.c, g.s)


def test_AT_CAMP_2_sam_and_aimie_two_players_four_heroes() -> None:
    # Rulebook example: Sam plays Roberta and Olette, Aimie Elwyn and Quill; Tolben is
    # not used this campaign, and the encounters use their 4-hero setup.
    g = campaign(heroes=4, players=2)
    assert [h.hero for h in g.s.party] == ["roberta", "olette", "elwyn", "quill"]
    at(g, "ambush")
    play(g, "player olette 1", "player elwyn 2", "ready", *["ready"] * 4)
    sheets = g.observe(0)["heroes"]
    assert [(h["hero"], h["player"]) for h in sheets] == [
        ("roberta", 1),
        ("olette", 1),
        ("elwyn", 2),
        ("quill", 2),
    ]
    enc = g.encounter
    assert enc is not None and enc.s.heroes_count == 4
    placements = g.c.game.encounters["goblin_ambush"].placements
    enemies = {u.uid for u in enc.s.units.values() if u.side == "enemy"}
    assert enemies == {p.id.lower() for p in placements if 4 in p.heroes}


def test_AT_LOADOUT_5_each_player_sets_up_the_board_before_the_encounter() -> None:
    g = campaign()
    roberta = g.s.party[0]
    roberta.cards += ["goblin_cleaver", "hunting_knife"]  # two weapons, as if won earlier
    at(g, "ambush", setup=True)
    assert [(p.kind, p.seat) for p in g.s.pending] == [("setup", 0), ("setup", 1), ("setup", 2)]
    assert g.encounter is None
    lo = g.s.loadouts[0]
    assert lo.weapon == "hunting_knife"  # the automatic loadout: the newest weapon
    assert g.observe(0)["pending"]["loadout"]["board"]["weapon"] == "hunting_knife"
    assert {"board goblin_cleaver", "shuffle goblin_cleaver", "drop tough"} <= set(texts(g))
    play(g, "board goblin_cleaver")
    assert lo.weapon == "goblin_cleaver" and lo.shuffled == []  # the knife back in the box
    play(g, "shuffle hunting_knife")
    assert lo.shuffled == ["hunting_knife"] and "store hunting_knife" in texts(g)
    play(g, "drop tough")
    assert "tough" not in lo.abilities and "ability tough" in texts(g)
    refused(g, "board no_such_card", "AT-LOADOUT-5")
    play(g, "ready", "ready", "ready")
    enc = g.encounter
    assert enc is not None
    hero = enc.s.heroes[0]
    assert hero.board["weapon"] == "goblin_cleaver"
    assert "hunting_knife" in hero.deck + hero.hand + hero.discard
    assert "tough" not in hero.abilities


def test_AT_LOOT_6_a_hero_trades_equipment_from_its_tuck_box_to_another() -> None:
    """Roberta owns two weapons; the one in her tuck box goes to Olette, who had no weapon,
    so it is on Olette's board (AT-LOADOUT-1); what is on a board, in a deck, not owned,
    not equipment or meant for no other hero is refused with why, nothing changed."""
    g = campaign()
    roberta, olette = g.s.party[0], g.s.party[1]
    roberta.cards += ["goblin_cleaver", "hunting_knife"]  # as if won earlier
    assert not [c for c in olette.cards if g.c.game.cards[c].kind == "weapon"]
    at(g, "ambush", setup=True)
    assert g.s.loadouts[0].weapon == "hunting_knife"  # the newest on her board
    trades = [t for t in texts(g) if t.startswith("trade ")]
    assert trades == ["trade goblin_cleaver olette", "trade goblin_cleaver elwyn"]
    assert g.words("trade goblin_cleaver olette").text == "Give Goblin Cleaver to Olette"
    refused(g, "trade hunting_knife olette", "AT-LOOT-6")  # on her board
    refused(g, "trade goblin_cleaver roberta", "AT-LOOT-6")  # herself
    refused(g, "trade goblin_cleaver nobody", "AT-LOOT-6")
    refused(g, "trade basic_attack olette", "AT-LOOT-6")  # not equipment
    refused(g, "trade blob_ward olette", "AT-LOOT-6")  # not hers
    with pytest.raises(IllegalAction, match="store it in the tuck box first"):
        g.apply("trade hunting_knife olette")
    play(g, "trade goblin_cleaver olette")
    assert "goblin_cleaver" not in roberta.cards and "goblin_cleaver" in olette.cards
    assert g.s.loadouts[1].weapon == "goblin_cleaver"  # her board had none (AT-LOADOUT-1)
    assert g.log[-1] == "roberta gives Goblin Cleaver to olette"  # heroes by id, as every line
    assert [(p.kind, p.seat) for p in g.s.pending][0] == ("setup", 0)  # still her setup
    assert not [t for t in texts(g) if t.startswith("trade ")]  # nothing spare left
    assert violations(g.c, g.s) == []
    again = type(g).from_json(g.to_json(), content=g.c)  # the save reads back mid-setup
    assert again.state_hash() == g.state_hash()
    play(g, "ready", "ready", "ready")
    enc = g.encounter
    assert enc is not None and enc.s.heroes[1].board["weapon"] == "goblin_cleaver"


def test_AT_LOOT_6_a_hero_with_a_board_keeps_the_traded_card_in_its_tuck_box() -> None:
    g = campaign()
    roberta, elwyn = g.s.party[0], g.s.party[2]
    roberta.cards += ["goblin_cleaver", "hunting_knife"]
    elwyn.cards += ["hunting_knife"]
    at(g, "ambush", setup=True)
    play(g, "trade goblin_cleaver elwyn")
    lo = g.s.loadouts[2]
    assert lo.weapon == "hunting_knife" and "goblin_cleaver" not in lo.shuffled  # stored
    play(g, "ready")  # Olette, then Elwyn, who may board or shuffle it in
    play(g, "ready")
    assert "board goblin_cleaver" in texts(g) and "shuffle goblin_cleaver" in texts(g)


def test_AT_RANDOM_2_a_choice_that_removes_its_own_card_keeps_it_out() -> None:
    """The Wraith Hunt: holding up Morwen's lantern removes the card ("trouble you no
    more"); running for the water shuffles it back (it went back either way before)."""
    from towerplay.tactics.campaign.game import new_game as new_campaign
    from towerplay.tactics.campaign.guide import travel

    for choice, back in (("choose 2", False), ("choose 1", True)):
        g = new_campaign({"heroes": 3, "party": PARTY[:3]}, 4)
        g.s.pending.clear()
        g.s.random_deck = ["re_wraith_hunt", "re_fen_lights"]
        apply_reward(g.c, g.s, Reward(items=("soul_lantern",)))
        g.s.goto = "ch27"  # on the road from Vellmoor, where the Hunt is met
        travel(g.c, g.s)
        assert g.s.pending[0].data["page"] == ["random", "re_wraith_hunt"]
        assert choice in texts(g)
        g.apply(choice)
        assert ("re_wraith_hunt" in g.s.random_deck) is back
        assert "re_fen_lights" in g.s.random_deck
