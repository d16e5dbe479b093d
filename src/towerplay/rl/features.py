"""Fixed-length observation vectors, built from `observe(seat)` only (docs/rl.md).

Each feature is a number in about [0, 1]: counts are divided by a typical maximum, and
facts on the board are one slot per space (RtDT) or per square (Tactics), in the order of
the content, so a feature's place means the same thing in every game of the content.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

SEATS = {"rtdt": 4, "tactics": 5}
RTDT_GLOBAL = 24
RTDT_SEAT = 10
RTDT_SPACE = 9
TACTICS_GLOBAL = 12
TACTICS_SEAT = 7
TACTICS_SQUARE = 11


def rtdt_size(spaces: Sequence[str]) -> int:
    return RTDT_GLOBAL + SEATS["rtdt"] * RTDT_SEAT + len(spaces) * RTDT_SPACE


def tactics_size(squares: Sequence[str]) -> int:
    return TACTICS_GLOBAL + SEATS["tactics"] * TACTICS_SEAT + len(squares) * TACTICS_SQUARE


def _onehot(i: int, n: int) -> list[float]:
    return [1.0 if k == i else 0.0 for k in range(n)]


def rtdt_features(v: dict[str, Any], spaces: Sequence[str]) -> list[float]:
    """The RtDT vector of one view: the table, each seat's hero, then each space."""
    seat, cfg, sk = v["seat"], v["config"], v["skulls"]
    out = _onehot(seat, 4) + [
        1.0 if v["to_act"] == seat else 0.0,
        cfg["players"] / 4,
        v["month"] / v["months"],
        v["turn_in_month"] / max(1, v["average_turns_per_month"]),
        v["turn_number"] / 60,
        1.0 if cfg["mode"] == "competitive" else 0.0,
        1.0 if cfg["expansion"] == "covenant" else 0.0,
        1.0 if cfg["difficulty"] == "gritty" else 0.0,
        sk["supply"] / 24,
        sk["inside_tower"] / 24,
        sk["removed"] / 24,
        len(sk["emerged_to_place"]) / 4,
        len(v["tower"]["seals"]) / 12,
        v["decks"]["potions"] / 20,
        v["decks"]["treasures"] / 20,
        v["decks"]["corruptions"] / 20,
        1.0 if v["battle"] else 0.0,
        1.0 if v["delve"] else 0.0,
        1.0 if v["trade"] else 0.0,
        1.0 if v["pending"] else 0.0,
    ]
    heroes = {h["seat"]: h for h in v["heroes"]}
    for s in range(4):
        h = heroes.get(s)
        if h is None:
            out += [0.0] * RTDT_SEAT
            continue
        out += [
            1.0,
            h["warriors"] / 20,
            h["spirit"] / 10,
            len(h["potions"]) / 4,
            len(h["gear"]) / 4,
            len(h["treasures"]) / 4,
            len(h["quest_items"]) / 4,
            len(h["corruptions"]) / max(1, h["corruption_limit"]),
            len(h["virtues"]) / 6,
            1.0 if h["eliminated"] else 0.0,
        ]
    where: dict[str, list[int]] = {h["space"]: [] for h in v["heroes"]}
    for h in v["heroes"]:
        where[h["space"]].append(h["seat"])
    foes: dict[str, int] = {}
    for _, sp in v["foe_tokens"]:
        foes[sp] = foes.get(sp, 0) + 1
    quests = {q["space"] for q in v["quests"]}
    adversary = v["adversary"]["space"]
    for sp in spaces:
        b = v["buildings"].get(sp)
        here = where.get(sp, [])
        out += [
            (b["skulls"] or 0) / 3 if b else 0.0,
            1.0 if b and b["standing"] else 0.0,
            foes.get(sp, 0) / 3,
            1.0 if adversary == sp else 0.0,
            1.0 if sp in quests else 0.0,
            *(1.0 if s in here else 0.0 for s in range(4)),
        ]
    return out


def tactics_features(v: dict[str, Any], squares: Sequence[str]) -> list[float]:
    """The Tactics vector of one view: the encounter, each seat's hero, then each square."""
    seat, obj = v["seat"], v["objectives"]
    pending = v["pending"] or {}
    out = _onehot(seat, 5) + [
        1.0 if pending.get("seat") == seat else 0.0,
        v["round"] / max(1, obj["round_limit"] or 12),
        v["potions"] / 3,
        len(v["items"]) / 4,
        v["boss_deck"] / 10,
        v["direction_deck"] / 8,
        1.0 if v["phase"] == "place" else 0.0,
    ]
    units = {u["id"]: u for u in v["units"]}
    heroes = {h["seat"]: h for h in v["heroes"]}
    for s in range(5):
        h = heroes.get(s)
        if h is None:
            out += [0.0] * TACTICS_SEAT
            continue
        u = units[h["id"]]
        out += [
            1.0,
            u["hp"] / max(1, u["max_hp"]),
            1.0 if u["knocked_out"] else 0.0,
            h["deck"] / 12,
            h["hand_size"] / 6,
            len(h["discard"]) / 12,
            h["actions"] / 2,
        ]
    at: dict[str, dict[str, Any]] = {}
    for u in v["units"]:
        for q in u["squares"]:
            at[q] = u
    seat_of = {h["id"]: h["seat"] for h in v["heroes"]}
    walls = {q for w in v["walls"] for q in w["squares"]}
    reach = set(obj["reach"])
    cells = {}
    for y, row in enumerate(v["map"]):
        for x, ch in enumerate(row):
            cells[f"{'abcdefghijklmnopqrstuvwxyz'[x]}{y + 1}"] = ch
    for q in squares:
        ch = cells.get(q)
        u = at.get(q)
        side = u["side"] if u else ""
        hero_seat = seat_of.get(u["id"], -1) if u else -1
        out += [
            1.0 if ch is not None else 0.0,
            1.0 if ch == "#" or q in walls else 0.0,
            1.0 if q in reach else 0.0,
            1.0 if side == "hero" and u and u["kind"] == "summon" else 0.0,
            1.0 if side and side != "hero" else 0.0,
            (u["hp"] / max(1, u["max_hp"])) if u else 0.0,
            *(1.0 if hero_seat == s else 0.0 for s in range(5)),
        ]
    return out
