"""An encounter played in the campaign grows with the party that meets it (AT-CAMP-6,
designed): per level above 1, the boss's and the minions' HP grow by the percent the
encounter's `scaling` names (for this hero count, when it names amounts of its own), and
every enemy attack by +1 per `attack_every` levels. The level is the party's, one lower on
Easy and one higher on Hard (AT-CAMP-7, designed), so the difficulty weighs on more than
the revive potions.

The encounters' printed numbers are tuned for Starter heroes (level 1); a standalone game
meets exactly those numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from towerplay.tactics.models import Encounter, EnemyStats, Scaling

MAX_LEVEL = 10  # AT-LEVEL: a hero holds at most 10 level-up cards
# AT-CAMP-7 (designed): the levels the difficulty adds to the party's for scaling
DIFFICULTY_LEVELS = {"easy": -1, "normal": 0, "hard": 1}


def party_level(levels: Sequence[int]) -> int:
    """The party's level for scaling: its heroes' mean level, rounded down (AT-CAMP-6)."""
    return max(1, sum(levels) // len(levels))


def scaling_level(level: int, difficulty: str) -> int:
    """The level a campaign encounter is scaled to: the party's, moved by the difficulty
    (AT-CAMP-7), kept within 1..MAX_LEVEL."""
    return min(MAX_LEVEL, max(1, level + DIFFICULTY_LEVELS.get(difficulty, 0)))


def config_level(config: dict[str, Any]) -> int:
    """The level the config's enemies are scaled to: its `party_level` moved by its
    difficulty (AT-CAMP-7); 1 when absent (standalone play, whatever the difficulty), or
    ValueError."""
    if "party_level" not in config:
        return 1
    raw = config["party_level"]
    if isinstance(raw, bool) or not isinstance(raw, int) or not 1 <= raw <= MAX_LEVEL:
        raise ValueError(f"party_level: expected a whole number from 1 to {MAX_LEVEL}, not {raw!r}")
    return scaling_level(raw, str(config.get("difficulty", "normal")))


def for_heroes(sc: Scaling, heroes: int) -> Scaling:
    """The amounts for a party of this many heroes: the hero count's own entry over the
    encounter's shared amounts (AT-CAMP-6)."""
    own = sc.heroes.get(heroes)
    if own is None:
        return sc
    return Scaling(
        boss_hp=sc.boss_hp if own.boss_hp is None else own.boss_hp,
        minion_hp=sc.minion_hp if own.minion_hp is None else own.minion_hp,
        attack_every=sc.attack_every if own.attack_every is None else own.attack_every,
    )


def hp_percent(sc: Scaling, role: str, level: int) -> int:
    """How many percent above its printed HP an enemy of this role comes in."""
    return (sc.boss_hp if role == "boss" else sc.minion_hp) * (level - 1)


def attack_plus(sc: Scaling, level: int) -> int:
    """What every enemy attack of the encounter adds at this party level."""
    return (level - 1) // sc.attack_every if sc.attack_every else 0


def scaled_hp(stats: EnemyStats, role: str, sc: Scaling, level: int) -> int:
    """The printed HP raised by `hp_percent`, rounded half up."""
    return stats.hp + (stats.hp * hp_percent(sc, role, level) + 50) // 100


def summary(enc: Encounter, level: int, heroes: int) -> dict[str, Any]:
    """What the scaling level does to this encounter for this many heroes, for the views:
    the level, the HP percent added to the boss and to minions, the attack added; `scaled`
    is whether anything changes at all."""
    sc = for_heroes(enc.scaling, heroes)
    out = {
        "party_level": level,
        "boss_hp_percent": hp_percent(sc, "boss", level),
        "minion_hp_percent": hp_percent(sc, "minion", level),
        "attack_bonus": attack_plus(sc, level),
    }
    out["scaled"] = any(out[k] for k in ("boss_hp_percent", "minion_hp_percent", "attack_bonus"))
    return out
