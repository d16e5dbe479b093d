"""What a seat sees of an encounter, built: the typed view (tactics/seat_view.py) that
`TacticsGame.view` returns and `observe` dumps to JSON."""

from __future__ import annotations

from typing import Any

from towerplay.tactics.action_words import name_of, unit_name
from towerplay.tactics.effects import question
from towerplay.tactics.idle import idle_notes
from towerplay.tactics.positions import footprint
from towerplay.tactics.scaling import summary
from towerplay.tactics.seat_view import (
    AreaView,
    EncounterView,
    HeroView,
    ItemView,
    ObjectivesView,
    PendingView,
    UnitView,
    WallView,
)
from towerplay.tactics.state import Ctx, Decision, State, Unit


def encounter_view(s: State, ctx: Ctx, seat: int, told: bool) -> EncounterView:
    """What `seat` may see: the board, every figure, public piles, its own hand, its own
    question's answers and (`told`) the turn's AT-CARD-4 notes. An agent's look-ahead, which
    reads only the board, passes told=False and skips their cost."""
    b = ctx.board
    units = tuple(
        UnitView(
            u.uid,
            _unit_name(s, ctx, u.uid, u.type_id),  # the printed name, numbered
            u.side,
            u.kind,
            u.type_id,
            u.hp,
            u.max_hp,
            _squares(ctx, u),
            u.knocked_out,
            tuple(u.conditions),
            u.owner,
            u.movement,
            u.attack_dice,
            u.attack_bonus,
            u.attack_range,
        )
        for u in s.units.values()
    )
    heroes = tuple(
        HeroView(
            h.seat,
            h.uid,
            _unit_name(s, ctx, h.uid, s.units[h.uid].type_id),
            h.class_id,
            ctx.content.classes[h.class_id].name,
            len(h.deck),
            len(h.hand),
            tuple(h.discard),
            tuple(h.set_aside),
            dict(h.board),
            tuple(h.abilities),
            tuple(h.summons),
            h.actions,
            tuple(sorted(h.hand)) if h.seat == seat else None,
        )
        for h in s.heroes
    )
    enc = ctx.enc
    boss = ctx.content.boss_decks[enc.boss_deck]
    return EncounterView(
        s.encounter,
        s.round,
        s.phase,
        seat,
        tuple(enc.map),
        tuple(WallView(t, tuple(b.name(q) for q in sq)) for t, sq in s.walls),
        units,
        heroes,
        tuple(s.initiative),
        s.turn_index,
        s.potions,
        tuple(ItemView(i, ctx.items[i].name) for i in s.items),
        card_names(s, ctx, heroes),
        len(s.boss_deck),
        tuple(boss.cards[i].name for i in s.boss_discard),
        len(s.direction_deck),
        s.compass,
        ObjectivesView(
            enc.main.text,
            enc.bonus.text,
            enc.main.enemy if enc.main.kind == "defeat_boss" else None,
            tuple(enc.main.squares) if enc.main.kind == "reach" else (),
            enc.round_limit,
        ),
        _scaling(ctx, s.heroes_count),  # AT-CAMP-6
        pending_view(s, ctx, s.pending[-1], seat, told) if s.pending else None,
        s.outcome,
        s.cause,
    )


def pending_view(s: State, ctx: Ctx, d: Decision, seat: int, told: bool) -> PendingView:
    """The question waited on; its answers (and a turn's idle notes) for its seat only."""
    area = d.data.get("area")  # an area's reach and whom it affects (AT-AOE-3)
    mine = d.seat == seat
    choices = d.data["choices"] if mine else None
    return PendingView(
        d.kind,
        d.seat,
        question(d).text,
        None if area is None else AreaView(area[0], area[1]),
        None if choices is None else tuple(" ".join(c) for c in choices),
        # what would only spend its card (AT-CARD-4)
        idle_notes(s, ctx, s.heroes[d.seat], choices)
        if mine and told and d.kind == "turn" and choices is not None
        else None,
    )


def card_names(s: State, ctx: Ctx, heroes: tuple[HeroView, ...]) -> dict[str, str]:
    """The printed name of every card and ability a seat's view shows by id (hands, boards,
    discard piles, set-aside cards, abilities), for a screen to show names, not ids."""
    out: dict[str, str] = {}
    for h in heroes:
        ids = [*(h.hand or ()), *h.discard, *h.set_aside, *h.abilities]
        for cid in [*ids, *(c for c in h.board.values() if c)]:
            if cid not in out:
                out[cid] = _card_name(s, ctx, cid)
    return out


# Names and the scaling summary depend on the content only: each is worked out once per
# encounter (`Ctx.looks`; a view is made for every look an agent takes).


def _unit_name(s: State, ctx: Ctx, uid: str, type_id: str) -> str:
    key = (uid, type_id)
    found = ctx.looks.get(key)
    if found is None:
        found = ctx.looks[key] = unit_name(s, ctx, uid)
    return str(found)


def _squares(ctx: Ctx, u: Unit) -> tuple[str, ...]:
    """The names of the squares a figure stands on (none off the board)."""
    key = ("at", u.square, u.large)
    found = ctx.looks.get(key)
    if found is None:
        found = ctx.looks[key] = tuple(ctx.board.name(q) for q in footprint(ctx, u))
    return found


def _card_name(s: State, ctx: Ctx, cid: str) -> str:
    found = ctx.looks.get(cid)
    if found is None:
        found = name_of(s, ctx, cid)
        if cid in ctx.content.cards or cid in ctx.content.abilities:  # not a figure's id
            ctx.looks[cid] = found
    return str(found)


def _scaling(ctx: Ctx, heroes: int) -> dict[str, Any]:
    key = ("scaling", heroes)
    found = ctx.looks.get(key)
    if found is None:
        found = ctx.looks[key] = summary(ctx.enc, ctx.party_level, heroes)
    return dict(found)
