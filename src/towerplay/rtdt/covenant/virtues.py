"""The Covenant heroes' virtues whose flags need a rule of their own, one handler per flag
(each registered with `EVENT.on_flag` or `EVENT.on_holders`, so it runs only for a hero
holding the virtue), and the questions Steeled and Fortuitous ask:

  quarry_wild (Perceptive, Keen-Eyed)      Wild against the quarry
  market_advantages (Inventive)            the market treasures' regular advantages
  wild_per_corruption (Emboldened)         Wild per corruption held
  quarry_block_warrior_losses (Guarded)    fewer warrior losses against the quarry
  ignore_critical_losses (Calculating)     critical-hit cards take no warriors or spirit
  spirit_per_unaided_card (Ascetic)        spirit for a card faced unaided
  quarry_defeat_clears_skulls (Inspiring)  the fallen quarry clears skulls nearby
  reinforce_discount_per_corruption        Resolute: an enhanced Reinforce costs less
  take_others_corruption (Steeled)         steeled: take | pass
  blessing_on_market_take (Opportunistic)  a blessing whenever a market treasure is taken
  haggle_reroll (Fortuitous)               haggle_reroll: keep | reroll; haggle_pick: keep R
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from towerplay.core.narration import Event, event
from towerplay.core.notation import Action
from towerplay.core.rng import draws
from towerplay.rtdt import records as rec
from towerplay.rtdt.covenant.blessings import gain_blessing
from towerplay.rtdt.covenant.heroes import is_quarry
from towerplay.rtdt.hooks import COVENANT, EMPTY, DecisionKind, decision
from towerplay.rtdt.hookspecs import (
    BATTLE_ADVANTAGES,
    CARD_EFFECTS,
    CARD_PREVENT,
    CARD_RESOLVED,
    DEFEATING_FOE,
    EXTRA_ADVANTAGES,
    INTERCEPT_CORRUPTION,
    REINFORCE_DISCOUNT,
    REROLL,
    TREASURE_TAKEN,
    decision_kind,
)
from towerplay.rtdt.models import Effect, Lose
from towerplay.rtdt.rules.common import ask, flag_amount, flag_cards, has_flag
from towerplay.rtdt.rules.corruption import corruption_limit, gain_corruption
from towerplay.rtdt.rules.effects import run
from towerplay.rtdt.rules.narrate import hero_name, tell
from towerplay.rtdt.rules.reinforce import settle_haggle as settle_reinforce
from towerplay.rtdt.rules.resources import gain
from towerplay.rtdt.rules.skulls import regular_skulls, remove_skulls
from towerplay.rtdt.state import Decision, HeroState, State
from towerplay.rtdt.words import N_
from towerplay.rtdt.world import World


def _who(w: World, s: State, d: Decision) -> str:
    return hero_name(w, s.heroes[d.seat])


# --- battle ----------------------------------------------------------------------------


@BATTLE_ADVANTAGES.on_flag("quarry_wild", COVENANT)
def quarry_wild(
    w: World, s: State, h: HeroState, foe: str, space: str, adversary: bool
) -> Mapping[str, int]:
    """Perceptive, Keen-Eyed: Wild advantages as a Battle against the quarry starts."""
    if s.cov is None or not is_quarry(s, foe, space, adversary):
        return EMPTY
    n = flag_amount(w, h, "quarry_wild")
    return {"wild": n} if n else EMPTY


@BATTLE_ADVANTAGES.on_flag("market_advantages", COVENANT)
def market_advantages(
    w: World, s: State, h: HeroState, foe: str, space: str, adversary: bool
) -> Mapping[str, int]:
    """Inventive: the market treasures' regular advantages as a Battle starts
    (COV-SWINDLER-4)."""
    if s.cov is None:
        return EMPTY
    out: dict[str, int] = {}
    for t in s.market:  # regular (black) advantages only: always on, nothing to pay
        for adv in w.advantages.get(t, ()):
            if adv.when == "always" and not adv.conditional:
                out[adv.type] = out.get(adv.type, 0) + adv.amount
    return out


@EXTRA_ADVANTAGES.on_flag("wild_per_corruption", COVENANT)
def emboldened(
    w: World, s: State, h: HeroState, battling: bool, out: dict[str, int], only: str
) -> None:
    """Emboldened: Wild advantages for each corruption held, with every automatic
    advantage (not per card gained mid-action)."""
    if only or not h.corruptions:
        return
    n = flag_amount(w, h, "wild_per_corruption") * len(h.corruptions)
    if n:
        out["wild"] = out.get("wild", 0) + n


@CARD_PREVENT.on_flag("quarry_block_warrior_losses", COVENANT)
def card_prevent(w: World, s: State, h: HeroState) -> list[tuple[str, int]]:
    """Guarded: fewer warrior losses per battle card against the quarry, one entry per card
    that gives them (a source the hero may forgo, COV-CLARIFY-21)."""
    b = s.battle
    flag = "quarry_block_warrior_losses"
    if b is None or not is_quarry(s, b.foe, b.space, b.adversary):
        return []
    return [(c, f.amount) for c in flag_cards(w, h, flag) for f in w.flags[c] if f.flag == flag]


def card_effects(w: World, h: HeroState, card: str, effects: Sequence[Effect]) -> Sequence[Effect]:
    """Calculating: a critical-hit card cannot take warriors or spirit."""
    if w.content.battle_cards[card].family != "critical":
        return effects
    if not has_flag(w, h, "ignore_critical_losses"):
        return effects
    return [
        e for e in effects if not (isinstance(e, Lose) and e.resource in ("warriors", "spirit"))
    ]


@CARD_EFFECTS.on_flag("ignore_critical_losses", COVENANT)
def calculating(
    w: World, s: State, h: HeroState, card: str, effects: Sequence[Effect]
) -> Sequence[Effect]:
    return card_effects(w, h, card, effects)  # the card_effects filter


@CARD_RESOLVED.on_flag("spirit_per_unaided_card", COVENANT)
def ascetic(w: World, s: State, h: HeroState, lost: int, unaided: bool) -> None:
    """Ascetic: spirit right after a card you spent no advantages on (COV-AEGIS-3)."""
    if not unaided:
        return
    n = flag_amount(w, h, "spirit_per_unaided_card")
    if n:
        gain(w, s, h, "spirit", n, N_("Ascetic: a card faced unaided"))


@DEFEATING_FOE.on_flag("quarry_defeat_clears_skulls", COVENANT)
def inspiring(w: World, s: State, h: HeroState, foe: str, space: str) -> None:
    """Inspiring: defeating the quarry clears every skull on or next to your space
    (regular skulls: doom skulls stay, COV-DOOM-4). Runs before the token is removed."""
    if not is_quarry(s, foe, space, False):
        return
    n = sum(remove_skulls(w, s, sp, regular_skulls(s, sp)) for sp in w.board.near(h.space))
    tell(
        s,
        "skulls",
        "{hero} fells the quarry and clears {n} skull(s) nearby.",
        seats=(h.seat,),
        amounts=(("skulls", -n),),
        hero=hero_name(w, h),
        n=n,
    )


# --- Reinforce, corruption, market --------------------------------------------------------


@REINFORCE_DISCOUNT.on_flag("reinforce_discount_per_corruption", COVENANT)
def resolute(w: World, s: State, h: HeroState, option: str) -> int:
    """Resolute: spirit off an enhanced Reinforce per corruption held (COV-AEGIS-4,
    COV-AEGIS-5). The glyph's spirit is charged apart, so it is still paid."""
    if option != "enhanced" or not h.corruptions:
        return 0
    return flag_amount(w, h, "reinforce_discount_per_corruption") * len(h.corruptions)


@INTERCEPT_CORRUPTION.on_holders("take_others_corruption", COVENANT)
def steeled_asks(w: World, s: State, aegis: HeroState, h: HeroState, why: str) -> bool:
    """Steeled: once a turn, when another hero would gain a corruption, the Aegis may take
    it instead for spirit. True when the question was queued (the gain waits for it)."""
    if s.cov is None or s.result is not None or "steeled" in s.turn.used:
        return False
    if aegis.seat == h.seat or not _steeled_can_take(w, s, aegis, h):
        return False
    # the decision keeps the cause's text (a Cause is narration, not state)
    ask(s, Decision("steeled", aegis.seat, target=str(h.seat), context=str(why)))
    return True


def _steeled_can_take(w: World, s: State, aegis: HeroState, other: HeroState) -> bool:
    """Only with room on the Aegis's board (a fourth would lose the game, COV-AEGIS-6), and
    only when the other hero really faces a card or a loss."""
    if len(aegis.corruptions) >= corruption_limit(w, aegis):
        return False
    return bool(s.corruption_deck) or len(other.corruptions) >= corruption_limit(w, other)


@TREASURE_TAKEN.on_holders("blessing_on_market_take", COVENANT)
def opportunistic(w: World, s: State, holder: HeroState, h: HeroState) -> None:
    """Opportunistic: any hero taking a market treasure gives the holder a blessing."""
    if s.cov is not None:
        gain_blessing(w, s, holder, "Opportunistic")


# --- the haggle die (Fortuitous) -------------------------------------------------------------


@REROLL.on_flag("haggle_reroll", COVENANT)
def reroll_asks(w: World, s: State, h: HeroState, result: str, context: str) -> bool:
    """Fortuitous: after rolling the haggle die, roll once more and keep either result.
    `context` is "effect" (an effect's roll) or "reinforce". True when asked."""
    if s.cov is None:
        return False
    ask(s, Decision("haggle_reroll", h.seat, target=result, context=context))
    return True


def _roll(w: World, s: State, h: HeroState) -> str:
    with draws(s) as rng:
        face = rng.choice(w.content.haggle.faces)
    tell(
        s,
        "reveal",
        "{hero} rolls the haggle die again: {face}",
        seats=(h.seat,),
        hero=hero_name(w, h),
        face=face.text,
    )
    return face.result


def settle_haggle(w: World, s: State, h: HeroState, result: str, context: str) -> None:
    """The kept haggle result takes effect as the roll that asked for it would."""
    if context == "reinforce":
        settle_reinforce(w, s, h, result)
        return
    if result == "cancel":  # an effect's roll: the cancel face does nothing
        return
    face = next(f for f in w.content.haggle.faces if f.result == result)
    run(w, s, h, face.effects, N_("the haggle die"))


# --- decisions: each kind's answers, how an answer applies, its words -----------------------


def _steeled_answers(w: World, s: State, d: Decision) -> list[Action]:
    other = s.heroes[int(d.target)]
    if "steeled" in s.turn.used or not _steeled_can_take(w, s, s.heroes[d.seat], other):
        return [rec.Pass()]
    return [rec.TakeIt(), rec.Pass()]


def _steeled(w: World, s: State, d: Decision, a: Action) -> None:
    h = s.heroes[d.seat]
    other = s.heroes[int(d.target)]
    if isinstance(a, rec.Pass):
        gain_corruption(w, s, other, d.context, offer_steeled=False)
        return
    s.turn.used.append("steeled")
    tell(
        s,
        "text",
        "{hero} takes the corruption meant for the {other} (Steeled).",
        seats=(h.seat, other.seat),
        hero=hero_name(w, h),
        other=hero_name(w, other),
    )
    gain_corruption(w, s, h, d.context, offer_steeled=False)
    gain(w, s, h, "spirit", flag_amount(w, h, "take_others_corruption"), "Steeled")


def _steeled_words(w: World, s: State, d: Decision) -> Event:
    other = hero_name(w, s.heroes[int(d.target)])
    return event(
        "text",
        "{hero}: Steeled - take the corruption meant for the {other} and 2 spirit, or pass.",
        hero=_who(w, s, d),
        other=other,
    )


def _haggle_reroll_answers(w: World, s: State, d: Decision) -> list[Action]:
    return [rec.KeepRoll(), rec.Reroll()]


def _haggle_reroll(w: World, s: State, d: Decision, a: Action) -> None:
    h = s.heroes[d.seat]
    if isinstance(a, rec.KeepRoll):
        settle_haggle(w, s, h, d.target, d.context)
        return
    second = _roll(w, s, h)
    if second == d.target:
        settle_haggle(w, s, h, second, d.context)
        return
    ask(s, Decision("haggle_pick", d.seat, options=(d.target, second), context=d.context))


def _haggle_reroll_words(w: World, s: State, d: Decision) -> Event:
    return event(
        "text",
        "{hero}: Fortuitous - keep the haggle result ({result}) or reroll.",
        hero=_who(w, s, d),
        result=d.target,
    )


def _haggle_pick_answers(w: World, s: State, d: Decision) -> list[Action]:
    return [rec.Keep(r) for r in d.options]


def _haggle_pick(w: World, s: State, d: Decision, a: Action) -> None:
    assert isinstance(a, rec.Keep)
    settle_haggle(w, s, s.heroes[d.seat], a.card, d.context)


def _haggle_pick_words(w: World, s: State, d: Decision) -> Event:
    return event(
        "text",
        "{hero}: Fortuitous - keep one result: {options}.",
        hero=_who(w, s, d),
        options=", ".join(d.options),
    )


# registered below (hooks.decision)
KINDS: dict[str, DecisionKind] = {
    "steeled": decision_kind(
        _steeled_answers,
        _steeled,
        _steeled_words,
        "take the other hero's corruption (Steeled), or pass",
        "RTDT-CORR-4",
    ),
    "haggle_reroll": decision_kind(
        _haggle_reroll_answers,
        _haggle_reroll,
        _haggle_reroll_words,
        "keep the haggle result or reroll (Fortuitous)",
        "RTDT-HAGGLE-1",
    ),
    "haggle_pick": decision_kind(
        _haggle_pick_answers,
        _haggle_pick,
        _haggle_pick_words,
        "keep one of the two haggle results (Fortuitous)",
        "RTDT-HAGGLE-1",
    ),
}
for _kind, _dk in KINDS.items():
    decision(_kind, COVENANT, _dk)
