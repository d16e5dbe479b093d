"""Covenant content: monuments, heroes, spells, treasures, corruptions and components load
and hang together, and no id clashes with the base game's content."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any, get_args

import pytest
import yaml
from pydantic import BaseModel

from towerplay.core.content import load_file, read_yaml
from towerplay.core.errors import ContentError
from towerplay.rtdt.models import (
    BattleFile,
    BoardFile,
    BuildingsFile,
    CompanionsFile,
    CompetitiveFile,
    CorruptionsFile,
    CovenantFile,
    DungeonsFile,
    Flag,
    FoesFile,
    HeroesFile,
    ItemsFile,
    QuestsFile,
)

CONTENT = Path(__file__).resolve().parents[2] / "src" / "towerplay" / "rtdt" / "content"
COVENANT = CONTENT / "covenant.yaml"

BASE_FILES: dict[str, type[BaseModel]] = {
    "board.yaml": BoardFile,
    "heroes.yaml": HeroesFile,
    "items.yaml": ItemsFile,
    "corruptions.yaml": CorruptionsFile,
    "buildings.yaml": BuildingsFile,
    "foes.yaml": FoesFile,
    "battle.yaml": BattleFile,
    "companions.yaml": CompanionsFile,
    "quests.yaml": QuestsFile,
    "dungeons.yaml": DungeonsFile,
    "competitive.yaml": CompetitiveFile,
}

SOURCES = {"rulebook", "public", "designed"}


@pytest.fixture(scope="module")
def cov() -> CovenantFile:
    return load_file(COVENANT, CovenantFile)


@pytest.fixture(scope="module")
def buildings() -> BuildingsFile:
    return load_file(CONTENT / "buildings.yaml", BuildingsFile)


def ids_in(node: Any) -> list[str]:
    """Every `id` of every model nested anywhere in `node`."""
    found: list[str] = []
    if isinstance(node, BaseModel):
        value = getattr(node, "id", None)
        if isinstance(value, str):
            found.append(value)
        for name in type(node).model_fields:
            found.extend(ids_in(getattr(node, name)))
    elif isinstance(node, list | tuple):
        for item in node:
            found.extend(ids_in(item))
    elif isinstance(node, dict):
        for item in node.values():
            found.extend(ids_in(item))
    return found


# --- counts ----------------------------------------------------------------------


def test_COV_COMP_1_component_counts(cov: CovenantFile) -> None:
    c = cov.components
    assert (
        c.blessings,
        c.protection_tokens,
        c.offering_tokens,
        c.quarry_tokens,
        c.doom_skulls,
        c.charge_tokens,
        c.wasteland_tokens,
        c.foundations,
    ) == (8, 6, 12, 1, 12, 10, 32, 4)
    assert c.source == "rulebook"


def test_card_counts(cov: CovenantFile) -> None:
    assert len(cov.monuments) == 8
    assert len(cov.spells) == 6
    assert len(cov.invocations) == 4
    assert len(cov.treasures) == 20
    assert len(cov.corruptions) == 12


def test_four_heroes_five_virtues_each(cov: CovenantFile) -> None:
    assert {h.name for h in cov.heroes} == {
        "Devious Swindler",
        "Relentless Warden",
        "Reverent Astromancer",
        "Undaunted Aegis",
    }
    for hero in cov.heroes:
        assert len(hero.starting_virtues) == 2, hero.id
        assert len(hero.unlockable_virtues) == 3, hero.id
        assert hero.banner
        for virtue in [*hero.starting_virtues, *hero.unlockable_virtues]:
            assert virtue.abilities, virtue.id


def test_every_entry_has_a_source(cov: CovenantFile) -> None:
    entries = [
        *cov.monuments,
        *cov.spells,
        *cov.invocations,
        *cov.heroes,
        *[v for h in cov.heroes for v in (*h.starting_virtues, *h.unlockable_virtues)],
        *cov.treasures,
        *cov.corruptions,
    ]
    assert all(e.source in SOURCES for e in entries)
    for m in cov.monuments:
        assert m.free.source in SOURCES and m.enhanced.source in SOURCES
        assert all(ev.source in SOURCES for ev in m.events)


# --- monuments -------------------------------------------------------------------


def test_COV_MONUMENT_1_two_monuments_per_building_type(cov: CovenantFile) -> None:
    assert Counter(m.replaces for m in cov.monuments) == {
        "citadel": 2,
        "sanctuary": 2,
        "village": 2,
        "bazaar": 2,
    }


def test_foundation_pairs_share_a_type(cov: CovenantFile) -> None:
    by_id = {m.id: m for m in cov.monuments}
    pairs = {frozenset((m.id, m.paired_with)) for m in cov.monuments}
    assert len(pairs) == cov.components.foundations
    for m in cov.monuments:
        assert by_id[m.paired_with].replaces == m.replaces
    assert by_id["arch_of_the_golden_sun"].replaces == "bazaar"  # COV-CLARIFY-1


def test_COV_MONUMENT_7_free_option_is_the_replaced_buildings(
    cov: CovenantFile, buildings: BuildingsFile
) -> None:
    free = {b.id: b.free for b in buildings.buildings}
    for m in cov.monuments:
        assert m.free.spirit == 0, m.id
        assert m.free.effects == free[m.replaces].effects, m.id


def test_enhanced_options_are_valid(cov: CovenantFile) -> None:
    flags = set(get_args(Flag))
    for m in cov.monuments:
        option = m.enhanced
        assert option.text.strip(), m.id
        assert option.spirit >= 0 and option.warriors >= 0, m.id
        # exactly one way of saying what it does: effects, or a named engine hook
        assert bool(option.effects) != (option.flag is not None), m.id
        if option.flag is not None:
            assert option.flag in flags, m.id
    costs = {m.id: (m.enhanced.spirit, m.enhanced.warriors) for m in cov.monuments}
    assert costs == {
        "tower_shard": (1, 0),
        "cenotaph_of_the_first_prophet": (4, 0),
        "argent_oak": (0, 0),
        "moonstone_temple": (10, 0),
        "colossus_of_bjorn": (0, 0),
        "endless_necropolis": (1, 0),
        "arch_of_the_golden_sun": (5, 0),
        "nightmare_cage": (0, 20),
    }


def test_every_monument_has_an_offering_and_an_event(cov: CovenantFile) -> None:
    for m in cov.monuments:
        assert m.offering_text.strip(), m.id
        assert m.offering is not None, m.id
        assert m.events, m.id
    offerings = {m.id: m.offering for m in cov.monuments if m.offering is not None}
    assert offerings["colossus_of_bjorn"].on == "battle_card_loss"  # COV-CLARIFY-9
    assert offerings["colossus_of_bjorn"].at_least == 8
    assert offerings["arch_of_the_golden_sun"].at_least == 2  # COV-CLARIFY-2
    assert offerings["tower_shard"].foe_space == "tower_adjacent"  # COV-CLARIFY-19
    assert offerings["cenotaph_of_the_first_prophet"].foe_space == "wasteland"  # COV-CLARIFY-5
    assert offerings["argent_oak"].on == "gain_corruption"  # COV-CLARIFY-3


def test_COV_CLARIFY_12_only_the_necropolis_holds_any_number_of_skulls(
    cov: CovenantFile,
) -> None:
    unlimited = {m.id for m in cov.monuments if m.skull_capacity is None}
    assert unlimited == {"endless_necropolis"}
    assert {m.id for m in cov.monuments if not m.cleansable} == {"endless_necropolis"}
    assert all(m.skull_capacity == 3 for m in cov.monuments if m.id not in unlimited)


# --- spells, treasures, corruptions ---------------------------------------------------


def test_spells_and_invocations(cov: CovenantFile) -> None:
    assert {s.id for s in cov.invocations} == {
        "smite_the_wicked",
        "celestial_jaunt",
        "abate_the_darkness",
        "commanding_rebuke",
    }
    assert {"soothing_word", "ritual_of_warding", "aura_of_friendship"} <= {
        s.id for s in cov.spells
    }
    assert all(s.text.strip() for s in [*cov.spells, *cov.invocations])


def test_COV_WAND_1_three_wands_with_their_charges(cov: CovenantFile) -> None:
    wands = {t.id: t.charges for t in cov.treasures if t.wand}
    assert wands == {"wand_of_celerity": 4, "wand_of_conflagration": 3, "wand_of_pacification": 1}
    assert all(t.charges == 0 and t.recharge is None for t in cov.treasures if not t.wand)


def test_flags_are_known(cov: CovenantFile) -> None:
    flags = set(get_args(Flag))
    cards = [
        *cov.treasures,
        *cov.corruptions,
        *[v for h in cov.heroes for v in (*h.starting_virtues, *h.unlockable_virtues)],
    ]
    for card in cards:
        for ability in card.abilities:
            if ability.kind == "flag":
                assert ability.flag in flags, card.id


# --- ids ---------------------------------------------------------------------------


def test_ids_unique_within_covenant(cov: CovenantFile) -> None:
    ids = ids_in(cov)
    dupes = sorted(i for i, n in Counter(ids).items() if n > 1)
    assert not dupes


def test_no_id_clashes_with_the_base_content(cov: CovenantFile) -> None:
    base: set[str] = set()
    for name, model in BASE_FILES.items():
        base.update(ids_in(load_file(CONTENT / name, model)))
    assert len(base) > 300  # the base files really were read
    clashes = sorted(set(ids_in(cov)) & base)
    assert not clashes, f"covenant ids already used by the base game: {clashes}"


def test_base_files_are_all_checked() -> None:
    on_disk = {p.name for p in CONTENT.glob("*.yaml")} - {"covenant.yaml"}
    assert on_disk == set(BASE_FILES)


# --- validation ----------------------------------------------------------------------


def write_variant(tmp_path: Path, change: Any) -> Path:
    data = read_yaml(COVENANT)
    change(data)
    path = tmp_path / "covenant.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


def test_pairing_must_be_mutual(tmp_path: Path) -> None:
    def change(data: dict[str, Any]) -> None:
        data["monuments"][0]["paired_with"] = "argent_oak"

    with pytest.raises(ContentError, match="covenant.yaml"):
        load_file(write_variant(tmp_path, change), CovenantFile)


def test_charges_belong_to_wands(tmp_path: Path) -> None:
    def change(data: dict[str, Any]) -> None:
        grim = next(t for t in data["treasures"] if t["id"] == "grim_whisper")
        grim["charges"] = 2

    with pytest.raises(ContentError, match="treasures"):
        load_file(write_variant(tmp_path, change), CovenantFile)


def test_duplicate_ids_rejected(tmp_path: Path) -> None:
    def change(data: dict[str, Any]) -> None:
        data["spells"][0]["id"] = "shaken"

    with pytest.raises(ContentError, match="duplicate"):
        load_file(write_variant(tmp_path, change), CovenantFile)
