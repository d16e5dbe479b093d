"""The four Covenant heroes (COV-HERO, COV-AEGIS, COV-WARDEN, COV-SWINDLER): their banner
actions, the Warden's quarry token, and the virtues whose flags need a rule of their own.

The base rules call in at small named hooks (banner, battle, foe tokens and strikes,
corruption, Reinforce cost, the haggle die, the market). Every hook is a no-op when no
Covenant hero plays, so base games pay almost nothing for it. The Astromancer's spells
are in `spells`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from towerplay.core.notation import Action
from towerplay.core.rng import Rng
from towerplay.rtdt.covenant.blessings import gain_blessing
from towerplay.rtdt.decks import put_under
from towerplay.rtdt.models import Effect, Lose
from towerplay.rtdt.rules.common import (
    act,
    ask,
    corruption_limit,
    flag_amount,
    gain,
    gain_corruption,
    has_flag,
    hero_name,
    log,
    regular_skulls,
    remove_skulls,
)
from towerplay.rtdt.rules.effects import run
from towerplay.rtdt.rules.reinforce import settle_haggle as settle_reinforce
from towerplay.rtdt.rules.tokens import move_token
from towerplay.rtdt.state import Decision, HeroState, State
from towerplay.rtdt.world import World

WARDEN = "relentless_warden"
ASTROMANCER = "reverent_astromancer"
AEGIS = "undaunted_aegis"
SWINDLER = "devious_swindler"
ADVERSARY = "adversary"  # the quarry value when the adversary is the quarry
QUARRY_STEPS = 2  # COV-WARDEN-3
AEGIS_WARRIORS_PER_CORRUPTION = 3
AEGIS_RETURN_COST = 10  # warriors to return one corruption with the Aegis's banner
STRIKING = ("savage", "lethal")

# Decisions asked here: what each asks, and its rule (rtdt/decisions.py, hooks.decision)
RULES = {
    "quarry": ("put the quarry token on a foe on the board, or stop", "COV-WARDEN-2"),
    "quarry_step": ("move your quarry one space, or stop", "COV-WARDEN-3"),
    "instinct": ("take the quarry token back to spare your quarry, or stop", "COV-WARDEN-6"),
    "astro_banner": ("choose a building on or next to you to clear a skull from", "RTDT-TURN-2"),
    "aegis_banner": ("pay 10 warriors to return a corruption, or stop", "RTDT-TURN-2"),
    "steeled": ("take the other hero's corruption (Steeled), or pass", "RTDT-CORR-4"),
    "haggle_reroll": ("keep the haggle result or reroll (Fortuitous)", "RTDT-HAGGLE-1"),
    "haggle_pick": ("keep one of the two haggle results (Fortuitous)", "RTDT-HAGGLE-1"),
}


# --- banner actions ---------------------------------------------------------------------


def banner(w: World, s: State, h: HeroState, hero_id: str) -> None:
    """The banner actions that have no effect shape (their `banner_effects` is empty),
    by the hero whose banner is taken (BANNERS)."""
    action = BANNERS.get(hero_id)
    if action is not None:
        action(w, s, h)


def _warden_banner(w: World, s: State, h: HeroState) -> None:
    """Mark a foe as the quarry, or move the quarry already marked (COV-WARDEN-2..4)."""
    if s.cov is None:
        return
    if s.cov.quarry:  # COV-WARDEN-4: the token stays on its foe; COV-WARDEN-3: move it
        ask(s, Decision("quarry_step", h.seat, amount=QUARRY_STEPS))
    elif s.foes or s.adversary_space:
        ask(s, Decision("quarry", h.seat))
    else:
        log(s, "No foe is on the board for the quarry token.")


def _astromancer_banner(w: World, s: State, h: HeroState) -> None:
    """Clear one skull from a building on or next to your space (the skull goes back to
    the supply; doom skulls stay, COV-DOOM-4)."""
    if near_skull_targets(w, s, h):
        ask(s, Decision("astro_banner", h.seat))
    else:
        log(s, "No skull to clear on or next to this space.")


def near_skull_targets(w: World, s: State, h: HeroState) -> list[str]:
    return [sp for sp in w.board.near(h.space) if regular_skulls(s, sp) > 0]


def _aegis_banner(w: World, s: State, h: HeroState) -> None:
    """3 warriors per corruption held; then 10 warriors may return one corruption."""
    n = AEGIS_WARRIORS_PER_CORRUPTION * len(h.corruptions)
    if n:
        gain(s, h, "warriors", n)
        log(s, f"{hero_name(w, h)} takes {n} warriors, 3 for each corruption.")
    if h.corruptions and h.warriors >= AEGIS_RETURN_COST:
        ask(s, Decision("aegis_banner", h.seat))


# --- the quarry token (COV-WARDEN-*) ----------------------------------------------------------


# the heroes whose banner action is engine code, by hero id (the others' are effect data)
BANNERS: dict[str, Callable[[World, State, HeroState], None]] = {
    WARDEN: _warden_banner,
    ASTROMANCER: _astromancer_banner,
    AEGIS: _aegis_banner,
}


def quarry_at(s: State) -> tuple[str, str]:
    """(foe, space) the quarry token marks; ("adversary", space) or ("", "") when none."""
    if s.cov is None or not s.cov.quarry:
        return "", ""
    if s.cov.quarry == ADVERSARY:
        return ADVERSARY, s.adversary_space
    foe, _, space = s.cov.quarry.partition("@")
    return foe, space


def is_quarry(s: State, foe: str, space: str, adversary: bool) -> bool:
    q = s.cov.quarry if s.cov is not None else ""
    if not q:
        return False
    return q == ADVERSARY if adversary else q == f"{foe}@{space}"


def token_moved(s: State, foe: str, src: str, dst: str) -> None:
    """The quarry token rides on its foe (COV-WARDEN-2). With two tokens of one foe on the
    space, the token stays on the one that did not move: they are the same foe."""
    cov = s.cov
    if cov is None or cov.quarry != f"{foe}@{src}" or (foe, src) in s.foes:
        return
    cov.quarry = f"{foe}@{dst}"


def token_removed(w: World, s: State, foe: str, space: str) -> None:
    """A removed or defeated quarry gives the token back to the Warden (COV-WARDEN-5)."""
    cov = s.cov
    if cov is None or cov.quarry != f"{foe}@{space}" or (foe, space) in s.foes:
        return
    cov.quarry = ""
    log(s, "The quarry token returns to the Relentless Warden's board.")


def _quarry_step(w: World, s: State, h: HeroState, dst: str) -> None:
    assert s.cov is not None
    foe, src = quarry_at(s)
    if foe == ADVERSARY:
        s.adversary_space = dst
    else:
        move_token(w, s, foe, src, dst)
        s.cov.quarry = f"{foe}@{dst}"
    log(
        s,
        f"{hero_name(w, h)} drives the quarry, the {w.name(_foe_id(s, foe))}, to {w.board.names[dst]}.",
    )


def _foe_id(s: State, foe: str) -> str:
    return s.config.adversary if foe == ADVERSARY else foe


# --- Instinctive (COV-WARDEN-6, COV-WARDEN-7) --------------------------------------------------


def _instinctive(w: World, s: State) -> HeroState | None:
    for h in s.heroes:
        if not h.eliminated and has_flag(w, h, "quarry_dodges_strike"):
            return h
    return None


def instinct_asks(w: World, s: State, foe: str) -> bool:
    """Before a strike of `foe` (a foe id, or "adversary" for the Tower acts) resolves,
    the Instinctive Warden whose quarry is of that type may take the token back (COV-WARDEN-6).
    True when the question was queued: the caller puts the event back to resolve after it."""
    cov = s.cov
    if cov is None or cov.dodge:  # asked already for this strike
        return False
    qfoe, space = quarry_at(s)
    if qfoe != foe or not space:
        return False
    warden = _instinctive(w, s)
    if warden is None:
        return False
    ask(s, Decision("instinct", warden.seat, target=foe, context=space))
    return True


def struck_tokens(s: State, foe: str) -> list[str]:
    """Spaces of the foe's tokens this strike acts on: all but the one the Warden spared
    (COV-WARDEN-7)."""
    spaces = [sp for f, sp in s.foes if f == foe]
    cov = s.cov
    if cov is not None and cov.dodge.startswith(f"{foe}@"):
        spared = cov.dodge.partition("@")[2]
        if spared in spaces:
            spaces.remove(spared)
    return spaces


def adversary_spared(s: State) -> bool:
    """Whether the Warden spared the adversary from this Tower-acts event (COV-WARDEN-6)."""
    return (
        s.cov is not None
        and s.cov.dodge.startswith(f"{ADVERSARY}@")
        and s.cov.dodge != f"{ADVERSARY}@"
    )


def strike_over(s: State) -> None:
    if s.cov is not None:
        s.cov.dodge = ""


# --- battle ----------------------------------------------------------------------------


def battle_advantages(
    w: World, s: State, h: HeroState, foe: str, space: str, adversary: bool
) -> dict[str, int]:
    """Advantages a Covenant hero adds as a Battle starts: Wild against the quarry
    (Perceptive, Keen-Eyed) and the market treasures' regular ones (Inventive,
    COV-SWINDLER-4)."""
    out: dict[str, int] = {}
    if s.cov is None:
        return out
    if is_quarry(s, foe, space, adversary):
        n = flag_amount(w, h, "quarry_wild")
        if n:
            out["wild"] = n
    if has_flag(w, h, "market_advantages"):
        for t in s.market:  # regular (black) advantages only: always on, nothing to pay
            for adv in w.advantages.get(t, ()):
                if adv.when == "always" and not adv.conditional:
                    out[adv.type] = out.get(adv.type, 0) + adv.amount
    return out


def corruption_advantages(w: World, h: HeroState) -> int:
    """Emboldened: Wild advantages for each corruption held."""
    if not h.corruptions:
        return 0
    return flag_amount(w, h, "wild_per_corruption") * len(h.corruptions)


def card_prevent(w: World, s: State, h: HeroState) -> int:
    """Guarded: fewer warrior losses per battle card against the quarry."""
    b = s.battle
    if b is None or not is_quarry(s, b.foe, b.space, b.adversary):
        return 0
    return flag_amount(w, h, "quarry_block_warrior_losses")


def card_effects(w: World, h: HeroState, card: str, effects: Sequence[Effect]) -> Sequence[Effect]:
    """Calculating: a critical-hit card cannot take warriors or spirit."""
    if w.content.battle_cards[card].family != "critical":
        return effects
    if not has_flag(w, h, "ignore_critical_losses"):
        return effects
    return [
        e for e in effects if not (isinstance(e, Lose) and e.resource in ("warriors", "spirit"))
    ]


def card_confirmed(w: World, s: State, h: HeroState, unaided: bool) -> None:
    """Ascetic: spirit right after a card you spent no advantages on (COV-AEGIS-3)."""
    if not unaided:
        return
    n = flag_amount(w, h, "spirit_per_unaided_card")
    if n:
        gain(s, h, "spirit", n)
        log(s, f"{hero_name(w, h)} takes {n} spirit for facing the card unaided.")


def quarry_defeated(w: World, s: State, h: HeroState, foe: str, space: str) -> None:
    """Inspiring: defeating the quarry clears every skull on or next to your space
    (regular skulls: doom skulls stay, COV-DOOM-4). Call before the token is removed."""
    if not is_quarry(s, foe, space, False) or not has_flag(w, h, "quarry_defeat_clears_skulls"):
        return
    n = sum(remove_skulls(w, s, sp, regular_skulls(s, sp)) for sp in w.board.near(h.space))
    log(s, f"{hero_name(w, h)} fells the quarry and clears {n} skull(s) nearby.")


# --- Reinforce, corruption, market --------------------------------------------------------


def resolute_discount(w: World, h: HeroState) -> int:
    """Resolute: spirit off an enhanced Reinforce per corruption held (COV-AEGIS-4). The
    glyph's spirit is charged apart, so it is still paid (COV-AEGIS-5)."""
    if not h.corruptions:
        return 0
    return flag_amount(w, h, "reinforce_discount_per_corruption") * len(h.corruptions)


def steeled_asks(w: World, s: State, h: HeroState, why: str) -> bool:
    """Steeled: once a turn, when another hero would gain a corruption, the Aegis may take
    it instead for spirit. True when the question was queued (the gain waits for it)."""
    if s.cov is None or s.result is not None or "steeled" in s.turn.used:
        return False
    for o in s.heroes:
        if o.seat == h.seat or o.eliminated or not has_flag(w, o, "take_others_corruption"):
            continue
        if _steeled_can_take(w, s, o, h):
            ask(s, Decision("steeled", o.seat, target=str(h.seat), context=why))
            return True
    return False


def _steeled_can_take(w: World, s: State, aegis: HeroState, other: HeroState) -> bool:
    """Only with room on the Aegis's board (a fourth would lose the game, COV-AEGIS-6), and
    only when the other hero really faces a card or a loss."""
    if len(aegis.corruptions) >= corruption_limit(w, aegis):
        return False
    return bool(s.corruption_deck) or len(other.corruptions) >= corruption_limit(w, other)


def market_taken(w: World, s: State, h: HeroState) -> None:
    """Opportunistic: any hero taking a market treasure gives a blessing."""
    if s.cov is None:
        return
    for o in s.heroes:
        if not o.eliminated and has_flag(w, o, "blessing_on_market_take"):
            gain_blessing(w, s, o, "Opportunistic")


# --- the haggle die (Fortuitous) -------------------------------------------------------------


def reroll_asks(w: World, s: State, h: HeroState, result: str, context: str) -> bool:
    """Fortuitous: after rolling the haggle die, roll once more and keep either result.
    `context` is "effect" (an effect's roll) or "reinforce". True when asked."""
    if s.cov is None or not has_flag(w, h, "haggle_reroll"):
        return False
    ask(s, Decision("haggle_reroll", h.seat, target=result, context=context))
    return True


def _roll(w: World, s: State, h: HeroState) -> str:
    rng = Rng(s.rng)
    face = rng.choice(w.content.haggle.faces)
    s.rng = rng.state
    log(s, f"{hero_name(w, h)} rolls the haggle die again: {face.text}")
    return face.result


def settle_haggle(w: World, s: State, h: HeroState, result: str, context: str) -> None:
    """The kept haggle result takes effect as the roll that asked for it would."""
    if context == "reinforce":
        settle_reinforce(w, s, h, result)
        return
    if result == "cancel":  # an effect's roll: the cancel face does nothing
        return
    face = next(f for f in w.content.haggle.faces if f.result == result)
    run(w, s, h, face.effects, "the haggle die")


# --- decisions ----------------------------------------------------------------------------


def decision_actions(w: World, s: State, d: Decision) -> list[Action]:
    h = s.heroes[d.seat]
    k = d.kind
    stop = act("stop")
    if k == "quarry":  # COV-WARDEN-2
        out = [act("quarry", f, sp) for f, sp in dict.fromkeys(s.foes)]
        if s.adversary_space:
            out.append(act("quarry", ADVERSARY))
        return out + [stop]
    if k == "quarry_step":  # COV-WARDEN-3
        _, space = quarry_at(s)
        if not space:  # the quarry left the board meanwhile
            return [stop]
        return [act("step", sp) for sp in w.board.neighbours[space]] + [stop]
    if k == "instinct":
        return [act("dodge"), stop]
    if k == "astro_banner":
        return [act("remove", sp) for sp in near_skull_targets(w, s, h)]
    if k == "aegis_banner":
        if h.warriors < AEGIS_RETURN_COST:
            return [stop]
        return [act("return", c) for c in dict.fromkeys(h.corruptions)] + [stop]
    if k == "steeled":
        other = s.heroes[int(d.target)]
        if "steeled" in s.turn.used or not _steeled_can_take(w, s, h, other):
            return [act("pass")]
        return [act("take"), act("pass")]
    if k == "haggle_reroll":
        return [act("keep"), act("reroll")]
    if k == "haggle_pick":
        return [act("keep", r) for r in d.options]
    raise ValueError(f"unknown decision {k!r}")


def apply_decision(w: World, s: State, d: Decision, a: Action) -> None:
    h = s.heroes[d.seat]
    name = hero_name(w, h)
    k = d.kind
    verb = a[0]
    cov = s.cov
    assert cov is not None
    if k == "quarry":
        if verb == "stop":
            return
        cov.quarry = ADVERSARY if a[1] == ADVERSARY else f"{a[1]}@{a[2]}"
        foe, space = quarry_at(s)
        log(
            s,
            f"{name} marks the {w.name(_foe_id(s, foe))} at {w.board.names[space]} as the quarry.",
        )
    elif k == "quarry_step":
        if verb == "stop" or not cov.quarry:
            return
        _quarry_step(w, s, h, a[1])
        if d.amount > 1:
            ask(s, Decision("quarry_step", d.seat, amount=d.amount - 1))
    elif k == "instinct":
        if verb == "stop":
            cov.dodge = f"{d.target}@"  # asked and declined: the strike hits every token
            return
        cov.dodge = f"{d.target}@{d.context}"
        cov.quarry = ""
        log(s, f"{name} takes the quarry token back; the quarry is spared this strike.")
    elif k == "astro_banner":
        remove_skulls(w, s, a[1], 1)
        log(
            s,
            f"{name} clears a skull from the {w.board.building_of[a[1]]} at {w.board.names[a[1]]}.",
        )
        if has_flag(w, h, "blessing_on_banner_skull"):  # Well Versed
            gain_blessing(w, s, h, "Well Versed")
    elif k == "aegis_banner":
        if verb == "stop":
            return
        h.warriors -= AEGIS_RETURN_COST
        h.corruptions.remove(a[1])
        put_under(s, "corruptions", a[1])  # to the bottom of the deck (RTDT-CORR-10)
        log(s, f"{name} pays {AEGIS_RETURN_COST} warriors to return {w.name(a[1])}.")
    elif k == "steeled":
        other = s.heroes[int(d.target)]
        if verb == "pass":
            gain_corruption(w, s, other, d.context, offer_steeled=False)
            return
        s.turn.used.append("steeled")
        log(s, f"{name} takes the corruption meant for the {hero_name(w, other)} (Steeled).")
        gain_corruption(w, s, h, d.context, offer_steeled=False)
        gain(s, h, "spirit", flag_amount(w, h, "take_others_corruption"))
    elif k == "haggle_reroll":
        if verb == "keep":
            settle_haggle(w, s, h, d.target, d.context)
            return
        second = _roll(w, s, h)
        if second == d.target:
            settle_haggle(w, s, h, second, d.context)
            return
        ask(s, Decision("haggle_pick", d.seat, options=(d.target, second), context=d.context))
    elif k == "haggle_pick":
        settle_haggle(w, s, h, a[1], d.context)


def describe(w: World, s: State, d: Decision) -> str:
    who = hero_name(w, s.heroes[d.seat])
    k = d.kind
    if k == "quarry":
        return f"{who}: put the quarry token on a foe on the board (or stop)."
    if k == "quarry_step":
        foe, space = quarry_at(s)
        where = w.board.names.get(space, space)
        return f"{who}: move your quarry at {where} one space ({d.amount} left), or stop."
    if k == "instinct":
        return (
            f"{who}: the {w.name(_foe_id(s, d.target))} strike - take the quarry token back "
            "to spare your quarry (dodge), or stop."
        )
    if k == "astro_banner":
        return f"{who}: choose a building on or next to your space to clear a skull from."
    if k == "aegis_banner":
        return f"{who}: pay 10 warriors to return one of your corruptions, or stop."
    if k == "steeled":
        other = hero_name(w, s.heroes[int(d.target)])
        return f"{who}: Steeled - take the corruption meant for the {other} and 2 spirit, or pass."
    if k == "haggle_reroll":
        return f"{who}: Fortuitous - keep the haggle result ({d.target}) or reroll."
    return f"{who}: Fortuitous - keep one result: {', '.join(d.options)}."
