"""The Tower's Bluetooth messages, as bytes and back (docs/tower-ble.md).

Every command but the maintenance ones is the Tower's whole state: a type byte (0) and
19 state bytes: the three drums, 24 lights, a sound, the skull counter, the volume and
a light sequence. The Tower answers each write with 20 bytes whose first byte says what
they are (a state echo, a battery reading, calibration finished...). The layout is the
public reverse-engineered one; where its sources disagree, this follows the packer the
public library sends with, and docs/tower-ble.md lists the other reading.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

# The Nordic UART service: commands are written to RX, answers notified on TX
UART_SERVICE = "6e400001-b5a3-f393-e0a9-e50e24dcca9e"
UART_RX = "6e400002-b5a3-f393-e0a9-e50e24dcca9e"  # we write here
UART_TX = "6e400003-b5a3-f393-e0a9-e50e24dcca9e"  # the Tower notifies here
DEVICE_NAME = "ReturnToDarkTower"

STATE_BYTES = 19
PACKET_BYTES = 1 + STATE_BYTES

# one-byte maintenance commands (0 is the state packet's type, not one of them)
DOOR_RESET, UNJAM_DRUMS, RESET_COUNTER, CALIBRATE, OVERWRITE_DRUMS = 1, 2, 3, 4, 5
MAINTENANCE = {
    "door_reset": DOOR_RESET,
    "unjam_drums": UNJAM_DRUMS,
    "reset_counter": RESET_COUNTER,
    "calibrate": CALIBRATE,
    "overwrite_drums": OVERWRITE_DRUMS,
}

# what the first byte of an answer says it is
STATE, INVALID_STATE, HARDWARE_FAILURE, JIGGLE, ROTATION_TIME = 0, 1, 2, 3, 4
UNEXPECTED_TRIGGER, VOLTAGES, BATTERY, CALIBRATED = 5, 6, 7, 8
ANSWERS = {
    STATE: "state",
    INVALID_STATE: "invalid state",
    HARDWARE_FAILURE: "hardware failure",
    JIGGLE: "unjam jiggle",
    ROTATION_TIME: "rotation time",
    UNEXPECTED_TRIGGER: "unexpected trigger",
    VOLTAGES: "voltage readings",
    BATTERY: "battery",
    CALIBRATED: "calibration finished",
}
# answers that come on their own, never the answer to a command
UNSOLICITED = frozenset({JIGGLE, UNEXPECTED_TRIGGER, VOLTAGES, BATTERY})

SIDES = ("north", "east", "south", "west")  # a drum's positions, clockwise
DRUMS = ("top", "middle", "bottom")
# 6 layers of 4 lights: the three drum rings (N, E, S, W), the ledge, two base rings
LAYERS = ("top", "middle", "bottom", "ledge", "base1", "base2")
LIGHTS = len(LAYERS) * 4

# a light's effect (3 bits); the sources name these six (docs/tower-ble.md)
EFFECTS = {"off": 0, "on": 1, "breathe": 2, "breathe_fast": 3, "breathe_half": 4, "flicker": 5}

# byte 19: a light sequence the Tower plays over the lights it was given
SEQUENCES = {
    "twinkle": 0x01,
    "flare_then_fade": 0x02,
    "flare_then_fade_base": 0x03,
    "flare_then_flicker": 0x04,
    "angry_strobe_1": 0x05,
    "angry_strobe_2": 0x06,
    "angry_strobe_3": 0x07,
    "gloat_1": 0x08,
    "gloat_2": 0x09,
    "gloat_3": 0x0A,
    "defeat": 0x0B,
    "victory": 0x0C,
    "dungeon_idle": 0x0D,
    "seal_reveal": 0x0E,
    "rotation_all_drums": 0x0F,
    "rotation_top": 0x10,
    "rotation_middle": 0x11,
    "rotation_bottom": 0x12,
    "month_started": 0x13,
    "breathing": 0x14,
    "slow_flare_then_fade": 0x15,
}
MAX_VOLUME = 3  # the firmware's range: 0 loudest .. 3 mute (docs/tower-ble.md)


class PacketError(ValueError):
    """Bytes that are not a Tower message, or a state no packet can hold."""


@dataclass(frozen=True, slots=True)
class Drum:
    position: int = 0  # 0 north .. 3 west, clockwise
    sound: bool = False  # play the grinding sound while it turns
    jammed: bool = False
    calibrated: bool = False


@dataclass(frozen=True, slots=True)
class Light:
    effect: int = 0  # EFFECTS
    loop: bool = False


@dataclass(frozen=True, slots=True)
class TowerState:
    """Everything one state packet says. Build a command from the last state the Tower
    echoed and change only what is meant to change: a packet always carries the drums."""

    drums: tuple[Drum, Drum, Drum] = (Drum(), Drum(), Drum())
    lights: tuple[Light, ...] = (Light(),) * LIGHTS  # layer * 4 + position
    sample: int = 0  # a sound 1..127, 0 none
    sample_loop: bool = False
    skulls: int = 0  # the beam-break counter: skulls dropped through the Tower
    beam_fault: bool = False
    volume: int = 0
    sequence: int = 0  # SEQUENCES, 0 none

    def replace(self, **changes: object) -> TowerState:
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]

    def light(self, layer: str, position: int, effect: str, loop: bool = False) -> TowerState:
        """This state with one light set (`layer` from LAYERS, `position` 0..3)."""
        lights = list(self.lights)
        lights[LAYERS.index(layer) * 4 + position] = Light(EFFECTS[effect], loop)
        return self.replace(lights=tuple(lights))

    def turned(self, positions: tuple[int, int, int], sound: bool = False) -> TowerState:
        """This state with the drums at `positions` (top, middle, bottom)."""
        drums = tuple(
            dataclasses.replace(d, position=p, sound=sound)
            for d, p in zip(self.drums, positions, strict=True)
        )
        return self.replace(drums=drums)


def _bit(value: bool, at: int) -> int:
    return int(value) << at


def _check(state: TowerState) -> None:
    if len(state.drums) != 3 or len(state.lights) != LIGHTS:
        raise PacketError("a state holds 3 drums and 24 lights")
    for d in state.drums:
        if not 0 <= d.position <= 3:
            raise PacketError(f"a drum's position is 0-3, not {d.position}")
    for x in state.lights:
        if not 0 <= x.effect <= 7:
            raise PacketError(f"a light's effect is 0-7, not {x.effect}")
    bounds = (
        ("sample", state.sample, 127),
        ("skulls", state.skulls, 0xFFFF),
        ("volume", state.volume, MAX_VOLUME),
        ("sequence", state.sequence, 0xFF),
    )
    for name, value, top in bounds:
        if not 0 <= value <= top:
            raise PacketError(f"{name} is 0-{top}, not {value}")


def pack(state: TowerState) -> bytes:
    """The 19 state bytes (bit 0 the lowest of each byte)."""
    _check(state)
    top, mid, bot = state.drums
    out = bytearray(STATE_BYTES)
    out[0] = (
        _bit(top.sound, 0)
        | top.position << 1
        | _bit(top.jammed, 3)
        | _bit(top.calibrated, 4)
        | _bit(mid.sound, 5)
        | mid.position << 6
    )
    out[1] = (
        _bit(mid.jammed, 0)
        | _bit(mid.calibrated, 1)
        | _bit(bot.sound, 2)
        | bot.position << 3
        | _bit(bot.jammed, 5)
        | _bit(bot.calibrated, 6)
    )
    for i in range(0, LIGHTS, 2):  # two lights a byte: the first in the high half
        a, b = state.lights[i], state.lights[i + 1]
        out[2 + i // 2] = a.effect << 5 | _bit(a.loop, 4) | b.effect << 1 | _bit(b.loop, 0)
    out[14] = state.sample | _bit(state.sample_loop, 7)
    out[15], out[16] = state.skulls >> 8, state.skulls & 0xFF  # high byte first
    out[17] = _bit(state.beam_fault, 0) | state.volume << 4  # bits 1-3 (reverse) never set
    out[18] = state.sequence
    return bytes(out)


def unpack(data: bytes) -> TowerState:
    """The state the 19 bytes hold (the reverse flags are read and dropped: never sent)."""
    if len(data) != STATE_BYTES:
        raise PacketError(f"a state is {STATE_BYTES} bytes, not {len(data)}")
    b0, b1 = data[0], data[1]
    drums = (
        Drum(b0 >> 1 & 3, bool(b0 & 1), bool(b0 >> 3 & 1), bool(b0 >> 4 & 1)),
        Drum(b0 >> 6 & 3, bool(b0 >> 5 & 1), bool(b1 & 1), bool(b1 >> 1 & 1)),
        Drum(b1 >> 3 & 3, bool(b1 >> 2 & 1), bool(b1 >> 5 & 1), bool(b1 >> 6 & 1)),
    )
    lights: list[Light] = []
    for byte in data[2:14]:
        lights += [Light(byte >> 5 & 7, bool(byte >> 4 & 1)), Light(byte >> 1 & 7, bool(byte & 1))]
    return TowerState(
        drums=drums,
        lights=tuple(lights),
        sample=data[14] & 0x7F,
        sample_loop=bool(data[14] >> 7),
        skulls=data[15] << 8 | data[16],
        beam_fault=bool(data[17] & 1),
        volume=min(data[17] >> 4, MAX_VOLUME),
        sequence=data[18],
    )


def command(state: TowerState) -> bytes:
    """The 20-byte state command."""
    return bytes([STATE]) + pack(state)


def maintenance(name: str) -> bytes:
    """A one-byte maintenance command by name (MAINTENANCE): `calibrate`, ..."""
    if name not in MAINTENANCE:
        raise PacketError(f"no maintenance command {name!r}; known: {', '.join(MAINTENANCE)}")
    return bytes([MAINTENANCE[name]])


@dataclass(frozen=True, slots=True)
class Answer:
    """One message from the Tower: its kind (ANSWERS), the state it echoes (a state or an
    invalid state), or a battery's millivolts. Other answers keep their bytes only (how a
    rotation's duration is written is not documented)."""

    kind: int
    state: TowerState | None = None
    value: int = 0
    raw: bytes = b""

    @property
    def name(self) -> str:
        return ANSWERS.get(self.kind, f"unknown ({self.kind})")


def answer(data: bytes) -> Answer:
    """Read one notification from the Tower."""
    if not data:
        raise PacketError("an empty message")
    kind = data[0]
    if kind in (STATE, INVALID_STATE):
        if len(data) != PACKET_BYTES:
            raise PacketError(f"a state answer is {PACKET_BYTES} bytes, not {len(data)}")
        return Answer(kind, unpack(data[1:]), raw=bytes(data))
    if kind == BATTERY:  # millivolts, 16 bits in bytes 3 (high) and 4 (low)
        if len(data) < 5:
            raise PacketError("a battery answer holds at least 5 bytes")
        return Answer(kind, value=data[3] << 8 | data[4], raw=bytes(data))
    return Answer(kind, raw=bytes(data))


def hex_bytes(data: bytes) -> str:
    """Bytes as people write packets: `00 00 00 20 …`."""
    return " ".join(f"{b:02x}" for b in data)
