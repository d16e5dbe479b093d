"""One declarative serializer for plain-data game states: save, load and clone.

A state is a tree of dataclasses whose fields hold ints, bools, text, lists,
tuples, dicts, optional parts, `Chain` logs and other dataclasses. Everything a
save, a load or a clone needs is read from those declarations: the types from
the annotations, and from `spec(...)` metadata the bounds, the allowed values
(literal, or a named *domain* such as "spaces" that the game supplies when it
loads), per-seat lengths and the JSON key. So a new field is declared once and
is saved, checked and cloned without another line elsewhere.

`dump` also serves the read-only typed views (msgspec Structs, such as
rtdt/seat_view.py): tuples become lists, a `tuple[...] | int` union is dumped as it
is, and the parts named in a Struct's `SHARED`, and every instance of a Struct whose
class says `KEPT = True`, are dumped once while they are the same object (`memo`).

`clone` and `dump` are Python functions generated once per class from its
fields (positional arguments in declaration order, so no hand-kept list can
swap two values); immutable parts (frozen dataclasses, tuples, text, `Chain`
logs) are shared by reference. `load` checks every field and raises SaveError
naming the file and the dotted path of the first bad one; cross-checks between
fields belong to each game (rtdt/save.py, tactics/save.py).
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Callable, Container, Mapping
from dataclasses import dataclass, fields, is_dataclass
from typing import Any, TypeVar

import msgspec

from towerplay.core.errors import SaveError
from towerplay.core.replay import Chain

T = TypeVar("T")
KEY = "towerplay.serial"
INT_LIMIT = 10_000  # the default upper bound of an int field: no count in a game comes near


@dataclass(frozen=True, slots=True)
class Spec:
    """What a field's declaration adds to its type."""

    of: str | tuple[Any, ...] | None = None  # the allowed values of its ints and texts
    keys: str | tuple[Any, ...] | None = None  # a dict's allowed keys
    items: tuple[str | tuple[Any, ...] | None, ...] = ()  # per position of a fixed tuple
    blank: bool = False  # "" is allowed besides the domain
    lo: int = 0
    hi: int = INT_LIMIT
    length: int = -1  # a list of exactly this many entries
    seats: bool = False  # a list with one entry per seat (the "seats" domain)
    key: str = ""  # the JSON key, when it is not the field's name
    complete: bool = False  # a dict holds every key of its `keys` domain
    keyed: str = ""  # a dict saved as a list of records, keyed by this field of each
    text: bool = False  # an int saved as decimal text (64-bit values)
    shallow: bool = False  # clone a dict of JSON values one level deep only
    added: bool = False  # added after saves were made: missing from a save, it takes its default
    shared: bool = False  # dump: a read-only part handed on unchanged, dumped once (`memo`)
    omitted: bool = False  # dump: no key at all while the value is None (a view's optional key)


LEAF = Spec()
SHARED_LEAF = Spec(shared=True)


def spec(**options: Any) -> dict[str, Spec]:
    """Field metadata for the serializer: `field(default=..., metadata=spec(of="spaces"))`
    (see Spec for the options)."""
    return {KEY: Spec(**options)}


def field_spec(f: dataclasses.Field[Any]) -> Spec:
    found = f.metadata.get(KEY)
    return found if isinstance(found, Spec) else LEAF


def _record(tp: Any) -> bool:
    """A dataclass or a msgspec Struct class: serialized field by field."""
    return isinstance(tp, type) and (is_dataclass(tp) or issubclass(tp, msgspec.Struct))


def _specs(cls: type) -> list[tuple[str, Spec]]:
    """Each field's name and spec, in declaration order. A Struct (a read-only view)
    declares no metadata, but class attributes: the fields its `SHARED` names are shared,
    those its `OMITTED` names have no key while None, and `KEYS` maps a field to its JSON
    key where the key is no Python name (`klass` -> "class")."""
    if is_dataclass(cls):
        return [(f.name, field_spec(f)) for f in fields(cls)]
    shared = getattr(cls, "SHARED", ())
    omitted = getattr(cls, "OMITTED", ())
    keys: Mapping[str, str] = getattr(cls, "KEYS", {})
    names: tuple[str, ...] = cls.__struct_fields__  # type: ignore[attr-defined]
    return [(n, Spec(shared=n in shared, omitted=n in omitted, key=keys.get(n, ""))) for n in names]


def _union(tp: Any) -> bool:
    """Whether `tp` is a union of two or more types besides None (`tuple[str, ...] | int`)."""
    if typing.get_origin(tp) not in (typing.Union, types.UnionType):
        return False
    return len([a for a in typing.get_args(tp) if a is not type(None)]) > 1


def _element(s: Spec) -> Spec:
    """The spec a container passes on to its entries: the same leaf checks, no shape."""
    if s.length < 0 and not s.seats and not s.keyed and not s.complete:
        return s
    return dataclasses.replace(s, length=-1, seats=False, keyed="", complete=False)


# --- types ----------------------------------------------------------------------------


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    """A class's field types, resolved once (a log loads one record per event)."""
    return typing.get_type_hints(cls)


def _optional(tp: Any) -> Any | None:
    """X for `X | None`, else None."""
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(args) == 1 and len(typing.get_args(tp)) == 2:
            return args[0]
        raise TypeError(f"only `X | None` unions are serialized, not {tp}")
    return None


def immutable(tp: Any) -> bool:
    """Values of this type are never changed in place, so clones share them."""
    if tp in (int, str, bool, float, type(None)):
        return True
    inner = _optional(tp)
    if inner is not None:
        return immutable(inner)
    origin = typing.get_origin(tp)
    if origin is Chain or tp is Chain:
        return True
    if origin is tuple:
        return all(immutable(a) for a in typing.get_args(tp) if a is not Ellipsis)
    if is_dataclass(tp) and isinstance(tp, type):
        params = getattr(tp, "__dataclass_params__", None)
        return bool(params and params.frozen) and all(immutable(t) for t in _hints(tp).values())
    return False


# --- clone and dump: generated once per class -----------------------------------------


class _Gen:
    """Builds the source of the clone or dump functions of a class and of its parts."""

    def __init__(self, mode: str) -> None:
        self.mode = mode  # "clone" | "dump"
        self.ns: dict[str, Any] = {"_copy_json": copy_json, "_plain": plain, "_memo": memo}
        self.open: set[type] = set()  # the records being generated, outermost first
        self.source: list[str] = []
        self.depth = 0
        self.kept: dict[type, str] = {}  # a `KEPT` view class's memoized dump, by class

    def fn(self, cls: type) -> str:
        """The name of the generated function for the root class."""
        name = f"_{self.mode}_{cls.__name__}"
        self.source.append(f"def {name}(x):\n    return {self.record(cls, 'x')}\n")
        return name

    def record(self, cls: type, var: str) -> str:
        """One dataclass value, inlined: `Cls(var.a, var.b[:], ...)` or `{"a": var.a, ...}`
        (no function call per nested record: clones stay cheap)."""
        if cls in self.open:
            raise TypeError(f"{cls.__name__} contains itself; not serialized")
        self.open.add(cls)
        name = f"{cls.__name__}_{len(self.ns)}"
        self.ns[name] = cls
        hints = _hints(cls)
        alias = var if var.isidentifier() else f"v{len(self.ns)}"
        parts = [((n, sp), self.expr(hints[n], sp, f"{alias}.{n}")) for n, sp in _specs(cls)]
        ref = alias  # how the fields are reached once the value is bound
        if alias != var and parts:
            f, first = parts[0]
            if first.startswith(("[", "{")):  # no := in a comprehension's iterable
                parts = [(g, e.replace(f"{alias}.", f"{var}.")) for g, e in parts]
                ref = var
            else:  # `x.turn` once: `Rec((v := x.turn).seat, v.phase, ...)`
                parts[0] = (f, first.replace(alias, f"({alias} := {var})", 1))
        self.open.discard(cls)
        if self.mode == "clone":
            return f"{name}({', '.join(e for _, e in parts)})"
        if parts and parts[0][0][1].omitted:
            raise TypeError(f"{cls.__name__}: its first field cannot be omitted")
        items = [  # "key": value, or no key at all while an omitted field is None
            f"**({{}} if {ref}.{n} is None else {{{(sp.key or n)!r}: {e}}})"
            if sp.omitted
            else f"{(sp.key or n)!r}: {e}"
            for (n, sp), e in parts
        ]
        return "{" + ", ".join(items) + "}"

    def part(self, tp: Any, s: Spec) -> str:
        """A function of its own that dumps a `tp`, for the memo to call."""
        name = f"_part_{len(self.ns)}"
        self.ns[name] = None  # defined by the generated source
        depth, self.depth = self.depth, 0
        body = self.expr(tp, s, "x")
        self.depth = depth
        self.source.append(f"def {name}(x):\n    return {body}\n")
        return name

    def expr(self, tp: Any, s: Spec, var: str) -> str:
        if s.shared and self.mode == "dump":  # a shared field: dumped once while the same
            return f"_memo({var}, {self.part(tp, dataclasses.replace(s, shared=False))})"
        if self.mode == "dump" and getattr(tp, "KEPT", False) is True:  # every instance so
            name = self.kept.get(tp)
            if name is None:
                self.kept[tp] = ""  # while its own body is generated: dumped in place
                name = self.kept[tp] = self.part(tp, s)
            if name:
                return f"_memo({var}, {name})"
        if _union(tp) and self.mode == "dump":  # read-only views only: no loader takes them
            return f"_plain({var})"
        inner = _optional(tp)
        if inner is not None:
            sub = self.expr(inner, s, var)
            return var if sub == var else f"(None if {var} is None else {sub})"
        if tp is Any:
            return var if (self.mode == "clone" and s.shallow) else f"_copy_json({var})"
        if tp in (int, str, bool, float):
            return f"str({var})" if (self.mode == "dump" and s.text) else var
        origin = typing.get_origin(tp) or tp
        if origin is Chain:
            if self.mode == "clone":
                return var
            (item,) = typing.get_args(tp) or (str,)
            if _record(item):  # events: one dict each
                self.depth += 1
                e = f"e{self.depth}"
                try:
                    return f"[{self.record(item, e)} for {e} in {var}.to_list()]"
                finally:
                    self.depth -= 1
            return f"{var}.to_list()"
        if _record(tp):
            if self.mode == "clone" and immutable(tp):
                return var
            return self.record(tp, var)
        args = typing.get_args(tp)
        self.depth += 1
        e = f"e{self.depth}"
        try:
            if origin in (list, tuple):
                elems = [a for a in args if a is not Ellipsis]
                if origin is tuple and (self.mode == "clone" and immutable(tp)):
                    return var
                if len(elems) == 1:
                    sub = self.expr(elems[0], _element(s), e)
                    if sub == e:
                        return f"{var}[:]" if origin is list else f"list({var})"
                    comp = f"[{sub} for {e} in {var}]"
                    return f"tuple({comp})" if origin is tuple and self.mode == "clone" else comp
                subs = [self.expr(a, _element(s), f"{var}[{i}]") for i, a in enumerate(elems)]
                if self.mode == "dump":
                    return f"[{', '.join(subs)}]"
                return f"({', '.join(subs)},)"
            if origin is dict:
                sub = self.expr(args[1], _element(s), e)
                if s.keyed and self.mode == "dump":
                    return f"[{sub} for {e} in {var}.values()]"
                if sub == e:
                    return f"{var}.copy()"
                return f"{{k{self.depth}: {sub} for k{self.depth}, {e} in {var}.items()}}"
        finally:
            self.depth -= 1
        raise TypeError(f"cannot serialize {tp}")

    def build(self, cls: type) -> Callable[[Any], Any]:
        name = self.fn(cls)
        exec("\n".join(self.source), self.ns)  # noqa: S102 - our own generated source
        return typing.cast(Callable[[Any], Any], self.ns[name])


_CLONERS: dict[type, Callable[[Any], Any]] = {}
_DUMPERS: dict[type, Callable[[Any], Any]] = {}


def cloner(cls: type[T]) -> Callable[[T], T]:
    """The generated clone function of a class (made once): a deep copy that shares the
    immutable parts. A hot clone binds it once, at import time."""
    fn = _CLONERS.get(cls)
    if fn is None:
        fn = _CLONERS[cls] = _Gen("clone").build(cls)
    return fn


def clone(obj: T) -> T:
    """A deep copy of a dataclass value that shares the immutable parts."""
    return cloner(type(obj))(obj)


def dump(obj: Any) -> dict[str, Any]:
    """The JSON-ready dict of a dataclass (fresh lists and dicts, nothing shared)."""
    fn = _DUMPERS.get(type(obj))
    if fn is None:
        fn = _DUMPERS[type(obj)] = _Gen("dump").build(type(obj))
    return typing.cast(dict[str, Any], fn(obj))


def copy_json(v: Any) -> Any:
    """A deep copy of plain JSON data."""
    if isinstance(v, list):
        return [copy_json(x) for x in v]
    if isinstance(v, dict):
        return {k: copy_json(x) for k, x in v.items()}
    return v


def plain(v: Any) -> Any:
    """Plain JSON data of ints, texts, tuples, lists and dicts (tuples become lists)."""
    if isinstance(v, (list, tuple)):
        return [plain(x) for x in v]
    if isinstance(v, dict):
        return {k: plain(x) for k, x in v.items()}
    return v


MEMO_KEPT = 1024  # dumped shared parts kept by `memo`
_MEMO: dict[int, tuple[Any, Any]] = {}


def memo(part: Any, dump: Callable[[Any], Any]) -> Any:
    """`dump(part)`, made once while `part` is held here: a view's read-only parts come
    back as the same objects while their facts hold, so their JSON is the same object too
    (read-only as well). The entry holds the part: its id cannot pass to another object."""
    hit = _MEMO.get(id(part))
    if hit is None or hit[0] is not part:
        if len(_MEMO) >= MEMO_KEPT:
            _MEMO.clear()
        hit = _MEMO[id(part)] = (part, dump(part))
    return hit[1]


# --- load: checked against the declarations -------------------------------------------


class Pattern:
    """A domain of texts given by a predicate (e.g. a regular expression's match)."""

    def __init__(self, test: Callable[[str], object]) -> None:
        self.test = test

    def __contains__(self, value: object) -> bool:
        return isinstance(value, str) and bool(self.test(value))


class Loader:
    """Loads checked values; `domains` names the sets that `of`/`keys` refer to."""

    def __init__(self, file: str, domains: Mapping[str, Container[Any]]) -> None:
        self.file = file
        self.domains = domains

    def fail(self, path: str, message: str) -> SaveError:
        return SaveError(self.file, path or "(top level)", message)

    def domain(self, d: str | tuple[Any, ...]) -> Container[Any]:
        return self.domains[d] if isinstance(d, str) else d

    def load(self, cls: type[T], raw: Any, path: str = "") -> T:
        """A dataclass from its JSON object, every field checked."""
        return typing.cast(T, self.value(cls, LEAF, raw, path))

    def fields_of(self, cls: type, raw: Any, path: str) -> dict[str, Any]:
        if not isinstance(raw, dict):
            raise self.fail(path, "expected an object")
        hints = _hints(cls)
        known = set()
        out = {}
        for f in fields(cls):
            s = field_spec(f)
            key = s.key or f.name
            known.add(key)
            where = f"{path}.{key}" if path else key
            if key not in raw and s.added:
                # a field added after saves were made: an older save loads with its default
                if f.default is not dataclasses.MISSING:
                    out[f.name] = f.default
                    continue
                if f.default_factory is not dataclasses.MISSING:
                    out[f.name] = f.default_factory()
                    continue
            if key not in raw:
                raise self.fail(where, "missing")
            out[f.name] = self.value(hints[f.name], s, raw[key], where)
        for key in raw:
            if key not in known:
                where = f"{path}.{key}" if path else str(key)
                raise self.fail(where, "unknown field")
        return out

    def value(self, tp: Any, s: Spec, raw: Any, path: str) -> Any:
        inner = _optional(tp)
        if inner is not None:
            return None if raw is None else self.value(inner, s, raw, path)
        if tp is Any:
            return raw
        if tp is bool:
            if not isinstance(raw, bool):
                raise self.fail(path, f"expected true or false, got {raw!r}")
            return raw
        if tp is int:
            return self._int(s, raw, path)
        if tp is str:
            if not isinstance(raw, str):
                raise self.fail(path, f"expected text, got {raw!r}")
            if s.of is not None and raw not in self.domain(s.of) and not (s.blank and raw == ""):
                raise self.fail(path, f"unknown value {raw!r}")
            return raw
        origin = typing.get_origin(tp) or tp
        args = typing.get_args(tp)
        if origin is Chain:
            return Chain.of(self.value(list[args[0]], LEAF, raw, path))  # type: ignore[valid-type]
        if is_dataclass(tp) and isinstance(tp, type):
            return tp(**self.fields_of(tp, raw, path))
        if origin in (list, tuple):
            return self._sequence(origin, args, s, raw, path)
        if origin is dict:
            return self._dict(args, s, raw, path)
        raise TypeError(f"cannot load {tp}")

    def _int(self, s: Spec, raw: Any, path: str) -> int:
        if s.text and isinstance(raw, str) and raw.isdigit() and raw.isascii():
            raw = int(raw)
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise self.fail(path, f"expected an integer, got {raw!r}")
        if s.of is not None:
            if raw not in self.domain(s.of):
                raise self.fail(path, f"{raw} is out of range")
        elif not s.lo <= raw <= s.hi:
            raise self.fail(path, f"{raw} is out of range {s.lo}..{s.hi}")
        return raw

    def _sequence(self, origin: Any, args: tuple[Any, ...], s: Spec, raw: Any, path: str) -> Any:
        if not isinstance(raw, list):
            raise self.fail(path, "expected a list")
        elems = [a for a in args if a is not Ellipsis]
        if origin is tuple and Ellipsis not in args:
            if len(raw) != len(elems):
                raise self.fail(path, f"expected a list of {len(elems)}")
            out = []
            for i, (a, x) in enumerate(zip(elems, raw, strict=True)):
                sub = _element(s)
                if s.items:
                    sub = dataclasses.replace(sub, of=s.items[i], items=())
                out.append(self.value(a, sub, x, f"{path}[{i}]"))
            return tuple(out)
        if s.length >= 0 and len(raw) != s.length:
            raise self.fail(path, f"expected a list of {s.length}")
        if s.seats:
            n = len(typing.cast(range, self.domains["seats"]))
            if len(raw) != n:
                raise self.fail(path, f"expected a list with one entry per seat ({n})")
        sub = _element(s)
        values = [self.value(elems[0], sub, x, f"{path}[{i}]") for i, x in enumerate(raw)]
        return tuple(values) if origin is tuple else values

    def _dict(self, args: tuple[Any, ...], s: Spec, raw: Any, path: str) -> dict[Any, Any]:
        sub = _element(s)
        if s.keyed:
            if not isinstance(raw, list):
                raise self.fail(path, "expected a list")
            out: dict[Any, Any] = {}
            for i, x in enumerate(raw):
                v = self.value(args[1], sub, x, f"{path}[{i}]")
                k = getattr(v, s.keyed)
                if k in out:
                    raise self.fail(f"{path}[{i}].{s.keyed}", f"{k!r} appears twice")
                out[k] = v
            return out
        if not isinstance(raw, dict):
            raise self.fail(path, "expected an object")
        out = {}
        for k, x in raw.items():
            where = f"{path}.{k}"
            if s.keys is not None and k not in self.domain(s.keys):
                raise self.fail(where, "unknown id")
            out[k] = self.value(args[1], sub, x, where)
        if s.complete and s.keys is not None:
            for k in self.domain(s.keys):  # type: ignore[attr-defined]
                if k not in out:
                    raise self.fail(f"{path}.{k}", "missing")
        return out
