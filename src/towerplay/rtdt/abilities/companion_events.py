"""The part of a companion event the app decides (companions.yaml `event.app`), one handler
each, registered in the `companion_events` table (docs/hooks.md). The app names a foe;
here a seeded draw does, among the foes the event can touch, and tells which.

- `scatter_foe_type` (Miras): every token of one foe type on the board moves up to `steps`
  spaces, each moved by the event's hero (RTDT-COMP-18);
- `prevent_spawn` (Yana): the next spawn of one foe does not happen (RTDT-COMP-19);
- `calm_foe` (Letha): one foe of `trait` whose status is one of `statuses` drops one status
  (RTDT-COMP-20); with none, nothing happens.
"""

from __future__ import annotations

from towerplay.core.rng import draws
from towerplay.rtdt.hooks import BASE
from towerplay.rtdt.hookspecs import COMPANION_EVENTS, FOE_STATUS_CHANGED
from towerplay.rtdt.models import STATUSES, CompanionEvent
from towerplay.rtdt.rules.common import ask
from towerplay.rtdt.rules.narrate import tell
from towerplay.rtdt.state import Decision, HeroState, State
from towerplay.rtdt.world import World


def _named(s: State, choices: list[str]) -> str:
    """The foe the app names: a seeded draw among `choices` (in a fixed order)."""
    with draws(s) as rng:
        foe = choices[rng.below(len(choices))]
    return foe


@COMPANION_EVENTS.on("scatter_foe_type", BASE)
def scatter_foe_type(w: World, s: State, h: HeroState, event: CompanionEvent) -> None:
    """Miras: the app names a foe type on the board; each of its tokens may move."""
    on_board = list(dict.fromkeys(f for f, _ in s.foes))
    if not on_board:  # no foes on the board: nothing happens
        return
    foe = _named(s, on_board)
    tell(
        s,
        "text",
        "The app names the {foe}: every token of that foe may move up to {n} spaces.",
        foe=w.content.foes[foe].name,
        n=event.steps,
    )
    for f, space in list(s.foes):
        if f == foe:
            ask(s, Decision("step_foe", h.seat, amount=event.steps, target=foe, context=space))


@COMPANION_EVENTS.on("prevent_spawn", BASE)
def prevent_spawn(w: World, s: State, h: HeroState, event: CompanionEvent) -> None:
    """Yana: the app names one of the game's foes; its next spawn does not happen."""
    foe = _named(s, list(s.config.foes))
    s.spawn_prevented.append(foe)
    tell(
        s,
        "text",
        "The app names the {foe}: that foe's next spawn will not happen.",
        foe=w.content.foes[foe].name,
    )


@COMPANION_EVENTS.on("calm_foe", BASE)
def calm_foe(w: World, s: State, h: HeroState, event: CompanionEvent) -> None:
    """Letha: the app names a savage or lethal Beast foe on the board; it drops one status."""
    on_board = dict.fromkeys(f for f, _ in s.foes if f in w.content.foes)
    calm = [
        f
        for f in on_board
        if event.trait in w.content.foes[f].traits and s.foe_status[f] in event.statuses
    ]
    if not calm:  # none of them on the board: nothing happens
        return
    foe = _named(s, calm)
    i = STATUSES.index(s.foe_status[foe])
    s.foe_status[foe] = STATUSES[i - 1]
    tell(
        s,
        "text",
        "The app names the {foe}: that foe is calmed, now {status}.",
        foe=w.content.foes[foe].name,
        status=s.foe_status[foe],
    )
    FOE_STATUS_CHANGED.notify(w, s, foe)  # Azkol's Ichor
