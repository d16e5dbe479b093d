"""The legal actions of a hero's turn, in the order they are listed, and what they do.

Notation (one action per line, see docs/notation in README):
  banner | banner HERO | resolve CARD | double | move SPACE | cleanse SPACE | battle FOE SPACE
  quest QUEST | explore SPACE | haggle | reinforce free|enhanced|tree [SOURCE] | use ITEM
  trade SEAT | end | end skip
Each turn verb is one unit in the module of its rulebook area (rules/verbs.py: its offer,
its refusal and its effect; `VERBS` below). This module lists a turn's actions in their
order, looks a verb up to apply it or to say why an action is refused, and lists the verbs
that exist but are barred now (`unavailable`). Trading's moves are in rules/trading.py, a
battle's in rules/battle_moves.py, a delve's in rules/dungeons.py, item uses in rules/items.py and
the answers to pending decisions in rtdt/decisions/. Covenant's and the competitive mode's
actions (cast, build, trial, ...) come through hooks (docs/hooks.md).
"""

from __future__ import annotations

from towerplay.core.notation import Action
from towerplay.rtdt import records as rec
from towerplay.rtdt.hooks import held_by
from towerplay.rtdt.hookspecs import (
    ANY_MOMENT_ACTIONS,
    CARD_USES,
    FREE_VERBS,
    QUEST_ACTIONS,
    RESTRICT_ACTIONS,
    STUCK,
    TURN_ACTIONS,
    UNLIMITED_HEROIC,
)
from towerplay.rtdt.rules import battle, battle_moves, dungeons, quests
from towerplay.rtdt.rules.banner import BANNER_VERB, RESOLVE, offer_banner, offer_resolve
from towerplay.rtdt.rules.battle import offer_battle
from towerplay.rtdt.rules.cleanse import CLEANSE, offer_cleanse
from towerplay.rtdt.rules.common import glyph_cost, glyph_faces
from towerplay.rtdt.rules.dungeons import EXPLORE, offer_explore
from towerplay.rtdt.rules.items import (
    mace_actions,
    usable_cards,
    use_actions,
    use_card,
)
from towerplay.rtdt.rules.movement import DOUBLE_VERB, MOVE_VERB, offer_double, offer_move
from towerplay.rtdt.rules.quests import offer_quest, quest_bar
from towerplay.rtdt.rules.reinforce import (
    HAGGLE_VERB,
    REINFORCE,
    offer_haggle,
    offer_options,
    offer_tree,
)
from towerplay.rtdt.rules.tokens import foes_at
from towerplay.rtdt.rules.trading import TRADE, apply_trade, offer_trade, trade_actions
from towerplay.rtdt.rules.turn import END_VERB, fire, offer_end
from towerplay.rtdt.rules.verbs import ADDED_VERBS, Refusal, Turn, Verb
from towerplay.rtdt.state import State
from towerplay.rtdt.tower import GLYPHS
from towerplay.rtdt.world import World

NO_GLYPH_COSTS = dict.fromkeys(GLYPHS, 0)

# every turn verb of the base game, by name, in the order a turn lists them
VERBS: dict[str, Verb] = {
    v.name: v
    for v in (
        BANNER_VERB,
        RESOLVE,
        DOUBLE_VERB,
        MOVE_VERB,
        CLEANSE,
        battle.BATTLE,
        quests.QUEST,
        EXPLORE,
        REINFORCE,
        HAGGLE_VERB,
        TRADE,
        END_VERB,
    )
}


# --- what a hero may do on their turn ---------------------------------------------------


def _unlimited(w: World, s: State) -> bool:
    """Whether more than one heroic action is allowed this turn (COV-CLARIFY-17)."""
    for more in w.hooks.handlers[UNLIMITED_HEROIC]:  # noqa: SIM110 - inline: a hot path
        if more(w, s):
            return True
    return False


def turn(w: World, s: State) -> Turn:
    """What the verbs of this turn step read, computed once."""
    t = s.turn
    h = s.heroes[t.seat]
    prof = w.hero_profile(h)
    held = False  # COV-WASTE-4: no moving on from a wasteland
    for is_held in w.hooks.handlers[STUCK]:  # inline, not STUCK.any: every decision
        if is_held(w, s, h):
            held = True
            break
    # glyph costs (RTDT-GLYPH-3): none while every seal is on, the usual case early on
    if all(s.tower.seals):
        gc = NO_GLYPH_COSTS
    else:  # a glyph that does not face the hero's kingdom costs nothing: asked only when facing
        gc = dict(NO_GLYPH_COSTS)
        for g in GLYPHS:
            if glyph_faces(s, h, g):
                gc[g] = glyph_cost(w, s, h, g, prof)
    # one heroic action (RTDT-HEROIC-2); any number of Battles and Cleanses after the
    # Moonstone Temple's enhanced Reinforce (COV-CLARIFY-17)
    free_hand = not t.heroic_done or _unlimited(w, s)
    return Turn(w, s, h, t, prof, gc, held, free_hand)


def turn_actions(w: World, s: State) -> list[Action]:
    t = s.turn
    h = s.heroes[t.seat]
    if s.trade is not None:
        return trade_actions(w, s, h, s.trade)
    # the hook table's handlers, read inline on this path (each `for` over a typed tuple):
    # it runs at every decision, and an emit's call cost more than its loop
    hk = w.hooks.handlers
    if s.battle is not None:  # spells: any moment of her turn (COV-ASTRO-6)
        out = battle_moves.battle_actions(w, s, h)
        for more in hk[ANY_MOMENT_ACTIONS]:
            out.extend(more(w, s, h))
        return out
    if s.delve is not None:
        out = dungeons.delve_actions(w, s, h)
        for more in hk[ANY_MOMENT_ACTIONS]:
            out.extend(more(w, s, h))
        return out
    # RTDT-TURN-5, RTDT-TURN-6: move, one heroic action, one Reinforce, optional, any order
    c = turn(w, s)
    prof = c.prof
    out = []
    # each verb's offer, by its function (a direct call; the compiled build makes it a native
    # one); the `if`s only skip a verb whose offer would find nothing (a hot path: a call
    # saved per verb and step); each offer still asks all of its verb's predicates
    if t.phase == "start":
        offer_banner(c, out)  # RTDT-TURN-2, -3
    if t.start_pending:
        offer_resolve(c, out)  # RTDT-TURN-4
    else:
        if not (t.moving_started or t.doubled):
            offer_double(c, out)  # movement (RTDT-MOVE-*)
        offer_move(c, out)
        if c.free_hand:  # one heroic action (RTDT-HEROIC-2)
            offer_cleanse(c, out)
            if s.foes or s.adversary_space:
                offer_battle(c, out)
        if s.quests and not t.heroic_done:
            offer_quest(c, out)  # RTDT-QUEST-2
            offer_explore(c, out)
        if hk[QUEST_ACTIONS] and quest_bar(c) is None:
            for more in hk[QUEST_ACTIONS]:  # competitive trials, the Tower's dungeon
                out.extend(more(w, s, h))
        if s.siege_trees:
            offer_tree(c, out)  # RTDT-TOKEN-9
        offer_haggle(c, out)  # RTDT-HAGGLE-1
        offer_options(c, out)  # RTDT-REINF-*
        for more in hk[TURN_ACTIONS]:  # Bane of Omens' mark
            out.extend(more(w, s, h))
        added = w.hooks.tables[ADDED_VERBS]
        if added:  # Covenant's Build (COV-BUILD-1)
            for verb in added.values():
                if verb.listed:
                    verb.offer(c, out)
        if not t.traded and len(s.heroes) > 1:
            offer_trade(c, out)  # RTDT-TRADE-1
        offer_end(c, out)
    if h.potions or prof.usable:  # most cards have no `use`: their abilities act by themselves
        for item in usable_cards(h):
            if w.uses[item]:
                out.extend(use_actions(w, s, h, item))
    if "remove_foe_for_level" in prof.flags:  # Golden Mace: spirit = the foe's level
        out.extend(mace_actions(w, s, h, prof))
    for more in hk[ANY_MOMENT_ACTIONS]:  # not an action: either step (COV-ASTRO-6)
        out.extend(more(w, s, h))
    if hk[CARD_USES]:  # only the cards this hero holds can answer (hooks.held_by)
        for uses in held_by(hk[CARD_USES], prof):  # Covenant treasures' uses
            out.extend(uses(w, s, h))
    if hk[RESTRICT_ACTIONS]:
        for restrict in held_by(hk[RESTRICT_ACTIONS], prof):  # corruptions forbid
            out = restrict(w, s, h, out)
    return out


def declared(w: World, name: str) -> Verb | None:
    """The turn verb of this name: the base game's (`VERBS`) or one this game's expansion
    or mode adds (`ADDED_VERBS`: Covenant's Build)."""
    found = VERBS.get(name)
    return found if found is not None else w.hooks.tables[ADDED_VERBS].get(name)


def plain_turn(s: State) -> bool:
    """The plain step of a hero's turn: no question, trade, Battle or dungeon room under way
    (where the turn verbs are offered, refused and worded)."""
    return not s.pending and s.trade is None and s.battle is None and s.delve is None


def refused(w: World, s: State, a: Action) -> Refusal | None:
    """Why a turn verb's action is not legal in this turn step, by the verb's own
    predicates; None for a verb this module does not declare, or when nothing bars it."""
    verb = declared(w, a[0]) if len(a) else None
    if verb is None or not plain_turn(s):
        return None
    return verb.refuse(turn(w, s), a)


def costs(w: World, s: State, a: Action) -> dict[str, int]:
    """The spirit a turn verb's action costs now, by the verb's own `price` (the glyph's,
    a double move's, a Reinforce option's): what a screen says beside it."""
    verb = declared(w, a[0]) if len(a) and plain_turn(s) else None
    if verb is None or verb.price is None:
        return {}
    typed = verb.record.of(a)
    if typed is None:
        return {}
    spirit = verb.price(turn(w, s), typed)
    return {"spirit": spirit} if spirit > 0 else {}


def unavailable(w: World, s: State, legal: list[Action]) -> list[tuple[str, Refusal]]:
    """The turn verbs that exist but are barred now, each with why (the reason with its
    numbers and the rule): a screen shows them greyed. A verb some of whose instances are
    legal is not listed; Quest lists each quest on the board it cannot complete here."""
    if s.result is not None or not plain_turn(s):
        return []
    c = turn(w, s)
    offered = {a[0] for a in legal}
    out: list[tuple[str, Refusal]] = []
    for name, verb in {**VERBS, **ADDED_VERBS.of(w.hooks)}.items():
        if verb.instances is not None:  # each quest, each trial
            for a in verb.instances(c):
                if a not in legal:
                    why = verb.refuse(c, a)
                    if why is not None:
                        out.append((str(a), why))
            continue
        if name in offered or name in ("resolve", "explore", "end"):
            continue  # resolve and explore exist only when there is one; end always
        why = verb.refuse(c, _sample(c, verb))
        if why is not None:
            out.append((name, why))
    return out


def _sample(c: Turn, verb: Verb) -> Action:
    """An instance of a verb to ask about when none is offered: the one on the hero's own
    space where the verb takes a space; the bare verb where it takes nothing."""
    h = c.h
    name = verb.name
    if name == "cleanse":
        return rec.Cleanse(h.space)
    if name == "move":
        return rec.Move(c.w.board.neighbours[h.space][0])
    if name == "battle":
        foes = foes_at(c.s, h.space)
        return rec.Battle(foes[0] if foes else "", h.space)
    if name == "reinforce":
        return rec.Reinforce("free")
    if name == "trade":  # alone, the own seat: refused for being alone first
        others = [o for o in c.s.heroes if o.seat != h.seat]
        return rec.TradeWith(others[0].seat if others else h.seat)
    return verb.record()


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
    verb = a[0]
    if s.trade is not None:
        apply_trade(w, s, h, s.trade, a)
        return
    free = w.hooks.tables[FREE_VERBS].get(verb)
    if free is not None:  # not an action: the step stays as it is (COV-ASTRO-8)
        free(w, s, h, a)
        return
    if s.battle is not None:
        battle_moves.apply_battle(w, s, h, a)
        return
    if s.delve is not None:
        dungeons.apply_delve(w, s, h, a)
        return
    unit = VERBS.get(verb) or w.hooks.tables[ADDED_VERBS].get(verb)  # `declared`, inline
    if unit is not None:
        if unit.middle:
            _enter_middle(s)
        unit.apply(w, s, h, a)  # `a` is the offered record (RtdtGame matched it)
    elif isinstance(a, rec.Use):
        use_card(w, s, h, a)
    else:  # pragma: no cover - only legal actions reach here
        raise ValueError(f"unhandled action {a}")
