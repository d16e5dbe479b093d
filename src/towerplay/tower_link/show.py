"""What the real Tower does when the game moves: its drums turned so the glyphs face the
kingdoms the game says, and the lights and sounds of what just happened.

It reads only what every seat sees (`observe(SPECTATOR)`, docs/observe.md): the drums'
quarter turns, the seals in place, the month, the foes on the board, the adversary and the
result. Comparing the view before and after a step gives the Tower's part, in the order
the official app plays it: the drums first, then a seal, then the rest.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from towerplay.core.narration import N_
from towerplay.tower_link.packets import SEQUENCES, SIDES

# With the drums calibrated (each at position 0) the glyphs face: level, side
CALIBRATED_GLYPHS = {
    "cleanse": (0, 0),
    "quest": (0, 2),
    "battle": (1, 0),
    "banner": (2, 0),
    "reinforce": (2, 2),
}

# the Tower's sound samples this module plays, by the public library's numbers
SOUNDS = {
    "battle_start": 37,
    "battle_victory": 38,
    "dungeon_complete": 58,
    "foe_spawn": 66,
    "quest_complete": 88,
    "game_start": 95,
    "month_started": 107,
    "tower_seal": 112,
    "skull_dropped": 113,
}
# each adversary's own sound when it comes out of the Tower (the library's "spawn" ones)
ADVERSARY_SOUNDS = {
    "ashstrider": 80,
    "bane_of_omens": 81,
    "empress_of_shades": 82,
    "gaze_eternal": 83,
    "gravemaw": 84,
    "isa_the_exile": 85,  # the library names its sound "Isa the Hollow"
    "lingering_rot": 86,
    "utuk_ku": 87,
}


@dataclass(frozen=True, slots=True)
class Cue:
    """One thing for the Tower to do: turn the drums to `drums`, play `sequence` (a light
    show, SEQUENCES) or `sound` (a sample number); `why` says it in words (a catalog's
    msgid)."""

    why: str
    drums: tuple[int, int, int] | None = None
    sequence: int = 0
    sound: int = 0


def drum_positions(rotation: list[int]) -> tuple[int, int, int]:
    """The calibrated drums' positions (0 north .. 3 west) for the game's quarter turns
    clockwise from home (RTDT-TOWER-1): the same count, modulo a full turn."""
    top, middle, bottom = (r % 4 for r in rotation)
    return top, middle, bottom


def glyphs_facing(positions: tuple[int, int, int]) -> dict[str, str]:
    """Which side each glyph faces with the drums at `positions`."""
    return {
        g: SIDES[(side + positions[level]) % 4] for g, (level, side) in CALIBRATED_GLYPHS.items()
    }


def cues(before: dict[str, Any] | None, after: dict[str, Any]) -> list[Cue]:
    """The Tower's part of the step from the view `before` (None: the game's start) to the
    view `after`, in order."""
    out: list[Cue] = []
    if before is None:
        out.append(Cue(N_("the game starts"), sound=SOUNDS["game_start"]))
        out.append(Cue(N_("the drums turn"), drums=drum_positions(after["tower"]["rotation"])))
        return out
    if after["tower"]["rotation"] != before["tower"]["rotation"]:
        out.append(
            Cue(
                N_("the drums turn"),
                drums=drum_positions(after["tower"]["rotation"]),
                sequence=SEQUENCES["rotation_all_drums"],
            )
        )
    broken = len(before["tower"]["seals"]) - len(after["tower"]["seals"])
    if broken > 0:
        out.append(Cue(N_("a seal is broken"), sequence=SEQUENCES["seal_reveal"]))
    if after["month"] != before["month"]:
        out.append(Cue(N_("a new month begins"), sequence=SEQUENCES["month_started"]))
    if len(after["foe_tokens"]) > len(before["foe_tokens"]):
        out.append(Cue(N_("foes come out"), sound=SOUNDS["foe_spawn"]))
    adversary = after["adversary"]
    if adversary["space"] and not before["adversary"]["space"]:
        sound = ADVERSARY_SOUNDS.get(adversary["id"], SOUNDS["foe_spawn"])
        out.append(Cue(N_("the adversary comes out"), sound=sound))
    if len(after["done_quests"]) > len(before["done_quests"]):
        out.append(Cue(N_("a quest is complete"), sound=SOUNDS["quest_complete"]))
    if (before["battle"] is None) and after["battle"] is not None:
        out.append(Cue(N_("a battle begins"), sound=SOUNDS["battle_start"]))
    result = after["result"]
    if result is not None and before["result"] is None:
        won = result["outcome"] == "win"
        out.append(
            Cue(
                N_("the game is won") if won else N_("the game is lost"),
                sequence=SEQUENCES["victory" if won else "defeat"],
            )
        )
    return out
