"""What every base decision kind's module shares: who is asked, and plain words."""

from __future__ import annotations

from towerplay.rtdt.hooks import Handler
from towerplay.rtdt.rules.common import act
from towerplay.rtdt.state import Decision, HeroState, State
from towerplay.rtdt.world import World

STOP = act("stop")
DONE = act("done")


def who(w: World, s: State, d: Decision) -> str:
    """The name of the hero asked."""
    return w.content.heroes[s.heroes[d.seat].hero].name


def asked(s: State, d: Decision) -> HeroState:
    return s.heroes[d.seat]


def says(text: str) -> Handler:
    """Words that are the same text for every instance: `{who}: text`."""

    def words(w: World, s: State, d: Decision) -> str:
        return f"{who(w, s, d)}: {text}"

    return words
