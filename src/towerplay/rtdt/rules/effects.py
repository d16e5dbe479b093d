"""Runs effect data (models.Effect) for a hero: the engine side of the effect vocabulary.

Immediate effects happen at once; effects that need a choice queue a Decision (each hero
chooses what they lose). A foe's strike is run here step by step (run_strike_step), since a
step that hits heroes runs effects and a Magic battle card's effect runs the adversary's
strike; where each step lands (tokens, foes moved, buildings, heroes reached) is strikes.py.
"""

from __future__ import annotations

from collections.abc import Sequence

from towerplay.core.rng import draws
from towerplay.rtdt import tower
from towerplay.rtdt.hookspecs import (
    ADVERSARY_ACTS,
    MARK_EMERGED,
    REROLL,
    SKULLS_EMERGED,
    STRIKE_EFFECTS,
    TREASURE_GONE,
)
from towerplay.rtdt.models import (
    AddAdvantage,
    Effect,
    FoeMove,
    GainItem,
    HitBuildings,
    HitHeroes,
    Lose,
    Strike,
)
from towerplay.rtdt.rules.checks import applies
from towerplay.rtdt.rules.choices import ask_choice, offer
from towerplay.rtdt.rules.common import ask
from towerplay.rtdt.rules.corruption import gain_corruption, remove_corruptions
from towerplay.rtdt.rules.holdings import (
    draw_treasure,
    gain_gear,
    gain_potion,
    refuses_gear,
    return_item,
)
from towerplay.rtdt.rules.narrate import (
    STIRRED,
    caused,
    hero_name,
    plural,
    short_of,
    spoken,
    struck_by,
    tell,
)
from towerplay.rtdt.rules.resources import gain, lose
from towerplay.rtdt.rules.skulls import ask_remove_skulls
from towerplay.rtdt.rules.strikes import hit_buildings, move_foe_tokens, struck_heroes
from towerplay.rtdt.rules.verbs import Refusal, refusal
from towerplay.rtdt.state import Decision, HeroState, State
from towerplay.rtdt.words import N_
from towerplay.rtdt.world import World


def foe_targets(w: World, s: State, h: HeroState, scope: str) -> list[tuple[str, str]]:
    """Foe tokens an effect may pick (never the adversary, RTDT-FOE-*)."""
    if scope == "your_space":
        spaces: set[str] | None = {h.space}
    elif scope == "adjacent_or_space":
        spaces = set(w.board.near(h.space))
    elif scope == "current_kingdom":  # RTDT-EFFECT-5, RTDT-HERO-6
        spaces = set(w.board.kingdom_spaces[w.board.kingdom_of[h.space]])
    else:
        spaces = None
    # RTDT-FOE-11, CMP-CLAR-4: foe tokens only: never the adversary, never a hero
    return list(dict.fromkeys(t for t in s.foes if spaces is None or t[1] in spaces))


# why a card's use cannot act now (`unusable`): shared by its offer and its refusal
FOUGHT_STAYS = refusal(
    "the foe being fought stays put until the Battle ends: {item} waits", "RTDT-FOE-9"
)
NO_FOE_TO_PICK = refusal(  # RTDT-FOE-11: a token, never the adversary
    "{item} needs a foe token it can reach (never the adversary); there is none", "RTDT-FOE-9"
)
ADVANTAGE_WHERE = refusal(
    "{item} gives an advantage: use it in your Battle or a dungeon room not yet improved",
    "RTDT-ADV-4",
)
BANNER_ONLY = refusal("{item} is taken as your banner action", "RTDT-TURN-2")


def unusable(w: World, s: State, h: HeroState, effects: Sequence[Effect]) -> Refusal | None:
    """Why using these effects now could not do what they say, or None: foe effects need a
    foe they can reach, advantages need a battle of this hero's in progress or a dungeon
    room of theirs face up, not yet improved (RTDT-DUNGEON-13)."""
    for e in effects:
        if e.op in ("move_foe", "remove_foe") and s.battle is not None:
            return FOUGHT_STAYS  # the token being fought stays put until the battle ends
        if e.op in ("move_foe", "remove_foe") and not foe_targets(w, s, h, e.scope):
            return NO_FOE_TO_PICK
        if e.op == "advantage" and not _takes_advantage(s, h):
            return ADVANTAGE_WHERE
        if e.op == "other_banner":
            return BANNER_ONLY
    return None


def _takes_advantage(s: State, h: HeroState) -> bool:
    """A Battle of this hero's, or (RTDT-DUNGEON-13) a room of their delve face up and not
    yet improved: the advantage goes to the delve's pool, to improve it."""
    if s.turn.seat != h.seat:
        return False
    if s.battle is not None:
        return True
    d = s.delve
    return d is not None and d.room >= 0 and not d.improved


def count_per(w: World, s: State, h: HeroState, per: str | None) -> int:
    # RTDT-SKULL-8: skulls nearby make a card cost more
    if per == "skull_near":
        return sum(s.skulls.get(sp, 0) for sp in w.board.near(h.space))
    if per == "foe_here":
        return sum(1 for _, sp in s.foes if sp == h.space)
    return 0


def held(h: HeroState, kind: str) -> list[str]:
    if kind == "potion":
        return h.potions
    if kind == "gear":
        return h.gear
    if kind == "treasure":
        return h.treasures
    return h.potions + h.gear + h.treasures


# The sentences of run's effects that tell their cause: for a plain cause and for a `Cause`
# (rules/narrate.py caused).
GAINED_ADVANTAGE = (
    N_("{hero} gains {n} {type} advantage(s) ({cause})."),
    N_("{hero} gains {n} {type} advantage(s) ({cause} {of})."),
)
EXTRA_TURN = (
    N_("{hero} will take another turn ({cause})."),
    N_("{hero} will take another turn ({cause} {of})."),
)
BLOCKED = (
    N_("{n} warrior loss(es) of {hero} are blocked ({cause})."),
    N_("{n} warrior loss(es) of {hero} are blocked ({cause} {of})."),
)
NO_VIRTUE = (
    N_("{hero} has no virtue to lose ({cause})."),
    N_("{hero} has no virtue to lose ({cause} {of})."),
)
SPORE = (
    N_("{hero} takes a spore ({cause}): {n} of 3."),
    N_("{hero} takes a spore ({cause} {of}): {n} of 3."),
)
THIRD_SPORE = (
    N_("{hero} takes a third spore ({cause}); the spores turn to corruption."),
    N_("{hero} takes a third spore ({cause} {of}); the spores turn to corruption."),
)


def run(
    w: World,
    s: State,
    h: HeroState,
    effects: Sequence[Effect],
    why: str,
    mult: int = 1,
    prevent_warriors: int = 0,
) -> None:
    """Apply effects in order; an effect's unpaid losses give at most one corruption (RTDT-CORR-5)."""
    if _apply(w, s, h, effects, why, mult, prevent_warriors):
        gain_corruption(w, s, h, short_of(why))


def _apply(
    w: World,
    s: State,
    h: HeroState,
    effects: Sequence[Effect],
    why: str,
    mult: int,
    prevent_warriors: int,
) -> bool:
    """Apply effects in order; True when a loss could not be paid in full."""
    short = False
    for e in effects:
        if e.op == "gain":
            gain(w, s, h, e.resource, e.amount * mult, why)
        elif e.op == "lose":
            short = _lose(w, s, h, e, why, mult, prevent_warriors) or short
        elif e.op == "lose_item":
            short = lose_items(w, s, h, e.kind, e.amount * mult) or short
        elif e.op == "lose_virtue":
            short = _lose_virtue(w, s, h, why) or short
        elif e.op == "if":  # RTDT-EFFECT-1: tested when it runs, its losses part of this effect
            if applies(w, s, h, e, why):
                short = _apply(w, s, h, e.effects, why, mult, prevent_warriors) or short
        elif e.op == "choose":
            ask_choice(s, h, e, why, mult, prevent_warriors)  # RTDT-EFFECT-2
        elif e.op == "may_pay":
            offer(w, s, h, e, why)  # RTDT-EFFECT-3
        elif e.op == "add_skulls":
            ask(s, Decision("add_skull", h.seat, amount=e.amount * mult, scope=e.where))
        elif e.op == "gain_spore":
            _spore(w, s, h, why)
        elif e.op == "tower_acts":  # a Magic battle card: the adversary strikes now
            _tower_acts(w, s)
        elif e.op == "tower_stirs":
            _tower_stirs(w, s)
        elif e.op == "gain_item":
            _gain_items(w, s, h, e, mult)
        elif e.op == "gain_virtue":
            if h.inactive:  # RTDT-VIRTUE-3
                ask(s, Decision("flip_virtue", h.seat))
        elif e.op == "gain_corruption":
            # RTDT-CORR-6: every gain_corruption effect gives its own, not one per effect
            gain_corruption(w, s, h, why)  # RTDT-CORR-4
        elif e.op == "remove_corruptions":
            remove_corruptions(w, s, h, None if e.amount == "all" else e.amount)
        elif e.op == "remove_skulls":
            ask_remove_skulls(w, s, h, e.amount * mult, e.scope, e.up_to)
        elif e.op == "place_hero":
            ask(s, Decision("place_hero", h.seat, scope=e.scope))
        elif e.op == "move_hero":
            ask(s, Decision("pick_hero", h.seat, amount=e.steps * mult))
        elif e.op == "move_foe":
            if foe_targets(w, s, h, e.scope):  # RTDT-EFFECT-5: the Watchtower's kingdom
                steps = e.steps * mult
                ask(s, Decision("pick_foe", h.seat, amount=steps, scope=e.scope, context="move"))
        elif e.op == "remove_foe":
            if foe_targets(w, s, h, e.scope):  # RTDT-FOE-10: not a heroic action, no spirit
                ask(s, Decision("pick_foe", h.seat, scope=e.scope, context="remove"))
        elif e.op == "advantage":
            _advantage(w, s, h, e, why, mult)
        elif e.op == "extra_turn":
            s.turn.extra_turn = True
            msg, cause = caused(EXTRA_TURN, why)
            tell(s, "gain", msg, seats=(h.seat,), hero=hero_name(w, h), **cause)
        elif e.op == "roll_haggle":  # roll the haggle die and gain its result; cancel: nothing
            _roll_haggle(w, s, h)
        else:  # other_banner: only as the banner action (rules/actions.py)
            raise NotImplementedError(f"effect {e.op!r} is handled by its own rule, not here")
    return short


def _gain_items(w: World, s: State, h: HeroState, e: GainItem, mult: int) -> None:
    # RTDT-ITEM-2: items come from effects: Reinforce options, battle cards, rooms, rewards
    for _ in range(e.amount * mult):
        if e.kind == "potion":
            gain_potion(w, s, h)
        elif e.card is not None:  # RTDT-EFFECT-4: that gear card's pile, no other
            if s.gear_piles.get(e.card, 0) > 0:
                gain_gear(w, s, h, e.card)
            else:
                tell(s, "text", "The {gear} pile is empty.", seats=(h.seat,), gear=w.name(e.card))
        elif e.kind == "gear":
            if not refuses_gear(w, s, h):  # Snobby
                ask_gear(s, h)
        elif e.from_deck:
            draw_treasure(w, s, h)
        else:
            ask_treasure(s, h)


def _advantage(w: World, s: State, h: HeroState, e: AddAdvantage, why: str, mult: int) -> None:
    b = s.battle
    pool = b.pool if b is not None else s.delve.pool if s.delve is not None else None
    # RTDT-ADV-6: paid for mid-battle, usable at once; RTDT-DUNGEON-13: or in a delve's room
    if pool is not None:
        pool[e.type] = pool.get(e.type, 0) + e.amount * mult
        msg, cause = caused(GAINED_ADVANTAGE, why)
        tell(
            s,
            "gain",
            msg,
            seats=(h.seat,),
            amounts=((f"advantage:{e.type}", e.amount * mult),),
            hero=hero_name(w, h),
            n=e.amount * mult,
            type=e.type,
            **cause,
        )


def _lose(
    w: World, s: State, h: HeroState, e: Lose, why: str, mult: int, prevent_warriors: int
) -> bool:
    """A `lose` effect, its per-skull (or per-foe) part counted (RTDT-SKULL-8) and warrior
    losses blocked first; True when it could not be paid in full."""
    amount = (e.amount + e.per_amount * count_per(w, s, h, e.per)) * mult
    if e.resource == "warriors" and prevent_warriors and amount:
        blocked = min(amount, prevent_warriors)
        amount -= blocked
        msg, cause = caused(BLOCKED, why)
        tell(s, "text", msg, seats=(h.seat,), hero=hero_name(w, h), n=blocked, **cause)
    return bool(amount) and lose(w, s, h, e.resource, amount, why)


def _lose_virtue(w: World, s: State, h: HeroState, why: str) -> bool:
    """The hero chooses a virtue to lose; True when there is none (RTDT-CORR-1)."""
    if hero_virtues(w, h):
        ask(s, Decision("lose_virtue", h.seat))
        return False
    msg, cause = caused(NO_VIRTUE, why)
    tell(s, "loss", msg, seats=(h.seat,), hero=hero_name(w, h), **cause)
    return True


def _spore(w: World, s: State, h: HeroState, why: str) -> None:
    """A spore; the third turns the three into a corruption (RTDT-TOKEN-10, RTDT-TOKEN-11)."""
    if h.spores >= 2:
        h.spores = 0
        msg, cause = caused(THIRD_SPORE, why)
        hero = hero_name(w, h)
        tell(s, "loss", msg, seats=(h.seat,), amounts=(("spores", -2),), hero=hero, **cause)
        gain_corruption(w, s, h, N_("a third spore"))
        return
    h.spores += 1
    msg, cause = caused(SPORE, why)
    tell(
        s,
        "loss",
        msg,
        seats=(h.seat,),
        amounts=(("spores", 1),),
        hero=hero_name(w, h),
        **cause,
        n=h.spores,
    )


def _tower_acts(w: World, s: State) -> None:
    """The adversary's Tower act, step by step, from where it stands."""
    adv = w.content.adversaries[s.config.adversary]
    tell(
        s,
        "text",
        "The Tower acts: {adversary}. {strike}",
        adversary=adv.name,
        strike=adv.tower_acts.text,
    )
    anchors = [s.adversary_space] if s.adversary_space else []
    for i in range(len(adv.tower_acts.steps)):
        run_strike_step(w, s, adv.id, adv.tower_acts, i, anchors)


def _tower_stirs(w: World, s: State) -> None:
    """The Tower turns; skulls that fall out wait to be placed."""
    with draws(s) as rng:
        msg, fields, emerged = tower.stir(s.tower, rng)
        tell(s, "reveal", STIRRED[msg], **fields)
        marked = emerged
        marked = MARK_EMERGED.filter(w, s, rng, marked)  # COV-DOOM-3: which are doom skulls
        s.emerged.extend(marked)
    SKULLS_EMERGED.notify(w, s, emerged)  # Orphaned Scion's Charm


def _roll_haggle(w: World, s: State, h: HeroState) -> None:
    with draws(s) as rng:
        face = rng.choice(w.content.haggle.faces)
    tell(
        s,
        "reveal",
        "{hero} rolls the haggle die: {face}",
        seats=(h.seat,),
        hero=hero_name(w, h),
        face=face.text,
    )
    # Fortuitous: the kept face resolves after the question
    if REROLL.any(w, s, h, face.result, "effect"):
        return
    # COV-SWINDLER-1, COV-SWINDLER-2; the banner roll is not a Reinforce's roll, so a
    # cancel face leaves the turn's Reinforce free (COV-SWINDLER-3)
    if face.result != "cancel":
        run(w, s, h, face.effects, N_("the haggle die"))


def hero_virtues(w: World, h: HeroState) -> list[str]:
    """Active hero virtue tiles (the kingdom virtue is not one of the hero's tiles)."""
    kingdom = set(w.content.kingdom_virtues)
    return [v for v in h.virtues if v not in kingdom]


def lose_items(w: World, s: State, h: HeroState, kind: str, n: int) -> bool:
    """Lose n items of a kind, the loser choosing which; True when short (RTDT-CORR-1)."""
    have = held(h, kind)
    if len(have) <= n:
        if len(have) < n:
            tell(
                s,
                "loss",
                "{hero} has {k} of the {n} item(s) to lose ({kind}).",
                seats=(h.seat,),
                hero=hero_name(w, h),
                k=len(have),
                n=n,
                kind=kind,
            )
        for item in have[:]:
            discard_item(w, s, h, item)
        return len(have) < n
    ask(s, Decision("lose_item", h.seat, amount=n, scope=kind))
    return False


def discard_item(w: World, s: State, h: HeroState, item: str) -> None:
    kind = w.kind_of[item]
    holder = h.potions if kind == "potion" else h.gear if kind == "gear" else h.treasures
    holder.remove(item)
    return_item(s, kind, item)
    tell(
        s,
        "loss",
        "{hero} gives up {item}.",
        seats=(h.seat,),
        hero=hero_name(w, h),
        item=w.name(item),
    )
    if kind == "treasure":  # COV-CLARIFY-11: the Necropolis's offering
        TREASURE_GONE.notify(w, s, h)


def ask_gear(s: State, h: HeroState) -> None:
    if any(n > 0 for n in s.gear_piles.values()):
        ask(s, Decision("take_gear", h.seat))


def ask_treasure(s: State, h: HeroState) -> None:
    if s.market:
        ask(s, Decision("take_treasure", h.seat))


# --- strikes' steps (RTDT-FOE-*; where they land: strikes.py) ------------------------------


def run_strike_step(
    w: World, s: State, who: str, strike: Strike, i: int, anchors: list[str]
) -> None:
    """Carry out step `i` of a strike. `anchors` are the spaces the strike starts from
    (the foe's tokens; for the adversary, its space if it stands on the board)."""
    step = strike.steps[i]
    if isinstance(step, FoeMove):
        move_foe_tokens(w, s, who, step)
    elif isinstance(step, HitBuildings):
        hit_buildings(w, s, step, anchors)
    elif isinstance(step, HitHeroes):
        _hit_heroes(w, s, step, anchors, who)
    else:  # an AdversaryAct: one adversary's own step, by its handler (RTDT-ADVCARD-*)
        ADVERSARY_ACTS.of(w.hooks)[step.act](w, s, step)


def _hit_heroes(w: World, s: State, step: HitHeroes, anchors: list[str], who: str) -> None:
    name = w.name(who)
    struck = False
    for h in struck_heroes(w, s, step, anchors):
        mult = 1
        if step.per_token:
            mult = sum(1 for a in anchors if a == h.space)
            if not mult:
                continue
        struck = True
        tell(
            s,
            "text",
            N_("The {foe} strike the {hero}.")
            if plural(w, who)
            else spoken(
                w, who, N_("The {foe} strikes the {hero}."), N_("{foe} strikes the {hero}.")
            ),
            seats=(h.seat,),
            foe=name,
            hero=hero_name(w, h),
        )
        effects: Sequence[Effect] = step.effects
        effects = STRIKE_EFFECTS.filter(w, s, h, effects, mult, who)  # The Iron Wall; Bezoar
        run(w, s, h, effects, struck_by(w, who), mult)
    if not struck:
        tell(
            s,
            "text",
            N_("The {foe} strike no hero.")
            if plural(w, who)
            else spoken(w, who, N_("The {foe} strikes no hero."), N_("{foe} strikes no hero.")),
            foe=name,
        )


# --- the app's foe events (RTDT-EVENT-4..6, -9) --------------------------------------------
