"""The app's Covenant events after a turn: wastelands, Creeping Doom, monument blessings."""

from __future__ import annotations

from towerplay.core.rng import Rng, draws
from towerplay.rtdt import app
from towerplay.rtdt.covenant import monuments, wastelands
from towerplay.rtdt.covenant.blessings import gain_blessing
from towerplay.rtdt.hooks import COVENANT
from towerplay.rtdt.hookspecs import APP_EVENTS, DROP_EVENTS, TURN_ENDING
from towerplay.rtdt.rules.effects import run
from towerplay.rtdt.rules.narrate import tell
from towerplay.rtdt.state import HeroState, State
from towerplay.rtdt.world import World


def built(s: State) -> list[str]:
    """The completed monuments standing, in setup order."""
    return [x.monument for x in s.cov.sites if x.status == "built"] if s.cov is not None else []


@TURN_ENDING.on(COVENANT)
def end_of_turn(w: World, s: State, h: HeroState) -> None:
    """The end-of-turn offerings (COV-CLARIFY-2, the Nightmare Cage)."""
    near = w.board.near(h.space)
    foes = sum(1 for _, sp in s.foes if sp in near) + (1 if s.adversary_space in near else 0)
    monuments.offer(w, s, "end_turn_foes_near", amount=foes)
    skulls = sum(s.skulls.get(sp, 0) for sp in near)  # doom skulls count (COV-DOOM-5)
    monuments.offer(w, s, "end_turn_skulls_near", amount=skulls)


@APP_EVENTS.on("wasteland", COVENANT)
@APP_EVENTS.on("monument", COVENANT)
def resolve(w: World, s: State, event: str) -> None:
    """A wasteland or monument event; the dropping player's hero takes the monument's gift."""
    kind, arg = event.split(":")
    if kind == "wasteland":  # COV-WASTE-1
        with draws(s) as rng:
            wastelands.place(w, s, rng, int(arg))
        return
    if arg not in built(s):  # destroyed since the event was drawn
        return
    monument = w.content.monuments[arg]
    h = s.heroes[s.dropper]
    for e in monument.events:  # COV-MONUMENT-9
        tell(s, "text", "Event - the {monument}: {event}", monument=monument.name, event=e.text)
        if monument.id == "moonstone_temple":  # blessings have no effect shape: by id
            for hero in s.heroes:
                gain_blessing(w, s, hero, monument.name)
        run(w, s, h, e.effects, monument.name)


# --- what this adds to the base rules (rtdt/hookspecs.py) ---------------------------------


@DROP_EVENTS.on(COVENANT)
def _drop_events(w: World, s: State, rng: Rng) -> list[str]:
    """The expansion's own app events join each drop's (the expansion, not a card mix)."""
    if not s.config.covenant:
        return []
    return app.draw_covenant_events(rng, built(s))
