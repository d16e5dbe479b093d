"""The adversaries' own mechanics beyond their tokens (foes.yaml `adversaries[]`, RTDT-ADVCARD-*).

Each is data in the adversary's entry - its `rules` say it in words, the numbers are its
fields and its Tower-acts steps - run by the handlers here:

- Bane of Omens' Black Mark (`mark`, `mark_pass`): the Tower acts hand the mark to the
  active hero while nobody holds it and strike its holder (`adversary_act: mark` with
  the holder's `effects`). It can never be spent, lost or traded;
  its holder may pay `mark_pass` spirit on their turn to pass it to another hero.
- Gravemaw's mutations (`mutations`): `adversary_act: mutate` adds the next mutation card
  to the battle deck of the foe type with most tokens on the board (`State.mutations`,
  read by rules/battle.py).
- Isa the Exile's ultimatum: `adversary_act: treasure_toll` costs every hero `amount`
  spirit per treasure held.
- Utuk'Ku's cap (`action_cap`) needs no handler: rules/battle_moves.py `action_cap` reads it.
"""

from __future__ import annotations

from towerplay.core.notation import Action
from towerplay.rtdt import records as rec
from towerplay.rtdt.hooks import BASE
from towerplay.rtdt.hookspecs import (
    ADVERSARY_ACTS,
    FREE_VERBS,
    STRIKE_EFFECTS,
    TRADE_MOVES,
    TURN_ACTIONS,
)
from towerplay.rtdt.models import Adversary, AdversaryAct, Lose
from towerplay.rtdt.rules.effects import run
from towerplay.rtdt.rules.narrate import Cause, hero_name, spoken, struck_by, tell
from towerplay.rtdt.rules.resources import pay
from towerplay.rtdt.state import HeroState, State
from towerplay.rtdt.words import N_
from towerplay.rtdt.world import World

PASS_MARK = "pass_mark"
PASSING = N_("passing")  # the cause of the spirit paid to pass the mark, with its name


def _adversary(w: World, s: State) -> Adversary | None:
    return w.content.adversaries.get(s.config.adversary)


def mark_holder(w: World, s: State) -> HeroState | None:
    """The hero in the game holding the adversary's mark, if any."""
    adv = _adversary(w, s)
    if adv is None or adv.mark is None:
        return None
    for h in s.heroes:
        if not h.eliminated and adv.mark in h.quest_items:
            return h
    return None


# --- Bane of Omens: The Black Mark --------------------------------------------------------


@ADVERSARY_ACTS.on("mark", BASE)
def mark(w: World, s: State, step: AdversaryAct) -> None:
    """The Tower acts: with nobody holding the mark, the active hero takes it
    (RTDT-ADVCARD-1); a mark left on an eliminated hero comes back into play. Then its
    holder suffers the step's effects (RTDT-ADVCARD-3)."""
    adv = _adversary(w, s)
    assert adv is not None and adv.mark is not None
    h = mark_holder(w, s)
    if h is None:
        for o in s.heroes:
            if adv.mark in o.quest_items:
                o.quest_items.remove(adv.mark)
        h = s.heroes[s.turn.seat]
        h.quest_items.append(adv.mark)
        said = spoken(
            w,
            adv.id,
            N_("The {adversary} marks the {hero}: they now hold {item}."),
            N_("{adversary} marks the {hero}: they now hold {item}."),
        )
        tell(
            s,
            "text",
            said,
            seats=(h.seat,),
            adversary=adv.name,
            hero=hero_name(w, h),
            item=w.name(adv.mark),
        )
    if not step.effects:
        return
    said = spoken(w, adv.id, N_("The {foe} strikes the {hero}."), N_("{foe} strikes the {hero}."))
    tell(
        s,
        "text",
        said,
        seats=(h.seat,),
        foe=adv.name,
        hero=hero_name(w, h),
    )
    effects = STRIKE_EFFECTS.filter(w, s, h, step.effects, 1, adv.id)  # Iron Wall; Bezoar
    run(w, s, h, effects, struck_by(w, adv.id))


@TURN_ACTIONS.on(BASE)
def pass_actions(w: World, s: State, h: HeroState) -> list[Action]:
    """On the holder's turn: pass the mark to another hero for its spirit (RTDT-ADVCARD-2)."""
    if not h.quest_items:  # the usual case, at every step of every turn
        return []
    adv = _adversary(w, s)
    if adv is None or adv.mark is None or adv.mark not in h.quest_items:
        return []
    if h.spirit < adv.mark_pass:
        return []
    return [rec.PassMark(o.seat) for o in s.heroes if o.seat != h.seat and not o.eliminated]


@FREE_VERBS.on(PASS_MARK, BASE)
def pass_mark(w: World, s: State, h: HeroState, a: Action) -> None:
    """Pay the spirit and hand the mark over; not an action, the step stays as it is."""
    adv = _adversary(w, s)
    assert adv is not None and adv.mark is not None and isinstance(a, rec.PassMark)
    other = s.heroes[a.seat]
    item = w.name(adv.mark)
    pay(w, s, h, "spirit", adv.mark_pass, Cause(PASSING, item))
    h.quest_items.remove(adv.mark)
    other.quest_items.append(adv.mark)
    tell(
        s,
        "text",
        "{hero} passes {item} to {other}.",
        seats=(h.seat, other.seat),
        hero=hero_name(w, h),
        item=item,
        other=hero_name(w, other),
    )


@TRADE_MOVES.on(BASE)
def keep_mark(
    w: World, s: State, h: HeroState, partner: HeroState, actions: list[Action]
) -> list[Action]:
    """A trade never carries the mark: it only passes for its spirit (RTDT-ADVCARD-2)."""
    adv = _adversary(w, s)
    if adv is None or adv.mark is None:
        return actions
    return [a for a in actions if not (len(a) == 2 and a[1] == adv.mark)]


# --- Gravemaw: mutations ----------------------------------------------------------------------


def _mutable(w: World, s: State, adv: Adversary) -> list[tuple[int, int, str]]:
    """(tokens, level, foe) of each foe type on the board that has a mutation still to come."""
    counts: dict[str, int] = {}
    for foe, _ in s.foes:
        counts[foe] = counts.get(foe, 0) + 1
    out = []
    for foe, n in counts.items():
        if any(c not in s.mutations.get(foe, []) for c in adv.mutations):
            out.append((n, w.content.foes[foe].level, foe))
    return out


@ADVERSARY_ACTS.on("mutate", BASE)
def mutate(w: World, s: State, step: AdversaryAct) -> None:
    """The Tower acts: the foe type with most tokens on the board (then the higher level,
    then the first in the foes file) gets the adversary's next mutation card (RTDT-ADVCARD-4)."""
    adv = _adversary(w, s)
    assert adv is not None
    order = list(w.content.foes)
    found = _mutable(w, s, adv)
    if not found:
        said = spoken(
            w,
            adv.id,
            N_("The {adversary} finds no foe to mutate."),
            N_("{adversary} finds no foe to mutate."),
        )
        tell(s, "text", said, adversary=adv.name)
        return
    _, _, foe = min(found, key=lambda f: (-f[0], -f[1], order.index(f[2])))
    have = s.mutations.setdefault(foe, [])
    card = next(c for c in adv.mutations if c not in have)
    have.append(card)
    said = spoken(
        w,
        adv.id,
        N_("The {adversary} mutates the {foe}: {card} joins their battle cards."),
        N_("{adversary} mutates the {foe}: {card} joins their battle cards."),
    )
    tell(
        s,
        "text",
        said,
        adversary=adv.name,
        foe=w.name(foe),
        card=w.content.battle_cards[card].name,
    )


# --- Isa the Exile: the ultimatum ------------------------------------------------------------


@ADVERSARY_ACTS.on("treasure_toll", BASE)
def treasure_toll(w: World, s: State, step: AdversaryAct) -> None:
    """The Tower acts: every hero loses `amount` spirit per treasure held (RTDT-ADVCARD-6)."""
    adv = _adversary(w, s)
    assert adv is not None
    for h in s.heroes:
        if h.eliminated or not h.treasures:
            continue
        n = step.amount * len(h.treasures)
        said = spoken(
            w,
            adv.id,
            N_("The {adversary} demands {n} spirit of the {hero} for {k} treasure(s)."),
            N_("{adversary} demands {n} spirit of the {hero} for {k} treasure(s)."),
        )
        tell(
            s,
            "text",
            said,
            seats=(h.seat,),
            adversary=adv.name,
            hero=hero_name(w, h),
            n=n,
            k=len(h.treasures),
        )
        run(w, s, h, [Lose(op="lose", resource="spirit", amount=n)], struck_by(w, adv.id))
