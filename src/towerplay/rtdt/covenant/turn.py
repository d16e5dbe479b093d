"""Covenant's choices on a hero's turn: Build, Reinforce options of monuments and other
sources, and the decisions the monuments' enhanced options ask."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from towerplay.core.narration import Event, event
from towerplay.core.notation import Action, interned
from towerplay.rtdt import records as rec
from towerplay.rtdt.covenant import monuments
from towerplay.rtdt.covenant import reinforce as cr
from towerplay.rtdt.covenant.wastelands import enter, stuck
from towerplay.rtdt.hooks import COVENANT, DecisionKind, decision
from towerplay.rtdt.hookspecs import (
    REINFORCE_ACTIONS,
    REINFORCED,
    UNLIMITED_HEROIC,
    decision_kind,
)
from towerplay.rtdt.records import Build, Reinforce
from towerplay.rtdt.rules.common import HEROIC_SPIRIT, ask
from towerplay.rtdt.rules.corruption import remove_corruptions
from towerplay.rtdt.rules.effects import discard_item
from towerplay.rtdt.rules.narrate import Cause, hero_name, tell
from towerplay.rtdt.rules.reinforce import reinforce_cost
from towerplay.rtdt.rules.resources import gain, pay
from towerplay.rtdt.rules.verbs import (
    ADDED_VERBS,
    ONE_HEROIC,
    START_PENDING,
    Refusal,
    Turn,
    Verb,
    refusal,
)
from towerplay.rtdt.state import Decision, HeroState, State
from towerplay.rtdt.words import N_
from towerplay.rtdt.world import Profile, World

MOONSTONE = "moonstone_temple"  # kept in TurnState.used for the rest of the turn


def unlimited(s: State) -> bool:
    """The Moonstone Temple's enhanced Reinforce: Battle and Cleanse any number of times
    this turn (COV-CLARIFY-17)."""
    return MOONSTONE in s.turn.used


# --- Build: one verb, one place (rules/verbs.py) ----------------------------------------------

BUILD = Build()
NO_FOUNDATION = refusal(
    "Build needs a foundation with three offerings on your space", "COV-BUILD-1"
)


def build_bar(c: Turn) -> Refusal | None:
    """Why no Build now: the start step's effects first (RTDT-TURN-4); a heroic action taken
    this turn (RTDT-HEROIC-2); no foundation with three offerings here (COV-BUILD-1, -2)."""
    if c.t.start_pending:
        return START_PENDING
    if c.t.heroic_done:
        return ONE_HEROIC
    if monuments.buildable(c.s, c.h) is None:
        return NO_FOUNDATION
    return None


def offer_build(c: Turn, out: list[Action]) -> None:
    if build_bar(c) is None:
        out.append(BUILD)


def why_build(c: Turn, a: Build) -> Refusal | None:
    return build_bar(c)


def build(w: World, s: State, h: HeroState, a: Build = BUILD) -> None:
    monuments.build(w, s, h)  # COV-BUILD-4
    gain(w, s, h, "spirit", HEROIC_SPIRIT, N_("a heroic action"))  # COV-BUILD-3


BUILD_VERB = ADDED_VERBS.add(
    "build", COVENANT, Verb(Build, "build", "COV-BUILD-1", offer_build, why_build, build)
)


def _feasible(w: World, s: State, h: HeroState, source: str, which: str) -> bool:
    """An enhanced monument option is offered only when it can do something."""
    if which != "enhanced":
        return True
    opt = cr.option(w, s, h, source, which)
    if h.warriors < cr.option_warriors(opt):
        return False
    found = OPTIONS.get(cr.option_flag(opt))
    if found is not None and found.feasible is not None:
        return found.feasible(w, s, h)
    if any(e.op == "remove_foe" for e in opt.effects):  # the Nightmare Cage (COV-CLARIFY-18)
        return bool(s.foes)
    return True


_reinforce = interned(Reinforce)  # each option made once (core/notation.interned)


@REINFORCE_ACTIONS.on(COVENANT)
def reinforce_actions(w: World, s: State, h: HeroState, prof: Profile, glyph: int) -> list[Action]:
    """`reinforce free|enhanced` for the building here and `reinforce free|enhanced SOURCE`
    for far sources, each when affordable (and, for Reckless, after the haggle die)."""
    if cr.must_haggle(w, s, h):
        return []
    out: list[Action] = []
    sources = ([""] if h.space in s.skulls else []) + cr.far_sources(w, s, h)
    for source in sources:
        for which in ("free", "enhanced"):
            if h.spirit < reinforce_cost(w, s, h, which, prof, glyph, source):
                continue
            if not _feasible(w, s, h, source, which):
                continue
            out.append(_reinforce(which, source or None))
    return out


ENHANCED_OPTION = N_("the enhanced option of the")  # its warriors' cause, with the monument


@REINFORCED.on(COVENANT)
def monument_option(w: World, s: State, h: HeroState, source: str, which: str) -> None:
    """What a completed monument's enhanced option does beyond its effects list."""
    if which != "enhanced":
        return
    opt = cr.option(w, s, h, source, which)
    warriors = cr.option_warriors(opt)
    if warriors:
        pay(w, s, h, "warriors", warriors, Cause(ENHANCED_OPTION, w.name(source)))
    found = OPTIONS.get(cr.option_flag(opt))
    if found is not None:
        found.apply(w, s, h, source)


# --- the monuments' enhanced options that are engine code, by their flag -----------------


@dataclass(frozen=True, slots=True)
class MonumentRule:
    """Whether the option can do something now (None: as any option with its effects), and
    what it does once paid for."""

    feasible: Callable[[World, State, HeroState], bool] | None
    apply: Callable[[World, State, HeroState, str], None]


def _moonstone(w: World, s: State, h: HeroState, source: str) -> None:
    s.turn.used.append(MOONSTONE)  # COV-CLARIFY-17


def _cenotaph_feasible(w: World, s: State, h: HeroState) -> bool:
    return bool(h.inactive) and bool(foreign_virtues(w, s))


def _cenotaph(w: World, s: State, h: HeroState, source: str) -> None:
    ask(s, Decision("cenotaph_virtue", h.seat))  # COV-CLARIFY-7


def _oak_feasible(w: World, s: State, h: HeroState) -> bool:
    return bool(h.corruptions) and bool(_items(h))


def _oak(w: World, s: State, h: HeroState, source: str) -> None:
    ask(s, Decision("oak_item", h.seat))  # COV-CLARIFY-4


def _colossus_feasible(w: World, s: State, h: HeroState) -> bool:
    return not stuck(s, h) and bool(colossus_targets(w, s))  # COV-WASTE-4: not out of one


def _colossus(w: World, s: State, h: HeroState, source: str) -> None:
    ask(s, Decision("colossus_move", h.seat, target=source or h.space))  # COV-CLARIFY-10


OPTIONS = {
    "unlimited_battle_cleanse": MonumentRule(None, _moonstone),
    "foreign_virtue": MonumentRule(_cenotaph_feasible, _cenotaph),
    "items_for_corruptions": MonumentRule(_oak_feasible, _oak),
    "move_monument": MonumentRule(_colossus_feasible, _colossus),
}


def colossus_targets(w: World, s: State) -> list[str]:
    """Spaces without a building (nor a foundation) where the Colossus may go."""
    foundations = {x.space for x in s.cov.sites} if s.cov is not None else set()
    return [sp for sp in w.board.spaces if sp not in s.skulls and sp not in foundations]


def move_colossus(w: World, s: State, h: HeroState, dst: str) -> None:
    """The Colossus and the hero go to `dst` together; its skulls, doom skulls included,
    go with it (COV-CLARIFY-10)."""
    assert s.cov is not None
    x = next(x for x in s.cov.sites if x.monument == "colossus_of_bjorn" and x.status == "built")
    src = x.space
    s.skulls[dst] = s.skulls.pop(src)
    if src in s.cov.doom:
        s.cov.doom[dst] = s.cov.doom.pop(src)
    x.space = dst
    h.space = dst
    tell(
        s,
        "text",
        "The {monument} strides from {space} to {to_space}, carrying {hero}.",
        seats=(h.seat,),
        monument=w.name(x.monument),
        space=w.board.names[src],
        to_space=w.board.names[dst],
        hero=hero_name(w, h),
    )
    enter(w, s, h)


def foreign_virtues(w: World, s: State) -> list[str]:
    """Virtue tiles of heroes not in the game (COV-CLARIFY-7). One that refers to what the
    hero lacks (invocations, battlements) simply finds nothing to act on (COV-CLARIFY-8)."""
    playing = {h.hero for h in s.heroes}
    taken = {v for h in s.heroes for v in h.virtues + h.inactive}
    return [
        v.id
        for hero in w.content.heroes.values()
        if hero.id not in playing
        for v in hero.unlockable_virtues
        if v.id not in taken
    ]


def _items(h: HeroState) -> list[str]:
    return list(dict.fromkeys(h.potions + h.gear + h.treasures + h.quest_items))


# --- the monuments' decisions: each kind's answers, how an answer applies, its words ---------


def _who(w: World, s: State, d: Decision) -> str:
    return hero_name(w, s.heroes[d.seat])


def _cenotaph_virtue_answers(w: World, s: State, d: Decision) -> list[Action]:
    return [rec.Take(v) for v in foreign_virtues(w, s)]


def _cenotaph_virtue(w: World, s: State, d: Decision, a: Action) -> None:
    assert isinstance(a, rec.Take)
    ask(s, Decision("cenotaph_drop", d.seat, target=a.what))


def _cenotaph_virtue_words(w: World, s: State, d: Decision) -> Event:
    return event(
        "text",
        "{hero}: Cenotaph - take the virtue tile of a hero not in the game, active.",
        hero=_who(w, s, d),
    )


def _cenotaph_drop_answers(w: World, s: State, d: Decision) -> list[Action]:
    return [rec.Drop(v) for v in s.heroes[d.seat].inactive]


def _cenotaph_drop(w: World, s: State, d: Decision, a: Action) -> None:
    assert isinstance(a, rec.Drop)
    h = s.heroes[d.seat]
    h.inactive.remove(a.virtue)  # out of the game
    h.virtues.append(d.target)  # active at once (COV-CLARIFY-7)
    tell(
        s,
        "gain",
        "{hero} sets {card} aside for good and takes {target}, active.",
        seats=(h.seat,),
        hero=hero_name(w, h),
        card=w.name(a.virtue),
        target=w.name(d.target),
    )


def _cenotaph_drop_words(w: World, s: State, d: Decision) -> Event:
    return event(
        "text",
        "{hero}: choose one of your inactive virtues to set aside for {virtue}.",
        hero=_who(w, s, d),
        virtue=w.name(d.target),
    )


def _oak_item_answers(w: World, s: State, d: Decision) -> list[Action]:
    h = s.heroes[d.seat]
    out: list[Action] = [rec.Spend(i) for i in _items(h)] if h.corruptions else []
    return [*out, rec.Stop()]


def _oak_item(w: World, s: State, d: Decision, a: Action) -> None:
    if not isinstance(a, rec.Spend):  # stop
        return
    h = s.heroes[d.seat]  # one item for one corruption
    if a.card in h.quest_items:
        h.quest_items.remove(a.card)
        tell(
            s,
            "loss",
            "{hero} gives up {card}.",
            seats=(h.seat,),
            hero=hero_name(w, h),
            card=w.name(a.card),
        )
    else:
        discard_item(w, s, h, a.card)
    remove_corruptions(w, s, h, 1)
    if h.corruptions and _items(h):
        ask(s, Decision("oak_item", h.seat))


def _oak_item_words(w: World, s: State, d: Decision) -> Event:
    return event(
        "text",
        "{hero}: Argent Oak - spend an item to return one corruption, or stop.",
        hero=_who(w, s, d),
    )


def _colossus_move_answers(w: World, s: State, d: Decision) -> list[Action]:
    return [rec.Go(sp) for sp in colossus_targets(w, s)]


def _colossus_move(w: World, s: State, d: Decision, a: Action) -> None:
    assert isinstance(a, rec.Go)
    move_colossus(w, s, s.heroes[d.seat], a.space)


def _colossus_move_words(w: World, s: State, d: Decision) -> Event:
    return event(
        "text",
        "{hero}: choose the space without a building the Colossus carries you to.",
        hero=_who(w, s, d),
    )


# registered below (hooks.decision)
KINDS: dict[str, DecisionKind] = {
    "cenotaph_virtue": decision_kind(
        _cenotaph_virtue_answers,
        _cenotaph_virtue,
        _cenotaph_virtue_words,
        "choose the virtue tile of a hero not in the game",
        "COV-CLARIFY-7",
    ),
    "cenotaph_drop": decision_kind(
        _cenotaph_drop_answers,
        _cenotaph_drop,
        _cenotaph_drop_words,
        "choose the inactive virtue that leaves the game",
        "COV-CLARIFY-7",
    ),
    "oak_item": decision_kind(
        _oak_item_answers,
        _oak_item,
        _oak_item_words,
        "spend an item to return a corruption, or stop",
        "COV-CLARIFY-4",
    ),
    "colossus_move": decision_kind(
        _colossus_move_answers,
        _colossus_move,
        _colossus_move_words,
        "choose the space without a building the Colossus goes to",
        "COV-CLARIFY-10",
    ),
}
for _kind, _dk in KINDS.items():
    decision(_kind, COVENANT, _dk)


# --- what this adds to the base rules (rtdt/hookspecs.py) ---------------------------------


@UNLIMITED_HEROIC.on(COVENANT)
def _unlimited(w: World, s: State) -> bool:
    return unlimited(s)  # COV-CLARIFY-17
