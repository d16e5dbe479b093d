"""The Covenant corruptions whose abilities are engine hooks (covenant.yaml `kind: flag`):
those that take actions away (Crestfallen, Arrogant, Vain, Timid, Shaken), Snobby's gear and
Aquaphobic's river toll. Each registered per flag here; the treasures are in `cards`.
"""

from __future__ import annotations

from collections.abc import Callable

from towerplay.core.errors import IllegalAction
from towerplay.core.notation import Action
from towerplay.rtdt import tower
from towerplay.rtdt.covenant import wands
from towerplay.rtdt.covenant.cards import amount, first, owns_use
from towerplay.rtdt.hooks import COVENANT
from towerplay.rtdt.hookspecs import (
    CORRUPTION_GAINED,
    CROSSED,
    MAY_ENTER,
    REFUSE_GEAR,
    RESTRICT_ACTIONS,
    TRADE_MOVES,
)
from towerplay.rtdt.models import Lose
from towerplay.rtdt.rules.effects import run
from towerplay.rtdt.rules.holdings import return_item
from towerplay.rtdt.rules.narrate import hero_name, tell
from towerplay.rtdt.state import HeroState, State
from towerplay.rtdt.world import World

# the glyph whose action each turn verb is (RTDT-GLYPH-*); a dungeon is explored by Quest
GLYPH_OF_VERB = {
    "banner": "banner",
    "cleanse": "cleanse",
    "battle": "battle",
    "quest": "quest",
    "explore": "quest",
    "trial": "quest",
    "reinforce": "reinforce",
    "haggle": "reinforce",
}
QUEST_VERBS = ("quest", "explore", "trial")


@MAY_ENTER.on_flag("no_tower_adjacent", COVENANT)
def timid(w: World, s: State, h: HeroState, space: str) -> bool:
    """Timid: no Tower-adjacent space, whether moving or put there by an effect (a reading:
    being put on a space is entering it)."""
    return s.cov is None or space not in w.board.tower_adjacent


# --- corruptions that take actions away: by flag, whether it forbids an action ---------------


def _crestfallen(w: World, s: State, h: HeroState, a: Action) -> bool:
    return a[0] == "banner"  # Azkol's Banner's too


def _arrogant(w: World, s: State, h: HeroState, a: Action) -> bool:
    return a[0] in QUEST_VERBS  # dungeons are Quest actions


def _named(a: Action) -> str:
    return a[1] if len(a) > 1 else ""  # a bare verb names nothing a card could forbid


def _vain(w: World, s: State, h: HeroState, a: Action) -> bool:
    named = _named(a)
    if a[0] != "battle" or named not in w.content.foes:
        return False
    card = first(w, h, "no_battle_foe_level")
    assert card is not None
    return w.content.foes[named].level == amount(w, card, "no_battle_foe_level")


def _timid(w: World, s: State, h: HeroState, a: Action) -> bool:
    return a[0] == "move" and _named(a) in w.board.tower_adjacent


def _shaken(w: World, s: State, h: HeroState, a: Action) -> bool:
    if a[0] not in GLYPH_OF_VERB:
        return False
    facing = tower.revealed_glyphs(s.tower).get(GLYPH_OF_VERB[a[0]])
    return facing == w.board.kingdom_of[h.space]


BANS: dict[str, Callable[[World, State, HeroState, Action], bool]] = {
    "no_banner": _crestfallen,
    "no_quest": _arrogant,
    "no_battle_foe_level": _vain,
    "no_tower_adjacent": _timid,
    "no_glyph_in_current_kingdom": _shaken,
}


def forbidding(w: World, s: State, h: HeroState, a: Action) -> str | None:
    """The corruption that forbids this turn action, if any."""
    if s.cov is None or not len(a):
        return None
    for flag, forbids in BANS.items():
        if w.holds(h, flag) and forbids(w, s, h, a):
            return first(w, h, flag)
    return None


Restrict = Callable[[World, State, HeroState, list[Action]], list[Action]]  # a turn-action filter


def _banning(flag: str) -> Restrict:
    """The restrict_actions filter of one corruption: the turn actions it leaves."""
    forbids = BANS[flag]

    def restrict(w: World, s: State, h: HeroState, out: list[Action]) -> list[Action]:
        if s.cov is None:
            return out
        return [a for a in out if not forbids(w, s, h, a)]

    restrict.__name__ = f"restrict_{forbids.__name__.strip('_')}"
    return restrict


# registered per flag by covenant/plugin
RESTRICTS: dict[str, Restrict] = {flag: _banning(flag) for flag in BANS}
for _flag, _restrict in RESTRICTS.items():  # each corruption that forbids: a card ability
    RESTRICT_ACTIONS.on_flag(_flag, COVENANT)(_restrict)


def why_not(w: World, s: State, h: HeroState, a: Action) -> IllegalAction | None:
    """Words for an action a Covenant card makes illegal (for explain)."""
    card = forbidding(w, s, h, a)
    if card is not None:
        return IllegalAction(
            "your corruption {card} forbids {action}",
            "RTDT-CORR-7",
            card=w.name(card),
            action=repr(str(a)),
        )
    if owns_use(w, a) and wands.is_wand(w, a[1]) and a[1] in h.treasures:
        n = wands.charges(s, a[1])
        return IllegalAction(
            "{wand} ({n} charge(s)) cannot do that now", "COV-WAND-2", wand=w.name(a[1]), n=n
        )
    return None


@REFUSE_GEAR.on_flag("no_gear", COVENANT)
def refuses_gear(w: World, s: State, h: HeroState) -> bool:
    """Snobby: a hero who may hold no gear gains none."""
    if s.cov is None:
        return False
    tell(
        s, "text", "{hero} may hold no gear and takes none.", seats=(h.seat,), hero=hero_name(w, h)
    )
    return True


@CORRUPTION_GAINED.on_flag("no_gear", COVENANT)
def corruption_gained(w: World, s: State, h: HeroState, card: str) -> None:
    """Snobby: on gaining it, discard all your gear."""
    if s.cov is None or not h.gear or not any(f.flag == "no_gear" for f in w.flags[card]):
        return
    for g in h.gear[:]:
        h.gear.remove(g)
        return_item(s, "gear", g)
    tell(
        s,
        "loss",
        "{hero} discards all their gear ({card}).",
        seats=(h.seat,),
        hero=hero_name(w, h),
        card=w.name(card),
    )


@TRADE_MOVES.on(COVENANT)
def trade_moves(
    w: World, s: State, h: HeroState, partner: HeroState, out: list[Action]
) -> list[Action]:
    """Snobby: no gear passes to a hero who may hold none (either side of the trade)."""
    if s.cov is None:
        return out
    bar = {"give": w.holds(partner, "no_gear"), "take": w.holds(h, "no_gear")}
    if not any(bar.values()):
        return out
    return [a for a in out if not (a[0] in bar and bar[a[0]] and w.kind_of.get(a[1]) == "gear")]


@CROSSED.on_flag("river_toll", COVENANT)
def river_toll(w: World, s: State, h: HeroState, src: str, dst: str) -> None:
    """Aquaphobic: a river crossed costs 1 spirit each time. Read as a loss (the public
    text: "lose 1 spirit"), so a hero without spirit crosses and gains a corruption."""
    card = first(w, h, "river_toll")
    if s.cov is None or src == dst or card is None:
        return
    board = w.board
    river = board.is_river(src, dst) or (
        not board.adjacent(src, dst) and board.kingdom_of[src] != board.kingdom_of[dst]
    )  # a slide along a river (Amulet of the Marid) crosses it too
    if river:
        tell(
            s,
            "move",
            "{hero} crosses a river ({card}).",
            seats=(h.seat,),
            hero=hero_name(w, h),
            card=w.name(card),
        )
        lose = Lose(op="lose", resource="spirit", amount=amount(w, card, "river_toll"))
        run(w, s, h, [lose], w.name(card))
