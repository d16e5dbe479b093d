"""The Tower's messages (tower_link/packets.py, docs/tower-ble.md): the documented example
packets, round trips of every state, the answers, and the drums for every arrangement of
glyphs the game can make."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from towerplay.rtdt import tower as game_tower
from towerplay.tower_link import packets
from towerplay.tower_link.packets import Drum, Light, PacketError, TowerState
from towerplay.tower_link.show import drum_positions, glyphs_facing


def test_the_documented_example_packets() -> None:
    # the north light of the top ring on, solid: byte 3 is 0x20, every other byte 0
    lit = packets.command(TowerState().light("top", 0, "on"))
    assert packets.hex_bytes(lit) == "00 00 00 20" + " 00" * 16
    # sound 5, looped: byte 15 is 0x85
    sound = packets.command(TowerState(sample=5, sample_loop=True))
    assert sound[15] == 0x85 and sum(sound) == 0x85
    assert len(lit) == len(sound) == 20


def test_each_field_lands_on_its_bits() -> None:
    s = TowerState(
        drums=(Drum(2, True, False, True), Drum(3, False, True, True), Drum(1, True, True, True)),
        skulls=0x1234,
        volume=2,
        sequence=packets.SEQUENCES["month_started"],
        beam_fault=True,
    )
    b = packets.pack(s)
    # top: sound bit 0, position 2 in bits 1-2, calibrated bit 4; middle position 3 in 6-7
    assert b[0] == 0b1101_0101
    # middle jammed bit 0, calibrated 1; bottom sound 2, position 1 in bits 3-4, jammed 5, cal 6
    assert b[1] == 0b0110_1111
    assert (b[15], b[16]) == (0x12, 0x34)  # the skull counter, high byte first
    assert b[17] == 0x21 and b[18] == 0x13


drums = st.builds(Drum, st.integers(0, 3), st.booleans(), st.booleans(), st.booleans())
lights = st.builds(Light, st.integers(0, 7), st.booleans())
states = st.builds(
    TowerState,
    drums=st.tuples(drums, drums, drums),
    lights=st.lists(lights, min_size=24, max_size=24).map(tuple),
    sample=st.integers(0, 127),
    sample_loop=st.booleans(),
    skulls=st.integers(0, 0xFFFF),
    beam_fault=st.booleans(),
    volume=st.integers(0, packets.MAX_VOLUME),
    sequence=st.integers(0, 255),
)


@given(states)
def test_a_state_round_trips(s: TowerState) -> None:
    assert packets.unpack(packets.pack(s)) == s
    a = packets.answer(packets.command(s))
    assert a.kind == packets.STATE and a.state == s and a.name == "state"


@given(st.binary(min_size=19, max_size=19))
def test_bytes_round_trip_but_for_what_is_never_sent(data: bytes) -> None:
    again = packets.pack(packets.unpack(data))
    expected = bytearray(data)
    expected[1] &= 0b0111_1111  # bit 7 of the second drum byte holds nothing
    expected[17] &= 0b0000_0001  # reverse flags dropped, volume clamped to the firmware's 0-3
    expected[17] |= min(data[17] >> 4, packets.MAX_VOLUME) << 4
    assert again == bytes(expected)


def test_bad_states_and_bytes_are_refused() -> None:
    for bad in (
        TowerState(sample=128),
        TowerState(volume=4),
        TowerState(skulls=70_000),
        TowerState(drums=(Drum(4), Drum(), Drum())),
        TowerState(lights=(Light(),) * 23),
    ):
        with pytest.raises(PacketError):
            packets.pack(bad)
    with pytest.raises(PacketError):
        packets.unpack(bytes(18))
    with pytest.raises(PacketError):
        packets.answer(b"")
    with pytest.raises(PacketError):
        packets.answer(bytes([packets.STATE, 1, 2]))
    with pytest.raises(PacketError, match="calibrate"):
        packets.maintenance("explode")
    assert packets.maintenance("calibrate") == b"\x04"


def test_the_answers() -> None:
    battery = packets.answer(bytes([packets.BATTERY, 0, 0, 0x0F, 0x3C]))
    assert battery.name == "battery" and battery.value == 3900
    assert packets.answer(bytes([packets.CALIBRATED] + [0] * 19)).name == "calibration finished"
    assert packets.answer(bytes([packets.HARDWARE_FAILURE])).name == "hardware failure"
    assert packets.answer(bytes([42])).name == "unknown (42)"
    assert {
        packets.JIGGLE,
        packets.UNEXPECTED_TRIGGER,
        packets.VOLTAGES,
        packets.BATTERY,
    } == packets.UNSOLICITED


def test_the_drums_show_every_arrangement_the_game_makes() -> None:
    """For every rotation of the game's Tower (and turns beyond a full one), the calibrated
    drums at `drum_positions` make each glyph face the side the game says."""
    for rotation in itertools.product(range(-4, 9), repeat=3):
        t = game_tower.new_tower()
        t.rotation = list(rotation)
        facing = glyphs_facing(drum_positions(list(rotation)))
        for glyph in game_tower.GLYPHS:
            assert facing[glyph] == game_tower.SIDES[game_tower.glyph_side(t, glyph)], rotation


def test_the_calibrated_glyphs_are_the_games() -> None:
    from towerplay.tower_link.show import CALIBRATED_GLYPHS

    assert CALIBRATED_GLYPHS == game_tower.GLYPH_HOMES


def test_every_adversary_comes_out_with_a_sound_of_its_own() -> None:
    from towerplay.rtdt.world import get_world
    from towerplay.tower_link.show import ADVERSARY_SOUNDS

    assert set(ADVERSARY_SOUNDS) == set(get_world().content.adversaries)
    assert sorted(ADVERSARY_SOUNDS.values()) == list(range(80, 88))  # the library's spawns
