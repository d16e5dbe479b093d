"""Saves: the whole state as JSON, loaded back exactly, mid-decision included.

Loading checks every field and names the first bad one (SaveError), and checks
that ids refer to this game's content, so a hand-edited or truncated save
never produces a half-built game.
"""

from __future__ import annotations

import re
from typing import Any

from towerplay.core.errors import SaveError
from towerplay.core.protocol import Result
from towerplay.core.replay import Chain
from towerplay.rtdt.models import STATUSES
from towerplay.rtdt.state import (
    ActiveQuest,
    Battle,
    Config,
    Covenant,
    Decision,
    Delve,
    Dungeon,
    HeroState,
    Site,
    State,
    Trade,
    TurnState,
)
from towerplay.rtdt.tower import Tower
from towerplay.rtdt.world import World

FORMAT = "towerplay-rtdt-1"
PHASES = ("start", "middle", "drop", "skip", "place", "events", "close", "month", "next")
EVENT = re.compile(
    r"^(tower_stirs|new_wares|companion|tower_acts(:\d+)?|wasteland:\d+|creeping_doom:\d+|monument:\w+|grow:\w+|weaken:\w+|spawn:\w+:\d+|strike:\w+(:\d+)?)$"
)
KINGDOMS = ("north", "east", "south", "west")
EMERGED = (*KINGDOMS, *(f"doom:{k}" for k in KINGDOMS))  # a doom skull is marked (COV-DOOM-3)
ADVANTAGE_TYPES = ("melee", "magic", "stealth", "beast", "humanoid", "undead", "wild")


def _events(r: _Reader, d: dict[str, Any]) -> list[str]:
    events = r.strs(d, "events", "")
    for i, e in enumerate(events):
        if not EVENT.match(e):
            raise r.fail(f"events[{i}]", f"unknown event {e!r}")
    return events


def save_state(s: State) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "config": s.config.to_json(),
        "rng": s.rng,
        "heroes": [h.to_json() for h in s.heroes],
        "skulls": dict(s.skulls),
        "destroyed": s.destroyed[:],
        "supply": s.supply,
        "removed": s.removed,
        "tower": s.tower.to_json(),
        "potion_deck": s.potion_deck[:],
        "treasure_deck": s.treasure_deck[:],
        "market": s.market[:],
        "corruption_deck": s.corruption_deck[:],
        "gear_piles": dict(s.gear_piles),
        "month": s.month,
        "month_turn": s.month_turn,
        "month_length": s.month_length,
        "turn_number": s.turn_number,
        "turn": s.turn.to_json(),
        "pending": [d.to_json() for d in s.pending],
        "emerged": s.emerged[:],
        "events": s.events[:],
        "dropper": s.dropper,
        "trade": None
        if s.trade is None
        else {
            "partner": s.trade.partner,
            "snapshot": [h.to_json() for h in s.trade.snapshot],
            "moves": s.trade.moves[:],
        },
        "result": s.result.to_json() if s.result else None,
        "log": s.log.to_list(),
        "history": s.history.to_list(),
        "foes": [[f, sp] for f, sp in s.foes],
        "foe_status": dict(s.foe_status),
        "battle": s.battle.to_json() if s.battle is not None else None,
        "adversary_space": s.adversary_space,
        "adversary_rungs": dict(s.adversary_rungs),
        "quests": [q.to_json() for q in s.quests],
        "done_quests": s.done_quests[:],
        "dungeons": {sp: d.to_json() for sp, d in s.dungeons.items()},
        "delve": s.delve.to_json() if s.delve is not None else None,
        "fire_rivers": [[a, b] for a, b in s.fire_rivers],
        "siege_trees": s.siege_trees[:],
        "covenant": s.cov.to_json() if s.cov is not None else None,
    }


class _Reader:
    """Reads typed fields, raising SaveError with the dotted path of the first bad one."""

    def __init__(self, w: World, file: str) -> None:
        self.w = w
        self.file = file

    def fail(self, path: str, message: str) -> SaveError:
        return SaveError(self.file, path, message)

    def obj(self, d: Any, path: str) -> dict[str, Any]:
        if not isinstance(d, dict):
            raise self.fail(path, "expected an object")
        return d

    def get(self, d: dict[str, Any], key: str, path: str) -> Any:
        if key not in d:
            raise self.fail(f"{path}.{key}".lstrip("."), "missing")
        return d[key]

    def num(
        self, d: dict[str, Any], key: str, path: str, lo: int = 0, hi: int | None = None
    ) -> int:
        v = self.get(d, key, path)
        where = f"{path}.{key}".lstrip(".")
        if isinstance(v, bool) or not isinstance(v, int):
            raise self.fail(where, f"expected an integer, got {v!r}")
        if v < lo or (hi is not None and v > hi):
            raise self.fail(where, f"{v} is out of range")
        return v

    def flag(self, d: dict[str, Any], key: str, path: str) -> bool:
        v = self.get(d, key, path)
        if not isinstance(v, bool):
            raise self.fail(f"{path}.{key}".lstrip("."), f"expected true or false, got {v!r}")
        return v

    def text(self, d: dict[str, Any], key: str, path: str, allowed: Any = None) -> str:
        v = self.get(d, key, path)
        where = f"{path}.{key}".lstrip(".")
        if not isinstance(v, str):
            raise self.fail(where, f"expected text, got {v!r}")
        if allowed is not None and v not in allowed:
            raise self.fail(where, f"unknown value {v!r}")
        return v

    def strs(self, d: dict[str, Any], key: str, path: str, allowed: Any = None) -> list[str]:
        v = self.get(d, key, path)
        where = f"{path}.{key}".lstrip(".")
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            raise self.fail(where, "expected a list of text")
        if allowed is not None:
            for i, x in enumerate(v):
                if x not in allowed:
                    raise self.fail(f"{where}[{i}]", f"unknown id {x!r}")
        return list(v)

    def seats(self, d: dict[str, Any], key: str, path: str, players: int) -> list[Any]:
        """A list with one entry per seat."""
        v = self.get(d, key, path)
        if not isinstance(v, list) or len(v) != players:
            where = f"{path}.{key}".lstrip(".")
            raise self.fail(where, f"expected a list with one entry per seat ({players})")
        return v

    def nums(
        self, d: dict[str, Any], key: str, path: str, lo: int = 0, hi: int | None = None
    ) -> list[int]:
        v = self.get(d, key, path)
        where = f"{path}.{key}".lstrip(".")
        if not isinstance(v, list):
            raise self.fail(where, "expected a list of integers")
        return [self.num({f"{key}[{i}]": x}, f"{key}[{i}]", path, lo, hi) for i, x in enumerate(v)]

    def counts(self, d: dict[str, Any], key: str, path: str, allowed: Any) -> dict[str, int]:
        v = self.obj(self.get(d, key, path), f"{path}.{key}".lstrip("."))
        out = {}
        for k in v:
            if k not in allowed:
                raise self.fail(f"{path}.{key}.{k}".lstrip("."), "unknown id")
            out[k] = self.num(v, k, f"{path}.{key}".lstrip("."))
        return out

    def hero(self, d: Any, path: str) -> HeroState:
        c = self.w.content
        d = self.obj(d, path)
        cards = self.w.cards
        return HeroState(
            hero=self.text(d, "hero", path, c.heroes),
            seat=self.num(d, "seat", path, 0, 3),
            kingdom=self.text(d, "kingdom", path, c.kingdoms),
            space=self.text(d, "space", path, c.spaces),
            warriors=self.num(d, "warriors", path),
            spirit=self.num(d, "spirit", path),
            potions=self.strs(d, "potions", path, c.potions),
            gear=self.strs(d, "gear", path, c.gear),
            treasures=self.strs(d, "treasures", path, c.treasures),
            quest_items=self.strs(d, "quest_items", path),
            virtues=self.strs(d, "virtues", path, c.virtues),
            inactive=self.strs(d, "inactive", path, c.virtues),
            corruptions=self.strs(d, "corruptions", path, cards.keys() & c.corruptions.keys()),
            companions=self.strs(d, "companions", path, c.companions),
            spores=self.num(d, "spores", path, 0, 2),
            trials=self.strs(d, "trials", path, c.trials),
            trials_done=self.strs(d, "trials_done", path, c.trials),
            eliminated=self.flag(d, "eliminated", path),
        )


def load_state(w: World, data: Any, file: str = "<save>") -> State:
    r = _Reader(w, file)
    c = w.content
    d = r.obj(data, "(top level)")
    if d.get("format") != FORMAT:
        raise r.fail("format", f"expected {FORMAT!r}, got {d.get('format')!r}")
    cfg = r.obj(r.get(d, "config", ""), "config")
    players = r.num(cfg, "players", "config", 1, 4)
    config = Config(
        players=players,
        heroes=tuple(r.strs(cfg, "heroes", "config", c.heroes)),
        kingdoms=tuple(r.strs(cfg, "kingdoms", "config", c.kingdoms)),
        difficulty=r.text(cfg, "difficulty", "config", ("heroic", "gritty")),
        mode=r.text(cfg, "mode", "config", ("cooperative", "competitive")),
        foes=tuple(r.strs(cfg, "foes", "config")),
        adversary=r.text(cfg, "adversary", "config"),
        companion=r.text(cfg, "companion", "config"),
        seed=r.num(cfg, "seed", "config"),
        code=r.text(cfg, "code", "config"),
        first_player=r.num(cfg, "first_player", "config", 0, players - 1),
        expansion=r.text(cfg, "expansion", "config", ("", "covenant")),
        treasures=r.text(cfg, "treasures", "config", ("base", "covenant", "both")),
        new_corruptions=r.num(cfg, "new_corruptions", "config", 0, 12),
        base_corruptions=r.flag(cfg, "base_corruptions", "config"),
    )
    heroes_raw = r.get(d, "heroes", "")
    if not isinstance(heroes_raw, list) or len(heroes_raw) != players:
        raise r.fail("heroes", f"expected a list of {players} heroes")
    heroes = [r.hero(h, f"heroes[{i}]") for i, h in enumerate(heroes_raw)]
    for i, h in enumerate(heroes):
        if h.seat != i:
            raise r.fail(f"heroes[{i}].seat", f"expected seat {i}")
    # a completed Colossus of Björn may stand on any space (COV-CLARIFY-10)
    buildings = c.spaces if d.get("covenant") is not None else w.board.building_of
    try:
        tower_state = Tower.from_json(r.get(d, "tower", ""))
    except ValueError as exc:
        raise r.fail("tower", str(exc)) from exc
    t = r.obj(r.get(d, "turn", ""), "turn")
    turn = TurnState(
        seat=r.num(t, "seat", "turn", 0, players - 1),
        phase=r.text(t, "phase", "turn", PHASES),
        banner_done=r.flag(t, "banner_done", "turn"),
        start_pending=r.strs(t, "start_pending", "turn", w.cards),
        moves_left=r.num(t, "moves_left", "turn"),
        doubled=r.flag(t, "doubled", "turn"),
        moving_started=r.flag(t, "moving_started", "turn"),
        heroic_done=r.flag(t, "heroic_done", "turn"),
        reinforces=r.num(t, "reinforces", "turn"),
        reinforce_space=r.text(t, "reinforce_space", "turn", {"", *buildings}),
        reinforce_cancelled=r.flag(t, "reinforce_cancelled", "turn"),
        haggle=r.text(t, "haggle", "turn", {"", "normal", "warriors", "potion", "gear", "cancel"}),
        traded=r.flag(t, "traded", "turn"),
        used=r.strs(t, "used", "turn", {*w.cards, *c.monuments}),
        extra_turn=r.flag(t, "extra_turn", "turn"),
        advantages_used=r.num(t, "advantages_used", "turn"),
        borrowed_virtue=r.text(t, "borrowed_virtue", "turn", {"", *c.virtues}),
    )
    pending = []
    raw_pending = r.get(d, "pending", "")
    if not isinstance(raw_pending, list):
        raise r.fail("pending", "expected a list")
    from towerplay.rtdt.explain import DECISION_RULES

    for i, p in enumerate(raw_pending):
        path = f"pending[{i}]"
        p = r.obj(p, path)
        pending.append(
            Decision(
                kind=r.text(p, "kind", path, DECISION_RULES),
                seat=r.num(p, "seat", path, 0, players - 1),
                amount=r.num(p, "amount", path),
                scope=r.text(p, "scope", path),
                target=r.text(p, "target", path),
                options=tuple(r.strs(p, "options", path)),
                up_to=r.flag(p, "up_to", path),
                context=r.text(p, "context", path),
            )
        )
    trade = None
    raw_trade = r.get(d, "trade", "")
    if raw_trade is not None:
        tr = r.obj(raw_trade, "trade")
        snap = r.get(tr, "snapshot", "trade")
        if not isinstance(snap, list) or len(snap) != 2:
            raise r.fail("trade.snapshot", "expected the two traders' holdings")
        trade = Trade(
            partner=r.num(tr, "partner", "trade", 0, players - 1),
            snapshot=[r.hero(h, f"trade.snapshot[{i}]") for i, h in enumerate(snap)],
            moves=r.strs(tr, "moves", "trade"),
        )
    raw_result = r.get(d, "result", "")
    result = None
    if raw_result is not None:
        res = r.obj(raw_result, "result")
        result = Result(
            r.text(res, "outcome", "result", ("win", "loss", "draw")),
            r.text(res, "cause", "result"),
            tuple(res.get("winners", ())),
        )
    state = State(
        config=config,
        rng=r.num(d, "rng", ""),
        heroes=heroes,
        skulls=r.counts(d, "skulls", "", buildings),
        destroyed=r.strs(d, "destroyed", "", buildings),
        supply=r.num(d, "supply", "", 0, 24),
        removed=r.num(d, "removed", "", 0, 24),
        tower=tower_state,
        potion_deck=r.strs(d, "potion_deck", "", c.potions),
        treasure_deck=r.strs(d, "treasure_deck", "", c.treasures),
        market=r.strs(d, "market", "", c.treasures),
        corruption_deck=r.strs(d, "corruption_deck", "", c.corruptions),
        gear_piles=r.counts(d, "gear_piles", "", c.gear),
        month=r.num(d, "month", "", 1, 6),
        month_turn=r.num(d, "month_turn", ""),
        month_length=r.num(d, "month_length", "", 1),
        turn_number=r.num(d, "turn_number", ""),
        turn=turn,
        pending=pending,
        emerged=r.strs(d, "emerged", "", EMERGED),
        events=_events(r, d),
        dropper=r.num(d, "dropper", "", 0, players - 1),
        trade=trade,
        result=result,
        log=Chain.of(r.strs(d, "log", "")),
        history=Chain.of(r.strs(d, "history", "")),
    )
    foes_raw = r.get(d, "foes", "")
    if not isinstance(foes_raw, list):
        raise r.fail("foes", "expected a list of [foe, space] pairs")
    for i, pair in enumerate(foes_raw):
        if not (
            isinstance(pair, list) and len(pair) == 2 and pair[0] in c.foes and pair[1] in c.spaces
        ):
            raise r.fail(f"foes[{i}]", f"expected [foe, space], got {pair!r}")
        state.foes.append((pair[0], pair[1]))
    statuses = r.obj(r.get(d, "foe_status", ""), "foe_status")
    for foe, status in statuses.items():
        if foe not in c.foes or status not in STATUSES:
            raise r.fail(f"foe_status.{foe}", f"unknown foe or status {status!r}")
        state.foe_status[foe] = status
    state.adversary_space = r.text(d, "adversary_space", "", {"", *c.spaces})
    state.adversary_rungs = r.counts(d, "adversary_rungs", "", c.battle_cards)
    raw_battle = r.get(d, "battle", "")
    if raw_battle is not None:
        b = r.obj(raw_battle, "battle")
        state.battle = Battle(
            foe=r.text(b, "foe", "battle", {*c.foes, *c.adversaries}),
            space=r.text(b, "space", "battle", c.spaces),
            adversary=r.flag(b, "adversary", "battle"),
            cards=r.strs(b, "cards", "battle", c.battle_cards),
            index=r.num(b, "index", "battle"),
            rung=r.num(b, "rung", "battle", 0, 4),
            pool=r.counts(b, "pool", "battle", ADVANTAGE_TYPES),
            used=r.num(b, "used", "battle"),
            lost_warriors=r.num(b, "lost_warriors", "battle"),
            resolved=r.num(b, "resolved", "battle"),
            revealed=r.flag(b, "revealed", "battle"),
            shield=r.num(b, "shield", "battle"),
            card_used=r.num(b, "card_used", "battle"),
        )
    raw_quests = r.get(d, "quests", "")
    if not isinstance(raw_quests, list):
        raise r.fail("quests", "expected a list")
    for i, q in enumerate(raw_quests):
        path = f"quests[{i}]"
        q = r.obj(q, path)
        state.quests.append(
            ActiveQuest(
                quest=r.text(q, "quest", path, c.quests),
                stage=r.num(q, "stage", path),
                space=r.text(q, "space", path, c.spaces),
                kind=r.text(q, "kind", path, ("main_goal", "companion", "adversary")),
            )
        )
    state.done_quests = r.strs(d, "done_quests", "", c.quests)
    raw_dungeons = r.obj(r.get(d, "dungeons", ""), "dungeons")
    for sp, dd in raw_dungeons.items():
        path = f"dungeons.{sp}"
        if sp not in c.spaces and sp != "tower":
            raise r.fail(path, "unknown space")
        dd = r.obj(dd, path)
        kind = r.text(dd, "kind", path, {*c.dungeons, "tower"})
        room_ids = (
            {room.id for room in c.competitive.tower_rooms}
            if kind == "tower"
            else {room.id for room in c.dungeons[kind].rooms}
        )
        rooms = r.strs(dd, "rooms", path, room_ids)
        cleared = r.get(dd, "cleared", path)
        if (
            not isinstance(cleared, list)
            or len(cleared) != len(rooms)
            or not all(isinstance(x, bool) for x in cleared)
        ):
            raise r.fail(f"{path}.cleared", "expected one true/false per room")
        state.dungeons[sp] = Dungeon(
            kind, rooms, cleared, r.num(dd, "target", path, 0, len(rooms) - 1)
        )
    raw_delve = r.get(d, "delve", "")
    if raw_delve is not None:
        dv = r.obj(raw_delve, "delve")
        state.delve = Delve(
            space=r.text(dv, "space", "delve", state.dungeons),
            room=r.num(dv, "room", "delve", -1),
            improved=r.flag(dv, "improved", "delve"),
            pool=r.counts(dv, "pool", "delve", ADVANTAGE_TYPES),
            used=r.num(dv, "used", "delve"),
            shield=r.num(dv, "shield", "delve"),
        )
    rivers = {frozenset(e) for e in c.rivers}
    raw_fire = r.get(d, "fire_rivers", "")
    if not isinstance(raw_fire, list):
        raise r.fail("fire_rivers", "expected a list of [space, space] river crossings")
    for i, pair in enumerate(raw_fire):
        if not (isinstance(pair, list) and len(pair) == 2 and frozenset(pair) in rivers):
            raise r.fail(f"fire_rivers[{i}]", f"not a river crossing: {pair!r}")
        state.fire_rivers.append((pair[0], pair[1]))
    state.siege_trees = r.strs(d, "siege_trees", "", c.spaces)
    raw_cov = d.get("covenant")
    if raw_cov is not None:
        state.cov = _covenant(r, raw_cov, players)
    doom = state.cov.doom if state.cov is not None else {}
    on_board = sum(state.skulls.values()) - sum(doom.values())
    emerged = sum(1 for k in state.emerged if not k.startswith("doom:"))
    inside = state.tower.inside - (state.cov.doom_tower if state.cov is not None else 0)
    if state.supply + on_board + inside + state.removed + emerged != 24:
        raise r.fail("supply", "skulls do not add up to 24 (supply, buildings, Tower, removed)")
    if state.cov is not None:  # doom skulls add up on their own (COV-SETUP-2)
        cov = state.cov
        doom_total = len(state.emerged) - emerged + cov.doom_supply + cov.doom_tower
        doom_total += sum(cov.doom.values()) + cov.doom_removed
        expected = w.content.covenant.components.doom_skulls if config.covenant else 0
        if doom_total != expected:
            raise r.fail("covenant.doom_supply", f"doom skulls do not add up to {expected}")
        for sp, n in cov.doom.items():
            if n > state.skulls.get(sp, 0):
                raise r.fail(f"covenant.doom.{sp}", "more doom skulls than skulls on the building")
    return state


def _covenant(r: _Reader, raw: Any, players: int) -> Covenant:
    c = r.w.content
    d = r.obj(raw, "covenant")
    spaces = c.spaces
    sites = []
    raw_sites = r.get(d, "sites", "covenant")
    if not isinstance(raw_sites, list):
        raise r.fail("covenant.sites", "expected a list")
    for i, x in enumerate(raw_sites):
        path = f"covenant.sites[{i}]"
        x = r.obj(x, path)
        sites.append(
            Site(
                monument=r.text(x, "monument", path, c.monuments),
                kingdom=r.text(x, "kingdom", path, c.kingdoms),
                space=r.text(x, "space", path, spaces),
                offerings=r.num(x, "offerings", path, 0, 3),
                status=r.text(x, "status", path, ("foundation", "built", "destroyed")),
            )
        )

    def hands(key: str) -> list[list[str]]:
        """Per seat, a list of spell and invocation ids."""
        seats = r.seats(d, key, "covenant", players)
        return [
            r.strs({f"{key}[{i}]": x}, f"{key}[{i}]", "covenant", c.spells)
            for i, x in enumerate(seats)
        ]

    cov = Covenant(
        sites=sites,
        wastelands=r.strs(d, "wastelands", "covenant", spaces),
        protections=r.strs(d, "protections", "covenant", spaces),
        doom=r.counts(d, "doom", "covenant", spaces),
        doom_supply=r.num(d, "doom_supply", "covenant", 0, 12),
        doom_tower=r.num(d, "doom_tower", "covenant", 0, 12),
        doom_removed=r.num(d, "doom_removed", "covenant", 0, 12),
        charges=r.counts(d, "charges", "covenant", c.covenant_treasures),
        blessings=r.nums(d, "blessings", "covenant", 0, 8),
        quarry=r.text(d, "quarry", "covenant"),
        spells=hands("spells"),
        prepared=hands("prepared"),
        invocations=hands("invocations"),
        borrowed=r.strs(d, "borrowed", "covenant", c.quest_items),
        stuck=r.nums(d, "stuck", "covenant", 0, players - 1),
        dodge=r.text(d, "dodge", "covenant"),
    )
    if len(cov.blessings) != players:
        raise r.fail("covenant.blessings", f"expected one entry per seat ({players})")
    return cov
