"""Covenant (docs/rules/covenant.md) on the hero's turn and in its questions: spells,
wands and treasures, the Warden's quarry, the monuments' and the new heroes' decisions.
Public facts only: monuments and offerings, wastelands, doom skulls, blessings, charges,
the quarry, our own spells."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from towerplay.agents.rtdt.assess import (
    foe_harm,
    foe_threat,
    haggle_value,
    keep_value,
    missing_items,
    quest_met,
    spell_value,
    strike_severity,
    treasure_value,
)
from towerplay.agents.rtdt.battle import (
    battle_value,
)
from towerplay.agents.rtdt.plan import (
    aura_gain,
    far_target,
    goal_space,
    heroic_at,
    walk_best,
)
from towerplay.agents.rtdt.values import (
    AURA,
    CORRUPTION_SEVERITY,
    HAGGLE_GOOD,
    MOONSTONE,
    OFFERING_STEP,
    OFFERING_VALUE,
    SWAP_FROM,
    VIRTUE_VALUE,
    foreign_value,
    item_value,
    warriors_value,
)
from towerplay.agents.rtdt.view import (
    View,
    has_flag,
    moves_this_turn,
    quarry_at,
    regular,
    stuck,
    walk,
    waste_spaces,
)
from towerplay.core.notation import Action
from towerplay.rtdt import records as rec
from towerplay.rtdt.seat_view import DecisionView


def cov_turn(v: View, late: bool) -> Action | None:
    """A spell to cast or a Covenant treasure to use now; `late`: the turn is about
    to end."""
    casts = v.records(rec.Cast)
    uses = v.records(rec.Use)  # cov_use acts only on Covenant treasures
    if uses:
        a = cov_use(v, uses, late)
        if a is not None:
            return a
    if casts:
        by_spell: dict[str, list[rec.Cast]] = {}
        for c in casts:
            by_spell.setdefault(c.spell, []).append(c)
        return cov_cast(v, by_spell, late)
    return None


def cov_use(v: View, uses: list[rec.Use], late: bool) -> Action | None:
    """Each use offered names its card and what it acts on (`arg`: a corruption, a foe, a
    space), the Covenant treasures' always."""
    s, w, h = v.s, v.w, v.h
    heroic_open = not s.turn.heroic_done
    wastes = waste_spaces(v)
    by_card: dict[str, list[tuple[str, rec.Use]]] = {}
    for a in uses:
        by_card.setdefault(a.card, []).append((a.arg or "", a))
    flask = by_card.get("sanctified_flask")
    if flask:  # a corruption back to the deck and a blessing
        owners = {c: len(o.corruptions) for o in s.heroes for c in o.corruptions}
        return max(
            flask,
            key=lambda u: (CORRUPTION_SEVERITY.get(u[0], 3.0) + owners.get(u[0], 0), str(u[1])),
        )[1]
    if by_card.get("wand_of_pacification"):
        near = sum(max(0, regular(v, sp)) for sp in w.board.near(h.space))
        if near >= 3 or (late and near >= 2):
            return by_card["wand_of_pacification"][0][1]
    burn = by_card.get("wand_of_conflagration")
    if burn:  # a foe here we would not beat cheaply
        foe, best = max(burn, key=lambda u: (foe_threat(v, u[0]), str(u[1])))
        threat = foe_threat(v, foe)
        if threat >= 7.0 and (battle_value(v, foe, h.space) <= 0 or (late and threat >= 8.0)):
            return best
    if late or not heroic_open or s.pending:
        return None
    jump = by_card.get("azkols_vambraces")
    if jump:  # as the turn starts: to a Tower-adjacent space, and a blessing
        to, leap = max(
            jump,
            key=lambda u: (heroic_at(v, u[0]) - (1.5 if u[0] in wastes else 0.0), str(u[1])),
        )
        val = heroic_at(v, to)
        if val >= 8.0 and val >= walk_best(v) + 3.0:
            return leap
    carry = by_card.get("wand_of_celerity")
    if carry and not stuck(v):
        charges = s.cov.charges.get("wand_of_celerity", 0) if s.cov is not None else 0
        target = far_target(v, extra=charges)
        if target is not None:
            moves = moves_this_turn(v)
            ok = [
                u
                for u in carry
                if (u[0] not in wastes or u[0] == target) and v.dist(u[0], target) <= moves
            ]
            if ok:
                return min(ok, key=lambda u: (v.dist(h.space, u[0]), v.dist(u[0], target), u[0]))[1]
    return None


def cov_cast(v: View, by_spell: dict[str, list[rec.Cast]], late: bool) -> Action | None:
    """Each cast offered names its targets (`target`, `second`) as its spell needs them."""
    s, w, h = v.s, v.w, v.h
    cov = s.cov
    assert cov is not None
    heroic_open = not s.turn.heroic_done
    smite = by_spell.get("smite_the_wicked")
    if smite:  # a savage or lethal foe off the board
        return max(smite, key=lambda a: (foe_threat(v, a.target or ""), str(a)))
    abate = by_spell.get("abate_the_darkness")
    if abate:  # skulls from the Tower to the supply (doom skulls are placed)
        regular = s.tower.inside - cov.doom_inside_tower
        if regular >= 2 or (regular >= 1 and s.supply <= 6):
            return abate[0]
    soothe = by_spell.get("soothing_word")
    if soothe:
        best = max(soothe, key=lambda a: (CORRUPTION_SEVERITY.get(a.second or "", 3.0), str(a)))
        if CORRUPTION_SEVERITY.get(best.second or "", 3.0) >= SWAP_FROM:
            return best
    if by_spell.get(AURA) and aura_gain(v) >= 4.0:
        return by_spell[AURA][0]
    if heroic_open and not late:
        jaunt = by_spell.get("celestial_jaunt")
        if jaunt:
            wastes = waste_spaces(v)
            best = max(
                jaunt,
                key=lambda a: (
                    heroic_at(v, a.target or "") - (1.5 if a.target in wastes else 0.0),
                    str(a),
                ),
            )
            val = heroic_at(v, best.target or "")
            if val >= 12.0 and val >= walk_best(v) + 4.0:
                return best
        bounty = by_spell.get("bounty_of_the_gods")
        if bounty and bounty_helps(v):
            return bounty[0]
    if not late:
        return None
    rebuke = by_spell.get("commanding_rebuke")
    if rebuke:
        foes = [
            f
            for f in dict.fromkeys(a.target or "" for a in rebuke)
            if foe_threat(v, f) >= 6.0 and (not heroic_open or battle_value(v, f, h.space) <= 0)
        ]
        if foes:
            foe = max(foes, key=lambda f: (foe_threat(v, f), f))
            return min(
                (a for a in rebuke if a.target == foe),
                key=lambda a: (foe_harm(v, a.second or ""), a.second or ""),
            )
    winds = by_spell.get("winds_of_change")
    if winds:
        worst = min(winds, key=lambda a: (treasure_value(v, a.target or ""), a.target or ""))
        if treasure_value(v, worst.target or "") < 4.5:
            return worst
    ward = by_spell.get("ritual_of_warding")
    if (
        ward
        and h.space not in cov.protections
        and any(sp in s.skulls for sp in w.board.near(h.space))
    ):
        return ward[0]
    return None


def cov_answer(v: View, d: DecisionView) -> Action | None:
    """The Covenant questions: the new heroes' first, then the monuments' and treasures'."""
    answer = hero_answer(v, d)
    return answer if answer is not None else card_answer(v, d)


def hero_answer(v: View, d: DecisionView) -> Action | None:
    """The Astromancer's, the Warden's, the Aegis's and the Swindler's questions."""
    k = d.kind
    s, h = v.s, v.h
    stop = next(iter(v.records(rec.Stop)), None)
    if k == "prepare":
        return max(
            v.records(rec.Prepare), key=lambda a: (spell_value(v, a.spell), a.spell), default=None
        )
    if k == "bounty":
        keeps = v.records(rec.Keep)
        wanted = set()
        for q in v.quests():
            needs = q.needs
            if isinstance(needs, dict):
                wanted.update(missing_items(v, needs))
        return min(keeps, key=lambda a: (a.card not in wanted, a.card), default=None)
    if k == "winds":
        done = next(iter(v.records(rec.Done)), None)
        swaps = v.records(rec.Replace)
        worst = min(swaps, key=lambda a: (treasure_value(v, a.card), a.card), default=None)
        if worst is not None and treasure_value(v, worst.card) < 4.5:
            return worst
        return done
    if k == "quarry":
        return max(v.records(rec.Quarry), key=lambda a: (quarry_score(v, a), str(a)), default=stop)
    if k == "quarry_step":
        return quarry_step(v, v.records(rec.Step), stop)
    if k == "instinct":
        dodge = next(iter(v.records(rec.Dodge)), None)
        if d.target == "adversary":
            return dodge
        status = s.foe_status.get(d.target, "ready")
        return dodge if strike_severity(v, d.target, status) >= 5.0 else stop
    if k == "aegis_banner":
        rets = v.records(rec.Return)
        lim = h.corruption_limit
        n = len(h.corruptions)
        if rets and (
            h.warriors >= 18
            or (n >= lim and h.warriors >= 10)
            or (n >= lim - 1 and h.warriors >= 14)
        ):
            return max(rets, key=lambda a: (CORRUPTION_SEVERITY.get(a.card, 3.0), a.card))
        return stop
    if k == "steeled":
        take = next(iter(v.records(rec.TakeIt)), None)
        other = s.heroes[int(d.target)]
        mine, theirs = len(h.corruptions) + 1, len(other.corruptions) + 1
        lim_mine, lim_theirs = h.corruption_limit, other.corruption_limit
        if take is not None and (
            (theirs > lim_theirs and mine <= lim_mine) or (theirs >= lim_theirs and mine < lim_mine)
        ):
            return take
        return next(iter(v.records(rec.Pass)), None)
    if k == "haggle_reroll":
        keep = next(iter(v.records(rec.KeepRoll)), None)
        reroll = next(iter(v.records(rec.Reroll)), None)
        return keep if d.target in HAGGLE_GOOD or reroll is None else reroll
    if k == "haggle_pick":
        return max(
            v.records(rec.Keep), key=lambda a: (haggle_value(v, a.card, d), a.card), default=None
        )
    return None


def card_answer(v: View, d: DecisionView) -> Action | None:
    """The monuments' enhanced Reinforce questions and the new treasures'."""
    k = d.kind
    s, w, h = v.s, v.w, v.h
    stop = next(iter(v.records(rec.Stop)), None)
    if k == "cenotaph_virtue":
        return max(v.records(rec.Take), key=lambda a: (foreign_value(a.what), a.what), default=None)
    if k == "cenotaph_drop":
        return min(
            v.records(rec.Drop),
            key=lambda a: (VIRTUE_VALUE.get(a.virtue, 4.0), a.virtue),
            default=None,
        )
    if k == "oak_item":
        spends = v.records(rec.Spend)
        if not spends or not h.corruptions:
            return stop
        cheapest = min(spends, key=lambda a: (keep_value(v, a.card), a.card))
        left = len(h.corruptions)
        relief = 0.8 * min(40.0, {0: 12.0, 1: 25.0}.get(left - 1, 40.0))
        return cheapest if keep_value(v, cheapest.card) < relief else stop
    if k == "colossus_move":
        return colossus_target(v, v.records(rec.Go))
    if k == "iron_wall":  # 10+ warriors to one event: raise it unless they hardly matter
        up = next(iter(v.records(rec.Raise)), None)
        return up if h.warriors < 40 else stop
    if k == "effigy":
        spend = next(iter(v.records(rec.SpendIt)), None)
        kingdom = w.board.kingdom_of[h.space]
        n = sum(max(0, regular(v, sp)) for sp in w.board.kingdom_buildings[kingdom])
        return spend if n >= 3 or (n >= 2 and s.supply <= 5) else stop
    if k == "flagon":
        return max(v.records(rec.Keep), key=lambda a: (item_value(w, a.card), a.card), default=None)
    if k == "chakram":
        rets = v.records(rec.Return)
        if rets:
            return max(rets, key=lambda a: (CORRUPTION_SEVERITY.get(a.card, 3.0), a.card))
        blesses = v.records(rec.BlessHero)
        if blesses:  # the next hero to play keeps it until their turn ends
            order = {o.hero: (o.seat - h.seat) % len(s.heroes) for o in s.heroes}
            return min(blesses, key=lambda a: (order.get(a.hero, 9), a.hero))
        return stop
    if k == "sledge":
        sites = {x.space: x for x in s.cov.sites} if s.cov is not None else {}

        def sledge_key(a: rec.OfferAt) -> tuple[int, int, str]:
            x = sites.get(a.space)
            near = min((v.dist(o.space, a.space) for o in s.heroes), default=9)
            return (-(x.offerings if x is not None else 0), near, a.space)

        return min(v.records(rec.OfferAt), key=sledge_key, default=stop)
    if k == "beacon":
        goal = goal_space(v)
        wastes = waste_spaces(v)
        gos = [a for a in v.records(rec.Go) if a.space not in wastes]
        if goal is None or not gos:
            return stop
        best = min(gos, key=lambda a: (v.dist(a.space, goal), a.space))
        return best if v.dist(best.space, goal) < v.dist(h.space, goal) - 1 else stop
    return None


def quarry_score(v: View, a: rec.Quarry) -> float:
    s = v.s
    if a.space is None:  # `quarry adversary`
        return foe_threat(v, s.config.adversary) - 0.5 * v.dist(v.h.space, s.adversary_space)
    return foe_threat(v, a.foe) - 0.5 * v.dist(v.h.space, a.space)


def quarry_step(v: View, steps: list[rec.Step], stop: Action | None) -> Action | None:
    """Drive the quarry toward us when we would beat it, else away from what it harms."""
    s = v.s
    foe, space = quarry_at(s)
    if not steps or not space:
        return stop
    fid = s.config.adversary if foe == "adversary" else foe
    me = v.h.space
    # judged where we stand, so both steps of one banner agree
    if battle_value(v, fid, me) > 0:
        best = min(steps, key=lambda a: (v.dist(me, a.space), a.space))
        return best if v.dist(me, best.space) < v.dist(me, space) else stop
    if foe == "adversary":
        return stop
    best = min(steps, key=lambda a: (foe_harm(v, a.space), a.space))
    return best if foe_harm(v, best.space) < foe_harm(v, space) else stop


def colossus_target(v: View, gos: list[rec.Go]) -> Action | None:
    if not gos:
        return None
    s = v.s
    wastes = waste_spaces(v)
    if not s.turn.heroic_done or MOONSTONE in s.turn.used:
        best = max(
            gos,
            key=lambda a: (heroic_at(v, a.space) - (1.5 if a.space in wastes else 0.0), a.space),
        )
        if heroic_at(v, best.space) > 0:
            return best
    goal = goal_space(v) or v.h.space
    return min(gos, key=lambda a: (a.space in wastes, v.dist(a.space, goal), a.space))


def bounty_helps(v: View) -> bool:
    """Bounty of the Gods, when a quest here lacks only one quest item."""
    for q in v.quests():
        needs = q.needs
        if q.space != v.h.space or not isinstance(needs, dict):
            continue
        missing = missing_items(v, needs)
        rest = {k: x for k, x in needs.items() if k not in ("items", "carry")}
        if len(missing) == 1 and quest_met(v, rest, v.h.space):
            return True
    return False


def offering_spot(v: View, goal: str) -> str:
    """Where to end the turn: toward `goal`, unless a space in reach lays an end-of-turn
    offering (foes or skulls on and next to it) at a small detour."""
    s, w = v.s, v.w
    cov = s.cov
    assert cov is not None
    events: list[tuple[str, int, float]] = []
    for x in cov.sites:
        if x.status != "foundation" or x.offerings >= 3:
            continue
        trig = w.content.monuments[x.monument].offering
        if trig is not None and trig.on in ("end_turn_foes_near", "end_turn_skulls_near"):
            events.append((trig.on, trig.at_least, OFFERING_VALUE + OFFERING_STEP * x.offerings))
    if not events or stuck(v):
        return goal
    moves = moves_this_turn(v) if v.by_verb.get("move") else 0
    here = v.h.space
    wastes = waste_spaces(v)
    best: tuple[float, int, str] | None = None
    for sp, d in walk(v, here).items():
        if d > moves:
            continue
        near = w.board.near(sp)
        bonus = 0.0
        for on, at_least, value in events:
            if on == "end_turn_foes_near":
                n = sum(1 for _, fsp in s.foes if fsp in near)
                n += 1 if s.adversary_space and s.adversary_space in near else 0
            else:
                n = sum(s.skulls.get(x, 0) for x in near)
            if n >= at_least:
                bonus += value
        score = bonus - 2.0 * v.dist(sp, goal) - (1.0 if sp in wastes and sp != here else 0.0)
        key = (score, 1 if sp == here else 0, sp)
        if bonus > 0 and (best is None or key[:2] > best[:2]):
            best = key
    if best is None:
        return goal
    plain = -2.0 * max(0, v.dist(here, goal) - moves)
    return best[2] if best[0] > plain else goal


def cov_banner_gain(v: View, effects: Sequence[Any]) -> float:
    """What the Covenant heroes' banner actions bring (their effects have no shape)."""
    s, w, h = v.s, v.w, v.h
    cov = s.cov
    assert cov is not None
    gain = 0.0
    if any(getattr(e, "op", "") == "roll_haggle" for e in effects):
        gain += 2.5  # the Swindler: warriors, a potion or a gear on four faces of six
    if h.hero == "relentless_warden":
        if not cov.quarry and (s.foes or s.adversary_space):
            gain += 4.0
        elif cov.quarry:
            gain += 0.5
    elif h.hero == "reverent_astromancer":
        if any(regular(v, sp) > 0 for sp in w.board.near(h.space)):
            gain += 2.0 * (1.0 + max(0, 8 - s.supply) / 4.0)
            gain += 1.5 if has_flag(v, h, "blessing_on_banner_skull") else 0.0
    elif h.hero == "undaunted_aegis" and h.corruptions:
        gain += warriors_value(h.warriors, 3 * len(h.corruptions))
    return gain
