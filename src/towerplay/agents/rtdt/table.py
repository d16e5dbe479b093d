"""The table as the agent sees it: `game.observe(seat)` read into small objects.

Nothing here reads the game's state: every fact comes from the observation (the JSON of
docs/observe.md). The objects keep the observation's order (buildings, foe tokens,
cards), so every choice is the same whichever way the facts are read.
"""

from __future__ import annotations

from typing import Any

from towerplay.agents.rtdt.values import KINGDOMS

LEVELS = ("top", "middle", "bottom")
SEALS = tuple(f"{LEVELS[i // 4]}_{KINGDOMS[i % 4]}" for i in range(12))  # by Tower index


class Hero:
    """One hero board, as observed (another hero's face-down trials are only a count)."""

    __slots__ = (
        "hero",
        "seat",
        "kingdom",
        "space",
        "warriors",
        "spirit",
        "potions",
        "gear",
        "treasures",
        "quest_items",
        "virtues",
        "inactive",
        "corruptions",
        "companions",
        "trials",
        "trials_done",
        "eliminated",
        "corruption_limit",
        "_cards",
        "_profile",
    )

    def __init__(self, o: dict[str, Any]) -> None:
        self.hero: str = o["hero"]
        self.seat: int = o["seat"]
        self.kingdom: str = o["kingdom"]
        self.space: str = o["space"]
        self.warriors: int = o["warriors"]
        self.spirit: int = o["spirit"]
        self.potions: list[str] = o["potions"]
        self.gear: list[str] = o["gear"]
        self.treasures: list[str] = o["treasures"]
        self.quest_items: list[str] = o["quest_items"]
        self.virtues: list[str] = o["virtues"]
        self.inactive: list[str] = o["inactive"]
        self.corruptions: list[str] = o["corruptions"]
        self.companions: list[str] = o["companions"]
        trials = o["trials"]
        self.trials: list[str] = trials if isinstance(trials, list) else []
        self.trials_done: list[str] = o["trials_done"]
        self.eliminated: bool = o["eliminated"]
        self.corruption_limit: int = o["corruption_limit"]
        self._cards: list[str] = o["cards"]
        self._profile: tuple[Any, Any] | None = None

    def cards(self) -> list[str]:
        """Every card whose abilities apply to this hero, in the rules' order."""
        return self._cards

    def profile(self, w: Any) -> Any:
        """The printed rules of the hero's cards (`w.profile`), kept with the hero: the
        observed hero is read once while it does not change (Table)."""
        hit = self._profile
        if hit is None or hit[0] is not w:
            hit = self._profile = (w, w.profile(self._cards))
        return hit[1]


class Turn:
    __slots__ = (
        "seat",
        "phase",
        "heroic_done",
        "used",
        "doubled",
        "moving_started",
        "steps_left",
        "advantages_used",
        "reinforces",
    )

    def __init__(self, o: dict[str, Any]) -> None:
        self.seat: int = o["seat"]
        self.phase: str = o["phase"]
        self.heroic_done: bool = o["heroic_done"]
        self.used: list[str] = o["used"]
        self.doubled: bool = o["doubled"]
        self.moving_started: bool = o["moving_started"]
        self.steps_left: int = o["steps_left"]
        self.advantages_used: int = o["advantages_used"]
        self.reinforces: int = o["reinforces"]


class Battle:
    __slots__ = (
        "foe",
        "adversary",
        "revealed",
        "card_id",
        "index",
        "count",
        "rung",
        "pool",
        "used",
    )

    def __init__(self, o: dict[str, Any]) -> None:
        self.foe: str = o["foe"]
        self.adversary: bool = o["adversary"]
        self.revealed: bool = o["revealed"]
        self.card_id: str = o["card_id"] or ""
        self.index: int = o["index"]
        self.count: int = o["cards"]
        self.rung: int = o["rung"]
        self.pool: dict[str, int] = o["advantages"]
        self.used: int = o["used"]


class Delve:
    __slots__ = ("space", "room", "room_id", "improved", "pool", "used")

    def __init__(self, o: dict[str, Any]) -> None:
        self.space: str = o["space"]
        self.room: int = o["room"]
        self.room_id: str | None = o["room_id"]
        self.improved: bool = o["improved"]
        self.pool: dict[str, int] = o["advantages"]
        self.used: int = o["used"]


class Dungeon:
    __slots__ = ("kind", "rooms", "cleared")

    def __init__(self, o: dict[str, Any]) -> None:
        self.kind: str = o["type"]
        self.rooms: list[str | None] = o["rooms"]  # None: face down
        self.cleared: list[bool] = o["cleared"]


class Trade:
    __slots__ = ("partner", "moves")

    def __init__(self, o: dict[str, Any]) -> None:
        self.partner: int = o["partner"]
        self.moves: list[str] = o["moves"]


class Decision:
    __slots__ = ("kind", "seat", "amount", "scope", "target", "context", "options")

    def __init__(self, o: dict[str, Any]) -> None:
        self.kind: str = o["kind"]
        self.seat: int = o["seat"]
        self.amount: int = o["amount"]
        self.scope: str = o["scope"]
        self.target: str = o["target"]
        self.context: str = o["context"]
        # the options of a choice or a may_pay question (another seat's hidden ones: a count)
        opts = o.get("options", ())
        self.options: tuple[str, ...] = tuple(opts) if isinstance(opts, list) else ()


class Tower:
    __slots__ = ("rotation", "seals", "inside")

    def __init__(self, o: dict[str, Any], inside: int, seals: list[bool]) -> None:
        self.rotation: list[int] = o["rotation"]
        self.seals = seals
        self.inside = inside


def seals_in_place(tower: dict[str, Any]) -> list[bool]:
    """By Tower index, whether the seal is in place."""
    sealed = set(tower["seals"])
    return [name in sealed for name in SEALS]


class Site:
    __slots__ = ("monument", "kingdom", "space", "offerings", "status")

    def __init__(self, o: dict[str, Any]) -> None:
        self.monument: str = o["monument"]
        self.kingdom: str = o["kingdom"]
        self.space: str = o["space"]
        self.offerings: int = o["offerings"]
        self.status: str = o["status"]


class Covenant:
    __slots__ = (
        "sites",
        "wastelands",
        "protections",
        "doom",
        "doom_tower",
        "charges",
        "blessings",
        "quarry",
        "stuck",
        "foreign_virtues",
    )

    def __init__(self, o: dict[str, Any], sites: list[Site]) -> None:
        self.sites = sites
        self.wastelands: list[str] = o["wastelands"]
        self.protections: list[str] = o["protections"]
        self.doom: dict[str, int] = o["doom"]
        self.doom_tower: int = o["doom_inside_tower"]
        self.charges: dict[str, int] = o["charges"]
        self.blessings: list[int] = o["blessings"]
        self.quarry: str = o["quarry"]
        self.stuck: list[int] = o["stuck"]
        self.foreign_virtues: list[str] = o["foreign_virtues"]


class Config:
    __slots__ = ("mode", "adversary")

    def __init__(self, o: dict[str, Any]) -> None:
        self.mode: str = o["mode"]
        self.adversary: str = o["adversary"]


class Table:
    """The public table: what the old agent read from the state, now from observe.

    `game.observe` hands back the very same dict for a part whose facts did not change
    (docs/observe.md: read-only below the top level); `kept` remembers what each such
    part was read into, so an unchanged part is not read again (see `reread`)."""

    __slots__ = (
        "obs",
        "config",
        "heroes",
        "skulls",
        "buildings",
        "foes",
        "foe_status",
        "mutations",
        "adversary_space",
        "supply",
        "market",
        "gear_piles",
        "turn",
        "tower",
        "pending",
        "trade",
        "battle",
        "delve",
        "dungeons",
        "cov",
    )

    def __init__(self, o: dict[str, Any], kept: dict[Any, tuple[Any, Any]] | None = None) -> None:
        k: dict[Any, tuple[Any, Any]] = {} if kept is None else kept
        self.obs = o
        self.config = reread(k, "config", o["config"], Config)
        self.heroes = [reread(k, ("hero", i), h, Hero) for i, h in enumerate(o["heroes"])]
        self.buildings: dict[str, dict[str, Any]] = o["buildings"]
        self.skulls: dict[str, int] = reread(k, "skulls", self.buildings, standing_skulls)
        self.foes: list[tuple[str, str]] = [(f, sp) for f, sp in o["foe_tokens"]]
        self.foe_status: dict[str, str] = reread(k, "foe_status", o["foes"], statuses)
        # battle cards an adversary's mutations added to a foe's deck (Gravemaw)
        self.mutations: dict[str, tuple[str, ...]] = {
            f: tuple(cards) for f, cards in o.get("mutations", {}).items()
        }
        self.adversary_space: str = o["adversary"]["space"] or ""
        self.supply: int = o["skulls"]["supply"]
        self.market: list[str] = o["market"]
        self.gear_piles: dict[str, int] = o["gear_piles"]
        self.turn = Turn(o["turn"])
        tower = o["tower"]
        seals = reread(k, "seals", tower, seals_in_place)
        self.tower = Tower(tower, o["skulls"]["inside_tower"], seals)
        self.pending = [Decision(o["pending"])] if o["pending"] is not None else []
        self.trade = Trade(o["trade"]) if o["trade"] is not None else None
        self.battle = Battle(o["battle"]) if o["battle"] is not None else None
        self.delve = Delve(o["delve"]) if o["delve"] is not None else None
        self.dungeons = {sp: Dungeon(d) for sp, d in o["dungeons"].items()}
        cov = o["covenant"]
        self.cov = (
            Covenant(cov, reread(k, "sites", cov["sites"], sites)) if cov is not None else None
        )


def reread(kept: dict[Any, tuple[Any, Any]], name: Any, part: Any, read: Any) -> Any:
    """`read(part)`, or what the last observation's part `name` was read into when `part`
    is that very object (the observation kept it: its facts did not change). The entry
    holds the part, so its identity cannot pass to another object meanwhile."""
    hit = kept.get(name)
    if hit is not None and hit[0] is part:
        return hit[1]
    value = read(part)
    kept[name] = (part, value)
    return value


def standing_skulls(buildings: dict[str, dict[str, Any]]) -> dict[str, int]:
    """The skulls on each standing building, in the observation's order."""
    return {sp: b["skulls"] for sp, b in buildings.items() if b["standing"]}


def statuses(foes: dict[str, dict[str, Any]]) -> dict[str, str]:
    """Each foe's status, for the foes that have one."""
    return {f: x["status"] for f, x in foes.items() if x["status"] is not None}


def sites(entries: list[dict[str, Any]]) -> list[Site]:
    return [Site(x) for x in entries]
