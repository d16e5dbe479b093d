"""Foes on the board: statuses, spawning, growing, and the app's foe events (RTDT-FOE-*).

The steps of a strike are run by rules/effects.py; foe tokens are moved and removed by
rules/tokens.py.
"""

from __future__ import annotations

from towerplay.core.rng import Rng, draws
from towerplay.rtdt.hookspecs import (
    ADVERSARY_SPARED,
    FOE_STATUS_CHANGED,
    SPAWN_BLOCKED,
    STRIKE_ASKS,
    STRIKE_OVER,
)
from towerplay.rtdt.models import STATUSES
from towerplay.rtdt.rules.effects import run_strike_step
from towerplay.rtdt.rules.narrate import spoken, tell
from towerplay.rtdt.rules.strikes import strike_of, struck_tokens
from towerplay.rtdt.rules.tokens import tokens
from towerplay.rtdt.state import State
from towerplay.rtdt.words import N_
from towerplay.rtdt.world import World

# a spawn's sentence by its heading (an app event, or the setup's opening foes) and verb
SPAWNED = {
    ("Event - ", True): N_("Event - the {foe} spawn at {spaces}."),
    ("Event - ", False): N_("Event - the {foe} spawns at {spaces}."),
    ("Setup - ", True): N_("Setup - the {foe} spawn at {spaces}."),
    ("Setup - ", False): N_("Setup - the {foe} spawns at {spaces}."),
}


def spawn(w: World, s: State, rng: Rng, foe: str, count: int, heading: str = "Event - ") -> int:
    """Put up to `count` tokens of a foe on random spaces, limited by its tokens (RTDT-FOE-*).

    Returns how many were placed.
    """
    info = w.content.foes[foe]
    free = info.tokens - len(tokens(s, foe))
    n = min(count, free)
    spaces = []
    pool = list(w.board.spaces)
    for _ in range(n):  # RTDT-EVENT-5: one token on each space the app names
        # RTDT-FOE-2: the app (a seeded draw) decides where foes appear
        sp = pool.pop(rng.below(len(pool)))
        if SPAWN_BLOCKED.any(w, s, sp, foe):
            continue  # COV-SPELL-6: a protection token
        s.foes.append((foe, sp))
        spaces.append(w.board.names[sp])
    if spaces:
        tell(
            s,
            "spawn",
            SPAWNED[heading, info.plural],
            amounts=(("foes", len(spaces)),),
            foe=info.name,
            spaces=", ".join(spaces),
        )
    return n


ADVERSARY = "adversary"  # the strike of the Tower acts, as `strike_asks` names it


def _status_changed(w: World, s: State, foe: str) -> None:
    FOE_STATUS_CHANGED.notify(w, s, foe)  # Azkol's Ichor


def _asks_first(w: World, s: State, foe: str) -> bool:
    """Whether a question comes before this strike (COV-WARDEN-6); the event waits for it."""
    return STRIKE_ASKS.any(w, s, foe)


def _strike_over(w: World, s: State) -> None:
    STRIKE_OVER.notify(w, s)


def grow(w: World, s: State, foe: str) -> None:
    """Foes grow in power: one status step toward lethal (RTDT-EVENT-6)."""
    i = STATUSES.index(s.foe_status[foe])
    if i < len(STATUSES) - 1:
        s.foe_status[foe] = STATUSES[i + 1]
    info = w.content.foes[foe]
    tell(
        s,
        "text",
        N_("Event - the {foe} grow in power: now {status}.")
        if info.plural
        else N_("Event - the {foe} grows in power: now {status}."),
        foe=info.name,
        status=s.foe_status[foe],
    )
    if i < len(STATUSES) - 1:
        _status_changed(w, s, foe)


# --- strikes ----------------------------------------------------------------------------


def foe_event(w: World, s: State, event: str) -> None:
    """Resolve one foe event; a strike runs one step at a time so that the choices a step
    asks for are answered before the next step."""
    kind, _, rest = event.partition(":")
    if kind == "spawn":
        foe, count = rest.split(":")
        if foe in s.spawn_prevented:  # RTDT-COMP-19: Yana's event stopped this one
            s.spawn_prevented.remove(foe)
            info = w.content.foes[foe]
            tell(s, "text", N_("Event - a spawn of the {foe} is prevented."), foe=info.name)
            return
        with draws(s) as rng:
            spawn(w, s, rng, foe, int(count))  # RTDT-EVENT-5
    elif kind == "grow":
        if tokens(s, rest):  # RTDT-EVENT-6: skipped with none on the board
            grow(w, s, rest)
    elif kind == "weaken":  # RTDT-FOE-7: some rare events weaken a foe
        i = STATUSES.index(s.foe_status[rest])
        s.foe_status[rest] = STATUSES[max(0, i - 1)]
        info = w.content.foes[rest]
        tell(
            s,
            "text",
            N_("Event - the {foe} falter: now {status}.")
            if info.plural
            else N_("Event - the {foe} falters: now {status}."),
            foe=info.name,
            status=s.foe_status[rest],
        )
        if i > 0:
            _status_changed(w, s, rest)
    elif kind == "strike":
        foe, _, step = rest.partition(":")
        i = int(step or 0)
        if i == 0 and tokens(s, foe) and _asks_first(w, s, foe):
            s.events.insert(0, event)  # COV-WARDEN-6: resolves once the Warden answers
            return
        anchors = struck_tokens(w, s, foe)  # COV-WARDEN-7: all but a spared quarry
        if not anchors:  # RTDT-EVENT-4: skipped with none on the board
            _strike_over(w, s)
            return
        strike = strike_of(w, s, foe)
        if i == 0:
            info = w.content.foes[foe]
            tell(
                s,
                "text",
                N_("Event - the {foe} strike ({status}): {strike}")
                if info.plural
                else N_("Event - the {foe} strikes ({status}): {strike}"),
                foe=info.name,
                status=s.foe_status[foe],
                strike=strike.text,
            )
        run_strike_step(w, s, foe, strike, i, anchors)
        if i + 1 < len(strike.steps):
            s.events.insert(0, f"strike:{foe}:{i + 1}")
        else:
            _strike_over(w, s)
    elif kind == "tower_acts":  # RTDT-EVENT-9: the adversary strikes from the Tower
        # RTDT-ADVERSARY-8: the Tower acts: the adversary strikes from inside the Tower
        adv = w.content.adversaries[s.config.adversary]
        i = int(rest or 0)
        if i == 0 and _asks_first(w, s, ADVERSARY):
            s.events.insert(0, event)  # COV-WARDEN-6: the adversary as the quarry
            return
        if ADVERSARY_SPARED.any(w, s):
            said = spoken(
                w,
                adv.id,
                N_("Event - the Tower acts, but the {adversary} is spared by the Warden."),
                N_("Event - the Tower acts, but {adversary} is spared by the Warden."),
            )
            tell(
                s,
                "text",
                said,
                adversary=adv.name,
            )
            _strike_over(w, s)
            return
        if i == 0:
            tell(
                s,
                "text",
                "Event - the Tower acts: {adversary}. {strike}",
                adversary=adv.name,
                strike=adv.tower_acts.text,
            )
        anchors = [s.adversary_space] if s.adversary_space else []
        run_strike_step(w, s, adv.id, adv.tower_acts, i, anchors)
        if i + 1 < len(adv.tower_acts.steps):
            s.events.insert(0, f"tower_acts:{i + 1}")
        else:
            _strike_over(w, s)
