"""The rulebook's Components list, counted in the bundled content (physical copies).

Every count the rulebook prints is checked. Counts the content has not reached yet are
listed in UNFINISHED with what it holds today, so the test fails both when a finished
count breaks and when an unfinished one changes without this list (and the issue note)
being brought up to date.
"""

from __future__ import annotations

from collections.abc import Callable

from towerplay.tactics.campaign.content import CampaignContent, default_campaign_content

EQUIPMENT = ("weapon", "armor", "accessory")


def _cards(kinds: tuple[str, ...]) -> Callable[[CampaignContent], int]:
    return lambda c: sum(card.copies for card in c.game.cards.values() if card.kind in kinds)


def _abilities(kind: str) -> Callable[[CampaignContent], int]:
    return lambda c: sum(a.copies for a in c.game.abilities.values() if a.kind == kind)


def _items(potion: bool) -> Callable[[CampaignContent], int]:
    return lambda c: sum(
        i.copies for i in c.items.values() if (i.kind == "revive_potion") == potion
    )


# Components: "Over 800 cards, including: ..." and the five heroes.
RULEBOOK: dict[str, tuple[int, Callable[[CampaignContent], int]]] = {
    "heroes": (5, lambda c: len(c.heroes)),
    "class cards": (23, lambda c: len(c.game.classes)),
    "class feature cards": (47, _cards(("class_feature",))),
    "equipment cards": (55, _cards(EQUIPMENT)),
    "market cards": (3, lambda c: len(c.markets)),
    "revive potions": (4, _items(True)),
    "marks of death": (10, _cards(("mark_of_death",))),
    "supply items": (37, _items(False)),
    "perk cards": (15, lambda c: sum(p.copies for p in c.perks.values())),
    "random encounter cards": (17, lambda c: len(c.random_encounters)),
    "passive ability cards": (71, _abilities("passive")),
    "dice ability cards": (32, _abilities("dice")),
    "level-up cards": (140, lambda c: sum(lu.copies for lu in c.level_ups.values())),
    "action cards": (164, _cards(("action",))),
    "basic move cards": (50, _cards(("basic_move",))),
    "basic attack cards": (50, _cards(("basic_attack",))),
    "summons cards": (5, lambda c: sum(s.limit for s in c.game.summons.values())),
    "boss deck cards": (150, lambda c: sum(len(d.cards) for d in c.game.boss_decks.values())),
}

# What the bundled content holds of the counts it has not reached (none today).
UNFINISHED: dict[str, int] = {}


def test_every_component_count_of_the_rulebook() -> None:
    c = default_campaign_content()
    have = {name: count(c) for name, (_, count) in RULEBOOK.items()}
    wrong = {
        name: (have[name], want)
        for name, (want, _) in RULEBOOK.items()
        if name not in UNFINISHED and have[name] != want
    }
    assert not wrong, f"(have, rulebook) for each count that is off: {wrong}"
    assert {n: have[n] for n in UNFINISHED} == UNFINISHED, "update UNFINISHED and the note"
