"""The base game's decisions about the board: skulls and buildings, heroes put or moved,
foe tokens and the siege tree. Each kind: its answers, how an answer applies, its words
and its rule, registered at the end (hooks.decision).
"""

from __future__ import annotations

from towerplay.core.narration import Event, event
from towerplay.core.notation import Action, interned
from towerplay.rtdt import hooks
from towerplay.rtdt import records as rec
from towerplay.rtdt.board import KINGDOMS
from towerplay.rtdt.decisions.common import STOP, asked, says, who
from towerplay.rtdt.hooks import DecisionKind
from towerplay.rtdt.hookspecs import decision_kind
from towerplay.rtdt.rules.common import HEROIC_SPIRIT, ask
from towerplay.rtdt.rules.corruption import gain_corruption
from towerplay.rtdt.rules.effects import foe_targets
from towerplay.rtdt.rules.movement import cross_fire, entered, may_enter, stuck
from towerplay.rtdt.rules.narrate import hero_name, plural, tell
from towerplay.rtdt.rules.resources import gain
from towerplay.rtdt.rules.skulls import (
    add_skull,
    building_type,
    destroy_building,
    kingdom_buildings,
    remove_skulls,
    skull_targets,
    take_skull_from_supply,
)
from towerplay.rtdt.rules.tokens import foes_at, move_token, remove_token
from towerplay.rtdt.state import Decision, HeroState, State
from towerplay.rtdt.words import N_
from towerplay.rtdt.world import World

# each answer made once (core/notation.interned): asked again and again in a game
_place_answer = interned(rec.Place)
_remove_answer = interned(rec.Remove)
_skull_answer = interned(rec.Skull)
_hit_answer = interned(rec.Hit)
_go_answer = interned(rec.Go)
_step_answer = interned(rec.Step)
_to_answer = interned(rec.To)
_tree_answer = interned(rec.Tree)
_pick_foe_answer = interned(rec.PickFoe)
_pick_hero_answer = interned(rec.PickHero)


def _place_skull_answers(w: World, s: State, d: Decision) -> list[Action]:
    # RTDT-PLACE-2, RTDT-PLACE-5: a standing building of the kingdom it emerged in
    return [_place_answer(sp) for sp in kingdom_buildings(w, s, d.target) if sp in s.skulls]


def _place_skull(w: World, s: State, d: Decision, a: Action) -> None:
    assert isinstance(a, rec.Place)
    h = asked(s, d)
    entry = s.emerged.pop(0)
    add_skull(w, s, a.space, h, doom=entry.startswith("doom:"))  # COV-DOOM-3
    if a.space in s.skulls:
        tell(
            s,
            "skulls",
            "{hero} places a skull on the {building_type} at {space}.",
            seats=(h.seat,),
            hero=hero_name(w, h),
            building_type=building_type(w, s, a.space),
            space=w.board.names[a.space],
        )


def _place_skull_words(w: World, s: State, d: Decision) -> Event:
    return event(
        "text",
        "{hero}: a skull emerged in the {kingdom}; choose the building it goes on.",
        hero=who(w, s, d),
        kingdom=d.target,
    )


def _remove_skull_answers(w: World, s: State, d: Decision) -> list[Action]:
    out: list[Action] = [
        _remove_answer(sp) for sp in skull_targets(w, s, asked(s, d), d.scope, d.target)
    ]
    if d.up_to or not out:
        out.append(STOP)
    return out


def _remove_skull(w: World, s: State, d: Decision, a: Action) -> None:
    if not isinstance(a, rec.Remove):  # stop
        return
    h = asked(s, d)
    remove_skulls(w, s, a.space, 1)
    tell(
        s,
        "skulls",
        "{hero} removes a skull from the {building_type} at {space}.",
        seats=(h.seat,),
        hero=hero_name(w, h),
        building_type=building_type(w, s, a.space),
        space=w.board.names[a.space],
    )
    left = d.amount - 1
    target = a.space if d.scope == "one_building_anywhere" else d.target
    if left > 0 and skull_targets(w, s, h, d.scope, target):
        ask(
            s,
            Decision(
                "remove_skull", d.seat, amount=left, scope=d.scope, up_to=d.up_to, target=target
            ),
        )


def _remove_skull_words(w: World, s: State, d: Decision) -> Event:
    if d.up_to:
        return event(
            "text",
            "{hero}: remove up to {n} skull(s); choose a building.",
            hero=who(w, s, d),
            n=d.amount,
        )
    return event(
        "text", "{hero}: remove {n} skull(s); choose a building.", hero=who(w, s, d), n=d.amount
    )


def add_skull_targets(w: World, s: State, h: HeroState, where: str) -> list[str]:
    """Standing buildings an `add_skulls` effect may use: on or next to the hero's space
    (`near`) or in their current kingdom (`kingdom`)."""
    board = w.board
    if where == "near":
        spaces: tuple[str, ...] = board.near(h.space)
    else:
        spaces = kingdom_buildings(w, s, board.kingdom_of[h.space])
    return [sp for sp in spaces if sp in s.skulls]


NONE = "none"  # `skull none`: no standing building left to take a skull (RTDT-CORR-2)


def _add_skull_answers(w: World, s: State, d: Decision) -> list[Action]:
    targets = add_skull_targets(w, s, asked(s, d), d.scope)
    return [_skull_answer(sp) for sp in targets] or [_skull_answer(NONE)]


def _add_skull(w: World, s: State, d: Decision, a: Action) -> None:
    assert isinstance(a, rec.Skull)
    h = asked(s, d)
    for i in range(d.amount):
        if not take_skull_from_supply(w, s):  # RTDT-SKULL-7
            return
        if a.space == NONE:  # RTDT-CORR-2: only destroyed buildings to take it
            s.removed += 1
            if i == 0:
                gain_corruption(w, s, h, N_("skulls had to go on destroyed buildings"))
            continue
        add_skull(w, s, a.space, h)
        if a.space not in s.skulls:  # destroyed: the rest go on other buildings
            if d.amount - i - 1 > 0:
                ask(s, Decision("add_skull", d.seat, amount=d.amount - i - 1, scope=d.scope))
            return
    tell(
        s,
        "skulls",
        "{hero} puts {amount} skull(s) on the {building} at {space}.",
        seats=(h.seat,),
        hero=hero_name(w, h),
        amount=d.amount,
        building=building_type(w, s, a.space) or "ruins",
        space=w.board.names.get(a.space, a.space),
    )


def _add_skull_words(w: World, s: State, d: Decision) -> Event:
    return event(
        "text", "{hero}: choose the building {n} skull(s) go on.", hero=who(w, s, d), n=d.amount
    )


def _strike_building_answers(w: World, s: State, d: Decision) -> list[Action]:
    return [_hit_answer(sp) for sp in kingdom_buildings(w, s, d.target) if sp in s.skulls]


def _strike_building(w: World, s: State, d: Decision, a: Action) -> None:
    assert isinstance(a, rec.Hit)
    if d.scope == "destroy":
        destroy_building(w, s, a.space, 0)
        return
    for _ in range(d.amount):
        if not take_skull_from_supply(w, s):
            return
        add_skull(w, s, a.space, None)
    tell(
        s,
        "skulls",
        "{hero} puts {amount} skull(s) on the {building_type} at {space}.",
        seats=(asked(s, d).seat,),
        hero=hero_name(w, asked(s, d)),
        amount=d.amount,
        building_type=building_type(w, s, a.space),
        space=w.board.names[a.space],
    )


def _strike_building_words(w: World, s: State, d: Decision) -> Event:
    if d.scope == "destroy":
        return event(
            "text",
            "{hero}: choose the building in the {kingdom} that is destroyed.",
            hero=who(w, s, d),
            kingdom=d.target,
        )
    return event(
        "text",
        "{hero}: choose the building in the {kingdom} that gets {n} skull(s).",
        hero=who(w, s, d),
        kingdom=d.target,
        n=d.amount,
    )


def _place_hero_answers(w: World, s: State, d: Decision) -> list[Action]:
    h = asked(s, d)
    if stuck(w, s, h):  # COV-WASTE-4: no effect moves a hero out of a wasteland
        return [_go_answer(h.space)]
    if d.scope == "current_kingdom":
        spaces = w.board.kingdom_spaces[w.board.kingdom_of[h.space]]
    else:
        spaces = w.board.spaces
    return [_go_answer(sp) for sp in spaces if may_enter(w, s, h, sp)]  # Timid


def _place_hero(w: World, s: State, d: Decision, a: Action) -> None:
    h = asked(s, d)
    assert isinstance(a, rec.Go)
    h.space = a.space
    tell(
        s,
        "move",
        "{hero} is placed on {space}.",
        seats=(h.seat,),
        hero=hero_name(w, h),
        space=w.board.names[a.space],
    )
    entered(w, s, h)


def _pick_hero_answers(w: World, s: State, d: Decision) -> list[Action]:
    return [_pick_hero_answer(o.hero) for o in s.heroes if not o.eliminated]


def _pick_hero(w: World, s: State, d: Decision, a: Action) -> None:
    assert isinstance(a, rec.PickHero)
    mover = next(o for o in s.heroes if o.hero == a.hero)
    ask(s, Decision("step_hero", d.seat, amount=d.amount, target=str(mover.seat)))


def _pick_hero_words(w: World, s: State, d: Decision) -> Event:
    return event(
        "text", "{hero}: choose the hero to move up to {n} spaces.", hero=who(w, s, d), n=d.amount
    )


def _step_hero_answers(w: World, s: State, d: Decision) -> list[Action]:
    mover = s.heroes[int(d.target)]
    if stuck(w, s, mover):  # COV-WASTE-4
        return [STOP]
    steps = [sp for sp in w.board.neighbours[mover.space] if may_enter(w, s, mover, sp)]
    return [_step_answer(sp) for sp in steps] + [STOP]  # Timid: not next to the Tower


def _step_hero(w: World, s: State, d: Decision, a: Action) -> None:
    if not isinstance(a, rec.Step):  # stop
        return
    mover = s.heroes[int(d.target)]
    src = mover.space
    mover.space = a.space
    tell(
        s,
        "move",
        "{hero} moves the {other} to {space}.",
        seats=(asked(s, d).seat, mover.seat),
        hero=hero_name(w, asked(s, d)),
        other=hero_name(w, mover),
        space=w.board.names[a.space],
    )
    cross_fire(w, s, mover, src, a.space)
    entered(w, s, mover, src)  # Aquaphobic
    if d.amount > 1 and not stuck(w, s, mover):
        ask(s, Decision("step_hero", d.seat, amount=d.amount - 1, target=d.target))


def _step_hero_words(w: World, s: State, d: Decision) -> Event:
    return event(
        "text",
        "{hero}: move that hero one space ({n} left), or stop.",
        hero=who(w, s, d),
        n=d.amount,
    )


def _pick_foe_answers(w: World, s: State, d: Decision) -> list[Action]:
    return [_pick_foe_answer(f, sp) for f, sp in foe_targets(w, s, asked(s, d), d.scope)]


def _pick_foe(w: World, s: State, d: Decision, a: Action) -> None:
    assert isinstance(a, rec.PickFoe)
    foe, space = a.foe, a.space
    if d.context == "remove":  # RTDT-FOE: removing a foe is not a heroic action
        remove_token(w, s, foe, space)
    else:
        ask(s, Decision("step_foe", d.seat, amount=d.amount, target=foe, context=space))


def _pick_foe_words(w: World, s: State, d: Decision) -> Event:
    if d.context == "remove":
        return event("text", "{hero}: choose the foe to remove.", hero=who(w, s, d))
    return event("text", "{hero}: choose the foe to move.", hero=who(w, s, d))


def _step_foe_answers(w: World, s: State, d: Decision) -> list[Action]:
    return [_step_answer(sp) for sp in w.board.neighbours[d.context]] + [STOP]


def _step_foe(w: World, s: State, d: Decision, a: Action) -> None:
    if not isinstance(a, rec.Step):  # stop
        return
    move_token(w, s, d.target, d.context, a.space)
    tell(
        s,
        "move",
        "{hero} moves the {target} to {space}.",
        seats=(asked(s, d).seat,),
        hero=hero_name(w, asked(s, d)),
        target=w.name(d.target),
        space=w.board.names[a.space],
    )
    if d.amount > 1:
        ask(s, Decision("step_foe", d.seat, amount=d.amount - 1, target=d.target, context=a.space))


def _step_foe_words(w: World, s: State, d: Decision) -> Event:
    return event(
        "text",
        "{hero}: move the {foe} one space ({n} left), or stop.",
        hero=who(w, s, d),
        foe=w.name(d.target),
        n=d.amount,
    )


def _move_token_answers(w: World, s: State, d: Decision) -> list[Action]:
    if d.scope == "next_kingdom":
        nxt = KINGDOMS[(KINGDOMS.index(w.board.kingdom_of[d.context]) + 1) % 4]
        return [_to_answer(sp) for sp in kingdom_buildings(w, s, nxt)]
    return [_to_answer(sp) for sp in w.board.neighbours[d.context]]


def _move_token(w: World, s: State, d: Decision, a: Action) -> None:
    assert isinstance(a, rec.To)
    move_token(w, s, d.target, d.context, a.space)
    tell(
        s,
        "move",
        N_("The {target} at {space} move to {to_space}.")  # "the Titans ... move"
        if plural(w, d.target)
        else N_("The {target} at {space} moves to {to_space}."),
        target=w.name(d.target),
        space=w.board.names[d.context],
        to_space=w.board.names[a.space],
    )


def _move_token_words(w: World, s: State, d: Decision) -> Event:
    where = w.board.names[d.context]
    return event(
        "text",
        "{hero}: choose where the {token} at {space} moves.",
        hero=who(w, s, d),
        token=w.name(d.target),
        space=where,
    )


def _unseen_answers(w: World, s: State, d: Decision) -> list[Action]:
    return [_pick_foe_answer(f, sp) for f, sp in dict.fromkeys(s.foes)] + [rec.TakeSpirit()]


def _unseen(w: World, s: State, d: Decision, a: Action) -> None:
    if not isinstance(a, rec.PickFoe):  # spirit
        gain(w, s, asked(s, d), "spirit", HEROIC_SPIRIT, N_("a heroic action"))  # RTDT-HEROIC-4
    else:
        remove_token(w, s, a.foe, a.space)


def _cloak_answers(w: World, s: State, d: Decision) -> list[Action]:
    # once per turn, a foe you walk in on may be sent anywhere
    return [_pick_foe_answer(f, d.context) for f in dict.fromkeys(foes_at(s, d.context))] + [STOP]


def _cloak(w: World, s: State, d: Decision, a: Action) -> None:
    if not isinstance(a, rec.PickFoe):  # stop
        return
    s.turn.used.append(d.target)
    ask(s, Decision("cloak_place", d.seat, target=a.foe, context=d.context))


def _cloak_words(w: World, s: State, d: Decision) -> Event:
    return event(
        "text",
        "{hero}: {item} - send a foe on this space to any space, or stop.",
        hero=who(w, s, d),
        item=w.name(d.target),
    )


def _cloak_place_answers(w: World, s: State, d: Decision) -> list[Action]:
    return [_to_answer(sp) for sp in w.board.spaces if sp != d.context]


def _cloak_place(w: World, s: State, d: Decision, a: Action) -> None:
    assert isinstance(a, rec.To)
    move_token(w, s, d.target, d.context, a.space)
    tell(
        s,
        "move",
        "{hero} sends the {target} to {space}.",
        seats=(asked(s, d).seat,),
        hero=hero_name(w, asked(s, d)),
        target=w.name(d.target),
        space=w.board.names[a.space],
    )


def _cloak_place_words(w: World, s: State, d: Decision) -> Event:
    return event(
        "text",
        "{hero}: choose the space the {foe} goes to.",
        hero=who(w, s, d),
        foe=w.name(d.target),
    )


def _move_tree_answers(w: World, s: State, d: Decision) -> list[Action]:
    return [_tree_answer(sp) for sp in w.board.neighbours[d.context]]


def _move_tree(w: World, s: State, d: Decision, a: Action) -> None:
    assert isinstance(a, rec.Tree)
    s.siege_trees[s.siege_trees.index(d.context)] = a.space
    tell(
        s,
        "move",
        "{hero} moves the siege tree to {space}.",
        seats=(asked(s, d).seat,),
        hero=hero_name(w, asked(s, d)),
        space=w.board.names[a.space],
    )


KINDS: dict[str, DecisionKind] = {
    "place_skull": decision_kind(
        _place_skull_answers,
        _place_skull,
        _place_skull_words,
        "place the emerged skull on a standing building of that kingdom",
        "RTDT-PLACE-2",
    ),
    "remove_skull": decision_kind(
        _remove_skull_answers,
        _remove_skull,
        _remove_skull_words,
        "choose a building to take a skull from",
        "RTDT-RES-2",
    ),
    "add_skull": decision_kind(
        _add_skull_answers,
        _add_skull,
        _add_skull_words,
        "choose the building the skulls go on",
        "RTDT-SKULL-1",
    ),
    "strike_building": decision_kind(
        _strike_building_answers,
        _strike_building,
        _strike_building_words,
        "choose the building the strike hits",
        "RTDT-EVENT-2",
    ),
    "place_hero": decision_kind(
        _place_hero_answers,
        _place_hero,
        says("choose the space to place your hero on."),
        "choose a space to place your hero",
        "RTDT-RES-2",
    ),
    "pick_hero": decision_kind(
        _pick_hero_answers,
        _pick_hero,
        _pick_hero_words,
        "choose the hero to move",
        "RTDT-RES-2",
    ),
    "step_hero": decision_kind(
        _step_hero_answers,
        _step_hero,
        _step_hero_words,
        "choose an adjacent space, or stop",
        "RTDT-MOVE-6",
    ),
    "pick_foe": decision_kind(
        _pick_foe_answers, _pick_foe, _pick_foe_words, "choose a foe token", "RTDT-FOE-9"
    ),
    "step_foe": decision_kind(
        _step_foe_answers,
        _step_foe,
        _step_foe_words,
        "move the foe one space, or stop",
        "RTDT-FOE-9",
    ),
    "move_token": decision_kind(
        _move_token_answers,
        _move_token,
        _move_token_words,
        "choose where the foe moves",
        "RTDT-EVENT-2",
    ),
    "unseen": decision_kind(
        _unseen_answers,
        _unseen,
        says("Unseen - take out a foe anywhere, or take your 2 spirit."),
        "take out a foe, or take the spirit",
        "RTDT-FOE-9",
    ),
    "cloak": decision_kind(
        _cloak_answers, _cloak, _cloak_words, "send a foe here elsewhere, or stop", "RTDT-FOE-9"
    ),
    "cloak_place": decision_kind(
        _cloak_place_answers,
        _cloak_place,
        _cloak_place_words,
        "choose where the foe goes",
        "RTDT-FOE-9",
    ),
    "move_tree": decision_kind(
        _move_tree_answers,
        _move_tree,
        says("move the siege tree to an adjacent space."),
        "choose where the siege tree moves",
        "RTDT-TOKEN-9",
    ),
}

for _kind, _dk in KINDS.items():
    hooks.decision(_kind, "base", _dk)
