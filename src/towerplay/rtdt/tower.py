"""The Tower as a model: three drums, twelve seals, five glyphs and a hidden skull reservoir.

Return to Dark Tower needs a physical electronic Tower. Its geometry (drums,
sides, seals, glyph homes) is public fact (reference/rtdt/tower.yaml); how
skulls lodge inside it and tumble out is not measured anywhere, so the skull
model below is *designed*: a retention-and-release model whose every number
lives in `TowerParams`. docs/tower.md explains the model, the reasoning behind
each value and the figures it produces (benchmarks/bench_tower.py).

Layout: drum levels 0..2 = top, middle, bottom; sides 0..3 = north, east,
south, west (clockwise), each facing the board kingdom of the same name. Seals
and the lodged-skull cells are fixed to the outer shell and indexed
`level * 4 + side`. A drum's rotation r counts quarter turns clockwise from
home; a glyph whose home side is h sits at side (h + r) % 4 (RTDT-TOWER-1).

All functions are pure rules over plain data; randomness only comes from the
`Rng` passed in.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from towerplay.core import serial
from towerplay.core.errors import SaveError
from towerplay.core.rng import Rng
from towerplay.core.serial import spec
from towerplay.rtdt.words import N_

SIDES: tuple[str, ...] = ("north", "east", "south", "west")
LEVELS: tuple[str, ...] = (N_("top"), N_("middle"), N_("bottom"))
# RTDT-GLYPH-2: one glyph per action
GLYPHS: tuple[str, ...] = ("cleanse", "quest", "battle", "banner", "reinforce")

N_SIDES = 4
N_LEVELS = 3
N_SEALS = N_LEVELS * N_SIDES  # 12

# glyph -> (drum level, home side)   (tower.yaml, glyphs.list)
# RTDT-GLYPH-1: five of the twelve windows hide a glyph; the others show none when open
GLYPH_HOMES: dict[str, tuple[int, int]] = {
    "cleanse": (0, 0),
    "quest": (0, 2),
    "battle": (1, 0),
    "banner": (2, 0),
    "reinforce": (2, 2),
}


# --- parameters ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TowerParams:
    """Every number of the designed skull model. All values are `designed`:
    no public measurement of a real Tower exists (see docs/tower.md)."""

    lodge_sealed: tuple[float, float, float] = (0.32, 0.26, 0.20)
    """Per level (top, middle, bottom): chance that a falling skull lodges at that
    level when the window it is passing still has its seal (it comes to rest on
    the seal or a ledge behind it)."""

    lodge_open: tuple[float, float, float] = (0.06, 0.05, 0.04)
    """Per level: chance to lodge when the window it passes is open (nothing to rest
    on but the drum's own ledges)."""

    window_exit: float = 0.45
    """Chance that a skull passing an open window (seal removed) leaves the Tower
    through it, emerging in that window's kingdom, before it could lodge."""

    drift: float = 0.5
    """Chance that a skull falling from one level to the next is deflected to a
    neighbouring side (left or right, evenly)."""

    cell_cap: int = 3
    """At most this many skulls lodge in one cell (level, side); a full cell lets
    every further skull pass. Caps the hidden reservoir at 12 * cell_cap."""

    drop_jolt: float = 0.10
    """Chance that a dropped skull, striking a level it falls through, jolts that
    level loose (see `jolt_release`)."""

    jolt_release: float = 0.5
    """When a level is jolted loose, the chance that each skull lodged at that
    level (all four cells) is shaken free and falls on."""

    released_lodge_factor: float = 0.5
    """Multiplies the lodge chance of a skull already shaken loose: it tumbles with
    others and lodges less readily than a lone, slow skull (this is what makes
    releases come out in waves)."""

    rotate_release: float = 0.5
    """Chance per quarter turn that each skull lodged at the turning drum's level
    is shaken free (a half turn gives 1 - (1 - p)^2)."""

    rotate_jolt_other: float = 0.35
    """Chance that a turning drum also jolts each other level loose
    (then `jolt_release` applies)."""

    seal_release: float = 0.85
    """Chance that each skull lodged behind a window falls out of it when that
    window's seal is removed (emerging in the window's kingdom)."""

    seal_jolt: float = 0.5
    """Chance that pulling a seal also jolts its level loose."""

    stir_seal_chance: float = 0.6
    """"The Tower stirs": chance of removing a seal, scaled by the fraction of
    seals still on (0.6 with 12 on, 0.3 with 6, 0 with none); otherwise a
    drum turns."""


PARAMS = TowerParams()


# --- state --------------------------------------------------------------------


@dataclass(slots=True)
class Tower:
    """The Tower's state: drum rotations, seals in place, hidden lodged skulls."""

    rotation: list[int] = field(metadata=spec(length=N_LEVELS, hi=N_SIDES - 1))
    """Per drum (top, middle, bottom): quarter turns clockwise from home, 0..3."""
    seals: list[bool] = field(metadata=spec(length=N_SEALS))
    """12 windows, index level*4+side: True while the seal is in place."""
    lodged: list[int] = field(metadata=spec(length=N_SEALS))
    """12 cells, index level*4+side: skulls lodged inside (hidden from players)."""

    # RTDT-TOWER-11: plain data; clone and JSON copy every field
    def clone(self) -> Tower:
        return serial.clone(self)

    @property
    def inside(self) -> int:
        """Total skulls lodged inside. Players know this number (dropped minus
        emerged); only where they sit is hidden."""
        return sum(self.lodged)

    def to_json(self) -> dict[str, Any]:
        return serial.dump(self)

    @staticmethod
    def from_json(d: Any) -> Tower:
        """The Tower alone from its JSON (a whole save is loaded by rtdt/save.py)."""
        try:
            return serial.Loader("tower", {}).load(Tower, d, "tower")
        except SaveError as exc:
            raise ValueError(str(exc)) from exc


def new_tower() -> Tower:
    """Setup: drums at home, all 12 seals on, nothing inside (the rulebook has all
    seals pulled before a game so no skulls remain)."""
    # RTDT-TOWER-10: drums at home, all seals on, nothing inside
    return Tower([0, 0, 0], [True] * N_SEALS, [0] * N_SEALS)


# --- names ----------------------------------------------------------------------


def seal_words(index: int) -> dict[str, str]:
    """A seal as a sentence names it: its drum's level and the side it faces (words the
    catalog translates), not its id."""
    level, side = divmod(index, N_SIDES)
    return {"level": LEVELS[level], "side": SIDES[side]}


def seal_id(index: int) -> str:
    """12 seal names, "top_north" .. "bottom_west"."""
    if not 0 <= index < N_SEALS:
        raise ValueError(f"seal index must be 0..11, got {index}")
    level, side = divmod(index, N_SIDES)
    return f"{LEVELS[level]}_{SIDES[side]}"


def seal_index(name: str) -> int:
    level, sep, side = name.partition("_")
    if not sep or level not in LEVELS or side not in SIDES:
        raise ValueError(f"unknown seal {name!r}: expected e.g. 'top_north' or 'bottom_west'")
    return LEVELS.index(level) * N_SIDES + SIDES.index(side)


# --- glyphs -----------------------------------------------------------------------


def glyph_side(t: Tower, glyph: str) -> int:
    """The side (0..3) the glyph currently faces (RTDT-TOWER-1)."""
    try:
        level, home = GLYPH_HOMES[glyph]
    except KeyError:
        raise ValueError(f"unknown glyph {glyph!r}: expected one of {', '.join(GLYPHS)}") from None
    return (home + t.rotation[level]) % N_SIDES


def revealed_glyphs(t: Tower) -> dict[str, str]:
    """Revealed glyphs -> the kingdom each faces. A glyph is revealed while the
    window it sits behind has lost its seal (RTDT-TOWER-2)."""
    out: dict[str, str] = {}
    for glyph in GLYPHS:
        level, home = GLYPH_HOMES[glyph]
        side = (home + t.rotation[level]) % N_SIDES
        if not t.seals[level * N_SIDES + side]:
            out[glyph] = SIDES[side]
    return out


# --- skull movement (hot path: plain loops, no allocation beyond `out`) ------------


def _descend(
    t: Tower,
    rng: Rng,
    level: int,
    side: int,
    lodge_here: bool,
    lodge_factor: float,
    jolt: float,
    p: TowerParams,
    out: list[str],
) -> None:
    """Carry one falling skull from `level` (at `side`) down until it lodges or
    comes out (RTDT-TOWER-3: every skull ends inside or emerged, never lost).

    `lodge_here` False: the skull was just shaken loose at this level and can only
    leave by this level's window or fall on. `jolt` > 0: the skull is a freshly
    dropped one and may jolt each level it strikes loose."""
    seals = t.seals
    lodged = t.lodged
    while level < N_LEVELS:
        if jolt and rng.random() < jolt:
            _shake_level(t, rng, level, p.jolt_release, p, out)
        cell = level * N_SIDES + side
        if seals[cell]:
            lodge = p.lodge_sealed[level]
        else:
            # RTDT-TOWER-5, RTDT-SKULL-9: skulls leave by open windows, so more emerge as seals come off
            if rng.random() < p.window_exit:
                out.append(SIDES[side])
                return
            lodge = p.lodge_open[level]
        # RTDT-TOWER-7: a full cell lets skulls pass
        if lodge_here and lodged[cell] < p.cell_cap and rng.random() < lodge * lodge_factor:
            lodged[cell] += 1
            return
        lodge_here = True
        r = rng.random()
        if r < p.drift:  # one draw: lower half of the band goes right, upper half left
            side = (side + (1 if r < 0.5 * p.drift else 3)) % N_SIDES
        level += 1
    # out of the base, on the side it fell down (RTDT-TOWER-4)
    out.append(SIDES[side])


def _shake_level(
    t: Tower, rng: Rng, level: int, each: float, p: TowerParams, out: list[str]
) -> None:
    """Each skull lodged at `level` is shaken free with chance `each` and falls on."""
    lodged = t.lodged
    base = level * N_SIDES
    for side in range(N_SIDES):
        cell = base + side
        n = lodged[cell]
        if not n:
            continue
        freed = 0
        for _ in range(n):
            if rng.random() < each:
                freed += 1
        if not freed:
            continue
        lodged[cell] = n - freed
        for _ in range(freed):
            _descend(t, rng, level, side, False, p.released_lodge_factor, 0.0, p, out)


def drop_skull(t: Tower, rng: Rng, params: TowerParams = PARAMS) -> list[str]:
    """Drop one skull in at the top. Returns the kingdoms where skulls emerged, in
    order: none, the dropped one, and/or skulls it shook loose."""
    out: list[str] = []
    # RTDT-TOWER-13: every draw comes from the Rng passed in
    _descend(t, rng, 0, rng.below(N_SIDES), True, 1.0, params.drop_jolt, params, out)
    return out


def rotate(t: Tower, rng: Rng, drum: int, steps: int, params: TowerParams = PARAMS) -> list[str]:
    """Turn `drum` by `steps` quarter turns (positive = clockwise, negative =
    counter-clockwise). Shakes lodged skulls loose (RTDT-TOWER-6)."""
    if not 0 <= drum < N_LEVELS:
        raise ValueError(f"drum must be 0..2 (top, middle, bottom), got {drum}")
    if steps == 0:
        raise ValueError("steps: a rotation needs a non-zero number of quarter turns")
    t.rotation[drum] = (t.rotation[drum] + steps) % N_SIDES
    quarters = min(abs(steps), N_SIDES)
    each = 1.0 - (1.0 - params.rotate_release) ** quarters
    out: list[str] = []
    _shake_level(t, rng, drum, each, params, out)
    for level in range(N_LEVELS):
        if level != drum and rng.random() < params.rotate_jolt_other:
            _shake_level(t, rng, level, params.jolt_release, params, out)
    return out


def remove_seal(t: Tower, rng: Rng, seal: int, params: TowerParams = PARAMS) -> list[str]:
    """Pull a seal. Most skulls lodged behind that window fall out of it; the level
    may be jolted loose too (RTDT-TOWER-6). Raises ValueError if already off
    (RTDT-TOWER-8)."""
    if not 0 <= seal < N_SEALS:
        raise ValueError(f"seal index must be 0..11, got {seal}")
    if not t.seals[seal]:
        raise ValueError(f"seal {seal_id(seal)} is already removed")
    t.seals[seal] = False
    out: list[str] = []
    n = t.lodged[seal]
    freed = 0
    for _ in range(n):
        if rng.random() < params.seal_release:
            freed += 1
    if freed:
        t.lodged[seal] = n - freed
        out.extend([SIDES[seal % N_SIDES]] * freed)
    if rng.random() < params.seal_jolt:
        _shake_level(t, rng, seal // N_SIDES, params.jolt_release, params, out)
    return out


def replace_seal(t: Tower, seal: int) -> None:
    """Put a seal back (competitive heroic test, Nimet). Skulls behind it stay put.
    Raises ValueError if the seal is in place (RTDT-TOWER-8)."""
    if not 0 <= seal < N_SEALS:
        raise ValueError(f"seal index must be 0..11, got {seal}")
    if t.seals[seal]:
        raise ValueError(f"seal {seal_id(seal)} is already in place")
    t.seals[seal] = True


# --- the Tower stirs ------------------------------------------------------------------


# what a stir did, as the log words it (rules/narrate.py STIRRED gives the event's template)
SEAL_OFF = "The seal of the {level} drum facing {side} comes off."
DRUM_TURNS = "The {drum} drum turns {turn}."
_TURN_WORDS = ("", N_("a quarter turn"), N_("a half turn"), N_("three quarter turns"))


def choose_stir(t: Tower, rng: Rng, params: TowerParams = PARAMS) -> tuple[str, int, int]:
    """What "the Tower stirs" does (designed rule, RTDT-TOWER-9): with chance
    stir_seal_chance * (seals on / 12) a seal comes off, chosen evenly among those
    still on; otherwise a drum, chosen evenly, turns 1-3 quarter turns clockwise.
    Returns ("seal", seal_index, 0) or ("rotate", drum, steps)."""
    on = [i for i in range(N_SEALS) if t.seals[i]]
    if on and rng.random() < params.stir_seal_chance * len(on) / N_SEALS:
        return ("seal", rng.choice(on), 0)
    return ("rotate", rng.below(N_LEVELS), 1 + rng.below(3))


def stir(t: Tower, rng: Rng, params: TowerParams = PARAMS) -> tuple[str, dict[str, Any], list[str]]:
    """Apply `choose_stir`; returns the log's template and its fields, and the kingdoms
    where skulls emerged."""
    kind, a, b = choose_stir(t, rng, params)
    # RTDT-EVENT-8: the seal that comes off is the one the Tower names
    if kind == "seal":
        return SEAL_OFF, seal_words(a), remove_seal(t, rng, a, params)
    return (
        DRUM_TURNS,
        {"drum": LEVELS[a], "turn": _TURN_WORDS[b]},
        rotate(t, rng, a, b, params),
    )


# --- determinization -------------------------------------------------------------------


def resample_hidden(t: Tower, rng: Rng, params: TowerParams = PARAMS) -> None:
    """Redistribute the lodged skulls over the 12 cells at random, keeping the total
    (which players know: dropped minus emerged) and the per-cell cap
    (RTDT-TOWER-12). Where the skulls sit is what players cannot know. Each skull
    picks a cell with weight equal to that cell's lodge chance, so skulls are
    likelier behind seals than behind open windows, as the model makes them."""
    total = sum(t.lodged)
    lodged = t.lodged
    seals = t.seals
    for i in range(N_SEALS):
        lodged[i] = 0
    cap = params.cell_cap if total <= params.cell_cap * N_SEALS else total
    weights = [
        (params.lodge_sealed if seals[i] else params.lodge_open)[i // N_SIDES]
        for i in range(N_SEALS)
    ]
    for _ in range(total):
        room = 0.0
        for i in range(N_SEALS):
            if lodged[i] < cap:
                room += weights[i]
        if room <= 0.0:  # only zero-weight cells have room: fall back to even odds
            weights = [1.0] * N_SEALS
            room = float(sum(1 for i in range(N_SEALS) if lodged[i] < cap))
        x = rng.random() * room
        cell = -1
        for i in range(N_SEALS):
            if lodged[i] < cap:
                cell = i
                x -= weights[i]
                if x < 0.0:
                    break
        lodged[cell] += 1
