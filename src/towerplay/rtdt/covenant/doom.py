"""Doom skulls (COV-DOOM-*): black skulls dropped into the Tower by the Creeping Doom event,
alongside the regular skulls (COV-DOOM-1).

Inside the Tower they mix with the regular skulls. The Tower model (towerplay.rtdt.tower)
tracks how many skulls lodge where, not which; so when skulls tumble out, which of them are
doom skulls is drawn without replacement from everything in motion (designed, docs/tower.md).
On a building a doom skull is one of its skulls for every effect (COV-DOOM-5), except that
nothing removes it (COV-DOOM-4): it leaves only with its building (COV-DOOM-6).
"""

from __future__ import annotations

from towerplay.core.rng import Rng, draws
from towerplay.rtdt import tower
from towerplay.rtdt.hooks import COVENANT
from towerplay.rtdt.hookspecs import APP_EVENTS, MARK_EMERGED
from towerplay.rtdt.rules.narrate import tell
from towerplay.rtdt.rules.skulls import DOOM_PREFIX, emerged_kingdom
from towerplay.rtdt.rules.skulls import is_doom as is_doom
from towerplay.rtdt.rules.turn import emerge
from towerplay.rtdt.state import State
from towerplay.rtdt.world import World

PREFIX = DOOM_PREFIX  # an emerged doom skull, waiting to be placed: "doom:north"
kingdom_of = emerged_kingdom


def mark(s: State, rng: Rng, kingdoms: list[str]) -> list[str]:
    """Which of the skulls that just emerged are doom skulls (COV-DOOM-3).

    Before they fell, the skulls in motion were those still inside plus those that came
    out; each is a doom skull with the chance of drawing one from that mix, one by one.
    Draws nothing when no doom skull is inside, so games without them keep their stream.
    """
    cov = s.cov
    if cov is None or not cov.doom_tower or not kingdoms:
        return kingdoms
    total = s.tower.inside + len(kingdoms)
    out = []
    for k in kingdoms:
        if cov.doom_tower and rng.below(total) < cov.doom_tower:
            cov.doom_tower -= 1
            out.append(PREFIX + k)
        else:
            out.append(k)
        total -= 1
    return out


def creeping_doom(w: World, s: State, rng: Rng, count: int) -> list[str]:
    """The app's Creeping Doom event (COV-DOOM-2): drop `count` doom skulls into the Tower,
    as many as the doom supply holds. The Tower's sensor is off meanwhile: these drops
    advance no turn and trigger no events (COV-DOOM-7). Returns what emerged, marked."""
    cov = s.cov
    assert cov is not None
    n = min(count, cov.doom_supply)
    emerged: list[str] = []
    for _ in range(n):
        cov.doom_supply -= 1
        cov.doom_tower += 1
        emerged += mark(s, rng, tower.drop_skull(s.tower, rng))
    if n == count:
        tell(
            s, "skulls", "Event - Creeping Doom: {n} doom skull(s) are dropped into the Tower.", n=n
        )
    else:
        tell(
            s,
            "skulls",
            "Event - Creeping Doom: {n} doom skull(s) are dropped into the Tower"
            " (the doom supply held only {n}).",
            n=n,
        )
    return emerged


# --- what this adds to the base rules (rtdt/hookspecs.py) ---------------------------------


@APP_EVENTS.on("creeping_doom", COVENANT)
def _creeping_doom(w: World, s: State, event: str) -> None:
    """COV-DOOM-2, COV-DOOM-7: doom skulls dropped; what emerges is placed at once."""
    with draws(s) as rng:
        emerged = creeping_doom(w, s, rng, int(event.split(":")[1]))
    emerge(w, s, emerged, marked=True)
    s.turn.phase = "place"


@MARK_EMERGED.on(COVENANT)
def _mark(w: World, s: State, rng: Rng, kingdoms: list[str]) -> list[str]:
    return mark(s, rng, kingdoms)  # COV-DOOM-3
