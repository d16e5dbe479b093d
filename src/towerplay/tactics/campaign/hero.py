"""A campaign hero: what it owns, and what its level-up cards make of it.

Everything a hero is follows from the level-up cards it holds, in the order it took
them: its level, its level in each class, its class (the first basic class, until
an elite class is taken; then the latest elite class), its movement and basic
attack (that class's card) and its maximum HP (every heart on its level-up cards,
an elite class's HP gain included). Only what the hero owns is stored.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from towerplay.core.errors import IllegalAction
from towerplay.core.serial import spec
from towerplay.tactics.campaign.content import CampaignContent
from towerplay.tactics.models import ClassCard

BASIC_CLASSES = ("fighter", "rogue", "cleric", "wizard", "archer")  # Creating Your Hero
BASIC_COPIES = 3  # 3 Basic Move and 3 Basic Attack in a new hero's deck (AT-HERO-2)
MAX_LEVEL = 10  # AT-LEVEL-2


@dataclass(slots=True)
class CampaignHero:
    """One hero of the party; `player` is who controls it in the next encounter."""

    hero: str = field(metadata=spec(of="heroes"))
    player: int = field(metadata=spec(lo=0, hi=4))
    level_ups: list[str] = field(metadata=spec(of="level_ups"))  # in the order taken
    cards: list[str] = field(metadata=spec(of="cards"))  # the tuck box: every card owned
    abilities: list[str] = field(default_factory=list, metadata=spec(of="abilities"))
    perks: list[str] = field(default_factory=list, metadata=spec(of="perks"))


def new_hero(c: CampaignContent, hero: str, class_id: str, player: int = 0) -> CampaignHero:
    """A level 1 hero of a basic class: the Starter level-up card and what it gives,
    plus 3 Basic Move and 3 Basic Attack (AT-HERO-1, AT-HERO-2)."""
    if hero not in c.heroes:
        raise IllegalAction(
            "no hero '{hero}'; heroes: {heroes}", "AT-HERO-1", hero=hero, heroes=", ".join(c.heroes)
        )
    if class_id not in BASIC_CLASSES:
        raise IllegalAction(
            "a hero begins in a basic class ({classes}), not '{cls}'",
            "AT-HERO-1",
            classes=", ".join(BASIC_CLASSES),
            cls=class_id,
        )
    starters = [card for card in c.deck(class_id) if card.starter]
    if not starters:
        raise IllegalAction("the {cls} deck has no Starter card", "AT-HERO-1", cls=class_id)
    starter = starters[0]
    h = CampaignHero(hero, player, [], ["basic_move"] * BASIC_COPIES)
    h.cards += ["basic_attack"] * BASIC_COPIES
    gain_level_up(c, h, starter.id)
    return h


def gain_level_up(c: CampaignContent, h: CampaignHero, card_id: str) -> None:
    """Take a level-up card and what it gives: its ADD and REPLACE cards, its class
    feature and abilities; a summons card it names stays with the card (`summons`). The
    REPLACE removals are asked separately."""
    card = c.level_ups[card_id]
    h.level_ups.append(card_id)
    h.cards += [*card.add, *card.replace]
    if card.class_feature is not None:
        h.cards.append(card.class_feature)
    h.abilities += card.abilities


def summons(c: CampaignContent, h: CampaignHero) -> list[str]:
    """The summons cards the hero keeps with its classes: one for each level-up card that
    names one (rulebook: Sorting the Cards); they go beside its board (AT-SUM-5)."""
    return [s for cid in h.level_ups if (s := c.level_ups[cid].summon) is not None]


def level(h: CampaignHero) -> int:
    """The number of level-up cards held (AT-LEVEL-1)."""
    return len(h.level_ups)


def class_levels(c: CampaignContent, h: CampaignHero) -> Counter[str]:
    """Level-up cards held per class deck."""
    return Counter(c.level_ups[cid].deck for cid in h.level_ups)


def current_class(c: CampaignContent, h: CampaignHero) -> ClassCard:
    """The latest elite class taken, else the first basic class (AT-LEVEL-3, AT-ELITE-2)."""
    decks = [c.level_ups[cid].deck for cid in h.level_ups]
    elites = [d for d in decks if c.game.classes[d].elite]
    return c.game.classes[elites[-1] if elites else decks[0]]


def max_hp(c: CampaignContent, h: CampaignHero) -> int:
    """Every heart on the hero's level-up cards, and the perks' bonuses (AT-SETUP-6)."""
    hearts = sum(c.level_ups[cid].hearts for cid in h.level_ups)
    return hearts + sum(c.perks[p].max_hp for p in h.perks)


def elite_owner(c: CampaignContent, party: list[CampaignHero], class_id: str) -> int | None:
    """The index of the hero who unlocked an elite class deck, if any (AT-ELITE-3)."""
    for i, h in enumerate(party):
        if class_levels(c, h)[class_id]:
            return i
    return None
