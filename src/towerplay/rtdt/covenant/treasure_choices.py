"""The Covenant treasures that offer their holder a choice when something happens, each with
the event that asks it and its decision kind (answers, how an answer applies, its words):

  Haunted Recluse's Effigy  after a Cleanse        effigy: spend | stop
  Relic Hunter's Flagon     drawing a potion       flagon: keep POTION
  Azkol's Chakram           a level 3-4 foe falls  chakram: return CORRUPTION | bless HERO | stop
  Archwright's Sledge       a quest completed      sledge: offer SPACE | stop
  Beacon Stone              the turn ends          beacon: go SPACE | stop
  The Iron Wall             an event costs 10+     iron_wall: raise | stop
                            warriors (a strike, the Tower acts, a failed adversary quest)

Each registers its handlers and its decision kinds here.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import TypeAdapter

from towerplay.core.narration import Event, event
from towerplay.core.notation import Action
from towerplay.rtdt import records as rec
from towerplay.rtdt.covenant import blessings, monuments, wastelands
from towerplay.rtdt.covenant.cards import LOSS_OPS, amount, first, spend_treasure, warrior_loss
from towerplay.rtdt.decks import put_under
from towerplay.rtdt.hooks import COVENANT, DecisionKind, Handler, decision
from towerplay.rtdt.hookspecs import (
    AFTER_CLEANSE,
    DRAW_POTION,
    FOE_DEFEATED,
    QUEST_COMPLETED,
    STRIKE_EFFECTS,
    TURN_ENDING,
    decision_kind,
)
from towerplay.rtdt.models import Effect
from towerplay.rtdt.rules.battle import card_question_answered
from towerplay.rtdt.rules.common import ask
from towerplay.rtdt.rules.effects import run
from towerplay.rtdt.rules.holdings import check_limits
from towerplay.rtdt.rules.movement import may_enter
from towerplay.rtdt.rules.narrate import hero_name, struck_by, tell
from towerplay.rtdt.rules.skulls import regular_skulls, remove_skulls
from towerplay.rtdt.state import Decision, HeroState, State
from towerplay.rtdt.world import World

CHAKRAM_LEVELS = (3, 4)  # the card's text (the public one has a typo)
STOP = rec.Stop()


def _words(text: str) -> Handler:
    """The words of a treasure's question: `{hero}: {card} - text` (the text a message of its
    own, marked by `_words`)."""

    def words(w: World, s: State, d: Decision) -> Event:
        return event(
            "text",
            "{hero}: {card} - {question}",
            hero=hero_name(w, s.heroes[d.seat]),
            card=w.name(d.target),
            question=text,
        )

    return words


# --- Haunted Recluse's Effigy ---------------------------------------------------------------


@AFTER_CLEANSE.on_flag("cleanse_clears_kingdom", COVENANT)
def after_cleanse(w: World, s: State, h: HeroState) -> None:
    """After a Cleanse, the Effigy may be spent to clear every skull in the kingdom the hero
    is in (the public text: "current kingdom")."""
    if s.cov is None:
        return
    card = first(w, h, "cleanse_clears_kingdom")
    if card is not None and _kingdom_skulls(w, s, h):
        ask(s, Decision("effigy", h.seat, target=card))


def _kingdom_skulls(w: World, s: State, h: HeroState) -> list[str]:
    """Buildings of the hero's current kingdom with skulls effects may remove."""
    here = w.board.kingdom_of[h.space]
    return [sp for sp in w.board.kingdom_buildings[here] if regular_skulls(s, sp) > 0]


def _effigy_answers(w: World, s: State, d: Decision) -> list[Action]:
    return [rec.SpendIt(), STOP]


def _effigy(w: World, s: State, d: Decision, a: Action) -> None:
    if not isinstance(a, rec.SpendIt):  # stop
        return
    h = s.heroes[d.seat]
    spaces = _kingdom_skulls(w, s, h)
    spend_treasure(w, s, h, d.target)
    n = sum(remove_skulls(w, s, sp, s.skulls[sp]) for sp in spaces)  # COV-DOOM-4
    tell(
        s,
        "skulls",
        "{hero} clears {n} skull(s) from the {kingdom}.",
        seats=(h.seat,),
        amounts=(("skulls", -n),),
        hero=hero_name(w, h),
        n=n,
        kingdom=w.board.kingdom_of[h.space],
    )


# --- Relic Hunter's Flagon ------------------------------------------------------------------


@DRAW_POTION.on_flag("potion_pick", COVENANT)
def pick_potion(w: World, s: State, h: HeroState) -> bool:
    """Instead of the top potion, choose one of the top four; the others go under the deck.
    True when the choice is asked (the cards stay in the deck, on top, until it is
    answered)."""
    if s.cov is None:
        return False
    card = first(w, h, "potion_pick")
    if card is None or len(s.potion_deck) < 2:
        return False
    ask(s, Decision("flagon", h.seat, amount=amount(w, card, "potion_pick"), target=card))
    return True


def _flagon_answers(w: World, s: State, d: Decision) -> list[Action]:
    return [rec.Keep(p) for p in dict.fromkeys(s.potion_deck[: d.amount])]


def _flagon(w: World, s: State, d: Decision, a: Action) -> None:
    assert isinstance(a, rec.Keep)
    h = s.heroes[d.seat]
    top = s.potion_deck[: d.amount]
    del s.potion_deck[: d.amount]
    top.remove(a.card)
    h.potions.append(a.card)
    for p in top:  # the rest under the deck, in order, seen by this seat alone
        put_under(s, "potions", p, seen_by=h.seat)
    tell(
        s,
        "text",
        "{hero} picks {card} with {target}.",
        seats=(h.seat,),
        hero=hero_name(w, h),
        card=w.name(a.card),
        target=w.name(d.target),
    )
    check_limits(w, s, h)


# --- Azkol's Chakram -------------------------------------------------------------------------


def foe_defeated(w: World, s: State, h: HeroState, foe: str) -> None:
    """Defeating a level 3 or 4 foe in Battle."""
    if s.cov is None or foe not in w.content.foes:
        return
    card = first(w, h, "chakram_reward")
    if card is None or w.content.foes[foe].level not in CHAKRAM_LEVELS:
        return
    d = Decision("chakram", h.seat, target=card)
    if len(_chakram_answers(w, s, d)) > 1:
        ask(s, d)


def _chakram_answers(w: World, s: State, d: Decision) -> list[Action]:
    h = s.heroes[d.seat]
    out: list[Action] = [rec.Return(c) for c in dict.fromkeys(h.corruptions)]
    out += [rec.BlessHero(o.hero) for o in s.heroes if o.seat != h.seat and not o.eliminated]
    return out + [STOP]


def _chakram(w: World, s: State, d: Decision, a: Action) -> None:
    h = s.heroes[d.seat]
    if isinstance(a, rec.Return):
        h.corruptions.remove(a.card)
        put_under(s, "corruptions", a.card)  # RTDT-CORR-10
        tell(
            s,
            "corruption",
            "{hero} returns the corruption {card} ({target}).",
            seats=(h.seat,),
            amounts=(("corruptions", -1),),
            hero=hero_name(w, h),
            card=w.name(a.card),
            target=w.name(d.target),
        )
        return
    if not isinstance(a, rec.BlessHero):  # stop
        return
    other = next(o for o in s.heroes if o.hero == a.hero)
    blessings.gain_blessing(w, s, other, w.name(d.target))


# --- Archwright's Sledge ---------------------------------------------------------------------


@QUEST_COMPLETED.on_flag("quest_offering", COVENANT)
def quest_completed(w: World, s: State, h: HeroState) -> None:
    """Completing a quest (its last stage) lets the hero put an offering on any foundation
    (COV-OFFER-2, COV-OFFER-3)."""
    if s.cov is None:
        return
    card = first(w, h, "quest_offering")
    if card is not None and _open_foundations(s):
        ask(s, Decision("sledge", h.seat, target=card))


def _open_foundations(s: State) -> list[str]:
    assert s.cov is not None
    return [
        x.space
        for x in s.cov.sites
        if x.status == "foundation" and x.offerings < monuments.MAX_OFFERINGS
    ]


def _sledge_answers(w: World, s: State, d: Decision) -> list[Action]:
    return [*(rec.OfferAt(sp) for sp in _open_foundations(s)), STOP]


def _sledge(w: World, s: State, d: Decision, a: Action) -> None:
    if not isinstance(a, rec.OfferAt):  # stop
        return
    site = monuments.site_at(s, a.space)
    assert site is not None
    monuments.add_offering(w, s, site, w.name(d.target))


# --- Beacon Stone ------------------------------------------------------------------------------


@TURN_ENDING.on_flag("home_relocate_from_building", COVENANT)
def beacon_offered(w: World, s: State, h: HeroState) -> None:
    """As the turn ends on a building's space, the Beacon Stone offers the way home."""
    if s.cov is None:
        return
    card = first(w, h, "home_relocate_from_building")
    if card is not None and h.space in s.skulls and not wastelands.stuck(s, h):
        d = Decision("beacon", h.seat, target=card)
        if len(_beacon_answers(w, s, d)) > 1:
            ask(s, d)


def _beacon_answers(w: World, s: State, d: Decision) -> list[Action]:
    h = s.heroes[d.seat]
    home = w.board.kingdom_spaces[h.kingdom]
    return [*(rec.Go(sp) for sp in home if sp != h.space and may_enter(w, s, h, sp)), STOP]


def _beacon(w: World, s: State, d: Decision, a: Action) -> None:
    if not isinstance(a, rec.Go):  # stop
        return
    h = s.heroes[d.seat]
    h.space = a.space
    tell(
        s,
        "text",
        "{hero} follows {target} home to {space}.",
        seats=(h.seat,),
        hero=hero_name(w, h),
        target=w.name(d.target),
        space=w.board.names[a.space],
    )
    wastelands.enter(w, s, h)


# --- The Iron Wall ----------------------------------------------------------------------------

EFFECT = TypeAdapter(Effect)  # the held-back losses, kept in the question as JSON (saves)


@STRIKE_EFFECTS.on_flag("ignore_big_loss", COVENANT)
def iron_wall_event(
    w: World, s: State, h: HeroState, effects: Sequence[Effect], mult: int, who: str
) -> Sequence[Effect]:
    """An event that would cost the holder 10 or more warriors (a foe's strike, the Tower
    acts, a failed adversary quest): the holder is asked (COV-CARD-2, COV-CARD-3). Its
    losses wait in the question; the rest of the event happens now."""
    card = first(w, h, "ignore_big_loss") if s.cov is not None else None
    if card is None or card not in h.treasures:
        return effects
    if warrior_loss(w, s, h, effects, mult) < amount(w, card, "ignore_big_loss"):
        return effects
    losses = tuple(EFFECT.dump_json(e).decode() for e in effects if e.op in LOSS_OPS)
    ask(s, Decision("iron_wall", h.seat, amount=mult, target=card, context=who, options=losses))
    return [e for e in effects if e.op not in LOSS_OPS]


def _held_back(d: Decision) -> list[Effect]:
    return [EFFECT.validate_json(x) for x in d.options]


def _iron_wall_answers(w: World, s: State, d: Decision) -> list[Action]:
    return [rec.Raise(), STOP]


def _iron_wall(w: World, s: State, d: Decision, a: Action) -> None:
    h = s.heroes[d.seat]
    b = s.battle if s.turn.seat == d.seat else None  # a battle card's Tower act (COV-CARD-4)
    if isinstance(a, rec.Raise):
        spend_treasure(w, s, h, d.target)
        tell(
            s,
            "text",
            "{hero} raises {card}: the event's losses are ignored.",
            seats=(h.seat,),
            hero=hero_name(w, h),
            card=w.name(d.target),
        )
    else:
        quest = w.content.quests.get(d.context)
        why = quest.name if quest is not None else struck_by(w, d.context)
        run(w, s, h, _held_back(d), why, d.amount)  # kept: the losses, as the event said
    card_question_answered(w, s, b)  # COV-CARD-4: the card whose Tower act asked ends now


def _iron_wall_words(w: World, s: State, d: Decision) -> Event:
    n = warrior_loss(w, s, s.heroes[d.seat], _held_back(d), d.amount)
    return event(
        "text",
        "{hero}: {item} - raise it to ignore this event's losses ({n} warriors and the rest), "
        "or stop and take them.",
        hero=hero_name(w, s.heroes[d.seat]),
        item=w.name(d.target),
        n=n,
    )


# registered below (hooks.decision)
KINDS: dict[str, DecisionKind] = {
    "effigy": decision_kind(
        _effigy_answers,
        _effigy,
        _words("spend the Effigy to clear every skull in this kingdom, or stop."),
        "spend the Effigy to clear your kingdom's skulls, or stop",
        "RTDT-RES-2",
    ),
    "flagon": decision_kind(
        _flagon_answers,
        _flagon,
        _words("keep one of the top potions; the rest go under the deck."),
        "keep one of the potions on top of the deck",
        "RTDT-ITEM-5",
    ),
    "chakram": decision_kind(
        _chakram_answers,
        _chakram,
        _words("return one of your corruptions or bless another hero, or stop."),
        "return a corruption or bless another hero, or stop",
        "RTDT-CORR-10",
    ),
    "sledge": decision_kind(
        _sledge_answers,
        _sledge,
        _words("lay an offering on a foundation, or stop."),
        "lay an offering on a foundation, or stop",
        "COV-OFFER-2",
    ),
    "beacon": decision_kind(
        _beacon_answers,
        _beacon,
        _words("go to a space of your home kingdom, or stop."),
        "go to a space of your home kingdom, or stop",
        "RTDT-RES-2",
    ),
    "iron_wall": decision_kind(
        _iron_wall_answers,
        _iron_wall,
        _iron_wall_words,
        "raise The Iron Wall against this event's losses, or stop",
        "COV-CARD-2",
    ),
}
for _kind, _dk in KINDS.items():
    decision(_kind, COVENANT, _dk)


# --- what this adds to the base rules (rtdt/hookspecs.py) ---------------------------------


@FOE_DEFEATED.on_flag("chakram_reward", COVENANT)
def _chakram_offered(w: World, s: State, h: HeroState, foe: str, space: str) -> None:
    foe_defeated(w, s, h, foe)  # Azkol's Chakram
