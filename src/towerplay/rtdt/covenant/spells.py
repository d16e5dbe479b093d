"""The Reverent Astromancer's spells and invocations (COV-ASTRO-*, COV-SPELL-*).

Her cards live in `Covenant.spells` (the hand), `Covenant.prepared` (face up this month)
and `Covenant.invocations` (set aside until Exalted). As each month starts she prepares as
many cards as the month's number; on her own turn she may cast each prepared card once
(`cast SPELL [TARGET...]`), which is not an action; the card goes back to her hand. At the
month's end the uncast ones go back too.

A cast is only legal when it would do something (COV-ASTRO-10), so every card lists its
targets here, and a card with nothing to act on offers no `cast` action at all.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from towerplay.core.errors import IllegalAction
from towerplay.core.narration import Event, event
from towerplay.core.notation import Action
from towerplay.core.rng import draws
from towerplay.rtdt import records as rec
from towerplay.rtdt import tower
from towerplay.rtdt.covenant import doom, wastelands
from towerplay.rtdt.covenant.blessings import gain_blessing
from towerplay.rtdt.covenant.setup import blessings_free
from towerplay.rtdt.decks import put_under
from towerplay.rtdt.hooks import COVENANT, DecisionKind, decision
from towerplay.rtdt.hookspecs import (
    ANY_MOMENT_ACTIONS,
    FREE_VERBS,
    MONTH_ENDED,
    MONTH_STARTED,
    TURN_ENDING,
    decision_kind,
)
from towerplay.rtdt.rules.common import ask, has_flag
from towerplay.rtdt.rules.holdings import check_limits, draw_treasure, mid_action_advantages
from towerplay.rtdt.rules.narrate import hero_name, tell
from towerplay.rtdt.rules.tokens import foes_at, move_token, remove_token
from towerplay.rtdt.state import Decision, HeroState, State
from towerplay.rtdt.world import World

PROTECTION_TOKENS = 6  # COV-COMP-1
BOUNTY_LOOK = 3  # COV-SPELL-3
SMITABLE = ("savage", "lethal")  # COV-SPELL-8
AURA = "aura_of_friendship"  # the marker the lead's Reinforce reads in TurnState.used
BOUNTEOUS = "bounteous"  # once-a-turn marker in TurnState.used


# --- the month: preparing and returning (COV-ASTRO-3..5, -11, -13) -------------------------


@MONTH_STARTED.on_holders("prepare_spells", COVENANT)
def pious(w: World, s: State, h: HeroState) -> None:
    """Pious: after the month's quests appear and before the first turn, prepare as many
    cards as the month's number (COV-ASTRO-3, COV-ASTRO-4). Exalted brings the invocations
    into the hand first (COV-ASTRO-11). Runs for each hero with Pious (on_holders)."""
    cov = s.cov
    if cov is None:
        return
    hand = cov.spells[h.seat]
    if cov.invocations[h.seat] and has_flag(w, h, "prepare_invocations"):
        hand.extend(cov.invocations[h.seat])
        cov.invocations[h.seat] = []
        tell(
            s,
            "text",
            "{hero}'s invocations join her spells (Exalted).",
            seats=(h.seat,),
            hero=hero_name(w, h),
        )
    n = min(s.month, len(hand))
    if n:
        ask(s, Decision("prepare", h.seat, amount=n))


@MONTH_ENDED.on(COVENANT)
def month_end(w: World, s: State) -> None:
    """Prepared cards never carry over: the uncast ones go back to the hand (COV-ASTRO-13)."""
    cov = s.cov
    if cov is None:
        return
    for seat, prepared in enumerate(cov.prepared):
        if prepared:
            tell(
                s,
                "text",
                "{hero}'s uncast spells return to her hand.",
                seats=(s.heroes[seat].seat,),
                hero=hero_name(w, s.heroes[seat]),
            )
            cov.spells[seat].extend(prepared)
            cov.prepared[seat] = []


def end_of_turn(w: World, s: State) -> None:
    """Bounty of the Gods' item goes back at the end of the turn, whoever holds it, unless
    it is already gone (COV-SPELL-4)."""
    cov = s.cov
    if cov is None or not cov.borrowed:
        return
    active = s.heroes[s.turn.seat]
    for item in cov.borrowed:
        for o in [active, *s.heroes]:
            if item in o.quest_items:
                o.quest_items.remove(item)
                tell(
                    s,
                    "text",
                    "{item} returns to the quest item cards (Bounty of the Gods).",
                    item=w.name(item),
                )
                break
    cov.borrowed.clear()


# --- casting (COV-ASTRO-6..10, -12) ------------------------------------------------------------


@ANY_MOMENT_ACTIONS.on(COVENANT)
def cast_actions(w: World, s: State, h: HeroState) -> list[Action]:
    """`cast` actions open to the hero whose turn it is: each prepared card with its targets
    (COV-ASTRO-6); none that would do nothing (COV-ASTRO-10)."""
    cov = s.cov
    if cov is None or not cov.prepared[h.seat] or s.trade is not None:
        return []
    busy = s.battle is not None or s.delve is not None
    out: list[Action] = []
    for spell in cov.prepared[h.seat]:
        if busy and spell not in IN_ACTION:
            continue
        out.extend(rec.Cast(spell, *t) for t in targets(w, s, h, spell))
    return out


def targets(w: World, s: State, h: HeroState, spell: str) -> list[tuple[str, ...]]:
    """The target words of each way to cast `spell` now; empty when it would do nothing."""
    assert s.cov is not None
    found = SPELLS.get(spell)
    if found is None:
        raise ValueError(f"unknown spell {spell!r}")
    return found.targets(w, s, h)


@FREE_VERBS.on("cast", COVENANT)
def cast(w: World, s: State, h: HeroState, a: Action) -> None:
    """Resolve the card, return it to the hand (COV-ASTRO-7), then Zealous and Bounteous
    (COV-ASTRO-9); an invocation counts as a spell for them (COV-ASTRO-12). Not an action:
    the turn's step and heroic action are untouched (COV-ASTRO-8)."""
    cov = s.cov
    assert cov is not None and isinstance(a, rec.Cast)
    spell = a.spell
    cov.prepared[h.seat].remove(spell)
    cov.spells[h.seat].append(spell)
    tell(
        s,
        "text",
        "{hero} casts {spell}.",
        seats=(h.seat,),
        hero=hero_name(w, h),
        spell=w.name(spell),
    )
    SPELLS[spell].resolve(w, s, h, a[2:])
    for flag, then in AFTER_CAST.items():
        if w.holds(h, flag):
            then(w, s, h)


def _zealous(w: World, s: State, h: HeroState) -> None:
    gain_blessing(w, s, h, "Zealous")  # a blessing after each spell cast


def _bounteous(w: World, s: State, h: HeroState) -> None:
    if BOUNTEOUS not in s.turn.used:  # once a turn, the treasure deck's top card
        s.turn.used.append(BOUNTEOUS)
        draw_treasure(w, s, h)


# the virtues that act after each cast, by flag
AFTER_CAST: dict[str, Callable[[World, State, HeroState], None]] = {
    "blessing_on_cast": _zealous,
    "treasure_on_cast": _bounteous,
}


def _hero(s: State, hero: str) -> HeroState:
    return next(o for o in s.heroes if o.hero == hero)


def _soothe(w: World, s: State, o: HeroState, card: str) -> None:
    """Under the deck, then the top card in its place: a swap, not gaining a corruption
    (COV-SPELL-9, COV-SPELL-10), so no gain_corruption and nothing that listens to it."""
    o.corruptions.remove(card)
    put_under(s, "corruptions", card)
    new = s.corruption_deck.pop(0)
    o.corruptions.append(new)
    tell(
        s,
        "text",
        "The {hero} swaps {card} for {new} (Soothing Word).",
        seats=(o.seat,),
        hero=hero_name(w, o),
        card=w.name(card),
        new=w.name(new),
    )
    check_limits(w, s, o)


def bounty_pool(w: World, s: State) -> list[str]:
    """Quest item cards no hero holds (one entry per card)."""
    held = Counter(q for o in s.heroes for q in o.quest_items)
    return [q.id for q in w.content.quest_items.values() for _ in range(q.copies - held[q.id])]


def _bounty(w: World, s: State, h: HeroState) -> None:
    """Three quest item cards at random; she keeps one (COV-SPELL-3)."""
    pool = bounty_pool(w, s)
    with draws(s) as rng:
        rng.shuffle(pool)
    seen = tuple(pool[:BOUNTY_LOOK])
    # the log is public: it says how many she looks at, not which (observe shows her the three)
    tell(
        s,
        "text",
        "{hero} looks at {n} quest item cards.",
        seats=(h.seat,),
        hero=hero_name(w, h),
        n=len(seen),
    )
    tell(  # what she sees, for her eyes only
        s,
        "draw",
        "{hero} sees {cards}.",
        seats=(h.seat,),
        to=(h.seat,),
        hero=hero_name(w, h),
        cards=", ".join(w.name(q) for q in seen),
    )
    ask(s, Decision("bounty", h.seat, options=seen))


def _winds(w: World, s: State, h: HeroState, treasure: str) -> None:
    """One market treasure under the deck; the market refills from the top."""
    s.market.remove(treasure)
    put_under(s, "treasures", treasure)
    if s.treasure_deck:
        s.market.append(s.treasure_deck.pop(0))
    tell(
        s,
        "text",
        "{hero} sends {treasure} under the treasure deck.",
        seats=(h.seat,),
        hero=hero_name(w, h),
        treasure=w.name(treasure),
    )


def _abate(w: World, s: State, h: HeroState, seal: str) -> None:
    """Pull a seal, send what falls out to the supply, put the seal back. A doom skull
    never goes to the supply (COV-DOOM-4): one that falls is placed as usual (COV-DOOM-3)."""
    i = tower.seal_index(seal)
    with draws(s) as rng:
        fallen = doom.mark(s, rng, tower.remove_seal(s.tower, rng, i))
    tower.replace_seal(s.tower, i)
    to_supply = sum(1 for k in fallen if not doom.is_doom(k))
    s.supply += to_supply
    s.emerged.extend(k for k in fallen if doom.is_doom(k))
    tell(
        s,
        "skulls",
        "{hero} lifts the seal {seal}: {n} skull(s) fall out; {to_supply} return to the supply. The seal is set back.",
        seats=(h.seat,),
        hero=hero_name(w, h),
        seal=seal,
        n=len(fallen),
        to_supply=to_supply,
    )


# --- each spell: its targets, what it does, whether it may interrupt a Battle or delve ---


@dataclass(frozen=True, slots=True)
class Spell:
    """A spell card's engine side: the target words of each legal cast (none when the cast
    would do nothing, COV-ASTRO-10), what a cast does with them, and whether it may be cast
    in the middle of a Battle or a delve (none that touches the foe being fought, moves the
    hero or needs a Reinforce may)."""

    targets: Callable[[World, State, HeroState], list[tuple[str, ...]]]
    resolve: Callable[[World, State, HeroState, tuple[str, ...]], None]
    in_action: bool


def _soothing_targets(w: World, s: State, h: HeroState) -> list[tuple[str, ...]]:
    if not s.corruption_deck:  # COV-SPELL-9: a swap needs another card in the deck
        return []
    here = [o for o in s.heroes if o.space == h.space and not o.eliminated]
    return [(o.hero, c) for o in here for c in dict.fromkeys(o.corruptions)]


def _soothing(w: World, s: State, h: HeroState, args: tuple[str, ...]) -> None:
    _soothe(w, s, _hero(s, args[0]), args[1])


def _warding_targets(w: World, s: State, h: HeroState) -> list[tuple[str, ...]]:
    assert s.cov is not None  # COV-SPELL-5; six tokens in the box (COV-COMP-1)
    return [()] if len(s.cov.protections) < PROTECTION_TOKENS else []


def _warding(w: World, s: State, h: HeroState, args: tuple[str, ...]) -> None:
    assert s.cov is not None
    s.cov.protections.append(h.space)  # COV-SPELL-5
    tell(s, "text", "A protection token guards {space}.", space=w.board.names[h.space])


def _bestow_targets(w: World, s: State, h: HeroState) -> list[tuple[str, ...]]:
    if blessings_free(w, s) <= 0:  # COV-BLESS-6: none when the supply is empty
        return []
    return [(o.hero,) for o in s.heroes if not o.eliminated]


def _bestow(w: World, s: State, h: HeroState, args: tuple[str, ...]) -> None:
    gain_blessing(w, s, _hero(s, args[0]), "Bestow Blessing")


def _bounty_targets(w: World, s: State, h: HeroState) -> list[tuple[str, ...]]:
    return [()] if bounty_pool(w, s) else []


def _bounty_cast(w: World, s: State, h: HeroState, args: tuple[str, ...]) -> None:
    _bounty(w, s, h)


def _aura_targets(w: World, s: State, h: HeroState) -> list[tuple[str, ...]]:
    # COV-SPELL-1: for a Reinforce still to come this turn
    return [()] if AURA not in s.turn.used and s.turn.reinforces == 0 else []


def _aura(w: World, s: State, h: HeroState, args: tuple[str, ...]) -> None:
    s.turn.used.append(AURA)  # COV-SPELL-1: the Reinforce reads this marker


def _winds_targets(w: World, s: State, h: HeroState) -> list[tuple[str, ...]]:
    return [(t,) for t in s.market] if s.treasure_deck else []


def _winds_cast(w: World, s: State, h: HeroState, args: tuple[str, ...]) -> None:
    _winds(w, s, h, args[0])
    ask(s, Decision("winds", h.seat, options=(args[0],)))


def _smite_targets(w: World, s: State, h: HeroState) -> list[tuple[str, ...]]:
    # COV-SPELL-8: a savage or lethal foe
    return [(f, sp) for f, sp in dict.fromkeys(s.foes) if s.foe_status.get(f) in SMITABLE]


def _smite(w: World, s: State, h: HeroState, args: tuple[str, ...]) -> None:
    remove_token(w, s, args[0], args[1])  # COV-SPELL-8: the app is told as well


def _jaunt_targets(w: World, s: State, h: HeroState) -> list[tuple[str, ...]]:
    if wastelands.stuck(s, h):  # COV-WASTE-4: no effect may take her off the space
        return []
    return [(sp,) for sp in dict.fromkeys(q.space for q in s.quests) if sp != h.space]


def _jaunt(w: World, s: State, h: HeroState, args: tuple[str, ...]) -> None:
    h.space = args[0]
    tell(
        s,
        "move",
        "{hero} steps through the stars to {space}.",
        seats=(h.seat,),
        hero=hero_name(w, h),
        space=w.board.names[args[0]],
    )
    wastelands.enter(w, s, h)


def _abate_targets(w: World, s: State, h: HeroState) -> list[tuple[str, ...]]:
    if s.tower.inside == 0:  # nothing can fall from an empty Tower
        return []
    return [(tower.seal_id(i),) for i in range(12) if s.tower.seals[i]]


def _abate_cast(w: World, s: State, h: HeroState, args: tuple[str, ...]) -> None:
    _abate(w, s, h, args[0])


def _rebuke_targets(w: World, s: State, h: HeroState) -> list[tuple[str, ...]]:
    foes = dict.fromkeys(foes_at(s, h.space))
    return [(f, sp) for f in foes for sp in w.board.spaces if sp != h.space]


def _rebuke(w: World, s: State, h: HeroState, args: tuple[str, ...]) -> None:
    move_token(w, s, args[0], h.space, args[1])
    tell(
        s,
        "move",
        "The {card} is driven to {space}.",
        card=w.name(args[0]),
        space=w.board.names[args[1]],
    )


SPELLS = {
    "soothing_word": Spell(_soothing_targets, _soothing, in_action=True),
    "ritual_of_warding": Spell(_warding_targets, _warding, in_action=True),
    "bestow_blessing": Spell(_bestow_targets, _bestow, in_action=True),
    "bounty_of_the_gods": Spell(_bounty_targets, _bounty_cast, in_action=True),
    AURA: Spell(_aura_targets, _aura, in_action=False),
    "winds_of_change": Spell(_winds_targets, _winds_cast, in_action=True),
    "smite_the_wicked": Spell(_smite_targets, _smite, in_action=False),
    "celestial_jaunt": Spell(_jaunt_targets, _jaunt, in_action=False),
    "abate_the_darkness": Spell(_abate_targets, _abate_cast, in_action=True),
    "commanding_rebuke": Spell(_rebuke_targets, _rebuke, in_action=False),
}
IN_ACTION = frozenset(spell for spell, sp in SPELLS.items() if sp.in_action)


# --- decisions: each kind's answers, how an answer applies, its words -----------------------


def _prepare_answers(w: World, s: State, d: Decision) -> list[Action]:
    assert s.cov is not None  # COV-ASTRO-5
    return [rec.Prepare(sp) for sp in s.cov.spells[d.seat]]


def _prepare(w: World, s: State, d: Decision, a: Action) -> None:
    assert isinstance(a, rec.Prepare)
    cov = s.cov
    assert cov is not None
    cov.spells[d.seat].remove(a.spell)
    cov.prepared[d.seat].append(a.spell)
    tell(
        s,
        "text",
        "{hero} prepares {card}.",
        seats=(s.heroes[d.seat].seat,),
        hero=hero_name(w, s.heroes[d.seat]),
        card=w.name(a.spell),
    )
    if d.amount > 1 and cov.spells[d.seat]:
        ask(s, Decision("prepare", d.seat, amount=d.amount - 1))


def _prepare_words(w: World, s: State, d: Decision) -> Event:
    who = hero_name(w, s.heroes[d.seat])
    return event(
        "text",
        "{hero}: prepare a spell for month {month} ({n} left to prepare).",
        hero=who,
        month=s.month,
        n=d.amount,
    )


def _bounty_answers(w: World, s: State, d: Decision) -> list[Action]:
    return [rec.Keep(q) for q in dict.fromkeys(d.options)]


def _bounty_keep(w: World, s: State, d: Decision, a: Action) -> None:
    assert isinstance(a, rec.Keep)
    assert s.cov is not None
    h = s.heroes[d.seat]
    h.quest_items.append(a.card)
    s.cov.borrowed.append(a.card)  # COV-SPELL-4: back at the end of the turn
    tell(
        s,
        "gain",
        "{hero} takes {card} until the end of the turn.",
        seats=(h.seat,),
        hero=hero_name(w, h),
        card=w.name(a.card),
    )
    mid_action_advantages(w, s, h, a.card)  # RTDT-ADV-7


def _bounty_words(w: World, s: State, d: Decision) -> Event:
    who = hero_name(w, s.heroes[d.seat])
    return event(
        "text",
        "{hero}: Bounty of the Gods - keep one: {options}.",
        hero=who,
        options=", ".join(w.name(q) for q in d.options),
    )


def _winds_answers(w: World, s: State, d: Decision) -> list[Action]:
    out: list[Action] = [rec.Replace(t) for t in s.market if t not in d.options]
    return (out if s.treasure_deck else []) + [rec.Done()]


def _winds_again(w: World, s: State, d: Decision, a: Action) -> None:
    if not isinstance(a, rec.Replace):  # done
        return
    _winds(w, s, s.heroes[d.seat], a.card)
    ask(s, Decision("winds", d.seat, options=(*d.options, a.card)))


def _winds_words(w: World, s: State, d: Decision) -> Event:
    who = hero_name(w, s.heroes[d.seat])
    return event(
        "text",
        "{hero}: Winds of Change - send another market treasure under the deck, or done.",
        hero=who,
    )


# registered below (hooks.decision)
KINDS: dict[str, DecisionKind] = {
    "prepare": decision_kind(
        _prepare_answers, _prepare, _prepare_words, "prepare a spell from your hand", "COV-ASTRO-5"
    ),
    "bounty": decision_kind(
        _bounty_answers,
        _bounty_keep,
        _bounty_words,
        "keep one of the quest items you looked at",
        "COV-SPELL-3",
    ),
    "winds": decision_kind(
        _winds_answers,
        _winds_again,
        _winds_words,
        "send another market treasure under the deck, or done",
        "COV-ASTRO-7",
    ),
}
for _kind, _dk in KINDS.items():
    decision(_kind, COVENANT, _dk)


def why_not(w: World, s: State, a: Action) -> IllegalAction:
    """Why a `cast` is not legal now."""
    h = s.heroes[s.turn.seat]
    cov = s.cov
    spell = a[1] if len(a) > 1 else ""
    if cov is None or spell not in w.content.spells:
        return IllegalAction(
            "{action}: no such spell to cast", "COV-ASTRO-1", action=repr(" ".join(a))
        )
    if spell not in cov.prepared[h.seat]:
        return IllegalAction(
            "cast only a card prepared this month, once, on your own turn", "COV-ASTRO-6"
        )
    if (s.battle is not None or s.delve is not None) and spell not in IN_ACTION:
        return IllegalAction(
            "that spell cannot be cast in the middle of a Battle or a delve", "COV-ASTRO-6"
        )
    return IllegalAction(
        "that cast would have no effect now, or names a wrong target", "COV-ASTRO-10"
    )


# --- what this adds to the base rules (rtdt/hookspecs.py) ---------------------------------


@TURN_ENDING.on(COVENANT)
def _spells_turn_end(w: World, s: State, h: HeroState) -> None:
    end_of_turn(w, s)  # Bounty of the Gods' item goes back (COV-SPELL-4)
