"""Seeded, serializable randomness, and the 12-character game code alphabet.

The generator is SplitMix64: its whole state is one 64-bit integer, so it is
saved in JSON, cloned for free and never shared with Python's global `random`.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from types import TracebackType
from typing import Protocol, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """A small deterministic generator whose state is a single int."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next_u64(self) -> int:
        self.state = s = (self.state + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        # next_u64, inlined: this is the hot path of shuffles and agents
        self.state = s = (self.state + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def randint(self, lo: int, hi: int) -> int:
        """A uniform integer in [lo, hi], both ends included."""
        return lo + self.below(hi - lo + 1)

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        self.state = s = (self.state + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) >> 11) * (1.0 / (1 << 53))

    def chance(self, p: float) -> bool:
        return self.random() < p

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates in place: the draw of `below(i + 1)` for each i from the end, with
        the generator inlined and its state kept local (a game's setup shuffles every deck)."""
        s = self.state
        for i in range(len(seq) - 1, 0, -1):
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            seq[i], seq[j] = seq[j], seq[i]
        self.state = s

    def fork(self) -> Rng:
        """An independent generator seeded from this one (advances this one)."""
        return Rng(self.next_u64())

    def clone(self) -> Rng:
        return Rng(self.state)


def seed_state(seed: int) -> int:
    """Mix a user seed into a generator state, so nearby seeds give unrelated games."""
    r = Rng(seed)
    return r.next_u64()


# --- game codes -------------------------------------------------------------
# The app's codes use 34 characters: digits 1-9 and letters without "o".
CODE_ALPHABET = "a123456789bcdefghijklmnpqrstuvwxyz"
CODE_BASE = len(CODE_ALPHABET)  # 34
CODE_LENGTH = 12
_CODE_INDEX = {c: i for i, c in enumerate(CODE_ALPHABET)}


def shown_code(code: str) -> str:
    """A code as an error quotes it: whole when short, else its start (a 5 MB code was
    printed whole)."""
    return repr(code) if len(code) <= 24 else repr(code[:20] + "…")


def code_values(code: str) -> list[int]:
    """The 12 character values (0-33) of a game code; dashes and case are ignored."""
    clean = code.replace("-", "").replace(" ", "").lower()
    if len(clean) != CODE_LENGTH:
        raise ValueError(
            f"a game code has {CODE_LENGTH} characters, got {len(clean)}: {shown_code(code)}"
        )
    bad = [c for c in clean if c not in _CODE_INDEX]
    if bad:
        raise ValueError(
            f"character {bad[0]!r} is not in the game code alphabet "
            f"(digits 1-9 and letters except 'o'): {shown_code(code)}"
        )
    return [_CODE_INDEX[c] for c in clean]


def format_code(values: Sequence[int]) -> str:
    """Show 12 character values as xxxx-xxxx-xxxx."""
    if len(values) != CODE_LENGTH or any(not 0 <= v < CODE_BASE for v in values):
        raise ValueError("a game code is 12 values in 0..33")
    text = "".join(CODE_ALPHABET[v] for v in values)
    return f"{text[0:4]}-{text[4:8]}-{text[8:12]}"


def base34_le(values: Sequence[int]) -> int:
    """Little-endian base-34 integer of some code characters."""
    return sum(v * CODE_BASE**i for i, v in enumerate(values))


def base34_le_digits(n: int, width: int) -> list[int]:
    if not 0 <= n < CODE_BASE**width:
        raise ValueError(f"{n} does not fit in {width} base-34 digits")
    out = []
    for _ in range(width):
        n, d = divmod(n, CODE_BASE)
        out.append(d)
    return out


class Seeded(Protocol):
    """A game state: its generator's whole state is the int `rng`."""

    rng: int


# the generators open on a state now (by the state's id): a `draws` inside another on the
# same state shares its generator, so no draw is made twice from one generator state
_OPEN: dict[int, Rng] = {}


class draws:  # noqa: N801 - used as a function: `with draws(s) as rng:`
    """`with draws(s) as rng:` the state's generator, opened for a run of draws and written
    back once when the block ends — so a write-back cannot be forgotten (which would replay
    the same dice). Nested on the same state, the inner block draws from the outer block's
    generator and only the outermost writes back. A block left by an exception writes
    nothing back (the step that raised changes nothing)."""

    __slots__ = ("holder", "rng", "outer")

    def __init__(self, holder: Seeded) -> None:
        self.holder = holder

    def __enter__(self) -> Rng:
        key = id(self.holder)
        found = _OPEN.get(key)
        self.outer = found is None
        if found is None:
            found = _OPEN[key] = Rng(self.holder.rng)
        self.rng = found
        return found

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self.outer:
            del _OPEN[id(self.holder)]
            if kind is None:
                self.holder.rng = self.rng.state
