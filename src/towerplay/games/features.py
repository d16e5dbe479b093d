"""Fixed-length observation vectors, built from what one seat sees only (docs/rl.md): its
typed view (`RtdtGame.view`, `TacticsGame.view`), no JSON made.

Each feature is a number in about [0, 1]: counts are divided by a typical maximum, and
facts on the board are one slot per space (RtDT) or per square (Tactics), in the order of
the content, so a feature's place means the same thing in every game of the content.
"""

from __future__ import annotations

from collections.abc import Sequence

from towerplay.rtdt.seat_view import SeatView
from towerplay.tactics.grid import COLUMNS
from towerplay.tactics.seat_view import EncounterView

RTDT_SEATS = 4  # the most heroes a game has: a seat with no hero reads zeros
TACTICS_SEATS = 5
RTDT_GLOBAL = 24
RTDT_SEAT = 10
RTDT_SPACE = 9
TACTICS_GLOBAL = 12
TACTICS_SEAT = 7
TACTICS_SQUARE = 11


def rtdt_size(spaces: Sequence[str]) -> int:
    return RTDT_GLOBAL + RTDT_SEATS * RTDT_SEAT + len(spaces) * RTDT_SPACE


def tactics_size(squares: Sequence[str]) -> int:
    return TACTICS_GLOBAL + TACTICS_SEATS * TACTICS_SEAT + len(squares) * TACTICS_SQUARE


def _onehot(i: int, n: int) -> list[float]:
    return [1.0 if k == i else 0.0 for k in range(n)]


def rtdt_features(v: SeatView, spaces: Sequence[str]) -> list[float]:
    """The RtDT vector of one seat's typed view: the table, each seat's hero, then each
    space."""
    seat, cfg, sk = v.seat, v.config, v.skulls
    out = _onehot(seat, 4) + [
        1.0 if v.to_act == seat else 0.0,
        cfg.players / 4,
        v.month / v.months,
        v.turn_in_month / max(1, v.average_turns_per_month),
        v.turn_number / 60,
        1.0 if cfg.mode == "competitive" else 0.0,
        1.0 if cfg.expansion == "covenant" else 0.0,
        1.0 if cfg.difficulty == "gritty" else 0.0,
        sk.supply / 24,
        sk.inside_tower / 24,
        sk.removed / 24,
        len(sk.emerged_to_place) / 4,
        len(v.tower.seals) / 12,
        v.decks.potions / 20,
        v.decks.treasures / 20,
        v.decks.corruptions / 20,
        0.0 if v.battle is None else 1.0,
        0.0 if v.delve is None else 1.0,
        0.0 if v.trade is None else 1.0,
        0.0 if v.pending is None else 1.0,
    ]
    heroes = {h.seat: h for h in v.heroes}
    for s in range(4):
        h = heroes.get(s)
        if h is None:
            out += [0.0] * RTDT_SEAT
            continue
        out += [
            1.0,
            h.warriors / 20,
            h.spirit / 10,
            len(h.potions) / 4,
            len(h.gear) / 4,
            len(h.treasures) / 4,
            len(h.quest_items) / 4,
            len(h.corruptions) / max(1, h.corruption_limit),
            len(h.virtues) / 6,
            1.0 if h.eliminated else 0.0,
        ]
    # the spaces: a zero block with the facts set where they are (most spaces hold nothing)
    block = [0.0] * (len(spaces) * RTDT_SPACE)
    slot = _slots(spaces)
    for sp, b in v.buildings.items():
        i = slot[sp] * RTDT_SPACE
        block[i] = (b.skulls or 0) / 3
        block[i + 1] = 1.0 if b.standing else 0.0
    for _, sp in v.foe_tokens:
        block[slot[sp] * RTDT_SPACE + 2] += 1 / 3
    if v.adversary.space in slot:
        block[slot[v.adversary.space] * RTDT_SPACE + 3] = 1.0
    for q in v.quests:
        if q.space in slot:
            block[slot[q.space] * RTDT_SPACE + 4] = 1.0
    for h in v.heroes:
        if h.space in slot:
            block[slot[h.space] * RTDT_SPACE + 5 + h.seat] = 1.0
    return out + block


_SLOTS: dict[tuple[str, ...], dict[str, int]] = {}


def _slots(names: Sequence[str]) -> dict[str, int]:
    """Each name's place in `names` (kept per list: the content's spaces or squares)."""
    key = tuple(names)
    found = _SLOTS.get(key)
    if found is None:
        found = _SLOTS[key] = {n: i for i, n in enumerate(key)}
    return found


def tactics_features(v: EncounterView, squares: Sequence[str]) -> list[float]:
    """The Tactics vector of one seat's typed view: the encounter, each seat's hero, then
    each square."""
    seat, obj = v.seat, v.objectives
    pending = v.pending
    out = _onehot(seat, 5) + [
        1.0 if pending is not None and pending.seat == seat else 0.0,
        v.round / max(1, obj.round_limit or 12),
        v.potions / 3,
        len(v.items) / 4,
        v.boss_deck / 10,
        v.direction_deck / 8,
        1.0 if v.phase == "place" else 0.0,
    ]
    units = {u.id: u for u in v.units}
    heroes = {h.seat: h for h in v.heroes}
    for s in range(5):
        h = heroes.get(s)
        if h is None:
            out += [0.0] * TACTICS_SEAT
            continue
        u = units[h.id]
        out += [
            1.0,
            u.hp / max(1, u.max_hp),
            1.0 if u.knocked_out else 0.0,
            h.deck / 12,
            h.hand_size / 6,
            len(h.discard) / 12,
            h.actions / 2,
        ]
    # the squares: the map's own facts, then the figures where they stand
    block = [0.0] * (len(squares) * TACTICS_SQUARE)
    slot = _slots(squares)
    for y, row in enumerate(v.map):
        for x, ch in enumerate(row):
            i = slot[f"{COLUMNS[x]}{y + 1}"] * TACTICS_SQUARE
            block[i] = 1.0
            if ch == "#":
                block[i + 1] = 1.0
    for w in v.walls:
        for q in w.squares:
            block[slot[q] * TACTICS_SQUARE + 1] = 1.0
    for q in obj.reach:
        block[slot[q] * TACTICS_SQUARE + 2] = 1.0
    seat_of = {h.id: h.seat for h in v.heroes}
    for u in v.units:
        for q in u.squares:
            i = slot[q] * TACTICS_SQUARE
            if u.side == "hero" and u.kind == "summon":
                block[i + 3] = 1.0
            elif u.side != "hero":
                block[i + 4] = 1.0
            block[i + 5] = u.hp / max(1, u.max_hp)
            if u.id in seat_of:
                block[i + 6 + seat_of[u.id]] = 1.0
    return out + block
