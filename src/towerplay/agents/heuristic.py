"""A rule-of-thumb player for Return to Dark Tower.

It reads only what a player could see: `observe(seat)` for quests and dungeons, and the
public parts of `game.state` and `game.world` (skulls on buildings, foe tokens and their
status, what each hero holds, the board and the printed cards). It never looks at deck
orders, the Tower's lodged skulls or the month's hidden length.

Its habits, in order of importance:

- keep the skull supply alive: cleanse buildings with 2-3 skulls (home kingdoms first),
  spend skull-clearing potions and treasures, place emerged skulls on the emptiest building;
- battle foes it can beat (the foe's level and status against its warriors and advantages),
  climbing the worst battle-card rungs first and saving conditional items for cards that
  would otherwise hurt badly;
- pursue quest markers and dungeons when the game has them, the main goal first;
- Reinforce for what it lacks: warriors when low, corruptions away when spirit allows,
  spirit, gear, treasures and virtues when spirit is plentiful;
- never open a trade, and end its turn.

In competitive mode (docs/rules/competitive.md) it races for the relic: it picks the one of its
own face-down trials it can complete in the fewest turns (walking plus Reinforce visits for what
the trial asks: villages for warriors, bazaars for gear and treasures, citadels for potions and
virtues, heroic actions on the way for spirit), heads there with heroic actions only where they
cost little detour, completes it, and answers the seal question by putting back an open seal
facing its home kingdom (or keeping the Tower as it is). With three trials it walks next to the
Tower and explores its dungeon beyond the first row, improving each room it can, and leaves when
the next unknown room costs more than the chance of the relic there is worth. It knows which
rooms are cleared and the room it stands in, never the relic's room, and never another hero's
face-down trials.

Every decision falls back to a sensible legal action; `act` never raises.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from typing import Any

from towerplay.core.notation import Action
from towerplay.core.rng import Rng, seed_state
from towerplay.rtdt.competitive import advantages_ok

STATUSES = ("panicked", "unsteady", "ready", "savage", "lethal")
START_RUNG = {"lethal": 0, "savage": 1, "ready": 1, "unsteady": 2, "panicked": 3}
TOP_RUNG = 4
ADVERSARY_CARDS = 5
KINGDOMS = ("north", "east", "south", "west")
GLYPH_HOMES = {
    "cleanse": (0, 0),
    "quest": (0, 2),
    "battle": (1, 0),
    "banner": (2, 0),
    "reinforce": (2, 2),
}

ITEM_VALUE = {
    # treasures
    "lamp_of_hope": 9.0,
    "acorns_of_the_white_oak": 8.0,
    "circlet_of_conviction": 7.0,
    "hallowed_reliquary": 7.0,
    "azkols_horn": 6.0,
    "crown_of_azkol": 6.0,
    "kamarias_carpet": 6.0,
    "oakstone_bow": 5.5,
    "spear_of_atish": 5.5,
    "white_cauldron": 5.0,
    "necklace_of_haggling": 5.0,
    "scroll_of_the_great_serpent": 5.0,
    "scroll_of_twilight_shadow": 5.0,
    "scroll_of_burning_sands": 5.0,
    "amulet_of_the_marid": 5.0,
    "golden_mace_of_azkol": 5.0,
    "lamp_of_darkness": 5.0,
    "tears_of_the_shedu": 5.0,
    "axe_of_soul_rending": 5.0,
    "cloak_of_stars": 4.5,
    "azkols_banner": 4.0,
    # gear
    "blessed_scepters": 6.5,
    "leather_armor": 5.5,
    "trusted_maps": 5.0,
    "longswords": 4.0,
    "brass_talismans": 4.0,
    "dusky_cloaks": 4.0,
    # potions
    "potion_of_purifying_breath": 4.0,
    "potion_of_dragon_teeth": 3.0,
    "potion_of_the_golden_sun": 2.5,
    "potion_of_fortunes_favor": 2.5,
    "potion_of_one_thousand_strides": 1.5,
    "potion_of_the_sirens_song": 1.0,
}
KIND_VALUE = {"potion": 2.0, "gear": 4.0, "treasure": 5.0, "quest_item": 9.0, "companion": 10.0}
VIRTUE_VALUE = {
    "infused": 9.0,
    "inspiring": 8.0,
    "resourceful": 8.0,
    "generous": 7.0,
    "fortunate": 6.0,
    "blessed": 5.0,
    "anointed": 5.0,
    "lucky": 5.0,
    "crafty": 5.0,
    "swift": 5.0,
    "veteran": 5.0,
    "callous": 3.0,
    "relentless": 3.0,
    "inventive": 2.0,
    "unseen": 2.0,
}
# what a building is worth losing to a "destroy" strike: lower goes first
KEEP_BUILDING = {"bazaar": 0, "citadel": 1, "village": 2, "sanctuary": 3}
SHORT_WARRIORS = 6  # a teammate below this many warriors gets some of ours
SPARE_FROM = 24  # when we hold at least this many
QUEST_KIND_VALUE = {"main_goal": 30.0, "adversary": 18.0, "companion": 14.0}
# competitive mode
TOWER = "tower"  # the Tower's dungeon among the dungeons
TRIALS_NEEDED = 3
TRIAL_VALUE = 60.0  # completing a heroic trial, as a heroic action
TOWER_VALUE = 55.0  # entering the Tower's dungeon once ready
WARRIOR_BUFFER = 3  # warriors kept after a trial that spends them, against strikes
LOW_SUPPLY = 4  # at or below: cleanse wherever it pays, an empty supply eliminates
DETOUR = 2.5  # per step a heroic detour leaves us farther from the goal
RELIC_VALUE = 120.0  # finding the relic: winning
# what each trial need is gathered with: (building, option, per visit, spirit per visit)
GATHER = {
    "warriors": ("village", "enhanced", 12, 1),
    "potions": ("citadel", "free", 1, 0),
    "gear": ("bazaar", "free", 1, 0),
    "treasures": ("bazaar", "enhanced", 1, 2),
    "virtues": ("citadel", "enhanced", 1, 5),
}
# room order in the Tower's dungeon: the relic lies beyond the first row; hubs first
ROOM_ORDER = (3, 2, 4, 5, 1, 0)


# --- precomputed lookups, one per World --------------------------------------------------


class _Tables:
    """Distances and battle decks, built once per World and shared by every agent."""

    def __init__(self, world: Any) -> None:
        board = world.board
        self.dist: dict[str, dict[str, int]] = {}
        for src in board.spaces:
            d = {src: 0}
            queue = deque([src])
            while queue:
                here = queue.popleft()
                for n in board.neighbours[here]:
                    if n not in d:
                        d[n] = d[here] + 1
                        queue.append(n)
            self.dist[src] = d
        self.decks: dict[str, list[Any]] = {}
        content = world.content
        cards = list(content.battle.cards)
        by_id = {c.id: c for c in cards}
        sources = list(content.foes.items()) + list(content.adversaries.items())
        for fid, foe in sources:
            traits = set(foe.traits)
            deck = [c for c in cards if c.family == "generic"]
            deck += [c for c in cards if c.family == "trait" and c.trait in traits]
            crit = by_id.get(foe.critical)
            if crit is not None:
                deck.append(crit)
            self.decks[fid] = deck
        # per foe, per card, per rung: warriors lost as (base, per skull near, per foe here)
        # and the rest of the rung's cost at fixed rates
        self.profiles: dict[
            str, list[list[tuple[int, int, int, float, tuple[tuple[str, int], ...]]]]
        ] = {
            fid: [[_rung_profile(r.effects) for r in c.rungs] for c in deck]
            for fid, deck in self.decks.items()
        }


def _rung_profile(
    effects: Sequence[Any],
) -> tuple[int, int, int, float, tuple[tuple[str, int], ...]]:
    base = per_skull = per_foe = 0
    other = 0.0
    items: list[tuple[str, int]] = []
    for e in effects:
        op = getattr(e, "op", "")
        amount = getattr(e, "amount", 1)
        amount = amount if isinstance(amount, int) else 1
        if op == "lose" and getattr(e, "resource", "") == "warriors":
            base += amount
            per = getattr(e, "per", None)
            if per == "skull_near":
                per_skull += getattr(e, "per_amount", 0)
            elif per == "foe_here":
                per_foe += getattr(e, "per_amount", 0)
        elif op == "lose":
            other += 2.0 * amount
        elif op == "gain":
            other -= (0.7 if getattr(e, "resource", "") == "warriors" else 2.0) * amount
        elif op == "lose_item":
            other += 3.0 * amount
            items.append((str(getattr(e, "kind", "item")), amount))
        elif op == "lose_virtue":
            other += 7.0
        elif op == "add_skulls":
            other += 3.0 * amount
        elif op == "tower_stirs":
            other += 3.0
        elif op == "gain_corruption":
            other += 15.0
        elif op == "gain_item":
            other -= 1.5 * amount
    return (base, per_skull, per_foe, other, tuple(items))


_TABLES: dict[int, _Tables] = {}


def tables(world: Any) -> _Tables:
    t = _TABLES.get(id(world))
    if t is None:
        if len(_TABLES) > 8:
            _TABLES.clear()
        t = _TABLES[id(world)] = _Tables(world)
    return t


# --- small helpers -------------------------------------------------------------------------


def warrior_step(i: int) -> float:
    """What the i-th warrior (counting from 0) is worth: the first few matter most."""
    if i < 5:
        return 2.5
    if i < 10:
        return 1.8
    if i < 15:
        return 1.0
    if i < 24:
        return 0.5
    return 0.25


def warriors_value(have: int, delta: int) -> float:
    """Value of gaining (delta > 0) or losing (delta < 0) warriors from `have`."""
    if delta >= 0:
        return sum(warrior_step(i) for i in range(have, have + delta))
    lost = min(have, -delta)
    return -sum(warrior_step(i) for i in range(have - lost, have))


def spirit_value(have: int) -> float:
    return 2.5 if have < 3 else 1.5 if have < 7 else 0.8 if have < 12 else 0.4


def corruption_cost(h: Any) -> float:
    n = len(h.corruptions)
    return 12.0 if n == 0 else 25.0 if n == 1 else 500.0


def item_value(world: Any, item: str) -> float:
    v = ITEM_VALUE.get(item)
    if v is not None:
        return v
    return KIND_VALUE.get(world.kind_of.get(item, ""), 3.0)


def verb_of(a: Action) -> str:
    return a[0] if len(a) else ""


class _View:
    """What one decision needs, gathered once."""

    __slots__ = ("game", "w", "s", "h", "seat", "t", "legal", "by_verb", "obs", "_quests", "cache")

    def __init__(self, game: Any, seat: int, legal: list[Action]) -> None:
        self.game = game
        self.w = game.world
        self.s = game.state
        self.seat = seat
        self.h = self.s.heroes[seat]
        self.t = tables(self.w)
        self.legal = legal
        self.by_verb: dict[str, list[Action]] = {}
        for a in legal:
            self.by_verb.setdefault(verb_of(a), []).append(a)
        self.obs: dict[str, Any] | None = None
        self._quests: list[dict[str, Any]] | None = None
        self.cache: dict[Any, Any] = {}

    def observe(self) -> dict[str, Any]:
        if self.obs is None:
            try:
                self.obs = self.game.observe(self.seat)
            except Exception:
                self.obs = {}
        return self.obs

    def quests(self) -> list[dict[str, Any]]:
        """Quest markers on the board (an empty list while the game has none)."""
        if self._quests is None:
            out: list[dict[str, Any]] = []
            if hasattr(self.s, "quests") and getattr(self.s, "quests", None):
                raw = self.observe().get("quests") or []
                for q in raw:
                    if isinstance(q, dict) and isinstance(q.get("space"), str):
                        out.append(q)
            self._quests = out
        return self._quests

    def dist(self, a: str, b: str) -> int:
        return self.t.dist.get(a, {}).get(b, 99)


# --- the agent -------------------------------------------------------------------------------


class HeuristicAgent:
    """Rule-based Return to Dark Tower player; deterministic for a seed."""

    threat_weight = 0.25
    strict = False  # tests set this to see the agent's own errors instead of the fallback

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed_state(seed))
        self._memo: dict[Any, Any] = {}
        self._comp_choice: dict[int, str] = {}  # the trial each seat is going for

    def act(self, game: Any) -> Action:
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        try:
            seat = game.to_act
            v = _View(game, seat, legal)
            choice = self._decide(v)
            if choice is not None and choice in legal:
                return choice
        except Exception:  # an engine change must not stop the agent: fall back below
            if self.strict:
                raise
        return self._fallback(legal)

    def _fallback(self, legal: list[Action]) -> Action:
        """A safe default: end, stop or done when offered; never open a trade."""
        for verb in ("end", "stop", "done", "resolve", "reject", "cancel", "leave", "continue"):
            for a in legal:
                if len(a) == 1 and a[0] == verb:
                    return a
        calm = [a for a in legal if verb_of(a) not in ("trade", "give", "take", "double", "banner")]
        pool = calm or legal
        return pool[self.rng.below(len(pool))]

    # --- dispatch --------------------------------------------------------------------------

    def _decide(self, v: _View) -> Action | None:
        s = v.s
        if s.pending:
            return self._answer(v, s.pending[-1])
        if s.trade is not None:
            return self._trade_move(v)
        if s.battle is not None:
            return self._battle_move(v)
        if getattr(s, "delve", None) is not None:
            if getattr(s.delve, "space", "") == TOWER:
                return self._tower_delve_move(v)
            return self._delve_move(v)
        return self._turn_move(v)

    # --- pending decisions -----------------------------------------------------------------

    def _answer(self, v: _View, d: Any) -> Action | None:
        k = d.kind
        legal = v.legal
        if k == "seal":
            return self._seal_answer(v)
        if k in ("place_skull", "strike_building", "add_skull"):
            return self._skull_target(v, d)
        if k == "remove_skull":
            return self._remove_skull(v)
        if k in ("discard", "lose_item", "spend_item"):
            return min(legal, key=lambda a: (item_value(v.w, a[1]) if len(a) > 1 else 99.0, str(a)))
        if k == "take_gear":
            return max(legal, key=lambda a: (self._gear_value(v, a[1]), str(a)))
        if k == "take_treasure":
            return max(legal, key=lambda a: (self._treasure_value(v, a[1]), str(a)))
        if k == "flip_virtue":
            return max(legal, key=lambda a: (VIRTUE_VALUE.get(a[1], 4.0), str(a)))
        if k == "lose_virtue":
            return min(legal, key=lambda a: (VIRTUE_VALUE.get(a[1], 4.0), str(a)))
        if k == "place_hero":
            return self._place_hero(v)
        if k == "pick_hero":
            mine = [a for a in legal if len(a) > 1 and a[1] == v.h.hero]
            return mine[0] if mine else None
        if k == "step_hero":
            return self._step_hero(v, d)
        if k == "trade_respond":
            return self._respond_trade(v)
        if k == "new_wares":
            return self._new_wares(v)
        if k == "pick_foe":
            return self._pick_foe(v, d)
        if k in ("step_foe", "move_token"):
            return self._move_foe(v, d)
        if k == "unseen":  # take a foe off the board instead of the quest's spirit
            foes = [a for a in legal if verb_of(a) == "foe" and len(a) > 2]
            best = max(foes, key=lambda a: (self._threat(v, a[1]), str(a)), default=None)
            if best is not None and self._threat(v, best[1]) >= 2.5 * spirit_value(v.h.spirit):
                return best
            return next((a for a in legal if verb_of(a) == "spirit"), best)
        if k == "cloak":  # send away a foe we are not going to beat
            for a in legal:
                if verb_of(a) == "foe" and len(a) > 2 and self._battle_value(v, a[1], a[2]) <= 0:
                    return a
            return next((a for a in legal if verb_of(a) == "stop"), None)
        return None

    def _new_wares(self, v: _View) -> Action | None:
        """Send back a market treasure that gives none of the advantage our quest lacks."""
        done = next((a for a in v.legal if verb_of(a) == "done"), None)
        kind = self._quest_needs(v).get("advantage_type")
        if not kind:
            return done
        for a in v.legal:
            if (
                verb_of(a) == "replace"
                and self._treasure_value(v, a[1]) < item_value(v.w, a[1]) + 1.0
            ):
                return a
        return done

    def _skull_target(self, v: _View, d: Any) -> Action | None:
        """Emerged, strike and battle-card skulls: the building with the fewest skulls, never a
        4th while another has room; a destroying strike takes the least useful building."""
        s, w = v.s, v.w
        legal = v.legal
        options = [a for a in legal if len(a) > 1 and a[1] in s.skulls]
        if not options:
            return legal[0]
        homes = {h.kingdom for h in s.heroes}
        destroy = d.kind == "strike_building" and d.scope == "destroy"

        def key(a: Action) -> tuple[float, ...]:
            sp = a[1]
            n = s.skulls[sp]
            near = min((v.dist(h.space, sp) for h in s.heroes), default=9)
            home = 1 if w.board.kingdom_of[sp] in homes else 0
            if destroy:
                return (n, KEEP_BUILDING.get(w.board.building_of[sp], 2), home, near)
            # fewest skulls; on ties a dormant kingdom (no corruption), then near a hero
            return (n, home, near)

        return min(options, key=lambda a: (key(a), str(a)))

    def _remove_skull(self, v: _View) -> Action | None:
        s = v.s
        homes = {h.kingdom for h in s.heroes}
        options = [a for a in v.legal if verb_of(a) == "remove" and len(a) > 1]
        if not options:
            return next((a for a in v.legal if verb_of(a) == "stop"), None)

        def key(a: Action) -> tuple[int, int, str]:
            sp = a[1]
            home = 1 if v.w.board.kingdom_of.get(sp) in homes else 0
            return (-s.skulls.get(sp, 0), -home, sp)

        return min(options, key=key)

    def _gear_value(self, v: _View, gear: str) -> float:
        if gear in v.h.gear:
            return -1.0
        value = ITEM_VALUE.get(gear, 3.0)
        needs = self._quest_needs(v)
        kind = needs.get("advantage_type")
        for adv in v.w.advantages.get(gear, ()):
            if kind and (adv.type == kind or kind == "any"):
                value += 6.0
            if any(adv.type in self._foe_traits(v, f) for f in set(f for f, _ in v.s.foes)):
                value += 0.5
        return value

    def _foe_traits(self, v: _View, foe: str) -> tuple[str, ...]:
        c = v.w.content
        if foe in c.foes:
            return tuple(c.foes[foe].traits)
        if foe in c.adversaries:
            return tuple(c.adversaries[foe].traits)
        return ()

    def _place_hero(self, v: _View) -> Action | None:
        options = [a for a in v.legal if len(a) > 1]
        if not options:
            return None
        scores = self._space_scores(v, heroic=not v.s.turn.heroic_done, reinforce=True)

        def key(a: Action) -> tuple[float, str]:
            return (-scores.get(a[1], 0.0) + 0.01 * v.dist(v.h.space, a[1]), a[1])

        return min(options, key=key)

    def _step_hero(self, v: _View, d: Any) -> Action | None:
        stop = next((a for a in v.legal if verb_of(a) == "stop"), None)
        try:
            mover = v.s.heroes[int(d.target)]
        except (ValueError, IndexError):
            return stop
        if mover.seat != v.seat:
            return stop
        goal = self._goal(v)
        if goal is None or goal == mover.space:
            return stop
        here = v.dist(mover.space, goal)
        steps = [a for a in v.legal if verb_of(a) == "step" and v.dist(a[1], goal) < here]
        return min(steps, key=str) if steps else stop

    def _respond_trade(self, v: _View) -> Action | None:
        """Accept when what this hero gets is worth at least what it gives."""
        trade = v.s.trade
        accept = next((a for a in v.legal if verb_of(a) == "accept"), None)
        reject = next((a for a in v.legal if verb_of(a) == "reject"), None)
        if trade is None or accept is None:
            return reject
        h = v.h
        net = 0.0
        for m in trade.moves:
            parts = m.split()
            if len(parts) < 2:
                continue
            # moves are written by the active hero: "give" goes to us, "take" comes from us
            sign = 1.0 if parts[0] == "give" else -1.0
            what = parts[1]
            n = int(parts[2]) if len(parts) > 2 and parts[2].isdigit() else 1
            if what == "warriors":
                base = h.warriors - n if sign > 0 else h.warriors + n
                net += sign * abs(warriors_value(max(0, base), n))
            elif what == "spirit":
                net += sign * n * spirit_value(h.spirit)
            else:
                net += sign * item_value(v.w, what)
        return accept if net >= 0 else reject

    def _pick_foe(self, v: _View, d: Any) -> Action | None:
        options = [a for a in v.legal if verb_of(a) == "foe" and len(a) > 2]
        if not options:
            return None
        if d.context == "remove":
            return max(options, key=lambda a: (self._threat(v, a[1]), str(a)))
        # moving a foe: the one closest to a hero
        return min(options, key=lambda a: (min(v.dist(h.space, a[2]) for h in v.s.heroes), str(a)))

    def _move_foe(self, v: _View, d: Any) -> Action | None:
        """Send a foe (our choice) where it hurts least: away from heroes, off buildings."""
        s = v.s
        options = [a for a in v.legal if len(a) > 1 and verb_of(a) in ("step", "to")]
        stop = next((a for a in v.legal if verb_of(a) == "stop"), None)

        def harm(sp: str) -> float:
            near = min((v.dist(h.space, sp) for h in s.heroes), default=9)
            skulls = s.skulls.get(sp, -1)
            on_building = 0.0 if skulls < 0 else 1.0 + 0.5 * skulls
            return -min(near, 4) + on_building

        if not options:
            return stop
        best = min(options, key=lambda a: (harm(a[1]), str(a)))
        if stop is not None and harm(d.context) <= harm(best[1]):
            return stop
        return best

    # --- trade, battle, dungeon -------------------------------------------------------------

    def _trade_move(self, v: _View) -> Action | None:
        """The only trade we open: spare warriors for a teammate who is nearly out of them."""
        trade = v.s.trade
        cancel = next((a for a in v.legal if verb_of(a) == "cancel"), None)
        if trade is None:
            return cancel
        if trade.moves:
            return next((a for a in v.legal if verb_of(a) == "offer"), cancel)
        n = self._spare_warriors(v, v.s.heroes[trade.partner])
        give = Action("give", "warriors", str(n))
        return give if n > 0 and give in v.legal else cancel

    def _spare_warriors(self, v: _View, partner: Any) -> int:
        if partner.warriors >= SHORT_WARRIORS or v.h.warriors < SPARE_FROM:
            return 0
        return min(10, v.h.warriors - SPARE_FROM + 6, SHORT_WARRIORS + 4 - partner.warriors)

    def _helpful_trade(self, v: _View) -> Action | None:
        for a in v.by_verb.get("trade", []):
            try:
                partner = v.s.heroes[int(a[1])]
            except (ValueError, IndexError):
                continue
            if self._spare_warriors(v, partner) > 0:
                return a
        return None

    def _card_cost(self, v: _View, card: Any, rung: int, warriors: int | None = None) -> float:
        rung = max(0, min(rung, len(card.rungs) - 1))
        return self._effects_cost(v, card.rungs[rung].effects, warriors=warriors, battle=True)

    def _effects_cost(
        self, v: _View, effects: Sequence[Any], warriors: int | None = None, battle: bool = False
    ) -> float:
        """What a list of effects costs this hero, in warrior-equivalents (negative: a gain)."""
        h, s, w = v.h, v.s, v.w
        wr = h.warriors if warriors is None else warriors
        sp = h.spirit
        cost = 0.0
        short = False
        prevent = 0
        if battle:
            prevent = v.cache.get("prevent", -1)
            if prevent < 0:
                prevent = 0
                for cid in h.cards():
                    for f in w.flags.get(cid, ()):
                        if f.flag == "block_warrior_losses":
                            prevent += int(getattr(f, "amount", 0) or 0)
                v.cache["prevent"] = prevent
        for e in effects:
            op = getattr(e, "op", "")
            amount = getattr(e, "amount", 1)
            amount = amount if isinstance(amount, int) else 1
            if op == "gain":
                if getattr(e, "resource", "") == "warriors":
                    cost -= warriors_value(wr, amount)
                    wr += amount
                else:
                    cost -= amount * spirit_value(sp)
                    sp += amount
            elif op == "lose":
                per = getattr(e, "per", None)
                n = amount + getattr(e, "per_amount", 0) * self._count_per(v, per)
                if getattr(e, "resource", "") == "warriors":
                    n = max(0, n - prevent)
                    if n > wr:
                        short = True
                    cost -= warriors_value(wr, -n)
                    wr = max(0, wr - n)
                else:
                    if n > sp:
                        short = True
                    cost += min(n, sp) * spirit_value(sp)
                    sp = max(0, sp - n)
            elif op == "lose_item":
                kind = getattr(e, "kind", "item")
                held = self._held(h, kind)
                if len(held) < amount:
                    short = True
                if held:
                    vals = sorted(item_value(w, i) for i in held)
                    cost += sum(vals[:amount])
            elif op == "lose_virtue":
                if [x for x in h.virtues if x not in w.content.kingdom_virtues]:
                    cost += 7.0
                else:
                    short = True
            elif op == "add_skulls":
                cost += 3.0 * amount
            elif op == "tower_stirs":
                cost += 3.0
            elif op == "gain_item":
                cost -= KIND_VALUE.get(getattr(e, "kind", ""), 2.0) * 0.6 * amount
            elif op == "gain_corruption":
                cost += corruption_cost(h)
            elif op == "remove_corruptions":
                cost -= 10.0 * len(h.corruptions)
            elif op == "remove_skulls":
                cost -= 2.0 * amount
            elif op == "gain_virtue":
                cost -= 6.0 if h.inactive else 0.0
        if short:
            cost += corruption_cost(h)
        del s
        return cost

    def _count_per(self, v: _View, per: str | None) -> int:
        s = v.s
        at = v.cache.get("at") or v.h.space
        if per == "skull_near":
            return sum(s.skulls.get(sp, 0) for sp in v.w.board.near(at))
        if per == "foe_here":
            return sum(1 for _, sp in s.foes if sp == at)
        return 0

    @staticmethod
    def _held(h: Any, kind: str) -> list[str]:
        if kind == "potion":
            return list(h.potions)
        if kind == "gear":
            return list(h.gear)
        if kind == "treasure":
            return list(h.treasures)
        return h.potions + h.gear + h.treasures

    def _advantages(
        self, v: _View, h: Any, battling: bool, space: str | None = None
    ) -> dict[str, int]:
        """Automatic advantages a hero has (counted as the engine counts them)."""
        w, s = v.w, v.s
        here = space or h.space
        out: dict[str, int] = {}
        for cid in h.cards():
            for adv in w.advantages.get(cid, ()):
                if adv.conditional:
                    continue
                when = adv.when
                n = 0
                if when == "always":
                    n = adv.amount
                elif when == "battling":
                    n = adv.amount if battling else 0
                elif when == "doubled_move":
                    n = adv.amount if s.turn.doubled and s.turn.seat == h.seat else 0
                elif when == "per_clean_building_near":
                    n = adv.amount * sum(1 for sp in w.board.near(here) if s.skulls.get(sp) == 0)
                else:
                    n = adv.amount if w.board.terrain_of[here] == when.removeprefix("on_") else 0
                if n:
                    out[adv.type] = out.get(adv.type, 0) + n
        return out

    def _adv_cap(self, v: _View) -> int:
        cap = 10
        for m in v.w.profile(v.h.cards()).modifiers:
            if m.stat == "advantage_cap":
                cap = min(cap, m.amount - v.s.turn.advantages_used)
        return max(0, cap)

    def _rung_marginals(self, v: _View, deck: list[Any], warriors: int) -> list[float]:
        """Average gain of climbing from rung r to r+1 over a deck, for r = 0..3."""
        if not deck:
            return [0.0] * TOP_RUNG
        avg = [
            sum(self._card_cost(v, c, r, warriors) for c in deck) / len(deck)
            for r in range(TOP_RUNG + 1)
        ]
        return [max(0.0, avg[r] - avg[r + 1]) for r in range(TOP_RUNG)]

    def _battle_estimate(self, v: _View, foe: str, space: str | None = None) -> tuple[float, float]:
        """(expected cost in warrior-equivalents, expected warriors lost) of battling `foe`
        from `space` (default: where the hero stands), advantages spread over the cards greedily."""
        s, h = v.s, v.h
        at = space or h.space
        near = sum(s.skulls.get(sp, 0) for sp in v.w.board.near(at))
        here = sum(1 for _, sp in s.foes if sp == at)
        key = (
            foe,
            s.foe_status.get(foe, ""),
            near,
            here,
            h.warriors,
            tuple(h.cards()),
            len(h.corruptions),
            s.turn.advantages_used,
            v.w.board.terrain_of.get(at),
            s.turn.doubled and s.turn.seat == h.seat,
            sum(1 for sp in v.w.board.near(at) if s.skulls.get(sp) == 0),
            len(h.potions),
        )
        hit = self._memo.get(key)
        if hit is None:
            if len(self._memo) > 20_000:
                self._memo.clear()
            saved = v.cache.get("at")
            v.cache["at"] = at
            try:
                hit = self._memo[key] = self._battle_estimate_raw(v, foe, at)
            finally:
                v.cache["at"] = saved
        return hit

    def _battle_estimate_raw(self, v: _View, foe: str, at: str) -> tuple[float, float]:
        w, s, h = v.w, v.s, v.h
        profile = v.t.profiles.get(foe)
        if not profile:
            return (99.0, 99.0)
        adversary = foe not in w.content.foes
        level = ADVERSARY_CARDS if adversary else w.content.foes[foe].level
        status = "ready" if adversary else s.foe_status.get(foe, "ready")
        try:
            r0 = int(w.content.battle.start_rung[status])
        except (KeyError, TypeError, AttributeError):
            r0 = START_RUNG.get(status, 1)
        allowed = set(self._foe_traits(v, foe)) | {"wild"}
        pool = self._advantages(v, h, battling=True, space=at)
        p = min(sum(n for t, n in pool.items() if t in allowed), self._adv_cap(v))
        near = sum(s.skulls.get(sp, 0) for sp in w.board.near(at))
        here = sum(1 for _, sp in s.foes if sp == at)
        prevent = 0
        for cid in h.cards():
            for f in w.flags.get(cid, ()):
                if f.flag == "block_warrior_losses":
                    prevent += int(getattr(f, "amount", 0) or 0)
        per_warrior = (
            max(0.35, -warriors_value(h.warriors, -min(h.warriors, 10)) / 10) if h.warriors else 2.0
        )
        # expected warriors lost and full cost per rung, over the deck
        wl = [0.0] * (TOP_RUNG + 1)
        full = [0.0] * (TOP_RUNG + 1)
        held = {"potion": len(h.potions), "gear": len(h.gear), "treasure": len(h.treasures)}
        held["item"] = held["potion"] + held["gear"] + held["treasure"]
        short_cost = corruption_cost(h)
        for card in profile:
            for r in range(TOP_RUNG + 1):
                base, per_skull, per_foe, other, items = card[min(r, len(card) - 1)]
                lost = max(0, base + per_skull * near + per_foe * here - prevent)
                wl[r] += lost
                full[r] += lost * per_warrior + other
                if any(held.get(kind, 0) < n for kind, n in items):
                    full[r] += short_cost
        n = len(profile)
        full = [x / n for x in full]
        wl = [x / n for x in wl]
        rungs = [r0] * level
        for _ in range(p):
            best_i, best_g = -1, 0.0
            for i, r in enumerate(rungs):
                if r < TOP_RUNG:
                    g = full[r] - full[r + 1]
                    if g > best_g:
                        best_i, best_g = i, g
            if best_i < 0:
                break
            rungs[best_i] += 1
        lost = sum(wl[r] for r in rungs)
        cost = sum(full[r] for r in rungs)
        # a bad draw costs about half as much again: beyond what we hold, a corruption
        if lost * 1.5 + 2 > h.warriors:
            cost += corruption_cost(h) * (0.8 if lost > h.warriors else 0.4)
        return (cost, lost)

    def _warriors_lost(self, v: _View, effects: Sequence[Any]) -> float:
        total = 0.0
        for e in effects:
            if getattr(e, "op", "") == "lose" and getattr(e, "resource", "") == "warriors":
                amount = getattr(e, "amount", 0)
                amount = amount if isinstance(amount, int) else 0
                total += amount + getattr(e, "per_amount", 0) * self._count_per(
                    v, getattr(e, "per", None)
                )
        return total

    def _battle_move(self, v: _View) -> Action | None:
        s, w, h = v.s, v.w, v.h
        b = s.battle
        legal = v.legal
        if not b.revealed:  # the adversary, between cards: press on unless it would ruin us
            cont = next((a for a in legal if verb_of(a) == "continue"), None)
            retreat = next((a for a in legal if verb_of(a) == "retreat"), None)
            if retreat is not None and h.warriors < 6 and len(h.corruptions) >= 2:
                return retreat
            return cont or retreat
        card = w.content.battle_cards[b.cards[b.index]]
        rung = b.rung
        advs = v.by_verb.get("advantage", [])
        if rung < TOP_RUNG:
            gain = self._card_cost(v, card, rung) - self._card_cost(v, card, rung + 1)
            if advs and gain > 0:
                pool_left = sum(b.pool.get(a[1], 0) for a in advs)
                pool_left = min(pool_left, self._adv_cap_battle(v))
                deck = v.t.decks.get(b.foe, [])
                marg = self._rung_marginals(v, deck, h.warriors)
                status = "ready" if b.adversary else s.foe_status.get(b.foe, "ready")
                r0 = START_RUNG.get(status, 1)
                future: list[float] = []
                for _ in range(len(b.cards) - b.index - 1):
                    future.extend(marg[r0:])
                future.sort(reverse=True)
                keep = future[pool_left - 1] if 0 < pool_left <= len(future) else 0.0
                if gain >= keep:  # the worst rungs first
                    # trait advantages before Wild, which fits every foe
                    return min(advs, key=lambda a: (a[1] == "wild", a[1]))
            cost_now = self._card_cost(v, card, rung)
            if not advs and gain > 0 and cost_now >= 8.0:
                item = self._battle_item(v, card, rung)
                if item is not None:
                    return item
        lost = self._warriors_lost(v, card.rungs[rung].effects)
        blessed = next((a for a in legal if a == Action("blessed")), None)
        if blessed is not None and h.spirit >= 1 and (lost >= 4 or lost > h.warriors):
            return blessed  # 1 spirit to save up to several warriors on this card
        # about to lose more warriors than we hold: a warriors potion first
        if lost > h.warriors:
            teeth = next(
                (a for a in v.by_verb.get("use", []) if a[1] == "potion_of_dragon_teeth"), None
            )
            if teeth is not None:
                return teeth
        return next((a for a in legal if a == Action("resolve")), None)

    def _adv_cap_battle(self, v: _View) -> int:
        b = v.s.battle
        left = 10 - b.used
        return max(0, min(left, self._adv_cap(v) if self._adv_cap(v) < 10 else left))

    def _battle_item(self, v: _View, card: Any, rung: int) -> Action | None:
        """A conditional-advantage item whose type fits this foe, when a card would hurt badly."""
        b = v.s.battle
        allowed = set(self._foe_traits(v, b.foe)) | {"wild"}
        best: tuple[float, Action] | None = None
        for a in v.by_verb.get("use", []):
            item = a[1]
            for u in v.w.uses.get(item, ()):
                for e in u.effects:
                    if getattr(e, "op", "") == "advantage" and e.type in allowed:
                        value = item_value(v.w, item)
                        if best is None or value < best[0]:
                            best = (value, a)
        return best[1] if best is not None else None

    def _delve_move(self, v: _View) -> Action | None:
        s, h = v.s, v.h
        legal = v.legal
        delve = s.delve
        leave = next((a for a in legal if verb_of(a) == "leave"), None)
        rooms = [a for a in legal if verb_of(a) == "room" and len(a) > 1]
        if getattr(delve, "room", 0) < 0 or rooms:
            if not rooms:
                return leave
            space = getattr(delve, "space", h.space)
            pool = getattr(delve, "pool", {}) or {}
            if leave is not None and self._room_risk(v, space, pool) > 10.0:
                return leave
            # the target room hides beyond the first row: go deep
            return max(rooms, key=lambda a: (int(a[1]) if a[1].isdigit() else 0, str(a)))
        improve = v.by_verb.get("improve", [])
        if improve and self._improve_helps(v):
            return min(improve, key=lambda a: (a[1] == "wild", a[1]))
        return next((a for a in legal if a == Action("resolve")), None)

    def _improve_helps(self, v: _View) -> bool:
        """Whether the room being resolved (revealed once entered) is better improved."""
        try:
            delve = v.s.delve
            d = v.s.dungeons[delve.space]
            rid = d.rooms[delve.room]
            room = next(r for r in v.w.content.dungeons[d.kind].rooms if r.id == rid)
        except (AttributeError, KeyError, IndexError, StopIteration, TypeError):
            return True
        return self._effects_cost(v, room.improved.effects) < self._effects_cost(
            v, room.initial.effects
        )

    # --- the hero's own turn ------------------------------------------------------------------

    def _threat(self, v: _View, foe: str) -> float:
        w, s = v.w, v.s
        if foe not in w.content.foes:
            return 60.0
        level = w.content.foes[foe].level
        status = s.foe_status.get(foe, "ready")
        idx = STATUSES.index(status) if status in STATUSES else 2
        base = {2: 4.0, 3: 7.0, 4: 10.0}.get(level, 5.0) + 1.5 * idx
        key = ("threat", foe)
        severity = v.cache.get(key)
        if severity is None:
            severity = v.cache[key] = self._strike_severity(v, foe, status)
        tokens = max(1, sum(1 for f, _ in s.foes if f == foe))
        return base + self.threat_weight * severity / tokens

    def _strike_severity(self, v: _View, foe: str, status: str) -> float:
        """What this foe's strike at its status costs the heroes, roughly."""
        try:
            strike = v.w.content.foes[foe].strikes[status]
        except (KeyError, AttributeError, TypeError):
            return 0.0
        total = 0.0
        for step in getattr(strike, "steps", ()):
            op = getattr(step, "op", "")
            if op == "hit_buildings":
                spread = {"near": 2.0, "kingdoms": 3.0}.get(getattr(step, "where", ""), 1.0)
                total += spread * (20.0 if step.destroy else 3.0 * step.skulls)
            elif op == "hit_heroes":
                reach = {"all": 2.0, "kingdom": 1.5}.get(getattr(step, "target", ""), 1.0)
                total += reach * max(0.0, self._effects_cost(v, step.effects))
        return total

    def _quest_needs(self, v: _View) -> dict[str, Any]:
        """What the most important unmet quest stage still asks of this hero."""
        hit = v.cache.get("needs")
        if hit is None:
            hit = v.cache["needs"] = self._quest_needs_raw(v)
        return hit

    def _quest_needs_raw(self, v: _View) -> dict[str, Any]:
        quests = v.quests()
        if not quests:
            return {}
        h = v.h
        best: dict[str, Any] = {}
        best_value = -1.0
        best_space = ""
        for q in quests:
            value = QUEST_KIND_VALUE.get(str(q.get("kind")), 10.0)
            if value > best_value:
                best_value = value
                best = q.get("needs") or {}
                best_space = q.get("space") or ""
        out: dict[str, Any] = {}
        if not isinstance(best, dict):
            return out
        for res, have in (
            ("warriors", h.warriors),
            ("spirit", h.spirit),
            ("potions", len(h.potions)),
            ("gear", len(h.gear)),
            ("treasures", len(h.treasures)),
        ):
            need = best.get(res, 0)
            if isinstance(need, int) and need > have:
                out[res] = need - have
        want = best.get("advantages", 0) or 0
        if want:
            kind = best.get("advantage_type")
            space = best_space or h.space
            have = self._typed_advantages(v, kind, space)
            if have < want:
                out["advantage_type"] = kind or "any"
                out["advantages"] = want - have
        return out

    def _typed_advantages(self, v: _View, kind: str | None, space: str) -> int:
        pool = self._advantages(v, v.h, battling=False, space=space)
        if not kind:
            return sum(pool.values())
        return pool.get(kind, 0) + (pool.get("wild", 0) if kind != "wild" else 0)

    def _quest_met(self, v: _View, needs: dict[str, Any], space: str) -> bool:
        h = v.h
        if not isinstance(needs, dict):
            return False
        if needs.get("dungeon") or needs.get("defeat_foe"):
            return False
        if h.warriors < needs.get("warriors", 0) or h.spirit < needs.get("spirit", 0):
            return False
        if len(h.potions) < needs.get("potions", 0) or len(h.gear) < needs.get("gear", 0):
            return False
        if len(h.treasures) < needs.get("treasures", 0):
            return False
        for item in needs.get("items", []) or []:
            if item not in h.quest_items:
                return False
        for item in needs.get("carry", []) or []:
            if item not in h.quest_items:
                return False
        want = needs.get("advantages", 0) or 0
        return not want or self._typed_advantages(v, needs.get("advantage_type"), space) >= want

    def _cleanse_value(self, v: _View, sp: str) -> float:
        s, w = v.s, v.w
        n = s.skulls.get(sp, 0)
        if n <= 0:
            return 0.0
        supply_factor = 1.0 + max(0, 8 - s.supply) / 4.0
        value = 2.0 * n * supply_factor
        kingdom = w.board.kingdom_of[sp]
        owner = next((h for h in s.heroes if h.kingdom == kingdom), None)
        # how full the kingdom is: emerged skulls go on its emptiest building, so a 3-skull
        # building falls once every other building there is full too
        standing = [s.skulls[b] for b in w.board.kingdom_buildings[kingdom] if b in s.skulls]
        fullness = sum(standing) / (3.0 * len(standing)) if standing else 1.0
        danger = {3: 6.0, 2: 2.0}.get(n, 0.0) * (0.5 + fullness)
        if owner is not None:
            if n == 3:
                danger += (
                    0.7 * corruption_cost(owner) * (0.4 + fullness)
                    if len(owner.corruptions) < 2
                    else 60.0
                )
            danger *= 1.3 if owner.seat == v.seat else 1.0
        value += danger + 2.0 * spirit_value(v.h.spirit)
        if "generous" in v.h.virtues:
            value += 2.5
        return value

    def _battle_value(self, v: _View, foe: str, sp: str) -> float:
        """Net value of battling this foe here now (negative: not worth it)."""
        cost, lost = self._battle_estimate(v, foe, sp)
        h = v.h
        if foe not in v.w.content.foes:  # the adversary: winning ends the game
            if h.warriors < 15 or lost > h.warriors:
                return -1.0
            return 80.0 - cost
        if lost * 1.2 + 3 > h.warriors and len(h.corruptions) >= 1:
            return -1.0
        value = 2.0 * spirit_value(h.spirit) + self._threat(v, foe)
        for q in v.quests():
            if (
                q.get("space") == sp
                and isinstance(q.get("needs"), dict)
                and q["needs"].get("defeat_foe")
            ):
                value += QUEST_KIND_VALUE.get(str(q.get("kind")), 10.0)
        return value - cost

    def _heroic_here(self, v: _View) -> tuple[float, Action | None]:
        """The best heroic action legal right now, and its value."""
        best: tuple[float, Action | None] = (0.0, None)
        for a in v.by_verb.get("cleanse", []):
            val = self._cleanse_value(v, a[1])
            if val > best[0]:
                best = (val, a)
        for a in v.by_verb.get("battle", []):
            if len(a) < 3:
                continue
            val = self._battle_value(v, a[1], a[2])
            if val > best[0]:
                best = (val, a)
        quests = {q.get("quest"): q for q in v.quests()}
        for a in v.by_verb.get("quest", []):
            q = quests.get(a[1] if len(a) > 1 else "")
            val = QUEST_KIND_VALUE.get(str(q.get("kind")) if q else "", 12.0) + 4.0
            if val > best[0]:
                best = (val, a)
        if self._competitive(v) and len(v.h.trials_done) < TRIALS_NEEDED:
            for a in v.by_verb.get("trial", []):
                if best[0] < TRIAL_VALUE:
                    best = (TRIAL_VALUE, a)
        for a in v.by_verb.get("explore", []):
            if len(a) > 1 and a[1] == TOWER:
                if self._tower_ready(v) and best[0] < TOWER_VALUE:
                    best = (TOWER_VALUE, a)
                continue
            if self._delve_ready(v, a[1] if len(a) > 1 else None):
                val = 16.0
                if val > best[0]:
                    best = (val, a)
        return best

    def _heroic_at(self, v: _View, sp: str) -> float:
        """A guess at the heroic action's value if this hero stood on `sp` (for planning)."""
        spots = v.cache.get("spots")
        if spots is None:
            s = v.s
            spots = {sp for sp, n in s.skulls.items() if n > 0}
            spots.update(sp for _, sp in s.foes)
            if s.adversary_space:
                spots.add(s.adversary_space)
            spots.update(q["space"] for q in v.quests())
            if self._competitive(v):
                spots.update(self._comp_spots(v))
            v.cache["spots"] = spots
        if sp not in spots:
            return 0.0
        key = ("heroic_at", sp)
        hit = v.cache.get(key)
        if hit is None:
            hit = v.cache[key] = self._heroic_at_raw(v, sp)
        return hit

    def _heroic_at_raw(self, v: _View, sp: str) -> float:
        s = v.s
        best = 0.0
        if self._competitive(v):
            best = self._comp_heroic_at(v, sp)
        if s.skulls.get(sp, 0) > 0 and not self._no_cleanse(v, sp):
            best = self._cleanse_value(v, sp)
        for f, fsp in s.foes:
            if fsp == sp:
                best = max(best, self._battle_value(v, f, sp))
        if s.adversary_space == sp and s.config.adversary:
            best = max(best, self._battle_value(v, s.config.adversary, sp))
        for q in v.quests():
            if q.get("space") != sp:
                continue
            needs = q.get("needs") or {}
            base = QUEST_KIND_VALUE.get(str(q.get("kind")), 12.0)
            if isinstance(needs, dict) and needs.get("dungeon"):
                if self._delve_ready(v, sp):
                    best = max(best, 16.0)
            elif self._quest_met(v, needs, sp):
                best = max(best, base + 4.0)
        return best

    def _delve_ready(self, v: _View, space: str | None = None) -> bool:
        """Enough to clear a few rooms of this dungeon without a shortfall."""
        h = v.h
        if h.warriors < 10 + 2 * len(h.corruptions):
            return False
        at = space or h.space
        pool = self._advantages(v, h, battling=False, space=at)
        return self._room_risk(v, at, pool) <= 7.0

    def _room_risk(self, v: _View, space: str, pool: dict[str, int]) -> float:
        """Expected cost of the next room of the dungeon on `space`, over the rooms its kind
        may hold (their contents are printed; which one comes is not known)."""
        w = v.w
        try:
            kind = w.content.spaces[space].dungeon
            info = w.content.dungeons[kind]
        except (KeyError, AttributeError):
            obs = v.observe().get("dungeons") or {}
            kind = (obs.get(space) or {}).get("type")
            info = w.content.dungeons.get(kind) if kind else None
        if info is None:
            return 0.0
        improve = pool.get(info.advantage, 0) + pool.get("wild", 0) > 0
        saved = v.cache.get("at")
        v.cache["at"] = space
        try:
            total = 0.0
            for room in info.rooms:
                cost = self._effects_cost(v, room.initial.effects)
                if improve:
                    cost = min(cost, self._effects_cost(v, room.improved.effects))
                total += cost
        finally:
            v.cache["at"] = saved
        return total / max(1, len(info.rooms))

    def _no_cleanse(self, v: _View, sp: str) -> bool:
        return v.s.skulls.get(sp, 0) >= 3 and "feverish" in v.h.corruptions

    def _reinforce_value(self, v: _View, sp: str) -> tuple[float, str]:
        """The better Reinforce option on `sp` for what this hero lacks: (value, option)."""
        key = ("reinforce", sp)
        hit = v.cache.get(key)
        if hit is None:
            hit = v.cache[key] = self._reinforce_value_raw(v, sp)
        return hit

    def _reinforce_value_raw(self, v: _View, sp: str) -> tuple[float, str]:
        s, w, h = v.s, v.w, v.h
        if sp not in s.skulls:
            return (0.0, "")
        btype = w.board.building_of.get(sp)
        info = w.content.buildings.get(btype) if btype else None
        if info is None:
            return (0.0, "")
        needs = self._quest_needs(v)
        glyph = self._glyph_cost(v, "reinforce")
        best = (0.0, "")
        for option in ("free", "enhanced"):
            opt = info.free if option == "free" else info.enhanced
            cost = opt.spirit + glyph
            for m in w.profile(h.cards()).modifiers:
                if (
                    m.stat == "reinforce_cost"
                    and m.building in (None, btype)
                    and m.option in (None, option)
                ):
                    cost += m.amount
            cost = max(0, cost)
            if cost > h.spirit:
                continue
            value = -cost * spirit_value(h.spirit - cost)
            if btype == "village":
                gain = 6 if option == "free" else 12
                value += warriors_value(h.warriors, gain)
                value += min(needs.get("warriors", 0), gain) * 0.8
                if "cruel" in h.corruptions:
                    value -= spirit_value(h.spirit)
            elif btype == "sanctuary":
                if option == "enhanced":
                    if not h.corruptions:
                        continue
                    value += 0.8 * corruption_cost(h) if len(h.corruptions) < 2 else 40.0
                else:
                    value += spirit_value(h.spirit) + (2.0 if needs.get("spirit") else 0.0)
            elif btype == "citadel":
                if option == "enhanced":
                    if not h.inactive or h.spirit - cost < 2:
                        continue
                    value += max(VIRTUE_VALUE.get(x, 4.0) for x in h.inactive)
                else:
                    value += 2.0 + (3.0 if needs.get("potions") else 0.0)
            elif btype == "bazaar":
                if option == "free":
                    gears = [g for g, n in s.gear_piles.items() if n > 0 and g not in h.gear]
                    if not gears:
                        continue
                    value += 0.8 * max(self._gear_value(v, g) for g in gears)
                    value += 3.0 if needs.get("gear") else 0.0
                else:
                    if not s.market or len(h.treasures) >= self._treasure_limit(v):
                        continue
                    value += 0.8 * max(self._treasure_value(v, x) for x in s.market)
                    value += 4.0 if needs.get("treasures") else 0.0
                if "greedy" in h.corruptions:
                    value -= spirit_value(h.spirit)
            if (
                btype in ("citadel", "bazaar")
                and option == "free"
                and not (h.potions or h.gear or h.treasures)
            ):
                value += 4.0  # an item to lose keeps a strike or battle card from corrupting us
            if self._competitive(v):
                value += self._comp_reinforce_bonus(v, btype, option)
            if value > best[0]:
                best = (value, option)
        return best

    def _treasure_limit(self, v: _View) -> int:
        limit = 4
        for m in v.w.profile(v.h.cards()).modifiers:
            if m.stat == "treasure_limit":
                limit = min(limit, m.amount)
        return limit

    def _treasure_value(self, v: _View, item: str) -> float:
        value = item_value(v.w, item)
        kind = self._quest_needs(v).get("advantage_type", "")
        if kind:
            for adv in v.w.advantages.get(item, ()):
                if (
                    adv.type == kind
                    or kind == "any"
                    or (adv.type == "wild" and adv.when == "always")
                ):
                    value += 6.0
                    break
        return value

    def _glyph_cost(self, v: _View, glyph: str) -> int:
        s, h = v.s, v.h
        try:
            level, home = GLYPH_HOMES[glyph]
            side = (home + s.tower.rotation[level]) % 4
            if s.tower.seals[level * 4 + side] or KINGDOMS[side] != h.kingdom:
                return 0
        except (KeyError, IndexError, AttributeError):
            return 0
        cost = 1
        for m in v.w.profile(h.cards()).modifiers:
            if m.stat == "set_glyph_cost":
                return int(m.amount)
            if m.stat == "glyph_cost":
                cost += m.amount
        return max(0, cost)

    def _space_scores(self, v: _View, heroic: bool, reinforce: bool) -> dict[str, float]:
        """What standing on each space would be worth this turn."""
        out: dict[str, float] = {}
        for sp in v.w.board.spaces:
            val = 0.0
            if heroic:
                val += self._heroic_at(v, sp)
            if reinforce:
                val += self._reinforce_value(v, sp)[0]
            if val:
                out[sp] = val
        return out

    def _goal(self, v: _View) -> str | None:
        """The space worth heading for over the next turns."""
        if self._competitive(v):
            dest = self._comp_goal(v)
            if dest is not None:
                return dest
        scores = self._space_scores(v, heroic=True, reinforce=True)
        here = v.h.space
        best, best_val = None, 0.0
        move = max(1, self._base_move(v))
        for sp, val in scores.items():
            turns = -(-v.dist(here, sp) // move)
            eff = val / (1.0 + 0.8 * turns)
            if eff > best_val:
                best, best_val = sp, eff
        return best

    def _base_move(self, v: _View) -> int:
        h, w = v.h, v.w
        base = None
        plus = 0
        for m in w.profile(h.cards()).modifiers:
            if m.stat == "set_base_move":
                base = m.amount if base is None else min(base, m.amount)
            elif m.stat == "base_move":
                plus += m.amount
        if base is None:
            base = w.content.heroes[h.hero].base_move
        return max(0, base + plus)

    def _turn_move(self, v: _View) -> Action | None:
        s, h, w = v.s, v.h, v.w
        t = s.turn
        legal = v.legal
        # 1. the banner, while it is offered
        banner = next((a for a in legal if a == Action("banner")), None)
        if banner is not None and self._want_banner(v):
            return banner
        # 2. mandatory start-of-turn effects
        resolves = v.by_verb.get("resolve", [])
        if resolves:
            return resolves[0]
        # 3. items worth using now
        item = self._use_item(v)
        if item is not None:
            return item
        end = next((a for a in legal if a == Action("end")), None)
        moves = {a[1]: a for a in v.by_verb.get("move", [])}
        heroic_done = t.heroic_done
        can_reinforce = bool(v.by_verb.get("reinforce")) or bool(v.by_verb.get("haggle"))
        here = h.space
        h_val, h_act = self._heroic_here(v)
        r_val, r_opt = self._reinforce_value(v, here) if can_reinforce else (0.0, "")
        moves_left = self._moves_left(v)
        can_double = any(a == Action("double") for a in legal)
        reach2 = self._base_move(v) * 2 if can_double else moves_left
        ends_after_reinforce = "uncertain" in h.corruptions
        # 4. where could the heroic action be better this turn?
        best_dest, best_val, need_double = here, h_val, False
        comp_goal = self._comp_goal(v) if self._competitive(v) else None
        if not heroic_done and (moves or can_double):
            for sp in w.board.spaces:
                d = v.dist(here, sp)
                if d == 0 or d > max(moves_left, reach2):
                    continue
                val = self._heroic_at(v, sp)
                if val <= 0:
                    continue
                dbl = d > moves_left
                if dbl:
                    if h.spirit < 1 + self._glyph_cost(v, "cleanse"):
                        continue
                    val -= 1.0 * spirit_value(h.spirit) + 2.0
                val += 0.5 * self._reinforce_value(v, sp)[0] if can_reinforce else 0.0
                val -= 0.05 * d
                if comp_goal is not None and s.supply > LOW_SUPPLY:  # stay on the road
                    ahead = max(0, v.dist(here, comp_goal) - max(moves_left, reach2))
                    val -= DETOUR * max(0, v.dist(sp, comp_goal) - ahead)
                if val > best_val + 0.5:
                    best_dest, best_val, need_double = sp, val, dbl
        if best_dest == here:
            # heroic here; with a battle, a village Reinforce first fills the ranks
            if h_act is not None and h_val > 0:
                if (
                    can_reinforce
                    and verb_of(h_act) == "battle"
                    and w.board.building_of.get(here) == "village"
                    and r_val > 0
                    and not ends_after_reinforce
                ):
                    return self._reinforce_action(v, r_val, r_opt)
                return h_act
        else:
            # reinforce here before leaving, when it beats reinforcing there
            if can_reinforce and r_val > 0 and not ends_after_reinforce:
                there = self._reinforce_value(v, best_dest)[0]
                if r_val >= there:
                    return self._reinforce_action(v, r_val, r_opt)
            if need_double:
                return Action("double")
            step = self._step_toward(v, best_dest, moves)
            if step is not None:
                return step
        # 5. heroic done (or nothing worth it in reach): Reinforce, then head for next turn
        reinforce_here_later = False
        if can_reinforce and r_val > 0:
            if not ends_after_reinforce:
                return self._reinforce_action(v, r_val, r_opt)
            reinforce_here_later = True
        if moves and not reinforce_here_later:
            dest = self._end_space(v)
            if dest is not None and dest != here:
                step = self._step_toward(v, dest, moves)
                if step is not None:
                    return step
        if reinforce_here_later:
            return self._reinforce_action(v, r_val, r_opt)
        trade = self._helpful_trade(v)
        if trade is not None:
            return trade
        skip = next((a for a in legal if a == Action("end", "skip")), None)
        if skip is not None and s.supply <= 8:
            return skip
        return end

    def _moves_left(self, v: _View) -> int:
        t = v.s.turn
        if t.moving_started:
            return t.moves_left
        return self._base_move(v) * (2 if t.doubled else 1)

    def _want_banner(self, v: _View) -> bool:
        h, w = v.h, v.w
        cost = self._glyph_cost(v, "banner")
        if cost > h.spirit:
            return False
        hero = w.content.heroes.get(h.hero)
        effects = list(getattr(hero, "banner_effects", ()) or ())
        if any(getattr(e, "op", "") == "place_hero" for e in effects):
            if cost:
                return False
            goal = self._goal(v)
            return (
                goal is not None
                and w.board.kingdom_of.get(goal) == w.board.kingdom_of[h.space]
                and goal != h.space
            )
        gain = -self._effects_cost(v, effects)
        return gain > cost * spirit_value(h.spirit) + 0.1

    def _reinforce_action(self, v: _View, value: float, option: str) -> Action | None:
        legal = v.legal
        haggle = next((a for a in legal if a == Action("haggle")), None)
        safe = any(
            f.flag == "haggle_ignore_cancel" for cid in v.h.cards() for f in v.w.flags.get(cid, ())
        )
        if haggle is not None and (safe or value < 9.0):
            return haggle
        want = Action("reinforce", option or "free")
        if want in legal:
            return want
        return next((a for a in legal if verb_of(a) == "reinforce"), None)

    def _step_toward(self, v: _View, dest: str, moves: dict[str, Action]) -> Action | None:
        if not moves:
            return None
        here_d = v.dist(v.h.space, dest)
        s = v.s
        foe_spaces = {sp for _, sp in s.foes}
        best: tuple[tuple[int, int, str], Action] | None = None
        for sp, a in moves.items():
            d = v.dist(sp, dest)
            if d >= here_d:
                continue
            key = (d, 1 if sp in foe_spaces and sp != dest else 0, sp)
            if best is None or key < best[0]:
                best = (key, a)
        return best[1] if best is not None else None

    def _end_space(self, v: _View) -> str | None:
        """Where to stand when the turn ends: toward next turn's best target, out of harm."""
        goal = self._goal(v)
        h, s = v.h, v.s
        if goal is None:
            # nothing to chase: go home, where emerged skulls land
            homes = [sp for sp in v.w.board.kingdom_buildings.get(h.kingdom, ()) if sp in s.skulls]
            if not homes:
                return None
            goal = min(homes, key=lambda sp: (v.dist(h.space, sp), sp))
        return goal

    def _use_item(self, v: _View) -> Action | None:
        s, h, w = v.s, v.h, v.w
        uses = v.by_verb.get("use", [])
        if not uses:
            return None
        t = s.turn
        skulls = sorted(s.skulls.values(), reverse=True)
        total = sum(skulls)
        for a in uses:
            item = a[1] if len(a) > 1 else ""
            if (
                item == "potion_of_purifying_breath"
                and skulls
                and (skulls[0] >= 2 or s.supply <= 3)
            ):
                return a
            if item == "acorns_of_the_white_oak" and (
                total >= 6 or (skulls and skulls[0] >= 3 and s.supply <= 6)
            ):
                return a
            if item == "potion_of_dragon_teeth" and h.warriors < 6:
                return a
            if item == "potion_of_the_golden_sun" and h.spirit < 1:
                return a
            if item == "kamarias_carpet" and not t.heroic_done and h.spirit >= 2:
                target = self._far_target(v, extra=99)
                if target is not None:
                    return a
            if item == "potion_of_one_thousand_strides" and not t.heroic_done:
                target = self._far_target(v, extra=3)
                if target is not None:
                    return a
            if item == "lamp_of_darkness":
                here = [f for f, sp in s.foes if sp == h.space]
                if (
                    here
                    and max(self._threat(v, f) for f in here) >= 10
                    and all(self._battle_value(v, f, h.space) <= 0 for f in here)
                ):
                    return a
        del w
        return None

    def _far_target(self, v: _View, extra: int) -> str | None:
        """A valuable heroic target beyond this turn's reach but within `extra` more steps."""
        h = v.h
        reach = self._moves_left(v)
        best, best_val = None, 12.0
        for sp in v.w.board.spaces:
            d = v.dist(h.space, sp)
            if d <= reach or d > reach + extra:
                continue
            val = self._heroic_at(v, sp)
            if val > best_val:
                best, best_val = sp, val
        return best

    # --- competitive mode -------------------------------------------------------------------
    # Public facts only: our own face-down trials (observe shows them to us), the printed
    # trial cards, the Tower's room cards and which rooms are cleared. Never the relic room.

    @staticmethod
    def _competitive(v: _View) -> bool:
        return getattr(getattr(v.s, "config", None), "mode", "") == "competitive"

    def _trial_adv_ok(self, v: _View, nd: Any, space: str) -> bool:
        n = nd.advantages
        if n <= 0:
            return True
        return advantages_ok(self._advantages(v, v.h, battling=False, space=space), nd)

    def _trial_deficits(self, v: _View, trial: str) -> dict[str, int] | None:
        """What this hero still lacks for a trial (empty: met on arrival); None when it
        cannot be gathered by Reinforcing (advantages, too many corruptions)."""
        key = ("deficits", trial)
        if key in v.cache:
            return v.cache[key]
        t = v.w.content.trials[trial]
        nd = t.needs
        h = v.h
        out: dict[str, int] | None = {}
        if (
            nd.corruptions_at_most is not None
            and len(h.corruptions) > nd.corruptions_at_most
            or not self._trial_adv_ok(v, nd, t.space)
        ):
            out = None
        else:
            assert out is not None
            for res, need, have in (
                ("warriors", nd.warriors + (WARRIOR_BUFFER if nd.warriors else 0), h.warriors),
                ("spirit", nd.spirit + self._glyph_cost(v, "quest"), h.spirit),
                ("potions", max(nd.potions, nd.carry_potions), len(h.potions)),
                ("gear", max(nd.gear, nd.carry_gear), len(h.gear)),
                ("treasures", max(nd.treasures, nd.carry_treasures), len(h.treasures)),
                ("virtues", nd.virtues, len(h.virtues)),
            ):
                if need > have:
                    out[res] = need - have
        v.cache[key] = out
        return out

    def _gather_building(
        self, v: _View, btype: str, dest: str, start: str | None = None
    ) -> str | None:
        """The standing building of `btype` on the best road from `start` (default: here)
        to `dest`."""
        here = start or v.h.space
        options = [sp for sp, b in v.w.board.building_of.items() if b == btype and sp in v.s.skulls]
        if not options:
            return None
        return min(options, key=lambda sp: (v.dist(here, sp) + v.dist(sp, dest), sp))

    def _trial_plan(
        self, v: _View, trial: str, start: str | None = None
    ) -> tuple[float, str] | None:
        """(turns it should take, where to go next) for one of our trials, from `start`
        (default: where we stand)."""
        d = self._trial_deficits(v, trial)
        if d is None:
            return None
        space = v.w.content.trials[trial].space
        here = start or v.h.space
        move = max(1, self._base_move(v))
        visits = 0
        spirit = d.get("spirit", 0)
        nxt = space
        first = True
        for res in ("warriors", "gear", "treasures", "potions", "virtues"):
            n = d.get(res, 0)
            if not n:
                continue
            btype, _, per, cost = GATHER[res]
            k = -(-n // per)
            visits += k
            spirit += cost * k
            if first:
                b = self._gather_building(v, btype, space, here)
                if b is None:
                    return None
                nxt = b
                first = False
        travel = v.dist(here, nxt) + v.dist(nxt, space)
        turns = -(-travel // move) + visits + 0.6 * max(0, spirit)
        return (float(turns), nxt)

    def _comp_plan(self, v: _View) -> tuple[str, str] | None:
        """(what, where): the trial we go for and where to go next, or ("tower", space)."""
        if "comp_plan" in v.cache:
            return v.cache["comp_plan"]
        h = v.h
        out: tuple[str, str] | None = None
        if getattr(h, "eliminated", False):
            pass
        elif len(h.trials_done) >= TRIALS_NEEDED:
            out = ("tower", self._tower_goal(v))
        else:
            best: tuple[float, str, str] | None = None
            for trial in h.trials:
                plan = self._trial_plan(v, trial)
                if plan is None:
                    continue
                turns = plan[0] - (1.5 if trial == self._comp_choice.get(h.seat) else 0.0)
                if best is None or (turns, trial) < (best[0], best[1]):
                    best = (turns, trial, plan[1])
            if best is not None:
                self._comp_choice[h.seat] = best[1]
                out = (best[1], best[2])
        v.cache["comp_plan"] = out
        return out

    def _tower_goal(self, v: _View) -> str:
        h = v.h
        adj = sorted(v.w.board.tower_adjacent)
        if h.warriors < 8 + 2 * len(h.corruptions):  # fill the ranks on the way
            near = min(adj, key=lambda sp: (v.dist(h.space, sp), sp))
            b = self._gather_building(v, "village", near)
            if b is not None and v.dist(h.space, b) <= v.dist(h.space, near) + 4:
                return b
        return min(adj, key=lambda sp: (v.dist(h.space, sp), sp))

    def _comp_goal(self, v: _View) -> str | None:
        plan = self._comp_plan(v)
        if plan is None:
            return None
        what, where = plan
        if what != "tower":
            d = self._trial_deficits(v, what) or {}
            if set(d) == {"spirit"}:  # spirit comes from heroic actions: seek them nearby
                space = v.w.content.trials[what].space
                scores = self._space_scores(v, heroic=True, reinforce=True)
                here = v.h.space
                best, best_val = None, 0.0
                for sp, val in scores.items():
                    if v.dist(sp, space) > v.dist(here, space) + 2:
                        continue
                    eff = val / (1.0 + 0.5 * v.dist(here, sp))
                    if eff > best_val:
                        best, best_val = sp, eff
                return best or where
        return where

    def _comp_spots(self, v: _View) -> set[str]:
        h = v.h
        if len(h.trials_done) >= TRIALS_NEEDED:
            return set(v.w.board.tower_adjacent)
        return {v.w.content.trials[t].space for t in h.trials}

    def _comp_heroic_at(self, v: _View, sp: str) -> float:
        h = v.h
        if len(h.trials_done) >= TRIALS_NEEDED:
            if sp in v.w.board.tower_adjacent and self._tower_ready(v):
                return TOWER_VALUE
            return 0.0
        for t in h.trials:
            if v.w.content.trials[t].space == sp and self._trial_deficits(v, t) == {}:
                return TRIAL_VALUE
        return 0.0

    def _comp_reinforce_bonus(self, v: _View, btype: str, option: str) -> float:
        plan = self._comp_plan(v)
        if plan is None:
            return 0.0
        what = plan[0]
        if what == "tower":
            h = v.h
            if btype == "village" and h.warriors < 12:
                return 6.0 if option == "enhanced" else 4.0
            return 0.0
        d = self._trial_deficits(v, what) or {}
        bonus = 0.0
        for res, (b, opt, _, _) in GATHER.items():
            if d.get(res) and b == btype:
                if opt == option:
                    bonus = max(bonus, 15.0)
                elif res == "warriors":
                    bonus = max(bonus, 8.0)  # the free village still helps
        if btype == "sanctuary" and option == "free" and d.get("spirit"):
            bonus = max(bonus, 3.0)
        # spending spirit we need for the trial itself is a loss
        if (
            d.get("spirit")
            and option == "enhanced"
            and bonus == 0.0
            and not (btype == "sanctuary" and len(v.h.corruptions) >= 2)
        ):
            bonus -= 4.0
        return bonus

    def _tower_ready(self, v: _View) -> bool:
        h = v.h
        return (
            h.warriors >= 5 + 2 * len(h.corruptions)
            or bool(self._advantages(v, h, battling=False))
            and h.warriors >= 3
        )

    def _seal_answer(self, v: _View) -> Action | None:
        """Put back an open seal facing our home kingdom (fewer skulls fall out there, no
        glyph costs us); otherwise keep the Tower as it is."""
        h = v.h
        keep = next((a for a in v.legal if a == Action("seal", "keep")), None)
        mine = [
            a
            for a in v.legal
            if len(a) > 2 and a[1] == "replace" and a[2].endswith("_" + h.kingdom)
        ]
        if mine:
            # a seal hiding a glyph that faces us first, then the lowest level
            glyph_sides = v.cache.get("glyph_seals")
            if glyph_sides is None:
                glyph_sides = set()
                for level, home in GLYPH_HOMES.values():
                    side = (home + v.s.tower.rotation[level]) % 4
                    glyph_sides.add(("top", "middle", "bottom")[level] + "_" + KINGDOMS[side])
            return min(mine, key=lambda a: (a[2] not in glyph_sides, str(a)))
        return keep

    def _tower_room_cost(self, v: _View, room: Any, improve: bool) -> float:
        cost = self._effects_cost(v, room.initial.effects)
        if improve:
            cost = min(cost, self._effects_cost(v, room.improved.effects))
        return cost

    def _tower_delve_move(self, v: _View) -> Action | None:
        s, w = v.s, v.w
        legal = v.legal
        delve = s.delve
        d = s.dungeons.get(TOWER)
        leave = next((a for a in legal if verb_of(a) == "leave"), None)
        rooms = [a for a in legal if verb_of(a) == "room" and len(a) > 1 and a[1].isdigit()]
        pool = dict(getattr(delve, "pool", {}) or {})
        improve = sum(pool.values()) > 0 and getattr(delve, "used", 0) < 10
        all_rooms = list(w.content.competitive.tower_rooms)
        if delve.room < 0:
            if not rooms:
                return leave
            # the rooms still unseen (cleared ones are face up): their average cost
            seen = {rid for rid, c in zip(d.rooms, d.cleared, strict=False) if c} if d else set()
            unseen = [r for r in all_rooms if r.id not in seen] or all_rooms
            saved = v.cache.get("at")
            v.cache["at"] = v.h.space
            try:
                risk = sum(self._tower_room_cost(v, r, improve) for r in unseen) / len(unseen)
            finally:
                v.cache["at"] = saved
            open_targets = [i for i in range(2, len(d.cleared)) if not d.cleared[i]] if d else []
            cands = [a for a in rooms if int(a[1]) >= 2]
            chance = (1.0 / len(open_targets)) if cands and open_targets else 0.0
            gain = chance * RELIC_VALUE + (0.0 if cands else 8.0)
            if leave is not None and risk > gain:
                return leave
            order = {r: i for i, r in enumerate(ROOM_ORDER)}
            return min(rooms, key=lambda a: (order.get(int(a[1]), 9), str(a)))
        improves = v.by_verb.get("improve", [])
        if improves and d is not None:
            rid = d.rooms[delve.room]  # the room we stand in is face up
            room = next((r for r in all_rooms if r.id == rid), None)
            if room is None or self._effects_cost(v, room.improved.effects) < self._effects_cost(
                v, room.initial.effects
            ):
                return min(improves, key=lambda a: (a[1] == "wild", a[1]))
        return next((a for a in legal if a == Action("resolve")), None)


def play_game(game: Any, agents: Iterable[Any], limit: int = 200_000) -> int:
    """Play `game` to the end with one agent per seat; returns the number of decisions."""
    seats = list(agents)
    n = 0
    while game.to_act is not None and n < limit:
        game.apply(seats[game.to_act].act(game))
        n += 1
    return n
