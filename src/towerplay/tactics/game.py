"""The Game protocol for Adventure Tactics: one seat per hero, enemies automated.

`new_game(config, seed)` builds an encounter; `TacticsGame` wraps the plain-data
state with the protocol's methods (apply, clone, determinize, save and load).
"""

from __future__ import annotations

from typing import Any

from towerplay.core.errors import SaveError
from towerplay.core.notation import Action, parse
from towerplay.core.protocol import Result
from towerplay.core.replay import Chain, state_hash
from towerplay.core.rng import seed_state
from towerplay.tactics.content import Content, default_content
from towerplay.tactics.effects import footprint
from towerplay.tactics.encounter import advance, apply_action, legal
from towerplay.tactics.hidden import redraw_hidden
from towerplay.tactics.setup import new_state
from towerplay.tactics.state import (
    Ctx,
    Decision,
    EnemyTurn,
    Hero,
    Resolution,
    State,
    Unit,
    board_of,
)

SAVE_VERSION = 1
ATTACK_FIELDS: dict[str, type] = {
    "targets": list,
    "amount": int,
    "conditions": list,
    "asked": list,
    "reduce": int,
    "ignore": bool,
    "name": str,
}
DEFAULT_CONFIG: dict[str, Any] = {
    "encounter": "goblin_ambush",
    "party": ["fighter", "rogue", "cleric"],
}


class TacticsGame:
    """One encounter of Adventure Tactics, driven through the Game protocol."""

    __slots__ = ("s", "ctx", "config")

    def __init__(self, s: State, ctx: Ctx, config: dict[str, Any]) -> None:
        self.s = s
        self.ctx = ctx
        self.config = config

    # --- the protocol ---------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        if self.s.outcome or not self.s.pending:
            return None
        return self.s.pending[-1].seat

    @property
    def prompt(self) -> str:
        if self.s.outcome:
            return f"the encounter is over: {self.s.outcome}"
        return str(self.s.pending[-1].data["prompt"]) if self.s.pending else ""

    @property
    def result(self) -> Result | None:
        if not self.s.outcome:
            return None
        won = self.s.outcome != "failure"
        seats = tuple(h.seat for h in self.s.heroes) if won else ()
        return Result("win" if won else "loss", f"{self.s.outcome}: {self.s.cause}", seats)

    @property
    def log(self) -> list[str]:
        return self.s.log.to_list()

    def legal_actions(self) -> list[Action]:
        return legal(self.s)

    def apply(self, action: Action | str) -> None:
        tokens = tuple(parse(action) if isinstance(action, str) else action)
        apply_action(self.s, self.ctx, tokens)

    def clone(self) -> TacticsGame:
        return TacticsGame(self.s.clone(), self.ctx, self.config)

    def determinize(self, seat: int, seed: int) -> TacticsGame:
        """A copy with what `seat` cannot know re-drawn: deck orders, other heroes'
        hands (from their hand + deck, their pending choices asked afresh), the boss
        and direction decks, the RNG. `observe(seat)` is unchanged."""
        g = self.clone()
        g.s.rng = seed_state(seed)
        redraw_hidden(g.s, g.ctx, seat)
        return g

    def observe(self, seat: int) -> dict[str, Any]:
        """What `seat` may see: the board, every figure, public piles, its own hand."""
        s, ctx = self.s, self.ctx
        b = ctx.board
        units = []
        for u in s.units.values():
            units.append(
                {
                    "id": u.uid,
                    "side": u.side,
                    "kind": u.kind,
                    "type": u.type_id,
                    "hp": u.hp,
                    "max_hp": u.max_hp,
                    "squares": [b.name(q) for q in footprint(ctx, u)],
                    "knocked_out": u.knocked_out,
                    "conditions": list(u.conditions),
                    "owner": u.owner,
                    "movement": u.movement,
                    "attack_range": list(u.attack_range),
                }
            )
        heroes = []
        for h in s.heroes:
            view: dict[str, Any] = {
                "seat": h.seat,
                "id": h.uid,
                "class": h.class_id,
                "deck": len(h.deck),
                "hand_size": len(h.hand),
                "discard": list(h.discard),
                "set_aside": list(h.set_aside),
                "board": dict(h.board),
                "abilities": list(h.abilities),
                "actions": h.actions,
            }
            if h.seat == seat:
                view["hand"] = sorted(h.hand)
            heroes.append(view)
        pending = None
        if s.pending:
            d = s.pending[-1]
            pending = {"kind": d.kind, "seat": d.seat, "prompt": d.data["prompt"]}
            if d.seat == seat:
                pending["choices"] = [" ".join(c) for c in d.data["choices"]]
        boss = ctx.content.boss_decks[ctx.enc.boss_deck]
        return {
            "encounter": s.encounter,
            "round": s.round,
            "phase": s.phase,
            "seat": seat,
            "map": list(ctx.enc.map),
            "walls": [{"type": t, "squares": [b.name(q) for q in sq]} for t, sq in s.walls],
            "units": units,
            "heroes": heroes,
            "initiative": list(s.initiative),
            "turn_index": s.turn_index,
            "potions": s.potions,
            "boss_deck": len(s.boss_deck),
            "boss_discard": [boss.cards[i].name for i in s.boss_discard],
            "direction_deck": len(s.direction_deck),
            "compass": s.compass,
            "objectives": {
                "main": ctx.enc.main.text,
                "bonus": ctx.enc.bonus.text,
                "defeat": ctx.enc.main.enemy if ctx.enc.main.kind == "defeat_boss" else None,
                "reach": list(ctx.enc.main.squares) if ctx.enc.main.kind == "reach" else [],
                "round_limit": ctx.enc.round_limit,
            },
            "pending": pending,
            "outcome": s.outcome,
            "cause": s.cause,
            "log": s.log.last(20),
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "version": SAVE_VERSION,
            "game": "tactics",
            "config": self.config,
            "state": state_to_json(self.s),
        }

    @classmethod
    def from_json(
        cls, data: Any, file: str = "(save)", content: Content | None = None
    ) -> TacticsGame:
        content = content or default_content()
        if not isinstance(data, dict):
            raise SaveError(file, "(top level)", "expected a JSON object")
        if data.get("game") != "tactics":
            raise SaveError(file, "game", "not a tactics save")
        if data.get("version") != SAVE_VERSION:
            raise SaveError(file, "version", f"expected version {SAVE_VERSION}")
        config = data.get("config")
        if not isinstance(config, dict):
            raise SaveError(file, "config", "expected an object")
        s = state_from_json(data.get("state"), file, content)
        enc = content.encounters[s.encounter]
        return cls(s, Ctx(content, enc, board_of(enc)), config)

    def state_hash(self) -> str:
        return state_hash(state_to_json(self.s))


def new_game(
    config: dict[str, Any] | None = None, seed: int = 0, content: Content | None = None
) -> TacticsGame:
    """A new encounter, run forward to the first decision (placing the first hero)."""
    cfg = dict(DEFAULT_CONFIG)
    cfg.update(config or {})
    s, ctx = new_state(content or default_content(), cfg, seed)
    advance(s, ctx)
    return TacticsGame(s, ctx, cfg)


# --- save and load ---------------------------------------------------------------------


def state_to_json(s: State) -> dict[str, Any]:
    return {
        "encounter": s.encounter,
        "heroes_count": s.heroes_count,
        "difficulty": s.difficulty,
        "units": [
            {
                "uid": u.uid,
                "side": u.side,
                "kind": u.kind,
                "type_id": u.type_id,
                "hp": u.hp,
                "max_hp": u.max_hp,
                "square": u.square,
                "large": u.large,
                "knocked_out": u.knocked_out,
                "conditions": list(u.conditions),
                "owner": u.owner,
                "start": u.start,
                "movement": u.movement,
                "attack_dice": list(u.attack_dice),
                "attack_range": list(u.attack_range),
                "attack_bonus": u.attack_bonus,
            }
            for u in s.units.values()
        ],
        "heroes": [
            {
                "seat": h.seat,
                "uid": h.uid,
                "class_id": h.class_id,
                "deck": list(h.deck),
                "hand": list(h.hand),
                "discard": list(h.discard),
                "set_aside": list(h.set_aside),
                "board": dict(h.board),
                "abilities": list(h.abilities),
                "passed": h.passed,
                "actions": h.actions,
                "free_played": h.free_played,
                "commanded": list(h.commanded),
                "mulliganed": h.mulliganed,
            }
            for h in s.heroes
        ],
        "rng": str(s.rng),
        "round": s.round,
        "phase": s.phase,
        "initiative": list(s.initiative),
        "turn_index": s.turn_index,
        "boss_deck": list(s.boss_deck),
        "boss_discard": list(s.boss_discard),
        "direction_deck": list(s.direction_deck),
        "direction_discard": list(s.direction_discard),
        "direction_used": s.direction_used,
        "compass": s.compass,
        "walls": [[t, list(q)] for t, q in s.walls],
        "potions": s.potions,
        "potions_used": s.potions_used,
        "knockouts": s.knockouts,
        "spawned": dict(s.spawned),
        "defeated": dict(s.defeated),
        "pending": [{"kind": d.kind, "seat": d.seat, "data": d.data} for d in s.pending],
        "resolution": None
        if s.resolution is None
        else {
            "seat": s.resolution.seat,
            "card": s.resolution.card,
            "option": s.resolution.option,
            "step": s.resolution.step,
            "actor": s.resolution.actor,
            "last_target": s.resolution.last_target,
            "dice": list(s.resolution.dice),
            "queue": list(s.resolution.queue),
        },
        "enemy_turn": None
        if s.enemy_turn is None
        else {
            "card": s.enemy_turn.card,
            "activation": s.enemy_turn.activation,
            "queue": list(s.enemy_turn.queue),
            "started": s.enemy_turn.started,
            "step": s.enemy_turn.step,
            "focus": s.enemy_turn.focus,
            "attack": s.enemy_turn.attack,
        },
        "outcome": s.outcome,
        "cause": s.cause,
        "log": s.log.to_list(),
        "decisions": s.decisions,
        "cursor": s.cursor,
        "acting": s.acting,
    }


class _Reader:
    """Typed field access that names the bad field in a SaveError."""

    def __init__(self, file: str) -> None:
        self.file = file

    def get(self, data: Any, key: str, kind: type | tuple[type, ...], path: str) -> Any:
        if not isinstance(data, dict) or key not in data:
            raise SaveError(self.file, f"{path}.{key}" if path else key, "missing")
        value = data[key]
        if kind is int and isinstance(value, bool):
            raise SaveError(self.file, f"{path}.{key}" if path else key, "expected int")
        if not isinstance(value, kind):
            names = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
            raise SaveError(self.file, f"{path}.{key}" if path else key, f"expected {names}")
        return value

    def strs(self, data: Any, key: str, path: str) -> list[str]:
        value = self.get(data, key, list, path)
        if not all(isinstance(v, str) for v in value):
            raise SaveError(self.file, f"{path}.{key}", "expected a list of strings")
        return list(value)

    def ints(self, data: Any, key: str, path: str) -> list[int]:
        value = self.get(data, key, list, path)
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            raise SaveError(self.file, f"{path}.{key}", "expected a list of integers")
        return list(value)


def state_from_json(data: Any, file: str, content: Content) -> State:
    r = _Reader(file)
    p = "state"
    if not isinstance(data, dict):
        raise SaveError(file, p, "expected an object")
    enc_id = r.get(data, "encounter", str, p)
    if enc_id not in content.encounters:
        raise SaveError(file, f"{p}.encounter", f"no encounter {enc_id!r}")
    units: dict[str, Unit] = {}
    for i, u in enumerate(r.get(data, "units", list, p)):
        q = f"{p}.units[{i}]"
        rng_band = r.ints(u, "attack_range", q)
        if len(rng_band) != 2:
            raise SaveError(file, f"{q}.attack_range", "expected two integers")
        unit = Unit(
            r.get(u, "uid", str, q),
            r.get(u, "side", str, q),
            r.get(u, "kind", str, q),
            r.get(u, "type_id", str, q),
            r.get(u, "hp", int, q),
            r.get(u, "max_hp", int, q),
            r.get(u, "square", int, q),
            r.get(u, "large", bool, q),
            r.get(u, "knocked_out", bool, q),
            r.strs(u, "conditions", q),
            r.get(u, "owner", int, q),
            r.get(u, "start", int, q),
            r.get(u, "movement", int, q),
            tuple(r.strs(u, "attack_dice", q)),
            (rng_band[0], rng_band[1]),
            r.get(u, "attack_bonus", int, q),
        )
        units[unit.uid] = unit
    heroes = []
    for i, h in enumerate(r.get(data, "heroes", list, p)):
        q = f"{p}.heroes[{i}]"
        board = r.get(h, "board", dict, q)
        for slot, cid in board.items():
            if cid is not None and cid not in content.cards:
                raise SaveError(file, f"{q}.board.{slot}", f"no card {cid!r}")
        hero = Hero(
            r.get(h, "seat", int, q),
            r.get(h, "uid", str, q),
            r.get(h, "class_id", str, q),
            r.strs(h, "deck", q),
            r.strs(h, "hand", q),
            r.strs(h, "discard", q),
            r.strs(h, "set_aside", q),
            dict(board),
            r.strs(h, "abilities", q),
            r.get(h, "passed", bool, q),
            r.get(h, "actions", int, q),
            r.get(h, "free_played", bool, q),
            r.strs(h, "commanded", q),
            r.get(h, "mulliganed", bool, q),
        )
        for zone in ("deck", "hand", "discard", "set_aside"):
            for cid in getattr(hero, zone):
                if cid not in content.cards:
                    raise SaveError(file, f"{q}.{zone}", f"no card {cid!r}")
        if hero.uid not in units:
            raise SaveError(file, f"{q}.uid", f"no unit {hero.uid!r}")
        heroes.append(hero)
    rng_text = r.get(data, "rng", str, p)
    if not rng_text.isdigit():
        raise SaveError(file, f"{p}.rng", "expected a decimal integer")
    pending = []
    for i, d in enumerate(r.get(data, "pending", list, p)):
        q = f"{p}.pending[{i}]"
        dd = r.get(d, "data", dict, q)
        choices = r.get(dd, "choices", list, f"{q}.data")
        if not all(
            isinstance(c, list) and c and all(isinstance(t, str) for t in c) for c in choices
        ):
            raise SaveError(
                file, f"{q}.data.choices", "expected a list of actions, each a list of strings"
            )
        r.get(dd, "prompt", str, f"{q}.data")
        r.get(dd, "rule", str, f"{q}.data")
        pending.append(Decision(r.get(d, "kind", str, q), r.get(d, "seat", int, q), dd))
    res = data.get("resolution")
    resolution = None
    if res is not None:
        q = f"{p}.resolution"
        resolution = Resolution(
            r.get(res, "seat", int, q),
            r.get(res, "card", str, q),
            r.get(res, "option", int, q),
            r.get(res, "step", int, q),
            r.get(res, "actor", str, q),
            r.get(res, "last_target", str, q),
            r.ints(res, "dice", q),
            r.strs(res, "queue", q),
        )
    et = data.get("enemy_turn")
    enemy_turn = None
    if et is not None:
        q = f"{p}.enemy_turn"
        attack = r.get(et, "attack", dict, q)
        if attack:
            for key, kind in ATTACK_FIELDS.items():
                r.get(attack, key, kind, f"{q}.attack")
        enemy_turn = EnemyTurn(
            r.get(et, "card", int, q),
            r.get(et, "activation", int, q),
            r.strs(et, "queue", q),
            r.get(et, "started", bool, q),
            r.get(et, "step", int, q),
            r.get(et, "focus", str, q),
            {k: list(v) if isinstance(v, list) else v for k, v in attack.items()},
        )
    walls = []
    for i, w in enumerate(r.get(data, "walls", list, p)):
        if not (
            isinstance(w, list)
            and len(w) == 2
            and isinstance(w[0], str)
            and w[0] in content.walls
            and isinstance(w[1], list)
        ):
            raise SaveError(file, f"{p}.walls[{i}]", "expected [wall type, [squares]]")
        walls.append((w[0], tuple(int(x) for x in w[1])))
    return State(
        enc_id,
        r.get(data, "heroes_count", int, p),
        r.get(data, "difficulty", str, p),
        units,
        heroes,
        int(rng_text),
        r.get(data, "round", int, p),
        r.get(data, "phase", str, p),
        r.strs(data, "initiative", p),
        r.get(data, "turn_index", int, p),
        r.ints(data, "boss_deck", p),
        r.ints(data, "boss_discard", p),
        r.strs(data, "direction_deck", p),
        r.strs(data, "direction_discard", p),
        r.get(data, "direction_used", bool, p),
        r.get(data, "compass", int, p),
        walls,
        r.get(data, "potions", int, p),
        r.get(data, "potions_used", int, p),
        r.get(data, "knockouts", int, p),
        dict(r.get(data, "spawned", dict, p)),
        dict(r.get(data, "defeated", dict, p)),
        pending,
        resolution,
        enemy_turn,
        r.get(data, "outcome", str, p),
        r.get(data, "cause", str, p),
        Chain.of(r.strs(data, "log", p)),
        r.get(data, "decisions", int, p),
        r.get(data, "cursor", int, p),
        r.get(data, "acting", str, p),
    )
