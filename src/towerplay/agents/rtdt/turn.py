"""The hero's own turn: banner, items, the walk to the best heroic action, Reinforce,
where to end the turn, and the one trade it opens."""

from __future__ import annotations

from typing import Any

from towerplay.agents.rtdt.assess import (
    effects_cost,
    foe_threat,
)
from towerplay.agents.rtdt.battle import (
    battle_value,
)
from towerplay.agents.rtdt.covenant import (
    cov_banner_gain,
    cov_turn,
    offering_spot,
)
from towerplay.agents.rtdt.plan import (
    far_reinforce,
    far_target,
    goal_space,
    heroic_at,
    heroic_here,
    heroic_spaces,
    reinforce_value,
    trial_goal,
)
from towerplay.agents.rtdt.values import (
    BANNER,
    DETOUR,
    DOUBLE,
    END,
    END_SKIP,
    LOW_SUPPLY,
    MOONSTONE,
    SHORT_WARRIORS,
    SPARE_FROM,
    spirit_value,
    verb_of,
)
from towerplay.agents.rtdt.view import (
    View,
    base_move,
    competitive,
    glyph_cost,
    moves_this_turn,
    steps_from_here,
    walk,
    waste_spaces,
)
from towerplay.core.notation import Action
from towerplay.rtdt.records import Cancel, Give, Move, OfferTrade, PassMark, TradeWith, Use


def turn_move(v: View) -> Action | None:
    s, h, w = v.s, v.h, v.w
    t = s.turn
    # 1. the banner, while it is offered
    banner = v.offered(BANNER)
    if banner is not None and want_banner(v):
        return banner
    # 2. mandatory start-of-turn effects
    resolves = v.by_verb.get("resolve", [])
    if resolves:
        return resolves[0]
    # 3. items worth using now; Covenant spells, wands and treasures
    cov = s.cov
    if cov is not None:
        spell = cov_turn(v, late=False)
        if spell is not None:
            return spell
    item = use_item(v)
    if item is not None:
        return item
    marked = pass_mark(v)
    if marked is not None:
        return marked
    end = v.offered(END)
    moves = {m.space: m for m in v.records(Move)}
    # the Moonstone Temple: Battle and Cleanse as often as you like (COV-CLARIFY-17)
    heroic_done = t.heroic_done and not (cov is not None and MOONSTONE in t.used)
    can_reinforce = bool(v.by_verb.get("reinforce")) or bool(v.by_verb.get("haggle"))
    here = h.space
    h_val, h_act = heroic_here(v)
    r_val, r_opt = reinforce_value(v, here) if can_reinforce else (0.0, "")
    r_src = ""
    if cov is not None and can_reinforce:  # Aura of Friendship, the Tent of Revelry
        far = far_reinforce(v)
        if far[0] > r_val:
            r_val, r_opt, r_src = far
    moves_left = moves_this_turn(v)
    can_double = v.offered(DOUBLE) is not None
    reach2 = base_move(v) * 2 if can_double else moves_left
    ends_after_reinforce = "uncertain" in h.corruptions
    # 4. where could the heroic action be better this turn?
    best_dest, need_double = here, False
    comp_goal = trial_goal(v) if competitive(v) else None
    if not heroic_done and (moves or can_double):
        best_dest, need_double = heroic_destination(
            v, h_val, moves_left, max(moves_left, reach2), can_reinforce, comp_goal
        )
    if best_dest == here:
        # heroic here; with a battle, a village Reinforce first fills the ranks
        if h_act is not None and h_val > 0:
            if (
                can_reinforce
                and verb_of(h_act) == "battle"
                and w.board.building_of.get(here) == "village"
                and r_val > 0
                and not ends_after_reinforce
            ):
                return reinforce_action(v, r_val, r_opt, r_src)
            return h_act
    else:
        # reinforce here before leaving, when it beats reinforcing there
        if can_reinforce and r_val > 0 and not ends_after_reinforce:
            there = reinforce_value(v, best_dest)[0]
            if r_val >= there:
                return reinforce_action(v, r_val, r_opt, r_src)
        if need_double:
            return DOUBLE
        step = step_toward(v, best_dest, moves)
        if step is not None:
            return step
    # 5. heroic done (or nothing worth it in reach): Reinforce, then head for next turn
    reinforce_here_later = False
    if can_reinforce and r_val > 0:
        if not ends_after_reinforce:
            return reinforce_action(v, r_val, r_opt, r_src)
        reinforce_here_later = True
    if moves and not reinforce_here_later:
        dest = end_space(v)
        if dest is not None and dest != here:
            step = step_toward(v, dest, moves)
            if step is not None:
                return step
    if cov is not None:  # spells and wands for the end of the turn
        late = cov_turn(v, late=True)
        if late is not None:
            return late
    if reinforce_here_later:
        return reinforce_action(v, r_val, r_opt, r_src)
    trade = helpful_trade(v)
    if trade is not None:
        return trade
    skip = v.offered(END_SKIP)
    if skip is not None and s.supply <= 8:
        return skip
    return end


def heroic_destination(
    v: View, h_val: float, moves_left: int, reach: int, can_reinforce: bool, comp_goal: str | None
) -> tuple[str, bool]:
    """The space in reach (`reach` steps, doubling past `moves_left`) whose heroic action
    beats the one here by a clear margin, and whether the move must be doubled for it."""
    s, h = v.s, v.h
    here = h.space
    best_dest, best_val, need_double = here, h_val, False
    wastes = waste_spaces(v)
    steps = steps_from_here(v)
    for sp in heroic_spaces(v):  # heroic_at is 0 elsewhere: not worth a step
        d = steps.get(sp, 99)
        if d == 0 or d > reach:
            continue
        val = heroic_at(v, sp)
        if val <= 0:
            continue
        if sp in wastes:  # stuck there for the rest of the turn (COV-WASTE-4)
            val -= 1.5
        dbl = d > moves_left
        if dbl:
            if h.spirit < 1 + glyph_cost(v, "cleanse"):
                continue
            val -= 1.0 * spirit_value(h.spirit) + 2.0
        val += 0.5 * reinforce_value(v, sp)[0] if can_reinforce else 0.0
        val -= 0.05 * d
        if comp_goal is not None and s.supply > LOW_SUPPLY:  # stay on the road
            ahead = max(0, v.dist(here, comp_goal) - reach)
            val -= DETOUR * max(0, v.dist(sp, comp_goal) - ahead)
        if val > best_val + 0.5:
            best_dest, best_val, need_double = sp, val, dbl
    return best_dest, need_double


def want_banner(v: View) -> bool:
    h, w = v.h, v.w
    cost = glyph_cost(v, "banner")
    if cost > h.spirit:
        return False
    hero = w.content.heroes.get(h.hero)
    effects = list(getattr(hero, "banner_effects", ()) or ())
    if any(getattr(e, "op", "") == "place_hero" for e in effects):
        if cost:
            return False
        goal = goal_space(v)
        return (
            goal is not None
            and w.board.kingdom_of.get(goal) == w.board.kingdom_of[h.space]
            and goal != h.space
        )
    gain = -effects_cost(v, effects)
    if v.s.cov is not None:
        gain += cov_banner_gain(v, effects)
    return gain > cost * spirit_value(h.spirit) + 0.1


def reinforce_action(v: View, value: float, option: str, source: str = "") -> Action | None:
    haggle = v.offered(Action("haggle"))
    safe = any(
        f.flag == "haggle_ignore_cancel" for cid in v.h.cards for f in v.w.flags.get(cid, ())
    )
    if haggle is not None and (safe or value < 9.0):
        return haggle
    want = Action("reinforce", option or "free", source) if source else None
    if want is None or v.offered(want) is None:
        want = Action("reinforce", option or "free")
    if v.offered(want) is not None:
        return want
    first = next((a for a in v.by_verb.get("reinforce", ()) if len(a) == 2), None)
    if first is None and v.s.cov is not None:
        return haggle  # Reckless: the haggle die before any Reinforce
    return first


def step_toward(v: View, dest: str, moves: dict[str, Move]) -> Action | None:
    if not moves:
        return None
    if waste_spaces(v):
        step = step_around(v, dest, moves)
        if step is not None:
            return step
    here_d = v.dist(v.h.space, dest)
    s = v.s
    foe_spaces = {sp for _, sp in s.foes}
    best: tuple[tuple[int, int, str], Action] | None = None
    for sp, a in moves.items():
        d = v.dist(sp, dest)
        if d >= here_d:
            continue
        key = (d, 1 if sp in foe_spaces and sp != dest else 0, sp)
        if best is None or key < best[0]:
            best = (key, a)
    return best[1] if best is not None else None


def step_around(v: View, dest: str, moves: dict[str, Move]) -> Action | None:
    """A step toward `dest` that does not end the walk in a wasteland on the way."""
    wastes = waste_spaces(v)
    back = walk(v, dest)
    here_d = back.get(v.h.space, 99)
    foe_spaces = {sp for _, sp in v.s.foes}
    best: tuple[tuple[int, int, str], Action] | None = None
    for sp, a in moves.items():
        if sp in wastes and sp != dest:
            continue
        d = back.get(sp, 99)
        if d >= here_d:
            continue
        key = (d, 1 if sp in foe_spaces and sp != dest else 0, sp)
        if best is None or key < best[0]:
            best = (key, a)
    return best[1] if best is not None else None


def end_space(v: View) -> str | None:
    """Where to stand when the turn ends: toward next turn's best target, out of harm."""
    goal = goal_space(v)
    h, s = v.h, v.s
    if goal is None:
        # nothing to chase: go home, where emerged skulls land
        homes = [sp for sp in v.w.board.kingdom_buildings.get(h.kingdom, ()) if sp in s.skulls]
        if not homes:
            return None
        goal = min(homes, key=lambda sp: (v.dist(h.space, sp), sp))
    if s.cov is not None:
        return offering_spot(v, goal)
    return goal


# spirit in hand before Nimet's 3 spirit go to put a seal back (fewer skulls out, no glyph)
SEAL_SPIRIT = 7


def use_item(v: View) -> Action | None:
    s, h, w = v.s, v.h, v.w
    uses = v.records(Use)
    if not uses:
        return None
    t = s.turn
    skulls = sorted(s.skulls.values(), reverse=True)
    total = sum(skulls)
    for a in uses:
        item = a.card
        if item == "potion_of_purifying_breath" and skulls and (skulls[0] >= 2 or s.supply <= 3):
            return a
        if item == "acorns_of_the_white_oak" and (
            total >= 6 or (skulls and skulls[0] >= 3 and s.supply <= 6)
        ):
            return a
        if item == "potion_of_dragon_teeth" and h.warriors < 6:
            return a
        # Nimet: a seal back while spirit is plentiful
        restores = any(f.flag == "restore_seal" for f in w.flags.get(item, ()))
        if restores and a.arg is not None and h.spirit >= SEAL_SPIRIT:
            return a
        if item == "potion_of_the_golden_sun" and h.spirit < 1:
            return a
        if item == "kamarias_carpet" and not t.heroic_done and h.spirit >= 2:
            target = far_target(v, extra=99)
            if target is not None:
                return a
        if item == "potion_of_one_thousand_strides" and not t.heroic_done:
            target = far_target(v, extra=3)
            if target is not None:
                return a
        if item == "amulet_of_annihilation":  # every foe on and next to us: worth a crowd
            near = set(w.board.near(h.space))
            there = [f for f, sp in s.foes if sp in near]
            if len(there) >= 3 or max(foe_threat(v, f) for f in there) >= 10:
                return a
        if item == "lamp_of_darkness":
            here = [f for f, sp in s.foes if sp == h.space]
            if (
                here
                and max(foe_threat(v, f) for f in here) >= 10
                and all(battle_value(v, f, h.space) <= 0 for f in here)
            ):
                return a
    del w
    return None


def pass_mark(v: View) -> Action | None:
    """Bane of Omens' Black Mark (RTDT-ADVCARD-2): the Tower acts strike its holder with a
    corruption, so hand it on, for its spirit, to the hero furthest from a third one -
    when the holder is one strike from losing, or two corruptions worse off."""
    passes = v.records(PassMark)
    if not passes:
        return None
    h = v.h
    mine = len(h.corruptions)

    def theirs(a: PassMark) -> tuple[int, int]:
        o = v.s.heroes[a.seat]
        return len(o.corruptions), -o.spirit

    best = min(passes, key=theirs)
    other = theirs(best)[0]
    if (mine >= 2 and other < mine) or (mine - other >= 2 and h.spirit >= 2):
        return best
    return None


def trade_move(v: View) -> Action | None:
    """The only trade we open: spare warriors for a teammate who is nearly out of them."""
    trade = v.s.trade
    cancel = next(iter(v.records(Cancel)), None)
    if trade is None:
        return cancel
    if trade.moves:
        return next(iter(v.records(OfferTrade)), cancel)
    n = spare_warriors(v, v.s.heroes[trade.partner])
    give = v.offered(Give("warriors", n)) if n > 0 else None
    return give if give is not None else cancel


def spare_warriors(v: View, partner: Any) -> int:
    if partner.warriors >= SHORT_WARRIORS or v.h.warriors < SPARE_FROM:
        return 0
    return min(10, v.h.warriors - SPARE_FROM + 6, SHORT_WARRIORS + 4 - partner.warriors)


def helpful_trade(v: View) -> Action | None:
    for a in v.records(TradeWith):
        try:
            partner = v.s.heroes[a.seat]
        except IndexError:
            continue
        if spare_warriors(v, partner) > 0:
            return a
    return None
