"""Actions and their canonical text.

An action is a tuple of lowercase tokens; its text is the tokens joined by one
space. `parse(str(a)) == a` holds by construction, so the CLI, replays and tests
all speak the same notation.

A verb's typed record (`Record`) is an action too: the same tuple with its slots named
and typed once (`class Move(Record, verb="move"): space: str`), so `a.space` replaces
`a[1]` and mypy checks `Move(space)`. A record equals, hashes and prints as the plain
action of the same tokens, so text stays the wire, save and replay format: an offer makes
the record, and an action typed or replayed as text is matched to the offered one.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import Any, ClassVar, ParamSpec, Self, TypeVar, cast, dataclass_transform


class Action(tuple[str, ...]):
    """A game action: a verb followed by its arguments, all strings."""

    __slots__ = ()

    def __new__(cls, *tokens: Any) -> Action:
        return super().__new__(cls, tuple(str(t) for t in tokens))

    def __getnewargs__(self) -> tuple[str, ...]:
        # copy and pickle rebuild it from its tokens (tuple's own gives one tuple argument)
        return tuple(self)

    @property
    def verb(self) -> str:
        return self[0]

    def __str__(self) -> str:
        return " ".join(self)

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"


def parse(text: str) -> Action:
    """Action text to an Action (whitespace-insensitive, case-insensitive)."""
    return Action(*text.strip().lower().split())


def _slot(i: int, kind: str, name: str, optional: bool) -> property:
    """The property that reads slot `i` (token i + 1) as its declared type."""
    if kind == "bool":  # a flag: the slot's own name as a word, or nothing
        return property(lambda a: len(a) > i + 1)
    if kind.startswith("int"):
        if optional:
            return property(lambda a: int(a[i + 1]) if len(a) > i + 1 else None)
        return property(lambda a: int(a[i + 1]))
    if optional:
        return property(lambda a: a[i + 1] if len(a) > i + 1 else None)
    return property(itemgetter(i + 1))


@dataclass_transform()
class Record(Action):
    """A verb's typed action: subclass it with the verb and the slots, in notation order.

    Slot types: `str` (a token), `int` (a number token), `str | None = None` (an optional
    token, only last ones), `bool = False` (a flag written as the slot's name: `end skip`).
    """

    __slots__ = ()
    VERB: ClassVar[str] = ""
    SLOTS: ClassVar[tuple[tuple[str, str], ...]] = ()  # (name, type) in notation order
    REQUIRED: ClassVar[int] = 0  # how many slots come before the optional ones
    PLAIN: ClassVar[bool] = True  # every slot a str token: made without converting

    def __init_subclass__(cls, verb: str = "", **kw: Any) -> None:
        super().__init_subclass__(**kw)
        cls.VERB = verb
        own = cls.__dict__.get("__annotations__", {})
        hints = {
            n: t if isinstance(t, str) else getattr(t, "__name__", str(t)) for n, t in own.items()
        }
        slots = tuple((n, t) for n, t in hints.items() if not t.startswith("ClassVar"))
        optional = [n for n, _ in slots if n in cls.__dict__]  # declared with a default
        cls.SLOTS = slots
        cls.REQUIRED = len(slots) - len(optional)
        cls.PLAIN = all(t in ("str", "str | None") for _, t in slots)
        setattr(cls, "__match_args__", tuple(n for n, _ in slots))  # noqa: B010 - a class slot
        for i, (name, kind) in enumerate(slots):
            setattr(cls, name, _slot(i, kind, name, name in optional))

    def __new__(cls, *args: Any, **kwargs: Any) -> Self:
        if cls.PLAIN and not kwargs and None not in args:  # the usual case, kept short
            return tuple.__new__(cls, (cls.VERB, *args))
        tokens = [cls.VERB]
        for i, (name, kind) in enumerate(cls.SLOTS):
            value = args[i] if i < len(args) else kwargs.get(name)
            if kind == "bool":
                if value:
                    tokens.append(name)
            elif value is not None:
                tokens.append(str(value))
        return tuple.__new__(cls, tokens)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_remake, (type(self), tuple(self)))

    @classmethod
    def of(cls, a: Action) -> Self | None:
        """`a` as this record when its tokens fit the slots (their number, each number a
        number, each flag its word); None when they do not: the notation is wrong."""
        n = len(a) - 1
        if a[0] != cls.VERB or not cls.REQUIRED <= n <= len(cls.SLOTS):
            return None
        for (name, kind), token in zip(cls.SLOTS, a[1:], strict=False):
            if kind == "bool" and token != name:
                return None
            if kind.startswith("int") and not token.isdigit():
                return None
        return tuple.__new__(cls, a)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"


def _remake(cls: type[Record], tokens: tuple[str, ...]) -> Record:
    return tuple.__new__(cls, tokens)


P = ParamSpec("P")
R = TypeVar("R", bound=Record)


def interned(make: Callable[P, R]) -> Callable[P, R]:
    """`make` (a record class) called once per distinct positional arguments, its record
    kept: an offer builds the same few actions at every step, and a kept one costs a lookup
    where a new one costs a call of `Record.__new__` (a third of a microsecond). Positional
    arguments only: the maker takes no keywords (no dict made at every call)."""
    made: dict[Any, R] = {}

    def get(*args: Any) -> R:
        found = made.get(args)
        if found is None:
            found = made[args] = make(*args)  # type: ignore[call-arg]
        return found

    return cast("Callable[P, R]", get)
