"""Battles and dungeon rooms: what a Battle is expected to cost, and the moves inside one
(advantages on the worst rungs first, items and blessings where a card would hurt)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from towerplay.agents.rtdt.assess import (
    advantages,
    blocked_losses,
    card_cost,
    count_per,
    defeat_offering,
    foe_threat,
    improve_helps,
    offering_for,
    room_risk,
)
from towerplay.agents.rtdt.facts import around, card_key
from towerplay.agents.rtdt.values import (
    ADVERSARY_CARDS,
    BLESS,
    BLESSED,
    QUEST_KIND_VALUE,
    RESOLVE,
    START_RUNG,
    TOP_RUNG,
    corruption_cost,
    item_value,
    spirit_value,
    verb_of,
    warriors_value,
)
from towerplay.agents.rtdt.view import (
    View,
    adv_cap,
    flag_amount,
    foe_traits,
    has_flag,
    is_quarry,
)
from towerplay.core.notation import Action
from towerplay.rtdt.records import Advantage, Improve, Leave, ResolveCard, Room, Use
from towerplay.rtdt.seat_view import HeroView


def battle_estimate(v: View, foe: str, space: str | None = None) -> tuple[float, float]:
    """(expected cost in warrior-equivalents, expected warriors lost) of battling `foe`
    from `space` (default: where the hero stands), advantages spread over the cards greedily."""
    s, h = v.s, v.h
    at = space or h.space
    near, here, clean = around(v, at)
    key = (
        foe,
        s.foe_status.get(foe, ""),
        s.mutations.get(foe, ()),
        near,
        here,
        h.warriors,
        card_key(v),
        len(h.corruptions),
        s.turn.advantages_used,
        v.w.board.terrain_of.get(at),
        s.turn.doubled and s.turn.seat == h.seat,
        clean,
        len(h.potions),
        cov_battle_key(v, at) if s.cov is not None else None,
    )
    hit = v.memo.get(key)
    if hit is None:
        if len(v.memo) > 20_000:
            v.memo.clear()
        saved = v.cache.get("at")
        v.cache["at"] = at
        try:
            hit = v.memo[key] = battle_estimate_raw(v, foe, at)
        finally:
            v.cache["at"] = saved
    return hit


def battle_estimate_raw(v: View, foe: str, at: str) -> tuple[float, float]:
    w, s, h = v.w, v.s, v.h
    profile = v.t.profiles.get(foe)
    if not profile:
        return (99.0, 99.0)
    adversary = foe not in w.content.foes
    level = ADVERSARY_CARDS if adversary else w.content.foes[foe].level
    status = "ready" if adversary else s.foe_status.get(foe, "ready")
    try:
        r0 = int(w.content.battle.start_rung[status])
    except (KeyError, TypeError, AttributeError):
        r0 = START_RUNG.get(status, 1)
    allowed = set(foe_traits(v, foe)) | {"wild"}
    pool = advantages(v, h, battling=True, space=at, foe=foe)
    prevent = 0
    if s.cov is not None:  # the quarry, Inventive, blessings held this turn
        for kind, n in battle_advantages(v, h, foe, at, adversary).items():
            pool[kind] = pool.get(kind, 0) + n
        if s.turn.seat == h.seat:
            pool["wild"] = pool.get("wild", 0) + s.cov.blessings[h.seat]
        if is_quarry(s, foe, at, adversary):
            prevent += flag_amount(w, h, "quarry_block_warrior_losses")
    p = min(sum(n for t, n in pool.items() if t in allowed), adv_cap(v))
    near, here, _ = around(v, at)
    prevent += blocked_losses(v)
    per_warrior = (
        max(0.35, -warriors_value(h.warriors, -min(h.warriors, 10)) / 10) if h.warriors else 2.0
    )
    held = (len(h.potions), len(h.gear), len(h.treasures))
    wl, full = deck_costs(v, foe, near, here, prevent, per_warrior, held, corruption_cost(h))
    rungs = [r0] * level
    for _ in range(p):
        best_i, best_g = -1, 0.0
        for i, r in enumerate(rungs):
            if r < TOP_RUNG:
                g = full[r] - full[r + 1]
                if g > best_g:
                    best_i, best_g = i, g
        if best_i < 0:
            break
        rungs[best_i] += 1
    lost = sum(wl[r] for r in rungs)
    cost = sum(full[r] for r in rungs)
    # a bad draw costs about half as much again: beyond what we hold, a corruption
    if lost * 1.5 + 2 > h.warriors:
        cost += corruption_cost(h) * (0.8 if lost > h.warriors else 0.4)
    return (cost, lost)


def deck_costs(
    v: View,
    foe: str,
    near: int,
    here: int,
    prevent: int,
    per_warrior: float,
    held: tuple[int, int, int],
    short_cost: float,
) -> tuple[list[float], list[float]]:
    """Per rung, over the foe's deck: (expected warriors lost, expected full cost). They
    follow from the arguments alone, so they are kept by them across decisions."""
    key = (
        "deck",
        foe,
        v.s.mutations.get(foe, ()),
        near,
        here,
        prevent,
        per_warrior,
        held,
        short_cost,
    )
    hit = v.decks.get(key)
    if hit is None:
        if len(v.decks) > 20_000:
            v.decks.clear()
        hit = v.decks[key] = deck_costs_raw(
            v, foe, near, here, prevent, per_warrior, held, short_cost
        )
    return hit


def deck_costs_raw(
    v: View,
    foe: str,
    near: int,
    here: int,
    prevent: int,
    per_warrior: float,
    held: tuple[int, int, int],
    short_cost: float,
) -> tuple[list[float], list[float]]:
    have = {"potion": held[0], "gear": held[1], "treasure": held[2], "item": sum(held)}
    wl, rows = deck_losses(v, foe, near, here, prevent)
    full = []
    for row in rows:  # per rung, the cards in the deck's order
        total = 0.0
        for card_lost, other, items in row:
            total += card_lost * per_warrior + other
            if items and any(have.get(kind, 0) < n for kind, n in items):
                total += short_cost
        full.append(total)
    n = len(rows[0])
    return wl, [x / n for x in full]


def deck_losses(
    v: View, foe: str, near: int, here: int, prevent: int
) -> tuple[list[float], list[list[tuple[int, float, tuple[tuple[str, int], ...]]]]]:
    """Per rung, over the foe's deck: the expected warriors lost, and each card's
    (warriors lost, rest of its cost, items it takes) for `deck_costs_raw` to price. They
    follow from the arguments alone (and the foe's mutations), so they are kept by them."""
    key = ("losses", foe, v.s.mutations.get(foe, ()), near, here, prevent)
    hit = v.decks.get(key)
    if hit is not None:
        return hit
    # the printed deck and the cards an adversary's mutations added to it (RTDT-ADVCARD-5)
    mutated = [v.t.mutation_rungs[c] for c in v.s.mutations.get(foe, ()) if c in v.t.mutation_rungs]
    deck = v.t.rungs[foe] + mutated
    rows: list[list[tuple[int, float, tuple[tuple[str, int], ...]]]] = [
        [] for _ in range(TOP_RUNG + 1)
    ]
    for card in deck:  # each card's five results, in order
        for r, (base, per_skull, per_foe, other, items) in enumerate(card):
            card_lost = base + per_skull * near + per_foe * here - prevent
            rows[r].append((max(card_lost, 0), other, items))
    # whole warriors: their float sums are exact, whatever the order
    wl = [sum(lost for lost, _, _ in row) / len(deck) for row in rows]
    hit = v.decks[key] = (wl, rows)
    return hit


def battle_value(v: View, foe: str, sp: str) -> float:
    """Net value of battling this foe here now (negative: not worth it)."""
    cost, lost = battle_estimate(v, foe, sp)
    h = v.h
    if foe not in v.w.content.foes:  # the adversary: winning ends the game
        if h.warriors < 15 or lost > h.warriors:
            return -1.0
        return 80.0 - cost
    if lost * 1.2 + 3 > h.warriors and len(h.corruptions) >= 1:
        return -1.0
    value = 2.0 * spirit_value(h.spirit) + foe_threat(v, foe)
    for q in v.quests():
        if q.space == sp and isinstance(q.needs, dict) and q.needs.get("defeat_foe"):
            value += QUEST_KIND_VALUE.get(str(q.kind), 10.0)
    if v.s.cov is not None:
        value += defeat_offering(v, sp)
    return value - cost


def battle_move(v: View) -> Action | None:
    s, w, h = v.s, v.w, v.h
    b = s.battle
    assert b is not None
    legal = v.legal
    if not b.revealed:  # the adversary, between cards: press on unless it would ruin us
        cont = next((a for a in legal if verb_of(a) == "continue"), None)
        retreat = next((a for a in legal if verb_of(a) == "retreat"), None)
        if retreat is not None and h.warriors < 6 and len(h.corruptions) >= 2:
            return retreat
        return cont or retreat
    card = w.content.battle_cards[b.card_id or ""]
    rung = b.rung
    advs = v.records(Advantage)
    cov = s.cov
    # a blessing is one more Wild (COV-BLESS-2), lost when the turn ends: spend it
    bless = v.offered(BLESS)
    if cov is not None and b.used == 0:
        scroll = azkols_scroll(v)
        if scroll is not None:
            return scroll
    if rung < TOP_RUNG:
        gain = card_cost(v, card, rung) - card_cost(v, card, rung + 1)
        if (advs or bless is not None) and gain > 0:
            pool_left = sum(b.advantages.get(a.trait, 0) for a in advs)
            if bless is not None and cov is not None:
                pool_left += cov.blessings[v.seat]
            pool_left = min(pool_left, adv_cap_battle(v))
            marg = rung_marginals(v, b.foe, h.warriors)
            status = "ready" if b.adversary else s.foe_status.get(b.foe, "ready")
            r0 = START_RUNG.get(status, 1)
            future: list[float] = []
            for _ in range(b.cards - b.index - 1):
                future.extend(marg[r0:])
            future.sort(reverse=True)
            keep = future[pool_left - 1] if 0 < pool_left <= len(future) else 0.0
            unaided = False
            if cov is not None and b.used == 0 and not b.adversary:
                # the Moonstone Temple's offering: a Battle without advantages, when
                # everything they would save is worth less
                offering = offering_for(v, "battle_without_advantages")
                if offering > 0:
                    best = sorted([*future, gain], reverse=True)[:pool_left]
                    unaided = sum(best) < offering
            if gain >= keep and not unaided:  # the worst rungs first
                if advs:  # trait advantages before Wild, which fits every foe
                    return min(advs, key=lambda a: (a.trait == "wild", a.trait))
                return bless
        cost_now = card_cost(v, card, rung)
        if not advs and gain > 0 and cost_now >= 8.0:
            item = battle_item(v, card, rung)
            if item is not None:
                return item
        if cov is not None and not advs and bless is None and gain >= 3.0:
            spell = battle_spell(v)
            if spell is not None:
                return spell
    lost = warriors_lost(v, card.rungs[rung].effects)
    forgoes = [a for a in v.records(ResolveCard) if a.forgo]
    if forgoes and h.warriors >= lost + 10:  # the Colossus's offering, warriors to spare
        return min(forgoes, key=lambda a: forgo_cost(w, a))
    if cov is not None:  # The Iron Wall is offered only against a 10-warrior card
        wall = v.use_of("the_iron_wall")
        if wall is not None:
            return wall
    blessed = v.offered(BLESSED)
    if blessed is not None and h.spirit >= 1 and (lost >= 4 or lost > h.warriors):
        return blessed  # 1 spirit to save up to several warriors on this card
    # about to lose more warriors than we hold: a warriors potion first
    if lost > h.warriors:
        teeth = v.use_of("potion_of_dragon_teeth")
        if teeth is not None:
            return teeth
    return v.offered(RESOLVE)


# the flags whose cards prevent a battle card's warrior losses (a forgo's source)
PREVENTING = ("block_warrior_losses", "quarry_block_warrior_losses", "spirit_blocks_warrior_losses")


def forgo_cost(w: Any, a: ResolveCard) -> int:
    """The warriors a `resolve forgo` gives up for the Colossus's offering, as the cards tell:
    one source's own (`resolve forgo SOURCE`), or every source's (plain `resolve forgo`), which
    ranks last so that the cheapest single source is forgone first."""
    if a.source is None:
        return 1_000
    return sum(
        int(getattr(f, "amount", 0) or 0) for f in w.flags.get(a.source, ()) if f.flag in PREVENTING
    )


def adv_cap_battle(v: View) -> int:
    b = v.s.battle
    assert b is not None
    left = 10 - b.used
    return max(0, min(left, adv_cap(v) if adv_cap(v) < 10 else left))


def battle_item(v: View, card: Any, rung: int) -> Action | None:
    """A conditional-advantage item whose type fits this foe, when a card would hurt badly."""
    b = v.s.battle
    assert b is not None
    allowed = set(foe_traits(v, b.foe)) | {"wild"}
    best: tuple[float, Action] | None = None
    for a in v.records(Use):
        item = a.card
        for u in v.w.uses.get(item, ()):
            for e in u.effects:
                if getattr(e, "op", "") == "advantage" and e.type in allowed:
                    # Zaida's use spends a treasure too (`use zaida TREASURE`)
                    value = item_value(v.w, item) + (item_value(v.w, a.arg) if a.arg else 0)
                    if best is None or value < best[0]:
                        best = (value, a)
    return best[1] if best is not None else None


def azkols_scroll(v: View) -> Action | None:
    """Azkol's Scroll: six Wilds and nothing else, when our own advantages are few."""
    scroll = next((a for a in v.records(Use) if a.card == "azkols_scroll" and a.arg is None), None)
    if scroll is None:
        return None
    s = v.s
    b = s.battle
    assert b is not None and s.cov is not None
    allowed = set(foe_traits(v, b.foe)) | {"wild"}
    usable = sum(n for t, n in b.advantages.items() if t in allowed) + s.cov.blessings[v.seat]
    cards_left = b.cards - b.index
    if b.adversary:
        return scroll if usable <= 4 and cards_left >= 3 else None
    return scroll if usable <= 2 and cards_left >= 3 else None


def battle_spell(v: View) -> Action | None:
    """A spell cast mid-Battle for a Wild: Bestow Blessing on herself, or with Zealous
    any card whose blessing comes after it."""
    mine = Action("cast", "bestow_blessing", v.h.hero)
    if mine in v.legal:
        return mine
    if has_flag(v, v.h, "blessing_on_cast"):
        for a in v.by_verb.get("cast", []):
            if a[1] == "ritual_of_warding":
                return a
    return None


def delve_move(v: View) -> Action | None:
    s, h = v.s, v.h
    delve = s.delve
    leave = next(iter(v.records(Leave)), None)
    rooms = v.records(Room)
    if (delve.room if delve is not None else 0) < 0 or rooms:
        if not rooms:
            return leave
        space = delve.space if delve is not None else h.space
        pool = delve.advantages if delve is not None else {}
        if leave is not None and room_risk(v, space, pool) > 10.0:
            return leave
        # the target room hides beyond the first row: go deep
        return max(rooms, key=lambda a: (a.number, str(a)))
    improve = v.records(Improve)
    if improve and improve_helps(v):
        return min(improve, key=lambda a: (a.trait == "wild", a.trait))
    if not improve and improve_helps(v):  # Tomas's Map: five Wilds, only in a dungeon
        tomas = v.use_of("tomass_map")
        if tomas is not None:
            return tomas
        item = delve_item(v)  # Grigor, Zaida, a potion or a scroll (RTDT-DUNGEON-13)
        if item is not None:
            return item
    if s.cov is not None:
        extra = cov_delve(v, bool(improve))
        if extra is not None:
            return extra
    return v.offered(RESOLVE)


def delve_item(v: View) -> Action | None:
    """The cheapest use that gives an advantage, for a room better improved and nothing in
    the pool to improve it with (the game offers only the types the room takes)."""
    best: tuple[float, str, Action] | None = None
    for a in v.records(Use):
        item = a.card
        if any(
            getattr(e, "op", "") == "advantage" for u in v.w.uses.get(item, ()) for e in u.effects
        ):
            # Zaida's use spends a treasure too (`use zaida TREASURE`)
            value = item_value(v.w, item) + (item_value(v.w, a.arg) if a.arg else 0)
            if best is None or (value, str(a)) < best[:2]:
                best = (value, str(a), a)
    return best[2] if best is not None else None


def cov_delve(v: View, can_improve: bool) -> Action | None:
    """In a dungeon room: a blessing (or Bestow Blessing) for the improvement, The Iron
    Wall against a ruinous room."""
    s = v.s
    delve = s.delve
    if delve is None or delve.room < 0:
        return None
    if not delve.improved and not can_improve and improve_helps(v):
        bless = v.offered(BLESS)
        if bless is not None:
            return bless
        spell = battle_spell(v)
        if spell is not None:
            return spell
    return v.use_of("the_iron_wall")


def cov_battle_key(v: View, at: str) -> tuple[Any, ...]:
    s, h = v.s, v.h
    cov = s.cov
    assert cov is not None
    return (
        cov.blessings[h.seat] if s.turn.seat == h.seat else 0,
        cov.quarry,
        at in cov.wastelands,
        tuple(s.market) if has_flag(v, h, "market_advantages") else (),
        tuple(x.status for x in cov.sites),
    )


def battle_advantages(
    v: View, h: HeroView, foe: str, space: str, adversary: bool
) -> dict[str, int]:
    """Advantages a Covenant hero adds as a Battle starts: Wild against the quarry
    (Perceptive, Keen-Eyed) and the market treasures' regular ones (Inventive)."""
    out: dict[str, int] = {}
    s = v.s
    if s.cov is None:
        return out
    if is_quarry(s, foe, space, adversary):
        n = flag_amount(v.w, h, "quarry_wild")
        if n:
            out["wild"] = n
    if has_flag(v, h, "market_advantages"):
        for t in s.market:
            for adv in v.w.advantages.get(t, ()):
                if adv.when == "always" and not adv.conditional:
                    out[adv.type] = out.get(adv.type, 0) + adv.amount
    return out


def warriors_lost(v: View, effects: Sequence[Any]) -> float:
    total = 0.0
    for e in effects:
        if getattr(e, "op", "") == "lose" and getattr(e, "resource", "") == "warriors":
            amount = getattr(e, "amount", 0)
            amount = amount if isinstance(amount, int) else 0
            total += amount + getattr(e, "per_amount", 0) * count_per(v, getattr(e, "per", None))
    return total


def rung_marginals(v: View, foe: str, warriors: int) -> list[float]:
    """Average gain of climbing from rung r to r+1 over the foe's deck, for r = 0..3. Kept
    by everything the cards' costs read: the hero's cards, potions, spirit, whether it has
    a virtue to flip, and the skulls and foes around it."""
    deck = v.t.decks.get(foe, [])
    if not deck:
        return [0.0] * TOP_RUNG
    h = v.h
    at = v.cache.get("at") or h.space
    key = (
        "marginals",
        foe,
        warriors,
        h.spirit,
        tuple(h.potions),
        card_key(v),
        bool(h.inactive),
        *around(v, at)[:2],
    )
    hit = v.decks.get(key)
    if hit is None:
        if len(v.decks) > 20_000:
            v.decks.clear()
        avg = [
            sum(card_cost(v, c, r, warriors) for c in deck) / len(deck) for r in range(TOP_RUNG + 1)
        ]
        hit = v.decks[key] = [max(0.0, avg[r] - avg[r + 1]) for r in range(TOP_RUNG)]
    return hit
