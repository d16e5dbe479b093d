"""An encounter played in the campaign grows with the party that meets it (AT-CAMP-6,
designed): per party level above 1, the boss's and the minions' HP grow by the percent
the encounter's `scaling` names, and every enemy attack by +1 per `attack_every` levels.

The encounters' printed numbers are tuned for Starter heroes (level 1); a party of level
1 - every standalone game - meets exactly those numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from towerplay.tactics.models import Encounter, EnemyStats, Scaling

MAX_LEVEL = 10  # AT-LEVEL: a hero holds at most 10 level-up cards


def party_level(levels: Sequence[int]) -> int:
    """The party's level for scaling: its heroes' mean level, rounded down (AT-CAMP-6)."""
    return max(1, sum(levels) // len(levels))


def config_level(config: dict[str, Any]) -> int:
    """The config's `party_level` (1 when absent: standalone play), or ValueError."""
    raw = config.get("party_level", 1)
    if isinstance(raw, bool) or not isinstance(raw, int) or not 1 <= raw <= MAX_LEVEL:
        raise ValueError(f"party_level: expected a whole number from 1 to {MAX_LEVEL}, not {raw!r}")
    return raw


def hp_percent(sc: Scaling, role: str, level: int) -> int:
    """How many percent above its printed HP an enemy of this role comes in."""
    return (sc.boss_hp if role == "boss" else sc.minion_hp) * (level - 1)


def attack_plus(sc: Scaling, level: int) -> int:
    """What every enemy attack of the encounter adds at this party level."""
    return (level - 1) // sc.attack_every if sc.attack_every else 0


def scaled_hp(stats: EnemyStats, role: str, sc: Scaling, level: int) -> int:
    """The printed HP raised by `hp_percent`, rounded half up."""
    return stats.hp + (stats.hp * hp_percent(sc, role, level) + 50) // 100


def summary(enc: Encounter, level: int) -> dict[str, Any]:
    """What the party's level does to this encounter, for the views: the level, the HP
    percent added to the boss and to minions, the attack added; `scaled` is whether
    anything changes at all."""
    sc = enc.scaling
    out = {
        "party_level": level,
        "boss_hp_percent": hp_percent(sc, "boss", level),
        "minion_hp_percent": hp_percent(sc, "minion", level),
        "attack_bonus": attack_plus(sc, level),
    }
    out["scaled"] = any(out[k] for k in ("boss_hp_percent", "minion_hp_percent", "attack_bonus"))
    return out


def summary_text(enc: Encounter, level: int) -> str:
    """The summary in words, as `describe` and the terminal show it."""
    s = summary(enc, level)
    if not s["scaled"]:
        return f"party level {level}: printed numbers"
    return (
        f"scaled for party level {level}: boss HP +{s['boss_hp_percent']}%, "
        f"minion HP +{s['minion_hp_percent']}%, attacks +{s['attack_bonus']}"
    )
