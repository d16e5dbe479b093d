"""Heroes and leveling up (AT-HERO, AT-LEVEL, AT-ELITE) on the small fixture decks."""

from __future__ import annotations

import pytest

from towerplay.core.errors import IllegalAction
from towerplay.tactics.campaign.content import CampaignContent
from towerplay.tactics.campaign.hero import (
    CampaignHero,
    class_levels,
    current_class,
    level,
    max_hp,
    new_hero,
)
from towerplay.tactics.campaign.levels import (
    add_basic,
    check_level_up,
    follow_ups,
    level_up_options,
    removable,
    remove_card,
    replace_removals,
    take_level_up,
)
from towerplay.tactics.content import default_content


def options(cc: CampaignContent, party: list[CampaignHero], who: int) -> dict[str, str]:
    """class id -> "" when open, else the rule that bars it."""
    return {o.class_id: o.rule for o in level_up_options(cc, party, who)}


def test_AT_HERO_1_a_hero_starts_in_a_basic_class_with_its_starter(cc: CampaignContent) -> None:
    h = new_hero(cc, "roberta", "rogue")
    assert h.level_ups == ["rogue_starter"]
    assert current_class(cc, h).id == "rogue"
    with pytest.raises(IllegalAction, match="AT-HERO-1"):
        new_hero(cc, "roberta", "dark_knight")
    with pytest.raises(IllegalAction, match="AT-HERO-1"):
        new_hero(cc, "taliyah", "cleric")


def test_AT_HERO_2_the_starting_deck(cc: CampaignContent) -> None:
    h = new_hero(cc, "olette", "fighter")
    assert h.cards.count("basic_move") == 3 and h.cards.count("basic_attack") == 3
    assert "shield_wall" in h.cards and h.abilities == ["tough"]
    assert {"cleave", "shield_bash", "charge", "rallying_shout"} <= set(h.cards)


def test_AT_LEVEL_1_level_is_the_level_up_cards_held(cc: CampaignContent) -> None:
    party = [new_hero(cc, "quill", "cleric")]
    assert level(party[0]) == 1
    take_level_up(cc, party, 0, "archer_1")
    assert level(party[0]) == 2


def test_AT_LEVEL_2_at_most_five_in_a_class_and_ten_in_all(cc: CampaignContent) -> None:
    party = [new_hero(cc, "elwyn", "fighter")]
    for n in (2, 3, 4, 5):
        take_level_up(cc, party, 0, f"fighter_{n}")
    assert options(cc, party, 0)["fighter"] == "AT-LEVEL-2"
    for cls in ("rogue", "wizard", "cleric", "archer"):
        take_level_up(cc, party, 0, f"{cls}_1")
    take_level_up(cc, party, 0, "dark_knight_1")
    assert level(party[0]) == 10
    assert set(options(cc, party, 0).values()) == {"AT-LEVEL-2"}


def test_AT_LEVEL_3_taliyah_stays_a_cleric(cc: CampaignContent) -> None:
    # Rulebook example: Cleric, Cleric, Archer 1 — still a level 3 Cleric.
    party = [new_hero(cc, "roberta", "cleric")]
    take_level_up(cc, party, 0, "cleric_2")
    take_level_up(cc, party, 0, "archer_1")
    assert level(party[0]) == 3 and current_class(cc, party[0]).id == "cleric"


def test_AT_LEVEL_4_the_next_card_of_a_deck(cc: CampaignContent) -> None:
    party = [new_hero(cc, "tolben", "wizard")]
    with pytest.raises(IllegalAction, match="AT-LEVEL-4"):
        check_level_up(cc, party, 0, "wizard_3")  # level 2 comes first
    with pytest.raises(IllegalAction, match="AT-LEVEL-4"):
        check_level_up(cc, party, 0, "archer_2")  # a new class starts at its first card
    with pytest.raises(IllegalAction, match="AT-LEVEL-4"):
        check_level_up(cc, party, 0, "no_such_card")
    take_level_up(cc, party, 0, "wizard_2")
    assert class_levels(cc, party[0])["wizard"] == 2


def test_AT_LEVEL_5_basic_class_limits(cc: CampaignContent) -> None:
    party = [new_hero(cc, n, "fighter") for n in ("roberta", "olette", "elwyn")]
    take_level_up(cc, party, 0, "fighter_2")
    take_level_up(cc, party, 1, "fighter_2")
    assert options(cc, party, 2)["fighter"] == "AT-LEVEL-5"  # a third at Fighter 2
    take_level_up(cc, party, 0, "fighter_3")
    assert options(cc, party, 1)["fighter"] == "AT-LEVEL-5"  # a second at Fighter 3
    with pytest.raises(IllegalAction, match="AT-LEVEL-5"):
        check_level_up(cc, party, 1, "fighter_3")


def test_AT_ELITE_1_prerequisites(cc: CampaignContent) -> None:
    # Rulebook: a Dark Knight needs a Fighter level and a Wizard level.
    party = [new_hero(cc, "roberta", "fighter")]
    assert options(cc, party, 0)["dark_knight"] == "AT-ELITE-1"
    take_level_up(cc, party, 0, "wizard_1")
    assert options(cc, party, 0)["dark_knight"] == ""


def test_AT_ELITE_2_the_elite_class_replaces_and_hp_adds_up(cc: CampaignContent) -> None:
    party = [new_hero(cc, "roberta", "fighter")]
    take_level_up(cc, party, 0, "wizard_1")
    before = max_hp(cc, party[0])
    take_level_up(cc, party, 0, "dark_knight_1")
    h = party[0]
    assert current_class(cc, h).id == "dark_knight" and current_class(cc, h).movement == 4
    assert max_hp(cc, h) == before + cc.level_ups["dark_knight_1"].hearts


def test_AT_ELITE_3_an_elite_deck_is_one_heros(cc: CampaignContent) -> None:
    party = [new_hero(cc, "roberta", "fighter"), new_hero(cc, "olette", "wizard")]
    take_level_up(cc, party, 0, "wizard_1")
    take_level_up(cc, party, 1, "fighter_1")
    take_level_up(cc, party, 0, "dark_knight_1")
    assert options(cc, party, 1)["dark_knight"] == "AT-ELITE-3"
    with pytest.raises(IllegalAction, match="AT-ELITE-3"):
        check_level_up(cc, party, 1, "dark_knight_1")


def test_AT_HERO_1_the_rogue_class_card() -> None:
    # Rulebook example: the Rogue's class card, movement 4, one blue die, range 1.
    rogue = default_content().classes["rogue"]
    assert (rogue.movement, rogue.attack_dice, rogue.attack_range) == (4, ("blue",), (1, 1))


def test_AT_ELITE_1_taliyah_becomes_a_demon_hunter_at_level_5(cc: CampaignContent) -> None:
    # Rulebook example: Cleric, Cleric, Archer 1 (a level 3 Cleric) cannot be a Demon
    # Hunter yet; a Rogue 1 makes her level 4, still a Cleric; then Demon Hunter at 5.
    party = [new_hero(cc, "roberta", "cleric")]
    take_level_up(cc, party, 0, "cleric_2")
    take_level_up(cc, party, 0, "archer_1")
    assert options(cc, party, 0)["demon_hunter"] == "AT-ELITE-1"
    with pytest.raises(IllegalAction, match="AT-ELITE-1"):
        check_level_up(cc, party, 0, "demon_hunter_1")
    take_level_up(cc, party, 0, "rogue_1")
    h = party[0]
    assert level(h) == 4 and current_class(cc, h).id == "cleric"
    assert options(cc, party, 0)["demon_hunter"] == ""
    take_level_up(cc, party, 0, "demon_hunter_1")
    dh = current_class(cc, h)
    assert level(h) == 5 and dh.id == "demon_hunter" and dh.movement == 4
    assert dh.basic_attack_modifier == "extra_die_adjacent"


def test_AT_ELITE_1_the_war_mages_prerequisites(cc: CampaignContent) -> None:
    # Rulebook example: the War Mage needs Fighter (1), Wizard (1) and Rogue (1).
    party = [new_hero(cc, "olette", "fighter")]
    take_level_up(cc, party, 0, "wizard_1")
    barred = {o.class_id: o for o in level_up_options(cc, party, 0)}["war_mage"]
    assert barred.rule == "AT-ELITE-1" and "Rogue (1)" in barred.reason
    assert options(cc, party, 0)["dark_knight"] == ""  # Fighter (1), Wizard (1) are enough
    take_level_up(cc, party, 0, "rogue_1")
    assert options(cc, party, 0)["war_mage"] == ""


def test_AT_LEVEL_6_replace_removes_one_card_per_replace_card(cc: CampaignContent) -> None:
    party = [new_hero(cc, "olette", "fighter"), new_hero(cc, "quill", "wizard")]
    take_level_up(cc, party, 0, "fighter_2")  # REPLACE: Shield Bash
    h = party[0]
    assert follow_ups(cc, "fighter_2") == ["replace", "add_basic", "remove"]
    assert follow_ups(cc, "fighter_3") == ["add_basic", "remove"]  # ADD only
    assert h.cards.count("shield_bash") == 2
    assert replace_removals(cc, h, "fighter_3") == []
    assert "cleave" in replace_removals(cc, h, "fighter_2")
    remove_card(cc, h, "cleave", "AT-LEVEL-6")
    assert "cleave" not in h.cards
    # the War Mage's card replaces two cards: two removals
    take_level_up(cc, party, 1, "fighter_1")
    take_level_up(cc, party, 1, "rogue_1")
    take_level_up(cc, party, 1, "war_mage_1")
    assert follow_ups(cc, "war_mage_1") == ["replace", "replace", "add_basic", "remove"]


def test_AT_LEVEL_7_add_a_basic_card_and_remove_any_one(cc: CampaignContent) -> None:
    h = new_hero(cc, "elwyn", "rogue")
    add_basic(h, "basic_attack")
    assert h.cards.count("basic_attack") == 4
    remove_card(cc, h, "basic_move", "AT-LEVEL-7")
    assert h.cards.count("basic_move") == 2
    with pytest.raises(IllegalAction, match="AT-LEVEL-7"):
        add_basic(h, "backstab")


def test_AT_LEVEL_8_what_a_removal_may_not_take(cc: CampaignContent) -> None:
    h = new_hero(cc, "tolben", "fighter")
    h.cards.append("mark_of_death")
    h.cards.append("iron_sword")
    may = removable(cc, h)
    assert {"mark_of_death", "iron_sword", "shield_wall"}.isdisjoint(may)
    for cid in ("mark_of_death", "iron_sword", "shield_wall", "fireball"):
        with pytest.raises(IllegalAction, match="AT-LEVEL-8"):
            remove_card(cc, h, cid, "AT-LEVEL-7")
    remove_card(cc, h, "basic_move", "AT-LEVEL-7")
    remove_card(cc, h, "basic_move", "AT-LEVEL-7")
    assert "basic_move" not in removable(cc, h)  # the last Basic Move stays
    before = list(h.cards)
    with pytest.raises(IllegalAction, match="AT-LEVEL-8"):
        remove_card(cc, h, "basic_move", "AT-LEVEL-7")
    assert h.cards == before
