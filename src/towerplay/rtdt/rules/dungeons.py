"""Exploring a dungeon with the Quest action (RTDT-DUNGEON-*).

Rooms are laid out as two rows and a far room: the entrance reaches rooms 0 and 1;
0-1, 0-2, 1-3, 2-3, 2-4 and 3-4 are passages. The target room is hidden among rooms
2-4. A hero picks reachable unexplored rooms one at a time, may improve each room
once with one advantage of the dungeon's type (or Wild), which a card's use may give
(RTDT-DUNGEON-13), resolves it and goes on or leaves; cleared rooms stay cleared for
everyone.
"""

from __future__ import annotations

from towerplay.core.notation import Action, interned
from towerplay.rtdt import records as rec
from towerplay.rtdt.hookspecs import (
    DELVE_BOOSTS,
    DELVE_USES,
    DELVE_VERBS,
    ROOM_EFFECTS,
    TARGET_ROOM,
)
from towerplay.rtdt.models import Room, TowerRoom
from towerplay.rtdt.rules import advantages
from towerplay.rtdt.rules.battle_moves import (
    BLESSED_MOVE,
    RESOLVE_CARD,
    blessed_bar,
    blessed_offered,
    blessing,
    spent_bar,
    trait_bar,
)
from towerplay.rtdt.rules.common import (
    HEROIC_SPIRIT,
    glyph_cost,
)
from towerplay.rtdt.rules.effects import run
from towerplay.rtdt.rules.items import usable_cards, use_actions
from towerplay.rtdt.rules.narrate import hero_name, tell
from towerplay.rtdt.rules.quests import dungeon_quest, finish_stage, quest_bar
from towerplay.rtdt.rules.resources import gain, pay
from towerplay.rtdt.rules.verbs import Refusal, Turn, Verb, glyph_price, notation, refusal
from towerplay.rtdt.state import Delve, HeroState, State
from towerplay.rtdt.words import N_
from towerplay.rtdt.world import World

# the moves of a delve, each made once (core/notation.interned): offered at every step
_room_move = interned(rec.Room)
_improve = interned(rec.Improve)
_explore = interned(rec.Explore)
LEAVE = rec.Leave()

PASSAGES = ((0, 1), (0, 2), (1, 3), (2, 3), (2, 4), (3, 4), (3, 5), (4, 5))
FROM_ENTRANCE = (0, 1)


def reachable(cleared: list[bool]) -> list[int]:
    """Unexplored rooms next to the entrance or to a cleared room (RTDT-DUNGEON-4)."""
    out = {i for i in FROM_ENTRANCE if i < len(cleared)}
    for a, b in PASSAGES:
        if b < len(cleared):
            if cleared[a]:
                out.add(b)
            if cleared[b]:
                out.add(a)
    return sorted(i for i in out if not cleared[i])


def enter(w: World, s: State, h: HeroState, space: str) -> None:
    d = s.dungeons[space]
    # RTDT-HEROIC-1: exploring a dungeon is the Quest heroic action
    s.turn.heroic_done = True
    s.delve = Delve(space, -1, False, advantages.automatic(w, s, h, battling=False), 0)
    name = (
        N_("the Tower's dungeon")
        if d.kind == "tower"
        else w.content.dungeons[d.kind].names.get(space, d.kind)
    )
    tell(
        s,
        "text",
        "{hero} enters {dungeon} ({kind}).",
        seats=(h.seat,),
        hero=hero_name(w, h),
        dungeon=name,
        kind=d.kind,
    )


def rooms_of(w: World, kind: str) -> list[Room] | list[TowerRoom]:
    if kind == "tower":  # competitive mode's dungeon (CMP-DUNGEON-6)
        return w.content.competitive.tower_rooms
    return w.content.dungeons[kind].rooms


def _room(w: World, s: State) -> tuple[str, Room | TowerRoom]:
    delve = s.delve
    assert delve is not None
    d = s.dungeons[delve.space]
    rid = d.rooms[delve.room]
    room = next(r for r in rooms_of(w, d.kind) if r.id == rid)
    return d.kind, room


def _kinds(w: World, kind: str) -> tuple[str, ...]:
    """The advantage types a dungeon's rooms take: its own and Wild; any in the Tower's."""
    return advantages.TYPES if kind == "tower" else (w.content.dungeons[kind].advantage, "wild")


ROOM_FIRST = refusal("in a dungeon, cards are used in a room face up: enter one", "RTDT-DUNGEON-13")
IMPROVED = refusal("this room is already improved: {item} has nothing to add", "RTDT-DUNGEON-13")
NOT_HERE = refusal("{item} gives no advantage this dungeon takes", "RTDT-DUNGEON-13")


def delve_use_bar(w: World, s: State, item: str) -> Refusal | None:
    """Why a card's use waits in this dungeon (RTDT-DUNGEON-13): only a use giving an
    advantage this dungeon takes, in a room face up and not yet improved (an advantage of
    a type no room here takes has nothing to act on). The card's own bar comes after."""
    delve = s.delve
    assert delve is not None
    if delve.room < 0:
        return ROOM_FIRST
    if delve.improved:
        return IMPROVED
    kinds = _kinds(w, s.dungeons[delve.space].kind)
    if any(e.op == "advantage" and e.type in kinds for u in w.uses[item] for e in u.effects):
        return None
    return NOT_HERE


# --- the moves of a delve: each one's offer and refusal ask the same predicates -----------

CHOOSE_ROOM = refusal("choose a room to enter first (room N), or leave", "RTDT-DUNGEON-4")
ROOM_OPEN = refusal("resolve the room you are in first", "RTDT-DUNGEON-9")
ONCE_IMPROVED = refusal("each room can be improved only once", "RTDT-DUNGEON-6")


def improve_room_bar(w: World, s: State) -> Refusal | None:
    """Why no advantage may improve the room now: no room entered yet, this one improved
    already (RTDT-DUNGEON-6), or the heroic action's advantages spent (RTDT-ADV-9,
    RTDT-ADVCARD-7)."""
    delve = s.delve
    assert delve is not None
    if delve.room < 0:
        return CHOOSE_ROOM
    if delve.improved:
        return ONCE_IMPROVED
    return spent_bar(w, s, delve.used)


def room_trait_bar(w: World, s: State, trait: str) -> Refusal | None:
    """Why an advantage of this type cannot improve the room: not one the dungeon's rooms
    take (its own type and Wild; any in the Tower's), or none of it left."""
    delve = s.delve
    assert delve is not None
    kinds = _kinds(w, s.dungeons[delve.space].kind)
    if trait not in kinds:
        return refusal(
            "this dungeon's rooms take only {kinds} advantages",
            "RTDT-ADV-3",
            kinds=" or ".join(kinds),
        )
    return trait_bar(delve.pool, set(kinds), trait)


def why_delve_move(w: World, s: State, h: HeroState, a: Action) -> Refusal | None:
    """Why a delve's own move (`room N`, `leave`, `improve TRAIT`, `blessed`, `resolve`) is
    not legal now, by the predicates `delve_actions` offers with; None for a move another
    module owns (a card's `use`, a blessing) or one nothing bars."""
    delve = s.delve
    assert delve is not None
    verb = a.verb
    if verb == "room":
        typed = rec.Room.of(a)
        if typed is None:
            return notation(a, "room N", "RTDT-DUNGEON-4")
        if delve.room >= 0:
            return ROOM_OPEN
        rooms = reachable(s.dungeons[delve.space].cleared)
        if typed.number not in rooms:
            return refusal(
                "room {n} cannot be entered now; the rooms you can reach are {rooms}",
                "RTDT-DUNGEON-4",
                n=typed.number,
                rooms=", ".join(map(str, rooms)),
            )
        return None
    if verb == "leave":
        return ROOM_OPEN if delve.room >= 0 else None
    if verb == "improve":
        improve = rec.Improve.of(a)
        if improve is None:
            return notation(a, "improve TRAIT", "RTDT-DUNGEON-5")
        return improve_room_bar(w, s) or room_trait_bar(w, s, improve.trait)
    if verb in ("blessed", "resolve") and delve.room < 0:
        return CHOOSE_ROOM
    if verb == "blessed":
        return blessed_bar(w, h, delve.shield)
    return None


def delve_actions(w: World, s: State, h: HeroState) -> list[Action]:
    delve = s.delve
    assert delve is not None
    d = s.dungeons[delve.space]
    if delve.room < 0:
        return [_room_move(i) for i in reachable(d.cleared)] + [LEAVE]
    out: list[Action] = []
    if improve_room_bar(w, s) is None:  # RTDT-DUNGEON-6; RTDT-ADVCARD-7: the adversary's cap
        kinds = _kinds(w, d.kind)
        allowed = set(kinds)
        for t in kinds:
            if trait_bar(delve.pool, allowed, t) is None:
                out.append(_improve(t))
    if blessed_offered(w, h, delve.shield):
        out.append(BLESSED_MOVE)
    out += DELVE_BOOSTS.collect(w, s, h)  # COV-BLESS-2: a blessing
    out.append(RESOLVE_CARD)
    if not delve.improved:  # RTDT-DUNGEON-13: a use that gives an advantage (Grigor, Zaida)
        for item in usable_cards(h):
            if delve_use_bar(w, s, item) is None:
                out.extend(use_actions(w, s, h, item))
    out += DELVE_USES.collect(w, s, h)  # The Iron Wall
    return out


def apply_delve(w: World, s: State, h: HeroState, a: Action) -> None:
    delve = s.delve
    assert delve is not None
    d = s.dungeons[delve.space]
    verb = a[0]
    # CMP-DUNGEON-4: leave and come back later to go on where you left off
    if verb == "leave":  # RTDT-DUNGEON-9, RTDT-DUNGEON-11: cleared rooms stay cleared
        tell(s, "text", "{hero} leaves the dungeon.", seats=(h.seat,), hero=hero_name(w, h))
        # RTDT-HEROIC-5: leaving unfinished still ends the heroic action with its 2 spirit
        _end(w, s, h)
    elif verb in DELVE_VERBS.of(w.hooks):  # a blessing; The Iron Wall
        DELVE_VERBS.of(w.hooks)[verb](w, s, h, a)
    elif verb == "blessed":
        pay(w, s, h, "spirit", 1, "Blessed")
        delve.shield = blessing(w, h)
        tell(
            s,
            "text",
            "{hero} is Blessed against {n} of this room's warrior losses.",
            seats=(h.seat,),
            hero=hero_name(w, h),
            n=delve.shield,
        )
    elif isinstance(a, rec.Room):
        delve.room = a.number
        delve.improved = False
        delve.shield = 0
        _, room = _room(w, s)
        tell(
            s,
            "text",
            "{hero} enters {room}: {effect}",
            seats=(h.seat,),
            hero=hero_name(w, h),
            room=room.name,
            effect=room.initial.text,
        )
    elif isinstance(a, rec.Improve):  # RTDT-DUNGEON-5..7
        delve.pool[a.trait] -= 1
        delve.used += 1
        # RTDT-DUNGEON-7: an advantage used on a room is never taken back
        delve.improved = True
        _, room = _room(w, s)
        tell(
            s,
            "text",
            "{hero} improves the room: {effect}",
            seats=(h.seat,),
            hero=hero_name(w, h),
            effect=room.improved.text,
        )
    elif verb == "resolve":
        _, room = _room(w, s)
        # RTDT-DUNGEON-12: unimproved, the room's loss is paid in full; improved may gain
        rung = room.improved if delve.improved else room.initial
        prevent = delve.shield + sum(
            f.amount
            for cid in h.cards()
            for f in w.flags.get(cid, ())
            if f.flag == "block_dungeon_losses"
        )
        effects = ROOM_EFFECTS.filter(w, s, h, rung.effects)  # The Iron Wall
        run(w, s, h, effects, room.name, prevent_warriors=prevent)  # RTDT-DUNGEON-8
        # CMP-DUNGEON-5: cleared rooms are the dungeon's, not the hero's: another may finish it
        d.cleared[delve.room] = True  # RTDT-DUNGEON-9
        target = delve.room == d.target
        delve.room = -1
        if s.result is not None or s.delve is None:  # lost, or the hero eliminated
            s.delve = None
            return
        if target and TARGET_ROOM.any(w, s, h, d):
            return  # CMP-DUNGEON-3, CMP-END-1: the competitive mode's relic
        # RTDT-DUNGEON-2: clearing the target room completes the dungeon
        if target:  # RTDT-DUNGEON-10, RTDT-DUNGEON-3, RTDT-QUEST-5
            tell(
                s,
                "text",
                "{hero} clears the target room: the dungeon is complete!",
                seats=(h.seat,),
                hero=hero_name(w, h),
            )
            space = delve.space
            _end(w, s, h)
            # RTDT-TOKEN-7: the completed dungeon's token is removed
            del s.dungeons[space]
            for aq in list(s.quests):
                if aq.space == space:
                    finish_stage(w, s, h, aq)
                    break


def _end(w: World, s: State, h: HeroState) -> None:
    s.delve = None
    gain(w, s, h, "spirit", HEROIC_SPIRIT, N_("a heroic action"))  # RTDT-HEROIC-4


# --- explore: a dungeon token is explored with the Quest action (RTDT-TOKEN-6) ----------


def offer_explore(c: Turn, out: list[Action]) -> None:
    s = c.s
    space = c.h.space
    d = s.dungeons.get(space)
    if d is None or d.cleared[d.target] or dungeon_quest(s, space) is None:
        return
    if quest_bar(c) is None:
        out.append(_explore(space))


def why_explore(c: Turn, a: rec.Explore) -> Refusal | None:
    bad = quest_bar(c)
    if bad is not None:
        return bad
    s = c.s
    names = c.w.board.names
    space = a.space
    if space != c.h.space:
        return refusal(
            "explore the dungeon on your own space ({here})",
            "RTDT-TOKEN-6",
            here=names[c.h.space],
        )
    d = s.dungeons.get(space)
    if d is None:
        return refusal("there is no dungeon at {space}", "RTDT-TOKEN-6", space=names[space])
    if d.cleared[d.target] or dungeon_quest(s, space) is None:
        return refusal(
            "no quest asks for the dungeon at {space} any more", "RTDT-QUEST-2", space=names[space]
        )
    return None


def apply_explore(w: World, s: State, h: HeroState, a: rec.Explore) -> None:
    pay(w, s, h, "spirit", glyph_cost(w, s, h, "quest"), N_("the Quest glyph"))
    enter(w, s, h, a.space)


EXPLORE = Verb(
    rec.Explore,
    "explore SPACE",
    "RTDT-TOKEN-6",
    offer_explore,
    why_explore,
    apply_explore,
    price=glyph_price("quest"),
)
