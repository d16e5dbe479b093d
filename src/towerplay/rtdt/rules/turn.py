"""Turn flow: start, end, the skull drop, placing emerged skulls, events, the calendar.

`advance` runs the game forward from wherever it stands to the next decision.
"""

from __future__ import annotations

from towerplay.core.notation import Action
from towerplay.core.rng import draws
from towerplay.rtdt import app, tower
from towerplay.rtdt.hookspecs import (
    ADVANCING,
    APP_EVENTS,
    COMPANION_EVENTS,
    DROP_EVENTS,
    MARK_EMERGED,
    MONTH_ENDED,
    MONTH_STARTED,
    SKULLS_EMERGED,
    TREASURE_GONE,
    TURN_ENDING,
    TURN_OVER,
    TURN_STARTED,
)
from towerplay.rtdt.models import Condition
from towerplay.rtdt.records import End
from towerplay.rtdt.rules.common import ask, flag_cards, kingdom_owner, lose_game
from towerplay.rtdt.rules.corruption import gain_corruption
from towerplay.rtdt.rules.effects import run
from towerplay.rtdt.rules.foes import foe_event
from towerplay.rtdt.rules.holdings import return_item
from towerplay.rtdt.rules.narrate import EVENT_STIRRED, hero_name, tell
from towerplay.rtdt.rules.quests import fail_month_quests, move_caravans, new_month_quests
from towerplay.rtdt.rules.skulls import (
    emerged_kingdom,
    is_doom,
    kingdom_buildings,
    take_skull_from_supply,
    tell_emerged,
)
from towerplay.rtdt.rules.verbs import (
    START_PENDING,
    Refusal,
    Turn,
    Verb,
    refusal,
)
from towerplay.rtdt.state import Decision, HeroState, State, TurnState
from towerplay.rtdt.words import N_
from towerplay.rtdt.world import World


def condition_holds(
    w: World,
    s: State,
    h: HeroState,
    c: Condition,
    building: str = "",
    traits: frozenset[str] = frozenset(),
) -> bool:
    if c.building is not None and c.building != building:
        return False
    if (
        c.in_home_kingdom is not None
        and (w.board.kingdom_of[h.space] == h.kingdom) != c.in_home_kingdom
    ):
        return False
    if c.on_building_space is not None and (h.space in s.skulls) != c.on_building_space:
        return False
    return c.foe_trait is None or c.foe_trait in traits


def fire(
    w: World,
    s: State,
    h: HeroState,
    on: str,
    building: str = "",
    traits: frozenset[str] = frozenset(),
) -> None:
    """Run every ability of the hero's cards that triggers on `on`."""
    for cid, t in w.hero_profile(h).triggers.get(on, ()):
        if condition_holds(w, s, h, t.when, building, traits):
            run(w, s, h, t.effects, w.name(cid))


def start_turn(w: World, s: State, seat: int) -> None:
    """A hero's turn begins: the start step (RTDT-TURN-1, RTDT-TURN-2, RTDT-TURN-4)."""
    s.turn = TurnState(seat)
    s.turn_number += 1
    TURN_STARTED.notify(w, s)  # COV-WASTE-4: "for the rest of the turn"
    h = s.heroes[seat]
    tell(
        s,
        "turn",
        "Month {month}: {hero}'s turn.",
        seats=(h.seat,),
        month=s.month,
        hero=hero_name(w, h),
    )
    s.turn.start_pending = [
        cid for cid, t in w.hero_profile(h).triggers.get("start_of_turn", ()) if not t.optional
    ]


def end_turn(w: World, s: State, skip_drop: bool = False) -> None:
    """The player ends the middle step: end-of-turn abilities, then the skull drop (RTDT-TURN-8)."""
    h = s.heroes[s.turn.seat]
    fire(w, s, h, "end_of_turn")
    TURN_ENDING.notify(w, s, h)  # the end-of-turn offerings, Spymaster's Journal, ...
    s.turn.phase = "skip" if skip_drop else "drop"


def ended(s: State) -> bool:
    """Whether the game is over. A call, not a test of `s.result` in place, after steps that
    may end it: mypy keeps an attribute narrowed across calls that change it, and the
    compiled build (docs/compiled.md) trusts the narrowed type."""
    return s.result is not None


def advance(w: World, s: State) -> None:
    """Run the game forward until a seat must decide or the game is over."""
    # asked once, only when handled: the loop below runs at every decision
    advancing = w.hooks.handlers[ADVANCING]  # read once: the loop below runs often
    while s.result is None and not s.pending:
        if advancing:
            for step in advancing:  # CMP-END-2, CMP-END-4: the competitive mode's ends
                step(w, s)
            if ended(s):
                return
        if s.emerged:  # RTDT-PLACE-1, RTDT-PLACE-6: emerged skulls are placed first, at once
            _place_one(w, s)
            continue
        phase = s.turn.phase
        # RTDT-ITEM-10: items (like every own action) only in the start and middle steps
        if phase in ("start", "middle"):
            return
        if phase == "drop":
            _drop(w, s)
        elif phase == "skip":
            _turn_over(w, s)
            tell(s, "turn", "The Tower is spared a skull this turn; the hero takes another turn.")
            start_turn(w, s, s.turn.seat)
        elif phase == "place":
            _place_next(w, s)
        elif phase == "events":
            _next_event(w, s)
        elif phase == "close":
            _close_turn(w, s)
        elif phase == "month":
            _new_month(w, s)
        elif phase == "next":
            _next_turn(w, s)
        else:  # pragma: no cover - guarded by from_json
            raise ValueError(f"unknown turn phase {phase!r}")


def _drop(w: World, s: State) -> None:
    """Take a skull from the supply and drop it into the Tower (RTDT-TURN-8, RTDT-TURN-9)."""
    seat = s.turn.seat
    if s.heroes[seat].eliminated:  # out of the game: nothing more to do this turn
        s.turn.phase = "close"
        return
    if not take_skull_from_supply(w, s):
        return
    with draws(s) as rng:
        emerged = tower.drop_skull(s.tower, rng)
        on_board = list(dict.fromkeys(f for f, _ in s.foes))
        s.events = app.draw_events(
            rng, s.config.foes, on_board, s.config.players, s.config.difficulty
        )
        s.events += DROP_EVENTS.collect(w, s, rng)  # Covenant's events
    s.dropper = seat
    tell(
        s,
        "skulls",
        "{hero} drops a skull into the Tower.",
        seats=(s.heroes[seat].seat,),
        hero=hero_name(w, s.heroes[seat]),
    )
    emerge(w, s, emerged)
    s.turn.phase = "place"


def emerge(w: World, s: State, kingdoms: list[str], marked: bool = False) -> None:
    """Skulls out of the Tower wait to be placed; which are doom skulls is drawn here
    (COV-DOOM-3) unless the caller already marked them."""
    if not marked and w.hooks.handlers[MARK_EMERGED]:
        with draws(s) as rng:
            kingdoms = MARK_EMERGED.filter(w, s, rng, kingdoms)
    tell_emerged(s, kingdoms)
    s.emerged.extend(kingdoms)
    SKULLS_EMERGED.notify(w, s, kingdoms)  # Orphaned Scion's Charm


def placer_for(s: State, kingdom: str) -> HeroState:
    """Home player chooses; the dropping player for a dormant kingdom (RTDT-PLACE-3, RTDT-PLACE-4)."""
    owner = kingdom_owner(s, kingdom)
    if owner is not None:
        return owner
    dropper = s.heroes[s.dropper]
    if not dropper.eliminated:
        return dropper
    return next((h for h in s.heroes if not h.eliminated), dropper)


def _place_next(w: World, s: State) -> None:
    """Every emerged skull is placed (by `advance`) before events resolve (RTDT-PLACE-1)."""
    s.turn.phase = "events"


def _place_one(w: World, s: State) -> None:
    kingdom = emerged_kingdom(s.emerged[0])
    placer = placer_for(s, kingdom)
    # RTDT-SKULL-1: emerged skulls go only on standing buildings
    standing = [sp for sp in kingdom_buildings(w, s, kingdom) if sp in s.skulls]
    if not standing:  # RTDT-CORR-2: every building there is destroyed
        # RTDT-CORR-5: the skulls this drop (or stir) sends there all leave the game and
        # give their placer one corruption, not one per skull
        gone = [k for k in s.emerged if emerged_kingdom(k) == kingdom]
        s.emerged = [k for k in s.emerged if emerged_kingdom(k) != kingdom]
        tell(
            s,
            "skulls",
            "{n} skull(s) in the {kingdom} find no standing building and leave the game.",
            seats=(placer.seat,),
            amounts=(("removed", len(gone)),),
            n=len(gone),
            kingdom=kingdom,
        )
        doomed = sum(1 for k in gone if is_doom(k))
        s.removed += len(gone) - doomed
        if doomed:  # COV-DOOM-6: they leave the game with nothing to stand on
            assert s.cov is not None
            s.cov.doom_removed += doomed
        if placer is not None:
            gain_corruption(w, s, placer, N_("skulls had to go on destroyed buildings"))
        return
    ask(s, Decision("place_skull", placer.seat, target=kingdom))


def _next_event(w: World, s: State) -> None:
    """Events resolve one at a time, the dropping player deciding (RTDT-EVENT-2, RTDT-EVENT-3)."""
    # RTDT-TURN-11: once the events are resolved the turn closes and the next begins
    if not s.events:
        s.turn.phase = "close"
        return
    event = s.events.pop(0)
    if event == "tower_stirs":  # RTDT-EVENT-7
        with draws(s) as rng:
            msg, fields, emerged = tower.stir(s.tower, rng)
        tell(s, "reveal", EVENT_STIRRED[msg], **fields)
        emerge(w, s, emerged)  # RTDT-PLACE-6
        s.turn.phase = "place"
    elif event == "new_wares":  # RTDT-EVENT-11
        tell(s, "text", "Event - New Wares: the market's treasures may be replaced.")
        if s.market:
            ask(s, Decision("new_wares", s.dropper))
    elif event == "companion":  # RTDT-EVENT-10, RTDT-COMP-5
        comp = w.content.companions[s.config.companion]
        if comp.event is not None:
            h = s.heroes[s.dropper]
            tell(
                s,
                "text",
                "Event - {companion}: {event}",
                companion=comp.name,
                event=comp.event.text,
            )
            run(w, s, h, comp.event.effects, comp.name)
            if comp.event.app is not None:  # what the app names (Miras, Yana, Letha)
                COMPANION_EVENTS.of(w.hooks)[comp.event.app](w, s, h, comp.event)
    elif event.startswith(("spawn:", "strike:", "grow:", "weaken:", "tower_acts")):
        foe_event(w, s, event)
    elif event.partition(":")[0] in APP_EVENTS.of(w.hooks):  # Covenant's events
        APP_EVENTS.of(w.hooks)[event.partition(":")[0]](w, s, event)
    else:  # pragma: no cover - guarded by from_json
        raise ValueError(f"unknown event {event!r}")


def _close_turn(w: World, s: State) -> None:
    """Count the turn; end the month when its hidden count is reached (RTDT-MONTH-5)."""
    _turn_over(w, s)
    move_caravans(w, s)  # RTDT-TOKEN-3
    if s.turn.extra_turn:
        start_turn(w, s, s.turn.seat)
        return
    s.month_turn += 1
    if s.month_turn < s.month_length:
        s.turn.phase = "next"
        return
    tell(s, "turn", "Month {month} ends.", month=s.month)
    if s.month >= app.MONTHS:  # RTDT-END-4: the loss is immediate; nothing else resolves
        # CMP-END-3: in competitive mode too: nobody wins
        lose_game(s, N_("the sixth month ended"))
        return
    s.turn.phase = "month"
    fail_month_quests(w, s)  # RTDT-QUEST-12
    for h in s.heroes:
        fire(w, s, h, "month_end")
    MONTH_ENDED.notify(w, s)  # wands recharge, uncast spells go back to the hand


def _new_month(w: World, s: State) -> None:
    s.month += 1
    s.month_turn = 0
    s.month_used.clear()  # RTDT-EFFECT-7: a once-a-month use is free again
    with draws(s) as rng:
        s.month_length = app.month_length(rng, s.config.players, s.config.difficulty, s.month)
        tell(s, "turn", "Month {month} begins.", month=s.month)
        new_month_quests(w, s, rng)  # RTDT-MONTH-6, RTDT-QUEST-8
    s.turn.phase = "next"
    month_started(w, s)  # after the quests, before the first turn (COV-ASTRO-4)


def month_started(w: World, s: State) -> None:
    """A month begins, the first included: the month's spells (COV-ASTRO-4)."""
    MONTH_STARTED.notify(w, s)


def _turn_over(w: World, s: State) -> None:
    """The turn is over, events included: unspent blessings fade (COV-BLESS-3)."""
    TURN_OVER.notify(w, s, s.heroes[s.turn.seat])


def _next_turn(w: World, s: State) -> None:
    # RTDT-ORDER-3, RTDT-ORDER-4: play passes clockwise, across month boundaries too;
    # eliminated heroes take no more turns (CMP-ELIM-3)
    n = len(s.heroes)
    seat = (s.turn.seat + 1) % n
    while s.heroes[seat].eliminated and seat != s.turn.seat:
        seat = (seat + 1) % n
    start_turn(w, s, seat)


# --- the verb: end the turn, dropping your skull (RTDT-TURN-8) --------------------------------

END = End()
END_SKIP = End(skip=True)


def offer_end(c: Turn, out: list[Action]) -> None:
    if c.t.start_pending:
        return
    out.append(END)
    if "skip_skull_drop" in c.prof.flags:
        out.append(END_SKIP)


def why_end(c: Turn, a: End) -> Refusal | None:
    if c.t.start_pending:
        return START_PENDING
    if not a.skip:
        return None
    if "skip_skull_drop" not in c.prof.flags:
        return refusal("only the Circlet of Conviction spares the skull drop", "RTDT-TURN-8")
    return None


def apply_end(w: World, s: State, h: HeroState, a: End) -> None:
    """`end`, or `end skip`: a treasure spent instead of dropping a skull."""
    skip = a.skip
    name = hero_name(w, h)
    if skip:
        card = flag_cards(w, h, "skip_skull_drop")[0]
        h.treasures.remove(card)
        return_item(s, "treasure", card)
        tell(
            s,
            "cost",
            "{hero} spends {card} instead of dropping a skull.",
            seats=(h.seat,),
            hero=name,
            card=w.name(card),
        )
        fire(w, s, h, "spend_treasure")
        TREASURE_GONE.notify(w, s, h)  # COV-CLARIFY-11
    tell(s, "turn", "{hero} ends the turn.", seats=(h.seat,), hero=name)
    end_turn(w, s, skip_drop=skip)


END_VERB = Verb(End, "end [skip]", "RTDT-TURN-8", offer_end, why_end, apply_end)
