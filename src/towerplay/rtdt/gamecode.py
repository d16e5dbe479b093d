"""The 12-character game code: the setup in six characters, the seed in six more.

Layout as the app's codes (reference/rtdt/tower.yaml, game_code): characters 0-5
are bit fields (foes, adversary, companion, difficulty, expansions, mode,
version, players), characters 6-11 a little-endian base-34 seed. towerplay's
own random stream is seeded from that number, so a code fixes the whole game
together with the players' actions (RTDT-CODE-1..3).
"""

from __future__ import annotations

from dataclasses import dataclass

from towerplay.core.rng import base34_le, base34_le_digits, code_values, format_code, shown_code

FOES_LEVEL_2 = ("brigands", "oreks", "shadow_wolves", "spine_fiends")
FOES_LEVEL_3 = ("frost_trolls", "clan_of_neuri", "lemures", "widowmade_spiders")
FOES_LEVEL_4 = ("dragons", "mormos", "striga", "titans")
ADVERSARIES = (
    "ashstrider",
    "bane_of_omens",
    "empress_of_shades",
    "gaze_eternal",
    "gravemaw",
    "isa_the_exile",
    "lingering_rot",
    "utuk_ku",
)
COMPANIONS = (
    "gleb",
    "grigor",
    "hakan",
    "letha",
    "miras",
    "nimet",
    "tomas",
    "vasa",
    "yana",
    "zaida",
)
SEED_LIMIT = 34**6  # the seed part holds 0 .. 34^6 - 1


@dataclass(frozen=True, slots=True)
class Setup:
    foes: tuple[str, str, str]
    adversary: str
    companion: str
    difficulty: str = "heroic"
    covenant: bool = False
    alliances: bool = False
    mode: str = "cooperative"
    players: int = 1
    seed: int = 0


def encode(setup: Setup) -> str:
    f2 = FOES_LEVEL_2.index(setup.foes[0])
    f3 = FOES_LEVEL_3.index(setup.foes[1])
    f4 = FOES_LEVEL_4.index(setup.foes[2])
    if not 1 <= setup.players <= 4:
        raise ValueError("players must be 1-4")
    if not 0 <= setup.seed < SEED_LIMIT:
        raise ValueError(f"the seed must be in 0..{SEED_LIMIT - 1}")
    c0 = f2 | (f3 << 2) | ((f4 & 1) << 4)
    c1 = ADVERSARIES.index(setup.adversary) | ((f4 >> 1) << 4)
    c2 = COMPANIONS.index(setup.companion)
    c3 = (
        (setup.difficulty == "gritty")
        | (setup.covenant << 1)
        | (setup.alliances << 2)
        # CMP-SETUP-3: the game code records the mode
        | ((setup.mode == "competitive") << 3)
    )
    # RTDT-CODE-2: mode, players, difficulty, foes, adversary, companion (main goal), seed
    values = [c0, c1, c2, int(c3), 0, setup.players - 1, *base34_le_digits(setup.seed, 6)]
    return format_code(values)


def decode(code: str) -> Setup:
    """A code back to its setup; raises ValueError naming what is wrong."""
    v = code_values(code)
    c0, c1, c2, c3, c4, c5 = v[:6]
    if c0 >= 32 or c1 >= 32 or (c1 & 15) >= len(ADVERSARIES):
        raise ValueError(f"game code {shown_code(code)}: unknown foes or adversary")
    if c2 >= len(COMPANIONS):
        raise ValueError(f"game code {shown_code(code)}: unknown companion")
    if c3 >= 16 or c4 != 0 or c5 >= 4:
        raise ValueError(f"game code {shown_code(code)}: unknown options, version or player count")
    f4 = ((c0 >> 4) & 1) | (((c1 >> 4) & 1) << 1)
    # RTDT-CODE-3: the code back to the exact setup
    return Setup(
        foes=(FOES_LEVEL_2[c0 & 3], FOES_LEVEL_3[(c0 >> 2) & 3], FOES_LEVEL_4[f4]),
        adversary=ADVERSARIES[c1 & 15],
        companion=COMPANIONS[c2],
        difficulty="gritty" if c3 & 1 else "heroic",
        covenant=bool(c3 & 2),
        alliances=bool(c3 & 4),
        mode="competitive" if c3 & 8 else "cooperative",
        players=c5 + 1,
        seed=base34_le(v[6:]),
    )
