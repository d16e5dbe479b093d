"""The RtDT engine's voice: every change is logged as an event (core/narration.py) through
`tell`, in English templates with named fields (docs/narration-rtdt.md)."""

from __future__ import annotations

from typing import Any

from towerplay.core.narration import Event
from towerplay.rtdt.state import HeroState, State
from towerplay.rtdt.world import World


def tell(
    s: State,
    kind: str,
    msg: str,
    /,
    seats: tuple[int, ...] = (),
    amounts: tuple[tuple[str, int], ...] = (),
    to: tuple[int, ...] | None = None,
    **args: Any,
) -> None:
    """Log one event: its kind (core/narration.py KINDS), English template `msg` with named
    `args`, the seats concerned, what changed by how much (signed), and `to` the seats that
    may see it when it is private. Built here directly: this is on the hot path."""
    s.log = s.log.add(
        Event(kind, msg, tuple([(k, str(v)) for k, v in args.items()]), seats, amounts, to)
    )


def hero_name(w: World, h: HeroState) -> str:
    return w.content.heroes[h.hero].name


def plural(w: World, who: str) -> bool:
    """Whether a foe's or adversary's name takes a plural verb: foe groups mostly do
    ("the Oreks strike"), an adversary never ("the Lingering Rot strikes")."""
    foe = w.content.foes.get(who)
    return foe is not None and foe.plural


def possessive(name: str) -> str:
    """English possessive of a name: "the Oreks' strike", "Ashstrider's strike"."""
    return name + "'" if name.endswith("s") else name + "'s"
