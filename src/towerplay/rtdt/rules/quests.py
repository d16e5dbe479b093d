"""Quests: the main goal, monthly companion and adversary quests, the Quest action
(RTDT-QUEST-*, RTDT-MONTH-6) and the adversary's appearance (RTDT-ADVERSARY-2).

Which quests come and where their markers go is the app's hidden business; here it
is drawn from the game's seed among the designed quests in content/quests.yaml.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from towerplay.core.notation import Action, interned
from towerplay.core.rng import Rng, draws
from towerplay.rtdt import records as rec
from towerplay.rtdt.hooks import held_by
from towerplay.rtdt.hookspecs import (
    QUEST_ADVANTAGES,
    QUEST_COMPLETED,
    QUEST_FROM_AFAR,
    QUEST_SPEND,
    STRIKE_EFFECTS,
)
from towerplay.rtdt.models import Effect, Placement, Quest, Requirement
from towerplay.rtdt.rules import advantages
from towerplay.rtdt.rules.common import HEROIC_SPIRIT, ask, glyph_cost, has_flag
from towerplay.rtdt.rules.effects import discard_item, held, run
from towerplay.rtdt.rules.foes import grow
from towerplay.rtdt.rules.narrate import hero_name, tell
from towerplay.rtdt.rules.resources import gain, pay
from towerplay.rtdt.rules.skulls import building_type, take_skull_from_supply
from towerplay.rtdt.rules.verbs import (
    ONE_HEROIC,
    START_PENDING,
    Refusal,
    Turn,
    Verb,
    glyph_bar,
    glyph_price,
    refusal,
)
from towerplay.rtdt.state import ActiveQuest, Decision, Dungeon, HeroState, State
from towerplay.rtdt.words import N_
from towerplay.rtdt.world import World

_quest = interned(rec.Quest)  # each quest's action made once (core/notation.interned)


def _spaces(w: World, s: State, place: Placement, needs_dungeon: bool) -> list[str]:
    board = w.board
    if place.spaces:
        spaces = list(place.spaces)
    elif place.kingdoms:
        spaces = [sp for k in place.kingdoms for sp in board.kingdom_spaces[k]]
    elif place.building:
        spaces = [sp for sp in s.skulls if building_type(w, s, sp) == place.building]
    else:
        spaces = list(board.spaces)
    if (needs_dungeon or place.dungeon) and place.caravan is None:  # a caravan is its own camp
        spaces = [sp for sp in spaces if w.content.spaces[sp].dungeon is not None]
    busy = {q.space for q in s.quests}
    free = [sp for sp in spaces if sp not in busy]
    return free or spaces or list(board.spaces)


def place_stage(w: World, s: State, rng: Rng, quest: Quest, stage: int) -> ActiveQuest:
    """Put a quest stage's marker on a space the app draws (RTDT-QUEST-9)."""
    st = quest.stages[stage]
    space = rng.choice(_spaces(w, s, st.place, st.needs.dungeon))
    aq = ActiveQuest(quest.id, stage, space, quest.kind)
    s.quests.append(aq)
    if st.needs.dungeon and space not in s.dungeons:
        open_dungeon(w, s, rng, space, "encampment" if st.place.caravan else None)
    tell(
        s,
        "text",
        "Quest - {quest}: {stage} (at {space})",
        quest=quest.name,
        stage=st.text,
        space=w.board.names[space],
    )
    return aq


def open_dungeon(w: World, s: State, rng: Rng, space: str, kind: str | None = None) -> None:
    """Lay out the dungeon on this space (or a caravan's camp of `kind`): rooms drawn
    (repeats allowed) and a hidden target room among those not next to the entrance
    (RTDT-DUNGEON-1)."""
    kind = kind or w.content.spaces[space].dungeon
    assert kind is not None
    pool = [r.id for r in w.content.dungeons[kind].rooms]
    n = w.content.rooms_per_delve
    rooms = [rng.choice(pool) for _ in range(n)]
    target = 2 + rng.below(n - 2)
    s.dungeons[space] = Dungeon(kind, rooms, [False] * n, target)


def setup_quests(w: World, s: State, rng: Rng) -> None:
    """The main goal of the game's main companion (RTDT-SETUP-16)."""
    goal = w.content.companions[s.config.companion].main_goal
    assert goal is not None
    place_stage(w, s, rng, w.content.quests[goal], 0)


def new_month_quests(w: World, s: State, rng: Rng) -> None:
    """From the second month, a companion quest and an adversary quest (RTDT-MONTH-6,
    RTDT-QUEST-8)."""
    kinds = ("companion",) if s.config.mode == "competitive" else ("companion", "adversary")
    for kind in kinds:  # CMP-CLAR-1: one monthly quest in competitive mode
        taken = set(s.done_quests) | {q.quest for q in s.quests}
        pool = [q for q in w.content.quests.values() if q.kind == kind and q.id not in taken]
        if pool:
            place_stage(w, s, rng, rng.choice(pool), 0)


def fail_month_quests(w: World, s: State) -> None:
    """Unfinished monthly quests fail at the month's end; an adversary quest's outcome
    resolves (RTDT-QUEST-11, RTDT-QUEST-12)."""
    for aq in [q for q in s.quests if q.kind != "main_goal"]:
        s.quests.remove(aq)
        quest = w.content.quests[aq.quest]
        tell(s, "text", "Quest failed - {quest}.", quest=quest.name)
        if quest.failure is None:
            continue
        out = quest.failure
        tell(s, "text", "{outcome}", outcome=out.text)
        for h in s.heroes:
            if not h.eliminated:
                effects: Sequence[Effect] = out.each_hero
                effects = STRIKE_EFFECTS.filter(w, s, h, effects, 1, aq.quest)  # COV-CARD-3
                run(w, s, h, effects, quest.name)
        if out.skulls_each_kingdom:
            tell(
                s,
                "skulls",
                "{quest} sends {n} skull(s) from the supply into each kingdom.",
                quest=quest.name,
                n=out.skulls_each_kingdom,
            )
        for _ in range(out.skulls_each_kingdom):
            for k in w.board.kingdom_spaces:
                if not take_skull_from_supply(w, s):
                    return
                s.emerged.append(k)  # placed by the kingdom's home player (RTDT-PLACE-3)
        if out.foes_grow:
            for foe in s.config.foes:
                grow(w, s, foe)


# --- the Quest action ----------------------------------------------------------------------


def _advantages_for(
    w: World, s: State, h: HeroState, kind: str | None, blessings: bool = True
) -> int:
    """Advantages of `kind` (or of any kind) the hero has for a Quest action; unspent
    blessings add one Wild each (COV-BLESS-2)."""
    pool = advantages.automatic(w, s, h, battling=False)
    if blessings and QUEST_ADVANTAGES.handlers(w.hooks):
        pool["wild"] = pool.get("wild", 0) + QUEST_ADVANTAGES.sum(w, s, h)
    if kind is None:
        return sum(pool.values())
    return pool.get(kind, 0) + (pool.get("wild", 0) if kind != "wild" else 0)


def shortfall(w: World, s: State, h: HeroState, req: Requirement) -> Refusal | None:
    """What the hero lacks to complete a (non-dungeon) stage now, with the numbers, or None
    when it can be completed (RTDT-QUEST-3, RTDT-ADV-12). `met` and the Quest verb's
    refusal both ask it."""
    if req.dungeon:  # RTDT-QUEST-5: done by the dungeon's target room
        return NEEDS_DUNGEON
    if req.defeat_foe:
        return NEEDS_FOE
    if h.warriors < req.warriors:
        return _needs("warriors", req.warriors, h.warriors)
    if h.spirit < req.spirit:
        return _needs("spirit", req.spirit, h.spirit)
    if len(h.potions) < req.potions:
        return _needs("potions", req.potions, len(h.potions))
    if len(h.gear) < req.gear:
        return _needs("gear", req.gear, len(h.gear))
    if len(h.treasures) < req.treasures:
        return _needs("treasures", req.treasures, len(h.treasures))
    for item in req.items:
        if req.items.count(item) > h.quest_items.count(item):
            return refusal(
                "this quest spends {need} × {item}, you have {have}",
                "RTDT-QUEST-3",
                need=req.items.count(item),
                item=w.name(item),
                have=h.quest_items.count(item),
            )
    for item in req.carry:
        if item not in h.quest_items:
            return refusal(
                "this quest needs you to carry {item}", "RTDT-QUEST-3", item=w.name(item)
            )
    if req.advantages > 0:
        have = _advantages_for(w, s, h, req.advantage_type)
        if have < req.advantages:
            return _needs(req.advantage_type or "advantages", req.advantages, have)
    return None


NEEDS_DUNGEON = refusal(
    "this stage is completed by clearing the target room of its dungeon", "RTDT-QUEST-5"
)
NEEDS_FOE = refusal("this stage is completed by defeating the foe on its space", "RTDT-QUEST-3")


# what a stage asks, by what is short: one template each, so a catalog words it
NEEDS = {
    "warriors": N_("this quest needs {need} warriors, you have {have}"),
    "spirit": N_("this quest needs {need} spirit, you have {have}"),
    "potions": N_("this quest needs {need} potion(s), you have {have}"),
    "gear": N_("this quest needs {need} gear, you have {have}"),
    "treasures": N_("this quest needs {need} treasure(s), you have {have}"),
    "advantages": N_("this quest needs {need} advantages, you have {have}"),
    "melee": N_("this quest needs {need} Melee advantages, you have {have}"),
    "magic": N_("this quest needs {need} Magic advantages, you have {have}"),
    "stealth": N_("this quest needs {need} Stealth advantages, you have {have}"),
    "beast": N_("this quest needs {need} Beast advantages, you have {have}"),
    "humanoid": N_("this quest needs {need} Humanoid advantages, you have {have}"),
    "undead": N_("this quest needs {need} Undead advantages, you have {have}"),
    "wild": N_("this quest needs {need} Wild advantages, you have {have}"),
}


def _needs(what: str, need: int, have: int) -> Refusal:
    return refusal(NEEDS[what], "RTDT-QUEST-3", need=need, have=have)


def met(w: World, s: State, h: HeroState, req: Requirement) -> bool:
    """Whether the hero can complete a (non-dungeon) stage now (RTDT-QUEST-3, RTDT-ADV-12)."""
    return shortfall(w, s, h, req) is None


def from_afar(w: World, s: State, h: HeroState, kind: str) -> bool:
    """Whether a card lets the hero quest from another space (Opal of Projection)."""
    return QUEST_FROM_AFAR.any(w, s, h, kind)


def quest_bar(c: Turn) -> Refusal | None:
    """Why no Quest action at all now (RTDT-TURN-4, RTDT-HEROIC-2, RTDT-GLYPH-3): the
    Moonstone Temple's extra heroic actions are Battles and Cleanses, not Quests."""
    if c.t.start_pending:
        return START_PENDING
    if c.t.heroic_done:
        return ONE_HEROIC
    if c.h.spirit >= c.gc["quest"]:  # glyph_bar's own test, without a call: a hot path
        return None
    return glyph_bar(c, "quest")


def _quest_here(
    w: World, s: State, h: HeroState, aq: ActiveQuest, afar: Sequence[Callable[..., bool]]
) -> bool:
    """Whether the quest's marker is on the hero's space, or a card lets them quest from
    afar (Opal of Projection)."""
    if aq.space == h.space:
        return True
    for from_here in afar:  # noqa: SIM110 - no generator: runs per quest, every step
        if from_here(w, s, h, aq.kind):
            return True
    return False


def offer_quest(c: Turn, out: list[Action]) -> None:
    """`quest` for each quest stage the hero can complete now (RTDT-QUEST-2)."""
    w, s, h = c.w, c.s, c.h
    afar = w.hooks.handlers[QUEST_FROM_AFAR]
    if afar:  # only the cards this hero holds can answer (hooks.held_by)
        afar = held_by(afar, c.prof)
    here = [
        aq for aq in s.quests if aq.space == h.space or (afar and _quest_here(w, s, h, aq, afar))
    ]
    if not here or quest_bar(c) is not None:
        return
    for aq in here:
        stage = w.content.quests[aq.quest].stages[aq.stage]
        if shortfall(w, s, h, stage.needs) is None:
            out.append(_quest(aq.quest))


def why_quest(c: Turn, a: rec.Quest) -> Refusal | None:
    bad = quest_bar(c)
    if bad is not None:
        return bad
    w, s, h = c.w, c.s, c.h
    active = [aq for aq in s.quests if aq.quest == a.quest]
    if not active:
        known = w.content.quests.get(a.quest)
        return refusal(
            "{quest} is not a quest on the board",
            "RTDT-QUEST-1",
            quest=known.name if known is not None else a.quest,
        )
    afar = QUEST_FROM_AFAR.held(w.hooks, c.prof)
    here = [aq for aq in active if _quest_here(w, s, h, aq, afar)]
    if not here:
        return refusal(
            "{quest} is completed at {space}; you are at {here}",
            "RTDT-QUEST-2",
            quest=w.content.quests[a.quest].name,
            space=w.board.names[active[0].space],
            here=w.board.names[h.space],
        )
    aq = here[0]
    return shortfall(w, s, h, w.content.quests[aq.quest].stages[aq.stage].needs)


def apply_quest(w: World, s: State, h: HeroState, a: rec.Quest) -> None:
    pay(w, s, h, "spirit", glyph_cost(w, s, h, "quest"), N_("the Quest glyph"))
    complete(w, s, h, a.quest)


def _quests(c: Turn) -> list[rec.Quest]:
    return [rec.Quest(aq.quest) for aq in c.s.quests]


QUEST = Verb(
    rec.Quest,
    "quest QUEST",
    "RTDT-QUEST-1",
    offer_quest,
    why_quest,
    apply_quest,
    instances=_quests,
    price=glyph_price("quest"),
)


def dungeon_quest(s: State, space: str) -> ActiveQuest | None:
    for aq in s.quests:
        if aq.space == space:
            return aq
    return None


def complete(w: World, s: State, h: HeroState, quest_id: str) -> None:
    """The Quest action completing a quest stage: pay, reward, +2 spirit (RTDT-QUEST-1,
    RTDT-QUEST-4, RTDT-QUEST-6, RTDT-QUEST-7)."""
    aq = next(
        q
        for q in s.quests
        if q.quest == quest_id and (q.space == h.space or from_afar(w, s, h, q.kind))  # Opal
    )
    req = w.content.quests[quest_id].stages[aq.stage].needs
    if req.advantages > 0 and QUEST_SPEND.handlers(w.hooks):  # spend only the blessings needed
        short = req.advantages - _advantages_for(w, s, h, req.advantage_type, blessings=False)
        QUEST_SPEND.notify(w, s, h, short)
    quest = w.content.quests[quest_id].name
    pay(w, s, h, "warriors", req.warriors, quest)
    pay(w, s, h, "spirit", req.spirit, quest)
    for item in req.items:
        h.quest_items.remove(item)  # quest items go back to the box (RTDT-RES-6)
        tell(
            s,
            "cost",
            "{hero} spends {item} for {quest}.",
            seats=(h.seat,),
            hero=hero_name(w, h),
            item=w.name(item),
            quest=quest,
        )
    for kind, n in (("potion", req.potions), ("gear", req.gear), ("treasure", req.treasures)):
        have = held(h, kind)
        if n and len(have) == n:  # no choice to make: all of them go (RTDT-QUEST-6)
            for item in have[:]:
                discard_item(w, s, h, item)
        elif n:
            ask(s, Decision("spend_item", h.seat, amount=n, scope=kind))
    # RTDT-HEROIC-1: Quest is a heroic action
    s.turn.heroic_done = True
    finish_stage(w, s, h, aq)
    if aq.kind != "main_goal" and s.foes and has_flag(w, h, "unseen"):
        # Unseen: take out a foe rather than collect the spirit
        ask(s, Decision("unseen", h.seat))
        return
    gain(w, s, h, "spirit", HEROIC_SPIRIT, N_("a heroic action"))  # RTDT-HEROIC-4


def finish_stage(w: World, s: State, h: HeroState, aq: ActiveQuest) -> None:
    """A stage is done: its rewards, then the next stage, or the quest's own reward."""
    quest = w.content.quests[aq.quest]
    stage = quest.stages[aq.stage]
    s.quests.remove(aq)
    tell(
        s,
        "text",
        "{hero} completes: {quest} - {stage}",
        seats=(h.seat,),
        hero=hero_name(w, h),
        quest=quest.name,
        stage=stage.text,
    )
    run(w, s, h, stage.rewards, quest.name)
    if aq.stage + 1 < len(quest.stages):
        with draws(s) as rng:
            place_stage(w, s, rng, quest, aq.stage + 1)
        return
    s.done_quests.append(quest.id)
    QUEST_COMPLETED.notify(w, s, h)  # Archwright's Sledge
    # RTDT-COMP-2, CMP-CLAR-2: the hero who completes a companion quest recruits it
    if quest.companion:
        h.companions.append(quest.companion)  # RTDT-COMP-3, RTDT-QUEST-10
        tell(
            s,
            "gain",
            "{companion} joins the {hero}.",
            seats=(h.seat,),
            companion=w.name(quest.companion),
            hero=hero_name(w, h),
        )
    # RTDT-ITEM-8: the named quest item card, taken from the box
    if quest.quest_item:
        h.quest_items.append(quest.quest_item)
        tell(
            s,
            "gain",
            "{hero} gains {quest_item}.",
            seats=(h.seat,),
            hero=hero_name(w, h),
            quest_item=w.name(quest.quest_item),
        )
    if quest.kind == "main_goal":  # RTDT-ADVERSARY-2
        with draws(s) as rng:
            # COV-SPELL-7: protection tokens do not stop the adversary
            s.adversary_space = rng.choice(sorted(w.board.tower_adjacent))
        tell(
            s,
            "spawn",
            "The main goal is complete! The {adversary} appears at {space}.",
            adversary=w.name(s.config.adversary),
            space=w.board.names[s.adversary_space],
        )


def on_foe_defeated(w: World, s: State, h: HeroState, space: str) -> None:
    """A stage that asks to defeat a foe on its space completes with the battle."""
    for aq in list(s.quests):
        if aq.space == space and w.content.quests[aq.quest].stages[aq.stage].needs.defeat_foe:
            finish_stage(w, s, h, aq)
            return


def move_caravans(w: World, s: State) -> None:
    """Miras's caravans roll one space toward the Tower after every turn, their camp dungeon
    (cleared rooms and all) with them, until they stand beside it (RTDT-TOKEN-3). A caravan
    does not move while a hero is inside it, nor onto another marker."""
    board = w.board
    for aq in s.quests:
        place = w.content.quests[aq.quest].stages[aq.stage].place
        if place.caravan is None or aq.space in board.tower_adjacent:
            continue
        if s.delve is not None and s.delve.space == aq.space:
            continue
        goal = min(sorted(board.tower_adjacent), key=lambda sp: board.distance(aq.space, sp))
        step = next(
            n
            for n in board.neighbours[aq.space]
            if board.distance(n, goal) < board.distance(aq.space, goal)
        )
        if step in s.dungeons or any(q.space == step for q in s.quests):
            continue
        if aq.space in s.dungeons:
            s.dungeons[step] = s.dungeons.pop(aq.space)
        tell(
            s,
            "move",
            "The {caravan}ern caravan rolls on to {space}.",
            caravan=place.caravan,
            space=board.names[step],
        )
        aq.space = step
