"""The eighteen elite classes as bundled: the Elite Class Table's facts, five level-up
cards each, their action cards, class features and abilities, and the counts the
campaign plan gives the elite classes (docs/content-tactics.md "The elite classes")."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from towerplay.core.content import read_yaml
from towerplay.tactics import new_game
from towerplay.tactics.campaign.content import CampaignContent, default_campaign_content
from towerplay.tactics.content import CONTENT_DIR

# The rulebook's Elite Class Table: prerequisites, movement, HP gain.
TABLE: dict[str, tuple[dict[str, int], int, int]] = {
    "assassin": ({"rogue": 2}, 5, 3),
    "barbarian": ({"fighter": 2}, 4, 4),
    "bard": ({"archer": 1, "rogue": 2, "cleric": 1}, 4, 3),
    "beast_trainer": ({"fighter": 1, "archer": 2}, 5, 4),
    "bishop": ({"cleric": 2}, 3, 3),
    "champion": ({"fighter": 1, "archer": 1, "wizard": 1, "rogue": 1, "cleric": 1}, 5, 7),
    "dark_knight": ({"fighter": 1, "wizard": 1}, 4, 4),
    "demon_hunter": ({"cleric": 1, "rogue": 1, "archer": 1}, 4, 4),
    "gladiator": ({"fighter": 1, "archer": 1}, 5, 4),
    "monk": ({"cleric": 1, "rogue": 1}, 5, 4),
    "necromancer": ({"wizard": 2}, 3, 2),
    "ninja": ({"rogue": 1, "wizard": 1, "archer": 1}, 5, 3),
    "paladin": ({"fighter": 1, "cleric": 1}, 4, 5),
    "ranger": ({"archer": 2}, 4, 3),
    "shaman": ({"cleric": 2, "wizard": 1}, 3, 4),
    "skirmisher": ({"rogue": 1, "archer": 1}, 4, 3),
    "war_mage": ({"fighter": 1, "wizard": 1, "rogue": 1}, 4, 3),
    "warlock": ({"cleric": 1, "wizard": 2}, 4, 3),
}
# Rulebook: the special basic attack modifiers; Quill pictured on the Bishop.
MODIFIERS = {
    "demon_hunter": "extra_die_adjacent",
    "paladin": "heal_1",
    "warlock": "push_1",
    "war_mage": "splash_range_2",
}
# The summoners and the summon card and summons card each keeps (cards.yaml, summons.yaml).
SUMMONERS = {
    "warlock": ("summon_imp", "imp"),
    "beast_trainer": ("call_beast", "beast_companion"),
    "necromancer": ("raise_skeleton", "skeleton"),
}
ELITE_CARD_FILES = sorted((CONTENT_DIR / "cards").glob("elite_*.yaml"))


@pytest.fixture(scope="module")
def c() -> CampaignContent:
    return default_campaign_content()


def own_entries(paths: list[Path], key: str) -> list[dict[str, Any]]:
    return [e for p in paths for e in read_yaml(p)[key]]


def deck_cards(c: CampaignContent, class_id: str) -> list[str]:
    """Every card a class's level-up deck gives, in level order."""
    out: list[str] = []
    for card in c.deck(class_id):
        out += [*card.add, *card.replace]
        if card.class_feature is not None:
            out.append(card.class_feature)
    return out


def test_the_elite_class_table(c: CampaignContent) -> None:
    elites = {k: v for k, v in c.game.classes.items() if v.elite}
    assert set(elites) == set(TABLE)
    for class_id, (prerequisites, movement, hp_gain) in TABLE.items():
        cls = elites[class_id]
        assert cls.source == "rulebook", class_id
        assert cls.prerequisites == prerequisites, class_id
        assert cls.movement == movement, class_id
        assert cls.hp_gain == hp_gain, class_id
        assert cls.basic_attack_modifier == MODIFIERS.get(class_id), class_id
        assert cls.figure == ("quill" if class_id == "bishop" else None), class_id


def test_five_level_ups_per_elite_class(c: CampaignContent) -> None:
    for class_id, (_, _, hp_gain) in TABLE.items():
        deck = c.deck(class_id)
        assert [card.level for card in deck] == [1, 2, 3, 4, 5], class_id
        assert all(card.copies == 1 and not card.starter for card in deck), class_id
        first, *rest = deck
        assert first.hearts == hp_gain, class_id
        feature = c.game.cards[first.class_feature or ""]
        assert feature.kind == "class_feature", class_id
        for card in rest:
            assert card.hearts in (0, 1), card.id
            assert card.class_feature is None, card.id
            assert card.add or card.replace or card.abilities, f"{card.id} gives nothing"
            assert card.perk is None, card.id


def test_every_referenced_card_and_ability_has_its_kind(c: CampaignContent) -> None:
    for class_id in TABLE:
        if class_id == "dark_knight":
            continue
        abilities = [a for card in c.deck(class_id) for a in card.abilities]
        kinds = Counter(c.game.abilities[a].kind for a in abilities)
        assert kinds == {"passive": 2, "dice": 1}, class_id
        for card in c.deck(class_id):
            for cid in (*card.add, *card.replace):
                assert c.game.cards[cid].kind == "action", f"{card.id}: {cid}"
    dk = [a for card in c.deck("dark_knight") for a in card.abilities]
    assert Counter(c.game.abilities[a].kind for a in dk) == {"passive": 2, "dice": 1}


def test_summoners_keep_their_summon_card_and_summons_card(c: CampaignContent) -> None:
    for class_id, (card_id, summon) in SUMMONERS.items():
        first = c.deck(class_id)[0]
        assert card_id in first.add and first.summon == summon, class_id
        steps = [st for option in c.game.cards[card_id].options for st in option]
        assert any(st.op == "summon" and st.summon == summon for st in steps), card_id
    others = [card for card in c.level_ups.values() if card.summon is not None]
    assert {card.deck for card in others} == set(SUMMONERS)


def test_the_elite_counts(c: CampaignContent) -> None:
    # campaign plan: 18 class cards, 90 level-up cards, 90 action cards (the three
    # summon cards of cards.yaml among them), 18 class features, 36 passive, 18 dice.
    own_cards = own_entries(ELITE_CARD_FILES, "cards")
    own_abilities = own_entries([CONTENT_DIR / "abilities" / "elite.yaml"], "abilities")
    own_level_ups = own_entries(
        [CONTENT_DIR / "campaign" / "level_ups" / "elite.yaml"], "level_ups"
    )
    copies = Counter[str]()
    for e in own_cards:
        copies[e["kind"]] += e.get("copies", 1)
    assert copies == {"action": 87, "class_feature": 18}
    given = {cid for class_id in TABLE for cid in deck_cards(c, class_id)}
    actions = [cid for cid in given if c.game.cards[cid].kind == "action"]
    assert sum(c.game.cards[cid].copies for cid in actions) == 90
    assert given == {e["id"] for e in own_cards} | {card for card, _ in SUMMONERS.values()}
    kinds = Counter(e["kind"] for e in own_abilities)
    assert kinds == {"passive": 36, "dice": 18}
    assert len(own_level_ups) == 90 and {e["deck"] for e in own_level_ups} == set(TABLE)
    granted = [a for e in own_level_ups for a in e.get("abilities", [])]
    assert sorted(granted) == sorted(e["id"] for e in own_abilities)  # each given once


def test_each_elite_card_belongs_to_one_deck(c: CampaignContent) -> None:
    owners: dict[str, str] = {}
    for class_id in TABLE:
        for cid in deck_cards(c, class_id):
            assert owners.setdefault(cid, class_id) == class_id, f"{cid}: two decks"


def effect(entry: Any) -> str:
    """What a card or ability does, without its id, name or words."""
    skip = {"id", "name", "text", "source", "copies", "banner", "loot", "story"}
    return repr({k: v for k, v in entry.model_dump().items() if k not in skip})


def test_names_and_effects_are_distinct(c: CampaignContent) -> None:
    own_cards = {e["id"] for e in own_entries(ELITE_CARD_FILES, "cards")}
    own_abilities = {
        e["id"] for e in own_entries([CONTENT_DIR / "abilities" / "elite.yaml"], "abilities")
    }
    for pool, own in ((c.game.cards, own_cards), (c.game.abilities, own_abilities)):
        names = Counter(e.name for e in pool.values())
        effects = Counter(effect(e) for e in pool.values())
        for eid in own:
            assert names[pool[eid].name] == 1, f"{eid}: name {pool[eid].name!r} is used twice"
            assert effects[effect(pool[eid])] == 1, f"{eid} does what another card does"
    level_up_names = Counter(card.name for card in c.level_ups.values())
    assert all(n == 1 for n in level_up_names.values())


def test_standalone_decks_are_the_class_deck(c: CampaignContent) -> None:
    for class_id in TABLE:
        cls = c.game.classes[class_id]
        deck = c.deck(class_id)
        if class_id == "dark_knight":
            continue  # the Dark Knight keeps its standalone deck of basic cards
        assert sorted(cls.starting_cards) == sorted(deck_cards(c, class_id)), class_id
        assert cls.passive == deck[1].abilities[0], class_id
        assert cls.hp > cls.hp_gain


@pytest.mark.parametrize("first", range(0, 18, 3))
def test_elite_parties_set_up_a_standalone_encounter(c: CampaignContent, first: int) -> None:
    party = sorted(TABLE)[first : first + 3]
    g = new_game({"encounter": "goblin_ambush", "party": party}, 3)
    heroes = {u.type_id: u for u in g.s.units.values() if u.kind == "hero"}
    for class_id in party:
        cls = c.game.classes[class_id]
        assert heroes[class_id].movement == cls.movement
        bonus = c.game.abilities[cls.passive].modifiers.max_hp
        assert heroes[class_id].max_hp == cls.hp + bonus
