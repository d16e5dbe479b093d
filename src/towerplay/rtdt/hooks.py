"""Named events the base rules emit, and the handlers the expansion, the competitive mode
and card abilities register for them (docs/hooks.md lists every event).

The base rules (rtdt/rules/) emit into the table `World.hooks` and never import past it:
they do not know Covenant or the competitive mode exist. Handlers are registered once, at
import, by the modules that own them (covenant/plugin.py, competitive.py, abilities/,
decisions/; rtdt/plugins.py imports them all), each for a feature: `base` (every game),
`covenant` (a Covenant part is in play, so `State.cov` is set) or `competitive`. `table`
resolves one table per set of features, so an event nobody handles in this game is an
empty tuple: emitting it costs a loop over nothing. A card ability registers per flag
(`on_flag`, `on_flag_filter`, `on_holders`): one entry in the event's list for each flag,
run only for a hero holding a card with it (`World.holds`).

This module is a leaf: it imports no rules, no expansion and no game.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Any

Handler = Callable[..., Any]
FEATURES = ("base", "covenant", "competitive")


@dataclass(frozen=True, slots=True)
class DecisionKind:
    """A pending-decision kind: its answers, how an answer applies, its words for the
    player asked, and the rule it carries out (what it asks, in a few words, and the ID)."""

    answers: Handler  # (w, s, d) -> list[Action]
    apply: Handler  # (w, s, d, a) -> None; `d` is already off the queue
    words: Handler  # (w, s, d) -> Event (or str): the question, as the seat is asked it
    what: str  # what it asks, for refusals ("... does not answer the pending question: ...")
    rule: str  # the rule ID it carries out


@dataclass(frozen=True, slots=True)
class Hooks:
    """The handlers active in one game, by event, in the order they run."""

    features: frozenset[str] = frozenset()

    # --- turn flow (rules/turn.py) ----------------------------------------------------
    advancing: tuple[Handler, ...] = ()  # (w, s): before each step of `advance`
    turn_started: tuple[Handler, ...] = ()  # (w, s): a turn begins
    turn_ending: tuple[Handler, ...] = ()  # (w, s, h): after the end-of-turn triggers
    turn_over: tuple[Handler, ...] = ()  # (w, s, h): the turn is over, events included
    month_ended: tuple[Handler, ...] = ()  # (w, s): after the month-end triggers
    month_started: tuple[Handler, ...] = ()  # (w, s): after the new month's quests
    drop_events: tuple[Handler, ...] = ()  # (w, s, rng) -> list[str]: more app events
    app_events: dict[str, Handler] = field(default_factory=dict)  # prefix -> (w, s, event)
    # a companion event's `app` part -> (w, s, h, event: CompanionEvent)
    companion_events: dict[str, Handler] = field(default_factory=dict)
    mark_emerged: tuple[Handler, ...] = ()  # (w, s, rng, kingdoms) -> kingdoms
    skulls_emerged: tuple[Handler, ...] = ()  # (w, s, kingdoms)

    # --- the hero's turn (rules/actions.py, rules/turn_actions.py) -----------------------
    any_moment_actions: tuple[Handler, ...] = ()  # (w, s, h) -> actions, in any step
    turn_actions: tuple[Handler, ...] = ()  # (w, s, h) -> actions, before trading
    quest_actions: tuple[Handler, ...] = ()  # (w, s, h) -> more Quest actions
    card_uses: tuple[Handler, ...] = ()  # (w, s, h) -> `use` actions, at the end
    restrict_actions: tuple[Handler, ...] = ()  # (w, s, h, actions) -> actions left
    free_verbs: dict[str, Handler] = field(default_factory=dict)  # verb -> (w, s, h, a)
    turn_verbs: dict[str, Handler] = field(default_factory=dict)  # verb -> (w, s, h, a)
    use_owners: tuple[tuple[Handler, Handler], ...] = ()  # (owns(w, a), apply(w, s, h, a))
    unlimited_heroic: tuple[Handler, ...] = ()  # (w, s) -> bool: more than one heroic action
    stuck: tuple[Handler, ...] = ()  # (w, s, h) -> bool: may not move on
    may_enter: tuple[Handler, ...] = ()  # (w, s, h, space) -> bool
    crossed: tuple[Handler, ...] = ()  # (w, s, h, src, dst): a move or a step was made
    entered: tuple[Handler, ...] = ()  # (w, s, h): the hero arrived on its space
    banner_taken: tuple[Handler, ...] = ()  # (w, s, h, hero_id)
    after_cleanse: tuple[Handler, ...] = ()  # (w, s, h)
    reroll: tuple[Handler, ...] = ()  # (w, s, h, result, context) -> bool: asked instead
    trade_moves: tuple[Handler, ...] = ()  # (w, s, h, partner, actions) -> actions

    # --- Reinforce --------------------------------------------------------------------
    reinforce_allowed: tuple[Handler, ...] = ()  # (w, s, h) -> bool; all must agree
    reinforce_elsewhere: tuple[Handler, ...] = ()  # (w, s, h) -> bool: a far source
    reinforce_option: tuple[Handler, ...] = ()  # (w, s, h, source, option) -> (type, opt)
    reinforce_discount: tuple[Handler, ...] = ()  # (w, s, h, option) -> int
    reinforce_actions: tuple[Handler, ...] = ()  # (w, s, h, prof, glyph) -> actions
    reinforce_over: tuple[Handler, ...] = ()  # (w, s, h, building): after effects and triggers
    reinforced: tuple[Handler, ...] = ()  # (w, s, h, source, option): before its effects; "tree"

    # --- items, corruption, losing --------------------------------------------------------
    intercept_corruption: tuple[Handler, ...] = ()  # (w, s, h, why) -> bool: asked instead
    corruption_gained: tuple[Handler, ...] = ()  # (w, s, h, card)
    would_lose: tuple[Handler, ...] = ()  # (w, s, h, cause) -> bool: handled, no loss
    potions_out: tuple[Handler, ...] = ()  # (w, s, h): the potion deck is empty
    draw_potion: tuple[Handler, ...] = ()  # (w, s, h) -> bool: drawn another way
    refuse_gear: tuple[Handler, ...] = ()  # (w, s, h) -> bool: takes none
    treasure_taken: tuple[Handler, ...] = ()  # (w, s, h): from the market
    treasure_acquired: tuple[Handler, ...] = ()  # (w, s, h, card)
    treasure_gone: tuple[Handler, ...] = ()  # (w, s, h): spent or lost
    extra_advantages: tuple[Handler, ...] = ()  # (w, s, h, battling, out, only)
    terrain_lost: tuple[Handler, ...] = ()  # (w, s, space) -> bool: no terrain advantage

    # --- battles, dungeons, foes, quests -----------------------------------------------------
    battle_started: tuple[Handler, ...] = ()  # (w, s, h)
    battle_advantages: tuple[Handler, ...] = ()  # (w, s, h, foe, space, adversary) -> dict
    battle_allowed: tuple[Handler, ...] = ()  # (w, s, allowed) -> allowed
    battle_boosts: tuple[Handler, ...] = ()  # (w, s, h) -> actions, before `resolve`
    battle_uses: tuple[Handler, ...] = ()  # (w, s, h) -> actions, at the end
    battle_verbs: dict[str, Handler] = field(default_factory=dict)  # verb -> (w, s, h, a)
    card_improved: tuple[Handler, ...] = ()  # (w, s, h, top)
    card_prevent: tuple[Handler, ...] = ()  # (w, s, h) -> [(source, warriors)]
    card_effects: tuple[Handler, ...] = ()  # (w, s, h, card_id, effects) -> effects
    card_resolved: tuple[Handler, ...] = ()  # (w, s, h, lost, unaided)
    battle_ended: tuple[Handler, ...] = ()  # (w, s, h, battle, defeated)
    defeating_foe: tuple[Handler, ...] = ()  # (w, s, h, foe, space): token still there
    foe_defeated: tuple[Handler, ...] = ()  # (w, s, h, foe, space)
    delve_boosts: tuple[Handler, ...] = ()  # (w, s, h) -> actions, before `resolve`
    delve_uses: tuple[Handler, ...] = ()  # (w, s, h) -> actions, at the end
    delve_verbs: dict[str, Handler] = field(default_factory=dict)  # verb -> (w, s, h, a)
    room_effects: tuple[Handler, ...] = ()  # (w, s, h, effects) -> effects
    target_room: tuple[Handler, ...] = ()  # (w, s, h, dungeon) -> bool: handled
    # (w, s, h, effects, mult, who) -> effects: an event's hit on one hero; `who` strikes
    # (a foe, the adversary) or failed (an adversary quest's id)
    strike_effects: tuple[Handler, ...] = ()
    token_moved: tuple[Handler, ...] = ()  # (w, s, foe, src, dst)
    token_removed: tuple[Handler, ...] = ()  # (w, s, foe, space)
    foe_status_changed: tuple[Handler, ...] = ()  # (w, s, foe)
    spawn_blocked: tuple[Handler, ...] = ()  # (w, s, space, foe or WASTELAND) -> bool
    strike_asks: tuple[Handler, ...] = ()  # (w, s, foe) -> bool: asked first, retry later
    struck_tokens: tuple[Handler, ...] = ()  # (w, s, foe, spaces) -> spaces struck
    adversary_spared: tuple[Handler, ...] = ()  # (w, s) -> bool
    strike_over: tuple[Handler, ...] = ()  # (w, s)
    adversary_acts: dict[str, Handler] = field(default_factory=dict)  # act -> (w, s, step)
    quest_from_afar: tuple[Handler, ...] = ()  # (w, s, h, kind) -> bool
    quest_advantages: tuple[Handler, ...] = ()  # (w, s, h) -> int Wild (blessings)
    quest_spend: tuple[Handler, ...] = ()  # (w, s, h, needed): spend what the quest used
    quest_completed: tuple[Handler, ...] = ()  # (w, s, h)

    # --- pending decisions ---------------------------------------------------------------
    decisions: dict[str, DecisionKind] = field(default_factory=dict)


EVENTS = tuple(f.name for f in fields(Hooks) if f.name != "features")
_TABLES = frozenset(
    {
        "app_events",
        "companion_events",
        "free_verbs",
        "turn_verbs",
        "battle_verbs",
        "delve_verbs",
        "adversary_acts",
    }
)

# (event, feature, handler) in registration order; decisions are (kind, feature, DecisionKind)
_REGISTERED: list[tuple[str, str, Any]] = []
_VERBS: list[tuple[str, str, str, Handler]] = []  # (table, key, feature, handler)
_DECISIONS: list[tuple[str, str, DecisionKind]] = []
_FLAGGED: list[tuple[str, str, str, Handler]] = []  # (event, flag, feature, handler)
EMPTY: Mapping[str, int] = MappingProxyType({})  # what nothing adds to a pool of advantages


def _check_feature(feature: str) -> None:
    if feature not in FEATURES:
        raise ValueError(f"unknown feature {feature!r}; features: {', '.join(FEATURES)}")


def on(event: str, feature: str, *handlers: Any) -> None:
    """Register handlers for an event, run in this order after earlier ones."""
    if event not in EVENTS or event in _TABLES or event == "decisions":
        raise ValueError(f"unknown event {event!r}")
    _check_feature(feature)
    _REGISTERED.extend((event, feature, h) for h in handlers)
    table.cache_clear()


def on_flag(
    event: str, flag: str, handler: Handler, feature: str = "base", otherwise: Any = None
) -> None:
    """Register a card ability for an event whose third argument is a hero: `handler(w, s,
    h, ...)` runs only when that hero holds a card with `flag` (models.Flagged). A hero
    without it gives the event `otherwise`: None for a notification, the answer of a hero
    without the card for a question (False for `reroll`, True for `may_enter`), what nothing
    adds for a contribution (0, (), EMPTY). The emitter must not change `otherwise`."""

    def gated(w: Any, s: Any, h: Any, *args: Any) -> Any:
        for attr, ids in w.flag_places.get(flag, ()):  # World.holds, inline: a hot path
            if not ids.isdisjoint(getattr(h, attr)):
                return handler(w, s, h, *args)
        return otherwise

    _register_flag(event, flag, feature, handler, gated)


def on_flag_filter(
    event: str, flag: str, handler: Handler, feature: str = "base", value: int = -1
) -> None:
    """Register a card ability for a filter event whose third argument is a hero
    (`card_effects`, `restrict_actions`, `strike_effects` ...): `handler(w, s, h, ...)`
    changes the value only when that hero holds a card with `flag`; otherwise the value -
    the argument at `value`, counted after the hero - passes on unchanged."""

    def gated(w: Any, s: Any, h: Any, *args: Any) -> Any:
        for attr, ids in w.flag_places.get(flag, ()):  # World.holds, inline: a hot path
            if not ids.isdisjoint(getattr(h, attr)):
                return handler(w, s, h, *args)
        return args[value]

    _register_flag(event, flag, feature, handler, gated)


def on_holders(
    event: str, flag: str, handler: Handler, feature: str = "base", question: bool = False
) -> None:
    """Register a card ability that acts for whoever holds it, whatever the event's
    arguments (`skulls_emerged`, `foe_status_changed`, another hero's `treasure_taken`):
    `handler(w, s, holder, *args)` runs for each hero still in the game holding a card with
    `flag`, in seat order. For a `question` the first holder answering True stops it and
    the event gets True; with no such holder, False."""

    def gated(w: Any, s: Any, *args: Any) -> Any:
        for holder in s.heroes:
            if not holder.eliminated and w.holds(holder, flag):
                answer = handler(w, s, holder, *args)
                if question and answer:
                    return True
        return False if question else None

    _register_flag(event, flag, feature, handler, gated, by_hero=False)


def _register_flag(
    event: str, flag: str, feature: str, handler: Handler, gated: Handler, by_hero: bool = True
) -> None:
    """`by_hero`: the gate is the hero the event is given holding `flag` (on_flag,
    on_flag_filter), which `held` may check once for a hero's whole set of cards."""
    gated.__name__ = f"{getattr(handler, '__name__', 'handler')}[{flag}]"
    gated.hero_flag = flag if by_hero else None  # type: ignore[attr-defined]
    on(event, feature, gated)
    _FLAGGED.append((event, flag, feature, handler))


def held_by(handlers: tuple[Handler, ...], prof: Any) -> tuple[Handler, ...]:
    """`handlers` less the card abilities (on_flag, on_flag_filter) whose flag none of a
    hero's cards has; `prof` is the Profile of those cards (World.profile). A dropped
    handler would only have given its `otherwise`, so an emitter that combines answers in a
    way `otherwise` does not change (a filter, a list extended, `all`/`any`) may call just
    these. Kept in the Profile by the handler tuple: gating each handler on every call was
    a tenth of a Covenant turn step."""
    found = prof.held.get(handlers)
    if found is None:
        found = prof.held[handlers] = tuple(
            fn
            for fn in handlers
            if (flag := getattr(fn, "hero_flag", None)) is None or flag in prof.flags
        )
    return found


def flag_handlers() -> dict[str, list[tuple[str, Handler]]]:
    """The card abilities registered per flag: flag -> [(event, handler), ...]."""
    out: dict[str, list[tuple[str, Handler]]] = {}
    for event, flag, _, handler in _FLAGGED:
        out.setdefault(flag, []).append((event, handler))
    return out


def verb(table_name: str, key: str, feature: str, handler: Handler) -> None:
    """Register the handler of an action verb (or of an app event prefix)."""
    if table_name not in _TABLES:
        raise ValueError(f"unknown verb table {table_name!r}")
    _check_feature(feature)
    _VERBS.append((table_name, key, feature, handler))
    table.cache_clear()


def decision(kind: str, feature: str, dk: DecisionKind) -> None:
    """Register a pending-decision kind (each kind once, by the module that asks it)."""
    _check_feature(feature)
    if any(k == kind for k, _, _ in _DECISIONS):
        raise ValueError(f"decision kind {kind!r} is registered twice")
    _DECISIONS.append((kind, feature, dk))
    table.cache_clear()


def decision_kinds() -> dict[str, DecisionKind]:
    """Every registered decision kind, whatever the feature (to read and explain saves)."""
    return {kind: dk for kind, _, dk in _DECISIONS}


@functools.lru_cache(maxsize=16)
def table(features: frozenset[str]) -> Hooks:
    """The handlers active for a game with these features, resolved once."""
    events: dict[str, list[Handler]] = {}
    for event, feature, h in _REGISTERED:
        if feature in features:
            events.setdefault(event, []).append(h)
    tables: dict[str, Any] = {name: {} for name in _TABLES}
    for name, key, feature, h in _VERBS:
        if feature in features:
            tables[name][key] = h
    kinds = {kind: dk for kind, feature, dk in _DECISIONS if feature in features}
    found: dict[str, Any] = {e: tuple(hs) for e, hs in events.items()}
    return Hooks(features=features, decisions=kinds, **found, **tables)


NO_HOOKS = Hooks()
