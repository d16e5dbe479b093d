"""The bundled level-up decks of the five basic classes and the cards they give.

Each deck is Starter x1, Level 1 x4, Level 2 x2 and Levels 3-5 x1 (docs/content-tactics.md
"The basic classes' decks"); every card it names exists with the right kind, and the
physical copies add up to the component counts the basic classes contribute (70 action
cards, 25 class features, 25 passive and 10 dice abilities).
"""

from __future__ import annotations

from collections import Counter

import pytest

from towerplay.tactics.campaign.content import CampaignContent, default_campaign_content
from towerplay.tactics.campaign.hero import BASIC_CLASSES, max_hp, new_hero
from towerplay.tactics.campaign.levels import take_level_up
from towerplay.tactics.campaign.models import LevelUpCard

SHAPE = [(1, True, 1), (1, False, 4), (2, False, 2), (3, False, 1), (4, False, 1), (5, False, 1)]


@pytest.fixture(scope="module")
def c() -> CampaignContent:
    return default_campaign_content()


def basic_cards(c: CampaignContent) -> list[LevelUpCard]:
    return [card for cls in BASIC_CLASSES for card in c.deck(cls)]


def gained(c: CampaignContent) -> tuple[Counter[str], Counter[str], Counter[str]]:
    """Physical copies the basic decks hand out: cards, class features, abilities."""
    cards: Counter[str] = Counter()
    features: Counter[str] = Counter()
    abilities: Counter[str] = Counter()
    for lu in basic_cards(c):
        for cid in (*lu.add, *lu.replace):
            cards[cid] += lu.copies
        if lu.class_feature is not None:
            features[lu.class_feature] += lu.copies
        for aid in lu.abilities:
            abilities[aid] += lu.copies
    return cards, features, abilities


@pytest.mark.parametrize("cls", BASIC_CLASSES)
def test_each_basic_deck_has_the_shape_of_the_plan(c: CampaignContent, cls: str) -> None:
    deck = c.deck(cls)
    assert [(d.level, d.starter, d.copies) for d in deck] == SHAPE
    assert all(d.source == "designed" and d.text for d in deck)
    assert all(d.hearts == 1 for d in deck if not d.starter)
    assert all(d.add or d.replace for d in deck)


@pytest.mark.parametrize("cls", BASIC_CLASSES)
def test_the_starter_matches_the_class_card(c: CampaignContent, cls: str) -> None:
    starter = c.deck(cls)[0]
    card = c.game.classes[cls]
    assert starter.hearts == card.hp
    assert starter.class_feature is not None
    assert [*starter.add, starter.class_feature] == list(card.starting_cards)
    assert list(starter.abilities) == [card.passive]
    hero = new_hero(c, "olette", cls)
    assert len(hero.cards) == 11 and max_hp(c, hero) == card.hp  # 5 class cards + 6 basics


@pytest.mark.parametrize("cls", BASIC_CLASSES)
def test_a_hero_entering_the_class_later_gets_its_own_feature(c: CampaignContent, cls: str) -> None:
    starter, first = c.deck(cls)[:2]
    assert first.class_feature is not None and first.class_feature != starter.class_feature


def test_every_card_named_exists_with_the_right_kind(c: CampaignContent) -> None:
    cards, features, abilities = gained(c)
    assert all(c.game.cards[cid].kind == "action" for cid in cards)
    assert all(c.game.cards[cid].kind == "class_feature" for cid in features)
    assert all(aid in c.game.abilities for aid in abilities)
    for cls in BASIC_CLASSES:
        assert c.game.abilities[c.game.classes[cls].passive].kind == "passive"


def test_the_physical_copies_are_the_cards_the_decks_hand_out(c: CampaignContent) -> None:
    cards, features, abilities = gained(c)
    for cid, n in (cards + features).items():
        assert c.game.cards[cid].copies == n, cid
    for aid, n in abilities.items():
        assert c.game.abilities[aid].copies == n, aid


def test_the_basic_classes_component_counts(c: CampaignContent) -> None:
    cards, features, abilities = gained(c)
    kinds = Counter(
        {
            k: sum(n for a, n in abilities.items() if c.game.abilities[a].kind == k)
            for k in ("passive", "dice")
        }
    )
    assert len(basic_cards(c)) == 30 and sum(d.copies for d in basic_cards(c)) == 50
    assert sum(cards.values()) == 70
    assert sum(features.values()) == 25
    assert kinds == {"passive": 25, "dice": 10}


def test_every_card_and_ability_is_distinct_and_uniquely_named(c: CampaignContent) -> None:
    cards, features, abilities = gained(c)
    mine = [c.game.cards[cid] for cid in (*cards, *features)]
    names = [x.name for x in (*c.game.cards.values(), *c.game.abilities.values())]
    for x in (*mine, *(c.game.abilities[a] for a in abilities)):
        assert names.count(x.name) == 1, x.name
    lu_names = [d.name for d in basic_cards(c)]
    assert len(set(lu_names)) == len(lu_names)
    # no two cards do the same thing, no two abilities give the same modifiers
    effects = [(x.options, x.response, x.free, x.remove) for x in mine]
    assert len(set(effects)) == len(effects)
    mods = [c.game.abilities[a].modifiers for a in abilities]
    assert len(set(mods)) == len(mods)


@pytest.mark.parametrize("cls", BASIC_CLASSES)
def test_a_hero_climbs_its_class_deck_to_level_5(c: CampaignContent, cls: str) -> None:
    party = [new_hero(c, "tolben", cls)]
    other = next(k for k in BASIC_CLASSES if k != cls)
    party[0].cards.clear()  # only what the level-ups add from here on
    for n in (2, 3, 4, 5):
        take_level_up(c, party, 0, f"{cls}_{n}")
    take_level_up(c, party, 0, f"{other}_1")
    h = party[0]
    assert max_hp(c, h) == c.game.classes[cls].hp + 5
    added = [cid for d in c.deck(cls)[2:] for cid in (*d.add, *d.replace)]
    later = c.deck(other)[1]
    assert h.cards == [*added, *later.add, later.class_feature]
    assert len(h.abilities) == 1 + 5  # the Starter's passive, Levels 2-4 one each, Level 5 two
