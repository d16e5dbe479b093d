"""Estimates built on the observation: what effects cost a hero, which advantages count,
what a quest still asks, how much a foe threatens, what a Cleanse or an offering is worth."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from towerplay.agents.rtdt.conditions import met, payable
from towerplay.agents.rtdt.facts import around
from towerplay.agents.rtdt.table import profile
from towerplay.agents.rtdt.values import (
    BUILD_VALUE,
    CORRUPTION_SEVERITY,
    EASY_SPELLS,
    ITEM_VALUE,
    KIND_VALUE,
    OFFERING_STEP,
    OFFERING_VALUE,
    QUEST_KIND_VALUE,
    SPELL_PRIORITY,
    STATUSES,
    SWAP_FROM,
    corruption_cost,
    held_items,
    item_value,
    spirit_value,
    warriors_value,
)
from towerplay.agents.rtdt.view import (
    WILD_FLAGS,
    View,
    flag_amount,
    foe_traits,
    has_flag,
)
from towerplay.rtdt.seat_view import HeroView


def effects_cost(
    v: View, effects: Sequence[Any], warriors: int | None = None, battle: bool = False
) -> float:
    """What a list of effects costs this hero, in warrior-equivalents (negative: a gain)."""
    h, s, w = v.h, v.s, v.w
    wr = h.warriors if warriors is None else warriors
    sp = h.spirit
    cost = 0.0
    short = False
    prevent = 0
    if battle:
        prevent = blocked_losses(v)
    for e in effects:
        op = getattr(e, "op", "")
        amount = amount_of(e) if op in COUNTED else 1  # the others have no amount
        if op == "gain":
            if getattr(e, "resource", "") == "warriors":
                cost -= warriors_value(wr, amount)
                wr += amount
            else:
                cost -= amount * spirit_value(sp)
                sp += amount
        elif op == "lose":
            per = getattr(e, "per", None)
            n = amount + getattr(e, "per_amount", 0) * count_per(v, per)
            if getattr(e, "resource", "") == "warriors":
                n = max(0, n - prevent)
                if n > wr:
                    short = True
                cost -= warriors_value(wr, -n)
                wr = max(0, wr - n)
            else:
                if n > sp:
                    short = True
                cost += min(n, sp) * spirit_value(sp)
                sp = max(0, sp - n)
        elif op == "lose_item":
            kind = getattr(e, "kind", "item")
            held = held_items(h, kind)
            if len(held) < amount:
                short = True
            if held:
                vals = sorted(item_value(w, i) for i in held)
                cost += sum(vals[:amount])
        elif op == "lose_virtue":
            if [x for x in h.virtues if x not in w.content.kingdom_virtues]:
                cost += 7.0
            else:
                short = True
        elif op == "add_skulls":
            cost += 3.0 * amount
        elif op == "tower_stirs":
            cost += 3.0
        elif op == "gain_item":
            cost -= KIND_VALUE.get(getattr(e, "kind", ""), 2.0) * 0.6 * amount
        elif op == "gain_corruption":
            cost += corruption_cost(h)
        elif op == "remove_corruptions":
            cost -= 10.0 * len(h.corruptions)
        elif op == "remove_skulls":
            cost -= 2.0 * amount
        elif op == "gain_virtue":
            cost -= 6.0 if h.inactive else 0.0
        elif op == "if":  # the engine tests the condition when the effect runs
            if met(v, e.when if e.when is not None else e.unless) == (e.when is not None):
                cost += effects_cost(v, e.effects, warriors=wr, battle=battle)
        elif op == "choose":  # we would pick the cheapest option
            cost += min(effects_cost(v, o, warriors=wr, battle=battle) for o in e.options)
        elif op == "may_pay" and payable(h, e.pay):  # we would pay only when it is worth it
            cost += min(0.0, effects_cost(v, [*e.pay, *e.gain], warriors=wr, battle=battle))
    if short:
        cost += corruption_cost(h)
    del s
    return cost


# the effects whose cost counts their amount; asking another for its missing amount costs
# a pydantic model an exception (about 13 µs)
COUNTED = frozenset({"gain", "lose", "lose_item", "add_skulls", "gain_item", "remove_skulls"})


def amount_of(e: Any) -> int:
    amount = getattr(e, "amount", 1)
    return amount if isinstance(amount, int) else 1


def blocked_losses(v: View) -> int:
    """The warrior losses the hero's cards block on each battle card (once a decision)."""
    return v.once[blocked_losses_raw]


def blocked_losses_raw(v: View) -> int:
    prevent = 0
    for cid in v.h.cards:
        for f in v.w.flags.get(cid, ()):
            if f.flag == "block_warrior_losses":
                prevent += int(getattr(f, "amount", 0) or 0)
    return prevent


def card_cost(v: View, card: Any, rung: int, warriors: int | None = None) -> float:
    rung = max(0, min(rung, len(card.rungs) - 1))
    return effects_cost(v, card.rungs[rung].effects, warriors=warriors, battle=True)


def count_per(v: View, per: str | None) -> int:
    at = v.cache.get("at") or v.h.space
    if per == "skull_near":
        return around(v, at)[0]
    if per == "foe_here":
        return around(v, at)[1]
    return 0


def advantages(
    v: View, h: Any, battling: bool, space: str | None = None, foe: str = ""
) -> dict[str, int]:
    """Automatic advantages a hero has (counted as the engine counts them), in a Battle
    against `foe` when given."""
    w, s = v.w, v.s
    here = space or h.space
    out: dict[str, int] = {}
    for cid in h.cards:
        for adv in w.advantages.get(cid, ()):
            if adv.conditional:
                continue
            when = adv.when
            n = 0
            if when == "always":
                n = adv.amount
            elif when == "battling":
                n = adv.amount if battling else 0
            elif when == "doubled_move":
                n = adv.amount if s.turn.doubled and s.turn.seat == h.seat else 0
            elif when == "per_clean_building_near":
                n = adv.amount * around(v, here)[2]
            elif when == "on_building_space":  # Hakan
                n = adv.amount if here in s.skulls else 0
            elif when == "against_adversary":  # Yana
                n = adv.amount if battling and foe and foe not in w.content.foes else 0
            elif when == "against_foe_level":  # Dragon Scales
                level = w.content.foes[foe].level if foe in w.content.foes else 0
                n = adv.amount if battling and level == adv.level else 0
            elif s.cov is not None and here in s.cov.wastelands:
                n = 0  # a wasteland has no terrain (COV-WASTE-2)
            else:
                n = adv.amount if w.board.terrain_of[here] == when.removeprefix("on_") else 0
            if n:
                out[adv.type] = out.get(adv.type, 0) + n
    if s.cov is not None:
        cov_advantages(v, h, battling, here, out)
    return out


def cov_advantages(v: View, h: HeroView, battling: bool, here: str, out: dict[str, int]) -> None:
    """Covenant Wilds counted with the automatic advantages: Emboldened, and the
    treasures' conditional Wilds as the engine counts them, at `here`."""
    w, s = v.w, v.s
    assert s.cov is not None
    if h.corruptions:
        n = flag_amount(w, h, "wild_per_corruption")
        if n:
            out["wild"] = out.get("wild", 0) + n * len(h.corruptions)
    if not profile(w, h).flags & WILD_FLAGS:
        return
    board = w.board
    for card in h.cards:
        for f in w.flags.get(card, ()):
            if f.flag == "wasteland_battle_wild":
                ok = battling and here in s.cov.wastelands
            elif f.flag == "wild_in_monument_kingdom":
                k = board.kingdom_of[here]
                ok = any(x.kingdom == k and x.status == "built" for x in s.cov.sites)
            elif f.flag == "wild_near_bazaar":
                ok = any(
                    sp in s.skulls and board.building_of.get(sp) == "bazaar"
                    for sp in board.near(here)
                )
            elif f.flag == "wild_on_quest":
                ok = not battling
            else:
                continue
            if ok:
                out["wild"] = out.get("wild", 0) + f.amount


def typed_advantages(v: View, kind: str | None, space: str) -> int:
    pool = advantages(v, v.h, battling=False, space=space)
    cov = v.s.cov
    if cov is not None and v.s.turn.seat == v.seat and cov.blessings[v.seat]:
        pool["wild"] = pool.get("wild", 0) + cov.blessings[v.seat]  # quests count them
    if not kind:
        return sum(pool.values())
    return pool.get(kind, 0) + (pool.get("wild", 0) if kind != "wild" else 0)


def quest_needs(v: View) -> dict[str, Any]:
    """What the most important unmet quest stage still asks of this hero."""
    return v.once[quest_needs_raw]


def quest_needs_raw(v: View) -> dict[str, Any]:
    quests = v.quests()
    if not quests:
        return {}
    h = v.h
    best: Any = {}  # as observe printed it: checked below, not trusted
    best_value = -1.0
    best_space = ""
    for q in quests:
        value = QUEST_KIND_VALUE.get(str(q.kind), 10.0)
        if value > best_value:
            best_value = value
            best = q.needs or {}
            best_space = q.space or ""
    out: dict[str, Any] = {}
    if not isinstance(best, dict):
        return out
    for res, have in (
        ("warriors", h.warriors),
        ("spirit", h.spirit),
        ("potions", len(h.potions)),
        ("gear", len(h.gear)),
        ("treasures", len(h.treasures)),
    ):
        need = best.get(res, 0)
        if isinstance(need, int) and need > have:
            out[res] = need - have
    want = best.get("advantages", 0) or 0
    if want:
        kind = best.get("advantage_type")
        space = best_space or h.space
        have = typed_advantages(v, kind, space)
        if have < want:
            out["advantage_type"] = kind or "any"
            out["advantages"] = want - have
    return out


def quest_met(v: View, needs: Any, space: str) -> bool:
    """Whether the hero holds what `needs` (a quest stage's, as observe printed it) asks."""
    h = v.h
    if not isinstance(needs, dict):
        return False
    if needs.get("dungeon") or needs.get("defeat_foe"):
        return False
    if h.warriors < needs.get("warriors", 0) or h.spirit < needs.get("spirit", 0):
        return False
    if len(h.potions) < needs.get("potions", 0) or len(h.gear) < needs.get("gear", 0):
        return False
    if len(h.treasures) < needs.get("treasures", 0):
        return False
    for item in needs.get("items", []) or []:
        if item not in h.quest_items:
            return False
    for item in needs.get("carry", []) or []:
        if item not in h.quest_items:
            return False
    want = needs.get("advantages", 0) or 0
    return not want or typed_advantages(v, needs.get("advantage_type"), space) >= want


def foe_threat(v: View, foe: str) -> float:
    """How much a foe on the board threatens (the adversary: 60), once a decision."""
    return v.once[foe_threat_raw, foe]


def foe_threat_raw(v: View, foe: str) -> float:
    w, s = v.w, v.s
    if foe not in w.content.foes:
        return 60.0
    level = w.content.foes[foe].level
    status = s.foe_status.get(foe, "ready")
    idx = STATUSES.index(status) if status in STATUSES else 2
    base = {2: 4.0, 3: 7.0, 4: 10.0}.get(level, 5.0) + 1.5 * idx
    severity = v.once[strike_severity, foe, status]
    tokens = max(1, sum(1 for f, _ in s.foes if f == foe))
    return base + v.threat_weight * severity / tokens


def strike_severity(v: View, foe: str, status: str) -> float:
    """What this foe's strike at its status costs the heroes, roughly."""
    try:
        strike = v.w.content.foes[foe].strikes[status]
    except (KeyError, AttributeError, TypeError):
        return 0.0
    total = 0.0
    for step in getattr(strike, "steps", ()):
        op = getattr(step, "op", "")
        if op == "hit_buildings":
            spread = {"near": 2.0, "kingdoms": 3.0}.get(getattr(step, "where", ""), 1.0)
            total += spread * (20.0 if step.destroy else 3.0 * step.skulls)
        elif op == "hit_heroes":
            reach = {"all": 2.0, "kingdom": 1.5}.get(getattr(step, "target", ""), 1.0)
            total += reach * max(0.0, effects_cost(v, step.effects))
    return total


def cleanse_value(v: View, sp: str) -> float:
    s, w = v.s, v.w
    n = s.skulls.get(sp, 0)
    if n <= 0:
        return 0.0
    supply_factor = 1.0 + max(0, 8 - s.supply) / 4.0
    value = 2.0 * n * supply_factor
    owner, fullness = kingdom_state(v, w.board.kingdom_of[sp])

    def danger_of(k: int) -> float:
        danger = {3: 6.0, 2: 2.0}.get(k, 0.0) * (0.5 + fullness)
        if owner is not None:
            if k == 3:
                danger += (
                    0.7 * corruption_cost(owner) * (0.4 + fullness)
                    if len(owner.corruptions) < 2
                    else 60.0
                )
            danger *= 1.3 if owner.seat == v.seat else 1.0
        return danger

    danger = danger_of(n)
    if s.cov is not None and s.cov.doom.get(sp, 0):  # doom skulls stay (COV-DOOM-4)
        doom = min(n, s.cov.doom[sp])
        value -= 2.0 * doom * supply_factor
        danger -= danger_of(doom)
    value += danger + 2.0 * spirit_value(v.h.spirit)
    if "generous" in v.h.virtues:
        value += 2.5
    return value


def kingdom_state(v: View, kingdom: str) -> tuple[Any, float]:
    """The hero at home in `kingdom` (or None) and how full its buildings are: emerged
    skulls go on its emptiest building, so a 3-skull building falls once every other
    building there is full too. Once a decision per kingdom."""
    return v.once[kingdom_state_raw, kingdom]


def kingdom_state_raw(v: View, kingdom: str) -> tuple[Any, float]:
    s = v.s
    owner = next((h for h in s.heroes if h.kingdom == kingdom), None)
    kingdom_buildings = v.w.board.kingdom_buildings[kingdom]
    standing = [s.skulls[b] for b in kingdom_buildings if b in s.skulls]
    fullness = sum(standing) / (3.0 * len(standing)) if standing else 1.0
    return (owner, fullness)


def offering_for(v: View, event: str, amount: int = 1, foe_space: str = "") -> float:
    """What the offerings `event` would lay now are worth (0: no open foundation takes
    one); every foundation whose condition it meets gains one (COV-OFFER-2)."""
    cov = v.s.cov
    if cov is None:
        return 0.0
    board = v.w.board
    total = 0.0
    for x in cov.sites:
        if x.status != "foundation" or x.offerings >= 3:
            continue
        trig = v.w.content.monuments[x.monument].offering
        if trig is None or trig.on != event or amount < trig.at_least:
            continue
        if trig.foe_space == "tower_adjacent" and foe_space not in board.tower_adjacent:
            continue
        if trig.foe_space == "wasteland" and foe_space not in cov.wastelands:
            continue
        total += OFFERING_VALUE + OFFERING_STEP * x.offerings
    return total


def defeat_offering(v: View, sp: str) -> float:
    """The Tower Shard's and the Cenotaph's offerings for a foe defeated on `sp`."""
    return offering_for(v, "battle_defeat", foe_space=sp)


def gear_value(v: View, gear: str) -> float:
    if gear in v.h.gear:
        return -1.0
    value = ITEM_VALUE.get(gear, 3.0)
    needs = quest_needs(v)
    kind = needs.get("advantage_type")
    for adv in v.w.advantages.get(gear, ()):
        if kind and (adv.type == kind or kind == "any"):
            value += 6.0
        if adv.type in board_traits(v):
            value += 0.5
    return value


def board_traits(v: View) -> frozenset[str]:
    """Every trait of the foes on the board (gear whose advantages fit one is worth more)."""
    return v.once[board_traits_raw]


def board_traits_raw(v: View) -> frozenset[str]:
    return frozenset(t for f in {f for f, _ in v.s.foes} for t in foe_traits(v, f))


def treasure_value(v: View, item: str) -> float:
    value = item_value(v.w, item)
    kind = quest_needs(v).get("advantage_type", "")
    if kind:
        for adv in v.w.advantages.get(item, ()):
            if adv.type == kind or kind == "any" or (adv.type == "wild" and adv.when == "always"):
                value += 6.0
                break
    return value


def keep_value(v: View, item: str) -> float:
    value = item_value(v.w, item)
    for q in v.quests():
        needs = q.needs
        if isinstance(needs, dict) and item in (needs.get("items") or []) + (
            needs.get("carry") or []
        ):
            value += 20.0
    return value


def build_value(v: View) -> float:
    return BUILD_VALUE + 2.0 * spirit_value(v.h.spirit)


def room_risk(v: View, space: str, pool: dict[str, int]) -> float:
    """Expected cost of the next room of the dungeon on `space`, over the rooms its kind
    may hold (their contents are printed; which one comes is not known)."""
    w = v.w
    try:
        kind = w.content.spaces[space].dungeon
        info = w.content.dungeons[kind]
    except (KeyError, AttributeError):
        seen = v.obs.dungeons.get(space)
        info = w.content.dungeons.get(seen.type) if seen is not None else None
    if info is None:
        return 0.0
    improve = pool.get(info.advantage, 0) + pool.get("wild", 0) > 0
    saved = v.cache.get("at")
    v.cache["at"] = space
    try:
        total = 0.0
        for room in info.rooms:
            cost = effects_cost(v, room.initial.effects)
            if improve:
                cost = min(cost, effects_cost(v, room.improved.effects))
            total += cost
    finally:
        v.cache["at"] = saved
    return total / max(1, len(info.rooms))


def delve_ready(v: View, space: str | None = None) -> bool:
    """Enough to clear a few rooms of this dungeon without a shortfall."""
    h = v.h
    if h.warriors < 10 + 2 * len(h.corruptions):
        return False
    at = space or h.space
    pool = advantages(v, h, battling=False, space=at)
    return room_risk(v, at, pool) <= 7.0


def improve_helps(v: View) -> bool:
    """Whether the room being resolved (revealed once entered) is better improved."""
    try:
        delve = v.s.delve
        assert delve is not None
        d = v.s.dungeons[delve.space]
        rid = d.rooms[delve.room]
        room = next(r for r in v.w.content.dungeons[d.type].rooms if r.id == rid)
    except (AttributeError, KeyError, IndexError, StopIteration, TypeError):
        return True
    return effects_cost(v, room.improved.effects) < effects_cost(v, room.initial.effects)


def missing_items(v: View, needs: dict[str, Any]) -> list[str]:
    have = set(v.h.quest_items)
    wanted = list(needs.get("items") or []) + list(needs.get("carry") or [])
    return [i for i in wanted if i not in have]


def haggle_value(v: View, result: str, d: Any) -> float:
    h = v.h
    if result == "warriors":
        return warriors_value(h.warriors, 3)
    if result == "gear":
        return 3.0
    if result == "potion":
        return 2.0
    if result == "cancel" and d.context == "reinforce":
        return 0.0 if has_flag(v, h, "haggle_ignore_cancel") else -20.0
    return 0.0


def foe_harm(v: View, sp: str) -> float:
    """How much a foe standing on `sp` threatens: buildings on and next to it, heroes
    nearby, a quest there."""
    s = v.s
    harm = 0.0
    for x in v.w.board.near(sp):
        if x in s.skulls:
            harm += 1.0 + 0.5 * s.skulls[x]
    near = min((v.dist(o.space, sp) for o in s.heroes), default=9)
    harm -= min(near, 4)
    if any(q.space == sp for q in v.quests()):
        harm += 2.0
    return harm


def oak_gain(v: View) -> float:
    """The Argent Oak: items for corruptions, one for one, while it pays."""
    h = v.h
    held = h.potions + h.gear + h.treasures + h.quest_items
    if not h.corruptions or not held:
        return 0.0
    left = len(h.corruptions)
    gain = 0.0
    for value in sorted(keep_value(v, i) for i in held):
        if left <= 0:
            break
        relief = 0.8 * min(40.0, {0: 12.0, 1: 25.0}.get(left - 1, 40.0))
        if value >= relief:
            break
        gain += relief - value
        left -= 1
    return gain


def spell_value(v: View, spell: str) -> float:
    """What preparing a spell is worth this month (Pious, COV-ASTRO-3)."""
    s, h = v.s, v.h
    value = SPELL_PRIORITY.get(spell, 2.0)
    if spell == "smite_the_wicked":
        if any(s.foe_status.get(f) in ("savage", "lethal") for f, _ in s.foes):
            value = 10.0
    elif spell == "abate_the_darkness":
        cov = s.cov
        regular = s.tower.inside - (cov.doom_inside_tower if cov is not None else 0)
        if regular >= 2:
            value = 9.0
    elif spell == "soothing_word":
        worst = max((CORRUPTION_SEVERITY.get(c, 3.0) for c in h.corruptions), default=0.0)
        if worst >= SWAP_FROM:
            value = 8.5
    elif spell == "celestial_jaunt" and v.quests():
        value = 5.5
    if spell in EASY_SPELLS and (
        has_flag(v, h, "blessing_on_cast") or has_flag(v, h, "treasure_on_cast")
    ):
        value += 2.0
    return value
