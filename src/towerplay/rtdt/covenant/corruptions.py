"""The Covenant corruptions whose abilities are engine hooks (covenant.yaml `kind: flag`):
those that take actions away (Crestfallen, Arrogant, Vain, Timid, Shaken), Snobby's gear and
Aquaphobic's river toll. Registered by covenant/plugin.py; the treasures are in `cards`.
"""

from __future__ import annotations

from towerplay.core.notation import Action
from towerplay.rtdt import tower
from towerplay.rtdt.covenant import wands
from towerplay.rtdt.covenant.cards import amount, owns_use
from towerplay.rtdt.models import Lose
from towerplay.rtdt.rules.common import flag_cards, hero_name, log, return_item
from towerplay.rtdt.rules.effects import run
from towerplay.rtdt.state import HeroState, State
from towerplay.rtdt.world import World


def _flags(w: World, h: HeroState) -> frozenset[str]:
    return w.profile(h.cards()).flags


def _first(w: World, h: HeroState, flag: str) -> str | None:
    """The first card the hero holds with this flag."""
    found = flag_cards(w, h, flag)
    return found[0] if found else None


# corruptions that take actions away
BANS = frozenset(
    {
        "no_glyph_in_current_kingdom",
        "no_battle_foe_level",
        "no_banner",
        "no_quest",
        "no_tower_adjacent",
    }
)
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


def may_enter(w: World, s: State, h: HeroState, space: str) -> bool:
    """Timid: no Tower-adjacent space, whether moving or put there by an effect (a reading:
    being put on a space is entering it)."""
    if s.cov is None or space not in w.board.tower_adjacent:
        return True
    return "no_tower_adjacent" not in _flags(w, h)


# --- corruptions that take actions away ------------------------------------------------------


def forbidding(w: World, s: State, h: HeroState, a: Action) -> str | None:
    """The corruption that forbids this turn action, if any."""
    if s.cov is None or not len(a):
        return None
    flags = _flags(w, h) & BANS
    if not flags:
        return None
    verb = a[0]
    if "no_banner" in flags and verb == "banner":  # Crestfallen: Azkol's Banner's too
        return _first(w, h, "no_banner")
    if "no_quest" in flags and verb in QUEST_VERBS:  # Arrogant: dungeons are Quest actions
        return _first(w, h, "no_quest")
    named = a[1] if len(a) > 1 else ""  # a bare verb names nothing a card could forbid
    if "no_battle_foe_level" in flags and verb == "battle" and named in w.content.foes:
        card = _first(w, h, "no_battle_foe_level")
        assert card is not None
        if w.content.foes[named].level == amount(w, card, "no_battle_foe_level"):  # Vain
            return card
    if "no_tower_adjacent" in flags and verb == "move" and named in w.board.tower_adjacent:
        return _first(w, h, "no_tower_adjacent")  # Timid
    if "no_glyph_in_current_kingdom" in flags and verb in GLYPH_OF_VERB:  # Shaken
        facing = tower.revealed_glyphs(s.tower).get(GLYPH_OF_VERB[verb])
        if facing == w.board.kingdom_of[h.space]:
            return _first(w, h, "no_glyph_in_current_kingdom")
    return None


def restrict(w: World, s: State, h: HeroState, out: list[Action]) -> list[Action]:
    """The turn actions the hero's corruptions leave."""
    if s.cov is None or not _flags(w, h) & BANS:
        return out
    return [a for a in out if forbidding(w, s, h, a) is None]


def why_not(w: World, s: State, h: HeroState, a: Action) -> tuple[str, str] | None:
    """Words for an action a Covenant card makes illegal (for explain)."""
    card = forbidding(w, s, h, a)
    if card is not None:
        return f"your corruption {w.name(card)} forbids {str(a)!r}", "RTDT-CORR-7"
    if owns_use(w, a) and wands.is_wand(w, a[1]) and a[1] in h.treasures:
        n = wands.charges(s, a[1])
        return f"{w.name(a[1])} ({n} charge(s)) cannot do that now", "COV-WAND-2"
    return None


def refuses_gear(w: World, s: State, h: HeroState) -> bool:
    """Snobby: a hero who may hold no gear gains none."""
    if s.cov is None or "no_gear" not in _flags(w, h):
        return False
    log(s, f"{hero_name(w, h)} may hold no gear and takes none.")
    return True


def corruption_gained(w: World, s: State, h: HeroState, card: str) -> None:
    """Snobby: on gaining it, discard all your gear."""
    if s.cov is None or not h.gear or not any(f.flag == "no_gear" for f in w.flags[card]):
        return
    for g in h.gear[:]:
        h.gear.remove(g)
        return_item(s, "gear", g)
    log(s, f"{hero_name(w, h)} discards all their gear ({w.name(card)}).")


def trade_moves(
    w: World, s: State, h: HeroState, partner: HeroState, out: list[Action]
) -> list[Action]:
    """Snobby: no gear passes to a hero who may hold none."""
    if s.cov is None:
        return out
    bar = {"give": "no_gear" in _flags(w, partner), "take": "no_gear" in _flags(w, h)}
    if not any(bar.values()):
        return out
    return [a for a in out if not (a[0] in bar and bar[a[0]] and w.kind_of.get(a[1]) == "gear")]


def crossed(w: World, s: State, h: HeroState, src: str, dst: str) -> None:
    """Aquaphobic: a river crossed costs 1 spirit each time. Read as a loss (the public
    text: "lose 1 spirit"), so a hero without spirit crosses and gains a corruption."""
    if s.cov is None or src == dst:
        return
    card = _first(w, h, "river_toll")
    if card is None:
        return
    board = w.board
    river = board.is_river(src, dst) or (
        not board.adjacent(src, dst) and board.kingdom_of[src] != board.kingdom_of[dst]
    )  # a slide along a river (Amulet of the Marid) crosses it too
    if river:
        log(s, f"{hero_name(w, h)} crosses a river ({w.name(card)}).")
        lose = Lose(op="lose", resource="spirit", amount=amount(w, card, "river_toll"))
        run(w, s, h, [lose], w.name(card))
