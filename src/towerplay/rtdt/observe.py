"""What one seat sees at the table: every public fact, and nothing hidden.

`seat_view` builds it typed (rtdt/seat_view.py), which agents read; `observe` is its JSON
(documented field by field in docs/observe.md), which screens, the browser and the
learning API read, besides the printed content. Hidden are the deck orders,
where the Tower's lodged skulls sit, the month's length, other heroes' face-down trials,
the Astromancer's hand (to everyone but her), battle cards not yet revealed, dungeon rooms
not yet entered and the dungeon's target room. Facts the rules derive from public ones
(a building's type and skull capacity, whether it can be cleansed, each hero's corruption
limit, move and glyph costs, the foreign virtues) are computed here, by the rules, so that
nobody outside the game has to know how.
"""

from __future__ import annotations

from typing import Any

from towerplay.core.narration import Event
from towerplay.core.notation import Action
from towerplay.core.protocol import SPECTATOR
from towerplay.core.replay import Chain
from towerplay.rtdt import tower
from towerplay.rtdt.app import AVERAGE_TURNS, MONTHS
from towerplay.rtdt.app import PARAMS as APP
from towerplay.rtdt.decks import EVERYONE, cards_of, known_bottom
from towerplay.rtdt.explain import DECISION_RULES, prompt
from towerplay.rtdt.kept import Kept
from towerplay.rtdt.observe_covenant import covenant_view
from towerplay.rtdt.observe_fights import battle_view, delve_view, kept_dungeons
from towerplay.rtdt.rules.common import base_move, glyph_cost, treasure_limit
from towerplay.rtdt.rules.corruption import corruption_limit
from towerplay.rtdt.rules.movement import move_value
from towerplay.rtdt.rules.skulls import building_type, cleansable, kingdom_buildings, skull_capacity
from towerplay.rtdt.seat_view import (
    AdversaryView,
    BuildingView,
    ConfigView,
    DecisionView,
    DecksView,
    FoeView,
    HeroView,
    KingdomView,
    QuestView,
    SeatView,
    SkullsView,
    TowerView,
    TradeView,
    TurnView,
)
from towerplay.rtdt.state import DECKS, Config, Covenant, HeroState, State
from towerplay.rtdt.world import World, bounded

__all__ = ["SCHEMA", "Kept", "covenant_view", "observe", "seat_view"]

SCHEMA = "towerplay-rtdt-observe-2"
GLYPHS = tuple(tower.GLYPH_HOMES)
SEAL_IDS = tuple(tower.seal_id(i) for i in range(tower.N_SEALS))
LOG_LINES = 30  # the log lines shown

HIDDEN_OPTIONS = frozenset({"bounty"})  # quest items only the caster looked at (COV-SPELL-3)


def observe(
    w: World, s: State, seat: int, legal: list[Action], kept: Kept | None = None, told: bool = True
) -> dict[str, Any]:
    """`seat_view` as JSON. Without `told`, what was said (`log`, `events`) is left out:
    agents and records never read it."""
    k = Kept() if kept is None else kept
    out = seat_view(w, s, seat, legal, k).to_json()
    if told:
        out["log"], out["events"] = _log(k, s.log, seat)
    return out


def seat_view(
    w: World, s: State, seat: int, legal: list[Action], kept: Kept | None = None
) -> SeatView:
    """What `seat` may see: everything on the table, none of the hidden order or counts.
    With `kept`, parts whose facts did not change since the last call are reused."""
    if not (0 <= seat < len(s.heroes) or seat == SPECTATOR):
        raise IndexError(f"seat must be 0-{len(s.heroes) - 1} (or SPECTATOR, -1), not {seat}")
    k = Kept() if kept is None else kept
    t = s.turn
    cfg = s.config
    cov = s.cov
    tw = s.tower
    tower_view = k.get("tower", (tuple(tw.rotation), tuple(tw.seals)), lambda: _tower(tw))
    revealed = tower_view.glyphs
    # a building's entry follows from the skulls, the fallen and the Covenant tokens alone
    bkey = (
        tuple(s.skulls.items()),
        tuple(s.destroyed),
        None if cov is None else _cov_key(cov),
    )
    buildings = k.get("buildings", bkey, lambda: _buildings(w, s))
    return SeatView(
        SCHEMA,
        seat,
        None if s.result is not None else (s.pending[-1].seat if s.pending else t.seat),
        t.seat,
        k.get("config", cfg, lambda: _config(cfg)),
        s.month,
        MONTHS,
        s.month_turn + 1,
        s.turn_number,
        AVERAGE_TURNS[cfg.players] - (APP.gritty_fewer if cfg.difficulty == "gritty" else 0),
        _kept_kingdoms(k, w, s, bkey, buildings, revealed),
        buildings,
        _kept_heroes(k, w, s, seat, revealed),
        tuple(s.market),
        dict(s.gear_piles),
        DecksView(len(s.potion_deck), len(s.treasure_deck), len(s.corruption_deck)),
        {name: _seen_at_bottom(s, name, seat) for name in DECKS},
        SkullsView(s.supply, s.removed, s.tower.inside, tuple(s.emerged)),
        tower_view,
        _turn(w, s),
        k.get("foes", (tuple(s.foes), tuple(s.foe_status.items())), lambda: _foes(w, s)),
        tuple([(f, sp) for f, sp in s.foes]),
        k.get("adversary", (cfg, s.adversary_space), lambda: _adversary(w, cfg, s.adversary_space)),
        cfg.companion,
        tuple([(a, b) for a, b in s.fire_rivers]),
        tuple(s.siege_trees),
        {foe: tuple(cards) for foe, cards in s.mutations.items()},  # RTDT-ADVCARD-5
        k.get(
            "quests",
            tuple((q.quest, q.stage, q.space, q.kind) for q in s.quests),
            lambda: _quests(w, s),
        ),
        tuple(s.done_quests),
        kept_dungeons(k, s),
        delve_view(w, s),
        battle_view(w, s),
        None if s.trade is None else TradeView(s.trade.partner, tuple(s.trade.moves)),
        covenant_view(w, s, seat, k),
        _pending(s, seat),
        _prompt(k, w, s, seat),
        tuple([" ".join(a) for a in legal]),  # each action's text (Action.__str__)
        s.result,
        cfg.code,
        cfg.mode,
    )


def _tower(t: tower.Tower) -> TowerView:
    """The seals in place, the drums' turns and the glyphs revealed: they follow from the
    drums and the seals alone."""
    return TowerView(
        tuple([name for name, on in zip(SEAL_IDS, t.seals, strict=True) if on]),
        tuple(t.rotation),
        tower.revealed_glyphs(t),
    )


def _seen_at_bottom(s: State, name: str, seat: int) -> tuple[str | None, ...]:
    """The deck's bottom cards this seat saw go under, bottom card last; None where it did
    not see which card went (another seat's Flagon)."""
    if not s.deck_bottoms.get(name):  # nothing went under (known_bottom would say so)
        return ()
    seen = known_bottom(s, name)
    if not seen:
        return ()
    deck = cards_of(s, name)
    sees = (EVERYONE, seat)
    return tuple(
        [
            c if who in sees else None
            for c, who in zip(deck[len(deck) - len(seen) :], seen, strict=True)
        ]
    )


def _config(cfg: Config) -> ConfigView:
    return ConfigView(
        cfg.players,
        tuple(cfg.heroes),
        tuple(cfg.kingdoms),
        cfg.difficulty,
        cfg.mode,
        cfg.expansion,
        tuple(cfg.foes),
        cfg.adversary,
        cfg.companion,
        cfg.first_player,
        cfg.treasures,
    )


def _cov_key(cov: Covenant) -> tuple[Any, ...]:
    """The Covenant facts a building's entry reads: the sites, doom skulls, protections."""
    return (
        tuple((x.space, x.status, x.monument) for x in cov.sites),
        tuple(cov.doom.items()),
        tuple(cov.protections),
    )


def _kept_kingdoms(
    k: Kept,
    w: World,
    s: State,
    bkey: Any,
    buildings: dict[str, BuildingView],
    revealed: dict[str, str],
) -> dict[str, KingdomView]:
    """The kingdoms' entry, rebuilt when their buildings, a hero's home or space, or the
    revealed glyphs change."""
    here = k.get("kingdom_buildings", bkey, lambda: _kingdom_buildings(w, s, buildings))
    key = (
        here,  # the same object while the buildings' facts hold (compared by identity first)
        tuple((h.kingdom, h.eliminated, h.space) for h in s.heroes),
        tuple(revealed.items()),
    )
    return k.get("kingdoms", key, lambda: _kingdoms(w, s, here, revealed))


def _kingdoms(
    w: World, s: State, here: dict[str, dict[str, BuildingView]], revealed: dict[str, str]
) -> dict[str, KingdomView]:
    """Per kingdom: its buildings (kept, see `_kingdom_buildings`), who is at home and
    who stands there, and the revealed glyphs facing it."""
    kingdom_of = w.board.kingdom_of
    homes = {h.kingdom: h.seat for h in s.heroes if not h.eliminated}  # CMP-ELIM-3
    standing: dict[str, list[int]] = {k: [] for k in here}
    for h in s.heroes:
        standing[kingdom_of[h.space]].append(h.seat)
    facing: dict[str, list[str]] = {k: [] for k in here}
    for g in sorted(revealed):
        facing[revealed[g]].append(g)
    return {
        k: KingdomView(homes.get(k), k not in homes, spaces, tuple(standing[k]), tuple(facing[k]))
        for k, spaces in here.items()
    }


def _kingdom_buildings(
    w: World, s: State, buildings: dict[str, BuildingView]
) -> dict[str, dict[str, BuildingView]]:
    """Per kingdom, its building spaces with their entries in `buildings` (the same ones)."""
    out = {}
    for k in w.board.kingdom_spaces:
        here = {}
        for sp in kingdom_buildings(w, s, k):
            b = buildings.get(sp)
            if b is None:  # a foundation's or a moved Colossus's old space: nothing stands
                t = building_type(w, s, sp)
                here[sp] = BuildingView(k, t, False, None, 0, 0, False, None, False)
            else:
                here[sp] = b  # the same entry as in `buildings`
        out[k] = here
    return out


VIEWS_KEPT = 512  # event views kept for the seats' logs, shared by the seats


def _views(k: Kept, events: list[Event]) -> list[dict[str, Any]]:
    """Each event's `view()`, built once for every seat that sees it (by identity: the
    event is held in the entry, so its id cannot be reused while the entry stands)."""
    kept: dict[int, tuple[Event, dict[str, Any]]] = k.parts.setdefault("views", (None, {}))[1]
    if len(kept) > VIEWS_KEPT:
        kept.clear()
    out = []
    for e in events:
        hit = kept.get(id(e))
        if hit is None or hit[0] is not e:
            hit = kept[id(e)] = (e, e.view())
        out.append(hit[1])
    return out


def _log(k: Kept, log: Chain[Event], seat: int) -> tuple[list[str], list[dict[str, Any]]]:
    """The last events `seat` may see, as texts and as `Event.view()` dicts. The log only
    grows, so the last call's events plus those added since are the answer; the chain is
    walked only that far."""
    name = ("log", seat)
    hit = k.parts.get(name)
    if hit is not None and hit[0] is log:
        return hit[1]
    prev = hit[0] if hit is not None else None
    new: list[Event] = []
    node = log
    while node.size and node is not prev and len(new) < LOG_LINES:
        e: Event = node.head  # type: ignore[assignment]
        if e.seen_by(seat):
            new.append(e)
        node = node.rest  # type: ignore[assignment]
    new.reverse()
    views = _views(k, new)
    texts = [v["text"] for v in views]
    if hit is not None and node is prev and len(new) < LOG_LINES:
        before_texts, before_views = hit[1]
        texts = (before_texts + texts)[-LOG_LINES:]
        views = (before_views + views)[-LOG_LINES:]
    out = (texts, views)
    k.parts[name] = (log, out)
    return out


def _buildings(w: World, s: State) -> dict[str, BuildingView]:
    """Every building space: the standing ones in the order the rules keep them, then the
    destroyed ones in the order they fell."""
    cov = s.cov
    skulls = s.skulls
    kingdom_of = w.board.kingdom_of
    out: dict[str, BuildingView] = {}
    built = {x.space: x.monument for x in cov.sites if x.status == "built"} if cov else {}
    # what a space's building counts as and holds follows from the sites alone: kept by them
    layout = tuple((x.space, x.status, x.monument) for x in cov.sites) if cov else ()
    for sp in [*skulls, *s.destroyed]:
        standing = sp in skulls
        key = (sp, layout)
        fixed: Any = w.caches.buildings.get(key)
        if fixed is None:
            fixed = bounded(w.caches.buildings)[key] = (
                building_type(w, s, sp),
                skull_capacity(w, s, sp),  # RTDT-SKULL-2, COV-CLARIFY-12
            )
        n = skulls[sp] if standing else None
        out[sp] = BuildingView(
            kingdom_of[sp],
            fixed[0],
            standing,
            n,
            cov.doom.get(sp, 0) if cov is not None else 0,  # COV-DOOM-3
            fixed[1],
            # COV-DOOM-4, COV-CLARIFY-13 (a building without skulls has none to cleanse)
            bool(n) and cleansable(w, s, sp),
            built.get(sp),
            cov is not None and sp in cov.protections,
        )
    return out


def _kept_heroes(
    k: Kept, w: World, s: State, seat: int, revealed: dict[str, str]
) -> tuple[HeroView, ...]:
    """The heroes, the same tuple while each hero's entry is the same object."""
    heroes = tuple([_kept_hero(k, w, s, h, seat, revealed) for h in s.heroes])
    return k.get(("heroes", seat), heroes, lambda: heroes)


def _kept_hero(
    k: Kept, w: World, s: State, h: HeroState, seat: int, revealed: dict[str, str]
) -> HeroView:
    """A hero's entry, rebuilt when the hero board or the revealed glyphs change (glyph
    costs read the Tower and the hero's cards); kept apart for its own seat and for the
    others, who do not see its face-down trials. The key holds the live lists, compared
    with the copies kept from the last build (a list equals a list of the same items)."""
    key = (
        h.hero,
        h.kingdom,
        h.space,
        h.warriors,
        h.spirit,
        h.spores,
        h.eliminated,
        h.potions,
        h.gear,
        h.treasures,
        h.quest_items,
        h.virtues,
        h.inactive,
        h.corruptions,
        h.companions,
        h.trials,
        h.trials_done,
        revealed,
        s.tower.seals,
        s.tower.rotation,
    )
    name = ("hero", h.seat, h.seat == seat)
    hit = k.parts.get(name)
    if hit is not None and hit[0] == key:
        return hit[1]
    view = _hero(w, s, h, seat, revealed)
    k.parts[name] = (tuple([x.copy() if isinstance(x, (list, dict)) else x for x in key]), view)
    return view


def _hero(w: World, s: State, h: HeroState, seat: int, revealed: dict[str, str]) -> HeroView:
    cards = h.card_key()
    key = (h.hero, *cards)
    fixed = w.caches.heroes.get(key)
    if fixed is None:  # what follows from the hero's cards alone
        fixed = bounded(w.caches.heroes)[key] = (
            w.name(h.hero),
            corruption_limit(w, h),  # RTDT-CORR-8, COV-AEGIS-1
            treasure_limit(w, h),  # RTDT-ITEM-3
            base_move(w, h),  # RTDT-MOVE-1
        )
    return HeroView(
        h.hero,
        h.seat,
        h.kingdom,
        h.space,
        h.warriors,
        h.spirit,
        tuple(h.potions),
        tuple(h.gear),
        tuple(h.treasures),
        tuple(h.quest_items),
        tuple(h.virtues),
        tuple(h.inactive),
        tuple(h.corruptions),
        tuple(h.companions),
        h.spores,
        # CMP-HIDDEN-1: face-down trials are their owner's secret
        tuple(h.trials) if h.seat == seat else len(h.trials),
        tuple(h.trials_done),  # CMP-HIDDEN-2: completed trials are public to every seat
        h.eliminated,
        cards,
        *fixed,  # name, corruption_limit, treasure_limit, base_move
        # RTDT-GLYPH-3: only a revealed glyph facing the hero's home kingdom costs anything
        {g: glyph_cost(w, s, h, g) if revealed.get(g) == h.kingdom else 0 for g in GLYPHS},
    )


def _turn(w: World, s: State) -> TurnView:
    t = s.turn
    return TurnView(
        t.seat,
        t.phase,
        move_value(w, s, s.heroes[t.seat]),
        t.moves_left,
        t.moving_started,
        t.doubled,
        t.heroic_done,
        t.reinforces,
        t.reinforce_space,
        t.reinforce_cancelled,
        t.haggle,
        t.traded,
        t.banner_done,
        tuple(t.start_pending),
        tuple(t.used),
        t.extra_turn,
        t.advantages_used,
        t.borrowed_virtue,
    )


def _foes(w: World, s: State) -> dict[str, FoeView]:
    """RTDT-FOE-8: the foe status screen: how many on the board, status, strike event."""
    out = {}
    for foe in s.config.foes:
        printed: Any = w.caches.foes.get(foe)
        if printed is None:  # name, level, traits and strikes are printed: made once
            info = w.content.foes[foe]
            printed = w.caches.foes[foe] = (
                w.name(foe),
                info.level,
                tuple(info.traits),
                {status: strike.text for status, strike in info.strikes.items()},
            )
        name, level, traits, strikes = printed
        status = s.foe_status.get(foe)
        out[foe] = FoeView(
            name,
            level,
            traits,
            status,
            tuple([sp for f, sp in s.foes if f == foe]),
            strikes[status] if status is not None else None,
        )
    return out


def _quests(w: World, s: State) -> tuple[QuestView, ...]:
    out = []
    for q in s.quests:
        info = w.content.quests[q.quest]
        stage = info.stages[q.stage]
        key = (q.quest, q.stage)
        needs: Any = w.caches.needs.get(key)
        if needs is None:  # printed, so made once (pydantic's dump is slow)
            needs = w.caches.needs[key] = stage.needs.model_dump(exclude_defaults=True)
        out.append(
            QuestView(
                q.quest,
                info.name,
                q.kind,
                q.stage + 1,
                len(info.stages),
                stage.text,
                q.space,
                {k: v[:] if isinstance(v, list) else v for k, v in needs.items()},
            )
        )
    return tuple(out)


def _prompt(k: Kept, w: World, s: State, seat: int) -> str:
    """The question in words; a question about cards only its seat looked at is told to the
    others without them. On a turn with nothing else asked or open, the prompt names only
    the seat's hero, the month and whether the turn has started (explain.asked): kept by
    those; so is a battle's."""
    if s.pending and s.pending[-1].kind in HIDDEN_OPTIONS and s.pending[-1].seat != seat:
        d = s.pending[-1]
        return f"{w.name(s.heroes[d.seat].hero)}: {DECISION_RULES[d.kind][0]}."
    plain_turn = not s.pending and s.trade is None and s.delve is None and s.battle is None
    if plain_turn and s.result is None:
        t = s.turn
        return k.get("prompt", (t.seat, t.phase == "start", s.month), lambda: prompt(w, s))
    b = s.battle
    if b is not None and not s.pending and s.trade is None and s.delve is None and s.result is None:
        # a battle's prompt names the hero, the foe, the card and its rung (explain.asked)
        card = b.cards[b.index] if b.revealed else None
        key = (s.turn.seat, b.foe, b.revealed, b.resolved, b.index, len(b.cards), card, b.rung)
        return k.get("battle_prompt", key, lambda: prompt(w, s))
    return prompt(w, s)


def _adversary(w: World, cfg: Config, space: str) -> AdversaryView:
    return AdversaryView(
        cfg.adversary,
        w.name(cfg.adversary),
        space or None,
        # RTDT-ADVERSARY-2: it comes out when the main goal is done; the
        # competitive race is for the relic instead (CMP-GOAL-1): it stays inside the Tower
        None if cfg.mode == "competitive" else "main_goal",
    )


def _pending(s: State, seat: int) -> DecisionView | None:
    if not s.pending:
        return None
    d = s.pending[-1]
    hidden = d.kind in HIDDEN_OPTIONS and d.seat != seat
    options = len(d.options) if hidden else d.options
    return DecisionView(d.kind, d.seat, d.amount, d.scope, d.target, options, d.up_to, d.context)
