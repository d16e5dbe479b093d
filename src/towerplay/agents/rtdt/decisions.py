"""Answers to the pending questions of the base game (Covenant's are in covenant.py)."""

from __future__ import annotations

from towerplay.agents.rtdt.assess import (
    foe_threat,
    gear_value,
    quest_needs,
    treasure_value,
)
from towerplay.agents.rtdt.battle import (
    battle_value,
)
from towerplay.agents.rtdt.choices import choose_option, pay_or_decline
from towerplay.agents.rtdt.competitive import (
    seal_answer,
)
from towerplay.agents.rtdt.covenant import (
    cov_answer,
)
from towerplay.agents.rtdt.plan import (
    goal_space,
    space_scores,
)
from towerplay.agents.rtdt.values import (
    KEEP_BUILDING,
    VIRTUE_VALUE,
    item_value,
    spirit_value,
    verb_of,
    warriors_value,
)
from towerplay.agents.rtdt.view import (
    View,
    monument_at,
    skull_capacity,
)
from towerplay.core.notation import Action
from towerplay.rtdt import records as rec
from towerplay.rtdt.seat_view import DecisionView

SKULL_KINDS = ("place_skull", "strike_building", "add_skull")  # a skull to place: skull_target


# the answers that name a card of the hero (to discard, lose or spend)
CARD_ANSWERS = (rec.Discard, rec.Lose, rec.Spend)


def answer(v: View, d: DecisionView) -> Action | None:
    k = d.kind
    legal = v.legal
    if k == "seal":
        return seal_answer(v)
    if k in SKULL_KINDS:
        return skull_target(v, d)
    if k in ("remove_skull", "astro_banner"):  # the Astromancer's banner clears a skull
        return remove_skull(v)
    if k in ("discard", "lose_item", "spend_item"):
        return min(
            legal,
            key=lambda a: (
                item_value(v.w, a.card) if isinstance(a, CARD_ANSWERS) else 99.0,
                str(a),
            ),
        )
    if k == "choose_effect":
        return choose_option(v, d)
    if k == "may_pay":
        return pay_or_decline(v, d)
    if k == "take_gear":
        return max(v.records(rec.Take), key=lambda a: (gear_value(v, a.what), str(a)))
    if k == "take_treasure":
        return max(v.records(rec.Take), key=lambda a: (treasure_value(v, a.what), str(a)))
    if k == "smuggle":  # Smuggler's Coin: cycle the market's weak treasures
        sends = v.records(rec.Send)
        weak = min(sends, key=lambda a: (treasure_value(v, a.card), str(a)), default=None)
        if weak is not None and treasure_value(v, weak.card) < 4.0:
            return weak
        return next((a for a in legal if verb_of(a) == "done"), weak)
    if k == "hope":  # Amulet of Hope: a treasure worth more than the Battle's 2 spirit
        takes = v.records(rec.Take)
        best = max(takes, key=lambda a: (treasure_value(v, a.what), str(a)), default=None)
        worth = 2 * spirit_value(v.h.spirit)
        if best is not None and len(v.h.treasures) < 4 and treasure_value(v, best.what) > worth:
            return best
        return next(iter(v.records(rec.TakeSpirit)), best)
    if k == "flip_virtue":
        return max(v.records(rec.Flip), key=lambda a: (VIRTUE_VALUE.get(a.virtue, 4.0), str(a)))
    if k == "lose_virtue":
        return min(v.records(rec.Lose), key=lambda a: (VIRTUE_VALUE.get(a.card, 4.0), str(a)))
    if k == "place_hero":
        return place_hero(v)
    if k == "pick_hero":
        mine = [a for a in v.records(rec.PickHero) if a.hero == v.h.hero]
        return mine[0] if mine else None
    if k == "step_hero":
        return step_hero(v, d)
    if k == "trade_respond":
        return respond_trade(v)
    if k == "new_wares":
        return new_wares(v)
    if k == "pick_foe":
        return pick_foe(v, d)
    if k in ("step_foe", "move_token"):
        return move_foe(v, d)
    if k == "unseen":  # take a foe off the board instead of the quest's spirit
        foes = v.records(rec.PickFoe)
        worst = max(foes, key=lambda a: (foe_threat(v, a.foe), str(a)), default=None)
        if worst is not None and foe_threat(v, worst.foe) >= 2.5 * spirit_value(v.h.spirit):
            return worst
        return next(iter(v.records(rec.TakeSpirit)), worst)
    if k == "cloak":  # send away a foe we are not going to beat
        for f in v.records(rec.PickFoe):
            if battle_value(v, f.foe, f.space) <= 0:
                return f
        return next(iter(v.records(rec.Stop)), None)
    if v.s.cov is not None:
        return cov_answer(v, d)
    return None


def new_wares(v: View) -> Action | None:
    """Send back a market treasure that gives none of the advantage our quest lacks."""
    done = next(iter(v.records(rec.Done)), None)
    kind = quest_needs(v).get("advantage_type")
    if not kind:
        return done
    for a in v.records(rec.Replace):
        if treasure_value(v, a.card) < item_value(v.w, a.card) + 1.0:
            return a
    return done


def skull_target(v: View, d: DecisionView) -> Action | None:
    """Emerged, strike and battle-card skulls: the building with the fewest skulls, never a
    4th while another has room; a destroying strike takes the least useful building."""
    options = skull_order(v, d)
    return options[0] if options else v.legal[0]


def skull_order(v: View, d: DecisionView) -> list[Action]:
    """The buildings a skull could go to, `skull_target`'s choice first."""
    s, w = v.s, v.w
    options = [a for a in v.legal if len(a) > 1 and a[1] in s.skulls]
    homes = {h.kingdom for h in s.heroes}
    destroy = d.kind == "strike_building" and d.scope == "destroy"

    cov = s.cov

    def key(a: Action) -> tuple[float, ...]:
        sp = a[1]
        n = s.skulls[sp]
        near = min((v.dist(h.space, sp) for h in s.heroes), default=9)
        home = 1 if w.board.kingdom_of[sp] in homes else 0
        if destroy:
            keep = KEEP_BUILDING.get(w.board.building_of.get(sp, ""), 2)
            if cov is not None and monument_at(v, sp) is not None:
                keep += 4  # a completed monument is worth more than any building
            return (n, keep, home, near)
        if cov is not None and skull_capacity(v, sp) > 3:
            return (-1, home, near)  # the Endless Necropolis holds any number
        # fewest skulls; on ties a dormant kingdom (no corruption), then near a hero
        return (n, home, near)

    return sorted(options, key=lambda a: (key(a), str(a)))


def remove_skull(v: View) -> Action | None:
    s = v.s
    homes = {h.kingdom for h in s.heroes}
    options = v.records(rec.Remove)
    if not options:
        return next(iter(v.records(rec.Stop)), None)

    def key(a: rec.Remove) -> tuple[int, int, str]:
        sp = a.space
        home = 1 if v.w.board.kingdom_of.get(sp) in homes else 0
        n = s.skulls.get(sp, 0)
        if s.cov is not None and skull_capacity(v, sp) > 3:
            n = 0  # never destroyed: its skulls can wait
        return (-n, -home, sp)

    return min(options, key=key)


def place_hero(v: View) -> Action | None:
    options = hero_spots(v)
    return options[0] if options else None


def hero_spots(v: View) -> list[Action]:
    """Where a hero could be placed, the best-scored space first (near ones on ties)."""
    options = [a for a in v.legal if len(a) > 1]
    if not options:
        return []
    scores = space_scores(v, heroic=not v.s.turn.heroic_done, reinforce=True)

    def key(a: Action) -> tuple[float, str]:
        return (-scores.get(a[1], 0.0) + 0.01 * v.dist(v.h.space, a[1]), a[1])

    return sorted(options, key=key)


def step_hero(v: View, d: DecisionView) -> Action | None:
    stop = next(iter(v.records(rec.Stop)), None)
    try:
        mover = v.s.heroes[int(d.target)]
    except (ValueError, IndexError):
        return stop
    if mover.seat != v.seat:
        return stop
    goal = goal_space(v)
    if goal is None or goal == mover.space:
        return stop
    here = v.dist(mover.space, goal)
    steps = [a for a in v.records(rec.Step) if v.dist(a.space, goal) < here]
    return min(steps, key=str) if steps else stop


def respond_trade(v: View) -> Action | None:
    """Accept when what this hero gets is worth at least what it gives."""
    trade = v.s.trade
    accept = next(iter(v.records(rec.Accept)), None)
    reject = next(iter(v.records(rec.Reject)), None)
    if trade is None or accept is None:
        return reject
    h = v.h
    net = 0.0
    for m in trade.moves:
        parts = m.split()
        if len(parts) < 2:
            continue
        # moves are written by the active hero: "give" goes to us, "take" comes from us
        sign = 1.0 if parts[0] == "give" else -1.0
        what = parts[1]
        n = int(parts[2]) if len(parts) > 2 and parts[2].isdigit() else 1
        if what == "warriors":
            base = h.warriors - n if sign > 0 else h.warriors + n
            net += sign * abs(warriors_value(max(0, base), n))
        elif what == "spirit":
            net += sign * n * spirit_value(h.spirit)
        else:
            net += sign * item_value(v.w, what)
    return accept if net >= 0 else reject


def pick_foe(v: View, d: DecisionView) -> Action | None:
    options = v.records(rec.PickFoe)
    if not options:
        return None
    if d.context == "remove":
        return max(options, key=lambda a: (foe_threat(v, a.foe), str(a)))
    # moving a foe: the one closest to a hero
    return min(options, key=lambda a: (min(v.dist(h.space, a.space) for h in v.s.heroes), str(a)))


def move_foe(v: View, d: DecisionView) -> Action | None:
    """Send a foe (our choice) where it hurts least: away from heroes, off buildings."""
    s = v.s
    options: list[rec.Step | rec.To] = [*v.records(rec.Step), *v.records(rec.To)]
    stop = next(iter(v.records(rec.Stop)), None)

    def harm(sp: str) -> float:
        near = min((v.dist(h.space, sp) for h in s.heroes), default=9)
        skulls = s.skulls.get(sp, -1)
        on_building = 0.0 if skulls < 0 else 1.0 + 0.5 * skulls
        return -min(near, 4) + on_building

    if not options:
        return stop
    best = min(options, key=lambda a: (harm(a.space), str(a)))
    if stop is not None and harm(d.context) <= harm(best.space):
        return stop
    return best
