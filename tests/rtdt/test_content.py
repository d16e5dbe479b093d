"""The base-game content YAML loads, has the right shape, and bad files name file and field."""

from __future__ import annotations

from collections import Counter, deque
from pathlib import Path

import pytest

from towerplay.core.errors import ContentError
from towerplay.rtdt.content import CONTENT_DIR, Content, load_content
from towerplay.rtdt.models import Triggered, Use

SOURCES = {"rulebook", "public", "designed"}


@pytest.fixture(scope="module")
def content() -> Content:
    return load_content()


def write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


# --- loading and counts ----------------------------------------------------------


def test_default_load_is_cached(content: Content) -> None:
    assert load_content() is content
    assert load_content(()) is content


def test_board_counts(content: Content) -> None:
    assert len(content.kingdoms) == 4
    assert set(content.kingdoms) == {"north", "east", "south", "west"}
    assert len(content.spaces) == 60
    assert Counter(s.kingdom for s in content.spaces.values()) == {
        "north": 15,
        "east": 15,
        "south": 15,
        "west": 15,
    }
    assert len(content.adjacency) == 150
    assert len(content.rivers) == 30
    tower = {s.id for s in content.spaces.values() if s.tower_adjacent}
    assert len(tower) == 6


def test_buildings_four_per_type_one_per_kingdom(content: Content) -> None:
    placed = [(s.kingdom, s.building) for s in content.spaces.values() if s.building]
    assert len(placed) == 16
    assert Counter(b for _, b in placed) == {
        "citadel": 4,
        "sanctuary": 4,
        "village": 4,
        "bazaar": 4,
    }
    assert len(set(placed)) == 16  # one of each type per kingdom
    assert set(content.buildings) == {"citadel", "sanctuary", "village", "bazaar"}


def test_kingdom_virtues_join(content: Content) -> None:
    for kingdom in content.kingdoms.values():
        assert kingdom.virtue == f"champion_of_the_{kingdom.id}"
        assert kingdom.virtue in content.kingdom_virtues
        virtue = content.kingdom_virtues[kingdom.virtue]
        assert virtue.abilities[0].kind == "advantage"
        assert virtue.abilities[0].when == f"on_{kingdom.terrain}"


def test_hero_counts(content: Content) -> None:
    assert set(content.base_heroes) == {
        "brutal_warlord",
        "orphaned_scion",
        "relic_hunter",
        "spymaster",
    }
    assert len(content.heroes) == 8  # with the four Covenant heroes
    for hero in (content.heroes[h] for h in content.base_heroes):
        assert len(hero.starting_virtues) == 2
        assert len(hero.unlockable_virtues) == 3
        assert hero.banner_effects, hero.id
        for virtue in [*hero.starting_virtues, *hero.unlockable_virtues]:
            assert virtue.abilities, virtue.id
            assert content.virtues[virtue.id] is virtue
    assert len(content.virtues) == 8 * 5 + 4


def test_item_counts(content: Content) -> None:
    assert len(content.gear) == 6
    assert all(g.copies == 3 for g in content.gear.values())
    assert len(content.potions) == 6
    assert all(p.copies == 3 for p in content.potions.values())
    assert len(content.base_treasures) == 22
    assert len(content.base_corruptions) == 12
    assert len(content.treasures) == 22 + 20  # Covenant's treasures are looked up by id too
    assert len(content.corruptions) == 12 + 12


def test_potions_are_discard_uses(content: Content) -> None:
    for potion in content.potions.values():
        (ability,) = potion.abilities
        assert isinstance(ability, Use) and ability.discard and ability.effects


def test_some_abilities_in_vocabulary(content: Content) -> None:
    swift = content.virtues["swift"].abilities[0]
    assert swift.kind == "modifier" and swift.stat == "set_base_move" and swift.amount == 4
    spear = content.treasures["spear_of_atish"].abilities[1]
    assert isinstance(spear, Triggered) and spear.when.foe_trait == "melee"
    feral = content.corruptions["feral"].abilities[0]
    assert isinstance(feral, Triggered) and feral.on == "end_of_turn"
    assert feral.when.on_building_space is True


def test_reinforce_options_and_haggle(content: Content) -> None:
    b = content.buildings
    assert b["bazaar"].enhanced.spirit == 2
    assert b["village"].enhanced.effects[0].op == "gain"
    assert [f.result for f in content.haggle.faces] == [
        "normal",
        "warriors",
        "warriors",
        "potion",
        "gear",
        "cancel",
    ]
    assert {k: v.opening_skulls for k, v in b.items()} == {
        "citadel": 0,
        "sanctuary": 1,
        "village": 1,
        "bazaar": 0,
    }


# --- the graph ------------------------------------------------------------------


def test_adjacency_undirected_symmetric_and_connected(content: Content) -> None:
    edges = [frozenset(e) for e in content.adjacency]
    assert all(len(e) == 2 for e in edges)  # no self-loops
    assert len(set(edges)) == len(edges)  # each edge once, in one direction only
    neighbours: dict[str, set[str]] = {s: set() for s in content.spaces}
    for a, b in content.adjacency:
        neighbours[a].add(b)
        neighbours[b].add(a)
    for a, near in neighbours.items():
        assert near, a
        for b in near:
            assert a in neighbours[b]
    start = next(iter(content.spaces))
    seen = {start}
    queue = deque([start])
    while queue:
        for nxt in neighbours[queue.popleft()]:
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    assert seen == set(content.spaces)


def test_rivers_are_exactly_the_cross_kingdom_edges(content: Content) -> None:
    sp = content.spaces
    cross = {frozenset(e) for e in content.adjacency if sp[e[0]].kingdom != sp[e[1]].kingdom}
    assert {frozenset(e) for e in content.rivers} == cross


# --- sources --------------------------------------------------------------------


def test_every_entry_has_a_source(content: Content) -> None:
    entries = [
        *content.kingdoms.values(),
        *content.spaces.values(),
        *content.heroes.values(),
        *content.virtues.values(),
        *content.gear.values(),
        *content.potions.values(),
        *content.treasures.values(),
        *content.corruptions.values(),
        *content.buildings.values(),
        *(b.free for b in content.buildings.values()),
        *(b.enhanced for b in content.buildings.values()),
        content.haggle,
        content.board.adjacency,
        content.board.rivers,
    ]
    for entry in entries:
        assert entry.source in SOURCES, entry


def test_designed_values_are_marked(content: Content) -> None:
    b = content.buildings
    assert b["citadel"].enhanced.source == "designed"
    assert b["sanctuary"].enhanced.source == "designed"
    assert b["village"].enhanced.source == "designed"
    assert b["bazaar"].enhanced.source == "rulebook"
    assert content.haggle.source == "designed"


# --- overlays ---------------------------------------------------------------------


def test_overlay_adds_and_overrides(tmp_path: Path) -> None:
    write(
        tmp_path,
        "items.yaml",
        """
treasures:
  - id: lamp_of_hope
    source: designed
    name: Lamp of Hope
    text: Changed.
  - id: homemade_charm
    source: designed
    name: Homemade Charm
    text: One Wild advantage.
    abilities:
      - {kind: advantage, type: wild, amount: 1}
""",
    )
    c = load_content([tmp_path])
    assert c is not load_content()
    assert len(c.base_treasures) == 23
    assert c.treasures["lamp_of_hope"].text == "Changed."
    assert c.treasures["homemade_charm"].abilities[0].type == "wild"
    assert len(c.gear) == 6  # untouched sections stay


def test_bad_base_move_names_file_and_field(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "heroes.yaml",
        """
heroes:
  - id: brutal_warlord
    source: public
    name: Brutal Warlord
    base_move: fast
    banner: Take 5 warriors.
    starting_virtues: []
    unlockable_virtues: []
""",
    )
    with pytest.raises(ContentError) as err:
        load_content([tmp_path])
    assert str(path) in err.value.file
    assert err.value.field == "heroes[0].base_move"
    assert "heroes[0].base_move" in str(err.value) and str(path) in str(err.value)


def test_missing_field_names_file_and_field(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "heroes.yaml",
        """
heroes:
  - id: new_hero
    source: designed
    name: New Hero
    base_move: 3
    starting_virtues: []
    unlockable_virtues: []
""",
    )
    with pytest.raises(ContentError) as err:
        load_content([tmp_path])
    assert str(path) in err.value.file
    assert err.value.field == "heroes[4].banner"


def test_bad_ability_names_nested_field(tmp_path: Path) -> None:
    write(
        tmp_path,
        "corruptions.yaml",
        """
corruptions:
  - id: selfish
    source: public
    name: Selfish
    text: x
    abilities:
      - {kind: restrict, what: breathing}
""",
    )
    with pytest.raises(ContentError) as err:
        load_content([tmp_path])
    assert err.value.field.startswith("corruptions[0].abilities[0]")


def test_invalid_yaml_names_file(tmp_path: Path) -> None:
    path = write(tmp_path, "buildings.yaml", "buildings: [\n  - id: citadel\n  nope: {\n")
    with pytest.raises(ContentError) as err:
        load_content([tmp_path])
    assert err.value.file == str(path)
    assert str(path) in str(err.value)
    assert "YAML" in err.value.reason


def test_kingdom_virtue_must_exist(tmp_path: Path) -> None:
    write(
        tmp_path,
        "board.yaml",
        """
kingdoms:
  - {id: north, source: designed, name: Durnin, terrain: mountains, virtue: champion_of_nowhere}
""",
    )
    with pytest.raises(ContentError) as err:
        load_content([tmp_path])
    assert str(tmp_path / "board.yaml") in err.value.file
    assert err.value.field == "kingdoms[0].virtue"
    assert "champion_of_nowhere" in err.value.reason


def test_one_building_of_each_type_per_kingdom(tmp_path: Path) -> None:
    write(
        tmp_path,
        "board.yaml",
        """
spaces:
  - {id: broken_lands, source: designed, name: Broken Lands, kingdom: north, terrain: hills,
     building: citadel}
""",
    )
    with pytest.raises(ContentError) as err:
        load_content([tmp_path])
    assert "board.yaml" in err.value.file
    assert err.value.field == "kingdoms[0]"
    assert "citadel" in err.value.reason


def test_edge_to_unknown_space_is_rejected(tmp_path: Path) -> None:
    write(
        tmp_path,
        "board.yaml",
        "adjacency:\n  source: designed\n  edges:\n    - [dayside, atlantis]\n",
    )
    with pytest.raises(ContentError) as err:
        load_content([tmp_path])
    assert "board.yaml" in err.value.file
    assert "atlantis" in err.value.reason


def test_content_dir_holds_the_five_files() -> None:
    names = {p.name for p in CONTENT_DIR.glob("*.yaml")}
    assert {
        "board.yaml",
        "heroes.yaml",
        "items.yaml",
        "corruptions.yaml",
        "buildings.yaml",
    } <= names


# --- issue 15: every card played as printed ----------------------------------------

HEDGES = ("(Approximated", "not modelled", "Not modelled", "text only", "does nothing yet")


def texts(node: object, where: str) -> list[tuple[str, str]]:
    """Every `text` in a YAML tree, with where it is."""
    out: list[tuple[str, str]] = []
    if isinstance(node, dict):
        for k, v in node.items():
            if k == "text" and isinstance(v, str):
                out.append((f"{where}.{node.get('id', '?')}", v))
            else:
                out += texts(v, f"{where}.{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += texts(v, f"{where}[{i}]")
    return out


def test_no_card_text_says_it_is_approximated_or_not_modelled() -> None:
    """docs/content.md has no approximated rows left: a card whose data is not exact would
    say so in its text, and none may."""
    import yaml

    found = [
        (where, hedge)
        for path in sorted(CONTENT_DIR.glob("*.yaml"))
        for where, text in texts(yaml.safe_load(path.read_text(encoding="utf-8")), path.stem)
        for hedge in HEDGES
        if hedge in text
    ]
    assert found == []
