"""The RtDT engine's voice: every change is logged as an event (core/narration.py) through
`tell`, in English templates with named fields (docs/narration-rtdt.md)."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from towerplay.core.narration import Event
from towerplay.core.replay import Chain
from towerplay.rtdt.state import HeroState, State
from towerplay.rtdt.world import World

# `tell` fills an Event's slots directly: the frozen dataclass's __init__ costs twice as
# much, and the log grows at almost every step (benchmarks/bench_rtdt.py). The slots are
# checked here so that a field added to Event cannot be left unset.
_SLOTS = ("kind", "msg", "args", "seats", "amounts", "to")
if tuple(f.name for f in fields(Event)) != _SLOTS:  # pragma: no cover - a core change
    raise ImportError(f"core.narration.Event's fields changed; update {__name__}._SLOTS")
_new = object.__new__
_KIND, _MSG, _ARGS, _SEATS, _AMOUNTS, _TO = (getattr(Event, name).__set__ for name in _SLOTS)


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
    may see it when it is private. Built here directly: this is on the hot path (the
    event and the log's new node are made without a call to their constructors)."""
    e = _new(Event)
    _KIND(e, kind)
    _MSG(e, msg)
    if args:
        for k, v in args.items():
            if v.__class__ is not str:
                args[k] = str(v)
        _ARGS(e, tuple(args.items()))
    else:
        _ARGS(e, ())
    _SEATS(e, seats)
    _AMOUNTS(e, amounts)
    _TO(e, to)
    log = s.log
    s.log = Chain(e, log, log.size + 1)  # Chain.add, inline


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
