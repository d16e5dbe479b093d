"""The four Covenant heroes (COV-HERO, COV-AEGIS, COV-WARDEN, COV-SWINDLER): their banner
actions (by the hero whose banner is taken), the Warden's quarry token and Instinctive, and
the decisions they ask. The virtues whose flags need a rule of their own are in `virtues`,
the Astromancer's spells in `spells`.
"""

from __future__ import annotations

from collections.abc import Callable

from towerplay.core.narration import Event, event
from towerplay.core.notation import Action
from towerplay.rtdt import records as rec
from towerplay.rtdt.covenant.blessings import gain_blessing
from towerplay.rtdt.decks import put_under
from towerplay.rtdt.hooks import COVENANT, DecisionKind, decision
from towerplay.rtdt.hookspecs import (
    ADVERSARY_SPARED,
    BANNER_TAKEN,
    STRIKE_ASKS,
    STRIKE_OVER,
    STRUCK_TOKENS,
    TOKEN_MOVED,
    TOKEN_REMOVED,
    decision_kind,
)
from towerplay.rtdt.rules.common import ask, has_flag
from towerplay.rtdt.rules.narrate import Cause, hero_name, tell
from towerplay.rtdt.rules.resources import gain, pay
from towerplay.rtdt.rules.skulls import regular_skulls, remove_skulls
from towerplay.rtdt.rules.tokens import move_token
from towerplay.rtdt.state import Decision, HeroState, State
from towerplay.rtdt.words import N_
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


# --- banner actions ---------------------------------------------------------------------


@BANNER_TAKEN.on(COVENANT)
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
        tell(s, "text", "No foe is on the board for the quarry token.")


def _astromancer_banner(w: World, s: State, h: HeroState) -> None:
    """Clear one skull from a building on or next to your space (the skull goes back to
    the supply; doom skulls stay, COV-DOOM-4)."""
    if near_skull_targets(w, s, h):
        ask(s, Decision("astro_banner", h.seat))
    else:
        tell(s, "skulls", "No skull to clear on or next to this space.")


def near_skull_targets(w: World, s: State, h: HeroState) -> list[str]:
    return [sp for sp in w.board.near(h.space) if regular_skulls(s, sp) > 0]


def _aegis_banner(w: World, s: State, h: HeroState) -> None:
    """3 warriors per corruption held; then 10 warriors may return one corruption."""
    n = AEGIS_WARRIORS_PER_CORRUPTION * len(h.corruptions)
    if n:
        gain(w, s, h, "warriors", n, N_("the banner action, 3 for each corruption"))
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


@TOKEN_REMOVED.on(COVENANT)
def token_removed(w: World, s: State, foe: str, space: str) -> None:
    """A removed or defeated quarry gives the token back to the Warden (COV-WARDEN-5)."""
    cov = s.cov
    if cov is None or cov.quarry != f"{foe}@{space}" or (foe, space) in s.foes:
        return
    cov.quarry = ""
    tell(s, "text", "The quarry token returns to the Relentless Warden's board.")


def _quarry_step(w: World, s: State, h: HeroState, dst: str) -> None:
    assert s.cov is not None
    foe, src = quarry_at(s)
    if foe == ADVERSARY:
        s.adversary_space = dst
    else:
        move_token(w, s, foe, src, dst)
        s.cov.quarry = f"{foe}@{dst}"
    tell(
        s,
        "text",
        "{hero} drives the quarry, the {card}, to {space}.",
        seats=(h.seat,),
        hero=hero_name(w, h),
        card=w.name(_foe_id(s, foe)),
        space=w.board.names[dst],
    )


def _foe_id(s: State, foe: str) -> str:
    return s.config.adversary if foe == ADVERSARY else foe


# --- Instinctive (COV-WARDEN-6, COV-WARDEN-7) --------------------------------------------------


@STRIKE_ASKS.on_holders("quarry_dodges_strike", COVENANT)
def instinct_asks(w: World, s: State, warden: HeroState, foe: str) -> bool:
    """Instinctive: before a strike of `foe` (a foe id, or "adversary" for the Tower acts)
    resolves, the Warden whose quarry is of that type may take the token back
    (COV-WARDEN-6). True when the question was queued: the caller puts the event back to
    resolve after it."""
    cov = s.cov
    if cov is None or cov.dodge:  # asked already for this strike
        return False
    qfoe, space = quarry_at(s)
    if qfoe != foe or not space:
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


# --- decisions: each kind's answers, how an answer applies, its words -----------------------

STOP = rec.Stop()


def _who(w: World, s: State, d: Decision) -> str:
    return hero_name(w, s.heroes[d.seat])


def _quarry_answers(w: World, s: State, d: Decision) -> list[Action]:
    out: list[Action] = [rec.Quarry(f, sp) for f, sp in dict.fromkeys(s.foes)]  # COV-WARDEN-2
    if s.adversary_space:
        out.append(rec.Quarry(ADVERSARY))
    return out + [STOP]


def _quarry(w: World, s: State, d: Decision, a: Action) -> None:
    cov = s.cov
    assert cov is not None
    if not isinstance(a, rec.Quarry):  # stop
        return
    cov.quarry = ADVERSARY if a.foe == ADVERSARY else f"{a.foe}@{a.space}"
    foe, space = quarry_at(s)
    tell(
        s,
        "text",
        "{who} marks the {card} at {space} as the quarry.",
        who=_who(w, s, d),
        card=w.name(_foe_id(s, foe)),
        space=w.board.names[space],
    )


def _quarry_words(w: World, s: State, d: Decision) -> Event:
    return event(
        "text", "{hero}: put the quarry token on a foe on the board (or stop).", hero=_who(w, s, d)
    )


def _quarry_step_answers(w: World, s: State, d: Decision) -> list[Action]:
    _, space = quarry_at(s)  # COV-WARDEN-3
    if not space:  # the quarry left the board meanwhile
        return [STOP]
    return [rec.Step(sp) for sp in w.board.neighbours[space]] + [STOP]


def _quarry_step_apply(w: World, s: State, d: Decision, a: Action) -> None:
    cov = s.cov
    assert cov is not None
    if not isinstance(a, rec.Step) or not cov.quarry:  # stop
        return
    _quarry_step(w, s, s.heroes[d.seat], a.space)
    if d.amount > 1:
        ask(s, Decision("quarry_step", d.seat, amount=d.amount - 1))


def _quarry_step_words(w: World, s: State, d: Decision) -> Event:
    foe, space = quarry_at(s)
    where = w.board.names.get(space, space)
    return event(
        "text",
        "{hero}: move your quarry at {space} one space ({n} left), or stop.",
        hero=_who(w, s, d),
        space=where,
        n=d.amount,
    )


def _instinct_answers(w: World, s: State, d: Decision) -> list[Action]:
    return [rec.Dodge(), STOP]


def _instinct(w: World, s: State, d: Decision, a: Action) -> None:
    cov = s.cov
    assert cov is not None
    if not isinstance(a, rec.Dodge):  # stop
        cov.dodge = f"{d.target}@"  # asked and declined: the strike hits every token
        return
    cov.dodge = f"{d.target}@{d.context}"
    cov.quarry = ""
    tell(
        s,
        "gain",
        "{who} takes the quarry token back; the quarry is spared this strike.",
        who=_who(w, s, d),
    )


def _instinct_words(w: World, s: State, d: Decision) -> Event:
    return event(
        "text",
        "{hero}: the {foe} strike - take the quarry token back to spare your quarry (dodge), "
        "or stop.",
        hero=_who(w, s, d),
        foe=w.name(_foe_id(s, d.target)),
    )


def _astro_banner_answers(w: World, s: State, d: Decision) -> list[Action]:
    return [rec.Remove(sp) for sp in near_skull_targets(w, s, s.heroes[d.seat])]


def _astro_banner(w: World, s: State, d: Decision, a: Action) -> None:
    assert isinstance(a, rec.Remove)
    h = s.heroes[d.seat]
    remove_skulls(w, s, a.space, 1)
    tell(
        s,
        "skulls",
        "{hero} clears a skull from the {building} at {space}.",
        seats=(h.seat,),
        amounts=(("skulls", -1),),
        hero=hero_name(w, h),
        building=w.board.building_of[a.space],
        space=w.board.names[a.space],
    )
    if has_flag(w, h, "blessing_on_banner_skull"):  # Well Versed
        gain_blessing(w, s, h, "Well Versed")


def _astro_banner_words(w: World, s: State, d: Decision) -> Event:
    return event(
        "text",
        "{hero}: choose a building on or next to your space to clear a skull from.",
        hero=_who(w, s, d),
    )


def _aegis_banner_answers(w: World, s: State, d: Decision) -> list[Action]:
    h = s.heroes[d.seat]
    if h.warriors < AEGIS_RETURN_COST:
        return [STOP]
    return [*(rec.Return(c) for c in dict.fromkeys(h.corruptions)), STOP]


RETURNING = N_("returning the corruption")  # the Aegis's cost: the phrase and the card (Cause)


def _aegis_return(w: World, s: State, d: Decision, a: Action) -> None:
    if not isinstance(a, rec.Return):  # stop
        return
    h = s.heroes[d.seat]
    pay(w, s, h, "warriors", AEGIS_RETURN_COST, Cause(RETURNING, w.name(a.card)))
    h.corruptions.remove(a.card)
    put_under(s, "corruptions", a.card)  # to the bottom of the deck (RTDT-CORR-10)
    tell(
        s,
        "corruption",
        "{hero} returns the corruption {card}.",
        seats=(h.seat,),
        amounts=(("corruptions", -1),),
        hero=hero_name(w, h),
        card=w.name(a.card),
    )


def _aegis_banner_words(w: World, s: State, d: Decision) -> Event:
    return event(
        "text",
        "{hero}: pay {n} warriors to return one of your corruptions, or stop.",
        hero=_who(w, s, d),
        n=AEGIS_RETURN_COST,
    )


# registered below (hooks.decision)
KINDS: dict[str, DecisionKind] = {
    "quarry": decision_kind(
        _quarry_answers,
        _quarry,
        _quarry_words,
        "put the quarry token on a foe on the board, or stop",
        "COV-WARDEN-2",
    ),
    "quarry_step": decision_kind(
        _quarry_step_answers,
        _quarry_step_apply,
        _quarry_step_words,
        "move your quarry one space, or stop",
        "COV-WARDEN-3",
    ),
    "instinct": decision_kind(
        _instinct_answers,
        _instinct,
        _instinct_words,
        "take the quarry token back to spare your quarry, or stop",
        "COV-WARDEN-6",
    ),
    "astro_banner": decision_kind(
        _astro_banner_answers,
        _astro_banner,
        _astro_banner_words,
        "choose a building on or next to you to clear a skull from",
        "RTDT-TURN-2",
    ),
    "aegis_banner": decision_kind(
        _aegis_banner_answers,
        _aegis_return,
        _aegis_banner_words,
        "pay 10 warriors to return a corruption, or stop",
        "RTDT-TURN-2",
    ),
}
for _kind, _dk in KINDS.items():
    decision(_kind, COVENANT, _dk)


# --- what this adds to the base rules (rtdt/hookspecs.py) ---------------------------------


@TOKEN_MOVED.on(COVENANT)
def _token_moved(w: World, s: State, foe: str, src: str, dst: str) -> None:
    token_moved(s, foe, src, dst)  # the quarry token rides along (COV-WARDEN-2)


@STRUCK_TOKENS.on(COVENANT)
def _spared(w: World, s: State, foe: str, spaces: list[str]) -> list[str]:
    return struck_tokens(s, foe)  # COV-WARDEN-7


@ADVERSARY_SPARED.on(COVENANT)
def _adversary_spared(w: World, s: State) -> bool:
    return adversary_spared(s)  # COV-WARDEN-6


@STRIKE_OVER.on(COVENANT)
def _strike_over(w: World, s: State) -> None:
    strike_over(s)
