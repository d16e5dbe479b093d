"""Player setup of campaign heroes (AT-LOADOUT) and the encounters they play."""

from __future__ import annotations

import dataclasses
import json

import pytest

from tests.tactics.helpers import texts, turn
from towerplay.agents.heuristic_tactics import HeuristicTacticsAgent
from towerplay.core.errors import IllegalAction, SaveError
from towerplay.tactics import new_game
from towerplay.tactics.campaign.content import CampaignContent
from towerplay.tactics.campaign.hero import CampaignHero, max_hp, new_hero
from towerplay.tactics.campaign.levels import take_level_up
from towerplay.tactics.campaign.loadout import (
    Loadout,
    action_deck,
    check_loadout,
    default_loadout,
    encounter_config,
)
from towerplay.tactics.game import TacticsGame


def geared(cc: CampaignContent) -> CampaignHero:
    """A Fighter with two class features, two armors, a weapon and an accessory."""
    h = new_hero(cc, "olette", "fighter")
    h.cards += ["iron_sword", "chain_mail", "goblin_leathers", "boots_of_speed", "shadowstep"]
    h.abilities += ["sturdy", "fleet", "quick", "heavy_hitter", "lucky"]
    return h


def party3(cc: CampaignContent) -> list[CampaignHero]:
    return [
        new_hero(cc, "roberta", "rogue"),
        new_hero(cc, "elwyn", "cleric"),
        new_hero(cc, "quill", "wizard"),
    ]


def test_AT_LOADOUT_1_one_of_each_kind_on_the_board(cc: CampaignContent) -> None:
    h = geared(cc)
    lo = default_loadout(cc, h)
    assert lo.board() == {
        "class_feature": "shield_wall",  # the current class's own feature
        "weapon": "iron_sword",
        "armor": "goblin_leathers",  # the newest armor
        "accessory": "boots_of_speed",
    }
    check_loadout(cc, h, lo)
    for bad in (
        dataclasses.replace(lo, armor=None),  # it owns armor: one goes on the board
        dataclasses.replace(lo, weapon="short_bow"),  # not its own
        dataclasses.replace(lo, accessory="iron_sword"),  # not an accessory
    ):
        with pytest.raises(IllegalAction, match="AT-LOADOUT-1"):
            check_loadout(cc, h, bad)
    bare = new_hero(cc, "tolben", "wizard")  # owns no equipment: empty slots
    assert default_loadout(cc, bare).board()["weapon"] is None
    check_loadout(cc, bare, default_loadout(cc, bare))


def test_AT_LOADOUT_2_the_rest_shuffled_in_or_stored(cc: CampaignContent) -> None:
    h = geared(cc)
    lo = default_loadout(cc, h)
    assert lo.shuffled == []  # stored by default
    deck = action_deck(cc, h, lo)
    assert "chain_mail" not in deck and "shadowstep" not in deck
    assert deck.count("basic_move") == 3 and "cleave" in deck
    lo.shuffled = ["chain_mail", "shadowstep"]
    check_loadout(cc, h, lo)
    assert {"chain_mail", "shadowstep"} <= set(action_deck(cc, h, lo))
    for shuffled in (["goblin_leathers"], ["short_bow"], ["cleave"]):
        with pytest.raises(IllegalAction, match="AT-LOADOUT-2"):
            check_loadout(cc, h, dataclasses.replace(lo, shuffled=shuffled))


def test_AT_LOADOUT_3_abilities_from_the_heros_cards(cc: CampaignContent) -> None:
    h = geared(cc)
    lo = default_loadout(cc, h)
    assert lo.abilities == ["sturdy", "fleet", "quick", "heavy_hitter", "lucky"]  # the newest
    with pytest.raises(IllegalAction, match="AT-LOADOUT-3"):
        check_loadout(cc, h, dataclasses.replace(lo, abilities=["eagle_eye"]))
    h.abilities.append("arcane_focus")
    with pytest.raises(IllegalAction, match="AT-SETUP-4"):
        check_loadout(cc, h, dataclasses.replace(lo, abilities=[*lo.abilities, "arcane_focus"]))


def test_AT_LOADOUT_4_the_encounter_plays_the_campaign_heroes(cc: CampaignContent) -> None:
    party = party3(cc)
    take_level_up(cc, party, 0, "rogue_2")
    config = encounter_config(
        cc, party, [default_loadout(cc, h) for h in party], "hard", "goblin_ambush"
    )
    g = new_game(config, 5, content=cc.game)
    roberta = g.s.units["roberta"]
    bonus = sum(cc.game.abilities[a].modifiers.max_hp for a in party[0].abilities)
    assert max_hp(cc, party[0]) == 10  # the Starter's 9 hearts and Rogue 2's one
    assert roberta.max_hp == 10 + bonus
    assert roberta.movement == 4 and g.s.heroes[0].class_id == "rogue"
    hero = g.s.heroes[0]
    assert sorted(hero.deck + hero.hand) == sorted(
        action_deck(cc, party[0], default_loadout(cc, party[0]))
    )
    assert hero.board["class_feature"] == "shadowstep"
    assert g.s.potions == 1  # Hard with 3 heroes
    again = TacticsGame.from_json(g.to_json(), content=cc.game)
    assert again.state_hash() == g.state_hash()
    assert new_game(config, 5, content=cc.game).state_hash() == g.state_hash()


def test_AT_LOADOUT_4_an_elite_hero_brings_its_class_card(cc: CampaignContent) -> None:
    party = party3(cc)
    take_level_up(cc, party, 2, "fighter_1")
    take_level_up(cc, party, 2, "dark_knight_1")
    config = encounter_config(
        cc, party, [default_loadout(cc, h) for h in party], "normal", "goblin_ambush", potions=4
    )
    g = new_game(config, 1, content=cc.game)
    quill = g.s.units["quill"]
    dk = cc.game.classes["dark_knight"]
    assert quill.type_id == "dark_knight" and quill.movement == dk.movement
    assert quill.attack_dice == dk.attack_dice and quill.max_hp == max_hp(cc, party[2])
    assert g.s.potions == 4


def test_AT_LOADOUT_1_encounter_config_refuses_a_bad_loadout(cc: CampaignContent) -> None:
    party = party3(cc)
    loadouts = [default_loadout(cc, h) for h in party]
    loadouts[1] = Loadout(class_feature="shield_wall")
    with pytest.raises(IllegalAction, match="AT-LOADOUT-1"):
        encounter_config(cc, party, loadouts, "normal", "goblin_ambush")
    with pytest.raises(ValueError, match="loadouts"):
        encounter_config(cc, party, loadouts[:2], "normal", "goblin_ambush")


def test_AT_SETUP_3_a_bad_hero_config_names_its_field(cc: CampaignContent) -> None:
    party = party3(cc)
    config = encounter_config(
        cc, party, [default_loadout(cc, h) for h in party], "easy", "goblin_ambush"
    )
    config["heroes"][1]["deck"] = ["no_such_card"]
    with pytest.raises(ValueError, match=r"heroes\[1\]\.deck"):
        new_game(config, 0, content=cc.game)
    config["heroes"][1]["deck"] = []
    config["heroes"][2]["name"] = "roberta"
    with pytest.raises(ValueError, match=r"heroes\[2\]\.name"):
        new_game(config, 0, content=cc.game)
    config["heroes"][2]["name"] = "quill"
    config["heroes"][0]["board"]["weapon"] = ["iron_sword"]
    with pytest.raises(ValueError, match=r"heroes\[0\]\.board\.weapon"):
        new_game(config, 0, content=cc.game)
    config["heroes"][0]["board"]["weapon"] = None
    config["heroes"][0]["class"] = ["rogue"]
    with pytest.raises(ValueError, match=r"heroes\[0\]\.class"):
        new_game(config, 0, content=cc.game)
    config["heroes"][0]["class"] = "rogue"
    config["items"] = [{"id": "x", "name": "X", "steps": [{"op": "summon", "summon": "dragon"}]}]
    with pytest.raises(ValueError, match=r"items\[0\]\.steps"):
        new_game(config, 0, content=cc.game)
    config["items"] = [{"id": "x", "name": "X", "steps": []}]
    with pytest.raises(ValueError, match=r"items\[0\]"):
        new_game(config, 0, content=cc.game)
    config["items"] = []
    new_game(config, 0, content=cc.game)  # and mended, it plays


def item_game(cc: CampaignContent, items: tuple[str, ...]) -> TacticsGame:
    """Three campaign heroes with these party items, placed on the board."""
    party = party3(cc)
    config = encounter_config(
        cc, party, [default_loadout(cc, h) for h in party], "normal", "goblin_ambush", items=items
    )
    g = new_game(config, 3, content=cc.game)
    for h, sq in zip(g.s.heroes, g.ctx.board.start, strict=False):
        g.s.units[h.uid].square = sq
    g.s.round = 1
    return g


def test_AT_ITEM_1_a_party_consumable_is_a_free_action_then_spent(cc: CampaignContent) -> None:
    g = item_game(cc, ("healing_draught", "healing_draught", "fire_flask"))
    roberta = g.s.units["roberta"]
    roberta.hp = 2
    turn(g, "roberta")
    assert {"item healing_draught", "item fire_flask", "pass"} <= set(texts(g))
    g.apply("item healing_draught")
    assert roberta.hp == 5 and g.s.heroes[0].actions == 0  # heal 3, no action taken
    assert "pass" not in texts(g) and "item healing_draught" in texts(g)  # a second copy
    assert g.s.items == ["healing_draught", "fire_flask"]
    again = TacticsGame.from_json(json.loads(json.dumps(g.to_json())), content=cc.game)
    assert again.state_hash() == g.state_hash() and texts(again) == texts(g)
    g.apply("item healing_draught")
    assert "item healing_draught" not in texts(g)
    with pytest.raises(IllegalAction, match="AT-ITEM-1"):
        g.apply("item healing_draught")
    bad = g.to_json()
    bad["state"]["items"] = ["no_such_item"]
    with pytest.raises(SaveError, match="items"):
        TacticsGame.from_json(bad, content=cc.game)
    with pytest.raises(ValueError, match="consumable"):
        item_game(cc, ("bag_of_gold",))


def test_AT_ITEM_2_the_result_reports_potions_and_items_used(cc: CampaignContent) -> None:
    g = item_game(cc, ("fire_flask",))
    assert g.spent() == {"potions_used": 0, "items_spent": []}
    turn(g, "roberta")
    g.apply("item fire_flask")
    knocked = g.s.units["quill"]
    knocked.hp, knocked.knocked_out = 0, True
    turn(g, "quill")
    g.apply("revive")
    assert g.spent() == {"potions_used": 1, "items_spent": ["fire_flask"]}


def test_AT_ITEM_1_the_heuristic_keeps_an_item_it_does_not_need(cc: CampaignContent) -> None:
    g = item_game(cc, ("healing_draught",))
    turn(g, "roberta")  # at full HP: the draught would heal nothing
    assert "item healing_draught" in texts(g)
    assert str(HeuristicTacticsAgent(1).act(g)) != "item healing_draught"
    g.s.units["roberta"].hp = 1  # badly hurt: now it is worth drinking
    turn(g, "roberta")
    agent = HeuristicTacticsAgent(1)
    while g.s.acting == "roberta":
        g.apply(agent.act(g))
    assert g.spent()["items_spent"] == ["healing_draught"]


def test_AT_SUM_5_a_summoner_keeps_its_summons_card_beside_its_board() -> None:
    from towerplay.tactics.campaign.content import default_campaign_content
    from towerplay.tactics.campaign.hero import gain_level_up, summons

    c = default_campaign_content()
    party = [
        new_hero(c, "quill", "wizard"),
        new_hero(c, "roberta", "fighter"),
        new_hero(c, "elwyn", "cleric"),
    ]
    gain_level_up(c, party[0], "warlock_1")  # names the Imp's summons card
    gain_level_up(c, party[1], "beast_trainer_1")
    assert [summons(c, h) for h in party] == [["imp"], ["beast_companion"], []]
    config = encounter_config(
        c, party, [default_loadout(c, h) for h in party], "normal", "goblin_ambush"
    )
    assert [h["summons"] for h in config["heroes"]] == [["imp"], ["beast_companion"], []]
    g = new_game(config, 1, content=c.game)
    assert [h.summons for h in g.s.heroes] == [["imp"], ["beast_companion"], []]
    assert g.observe(0)["heroes"][0]["summons"] == ["imp"]
