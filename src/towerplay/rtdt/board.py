"""Kingdoms, spaces, terrain, rivers, buildings and adjacency: the board as lookups.

Built once from content and shared by every game (never copied by clone).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from towerplay.rtdt.models import BoardFile
from towerplay.rtdt.words import N_

# RTDT-SETUP-5: four kingdoms (15 spaces each in board.yaml), parted by river edges
KINGDOMS = (N_("north"), N_("east"), N_("south"), N_("west"))  # clockwise, as the Tower's sides


@dataclass(frozen=True)
class Board:
    spaces: tuple[str, ...]
    kingdom_of: dict[str, str]
    terrain_of: dict[str, str]
    building_of: dict[str, str]  # space -> building type, for the 16 building spaces
    neighbours: dict[str, tuple[str, ...]]
    rivers: frozenset[frozenset[str]]
    kingdom_spaces: dict[str, tuple[str, ...]]
    kingdom_buildings: dict[str, tuple[str, ...]]  # kingdom -> its building spaces
    building_space: dict[tuple[str, str], str]  # (kingdom, type) -> space
    river_bank: dict[tuple[str, str], tuple[str, ...]]  # (from, to) -> spaces of `to` on that river
    tower_adjacent: frozenset[str]
    names: dict[str, str]
    distances: dict[tuple[str, str], int] = field(default_factory=dict, compare=False)

    @staticmethod
    def build(data: BoardFile) -> Board:
        spaces = tuple(s.id for s in data.spaces)
        kingdom_of: dict[str, str] = {s.id: s.kingdom for s in data.spaces}
        nbrs: dict[str, list[str]] = {s: [] for s in spaces}
        # RTDT-MOVE-7: adjacent means sharing an edge, land or river
        for a, b in data.adjacency.edges:
            if b not in nbrs[a]:
                nbrs[a].append(b)
            if a not in nbrs[b]:
                nbrs[b].append(a)
        # RTDT-MOVE-8: a river is an edge between two spaces (BoardFile checks), not a way along
        rivers = frozenset(frozenset(e) for e in data.rivers.edges)
        bank: dict[tuple[str, str], list[str]] = {}
        for a, b in data.rivers.edges:
            for x, y in ((a, b), (b, a)):
                key = (kingdom_of[x], kingdom_of[y])
                bank.setdefault(key, [])
                if y not in bank[key]:
                    bank[key].append(y)
        buildings: dict[str, str] = {s.id: s.building for s in data.spaces if s.building}
        return Board(
            spaces=spaces,
            kingdom_of=kingdom_of,
            terrain_of={s.id: str(s.terrain) for s in data.spaces},
            building_of=buildings,
            neighbours={s: tuple(sorted(v)) for s, v in nbrs.items()},
            rivers=rivers,
            kingdom_spaces={k: tuple(s for s in spaces if kingdom_of[s] == k) for k in KINGDOMS},
            kingdom_buildings={
                k: tuple(s for s in spaces if kingdom_of[s] == k and s in buildings)
                for k in KINGDOMS
            },
            building_space={(kingdom_of[s], t): s for s, t in buildings.items()},
            river_bank={k: tuple(sorted(v)) for k, v in bank.items()},
            tower_adjacent=frozenset(s.id for s in data.spaces if s.tower_adjacent),
            names={s.id: s.name for s in data.spaces},
        )

    def is_river(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self.rivers

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.neighbours[a]

    def distance(self, a: str, b: str) -> int:
        """Steps between two spaces (breadth-first; the board is connected; cached)."""
        key = (a, b)
        d = self.distances.get(key)
        if d is None:
            d = self.distances[key] = self._bfs(a, b)
        return d

    def _bfs(self, a: str, b: str) -> int:
        if a == b:
            return 0
        seen = {a}
        queue = deque([(a, 0)])
        while queue:
            here, d = queue.popleft()
            for n in self.neighbours[here]:
                if n == b:
                    return d + 1
                if n not in seen:
                    seen.add(n)
                    queue.append((n, d + 1))
        raise ValueError(f"no path from {a} to {b}")

    def step_toward(self, src: str, dst: str, steps: int) -> str:
        """The space `steps` moves along a shortest path from src toward dst (ties: the
        order of the neighbour lists)."""
        if src == dst:
            return src
        prev: dict[str, str] = {src: src}
        queue = deque([src])
        while queue:
            here = queue.popleft()
            if here == dst:
                break
            for n in self.neighbours[here]:
                if n not in prev:
                    prev[n] = here
                    queue.append(n)
        path = [dst]
        while path[-1] != src:
            path.append(prev[path[-1]])
        path.reverse()  # src ... dst
        return path[min(steps, len(path) - 1)]

    def near(self, space: str) -> tuple[str, ...]:
        """The space itself and its neighbours."""
        return (space, *self.neighbours[space])
