"""The legal actions of a hero's turn, and what they do.

Notation (one action per line, see docs/notation in README):
  banner | banner HERO | resolve CARD | double | move SPACE | cleanse SPACE | haggle
  reinforce free | reinforce enhanced | reinforce tree | use ITEM | trade SEAT | end | end skip
Trading is in rules/trading.py, Reinforce in rules/reinforce.py, item uses in rules/items.py
and the answers to pending decisions in rtdt/decisions.py. Covenant's and the competitive
mode's actions (cast, build, trial, ...) come through hooks (docs/hooks.md).
"""

from __future__ import annotations

from towerplay.core.notation import Action
from towerplay.rtdt.hooks import held_by
from towerplay.rtdt.models import Lose, OtherBanner
from towerplay.rtdt.rules import battle, dungeons, quests
from towerplay.rtdt.rules.common import (
    HEROIC_SPIRIT,
    act,
    ask,
    base_move,
    building_type,
    cleansable,
    flag_cards,
    glyph_cost,
    glyph_faces,
    remove_skulls,
    return_item,
    stat_set,
)
from towerplay.rtdt.rules.effects import (
    run,
)
from towerplay.rtdt.rules.items import usable_cards, use_actions, use_item, use_owner
from towerplay.rtdt.rules.narrate import Cause, hero_name, tell
from towerplay.rtdt.rules.reinforce import (
    can_reinforce,
    haggle,
    reinforce,
    reinforce_cost,
)
from towerplay.rtdt.rules.resources import gain, pay
from towerplay.rtdt.rules.tokens import foes_at, remove_token
from towerplay.rtdt.rules.trading import apply_trade, trade_actions
from towerplay.rtdt.rules.turn import end_turn, fire
from towerplay.rtdt.state import Decision, HeroState, State, Trade
from towerplay.rtdt.tower import GLYPHS
from towerplay.rtdt.words import N_
from towerplay.rtdt.world import Profile, World

LOSE_SIX = Lose(op="lose", resource="warriors", amount=6)
NO_GLYPH_COSTS = dict.fromkeys(GLYPHS, 0)
REMOVING_WITH = N_("removing a foe token with")  # the spirit's cause, with the card (a Cause)

END = act("end")
END_SKIP = act("end", "skip")
DOUBLE = act("double")
HAGGLE = act("haggle")
BANNER = act("banner")
FREE = act("reinforce", "free")
ENHANCED = act("reinforce", "enhanced")


# --- what a hero may do on their turn ---------------------------------------------------


def banner_cost(w: World, s: State, h: HeroState) -> int:
    return glyph_cost(w, s, h, "banner")


def other_banners(w: World, s: State, h: HeroState) -> list[str]:
    """Heroes whose banner action Azkol's Banner lets you take instead of yours."""
    holds = any(
        isinstance(e, OtherBanner) for cid in h.treasures for u in w.uses[cid] for e in u.effects
    )
    if not holds:
        return []
    return [o.hero for o in s.heroes if o.seat != h.seat]


def move_value(w: World, s: State, h: HeroState, prof: Profile | None = None) -> int:
    """Moves left this turn; fixed once the first step is taken (RTDT-MOVE-4, RTDT-MOVE-5)."""
    t = s.turn
    if t.moving_started:
        return t.moves_left
    return base_move(w, h, prof) * (2 if t.doubled else 1)  # RTDT-MOVE-2, RTDT-MOVE-3


def move_targets(w: World, h: HeroState, prof: Profile | None = None) -> list[str]:
    """Adjacent spaces over land or river edges (RTDT-MOVE-6..9); the Amulet of the Marid
    lets a river crossing end anywhere along that river."""
    board = w.board
    prof = prof or w.hero_profile(h)
    if "river_slide" not in prof.flags:
        return list(board.neighbours[h.space])
    targets = list(board.neighbours[h.space])
    here = board.kingdom_of[h.space]
    for n in board.neighbours[h.space]:
        if board.is_river(h.space, n):
            for bank in board.river_bank[(here, board.kingdom_of[n])]:
                if bank not in targets:
                    targets.append(bank)
    return targets


def _step_actions(w: World, space: str) -> tuple[Action, ...]:
    """`move` to each neighbour of a space, built once per space; nothing on a space blocks
    it (RTDT-MOVE-9)."""
    key = ("steps", space)
    cached = w.memo.get(key)
    if cached is None:
        cached = w.memo[key] = tuple(act("move", sp) for sp in w.board.neighbours[space])
    return cached  # type: ignore[return-value]


def cleanse_targets(w: World, s: State, h: HeroState, prof: Profile | None = None) -> list[str]:
    """Buildings you may Cleanse: the one on your space, with skulls (RTDT-CLEANSE-1, -2)."""
    prof = prof or w.hero_profile(h)
    if "cleanse_any_space" in prof.flags:
        spaces = [sp for sp, n in s.skulls.items() if n > 0 and cleansable(w, s, sp)]
    else:
        spaces = [h.space] if cleansable(w, s, h.space) else []
    if "cleanse_full_building" in prof.restrictions:
        spaces = [sp for sp in spaces if s.skulls[sp] < 3]
    return spaces


def stuck(w: World, s: State, h: HeroState) -> bool:
    """Whether the hero may not move on (COV-WASTE-4: a wasteland's)."""
    for held in w.hooks.stuck:  # noqa: SIM110 - no generator: runs at every decision
        if held(w, s, h):
            return True
    return False


def may_enter(w: World, s: State, h: HeroState, space: str) -> bool:
    """Whether the hero may be put on or step to this space (Timid)."""
    for ok in w.hooks.may_enter:  # noqa: SIM110 - no generator: a hot path
        if not ok(w, s, h, space):
            return False
    return True


def entered(w: World, s: State, h: HeroState, src: str = "") -> None:
    """The hero arrived on its space: crossing tolls (Aquaphobic) when it came from
    `src`, then what the space does (a wasteland, COV-WASTE-4)."""
    hk = w.hooks
    if src:
        for crossed in hk.crossed:
            crossed(w, s, h, src, h.space)
    for arrived in hk.entered:
        arrived(w, s, h)


def _unlimited(w: World, s: State) -> bool:
    """Whether more than one heroic action is allowed this turn (COV-CLARIFY-17)."""
    for more in w.hooks.unlimited_heroic:  # noqa: SIM110 - no generator: a hot path
        if more(w, s):
            return True
    return False


def _reinforce_actions(
    w: World, s: State, h: HeroState, prof: Profile, glyph: int, out: list[Action]
) -> None:
    """`haggle` and the Reinforce options the hero can pay for (RTDT-REINF-*, RTDT-HAGGLE-1)."""
    if not s.turn.haggle and h.spirit >= glyph:
        out.append(HAGGLE)
    if w.hooks.reinforce_actions:  # Covenant's sources (covenant/turn.py)
        for options in w.hooks.reinforce_actions:
            out.extend(options(w, s, h, prof, glyph))
        return
    if h.spirit >= reinforce_cost(w, s, h, "free", prof, glyph):
        out.append(FREE)
    if h.spirit >= reinforce_cost(w, s, h, "enhanced", prof, glyph):
        out.append(ENHANCED)


def turn_actions(w: World, s: State) -> list[Action]:
    t = s.turn
    h = s.heroes[t.seat]
    if s.trade is not None:
        return trade_actions(w, s, h, s.trade)
    hk = w.hooks
    if s.battle is not None:  # spells: any moment of her turn (COV-ASTRO-6)
        out = battle.battle_actions(w, s, h)
        for more in hk.any_moment_actions:
            out.extend(more(w, s, h))
        return out
    if s.delve is not None:
        out = dungeons.delve_actions(w, s, h)
        for more in hk.any_moment_actions:
            out.extend(more(w, s, h))
        return out
    # RTDT-TURN-5, RTDT-TURN-6: move, one heroic action, one Reinforce, optional, any order
    out = []
    prof = w.hero_profile(h)
    held = False  # COV-WASTE-4: no moving on from a wasteland
    for is_held in hk.stuck:
        if is_held(w, s, h):
            held = True
            break
    # glyph costs (RTDT-GLYPH-3): none while every seal is on, the usual case early on
    gc = NO_GLYPH_COSTS if all(s.tower.seals) else {g: glyph_cost(w, s, h, g, prof) for g in GLYPHS}
    if t.phase == "start" and not t.banner_done and h.spirit >= gc["banner"]:  # RTDT-TURN-2, -3
        out.append(BANNER)
        if h.treasures:
            out.extend(act("banner", other) for other in other_banners(w, s, h))
    for cid in t.start_pending:  # RTDT-TURN-4
        out.append(act("resolve", cid))
    if not t.start_pending:
        # movement (RTDT-MOVE-*)
        if (
            not t.moving_started
            and not t.doubled
            and h.spirit >= double_cost(w, h, prof)
            and "double_move" not in prof.restrictions
            and not held
        ):
            out.append(DOUBLE)
        if not held and move_value(w, s, h, prof) > 0:
            if "river_slide" in prof.flags:
                out.extend(act("move", sp) for sp in move_targets(w, h, prof))
            else:
                out.extend(_step_actions(w, h.space))
        # one heroic action (RTDT-HEROIC-2); any number of Battles and Cleanses after the
        # Moonstone Temple's enhanced Reinforce (COV-CLARIFY-17)
        free_hand = not t.heroic_done or _unlimited(w, s)
        if free_hand and h.spirit >= gc["cleanse"]:
            if "cleanse_any_space" in prof.flags or "cleanse_full_building" in prof.restrictions:
                out.extend(act("cleanse", sp) for sp in cleanse_targets(w, s, h, prof))
            elif (  # the usual case: the building here
                s.skulls.get(h.space, 0) > 0 if s.cov is None else cleansable(w, s, h.space)
            ):
                out.append(act("cleanse", h.space))
        if (
            free_hand
            and (s.foes or s.adversary_space)
            and h.spirit >= gc["battle"]  # RTDT-BATTLE-1
        ):
            out.extend(act("battle", foe, sp) for foe, sp in battle.battle_targets(w, s, h, prof))
        more_quests = hk.quest_actions  # the competitive mode's trials and Tower dungeon
        if (s.quests or more_quests) and not t.heroic_done and h.spirit >= gc["quest"]:
            out.extend(quests.quest_actions(w, s, h, prof))  # RTDT-QUEST-2
            for more in more_quests:
                out.extend(more(w, s, h))
        if h.space in s.siege_trees and not t.reinforces and h.spirit >= gc["reinforce"]:
            out.append(act("reinforce", "tree"))  # RTDT-TOKEN-9
        if can_reinforce(w, s, h, prof):
            _reinforce_actions(w, s, h, prof, gc["reinforce"], out)
        for more in hk.turn_actions:  # COV-BUILD-1
            out.extend(more(w, s, h))
        if not t.traded and len(s.heroes) > 1:  # RTDT-TRADE-1
            for o in s.heroes:  # a loop, not a generator: this runs at every turn step
                if o.space == h.space and o.seat != h.seat and not o.eliminated:
                    out.append(act("trade", str(o.seat)))
        out.append(END)
        if "skip_skull_drop" in prof.flags:
            out.append(END_SKIP)
    for item in usable_cards(h):
        if w.uses[item]:  # most cards have no `use`: their abilities act by themselves
            out.extend(use_actions(w, s, h, item))
    if "remove_foe_for_level" in prof.flags:  # Golden Mace: spirit = the foe's level
        card = flag_cards(w, h, "remove_foe_for_level")[0]
        for foe in dict.fromkeys(foes_at(s, h.space)):
            if w.content.foes[foe].level <= h.spirit:
                out.append(act("use", card, foe))
    for more in hk.any_moment_actions:  # not an action: offered in either step (COV-ASTRO-6)
        out.extend(more(w, s, h))
    for uses in held_by(hk.card_uses, prof):  # Covenant treasures' uses
        out.extend(uses(w, s, h))
    for restrict in held_by(hk.restrict_actions, prof):  # corruptions forbid (covenant/cards.py)
        out = restrict(w, s, h, out)
    return out


def double_cost(w: World, h: HeroState, prof: Profile | None = None) -> int:
    """Doubling the move costs 1 spirit (RTDT-MOVE-2); Tomas sets it to none (RTDT-COMP-7)."""
    fixed = stat_set(w, h, "set_double_move_cost", prof)
    return 1 if fixed is None else fixed


def _enter_middle(s: State) -> None:
    """Any middle-step action ends the start step; an unused banner is lost (RTDT-TURN-3)."""
    t = s.turn
    if t.phase == "start":
        t.phase = "middle"
        t.banner_done = True


# the glyph of each action that has one (RTDT-GLYPH-3: the matching action). A competitive
# trial is a Quest action (CMP-TRIAL-7); Covenant's Build has no glyph (COV-BUILD-5).
GLYPH_OF = {
    "banner": "banner",
    "cleanse": "cleanse",
    "battle": "battle",
    "quest": "quest",
    "explore": "quest",
    "trial": "quest",
    "reinforce": "reinforce",
}


def _glyph_action_over(w: World, s: State) -> None:
    """After an action whose glyph faced the hero, once its Battle or delve is over,
    the `glyph_action` triggers (Vasa's 1 spirit, RTDT-COMP-12)."""
    t = s.turn
    if t.glyph_faced and s.battle is None and s.delve is None:
        t.glyph_faced = False
        fire(w, s, s.heroes[t.seat], "glyph_action")


def apply_turn(w: World, s: State, a: Action) -> None:
    _glyph_action_over(w, s)  # a Battle that ended in a decision
    glyph = GLYPH_OF.get(a[0]) if s.battle is None and s.delve is None else None
    if glyph is not None and glyph_faces(s, s.heroes[s.turn.seat], glyph):
        s.turn.glyph_faced = True
    _apply_turn(w, s, a)
    _glyph_action_over(w, s)


def _apply_turn(w: World, s: State, a: Action) -> None:
    t = s.turn
    h = s.heroes[t.seat]
    name = hero_name(w, h)
    verb = a[0]
    if s.trade is not None:
        apply_trade(w, s, h, s.trade, a)
        return
    free = w.hooks.free_verbs.get(verb)
    if free is not None:  # not an action: the step stays as it is (COV-ASTRO-8)
        free(w, s, h, a)
        return
    if s.battle is not None:
        battle.apply_battle(w, s, h, a)
        return
    if s.delve is not None:
        dungeons.apply_delve(w, s, h, a)
        return
    if verb == "banner":
        _banner(w, s, h, a)
    elif verb == "resolve":
        t.start_pending.remove(a[1])
        for trig in w.triggers[a[1]]:
            if trig.on == "start_of_turn":
                tell(
                    s,
                    "text",
                    "{hero} resolves {card}.",
                    seats=(h.seat,),
                    hero=name,
                    card=w.name(a[1]),
                )
                run(w, s, h, trig.effects, w.name(a[1]))
    elif verb == "use" and (owned := use_owner(w, a)) is not None:  # wands, ...
        owned(w, s, h, a)
    elif verb == "use" and len(a) == 3 and a[2] in w.content.foes:  # RTDT-FOE-9, RTDT-FOE-10
        level = w.content.foes[a[2]].level
        # the token's removal is told next, with the foe's name
        pay(w, s, h, "spirit", level, Cause(REMOVING_WITH, w.name(a[1])))
        remove_token(w, s, a[2], h.space)
    elif verb == "use":
        use_item(w, s, h, a[1], a[2] if len(a) > 2 else "")
    elif verb == "end":
        _end(w, s, h, skip=len(a) > 1)
    else:
        _enter_middle(s)
        if verb == "double":
            pay(w, s, h, "spirit", double_cost(w, h), N_("a double move"))  # RTDT-MOVE-2
            t.doubled = True
        elif verb == "move":
            _move(w, s, h, a[1])
        elif verb == "cleanse":
            cleanse(w, s, h, a[1])
        elif verb == "battle":
            pay(
                w, s, h, "spirit", glyph_cost(w, s, h, "battle"), N_("the Battle glyph")
            )  # RTDT-GLYPH-3
            battle.start_battle(w, s, h, a[1], a[2])
        elif verb == "quest":
            pay(w, s, h, "spirit", glyph_cost(w, s, h, "quest"), N_("the Quest glyph"))
            quests.complete(w, s, h, a[1])
        elif verb == "explore":
            pay(w, s, h, "spirit", glyph_cost(w, s, h, "quest"), N_("the Quest glyph"))
            dungeons.enter(w, s, h, a[1])
        elif verb == "haggle":
            haggle(w, s, h)
        elif verb == "reinforce" and a[1] == "tree":  # RTDT-TOKEN-9
            pay(w, s, h, "spirit", glyph_cost(w, s, h, "reinforce"), N_("the Reinforce glyph"))
            t.reinforces += 1
            t.reinforce_space = h.space
            tell(
                s,
                "text",
                "{hero} Reinforces with the siege tree at {space}.",
                seats=(h.seat,),
                hero=name,
                space=w.board.names[h.space],
            )
            ask(s, Decision("move_tree", h.seat, context=h.space))
            for reinforced in w.hooks.reinforced:  # a Reinforce too (Herbal Remedy)
                reinforced(w, s, h, "", "tree")
        elif verb == "reinforce":
            reinforce(w, s, h, a[1], a[2] if len(a) > 2 else "")
        elif verb in w.hooks.turn_verbs:  # CMP-TRIAL-1: a trial; COV-BUILD-1
            w.hooks.turn_verbs[verb](w, s, h, a)
        elif verb == "trade":
            partner = s.heroes[int(a[1])]
            t.traded = True
            s.trade = Trade(partner.seat, [h.clone(), partner.clone()])
            tell(
                s,
                "text",
                "{hero} opens a trade with the {partner}.",
                seats=(h.seat, partner.seat),
                hero=name,
                partner=hero_name(w, partner),
            )
        else:  # pragma: no cover - only legal actions reach here
            raise ValueError(f"unhandled action {a}")


def _banner(w: World, s: State, h: HeroState, a: Action) -> None:
    """The banner action: the glyph's spirit, then the hero board's effect (its own, or the
    one `a[1]` names)."""
    pay(w, s, h, "spirit", banner_cost(w, s, h), N_("the Banner glyph"))  # RTDT-GLYPH-3
    s.turn.banner_done = True
    hero = w.content.heroes[a[1] if len(a) > 1 else h.hero]
    tell(
        s,
        "text",
        "{hero} takes the banner action of the {banner_hero}: {banner}",
        seats=(h.seat,),
        hero=hero_name(w, h),
        banner_hero=hero.name,
        banner=hero.banner,
    )
    run(w, s, h, hero.banner_effects, N_("the banner action"))
    for banner in w.hooks.banner_taken:  # the Covenant heroes' banners
        banner(w, s, h, hero.id)


def _move(w: World, s: State, h: HeroState, dst: str) -> None:
    """One step of the move (RTDT-MOVE-4, RTDT-MOVE-6)."""
    t = s.turn
    if not t.moving_started:  # RTDT-MOVE-4: the value is fixed at the first step
        t.moves_left = move_value(w, s, h)
        t.moving_started = True
    t.moves_left -= 1  # RTDT-MOVE-6; RTDT-TURN-7: moves left wait for later steps
    src = h.space
    h.space = dst
    tell(
        s,
        "move",
        "{hero} moves to {space} ({left} move(s) left).",
        seats=(h.seat,),
        hero=hero_name(w, h),
        space=w.board.names[dst],
        left=t.moves_left,
    )
    cross_fire(w, s, h, src, dst)
    entered(w, s, h, src)  # Aquaphobic; COV-WASTE-4
    cloak = flag_cards(w, h, "relocate_entered_foe")
    if cloak and foes_at(s, dst) and cloak[0] not in t.used:
        ask(s, Decision("cloak", h.seat, target=cloak[0], context=dst))


def _end(w: World, s: State, h: HeroState, skip: bool) -> None:
    """`end`, or `end skip`: a treasure spent instead of dropping a skull."""
    _enter_middle(s)
    name = hero_name(w, h)
    if skip:
        card = flag_cards(w, h, "skip_skull_drop")[0]
        h.treasures.remove(card)
        return_item(s, "treasure", card)
        tell(
            s,
            "cost",
            "{hero} spends {card} instead of dropping a skull.",
            seats=(h.seat,),
            hero=name,
            card=w.name(card),
        )
        fire(w, s, h, "spend_treasure")
        for gone in w.hooks.treasure_gone:  # COV-CLARIFY-11
            gone(w, s, h)
    tell(s, "turn", "{hero} ends the turn.", seats=(h.seat,), hero=name)
    end_turn(w, s, skip_drop=skip)


def cross_fire(w: World, s: State, h: HeroState, src: str, dst: str) -> None:
    """Crossing a river of fire costs 6 warriors (RTDT-TOKEN-2). A slide along a river
    (Amulet of the Marid) burns only if every crossing it could use is on fire."""
    if not s.fire_rivers:
        return
    fire = {frozenset(e) for e in s.fire_rivers}
    board = w.board
    if board.adjacent(src, dst):
        crossed = frozenset((src, dst)) in fire
    else:
        other = board.kingdom_of[dst]
        ways = [n for n in board.neighbours[src] if board.kingdom_of[n] == other]
        crossed = bool(ways) and all(frozenset((src, n)) in fire for n in ways)
    if crossed:
        tell(s, "move", "{hero} crosses a river of fire.", seats=(h.seat,), hero=hero_name(w, h))
        run(w, s, h, [LOSE_SIX], N_("a river of fire"))


def cleanse(w: World, s: State, h: HeroState, space: str) -> None:
    """Remove all skulls from the building, back to the supply (RTDT-CLEANSE-1)."""
    t = s.turn
    pay(w, s, h, "spirit", glyph_cost(w, s, h, "cleanse"), N_("the Cleanse glyph"))
    n = remove_skulls(w, s, space, 3)
    t.heroic_done = True
    tell(
        s,
        "skulls",
        "{hero} cleanses the {building} at {space}: {n} skull(s) return to the supply.",
        seats=(h.seat,),
        amounts=(("skulls", -n),),
        hero=hero_name(w, h),
        building=building_type(w, s, space),
        space=w.board.names[space],
        n=n,
    )
    fire(w, s, h, "after_cleanse")  # RTDT-CLEANSE-3
    gain(w, s, h, "spirit", HEROIC_SPIRIT, N_("a heroic action"))  # RTDT-HEROIC-4
    for cleansed in w.hooks.after_cleanse:  # Haunted Recluse's Effigy
        cleansed(w, s, h)
