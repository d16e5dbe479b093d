"""How the base rules let Covenant, the competitive mode and card abilities in: typed events
(each an object that owns its handlers' signature and how their answers combine), keyed
tables of verbs, and the pending-decision kinds (docs/hooks.md).

The events themselves are declared, with their signatures, in `rtdt/hookspecs.py`; this
module is the machinery and a leaf: it imports no rules, no expansion and no game. A rule
emits an event by calling it (`STUCK.any(w, s, h)`); a handler registers with a decorator
beside the rule it carries out (`@STUCK.on(COVENANT)`), for a feature: `BASE` (every
game), `COVENANT` (a Covenant part is in play, so `State.cov` is set) or `COMPETITIVE`.
`table` resolves one table per set of features, so an event nobody handles in this game is
an empty tuple: emitting it costs a call and a loop over nothing. The handlers of one event
run by feature, then in the order `run_order` gives their modules (rtdt/plugins.py), then in
their order in the module: never by the accident of import order. A card ability registers per flag (`on_flag`, `on_holders`): one entry in the event's list
for each flag, run only for a hero holding a card with it (`World.holds`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Concatenate, Generic, ParamSpec, Protocol, TypeVar, cast

Handler = Callable[..., Any]
FEATURES = ("base", "covenant", "competitive")
BASE, COVENANT, COMPETITIVE = FEATURES
P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T")
V = TypeVar("V")
C = TypeVar("C", bound=Callable[..., Any])
EMPTY: Mapping[str, int] = MappingProxyType({})  # what nothing adds to a pool of advantages


@dataclass(frozen=True, slots=True)
class DecisionKind:
    """A pending-decision kind: its answers, how an answer applies, its words for the
    player asked, and the rule it carries out (what it asks, in a few words, and the ID)."""

    answers: Handler  # (w, s, d) -> list[Action]
    apply: Handler  # (w, s, d, a) -> None; `d` is already off the queue
    words: Handler  # (w, s, d) -> Event (or str): the question, as the seat is asked it
    what: str  # what it asks, for refusals ("... does not answer the pending question: ...")
    rule: str  # the rule ID it carries out


class ByEvent(Protocol):
    """Each event's handlers in one game, typed by the event: `hooks.handlers[STUCK]` is a
    `tuple[Callable[[World, State, HeroState], bool], ...]`. At run time a plain dict, so the
    few emits on the hottest paths loop over it with no call at all."""

    def __getitem__(self, event: Event[P, R], /) -> tuple[Callable[P, R], ...]: ...


class ByTable(Protocol):
    """Each keyed table's entries in one game, typed by the table (a plain dict too)."""

    def __getitem__(self, table: Keyed[V], /) -> dict[str, V]: ...


@dataclass(frozen=True, slots=True)
class Hooks:
    """The handlers active in one game, by event and by keyed table (never changed once
    built)."""

    features: frozenset[str] = frozenset()
    handlers: ByEvent = field(default_factory=lambda: _none())
    tables: ByTable = field(default_factory=lambda: _no_tables())
    decisions: dict[str, DecisionKind] = field(default_factory=dict)
    # the same handlers by the event's index: what the emits read (a tuple index is several
    # times cheaper than a dict keyed by the event, and an emit runs at nearly every step)
    by_index: tuple[tuple[Handler, ...], ...] = ()


def _none() -> ByEvent:
    empty: dict[Event[Any, Any], tuple[Handler, ...]] = {}
    return empty


def _no_tables() -> ByTable:
    empty: dict[Keyed[Any], dict[str, Any]] = {}
    return empty


_EVENTS: list[Event[Any, Any]] = []
_VERB_TABLES: list[Keyed[Any]] = []
# (event index, feature, the module it was registered by, handler) in registration order
_REGISTERED: list[tuple[int, str, str, Handler]] = []
_ORDER: dict[str, int] = {}  # registering module -> its place in the run order (run_order)
_VERBS: list[tuple[int, str, str, Any]] = []  # (table index, key, feature, value)
_DECISIONS: list[tuple[str, str, DecisionKind]] = []
_FLAGGED: list[tuple[str, str, str, Handler]] = []  # (event, flag, feature, handler)


def _module_of(fn: Handler) -> str:
    return str(getattr(fn, "__module__", ""))


def run_order(*modules: str) -> None:
    """The order the registering modules' handlers run in, whatever order they were
    imported in: by feature (`base`, `covenant`, `competitive`), then by this order, then
    in their order in the module. Every registering module must be named (rtdt/plugins.py)."""
    _ORDER.clear()
    _ORDER.update((name, i) for i, name in enumerate(modules))
    table.cache_clear()


def _check_feature(feature: str) -> None:
    if feature not in FEATURES:
        raise ValueError(f"unknown feature {feature!r}; features: {', '.join(FEATURES)}")


class Event(Generic[P, R]):
    """One event the base rules emit: its name, its handlers' signature (`P -> R`) and, in
    each subclass, how their answers combine. `on_flag` gates a card ability whose event
    gives a hero as the third argument; a hero without the card gives the event the answer
    that changes nothing (`_nothing`: None, False for `any`, True for `all`, () or 0, or the
    value a filter hands on)."""

    __slots__ = ("name", "index", "doc")
    name: str
    index: int
    doc: str

    def __init__(self, name: str, doc: str) -> None:
        if any(e.name == name for e in _EVENTS):
            raise ValueError(f"event {name!r} is declared twice")
        self.name = name
        self.doc = doc
        self.index = len(_EVENTS)
        _EVENTS.append(self)
        table.cache_clear()

    def __repr__(self) -> str:
        return f"<event {self.name}>"

    def handlers(self, hooks: Hooks) -> tuple[Callable[P, R], ...]:
        """This event's handlers in a game's table, in the order they run."""
        return hooks.handlers[self]

    def held(self, hooks: Hooks, prof: Any) -> tuple[Callable[P, R], ...]:
        """The handlers less the card abilities none of a hero's cards has (`held_by`)."""
        found = hooks.handlers[self]
        return held_by(found, prof) if found else found

    def on(self, feature: str = "base") -> Callable[[Callable[P, R]], Callable[P, R]]:
        """Register the decorated function for this event, run after those before it."""
        _check_feature(feature)

        def register(fn: Callable[P, R]) -> Callable[P, R]:
            _REGISTERED.append((self.index, feature, _module_of(fn), fn))
            table.cache_clear()
            return fn

        return register

    def _nothing(self) -> Any:
        """What a hero without the card gives the event (see the class): the answer that
        changes nothing, by the kind of event (a filter hands its value on instead)."""
        return None

    def on_flag(
        self, flag: str, feature: str = "base"
    ) -> Callable[[Callable[P, R]], Callable[P, R]]:
        """Register a card ability: it runs only when the hero the event is given (its third
        argument) holds a card with `flag` (models.Flagged)."""
        _check_feature(feature)
        nothing = self._nothing()
        at = -1 if not isinstance(self, Filter) else self.at - 3 if self.at >= 0 else self.at

        def register(fn: Callable[P, R]) -> Callable[P, R]:
            def gated(w: Any, s: Any, h: Any, *args: Any) -> Any:
                for attr, ids in w.flag_places.get(flag, ()):  # World.holds inline: hot
                    if not ids.isdisjoint(getattr(h, attr)):
                        return fn(w, s, h, *args)  # type: ignore[call-arg]
                return nothing

            def gated_value(w: Any, s: Any, h: Any, *args: Any) -> Any:
                for attr, ids in w.flag_places.get(flag, ()):  # World.holds inline: hot
                    if not ids.isdisjoint(getattr(h, attr)):
                        return fn(w, s, h, *args)  # type: ignore[call-arg]
                return args[at]  # a filter's value, handed on (`at` counts after w, s, h)

            chosen = gated_value if isinstance(self, Filter) else gated
            self._register_flag(flag, feature, fn, chosen, by_hero=True)
            return fn

        return register

    def on_holders(
        self, flag: str, feature: str = "base"
    ) -> Callable[[Callable[..., R]], Callable[..., R]]:
        """Register a card ability that acts for whoever holds it, whatever the event's
        arguments (`skulls_emerged`, another hero's `treasure_taken`): `fn(w, s, holder,
        *args)` runs for each hero still in the game holding a card with `flag`, in seat
        order. For a question (`any`) the first holder answering True stops it."""
        _check_feature(feature)
        question = isinstance(self, Question)

        def register(fn: Callable[..., R]) -> Callable[..., R]:
            def gated(w: Any, s: Any, *args: Any) -> Any:
                for holder in s.heroes:
                    if not holder.eliminated and w.holds(holder, flag):
                        answer = fn(w, s, holder, *args)
                        if question and answer:
                            return True
                return False if question else None

            self._register_flag(flag, feature, fn, gated, by_hero=False)
            return fn

        return register

    def _register_flag(
        self, flag: str, feature: str, fn: Handler, gated: Handler, by_hero: bool
    ) -> None:
        """`by_hero`: the gate is the hero the event is given holding `flag` (on_flag),
        which `held_by` may check once for a hero's whole set of cards."""
        gated.__name__ = f"{getattr(fn, '__name__', 'handler')}[{flag}]"
        gated.hero_flag = flag if by_hero else None  # type: ignore[attr-defined]
        _REGISTERED.append((self.index, feature, _module_of(fn), gated))
        _FLAGGED.append((self.name, flag, feature, fn))
        table.cache_clear()


# Each kind's emits are closures made once per event and kept in its slots, not methods: an
# emit runs at nearly every step, and a method typed with the event's signature
# (`*args: P.args, **kwargs: P.kwargs`) builds a keyword dict on every call. Measured: the
# closure costs half the method. Each reads this game's handlers by the event's index
# (`Hooks.by_index`), not by hashing the event. mypy still checks each call against `P`.


class Notify(Event[P, None]):
    """Every handler runs; nothing is answered: `EVENT.notify(w, ...)`."""

    __slots__ = ("notify",)
    notify: Callable[P, None]

    def __init__(self, name: str, doc: str) -> None:
        super().__init__(name, doc)
        i = self.index

        def notify(*args: Any) -> None:
            for fn in args[0].hooks.by_index[i]:
                fn(*args)

        self.notify = cast("Callable[P, None]", notify)


class Question(Event[P, bool]):
    """True when any handler answers True ("handled", "forbidden"); the first True stops:
    `EVENT.any(w, ...)`, or `EVENT.any_held(prof, w, ...)` over the handlers a hero's cards
    can answer (`held_by`)."""

    __slots__ = ("any", "any_held")
    any: Callable[P, bool]
    any_held: Callable[Concatenate[Any, P], bool]

    def __init__(self, name: str, doc: str) -> None:
        super().__init__(name, doc)
        i = self.index

        def any_(*args: Any) -> bool:
            for fn in args[0].hooks.by_index[i]:  # noqa: SIM110 - no generator: hot paths
                if fn(*args):
                    return True
            return False

        def any_held(prof: Any, *args: Any) -> bool:
            found = args[0].hooks.by_index[i]
            if found:
                for fn in held_by(found, prof):
                    if fn(*args):
                        return True
            return False

        self.any = cast("Callable[P, bool]", any_)
        self.any_held = cast("Callable[Concatenate[Any, P], bool]", any_held)

    def _nothing(self) -> Any:
        return False


class Consent(Event[P, bool]):
    """True when every handler answers True ("allowed"); the first False stops:
    `EVENT.all(w, ...)`, `EVENT.all_held(prof, w, ...)`."""

    __slots__ = ("all", "all_held")
    all: Callable[P, bool]
    all_held: Callable[Concatenate[Any, P], bool]

    def __init__(self, name: str, doc: str) -> None:
        super().__init__(name, doc)
        i = self.index

        def all_(*args: Any) -> bool:
            for fn in args[0].hooks.by_index[i]:  # noqa: SIM110 - no generator: hot paths
                if not fn(*args):
                    return False
            return True

        def all_held(prof: Any, *args: Any) -> bool:
            found = args[0].hooks.by_index[i]
            if found:
                for fn in held_by(found, prof):
                    if not fn(*args):
                        return False
            return True

        self.all = cast("Callable[P, bool]", all_)
        self.all_held = cast("Callable[Concatenate[Any, P], bool]", all_held)

    def _nothing(self) -> Any:
        return True


class Collect(Event[P, list[T]]):
    """Each handler gives some things (actions, warriors prevented, event ids); the event
    gives them all, in handler order: `EVENT.collect(w, ...)`, `EVENT.collect_held(prof, w,
    ...)`."""

    __slots__ = ("collect", "collect_held")
    collect: Callable[P, list[T]]
    collect_held: Callable[Concatenate[Any, P], list[T]]

    def __init__(self, name: str, doc: str) -> None:
        super().__init__(name, doc)
        i = self.index

        def collect(*args: Any) -> list[Any]:
            out: list[Any] = []
            for fn in args[0].hooks.by_index[i]:
                out.extend(fn(*args))
            return out

        def collect_held(prof: Any, *args: Any) -> list[Any]:
            found = args[0].hooks.by_index[i]
            out: list[Any] = []
            if found:
                for fn in held_by(found, prof):
                    out.extend(fn(*args))
            return out

        self.collect = cast("Callable[P, list[T]]", collect)
        self.collect_held = cast("Callable[Concatenate[Any, P], list[T]]", collect_held)

    def _nothing(self) -> Any:
        return ()


class Total(Event[P, int]):
    """Each handler adds a number (a discount, Wild advantages); the event gives the sum:
    `EVENT.sum(w, ...)`, `EVENT.sum_held(prof, w, ...)`."""

    __slots__ = ("sum", "sum_held")
    sum: Callable[P, int]
    sum_held: Callable[Concatenate[Any, P], int]

    def __init__(self, name: str, doc: str) -> None:
        super().__init__(name, doc)
        i = self.index

        def sum_(*args: Any) -> int:
            n = 0
            for fn in args[0].hooks.by_index[i]:
                n += fn(*args)
            return n

        def sum_held(prof: Any, *args: Any) -> int:
            found = args[0].hooks.by_index[i]
            n = 0
            if found:
                for fn in held_by(found, prof):
                    n += fn(*args)
            return n

        self.sum = cast("Callable[P, int]", sum_)
        self.sum_held = cast("Callable[Concatenate[Any, P], int]", sum_held)

    def _nothing(self) -> Any:
        return 0


class Filter(Event[P, R]):
    """Each handler gets the value so far (the argument at `at`, counting `w` as 0) and
    gives it back, changed or not; the event gives the last: `EVENT.filter(w, ...)`,
    `EVENT.filter_held(prof, w, ...)`. A hero without the card passes the value on
    unchanged."""

    __slots__ = ("at", "filter", "filter_held")
    filter: Callable[P, R]
    filter_held: Callable[Concatenate[Any, P], R]

    def __init__(self, name: str, doc: str, at: int = -1) -> None:
        super().__init__(name, doc)
        i = self.index
        self.at = at

        def run(found: tuple[Handler, ...], args: tuple[Any, ...]) -> Any:
            if not found:  # nobody changes it: the usual case
                return args[at]
            changing = list(args)
            for fn in found:
                changing[at] = fn(*changing)
            return changing[at]

        def filter_(*args: Any) -> Any:
            return run(args[0].hooks.by_index[i], args)

        def filter_held(prof: Any, *args: Any) -> Any:
            found = args[0].hooks.by_index[i]
            return run(held_by(found, prof) if found else found, args)

        self.filter = cast("Callable[P, R]", filter_)
        self.filter_held = cast("Callable[Concatenate[Any, P], R]", filter_held)


class Answer(Event[P, "R | None"]):
    """The first handler with an answer (not None) gives it; None when none has:
    `EVENT.first(w, ...)`."""

    __slots__ = ("first",)
    first: Callable[P, R | None]

    def __init__(self, name: str, doc: str) -> None:
        super().__init__(name, doc)
        i = self.index

        def first(*args: Any) -> Any:
            for fn in args[0].hooks.by_index[i]:
                found = fn(*args)
                if found is not None:
                    return found
            return None

        self.first = cast("Callable[P, R | None]", first)


class Merge(Event[P, Mapping[str, int]]):
    """Each handler gives some advantages by type; the event adds them to a pool:
    `EVENT.merge(pool, w, ...)`."""

    __slots__ = ("merge",)
    merge: Callable[Concatenate[dict[str, int], P], None]

    def __init__(self, name: str, doc: str) -> None:
        super().__init__(name, doc)
        i = self.index

        def merge(pool: dict[str, int], *args: Any) -> None:
            for fn in args[0].hooks.by_index[i]:
                for kind, n in fn(*args).items():
                    pool[kind] = pool.get(kind, 0) + n

        self.merge = cast("Callable[Concatenate[dict[str, int], P], None]", merge)

    def _nothing(self) -> Any:
        return EMPTY


class Keyed(Generic[V]):
    """A table of values looked up by a key, one table per game like the events: the turn
    verbs an expansion or a mode adds (`rules/verbs.Verb`), or handlers (`Verbs`)."""

    __slots__ = ("name", "index", "doc")

    def __init__(self, name: str, doc: str) -> None:
        self.name = name
        self.doc = doc
        self.index = len(_VERB_TABLES)
        _VERB_TABLES.append(self)
        table.cache_clear()

    def __repr__(self) -> str:
        return f"<table {self.name}>"

    def add(self, key: str, feature: str, value: V) -> V:
        """Put `value` under `key` for games with `feature` (a later one for a key wins)."""
        _check_feature(feature)
        _VERBS.append((self.index, key, feature, value))
        table.cache_clear()
        return value

    def of(self, hooks: Hooks) -> Mapping[str, V]:
        """The keys this game's table has, and their values."""
        return hooks.tables[self]


class Verbs(Keyed[Callable[P, R]], Generic[P, R]):
    """A table of handlers looked up by a key: an action's verb, an app event's prefix, a
    companion event's `app` part, an adversary's own Tower step."""

    __slots__ = ()

    def on(self, key: str, feature: str = "base") -> Callable[[Callable[P, R]], Callable[P, R]]:
        """Register the decorated function for `key` (a later one for the same key wins)."""

        def register(fn: Callable[P, R]) -> Callable[P, R]:
            return self.add(key, feature, fn)

        return register


def held_by(handlers: tuple[C, ...], prof: Any) -> tuple[C, ...]:
    """`handlers` less the card abilities (on_flag) whose flag none of a hero's cards has;
    `prof` is the Profile of those cards (World.profile). A dropped handler would only have
    given the answer that changes nothing (`Event._nothing`), so every kind above may call just
    these. Kept in the Profile by the handler
    tuple: gating each handler on every call was a tenth of a Covenant turn step."""
    found: tuple[C, ...] | None = prof.held.get(handlers)
    if found is None:
        found = prof.held[handlers] = tuple(
            fn
            for fn in handlers
            if (flag := getattr(fn, "hero_flag", None)) is None or flag in prof.flags
        )
    return found


def events() -> tuple[Event[Any, Any], ...]:
    """Every declared event, in declaration order."""
    return tuple(_EVENTS)


def verb_tables() -> tuple[Keyed[Any], ...]:
    """Every declared table of verbs."""
    return tuple(_VERB_TABLES)


def flag_handlers() -> dict[str, list[tuple[str, Handler]]]:
    """The card abilities registered per flag: flag -> [(event name, handler), ...]."""
    out: dict[str, list[tuple[str, Handler]]] = {}
    for event, flag, _, handler in _FLAGGED:
        out.setdefault(flag, []).append((event, handler))
    return out


def decision(kind: str, feature: str, dk: DecisionKind) -> None:
    """Register a pending-decision kind (each kind once, by the module that asks it): the
    kind is data, the `Decision.kind` a save holds."""
    _check_feature(feature)
    if any(k == kind for k, _, _ in _DECISIONS):
        raise ValueError(f"decision kind {kind!r} is registered twice")
    _DECISIONS.append((kind, feature, dk))
    table.cache_clear()


def decision_kinds() -> dict[str, DecisionKind]:
    """Every registered decision kind, whatever the feature (to read and explain saves)."""
    return {kind: dk for kind, _, dk in _DECISIONS}


@functools.lru_cache(maxsize=16)
def table(features: frozenset[str]) -> Hooks:
    """The handlers active for a game with these features, resolved once."""
    unordered = {module for _, _, module, _ in _REGISTERED} - set(_ORDER)
    if unordered:
        raise ValueError(f"handlers of modules not in hooks.run_order: {sorted(unordered)}")
    events: list[list[Handler]] = [[] for _ in _EVENTS]
    ranked = sorted(
        range(len(_REGISTERED)),
        key=lambda i: (FEATURES.index(_REGISTERED[i][1]), _ORDER[_REGISTERED[i][2]], i),
    )
    for i in ranked:
        index, feature, _, h = _REGISTERED[i]
        if feature in features:
            events[index].append(h)
    tables: list[dict[str, Any]] = [{} for _ in _VERB_TABLES]
    for index, key, feature, h in _VERBS:
        if feature in features:
            tables[index][key] = h
    kinds = {kind: dk for kind, feature, dk in _DECISIONS if feature in features}
    by_event: dict[Event[Any, Any], tuple[Handler, ...]] = {
        e: tuple(events[e.index]) for e in _EVENTS
    }
    by_table: dict[Keyed[Any], dict[str, Any]] = {k: tables[k.index] for k in _VERB_TABLES}
    return Hooks(
        features=features,
        handlers=by_event,
        tables=by_table,
        decisions=kinds,
        by_index=tuple(tuple(found) for found in events),
    )


NO_HOOKS = Hooks()  # a World's before `plugins.world_for` gives it a game's: nothing is emitted
