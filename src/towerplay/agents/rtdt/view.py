"""What one decision reads: the seat's table (table.py), the legal actions by verb, the
printed content, and the facts worked out from them once a decision.

Nothing here reads the game's state: every fact comes from the seat's view
(`game.view(seat)`, rtdt/seat_view.py) or from the printed content (`game.world`: the
board, the cards and their abilities).
"""

from __future__ import annotations

from collections import deque
from typing import Any, TypeVar

from towerplay.agents.rtdt.table import Table, profile
from towerplay.agents.rtdt.tables import tables
from towerplay.agents.rtdt.values import GLYPH_HOMES, KINGDOMS
from towerplay.core.notation import Action, Record
from towerplay.rtdt.records import Use
from towerplay.rtdt.seat_view import HeroView, QuestView, SeatView

# Covenant treasures whose Wild depends on where the hero stands (counted by assess.py)
WILD_FLAGS = frozenset(
    {"wasteland_battle_wild", "wild_in_monument_kingdom", "wild_near_bazaar", "wild_on_quest"}
)

R = TypeVar("R", bound=Record)


class Once(dict[Any, Any]):
    """The facts one decision works out once: `v.once[fact]` is `fact(v)` and
    `v.once[fact, x, y]` is `fact(v, x, y)`, worked out the first time it is asked for and
    kept for the rest of the decision (a dict lookup after that: the agent asks for some of
    them thousands of times a game)."""

    __slots__ = ("view",)

    def __init__(self, view: View) -> None:
        super().__init__()
        self.view: View | None = view

    def close(self) -> None:
        """Let the facts and the view go: each refers to the other, a cycle that only the
        garbage collector would otherwise find (tens of thousands of objects a game)."""
        self.clear()
        self.view = None

    def __missing__(self, key: Any) -> Any:
        if type(key) is tuple:
            hit = self[key] = key[0](self.view, *key[1:])
        else:
            hit = self[key] = key(self.view)
        return hit


class View:
    """What one decision needs, gathered once: the observation, the legal actions by verb,
    the printed content, and the agent's own memory (its battle estimates, its trial)."""

    __slots__ = (
        "w",
        "s",
        "h",
        "seat",
        "t",
        "legal",
        "by_verb",
        "obs",
        "cache",
        "once",
        "around",
        "memo",
        "decks",
        "comp_choice",
        "threat_weight",
        "read",
    )

    def __init__(
        self,
        world: Any,
        obs: SeatView,
        seat: int,
        legal: list[Action],
        memo: dict[Any, Any],
        decks: dict[Any, Any],
        comp_choice: dict[int, str],
        threat_weight: float,
        kept: dict[Any, tuple[Any, Any]] | None = None,
    ) -> None:
        self.w = world
        self.obs = obs
        self.read: dict[Any, tuple[Any, Any]] = {} if kept is None else kept  # see reread
        self.s = Table(obs, self.read)
        self.seat = seat
        self.h = self.s.heroes[seat]
        self.t = tables(world)
        self.legal = legal
        self.by_verb: dict[str, list[Action]] = {}
        for a in legal:
            self.by_verb.setdefault(a[0] if a else "", []).append(a)  # verb_of, inlined
        self.cache: dict[Any, Any] = {}  # the battle's space ("at") while it is priced
        self.once = Once(self)
        self.around: dict[str, tuple[int, int, int]] = {}  # by space: see around()
        self.memo = memo  # battle estimates
        self.decks = decks  # costs over a foe's battle deck, kept by what they depend on
        self.comp_choice = comp_choice
        self.threat_weight = threat_weight

    def quests(self) -> tuple[QuestView, ...]:
        """The quests on the board, each with its space."""
        return self.obs.quests

    def records(self, kind: type[R]) -> list[R]:
        """The legal actions of one verb, as its typed record (rtdt/records.py)."""
        return [a for a in self.by_verb.get(kind.VERB, ()) if isinstance(a, kind)]

    def use_of(self, card: str) -> Use | None:
        """The first legal `use` of this card (with any argument), or None."""
        return next((a for a in self.records(Use) if a.card == card), None)

    def offered(self, action: Action) -> Action | None:
        """The legal action equal to `action`, or None (looked for among its verb's only)."""
        for a in self.by_verb.get(action[0], ()):
            if a == action:
                return a
        return None

    def dist(self, a: str, b: str) -> int:
        return self.t.dist.get(a, {}).get(b, 99)


# --- reading the table -------------------------------------------------------------------


def flag_amount(w: Any, h: HeroView, flag: str) -> int:
    """The sum of a printed flag's `amount` over the hero's cards (0 without the flag)."""
    if flag not in profile(w, h).flags:
        return 0
    return sum(f.amount for cid in h.cards for f in w.flags[cid] if f.flag == flag)


def building_type(v: View, sp: str) -> str:
    """The type a building counts as (a monument, the type it replaced), as observed."""
    b = v.s.buildings.get(sp)
    return b.type if b is not None else v.w.board.building_of.get(sp, "")


def skull_capacity(v: View, sp: str) -> int:
    b = v.s.buildings.get(sp)
    return b.capacity if b is not None else 3


def cleansable(v: View, sp: str) -> bool:
    """Whether a Cleanse could take skulls from this building, as observed."""
    b = v.s.buildings.get(sp)
    return b is not None and b.cleansable


def quarry_at(s: Table) -> tuple[str, str]:
    """(foe, space) the quarry token marks; ("adversary", space) or ("", "") when none."""
    if s.cov is None or not s.cov.quarry:
        return "", ""
    if s.cov.quarry == "adversary":
        return "adversary", s.adversary_space
    foe, _, space = s.cov.quarry.partition("@")
    return foe, space


def is_quarry(s: Table, foe: str, space: str, adversary: bool) -> bool:
    q = s.cov.quarry if s.cov is not None else ""
    if not q:
        return False
    return q == "adversary" if adversary else q == f"{foe}@{space}"


def has_flag(v: View, h: HeroView, flag: str) -> bool:
    return flag in profile(v.w, h).flags


def competitive(v: View) -> bool:
    return v.s.config.mode == "competitive"


def waste_spaces(v: View) -> frozenset[str]:
    return v.once[wastelands]


def wastelands(v: View) -> frozenset[str]:
    cov = v.s.cov
    return frozenset(cov.wastelands) if cov is not None else frozenset()


def walk(v: View, src: str) -> dict[str, int]:
    """Steps from `src` to every space when a wasteland ends any walk that enters it
    (COV-WASTE-4). The board is symmetric, so it also counts steps *to* `src`. Kept in
    the world's tables while those wastelands stay: read-only."""
    return v.once[kept_walk, src]


def kept_walk(v: View, src: str) -> dict[str, int]:
    wastes = waste_spaces(v)
    kept = (wastes, src)
    hit = v.t.walks.get(kept)
    if hit is None:
        if len(v.t.walks) > 20_000:
            v.t.walks.clear()
        hit = v.t.walks[kept] = walk_around(v.w.board.neighbours, wastes, src)
    return hit


def walk_around(neighbours: Any, wastes: frozenset[str], src: str) -> dict[str, int]:
    steps = {src: 0}
    queue = deque([src])
    while queue:
        here = queue.popleft()
        if here in wastes and here != src:
            continue
        for n in neighbours[here]:
            if n not in steps:
                steps[n] = steps[here] + 1
                queue.append(n)
    return steps


def rdist(v: View, sp: str) -> int:
    """Steps this turn from the hero's space to `sp`, around wastelands."""
    return steps_from_here(v).get(sp, 99)


def steps_from_here(v: View) -> dict[str, int]:
    """Steps this turn from the hero's space to every space, around wastelands (a space
    missing is out of reach: 99 steps). Read-only: shared with the world's tables."""
    if not waste_spaces(v):
        return v.t.dist.get(v.h.space, {})
    return walk(v, v.h.space)


def stuck(v: View) -> bool:
    cov = v.s.cov
    return cov is not None and v.h.seat in cov.stuck


def regular(v: View, sp: str) -> int:
    s = v.s
    n = s.skulls.get(sp, 0)
    return n - s.cov.doom.get(sp, 0) if s.cov is not None else n


def monument_at(v: View, sp: str) -> Any:
    """The completed monument standing on `sp` (its content), or None."""
    cov = v.s.cov
    if cov is None:
        return None
    for x in cov.sites:
        if x.space == sp and x.status == "built":
            return v.w.content.monuments[x.monument]
    return None


def ready_sites(v: View) -> list[Any]:
    """Foundations with three offerings: a Build there completes the monument."""
    return v.once[ready_sites_raw]


def ready_sites_raw(v: View) -> list[Any]:
    cov = v.s.cov
    if cov is None:
        return []
    return [x for x in cov.sites if x.status == "foundation" and x.offerings >= 3]


def can_cleanse(v: View, sp: str) -> bool:
    """Doom skulls cannot be cleansed, nor the Endless Necropolis (COV-DOOM-4,
    COV-CLARIFY-13)."""
    if v.s.cov is None:
        return v.s.skulls.get(sp, 0) > 0
    return cleansable(v, sp)


def no_cleanse(v: View, sp: str) -> bool:
    return v.s.skulls.get(sp, 0) >= 3 and "feverish" in v.h.corruptions


def base_move(v: View) -> int:
    h, w = v.h, v.w
    base = None
    plus = 0
    for m in profile(w, h).modifiers:
        if m.stat == "set_base_move":
            base = m.amount if base is None else min(base, m.amount)
        elif m.stat == "base_move":
            plus += m.amount
    if base is None:
        base = w.content.heroes[h.hero].base_move
    return max(0, base + plus)


def moves_this_turn(v: View) -> int:
    t = v.s.turn
    if t.moving_started:
        return t.steps_left
    return base_move(v) * (2 if t.doubled else 1)


def glyph_cost(v: View, glyph: str) -> int:
    """What the glyph costs this hero now (once a decision per glyph)."""
    return v.once[glyph_cost_raw, glyph]


def glyph_cost_raw(v: View, glyph: str) -> int:
    s, h = v.s, v.h
    try:
        level, home = GLYPH_HOMES[glyph]
        side = (home + s.tower.rotation[level]) % 4
        if s.tower.seals[level * 4 + side] or KINGDOMS[side] != h.kingdom:
            return 0
    except (KeyError, IndexError, AttributeError):
        return 0
    cost = 1
    for m in profile(v.w, h).modifiers:
        if m.stat == "set_glyph_cost":
            return int(m.amount)
        if m.stat == "glyph_cost":
            cost += m.amount
    return max(0, cost)


def treasure_limit(v: View) -> int:
    limit = 4
    for m in profile(v.w, v.h).modifiers:
        if m.stat == "treasure_limit":
            limit = min(limit, m.amount)
    return limit


def adv_cap(v: View) -> int:
    cap = 10
    for m in profile(v.w, v.h).modifiers:
        if m.stat == "advantage_cap":
            cap = min(cap, m.amount - v.s.turn.advantages_used)
    return max(0, cap)


def foe_traits(v: View, foe: str) -> tuple[str, ...]:
    c = v.w.content
    if foe in c.foes:
        return tuple(c.foes[foe].traits)
    if foe in c.adversaries:
        return tuple(c.adversaries[foe].traits)
    return ()


def resolute(v: View) -> int:
    h = v.h
    if not h.corruptions:
        return 0
    return flag_amount(v.w, h, "reinforce_discount_per_corruption") * len(h.corruptions)
