"""The answers to choices inside effects (rules/choices.py): "lose A or B" and "you may
pay X to gain Y". Each kind: its answers, how an answer applies, its words and its rule,
registered at the end (hooks.decision)."""

from __future__ import annotations

from collections.abc import Sequence

from towerplay.core.narration import Event, event
from towerplay.core.notation import Action
from towerplay.rtdt import hooks
from towerplay.rtdt import records as rec
from towerplay.rtdt.decisions.common import asked, who
from towerplay.rtdt.hooks import DecisionKind
from towerplay.rtdt.hookspecs import decision_kind
from towerplay.rtdt.models import Effect, Lose, LoseItem, can_pay
from towerplay.rtdt.rules.choices import unpacked
from towerplay.rtdt.rules.effects import run
from towerplay.rtdt.rules.narrate import hero_name, tell
from towerplay.rtdt.state import Decision, State
from towerplay.rtdt.world import World

PAY = rec.Pay()
DECLINE = rec.Decline()


def spoken(w: World, effects: Sequence[Effect]) -> str:
    """Effects in a few English words, for the question that offers them."""
    parts = []
    for e in effects:
        if e.op in ("lose", "gain"):
            parts.append(f"{e.op} {e.amount} {e.resource}")
        elif e.op == "lose_item":
            parts.append(f"lose {e.amount} {'item' if e.kind == 'item' else e.kind}(s)")
        elif e.op == "gain_item" and e.card is not None:
            parts.append(f"take {w.name(e.card)}")
        elif e.op == "gain_item" and e.from_deck:
            parts.append("draw the top treasure")
        elif e.op == "gain_item":
            parts.append(f"gain {e.amount} {e.kind}(s)")
        else:
            parts.append(e.op.replace("_", " "))
    return " and ".join(parts) or "nothing"


def _choose_answers(w: World, s: State, d: Decision) -> list[Action]:
    # RTDT-EFFECT-2: every option, one the hero cannot pay in full too (RTDT-RES-5)
    return [rec.Option(i + 1) for i in range(len(d.options))]


def _choose(w: World, s: State, d: Decision, a: Action) -> None:
    assert isinstance(a, rec.Option)
    h = asked(s, d)
    n = a.number
    tell(
        s,
        "text",
        "{hero} chooses option {n} ({cause}).",
        seats=(h.seat,),
        hero=hero_name(w, h),
        n=n,
        cause=d.context,
    )
    run(w, s, h, unpacked(d.options[n - 1]), d.context, prevent_warriors=d.amount)


def _choose_words(w: World, s: State, d: Decision) -> Event:
    listed = "; ".join(f"{i + 1}) {spoken(w, unpacked(o))}" for i, o in enumerate(d.options))
    return event(  # the options are the content's effects, spoken in English (content)
        "text",
        "{hero}: {cause} - choose one: {choice_effects}.",
        hero=who(w, s, d),
        cause=d.context,
        choice_effects=listed,
    )


def _price(d: Decision) -> list[Lose | LoseItem]:
    return [e for e in unpacked(d.options[0]) if isinstance(e, Lose | LoseItem)]


def _may_pay_answers(w: World, s: State, d: Decision) -> list[Action]:
    # RTDT-EFFECT-3: paying is offered only while the whole price can be paid
    return [PAY, DECLINE] if can_pay(asked(s, d), _price(d)) else [DECLINE]


def _may_pay(w: World, s: State, d: Decision, a: Action) -> None:
    h = asked(s, d)
    if a == DECLINE:
        tell(
            s,
            "text",
            "{hero} declines ({cause}).",
            seats=(h.seat,),
            hero=hero_name(w, h),
            cause=d.context,
        )
        return
    tell(
        s, "text", "{hero} pays ({cause}).", seats=(h.seat,), hero=hero_name(w, h), cause=d.context
    )
    run(w, s, h, _price(d), d.context)
    run(w, s, h, unpacked(d.options[1]), d.context)


def _may_pay_words(w: World, s: State, d: Decision) -> Event:
    pay, gain = (spoken(w, unpacked(o)) for o in d.options)
    return event(  # what is paid and gained are the content's effects (content: English)
        "text",
        "{hero}: {cause} - you may {pay_effect} to {gain_effect} (pay or decline).",
        hero=who(w, s, d),
        cause=d.context,
        pay_effect=pay,
        gain_effect=gain,
    )


KINDS: dict[str, DecisionKind] = {
    "choose_effect": decision_kind(
        _choose_answers, _choose, _choose_words, "choose which option happens", "RTDT-EFFECT-2"
    ),
    "may_pay": decision_kind(
        _may_pay_answers, _may_pay, _may_pay_words, "pay the price, or decline", "RTDT-EFFECT-3"
    ),
}

for _kind, _dk in KINDS.items():
    hooks.decision(_kind, "base", _dk)
