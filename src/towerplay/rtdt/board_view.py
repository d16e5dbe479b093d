"""The board as a screen draws it: spaces, kingdoms, terrain, edges, rivers and a layout.

Static and public (no game state): the same for every game, so a browser fetches it once and
draws `observe()` on top of it. The public facts give which space touches which, not where
a space lies on the printed board, so the positions are a layout of our own (`source:
designed`): each kingdom keeps its quarter around the Tower (north at the top, then east,
south and west clockwise, as the Tower's sides), spaces next to the Tower lie near the
middle, and a few hundred steps of a spring layout pull neighbours together and push the
rest apart. Deterministic: no randomness, the same positions every run.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from towerplay.rtdt.board import KINGDOMS, Board
from towerplay.rtdt.world import World, get_world

SIZE = 1000.0  # the layout's square, in SVG units; the Tower stands at the middle
TOWER_RADIUS = 95.0
GAP = 78.0  # the least distance between two spaces
MARGIN = 40.0
ANGLE = {"north": -90.0, "east": 0.0, "south": 90.0, "west": 180.0}  # degrees, screen axes


def _rings(board: Board) -> dict[str, int]:
    """Steps from the Tower: 0 for the spaces next to it, then outwards."""
    ring = {s: 0 for s in board.tower_adjacent}
    frontier = list(ring)
    while frontier:
        nxt = []
        for s in frontier:
            for n in board.neighbours[s]:
                if n not in ring:
                    ring[n] = ring[s] + 1
                    nxt.append(n)
        frontier = nxt
    for s in board.spaces:
        ring.setdefault(s, 4)
    return ring


def _start(board: Board, ring: dict[str, int]) -> dict[str, list[float]]:
    """First positions: in the kingdom's quarter, on the ring of its distance, spread
    evenly by order along the quarter."""
    pos: dict[str, list[float]] = {}
    for k in KINGDOMS:
        spaces = board.kingdom_spaces[k]
        by_ring: dict[int, list[str]] = {}
        for s in spaces:
            by_ring.setdefault(ring[s], []).append(s)
        for r, members in by_ring.items():
            for i, s in enumerate(sorted(members)):
                a = math.radians(ANGLE[k] - 38 + 76 * (i + 0.5) / len(members))
                radius = TOWER_RADIUS + 70 + 95 * r
                pos[s] = [SIZE / 2 + radius * math.cos(a), SIZE / 2 + radius * math.sin(a)]
    return pos


def _relax(board: Board, pos: dict[str, list[float]], steps: int = 300) -> None:
    """Springs along edges, repulsion between all, every space kept in its quarter; then
    spaces closer than GAP are pushed apart."""
    spaces = board.spaces
    for step in range(steps):
        heat = 6.0 * (1 - step / steps) + 0.4
        force = {s: [0.0, 0.0] for s in spaces}
        for i, a in enumerate(spaces):
            ax, ay = pos[a]
            for b in spaces[i + 1 :]:
                dx, dy = ax - pos[b][0], ay - pos[b][1]
                d2 = dx * dx + dy * dy + 1.0
                push = 20000.0 / (d2 * math.sqrt(d2))
                force[a][0] += dx * push
                force[a][1] += dy * push
                force[b][0] -= dx * push
                force[b][1] -= dy * push
        for a in spaces:
            for b in board.neighbours[a]:
                dx, dy = pos[b][0] - pos[a][0], pos[b][1] - pos[a][1]
                d = math.hypot(dx, dy) or 1.0
                pull = (d - 105.0) * 0.2
                force[a][0] += dx / d * pull
                force[a][1] += dy / d * pull
        for s in spaces:
            fx, fy = force[s]
            f = math.hypot(fx, fy) or 1.0
            pos[s][0] += fx / f * min(f, heat)
            pos[s][1] += fy / f * min(f, heat)
            _keep_in_quarter(pos[s], board.kingdom_of[s])
    _spread(board, pos)


def _spread(board: Board, pos: dict[str, list[float]]) -> None:
    """Push apart any two spaces closer than GAP, until none are (or 200 rounds)."""
    spaces = board.spaces
    for _ in range(200):
        moved = False
        for i, a in enumerate(spaces):
            for b in spaces[i + 1 :]:
                dx, dy = pos[a][0] - pos[b][0], pos[a][1] - pos[b][1]
                d = math.hypot(dx, dy) or 0.1
                if d < GAP:
                    shift = (GAP - d) / 2 + 0.5
                    pos[a][0] += dx / d * shift
                    pos[a][1] += dy / d * shift
                    pos[b][0] -= dx / d * shift
                    pos[b][1] -= dy / d * shift
                    _keep_in_quarter(pos[a], board.kingdom_of[a])
                    _keep_in_quarter(pos[b], board.kingdom_of[b])
                    moved = True
        if not moved:
            break


def _keep_in_quarter(p: list[float], kingdom: str) -> None:
    """Inside the board's square, outside the Tower, and within the kingdom's quarter
    (the triangle between the square's diagonals on its side)."""
    lo, hi = MARGIN, SIZE - MARGIN
    p[0], p[1] = min(max(p[0], lo), hi), min(max(p[1], lo), hi)
    cx, cy = p[0] - SIZE / 2, p[1] - SIZE / 2
    r = max(math.hypot(cx, cy), TOWER_RADIUS + 55)
    a = math.degrees(math.atan2(cy, cx))
    centre = ANGLE[kingdom]
    off = max(-40.0, min(40.0, (a - centre + 180) % 360 - 180))
    a = math.radians(centre + off)
    x, y = SIZE / 2 + r * math.cos(a), SIZE / 2 + r * math.sin(a)
    p[0], p[1] = min(max(x, lo), hi), min(max(y, lo), hi)


@cache
def board_view() -> dict[str, Any]:
    """Kingdoms, spaces (with x, y), edges and rivers, as JSON."""
    w = get_world()
    b = w.board
    ring = _rings(b)
    pos = _start(b, ring)
    _relax(b, pos)
    edges = sorted({tuple(sorted((a, n))) for a in b.spaces for n in b.neighbours[a]})
    return {
        "size": SIZE,
        "tower": {"x": SIZE / 2, "y": SIZE / 2, "r": TOWER_RADIUS},
        "kingdoms": [
            {"id": k.id, "name": k.name, "terrain": str(k.terrain), "angle": ANGLE[k.id]}
            for k in w.content.board.kingdoms
        ],
        "spaces": [
            {
                "id": s,
                "name": b.names[s],
                "kingdom": b.kingdom_of[s],
                "terrain": b.terrain_of[s],
                "building": b.building_of.get(s),
                "tower_adjacent": s in b.tower_adjacent,
                "x": round(pos[s][0], 1),
                "y": round(pos[s][1], 1),
            }
            for s in b.spaces
        ],
        "edges": [list(e) for e in edges],
        "rivers": sorted(sorted(e) for e in b.rivers),
        "names": names(w),
    }


def names(w: World) -> dict[str, str]:
    """Every id a page may show, by its printed name: cards, heroes, foes, adversaries,
    monuments, quests, trials and spells (spaces are above)."""
    c = w.content
    out = {cid: w.name(cid) for cid in w.kind_of}
    for ids in (c.heroes, c.foes, c.adversaries, c.monuments, c.companions):
        out.update({k: w.name(k) for k in ids})
    for named in (c.quests, c.trials, c.spells):
        out.update({k: str(v.name) for k, v in named.items()})
    return out
