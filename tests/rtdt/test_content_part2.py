"""Part 2 content: foes, adversaries (foes.yaml) and the designed battle cards (battle.yaml)."""

from __future__ import annotations

from collections import Counter

import pytest

from towerplay.core.content import load_file
from towerplay.rtdt.content import CONTENT_DIR
from towerplay.rtdt.models import (
    STATUSES,
    AddSkulls,
    BattleCard,
    BattleFile,
    FoeMove,
    FoesFile,
    Gain,
    GainCorruption,
    GainItem,
    HitHeroes,
    Lose,
    LoseItem,
    LoseVirtue,
    TowerActs,
    TowerStirs,
)

TOKENS = {
    "brigands": 8,
    "oreks": 6,
    "shadow_wolves": 8,
    "spine_fiends": 6,
    "frost_trolls": 4,
    "clan_of_neuri": 5,
    "lemures": 6,
    "widowmade_spiders": 5,
    "dragons": 2,
    "mormos": 4,
    "striga": 2,
    "titans": 1,
}
ADVERSARIES = {
    "ashstrider",
    "bane_of_omens",
    "empress_of_shades",
    "gaze_eternal",
    "gravemaw",
    "isa_the_exile",
    "lingering_rot",
    "utuk_ku",
}
ATTACK = {"melee", "magic", "stealth"}
CREATURE = {"beast", "humanoid", "undead"}
TRAITS = ATTACK | CREATURE
# What a battle-card rung may do to (or for) a hero.
HERO_EFFECTS = (
    Lose,
    Gain,
    LoseItem,
    LoseVirtue,
    GainCorruption,
    AddSkulls,
    TowerStirs,
    TowerActs,
    GainItem,
)
HARM = (Lose, LoseItem, LoseVirtue, GainCorruption, AddSkulls, TowerStirs, TowerActs)


@pytest.fixture(scope="module")
def foes() -> FoesFile:
    return load_file(CONTENT_DIR / "foes.yaml", FoesFile)


@pytest.fixture(scope="module")
def battle() -> BattleFile:
    return load_file(CONTENT_DIR / "battle.yaml", BattleFile)


@pytest.fixture(scope="module")
def cards(battle: BattleFile) -> dict[str, BattleCard]:
    return {c.id: c for c in battle.cards}


def warriors_lost(card: BattleCard, rung: int, skulls: int = 0, foes_here: int = 1) -> int:
    total = 0
    for e in card.rungs[rung].effects:
        if isinstance(e, Lose) and e.resource == "warriors":
            count = {"skull_near": skulls, "foe_here": foes_here, None: 0}[e.per]
            total += e.amount + e.per_amount * count
    return total


# --- foes.yaml -----------------------------------------------------------------------------


def test_foe_roster_and_levels(foes: FoesFile) -> None:
    assert len(foes.foes) == 12
    assert Counter(f.level for f in foes.foes) == {2: 4, 3: 4, 4: 4}
    assert {f.id for f in foes.foes} == set(TOKENS)


def test_foe_token_counts(foes: FoesFile) -> None:
    assert {f.id: f.tokens for f in foes.foes} == TOKENS


def test_foe_traits_attack_then_creature(foes: FoesFile) -> None:
    for foe in foes.foes:
        assert len(foe.traits) == 2, foe.id
        assert foe.traits[0] in ATTACK and foe.traits[1] in CREATURE, foe.id


def test_every_foe_strikes_at_all_five_statuses(foes: FoesFile) -> None:
    for foe in foes.foes:
        assert set(foe.strikes) == set(STATUSES), foe.id
        for status in ("panicked", "unsteady"):
            assert foe.strikes[status].source == "designed", (foe.id, status)
        for status in ("ready", "savage", "lethal"):
            assert foe.strikes[status].source == "public", (foe.id, status)
        for strike in foe.strikes.values():
            assert strike.steps and strike.text


def test_public_strike_spot_checks(foes: FoesFile) -> None:
    by_id = {f.id: f for f in foes.foes}
    ready = by_id["brigands"].strikes["ready"].steps
    assert len(ready) == 1 and isinstance(ready[0], HitHeroes)
    assert ready[0].target == "near" and ready[0].effects == [LoseItem(op="lose_item", kind="item")]
    wolves = by_id["shadow_wolves"].strikes["lethal"].steps
    assert isinstance(wolves[0], FoeMove) and wolves[0].how == "onto_active_hero"
    spiders = by_id["widowmade_spiders"].strikes
    assert [s.steps[0].steps for s in (spiders["ready"], spiders["savage"])] == [4, 6]


def test_adversaries(foes: FoesFile) -> None:
    assert {a.id for a in foes.adversaries} == ADVERSARIES
    for adv in foes.adversaries:
        assert adv.tower_acts.source == "designed"
        assert all(not isinstance(s, FoeMove) for s in adv.tower_acts.steps), adv.id
        assert all(t in TRAITS for t in adv.traits)
        if adv.id == "isa_the_exile":
            assert adv.traits == ["humanoid"]
        else:
            assert len(adv.traits) == 2, adv.id


def test_ids_unique(foes: FoesFile, battle: BattleFile) -> None:
    ids = [f.id for f in foes.foes] + [a.id for a in foes.adversaries]
    assert len(ids) == len(set(ids))
    card_ids = [c.id for c in battle.cards]
    assert len(card_ids) == len(set(card_ids))


# --- battle.yaml ---------------------------------------------------------------------------


def test_every_critical_exists(foes: FoesFile, cards: dict[str, BattleCard]) -> None:
    for entry in [*foes.foes, *foes.adversaries]:
        assert entry.critical == f"critical_{entry.id}"
        assert cards[entry.critical].family == "critical"
    criticals = {c for c, card in cards.items() if card.family == "critical"}
    assert len(criticals) == 20


def test_trait_cards_two_per_trait(cards: dict[str, BattleCard]) -> None:
    per_trait = Counter(c.trait for c in cards.values() if c.family == "trait")
    assert set(per_trait) == TRAITS
    assert all(n >= 2 for n in per_trait.values())
    assert all(c.trait is None for c in cards.values() if c.family != "trait")


def test_generic_cards(cards: dict[str, BattleCard]) -> None:
    generic = [c for c in cards.values() if c.family == "generic"]
    assert len(generic) >= 8
    # Most generic losses grow with skulls near the hero.
    assert sum(any(isinstance(e, Lose) and e.per for e in c.rungs[0].effects) for c in generic) >= 4


def test_brigands_example_cards(battle: BattleFile, cards: dict[str, BattleCard]) -> None:
    """Rulebook battle example: lethal brigands; 12 climbed by 3 advantages to nothing,
    then 10 climbed by 1 advantage to 7."""
    start = battle.start_rung["lethal"]
    ambush, skirmish = cards["generic_ambush"], cards["generic_skirmish"]
    assert warriors_lost(ambush, start) == 12
    assert ambush.rungs[start + 3].effects == []
    assert warriors_lost(skirmish, start) == 10
    assert warriors_lost(skirmish, start + 1) == 7


def test_start_rungs_monotone(battle: BattleFile) -> None:
    assert set(battle.start_rung) == set(STATUSES)
    rungs = [battle.start_rung[s] for s in STATUSES]  # panicked ... lethal
    assert rungs == sorted(rungs, reverse=True)
    assert battle.start_rung["lethal"] == 0 and all(0 <= r <= 4 for r in rungs)


def test_rungs_are_hero_effects_and_improve(cards: dict[str, BattleCard]) -> None:
    for card in cards.values():
        assert card.source == "designed"
        for i, rung in enumerate(card.rungs):
            assert rung.text
            assert all(isinstance(e, HERO_EFFECTS) for e in rung.effects), (card.id, i)
            if any(isinstance(e, GainCorruption) for e in rung.effects):
                assert card.family == "critical" and i == 0, card.id
            if any(isinstance(e, GainItem) for e in rung.effects):
                assert all(e.kind == "potion" for e in rung.effects if isinstance(e, GainItem))
        # The best rung never hurts; a generic card's warrior losses never grow up the ladder
        # (trait and critical cards may trade an item or spirit for warriors between rungs).
        assert not any(isinstance(e, HARM) for e in card.rungs[4].effects), card.id
        if card.family != "generic":
            continue
        for skulls in range(10):
            for here in range(1, 5):
                lost = [warriors_lost(card, r, skulls, here) for r in range(5)]
                assert lost == sorted(lost, reverse=True), (card.id, skulls, here)


def test_every_card_climbs_to_no_loss(cards: dict[str, BattleCard]) -> None:
    for card in cards.values():
        # critical hits and Gravemaw's mutations are harsher: only their best rung is free
        last = 4 if card.family in ("critical", "mutation") else 3
        assert not any(isinstance(e, HARM) for e in card.rungs[last].effects), card.id
