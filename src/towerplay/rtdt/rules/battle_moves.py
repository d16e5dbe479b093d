"""The moves inside a Battle (RTDT-BATTLE-6..10, RTDT-ADV-*, RTDT-ADVERSARY-5..7): each
one's offer (`battle_actions`), refusal (`why_battle_move`) and effect (`apply_battle`),
offer and refusal asking the same predicates (`improve_bar`, `trait_bar`, `blessed_bar`).
The Battle itself — the verb that starts it, its cards, their resolution and its end — is
rules/battle.py; a dungeon room's moves (rules/dungeons.py) share the bars of advantages and
of the Blessed virtue.
"""

from __future__ import annotations

from towerplay.core.notation import Action, interned
from towerplay.rtdt import records as rec
from towerplay.rtdt.hookspecs import (
    BATTLE_ALLOWED,
    BATTLE_BOOSTS,
    BATTLE_USES,
    BATTLE_VERBS,
    CARD_IMPROVED,
)
from towerplay.rtdt.rules import advantages
from towerplay.rtdt.rules.battle import (
    BLESSED,
    FORGO_ALL,
    TOP_RUNG,
    end_battle,
    resolve_card,
    reveal_card,
    traits_of,
)
from towerplay.rtdt.rules.common import stat_set
from towerplay.rtdt.rules.items import usable_cards, use_actions, use_card
from towerplay.rtdt.rules.narrate import hero_name, tell
from towerplay.rtdt.rules.resources import pay
from towerplay.rtdt.rules.verbs import Refusal, notation, refusal
from towerplay.rtdt.state import HeroState, State
from towerplay.rtdt.world import World

# the moves of a Battle, each made once (core/notation.interned): offered at every step
_advantage = interned(rec.Advantage)
CONTINUE = rec.Continue()
RETREAT = rec.Retreat()
BLESSED_MOVE = rec.Blessed()
RESOLVE_CARD = rec.ResolveCard()


def blessing(w: World, h: HeroState) -> int:
    """Warrior losses the Blessed virtue blocks for 1 spirit (0 without it)."""
    return max(
        (f.amount for cid in h.cards() for f in w.flags.get(cid, ()) if f.flag == BLESSED),
        default=0,
    )


def action_cap(w: World, s: State) -> int:
    """Advantages one heroic action may use: 10 (RTDT-ADV-9), or fewer while the adversary
    has an `action_cap` (Utuk'Ku, RTDT-ADVCARD-7)."""
    adversary = w.content.adversaries.get(s.config.adversary)
    if adversary is not None and adversary.action_cap is not None:
        return min(advantages.MAX_PER_ACTION, adversary.action_cap)
    return advantages.MAX_PER_ACTION


def cap(w: World, s: State, h: HeroState) -> int:
    """Advantages still usable in this heroic action: 10 per action (RTDT-ADV-9) or the
    adversary's cap, fewer with a per-turn cap (Cursed)."""
    b = s.battle
    assert b is not None
    left = action_cap(w, s) - b.used
    per_turn = stat_set(w, h, "advantage_cap")
    if per_turn is not None:
        left = min(left, per_turn - s.turn.advantages_used)
    return max(0, left)


# --- the moves of a Battle: each one's offer and refusal ask the same predicates ----------

BEST_RESULT = refusal("this card is already at its best result", "RTDT-BATTLE-8")
NOT_ITS_TRAIT = refusal("only advantages of the foe's traits, or Wild, apply", "RTDT-ADV-3")
BETWEEN_CARDS = refusal(
    "you may continue or retreat only against the adversary, between cards", "RTDT-ADVERSARY-5"
)
CARD_UNSEEN = refusal(
    "the adversary's next card is not seen yet: continue or retreat", "RTDT-ADVERSARY-5"
)
NOT_BLESSED = refusal(
    "only a card such as the Blessed virtue lets you pay spirit against warrior losses",
    "RTDT-BATTLE-10",
)
BLESSED_ALREADY = refusal("you are already Blessed against these losses", "RTDT-BATTLE-10")
BLESSED_PRICE = refusal("being Blessed costs 1 spirit, you have {have}", "RTDT-EFFECT-3", have=0)
# one refusal per advantage type, made once: the offer asks `trait_bar` of every type
NONE_LEFT = {
    t: refusal("you have no {trait} advantage left", "RTDT-ADV-3", trait=t)
    for t in advantages.TYPES
}


def improve_bar(w: World, s: State, h: HeroState) -> Refusal | None:
    """Why no advantage may improve the battle card now: at its best result (RTDT-BATTLE-8),
    the heroic action's cap (RTDT-ADV-9; the adversary's, RTDT-ADVCARD-7), a corruption's
    cap a turn (RTDT-CORR-7)."""
    b = s.battle
    assert b is not None
    if b.rung >= TOP_RUNG:
        return BEST_RESULT
    spent = spent_bar(w, s, b.used)
    if spent is not None:
        return spent
    per_turn = stat_set(w, h, "advantage_cap")
    if per_turn is not None and s.turn.advantages_used >= per_turn:
        return refusal(
            "a corruption limits you to {n} advantages a turn", "RTDT-CORR-7", n=per_turn
        )
    return None


def spent_bar(w: World, s: State, used: int) -> Refusal | None:
    """Why no more advantages in this heroic action (a Battle, or a delve): 10 at most
    (RTDT-ADV-9), or the adversary's cap (RTDT-ADVCARD-7)."""
    most = action_cap(w, s)
    if used < most:
        return None
    if most < advantages.MAX_PER_ACTION:
        return refusal(
            "the adversary allows at most {n} advantages in one heroic action",
            "RTDT-ADVCARD-7",
            n=most,
        )
    return refusal("at most 10 advantages in one heroic action", "RTDT-ADV-9")


def allowed_traits(w: World, s: State) -> set[str]:
    """The advantage types that apply to the foe battled: its own attributes, and Wild as any
    of them (RTDT-ADV-2, RTDT-ADV-3); Azkol's Scroll narrows them (a hook)."""
    b = s.battle
    assert b is not None
    return BATTLE_ALLOWED.filter(w, s, set(traits_of(w, b.foe)) | {"wild"})


def trait_bar(pool: dict[str, int], allowed: set[str], trait: str) -> Refusal | None:
    """Why an advantage of this type cannot improve the card, once `improve_bar` lets one:
    not the foe's (RTDT-ADV-3), or none of it left in the pool."""
    if trait not in allowed:
        return NOT_ITS_TRAIT
    if pool.get(trait, 0) <= 0:
        return NONE_LEFT.get(trait) or refusal(
            "you have no {trait} advantage left", "RTDT-ADV-3", trait=trait
        )
    return None


def blessed_bar(w: World, h: HeroState, shield: int) -> Refusal | None:
    """Why no `blessed` now (in a Battle or a dungeon room): no card that allows it, this
    card or room already shielded, or no spirit to pay (RTDT-EFFECT-3: offered only when
    the whole price can be paid)."""
    if not blessing(w, h):
        return NOT_BLESSED
    if shield:
        return BLESSED_ALREADY
    if h.spirit < 1:
        return BLESSED_PRICE
    return None


def blessed_offered(w: World, h: HeroState, shield: int) -> bool:
    """Whether `blessed` is offered: `blessed_bar`, its cheap parts first (the bar reads
    every card of the hero for the Blessed virtue)."""
    return not shield and h.spirit >= 1 and blessed_bar(w, h, shield) is None


def why_battle_move(w: World, s: State, h: HeroState, a: Action) -> Refusal | None:
    """Why a Battle's own move (`continue`, `retreat`, `advantage TRAIT`, `blessed`,
    `resolve`) is not legal now, by the predicates `battle_actions` offers with; None for
    a move another module owns (a card's `use`, a blessing) or one nothing bars."""
    b = s.battle
    assert b is not None
    if a.verb in ("continue", "retreat"):
        if len(a) > 1:
            return notation(a, a.verb, "RTDT-ADVERSARY-5")
        return None if not b.revealed else BETWEEN_CARDS
    if a.verb not in ("advantage", "blessed", "resolve"):
        return None
    if not b.revealed:
        return CARD_UNSEEN
    if a.verb == "advantage":
        typed = rec.Advantage.of(a)
        if typed is None:
            return notation(a, "advantage TRAIT", "RTDT-ADV-3")
        return improve_bar(w, s, h) or trait_bar(b.pool, allowed_traits(w, s), typed.trait)
    if a.verb == "blessed":
        if len(a) > 1:
            return notation(a, "blessed", "RTDT-BATTLE-10")
        return blessed_bar(w, h, b.shield)
    return None


def battle_actions(w: World, s: State, h: HeroState) -> list[Action]:
    b = s.battle
    assert b is not None
    out: list[Action] = []
    if not b.revealed:  # RTDT-ADVERSARY-5
        return [CONTINUE, RETREAT]
    if improve_bar(w, s, h) is None:
        allowed = allowed_traits(w, s)
        pool = b.pool
        out.extend(_advantage(t) for t in advantages.TYPES if trait_bar(pool, allowed, t) is None)
    if blessed_offered(w, h, b.shield):
        out.append(BLESSED_MOVE)
    out += BATTLE_BOOSTS.collect(w, s, h)  # COV-BLESS-2: a blessing
    # RTDT-BATTLE-7: resolve at any time; unspent advantages wait for later cards
    out.append(RESOLVE_CARD)
    for item in usable_cards(h):
        out.extend(use_actions(w, s, h, item))
    out += BATTLE_USES.collect(w, s, h)  # Covenant treasures
    return out


def apply_battle(w: World, s: State, h: HeroState, a: Action) -> None:
    b = s.battle
    assert b is not None
    verb = a[0]
    if isinstance(a, rec.Advantage):
        # RTDT-ADV-4, RTDT-ADV-10: an advantage improves the card; the item that gave it stays
        b.pool[a.trait] -= 1
        b.used += 1
        b.card_used += 1
        s.turn.advantages_used += 1
        b.rung += 1  # RTDT-BATTLE-6, RTDT-BATTLE-9: one rung per advantage, never undone
        cid = b.cards[b.index]
        if b.adversary:  # RTDT-ADVERSARY-6: the improvement persists
            s.adversary_rungs[cid] = s.adversary_rungs.get(cid, 0) + 1
        card = w.content.battle_cards[cid]
        tell(
            s,
            "cost",
            "{hero} uses a {type} advantage; the card improves to: {rung}",
            seats=(h.seat,),
            amounts=((f"advantage:{a.trait}", -1),),
            hero=hero_name(w, h),
            type=a.trait,
            rung=card.rungs[b.rung].text,
        )
        CARD_IMPROVED.notify(w, s, h, b.rung >= TOP_RUNG)  # Brutal Warlord's Bell
    elif verb == "use":
        use_card(w, s, h, a)
    elif verb == "blessed":  # pay 1 spirit: this card takes up to N fewer warriors
        pay(w, s, h, "spirit", 1, "Blessed")
        b.shield = blessing(w, h)
        tell(
            s,
            "text",
            "{hero} is Blessed against {n} of this card's warrior losses.",
            seats=(h.seat,),
            hero=hero_name(w, h),
            n=b.shield,
        )
    elif verb in BATTLE_VERBS.of(w.hooks):  # a blessing (COV-BLESS-2)
        BATTLE_VERBS.of(w.hooks)[verb](w, s, h, a)
    elif verb == "continue":
        reveal_card(w, s)
    elif verb == "retreat":
        # RTDT-ADVERSARY-7: a retreat leaves the adversary for a later battle
        tell(
            s,
            "text",
            "{hero} retreats from the {foe}.",
            seats=(h.seat,),
            hero=hero_name(w, h),
            foe=w.name(b.foe),
        )
        end_battle(w, s, h, defeated=False)
    elif isinstance(a, rec.ResolveCard):  # `resolve forgo [SOURCE]`: COV-CLARIFY-21
        resolve_card(w, s, h, forgo=a.source or (FORGO_ALL if a.forgo else ""))
