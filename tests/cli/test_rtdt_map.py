"""The map of the land (cli/rtdt_map.py): every space by its agreed short name, where the
browser draws it, with what stands there; `info SPACE`; the `map` command at both sizes."""

from __future__ import annotations

import random
import re

import pytest
from rich.console import Console

from tests.cli.conftest import SIZES
from towerplay.cli.rtdt_map import draw, find_space, map_view, short_names, space_info
from towerplay.rtdt.game import RtdtGame, make_config, new_game

# The short form of every space, as the map shows it (the whole name when it fits)
AGREED = {
    "anza": "Anza", "archmont": "Archmont", "arkartus": "Arkartus", "ash_hills": "Ash Hills",
    "azkols_bane": "Azkol's B", "big_sister": "Big Sister", "bleak_wastes": "Bleak W",
    "bone_hills": "Bone Hills", "broken_lands": "Broken L", "cloudhold": "Cloudhold",
    "copper_grove": "Copper G", "dayside": "Dayside", "delmsmire": "Delmsmire",
    "dragontooth_lake": "Dragontooth", "duwani": "Duwani", "egans_end": "Egan's End",
    "fivepint": "Fivepint", "forest_of_shades": "Forest S", "greater_tombstones": "Greater T",
    "green_bridge": "Green B", "hissing_groves": "Hissing G", "howling_desert": "Howling D",
    "idran_forest": "Idran F", "inner_kinghills": "Inner K", "irontops": "Irontops",
    "jewel_hills": "Jewel Hills", "lake_of_songs": "Lake S", "lesser_tombstones": "Lesser T",
    "little_sister": "Little S", "lodestone_mountains": "Lodestone M",
    "lonelight_hills": "Lonelight H", "lost_lands": "Lost Lands", "lower_ice_fangs": "Lower IF",
    "middle_sister": "Middle S", "mountains_of_the_watchers": "Mountains W",
    "muted_forest": "Muted F", "outer_kinghills": "Outer K", "peaks_of_the_djinn": "Peaks D",
    "pearl_of_the_north": "Pearl N", "pine_barrens": "Pine B", "plains_of_plovo": "Plains P",
    "plains_of_woldra": "Plains W", "radiant_mountains": "Radiant M", "rimeweald": "Rimeweald",
    "sands_of_madness": "Sands M", "southern_wastes": "Southern W", "the_cloister": "Cloister",
    "the_decaying_wilds": "Decaying W", "the_emerald_expanse": "Emerald E",
    "the_empty_glade": "Empty Glade", "the_grass_sea": "Grass Sea", "the_throne": "Throne",
    "the_tundra": "Tundra", "three_rivers": "Three R", "tower_scar_desert": "Tower SD",
    "ulamels_hollow": "Ulamel's H", "upper_ice_fangs": "Upper IF", "utars_barrows": "Utar's B",
    "weeping_waters": "Weeping W", "yellowpike": "Yellowpike",
}  # fmt: skip


def test_every_space_has_its_agreed_unique_short_name() -> None:
    assert short_names() == AGREED
    assert len(set(AGREED.values())) == 60
    assert all(len(n) <= 11 for n in AGREED.values())


def _played(seed: int, steps: int, **options: object) -> RtdtGame:
    g = new_game(make_config(seed=seed, players=3, **options), seed=seed)  # type: ignore[arg-type]
    pick = random.Random(seed)
    for _ in range(steps):
        if g.result is not None:
            break
        g.apply(pick.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize("expansion", ["", "covenant"])
def test_every_label_is_drawn_whole_at_every_width(expansion: str) -> None:
    """No label is lost or overwritten by another, with everything that stands on the
    board in games under way: the whole board from 108 columns, a kingdom below."""
    for seed in range(4):
        g = _played(seed, 60 * seed, expansion=expansion)
        view = g.observe(0)
        for width, kingdom in (
            (120, None),
            (108, None),
            (80, "north"),
            (80, "south"),
            (60, "east"),
        ):
            text = draw(g, 0, width, kingdom).plain
            lines = text.split("\n")
            assert all(len(line) <= width for line in lines)
            spaces = [
                s for s in AGREED if kingdom is None or s in _kingdom_and_neighbours(g, kingdom)
            ]
            for s in spaces:
                assert AGREED[s] in text, (width, kingdom, s)
            for h in view["heroes"]:
                if kingdom is None:
                    assert f"@{h['seat']}" in text


def _kingdom_and_neighbours(g: RtdtGame, kingdom: str) -> set[str]:
    from towerplay.rtdt.board_view import board_view

    v = board_view()
    own = {s["id"] for s in v["spaces"] if s["kingdom"] == kingdom}
    return own | {b for a, b in v["edges"] if a in own} | {a for a, b in v["edges"] if b in own}


def test_the_spaces_you_can_move_to_are_underlined_and_yours_reversed() -> None:
    g = new_game(make_config(seed=3, players=2), seed=3)
    targets = {a[1] for a in g.legal_actions() if a[0] == "move"}
    assert targets
    text = draw(g, 0, 120)
    styled = {text.plain[span.start : span.end]: str(span.style) for span in text.spans}
    for s in targets:
        assert "underline" in styled[AGREED[s]], s
    here = g.observe(0)["heroes"][0]["space"]
    assert "reverse" in styled[AGREED[here]]
    others = set(AGREED) - targets - {here}
    assert not any("underline" in styled.get(AGREED[s], "") for s in others)


def test_the_whole_board_or_the_kingdom_you_stand_in() -> None:
    g = new_game(make_config(seed=3, players=2), seed=3)
    console = Console(width=120, color_system=None, record=True)
    console.print(map_view(g, 0, 120))
    whole = console.export_text()
    assert whole.startswith("The whole land") and all(n in whole for n in AGREED.values())
    console = Console(width=80, color_system=None, record=True)
    console.print(map_view(g, 0, 80))
    part = console.export_text()
    kingdom = g.observe(0)["heroes"][0]["kingdom"]
    assert part.startswith(f"The {kingdom} and its neighbours")
    assert map_view(g, 0, 80, "nowhere") is None
    console.print(map_view(g, 0, 80, "all"))
    assert "The whole land" in console.export_text()


def test_info_tells_a_space_by_id_name_or_short_name() -> None:
    g = new_game(make_config(seed=3, players=2), seed=3)
    for name in ("broken_lands", "Broken Lands", "broken l", "BROKEN LANDS"):
        assert find_space(g, name) == "broken_lands"
    console = Console(width=100, color_system=None, record=True)
    console.print(space_info(g, 0, "broken lands"))
    said = console.export_text()
    assert "hills in the north" in said
    assert "Across a river: Ash Hills, Cloudhold, Plains of Plovo" in said
    assert "Neighbours: Ash Hills, Cloudhold, Lodestone Mountains" in said
    console.print(space_info(g, 0, "radiant_mountains"))
    said = console.export_text()
    assert "Building: citadel (0 of 3 skulls)" in said
    assert "Here now: Orphaned Scion" in said
    assert space_info(g, 0, "nowhere") is None


@pytest.mark.parametrize(("cols", "rows"), SIZES)
def test_the_map_command_at_both_sizes(terminal: object, cols: int, rows: int) -> None:
    t = terminal(["play", "rtdt", "--seed", "3", "--players", "2"], cols, rows)  # type: ignore[operator]
    t.until_prompt()
    text = "\n".join(t.send("map"))
    if cols >= 108:
        assert "The whole land" in text
        shown = set(AGREED)
    else:
        assert "The north and its neighbours" in text
        shown = _kingdom_and_neighbours(None, "north")  # type: ignore[arg-type]
    missing = [AGREED[s] for s in shown if AGREED[s] not in text]
    assert not missing, text
    text = "\n".join(t.send("info broken lands"))
    assert "Neighbours: Ash Hills, Cloudhold" in text
    text = "\n".join(t.send("map nowhere"))
    assert "no part of the map is called 'nowhere'" in text
    assert "Goodbye." in t.send("quit")  # nothing played: no save asked


def test_your_own_trials_are_marked_and_no_one_elses() -> None:
    """Competitive mode: the seat's face-down trials are where it must go; another seat's
    map marks its own, not this one's."""
    g = new_game(make_config(seed=5, players=3, mode="competitive"), seed=5)
    trials = g.world.content.trials
    for seat in (0, 1):
        text = draw(g, seat, 120).plain
        mine = {trials[t].space for t in g.hero(seat).trials}
        for space in mine:
            assert re.search(re.escape(AGREED[space]) + r" \S*T", text), (seat, space)
        theirs = {trials[t].space for t in g.hero(1 - seat).trials} - mine
        for space in theirs:
            assert not re.search(re.escape(AGREED[space]) + r" \S*T", text), (seat, space)
