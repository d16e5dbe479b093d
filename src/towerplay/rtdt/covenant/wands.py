"""Wands (COV-WAND-*): treasures that carry charge tokens.

Charges sit on the card, so they travel with it in a trade and go back to the supply when
the wand leaves play. The charge supply has proxies: a wand holds any number (COV-WAND-4).
"""

from __future__ import annotations

from towerplay.rtdt.models import CovenantTreasure
from towerplay.rtdt.rules.common import log
from towerplay.rtdt.state import State
from towerplay.rtdt.world import World


def is_wand(w: World, card: str) -> bool:
    t = w.content.treasures.get(card)
    return isinstance(t, CovenantTreasure) and t.wand


def on_acquire(w: World, s: State, card: str) -> None:
    """Put the card's starting charges on a wand just acquired (COV-WAND-1)."""
    if s.cov is None or not is_wand(w, card) or card in s.cov.charges:
        return
    n = w.content.treasures[card].charges  # type: ignore[attr-defined]
    s.cov.charges[card] = n
    log(s, f"{w.name(card)} takes {n} charge(s).")


def on_leave(s: State, card: str) -> None:
    """A wand leaving play returns its charges to the supply."""
    if s.cov is not None:
        s.cov.charges.pop(card, None)


def add_charges(w: World, s: State, card: str, n: int, why: str) -> None:
    """More charges as the card says (COV-WAND-3); no limit (COV-WAND-4)."""
    assert s.cov is not None
    s.cov.charges[card] = s.cov.charges.get(card, 0) + n
    log(s, f"{w.name(card)} gains {n} charge(s) ({why}).")


def spend_charges(w: World, s: State, card: str, n: int) -> None:
    """Spend charges back to the supply to trigger the wand (COV-WAND-2)."""
    assert s.cov is not None and s.cov.charges.get(card, 0) >= n
    s.cov.charges[card] -= n
    log(s, f"{w.name(card)} spends {n} charge(s).")
