"""Competitive mode: heroic trials, the Tower's dungeon and the relic, elimination
(docs/rules/competitive.md, CMP-*).

The cooperative rules still run underneath; this module adds what changes: each hero
races to complete three trials, enter the Tower's dungeon and find the relic, and a
hero who would lose the cooperative game is eliminated instead.
"""

from __future__ import annotations

from towerplay.core.narration import Event, event
from towerplay.core.notation import Action
from towerplay.core.protocol import Result
from towerplay.core.rng import Rng, draws
from towerplay.rtdt import hooks, tower
from towerplay.rtdt import records as rec
from towerplay.rtdt.hooks import COMPETITIVE
from towerplay.rtdt.hookspecs import (
    ADVANCING,
    POTIONS_OUT,
    QUEST_ACTIONS,
    TARGET_ROOM,
    WOULD_LOSE,
    decision_kind,
)
from towerplay.rtdt.records import Explore, Trial
from towerplay.rtdt.rules import advantages
from towerplay.rtdt.rules.common import HEROIC_SPIRIT, ask, glyph_cost
from towerplay.rtdt.rules.effects import discard_item, held
from towerplay.rtdt.rules.holdings import check_limits
from towerplay.rtdt.rules.narrate import Cause, hero_name, tell
from towerplay.rtdt.rules.quests import quest_bar
from towerplay.rtdt.rules.resources import gain, pay
from towerplay.rtdt.rules.skulls import tell_emerged
from towerplay.rtdt.rules.verbs import ADDED_VERBS, Refusal, Turn, Verb, glyph_price, refusal
from towerplay.rtdt.state import Decision, Dungeon, HeroState, State
from towerplay.rtdt.words import N_
from towerplay.rtdt.world import World

TRIAL_TYPES = ("valor", "prowess", "compassion", "sacrifice")
TRIALS_NEEDED = 3  # CMP-GOAL-2
TOWER = "tower"  # the key of the Tower's dungeon among the dungeons


def competitive(s: State) -> bool:
    return s.config.mode == "competitive"


def setup(w: World, s: State, rng: Rng) -> None:
    """Four face-down trials, one of each type, and an Amulet of Hope for every hero
    (CMP-SETUP-1, CMP-SETUP-2); the Tower's dungeon with its hidden relic room."""
    by_type = {t: [x.id for x in w.content.trials.values() if x.type == t] for t in TRIAL_TYPES}
    for pool in by_type.values():
        rng.shuffle(pool)
    for h in s.heroes:
        h.trials = [by_type[t].pop() for t in TRIAL_TYPES]
        h.quest_items.append("amulet_of_hope")
        tell(  # CMP-SETUP-1: face down, so the trials are named to their hero only
            s,
            "draw",
            "Setup - the {hero} is dealt the heroic trials {trials}.",
            seats=(h.seat,),
            to=(h.seat,),
            hero=hero_name(w, h),
            trials=", ".join(w.content.trials[t].name for t in h.trials),
        )
    comp = w.content.competitive
    rooms = [r.id for r in comp.tower_rooms]
    rng.shuffle(rooms)
    n = comp.tower_rooms_per_delve
    s.dungeons[TOWER] = Dungeon(TOWER, rooms[:n], [False] * n, 2 + rng.below(n - 2))  # CMP-HIDDEN-3


# --- trials ---------------------------------------------------------------------------


TRIAL_NEEDS = {  # what a trial lacks, one template a resource (the catalog words each)
    "warriors": N_("this trial needs {need} warriors, you have {have}"),
    "spirit": N_("this trial needs {need} spirit, you have {have}"),
    "potions": N_("this trial needs {need} potions, you have {have}"),
    "gear": N_("this trial needs {need} gear, you have {have}"),
    "treasures": N_("this trial needs {need} treasures, you have {have}"),
    "virtues": N_("this trial needs {need} virtues, you have {have}"),
}


def trial_shortfall(w: World, s: State, h: HeroState, trial: str) -> Refusal | None:
    """Why the hero cannot complete this trial now, with the numbers, or None (CMP-TRIAL-1..3):
    the one predicate the trial's offer and its refusal ask."""
    t = w.content.trials.get(trial)
    if t is None:
        return refusal("{trial}: there is no such heroic trial", "CMP-TRIAL-3", trial=trial)
    if trial in h.trials_done:
        return refusal("you completed {trial} already", "CMP-TRIAL-3", trial=t.name)
    if trial not in h.trials:  # CMP-TRIAL-3: only the hero's own trials
        return refusal("{trial} is not one of your trials", "CMP-TRIAL-3", trial=t.name)
    if h.space != t.space:  # CMP-TRIAL-1: on the space the trial names
        return refusal(
            "{trial} is completed at {space}; you are at {here}",
            "CMP-TRIAL-1",
            trial=t.name,
            space=w.board.names[t.space],
            here=w.board.names[h.space],
        )
    nd = t.needs  # CMP-TRIAL-2: holding what the trial asks
    for what, need, have in (
        ("warriors", nd.warriors, h.warriors),
        ("spirit", nd.spirit, h.spirit),
        ("potions", max(nd.potions, nd.carry_potions), len(h.potions)),
        ("gear", max(nd.gear, nd.carry_gear), len(h.gear)),
        ("treasures", max(nd.treasures, nd.carry_treasures), len(h.treasures)),
        ("virtues", nd.virtues, len(h.virtues)),
    ):
        if have < need:
            return refusal(TRIAL_NEEDS[what], "CMP-TRIAL-2", need=need, have=have)
    if nd.corruptions_at_most is not None and len(h.corruptions) > nd.corruptions_at_most:
        return refusal(
            "this trial allows at most {most} corruptions, you have {have}",
            "CMP-TRIAL-2",
            most=nd.corruptions_at_most,
            have=len(h.corruptions),
        )
    if not nd.advantages_met(advantages.automatic(w, s, h, battling=False)):
        return refusal(
            "this trial needs {n} advantages {kind}; yours do not meet it",
            "CMP-TRIAL-2",
            n=nd.advantages,
            kind={"distinct": N_("all different"), "same": N_("all of one type")}.get(
                nd.advantage_rule, nd.advantage_type or N_("of any type")
            ),
        )
    return None


def offer_trial(c: Turn, out: list[Action]) -> None:
    """`trial TRIAL` for each of the hero's trials they can complete now: a Quest action
    (CMP-TRIAL-7), so none while the Quest glyph's spirit or the heroic action is missing."""
    if quest_bar(c) is None:
        out.extend(_met(c.w, c.s, c.h))


def _met(w: World, s: State, h: HeroState) -> list[Action]:
    """`trial TRIAL` for each trial the hero can complete now (the Quest action aside)."""
    return [Trial(t) for t in _here(w, h) if trial_shortfall(w, s, h, t) is None]


def _here(w: World, h: HeroState) -> list[str]:
    """The hero's trials whose space they stand on: the one fact `trial_shortfall` refuses
    most trials by, read first without making its refusal (a hot path: every turn step)."""
    trials = w.content.trials
    return [t for t in h.trials if trials[t].space == h.space]


def why_trial(c: Turn, a: Trial) -> Refusal | None:
    return quest_bar(c) or trial_shortfall(c.w, c.s, c.h, a.trial)


def apply_trial(w: World, s: State, h: HeroState, a: Trial) -> None:
    """`trial TRIAL`: a Quest action (CMP-TRIAL-1), paying the quest glyph's spirit."""
    pay(w, s, h, "spirit", glyph_cost(w, s, h, "quest"), N_("the Quest glyph"))
    complete_trial(w, s, h, a.trial)


def _trials(c: Turn) -> list[Trial]:
    return [Trial(t) for t in c.h.trials]


# listed among the Quest actions (QUEST_ACTIONS below), not after the turn's other verbs
TRIAL = ADDED_VERBS.add(
    "trial",
    COMPETITIVE,
    Verb(
        Trial,
        "trial TRIAL",
        "CMP-TRIAL-1",
        offer_trial,
        why_trial,
        apply_trial,
        listed=False,
        instances=_trials,
        price=glyph_price("quest"),
    ),
)


@QUEST_ACTIONS.on(COMPETITIVE)
def quest_actions(w: World, s: State, h: HeroState) -> list[Action]:
    """The trials, then the Tower's dungeon once three are done (CMP-DUNGEON-1, -2);
    asked only when nothing bars a Quest action (rules/actions.py)."""
    out = _met(w, s, h)  # offer_trial's, in its old place among the Quest actions
    d = s.dungeons.get(TOWER)
    if (
        d is not None
        and len(h.trials_done) >= TRIALS_NEEDED  # CMP-DUNGEON-1
        and h.space in w.board.tower_adjacent  # CMP-DUNGEON-2
    ):
        out.append(Explore(TOWER))
    return out


HEROIC_TRIAL = N_("the heroic trial")  # a trial's cost: the phrase and its name (Cause)


def complete_trial(w: World, s: State, h: HeroState, trial: str) -> None:
    """Pay what the trial spends, turn it face up (CMP-TRIAL-4), +2 spirit, then the
    seal choice (CMP-TRIAL-6)."""
    nd = w.content.trials[trial].needs
    name = w.content.trials[trial].name
    pay(w, s, h, "warriors", nd.warriors, Cause(HEROIC_TRIAL, name))
    pay(w, s, h, "spirit", nd.spirit, Cause(HEROIC_TRIAL, name))
    for kind, n in (("potion", nd.potions), ("gear", nd.gear), ("treasure", nd.treasures)):
        have = held(h, kind)
        if n and len(have) == n:
            for item in have[:]:
                discard_item(w, s, h, item)
        elif n:
            ask(s, Decision("spend_item", h.seat, amount=n, scope=kind))
    h.trials.remove(trial)
    h.trials_done.append(trial)
    s.turn.heroic_done = True
    tell(
        s,
        "text",
        "{hero} completes the heroic trial {trial}.",
        seats=(h.seat,),
        hero=hero_name(w, h),
        trial=w.content.trials[trial].name,
    )
    gain(w, s, h, "spirit", HEROIC_SPIRIT, N_("a heroic action"))  # RTDT-HEROIC-4
    ask(s, Decision("seal", h.seat))


def seal_actions(s: State) -> list[Action]:
    out = [rec.Seal("remove", tower.seal_id(i)) for i in range(12) if s.tower.seals[i]]
    out += [rec.Seal("replace", tower.seal_id(i)) for i in range(12) if not s.tower.seals[i]]
    return [*out, rec.Seal("keep")]


def apply_seal(w: World, s: State, h: HeroState, a: Action) -> None:
    assert isinstance(a, rec.Seal)
    if a.seal is None:  # keep
        return
    i = tower.seal_index(a.seal)
    if a.change == "replace":
        tower.replace_seal(s.tower, i)
        tell(
            s,
            "text",
            "{hero} puts the seal {seal} back on the Tower.",
            seats=(h.seat,),
            hero=hero_name(w, h),
            seal=a.seal,
        )
        return
    with draws(s) as rng:
        emerged = tower.remove_seal(s.tower, rng, i)
    tell(
        s,
        "text",
        "{hero} pulls the seal {seal} off the Tower.",
        seats=(h.seat,),
        hero=hero_name(w, h),
        seal=a.seal,
    )
    tell_emerged(s, emerged)
    s.emerged.extend(emerged)  # placed at once, by the usual rules


# --- the relic, elimination and the end -----------------------------------------------


def relic_found(w: World, s: State, h: HeroState) -> None:
    """Finding the relic wins at once (CMP-END-1)."""
    # CMP-GOAL-1: the race ends with the relic in the Tower's dungeon
    tell(
        s,
        "result",
        "{hero} finds the relic in the Tower's dungeon and wins!",
        seats=(h.seat,),
        hero=hero_name(w, h),
    )
    s.result = Result("win", N_("the relic was found"), (h.seat,))


def eliminate(w: World, s: State, h: HeroState, why: str) -> None:
    """The hero leaves the game; their kingdom turns dormant (CMP-ELIM-1..3). Whether the
    game ends is checked once the effect has run (`check_end`), so that heroes an event
    eliminates together go out together (CMP-END-4)."""
    if h.eliminated:
        return
    h.eliminated = True
    tell(
        s, "result", "{hero} is eliminated ({why}).", seats=(h.seat,), hero=hero_name(w, h), why=why
    )
    s.pending[:] = [d for d in s.pending if d.seat != h.seat]
    if s.dropper == h.seat:  # the event decisions pass to the next hero still in the game
        alive = [o.seat for o in s.heroes if not o.eliminated]
        if alive:
            s.dropper = min(alive, key=lambda x: (x - h.seat) % len(s.heroes))
    if s.turn.seat == h.seat:
        s.battle = None
        s.delve = None
        s.trade = None
        s.turn.extra_turn = False
        if s.turn.phase in ("start", "middle", "drop", "skip"):
            s.turn.phase = "close"  # their turn ends; no skull is dropped


def check_end(w: World, s: State) -> None:
    """The last hero standing wins; if none is left, nobody does (CMP-END-2, CMP-END-4)."""
    if s.result is not None:
        return
    alive = [h.seat for h in s.heroes if not h.eliminated]  # CMP-GOAL-3: the eliminated never win
    if len(alive) == 1 and len(s.heroes) > 1:
        s.result = Result("win", N_("the last hero standing"), (alive[0],))
        last = s.heroes[alive[0]]
        tell(
            s,
            "result",
            "The {hero} is the last hero standing and wins.",
            seats=(last.seat,),
            hero=hero_name(w, last),
        )
    elif not alive:
        s.result = Result("loss", N_("every hero was eliminated; nobody wins"), ())
        tell(s, "result", "Every hero is eliminated: Azkol reigns and nobody wins.")


# --- what the competitive mode adds to the base rules (rtdt/hookspecs.py) ---------------------


@WOULD_LOSE.on(COMPETITIVE)
def _eliminated_instead(w: World, s: State, h: HeroState, why: str) -> bool:
    """A hero who would lose the cooperative game is eliminated (CMP-ELIM-1, CMP-ELIM-2)."""
    eliminate(w, s, h, why)
    return True


@POTIONS_OUT.on(COMPETITIVE)
def _steal_asked(w: World, s: State, h: HeroState) -> None:
    """An empty potion deck: take one from another hero instead (CMP-CLAR-6)."""
    others = [o for o in s.heroes if o.seat != h.seat and o.potions and not o.eliminated]
    if others:
        # CMP-CLAR-3: only the taker is asked; the hero losing the potion is not
        ask(s, Decision("steal_potion", h.seat))


@TARGET_ROOM.on(COMPETITIVE)
def _relic_room(w: World, s: State, h: HeroState, d: Dungeon) -> bool:
    """The target room of the Tower's dungeon holds the relic (CMP-DUNGEON-3, CMP-END-1)."""
    if d.kind != TOWER:  # the Tower's dungeon is also its kind
        return False
    s.delve = None
    relic_found(w, s, h)
    return True


def _seal_answers(w: World, s: State, d: Decision) -> list[Action]:
    return seal_actions(s)  # CMP-TRIAL-6


def _seal_apply(w: World, s: State, d: Decision, a: Action) -> None:
    apply_seal(w, s, s.heroes[d.seat], a)


def _steal_answers(w: World, s: State, d: Decision) -> list[Action]:
    """CMP-CLAR-6: any potion of another hero still in the game, or none."""
    return [
        rec.Steal(p, o.seat)
        for o in s.heroes
        if o.seat != d.seat and not o.eliminated
        for p in dict.fromkeys(o.potions)
    ] + [rec.Nothing()]


def _steal_apply(w: World, s: State, d: Decision, a: Action) -> None:
    if not isinstance(a, rec.Steal):  # none
        return
    h = s.heroes[d.seat]
    s.heroes[a.seat].potions.remove(a.potion)
    h.potions.append(a.potion)
    tell(
        s,
        "gain",
        "{hero} takes {card} from the {other}.",
        seats=(h.seat, s.heroes[a.seat].seat),
        hero=hero_name(w, h),
        card=w.name(a.potion),
        other=hero_name(w, s.heroes[a.seat]),
    )
    check_limits(w, s, h)


def _seal_words(w: World, s: State, d: Decision) -> Event:
    who = hero_name(w, s.heroes[d.seat])
    return event(
        "text", "{hero}: your trial lets you pull a seal off the Tower or put one back.", hero=who
    )


def _steal_words(w: World, s: State, d: Decision) -> Event:
    who = hero_name(w, s.heroes[d.seat])
    return event(
        "text", "{hero}: the potion deck is empty; take a potion from another hero?", hero=who
    )


@ADVANCING.on(COMPETITIVE)
def _check_end(w: World, s: State) -> None:
    check_end(w, s)  # CMP-END-2, CMP-END-4


hooks.decision(
    "seal",
    "competitive",
    decision_kind(
        _seal_answers,
        _seal_apply,
        _seal_words,
        "remove a seal, put one back, or keep the Tower as it is",
        "CMP-TRIAL-6",
    ),
)
hooks.decision(
    "steal_potion",
    "competitive",
    decision_kind(
        _steal_answers,
        _steal_apply,
        _steal_words,
        "take a potion from another hero, or none",
        "CMP-CLAR-6",
    ),
)
