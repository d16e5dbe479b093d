"""The legal actions of a hero's turn and of each pending decision, and what they do.

Notation (one action per line, see docs/notation in README):
  banner | banner HERO | resolve CARD | double | move SPACE | cleanse SPACE | haggle
  reinforce free | reinforce enhanced | use ITEM | trade SEAT | end | end skip
  trade: give warriors N | give spirit N | give ITEM | take warriors N | take spirit N
         | take ITEM | offer | cancel ; the partner: accept | reject
  decisions: place SPACE | discard ITEM | take GEAR/TREASURE | flip VIRTUE
         | remove SPACE | stop | go SPACE | hero HERO | step SPACE | replace TREASURE | done
  Covenant heroes (covenant/heroes.py, covenant/spells.py): cast SPELL [TARGET...]
         | quarry FOE SPACE | quarry adversary | dodge | return CORRUPTION | take | pass
         | keep | reroll | keep FACE | prepare SPELL | keep QUEST_ITEM
"""

from __future__ import annotations

from towerplay.core.notation import Action
from towerplay.core.rng import Rng
from towerplay.rtdt.board import KINGDOMS
from towerplay.rtdt.models import Lose, OtherBanner, ReinforceOption
from towerplay.rtdt.rules import battle, dungeons, quests
from towerplay.rtdt.rules.common import (
    HEROIC_SPIRIT,
    act,
    add_skull,
    ask,
    base_move,
    building_type,
    check_limits,
    cleansable,
    destroy_building,
    flag_cards,
    gain,
    gain_corruption,
    gain_gear,
    glyph_cost,
    has_flag,
    hero_name,
    kingdom_buildings,
    log,
    remove_skulls,
    restricted,
    return_item,
    stat_sum,
    take_skull_from_supply,
    take_treasure,
)
from towerplay.rtdt.rules.effects import (
    discard_item,
    foe_targets,
    hero_virtues,
    run,
    skull_targets,
)
from towerplay.rtdt.rules.effects import (
    held as held_items,
)
from towerplay.rtdt.rules.items import item_use, usable_cards, use_item, use_owner
from towerplay.rtdt.rules.tokens import foes_at, move_token, remove_token
from towerplay.rtdt.rules.turn import end_turn, fire
from towerplay.rtdt.state import Decision, HeroState, State, Trade
from towerplay.rtdt.tower import GLYPHS
from towerplay.rtdt.world import Profile, World

LOSE_SIX = Lose(op="lose", resource="warriors", amount=6)
NO_GLYPH_COSTS = dict.fromkeys(GLYPHS, 0)

END = act("end")
END_SKIP = act("end", "skip")
DOUBLE = act("double")
HAGGLE = act("haggle")
BANNER = act("banner")
FREE = act("reinforce", "free")
ENHANCED = act("reinforce", "enhanced")
STOP = act("stop")
DONE = act("done")
OFFER = act("offer")
CANCEL = act("cancel")
ACCEPT = act("accept")
REJECT = act("reject")


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
    prof = prof or w.profile(h.cards())
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
    """`move` to each neighbour of a space, built once per space."""
    key = ("steps", space)
    cached = w.memo.get(key)
    if cached is None:
        cached = w.memo[key] = tuple(act("move", sp) for sp in w.board.neighbours[space])
    return cached  # type: ignore[return-value]


def cleanse_targets(w: World, s: State, h: HeroState, prof: Profile | None = None) -> list[str]:
    """Buildings you may Cleanse: the one on your space, with skulls (RTDT-CLEANSE-1, -2)."""
    prof = prof or w.profile(h.cards())
    if "cleanse_any_space" in prof.flags:
        spaces = [sp for sp, n in s.skulls.items() if n > 0 and cleansable(w, s, sp)]
    else:
        spaces = [h.space] if cleansable(w, s, h.space) else []
    if "cleanse_full_building" in prof.restrictions:
        spaces = [sp for sp in spaces if s.skulls[sp] < 3]
    return spaces


def can_reinforce(w: World, s: State, h: HeroState) -> bool:
    """Once per turn on a space with a standing building (RTDT-REINF-1, RTDT-HAGGLE-6);
    Covenant cards widen (Aura of Friendship, Tent of Revelry) or narrow (Indolent) it."""
    t = s.turn
    hk = w.hooks
    if not all(allowed(w, s, h) for allowed in hk.reinforce_allowed):
        return False
    if h.space not in s.skulls and not any(far(w, s, h) for far in hk.reinforce_elsewhere):
        return False
    if t.reinforces == 0:
        return True
    return (
        t.reinforces == 1
        and t.reinforce_space == h.space
        and has_flag(w, h, "reinforce_twice_same_building")
    )


def reinforce_cost(
    w: World,
    s: State,
    h: HeroState,
    option: str,
    prof: Profile | None = None,
    glyph: int | None = None,
    source: str = "",
) -> int:
    """Spirit for a Reinforce option of the building here, or of another `source`
    (a building type or a completed monument: covenant.reinforce)."""
    building, chosen = reinforce_option(w, s, h, source, option)
    base = chosen.spirit
    extra = stat_sum(w, h, "reinforce_cost", building, option, prof)
    for discount in w.hooks.reinforce_discount:  # Resolute; the glyph is still paid
        extra -= discount(w, s, h, option)
    if glyph is None:
        glyph = glyph_cost(w, s, h, "reinforce")
    return max(0, base + extra) + glyph


def reinforce_option(
    w: World, s: State, h: HeroState, source: str, option: str
) -> tuple[str, ReinforceOption]:
    """The building type and the Reinforce option chosen: of the building here, or of a
    source Covenant offers (covenant.reinforce)."""
    for other in w.hooks.reinforce_option:
        found: tuple[str, ReinforceOption] = other(w, s, h, source, option)
        return found
    building = w.board.building_of[h.space]
    info = w.content.buildings[building]
    return building, info.free if option == "free" else info.enhanced


def _any_moment(w: World, s: State, h: HeroState) -> list[Action]:
    """Actions offered in every step, a battle's and a delve's too (spells, COV-ASTRO-6)."""
    return [a for more in w.hooks.any_moment_actions for a in more(w, s, h)]


def stuck(w: World, s: State, h: HeroState) -> bool:
    """Whether the hero may not move on (COV-WASTE-4: a wasteland's)."""
    return any(held(w, s, h) for held in w.hooks.stuck)


def may_enter(w: World, s: State, h: HeroState, space: str) -> bool:
    """Whether the hero may be put on or step to this space (Timid)."""
    return all(ok(w, s, h, space) for ok in w.hooks.may_enter)


def entered(w: World, s: State, h: HeroState, src: str = "") -> None:
    """The hero arrived on its space: crossing tolls (Aquaphobic) when it came from
    `src`, then what the space does (a wasteland, COV-WASTE-4)."""
    hk = w.hooks
    if src:
        for crossed in hk.crossed:
            crossed(w, s, h, src, h.space)
    for arrived in hk.entered:
        arrived(w, s, h)


def turn_actions(w: World, s: State) -> list[Action]:
    t = s.turn
    h = s.heroes[t.seat]
    if s.trade is not None:
        return trade_actions(w, s, h, s.trade)
    hk = w.hooks
    if s.battle is not None:  # spells: any moment of her turn (COV-ASTRO-6)
        out = battle.battle_actions(w, s, h)
        return out + _any_moment(w, s, h) if hk.any_moment_actions else out
    if s.delve is not None:
        out = dungeons.delve_actions(w, s, h)
        return out + _any_moment(w, s, h) if hk.any_moment_actions else out
    out = []
    prof = w.profile(h.cards())
    held = stuck(w, s, h)  # COV-WASTE-4: no moving on from a wasteland
    # glyph costs (RTDT-GLYPH-3): none while every seal is on, the usual case early on
    gc = NO_GLYPH_COSTS if all(s.tower.seals) else {g: glyph_cost(w, s, h, g) for g in GLYPHS}
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
            and h.spirit >= 1
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
        free_hand = not t.heroic_done or any(more(w, s) for more in hk.unlimited_heroic)
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
            out.extend(quests.quest_actions(w, s, h))  # RTDT-QUEST-2
            for more in more_quests:
                out.extend(more(w, s, h))
        if h.space in s.siege_trees and not t.reinforces and h.spirit >= gc["reinforce"]:
            out.append(act("reinforce", "tree"))  # RTDT-TOKEN-9
        if can_reinforce(w, s, h):
            if not t.haggle and h.spirit >= gc["reinforce"]:
                out.append(HAGGLE)
            if hk.reinforce_actions:  # Covenant's sources (covenant/turn.py)
                for options in hk.reinforce_actions:
                    out.extend(options(w, s, h, prof, gc["reinforce"]))
            else:
                if h.spirit >= reinforce_cost(w, s, h, "free", prof, gc["reinforce"]):
                    out.append(FREE)
                if h.spirit >= reinforce_cost(w, s, h, "enhanced", prof, gc["reinforce"]):
                    out.append(ENHANCED)
        for more in hk.turn_actions:  # COV-BUILD-1
            out.extend(more(w, s, h))
        if not t.traded and len(s.heroes) > 1:  # RTDT-TRADE-1
            out.extend(
                act("trade", str(o.seat))
                for o in s.heroes
                if o.seat != h.seat and o.space == h.space and not o.eliminated
            )
        out.append(END)
        if "skip_skull_drop" in prof.flags:
            out.append(END_SKIP)
    for item in usable_cards(h):
        if item_use(w, s, h, item):
            out.append(act("use", item))
    if "remove_foe_for_level" in prof.flags:  # Golden Mace: spirit = the foe's level
        card = flag_cards(w, h, "remove_foe_for_level")[0]
        for foe in dict.fromkeys(foes_at(s, h.space)):
            if w.content.foes[foe].level <= h.spirit:
                out.append(act("use", card, foe))
    if hk.any_moment_actions:  # not an action: offered in either step (COV-ASTRO-6, -8)
        out.extend(_any_moment(w, s, h))
    for uses in hk.card_uses:  # Covenant treasures' uses
        out.extend(uses(w, s, h))
    for restrict in hk.restrict_actions:  # corruptions forbid (covenant/cards.py)
        out = restrict(w, s, h, out)
    return out


def _enter_middle(s: State) -> None:
    """Any middle-step action ends the start step; an unused banner is lost (RTDT-TURN-3)."""
    t = s.turn
    if t.phase == "start":
        t.phase = "middle"
        t.banner_done = True


def apply_turn(w: World, s: State, a: Action) -> None:
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
        h.spirit -= banner_cost(w, s, h)  # RTDT-GLYPH-3
        t.banner_done = True
        hero = w.content.heroes[a[1] if len(a) > 1 else h.hero]
        log(s, f"{name} takes the banner action of the {hero.name}: {hero.banner}")
        run(w, s, h, hero.banner_effects, "the banner action")
        for banner in w.hooks.banner_taken:  # the Covenant heroes' banners
            banner(w, s, h, hero.id)
    elif verb == "resolve":
        t.start_pending.remove(a[1])
        for trig in w.triggers[a[1]]:
            if trig.on == "start_of_turn":
                log(s, f"{name} resolves {w.name(a[1])}.")
                run(w, s, h, trig.effects, w.name(a[1]))
    elif verb == "use" and (owned := use_owner(w, a)) is not None:  # wands, ...
        owned(w, s, h, a)
    elif verb == "use" and len(a) == 3:  # RTDT-FOE-9, RTDT-FOE-10: no heroic action
        level = w.content.foes[a[2]].level
        h.spirit -= level
        log(s, f"{name} pays {level} spirit with {w.name(a[1])}.")
        remove_token(w, s, a[2], h.space)
    elif verb == "use":
        use_item(w, s, h, a[1])
    elif verb == "end":
        _enter_middle(s)
        skip = len(a) > 1
        if skip:
            card = flag_cards(w, h, "skip_skull_drop")[0]
            h.treasures.remove(card)
            return_item(s, "treasure", card)
            log(s, f"{name} spends {w.name(card)} instead of dropping a skull.")
            fire(w, s, h, "spend_treasure")
            for gone in w.hooks.treasure_gone:  # COV-CLARIFY-11
                gone(w, s, h)
        log(s, f"{name} ends the turn.")
        end_turn(w, s, skip_drop=skip)
    else:
        _enter_middle(s)
        if verb == "double":
            h.spirit -= 1  # RTDT-MOVE-2
            t.doubled = True
            log(s, f"{name} spends 1 spirit to double their move.")
        elif verb == "move":
            if not t.moving_started:  # RTDT-MOVE-4: the value is fixed at the first step
                t.moves_left = move_value(w, s, h)
                t.moving_started = True
            t.moves_left -= 1  # RTDT-MOVE-6
            src = h.space
            h.space = a[1]
            log(s, f"{name} moves to {w.board.names[a[1]]}.")
            cross_fire(w, s, h, src, a[1])
            entered(w, s, h, src)  # Aquaphobic; COV-WASTE-4
            cloak = flag_cards(w, h, "relocate_entered_foe")
            if cloak and foes_at(s, a[1]) and cloak[0] not in t.used:
                ask(s, Decision("cloak", h.seat, target=cloak[0], context=a[1]))
        elif verb == "cleanse":
            cleanse(w, s, h, a[1])
        elif verb == "battle":
            h.spirit -= glyph_cost(w, s, h, "battle")  # RTDT-GLYPH-3
            battle.start_battle(w, s, h, a[1], a[2])
        elif verb == "quest":
            h.spirit -= glyph_cost(w, s, h, "quest")
            quests.complete(w, s, h, a[1])
        elif verb == "explore":
            h.spirit -= glyph_cost(w, s, h, "quest")
            dungeons.enter(w, s, h, a[1])
        elif verb == "haggle":
            haggle(w, s, h)
        elif verb == "reinforce" and a[1] == "tree":  # RTDT-TOKEN-9
            h.spirit -= glyph_cost(w, s, h, "reinforce")
            t.reinforces += 1
            t.reinforce_space = h.space
            log(s, f"{name} Reinforces with the siege tree at {w.board.names[h.space]}.")
            ask(s, Decision("move_tree", h.seat, context=h.space))
        elif verb == "reinforce":
            reinforce(w, s, h, a[1], a[2] if len(a) > 2 else "")
        elif verb in w.hooks.turn_verbs:  # CMP-TRIAL-1: a trial; COV-BUILD-1
            w.hooks.turn_verbs[verb](w, s, h, a)
        elif verb == "trade":
            partner = s.heroes[int(a[1])]
            t.traded = True
            s.trade = Trade(partner.seat, [h.clone(), partner.clone()])
            log(s, f"{name} opens a trade with the {hero_name(w, partner)}.")
        else:  # pragma: no cover - only legal actions reach here
            raise ValueError(f"unhandled action {a}")


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
        log(s, f"{hero_name(w, h)} crosses a river of fire.")
        run(w, s, h, [LOSE_SIX], "a river of fire")


def cleanse(w: World, s: State, h: HeroState, space: str) -> None:
    """Remove all skulls from the building, back to the supply (RTDT-CLEANSE-1)."""
    t = s.turn
    h.spirit -= glyph_cost(w, s, h, "cleanse")
    n = remove_skulls(w, s, space, 3)
    t.heroic_done = True
    log(
        s,
        f"{hero_name(w, h)} cleanses the {building_type(w, s, space)} at {w.board.names[space]}, returning {n} skull{'s' if n != 1 else ''}.",
    )
    fire(w, s, h, "after_cleanse")  # RTDT-CLEANSE-3
    gain(s, h, "spirit", HEROIC_SPIRIT)  # RTDT-HEROIC-4
    for cleansed in w.hooks.after_cleanse:  # Haunted Recluse's Effigy
        cleansed(w, s, h)


def haggle(w: World, s: State, h: HeroState) -> None:
    """Roll the haggle die before Reinforcing (RTDT-HAGGLE-1..6)."""
    rng = Rng(s.rng)
    face = rng.choice(w.content.haggle.faces)
    s.rng = rng.state
    log(s, f"{hero_name(w, h)} rolls the haggle die: {face.text}")
    if any(reroll(w, s, h, face.result, "reinforce") for reroll in w.hooks.reroll):  # Fortuitous
        s.turn.haggle = face.result  # rolled; the kept face settles it
        return
    settle_haggle(w, s, h, face.result)


def settle_haggle(w: World, s: State, h: HeroState, result: str) -> None:
    """The haggle face kept for the next Reinforce (RTDT-HAGGLE-2..6)."""
    t = s.turn
    t.haggle = result
    if result == "cancel":
        if has_flag(w, h, "haggle_ignore_cancel"):
            t.haggle = "normal"
            log(s, "The cancel face does not stop this hero; they Reinforce normally.")
        else:
            # RTDT-HAGGLE-6: the cancelled Reinforce uses up the turn's Reinforce; only an
            # effect granting another (Fortunate) lets the hero Reinforce again, and roll again.
            t.reinforce_cancelled = True
            t.reinforces += 1
            t.reinforce_space = h.space
            t.haggle = ""


def reinforce(w: World, s: State, h: HeroState, option: str, source: str = "") -> None:
    """The free or the enhanced option of the building here (RTDT-REINF-2..10), or of
    another source Covenant allows (covenant.reinforce)."""
    t = s.turn
    h.spirit -= reinforce_cost(w, s, h, option, source=source)
    t.reinforces += 1  # COV-MONUMENT-8: a monument's Reinforce is the turn's Reinforce
    t.reinforce_space = h.space
    building, chosen = reinforce_option(w, s, h, source, option)
    where = w.name(source) if source in w.content.monuments else f"the {source or building}"
    log(s, f"{hero_name(w, h)} Reinforces with {where} ({option}): {chosen.text}")
    for reinforced in w.hooks.reinforced:  # COV-MONUMENT-7: the monuments' own options
        reinforced(w, s, h, source, option)
    run(w, s, h, chosen.effects, f"Reinforcing at the {building}")
    if building == "sanctuary" and has_flag(w, h, "sanctuary_month_spirit"):
        gain(s, h, "spirit", s.month)
    if t.haggle:  # RTDT-HAGGLE-7: the die's bonus comes after the Reinforce
        for face in w.content.haggle.faces:
            if face.result == t.haggle:
                run(w, s, h, face.effects, "the haggle die")
                break
        t.haggle = ""
    fire(w, s, h, "after_reinforce", building)
    if restricted(w, h, "end_turn_after_reinforce"):
        log(s, f"{hero_name(w, h)}'s turn ends after Reinforcing.")
        end_turn(w, s)


# --- trading (RTDT-TRADE-*) ------------------------------------------------------------------


def _tradeable(s: State, h: HeroState) -> list[str]:
    """Items and companions (RTDT-TRADE-2, RTDT-COMP-4); the main companion helps everyone
    and stays put."""
    won = [c for c in h.companions if c != s.config.companion]
    return list(dict.fromkeys(h.potions + h.gear + h.treasures + h.quest_items + won))


def trade_actions(w: World, s: State, h: HeroState, trade: Trade) -> list[Action]:
    """Moves of an open trade. Each of warriors, spirit and every card moves at most once
    (one direction, one amount), so a trade is one exchange and always ends."""
    partner = s.heroes[trade.partner]
    moved = {m.split()[1] for m in trade.moves}
    out: list[Action] = []
    for verb, giver in (("give", h), ("take", partner)):
        if restricted(w, giver, "trade_give"):
            continue
        if "warriors" not in moved:
            out.extend(act(verb, "warriors", str(n)) for n in range(1, giver.warriors + 1))
        if "spirit" not in moved:
            out.extend(act(verb, "spirit", str(n)) for n in range(1, giver.spirit + 1))
        out.extend(act(verb, item) for item in _tradeable(s, giver) if item not in moved)
    for narrow in w.hooks.trade_moves:  # Snobby receives no gear
        out = narrow(w, s, h, partner, out)
    if trade.moves:
        out.append(OFFER)
    out.append(CANCEL)
    return out


def _transfer(w: World, giver: HeroState, taker: HeroState, what: str, amount: int) -> None:
    if what == "warriors":
        giver.warriors -= amount
        taker.warriors += amount
        return
    if what == "spirit":
        giver.spirit -= amount
        taker.spirit += amount
        return
    for held, into in (
        (giver.potions, taker.potions),
        (giver.gear, taker.gear),
        (giver.treasures, taker.treasures),
        (giver.quest_items, taker.quest_items),
        (giver.companions, taker.companions),
    ):
        if what in held:
            held.remove(what)
            into.append(what)
            return


def apply_trade(w: World, s: State, h: HeroState, trade: Trade, a: Action) -> None:
    partner = s.heroes[trade.partner]
    verb = a[0]
    if verb in ("give", "take"):
        giver, taker = (h, partner) if verb == "give" else (partner, h)
        amount = int(a[2]) if len(a) > 2 else 1
        _transfer(w, giver, taker, a[1], amount)
        trade.moves.append(str(a))
    elif verb == "offer":
        log(s, f"{hero_name(w, h)} offers: {'; '.join(trade.moves)}.")
        ask(s, Decision("trade_respond", partner.seat))
    elif verb == "cancel":
        _undo_trade(s, trade)
        log(s, f"{hero_name(w, h)} calls off the trade.")


def _undo_trade(s: State, trade: Trade) -> None:
    active, other = trade.snapshot
    s.heroes[active.seat] = active.clone()
    s.heroes[other.seat] = other.clone()
    s.trade = None


def _dedupe_gear(s: State, h: HeroState) -> None:
    seen: set[str] = set()
    for g in h.gear[:]:
        if g in seen:
            h.gear.remove(g)
            return_item(s, "gear", g)  # RTDT-ITEM-4
        seen.add(g)


# --- pending decisions ---------------------------------------------------------------------


def decision_actions(w: World, s: State, d: Decision) -> list[Action]:
    h = s.heroes[d.seat]
    k = d.kind
    owned = w.hooks.decisions.get(k)
    if owned is not None:  # a kind Covenant or the competitive mode asks
        answers: list[Action] = owned.answers(w, s, d)
        return answers
    if k == "place_skull":  # RTDT-PLACE-2, RTDT-PLACE-5
        return [act("place", sp) for sp in kingdom_buildings(w, s, d.target) if sp in s.skulls]
    if k == "discard":
        held = h.treasures if d.scope == "treasure" else h.potions
        return [act("discard", item) for item in dict.fromkeys(held)]
    if k == "take_gear":
        return [act("take", g) for g, n in s.gear_piles.items() if n > 0]
    if k == "take_treasure":
        return [act("take", t) for t in s.market]
    if k == "flip_virtue":
        return [act("flip", v) for v in h.inactive]
    if k == "remove_skull":
        out = [act("remove", sp) for sp in skull_targets(w, s, h, d.scope, d.target)]
        if d.up_to or not out:
            out.append(STOP)
        return out
    if k == "place_hero":
        if stuck(w, s, h):  # COV-WASTE-4: no effect moves a hero out of a wasteland
            return [act("go", h.space)]
        if d.scope == "current_kingdom":
            spaces = w.board.kingdom_spaces[w.board.kingdom_of[h.space]]
        else:
            spaces = w.board.spaces
        return [act("go", sp) for sp in spaces if may_enter(w, s, h, sp)]  # Timid
    if k == "pick_hero":
        return [act("hero", o.hero) for o in s.heroes if not o.eliminated]
    if k == "step_hero":
        mover = s.heroes[int(d.target)]
        if stuck(w, s, mover):  # COV-WASTE-4
            return [STOP]
        steps = [sp for sp in w.board.neighbours[mover.space] if may_enter(w, s, mover, sp)]
        return [act("step", sp) for sp in steps] + [STOP]  # Timid: not next to the Tower
    if k == "trade_respond":
        return [ACCEPT, REJECT]
    if k == "new_wares":
        return [act("replace", t) for t in s.market if t not in d.options] + [DONE]
    if k == "lose_item":
        return [act("lose", item) for item in dict.fromkeys(held_items(h, d.scope))]
    if k == "spend_item":
        return [act("spend", item) for item in dict.fromkeys(held_items(h, d.scope))]
    if k == "lose_virtue":
        return [act("lose", v) for v in hero_virtues(w, h)]
    if k == "add_skull":
        targets = add_skull_targets(w, s, h, d.scope)
        return [act("skull", sp) for sp in targets] or [act("skull", "none")]
    if k == "pick_foe":
        return [act("foe", f, sp) for f, sp in foe_targets(w, s, h, d.scope)]
    if k == "step_foe":
        return [act("step", sp) for sp in w.board.neighbours[d.context]] + [STOP]
    if k == "move_token":
        if d.scope == "next_kingdom":
            nxt = KINGDOMS[(KINGDOMS.index(w.board.kingdom_of[d.context]) + 1) % 4]
            return [act("to", sp) for sp in kingdom_buildings(w, s, nxt)]
        return [act("to", sp) for sp in w.board.neighbours[d.context]]
    if k == "unseen":
        return [act("foe", f, sp) for f, sp in dict.fromkeys(s.foes)] + [act("spirit")]
    if k == "move_tree":
        return [act("tree", sp) for sp in w.board.neighbours[d.context]]
    if k == "cloak":  # once per turn, a foe you walk in on may be sent anywhere
        return [act("foe", f, d.context) for f in dict.fromkeys(foes_at(s, d.context))] + [STOP]
    if k == "cloak_place":
        return [act("to", sp) for sp in w.board.spaces if sp != d.context]
    if k == "strike_building":
        return [act("hit", sp) for sp in kingdom_buildings(w, s, d.target) if sp in s.skulls]
    raise ValueError(f"unknown decision {k!r}")


def add_skull_targets(w: World, s: State, h: HeroState, where: str) -> list[str]:
    """Standing buildings an `add_skulls` effect may use: on or next to the hero's space
    (`near`) or in their current kingdom (`kingdom`)."""
    board = w.board
    if where == "near":
        spaces: tuple[str, ...] = board.near(h.space)
    else:
        spaces = kingdom_buildings(w, s, board.kingdom_of[h.space])
    return [sp for sp in spaces if sp in s.skulls]


def apply_decision(w: World, s: State, d: Decision, a: Action) -> None:
    """Answer the decision `d` (already popped from the queue)."""
    h = s.heroes[d.seat]
    name = hero_name(w, h)
    k = d.kind
    verb = a[0]
    owned = w.hooks.decisions.get(k)
    if owned is not None:
        owned.apply(w, s, d, a)
        return
    if k == "place_skull":
        entry = s.emerged.pop(0)
        add_skull(w, s, a[1], h, doom=entry.startswith("doom:"))  # COV-DOOM-3
        if a[1] in s.skulls:
            log(
                s,
                f"{name} places a skull on the {building_type(w, s, a[1])} at {w.board.names[a[1]]}.",
            )
    elif k == "discard":
        held = h.treasures if d.scope == "treasure" else h.potions
        held.remove(a[1])
        return_item(s, d.scope, a[1])
        log(s, f"{name} discards {w.name(a[1])}.")
        check_limits(w, s, h)
    elif k == "take_gear":
        gain_gear(w, s, h, a[1])
    elif k == "take_treasure":
        take_treasure(w, s, h, a[1])
    elif k == "flip_virtue":
        h.inactive.remove(a[1])
        h.virtues.append(a[1])
        log(s, f"{name} gains the virtue {w.name(a[1])}.")
        check_limits(w, s, h)
    elif k == "remove_skull":
        if verb == "stop":
            return
        remove_skulls(w, s, a[1], 1)
        log(
            s,
            f"{name} removes a skull from the {building_type(w, s, a[1])} at {w.board.names[a[1]]}.",
        )
        left = d.amount - 1
        target = a[1] if d.scope == "one_building_anywhere" else d.target
        if left > 0 and skull_targets(w, s, h, d.scope, target):
            ask(
                s,
                Decision(
                    "remove_skull", d.seat, amount=left, scope=d.scope, up_to=d.up_to, target=target
                ),
            )
    elif k == "place_hero":
        h.space = a[1]
        log(s, f"{name} is placed on {w.board.names[a[1]]}.")
        entered(w, s, h)
    elif k == "pick_hero":
        mover = next(o for o in s.heroes if o.hero == a[1])
        ask(s, Decision("step_hero", d.seat, amount=d.amount, target=str(mover.seat)))
    elif k == "step_hero":
        if verb == "stop":
            return
        mover = s.heroes[int(d.target)]
        src = mover.space
        mover.space = a[1]
        log(s, f"{name} moves the {hero_name(w, mover)} to {w.board.names[a[1]]}.")
        cross_fire(w, s, mover, src, a[1])
        entered(w, s, mover, src)  # Aquaphobic
        if d.amount > 1 and not stuck(w, s, mover):
            ask(s, Decision("step_hero", d.seat, amount=d.amount - 1, target=d.target))
    elif k == "trade_respond":
        trade = s.trade
        assert trade is not None
        if verb == "reject":
            _undo_trade(s, trade)
            log(s, f"{name} refuses the trade.")
            return
        s.trade = None
        log(s, f"{name} accepts the trade.")
        for hero in (s.heroes[s.turn.seat], h):
            _dedupe_gear(s, hero)
            check_limits(w, s, hero)
    elif k == "new_wares":
        if verb == "done":
            return
        s.market.remove(a[1])
        s.treasure_deck.append(a[1])
        replaced = d.options + (a[1],)
        if s.treasure_deck:
            s.market.append(s.treasure_deck.pop(0))
        log(s, f"{name} replaces {w.name(a[1])} in the market.")
        ask(s, Decision("new_wares", d.seat, options=replaced))
    elif k == "spend_item":  # RTDT-RES-3: spent for the quest, not for its own effect
        discard_item(w, s, h, a[1])
        if d.amount > 1:
            ask(s, Decision("spend_item", d.seat, amount=d.amount - 1, scope=d.scope))
    elif k == "lose_item":
        discard_item(w, s, h, a[1])
        if d.amount > 1:
            ask(s, Decision("lose_item", d.seat, amount=d.amount - 1, scope=d.scope))
    elif k == "lose_virtue":
        h.virtues.remove(a[1])  # out of the game, not back to the inactive side
        log(s, f"{name} loses the virtue {w.name(a[1])} for good.")
    elif k == "add_skull":
        for i in range(d.amount):
            if not take_skull_from_supply(w, s):  # RTDT-SKULL-7
                return
            if a[1] == "none":  # RTDT-CORR-2: only destroyed buildings to take it
                s.removed += 1
                if i == 0:
                    gain_corruption(w, s, h, "skulls had to go on destroyed buildings")
                continue
            add_skull(w, s, a[1], h)
            if a[1] not in s.skulls:  # destroyed: the rest go on other buildings
                if d.amount - i - 1 > 0:
                    ask(s, Decision("add_skull", d.seat, amount=d.amount - i - 1, scope=d.scope))
                return
        log(
            s,
            f"{name} puts {d.amount} skull(s) on the {building_type(w, s, a[1]) or 'ruins'} at {w.board.names.get(a[1], a[1])}.",
        )
    elif k == "pick_foe":
        foe, space = a[1], a[2]
        if d.context == "remove":  # RTDT-FOE: removing a foe is not a heroic action
            remove_token(w, s, foe, space)
        else:
            ask(s, Decision("step_foe", d.seat, amount=d.amount, target=foe, context=space))
    elif k == "step_foe":
        if verb == "stop":
            return
        move_token(w, s, d.target, d.context, a[1])
        log(s, f"{name} moves the {w.name(d.target)} to {w.board.names[a[1]]}.")
        if d.amount > 1:
            ask(s, Decision("step_foe", d.seat, amount=d.amount - 1, target=d.target, context=a[1]))
    elif k == "move_token":
        move_token(w, s, d.target, d.context, a[1])
        log(
            s,
            f"The {w.name(d.target)} at {w.board.names[d.context]} moves to {w.board.names[a[1]]}.",
        )
    elif k == "unseen":
        if verb == "spirit":
            gain(s, h, "spirit", HEROIC_SPIRIT)  # RTDT-HEROIC-4
        else:
            remove_token(w, s, a[1], a[2])
    elif k == "cloak":
        if verb == "stop":
            return
        s.turn.used.append(d.target)
        ask(s, Decision("cloak_place", d.seat, target=a[1], context=d.context))
    elif k == "cloak_place":
        move_token(w, s, d.target, d.context, a[1])
        log(s, f"{name} sends the {w.name(d.target)} to {w.board.names[a[1]]}.")
    elif k == "move_tree":
        s.siege_trees[s.siege_trees.index(d.context)] = a[1]
        log(s, f"{name} moves the siege tree to {w.board.names[a[1]]}.")
    elif k == "strike_building":
        if d.scope == "destroy":
            destroy_building(w, s, a[1], 0)
            return
        for _ in range(d.amount):
            if not take_skull_from_supply(w, s):
                return
            add_skull(w, s, a[1], None)
        log(
            s,
            f"{name} puts {d.amount} skull(s) on the {building_type(w, s, a[1])} at {w.board.names[a[1]]}.",
        )
