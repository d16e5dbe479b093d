"""What every base decision kind's module shares: who is asked, and plain words."""

from __future__ import annotations

from towerplay.core.narration import Event, event
from towerplay.rtdt.hooks import Handler
from towerplay.rtdt.records import Done, Stop
from towerplay.rtdt.state import Decision, HeroState, State
from towerplay.rtdt.world import World

STOP = Stop()
DONE = Done()


def who(w: World, s: State, d: Decision) -> str:
    """The name of the hero asked."""
    return w.content.heroes[s.heroes[d.seat].hero].name


def asked(s: State, d: Decision) -> HeroState:
    return s.heroes[d.seat]


def says(text: str) -> Handler:
    """Words that are the same text for every instance: `{hero}: text` (the text is a message
    of its own, marked by `says`, so the catalog words it inside the template)."""

    def words(w: World, s: State, d: Decision) -> Event:
        return event("text", "{hero}: {question}", hero=who(w, s, d), question=text)

    return words
