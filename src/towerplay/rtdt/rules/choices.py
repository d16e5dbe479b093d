"""Choices inside effects become questions: "lose A or B" (RTDT-EFFECT-2) and "you may pay
X to gain Y" (RTDT-EFFECT-3). The question carries its effects as JSON text, so that a save
taken while it waits loads back whatever card, room or event asked it; the answers run in
decisions/choices.py."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import TypeAdapter

from towerplay.rtdt.models import Choose, Effect, MayPay, can_pay
from towerplay.rtdt.rules.common import ask
from towerplay.rtdt.state import Decision, HeroState, State
from towerplay.rtdt.world import World

EFFECTS: TypeAdapter[list[Effect]] = TypeAdapter(list[Effect])


def packed(effects: Sequence[Effect]) -> str:
    """Effects as JSON text (a decision's option), every field written out."""
    return EFFECTS.dump_json(list(effects)).decode()


def unpacked(text: str) -> list[Effect]:
    return EFFECTS.validate_json(text)


def ask_choice(s: State, h: HeroState, e: Choose, why: str, mult: int, prevent: int) -> None:
    """Ask the hero who suffers it which option happens. Every option is offered, one they
    cannot pay in full too: its shortfall gives a corruption (RTDT-EFFECT-2, RTDT-RES-5).
    A multiplied effect (a strike per token) repeats each option `mult` times."""
    options = tuple(packed(list(o) * mult) for o in e.options)
    ask(s, Decision("choose_effect", h.seat, amount=prevent, options=options, context=str(why)))


def offer(w: World, s: State, h: HeroState, e: MayPay, why: str) -> None:
    """Offer the trade as a yes/no question, only when its price can be paid (RTDT-EFFECT-3)."""
    if can_pay(h, e.pay):
        ask(
            s,
            Decision("may_pay", h.seat, options=(packed(e.pay), packed(e.gain)), context=str(why)),
        )
