"""What a loaded save must satisfy beyond each field's own type and domain.

core/serial.py has checked every field alone; these checks tie fields together
(the configuration and the heroes, a status for every foe, skull totals, indexes
into lists, pending questions' targets), so that a save that loads plays like a
game that was never saved. Each raises `fail(field, message)`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, get_args

from pydantic import TypeAdapter

from towerplay.core.errors import SaveError
from towerplay.rtdt import gamecode
from towerplay.rtdt.covenant.setup import in_play
from towerplay.rtdt.models import Effect, SkullScope
from towerplay.rtdt.rules.choices import unpacked
from towerplay.rtdt.state import Config, Covenant, Decision, State
from towerplay.rtdt.world import World

Fail = Callable[[str, str], SaveError]
EFFECT: TypeAdapter[Effect] = TypeAdapter(Effect)
HAGGLE = ("normal", "warriors", "potion", "gear", "cancel")
SEAT_TEXT = ("0", "1", "2", "3")
# per decision kind, the fields that carry ids and what they must name (a domain name of
# rtdt/save.py, or a tuple of the values); a text field a kind does not list must be empty, options
# too. `None`: any text (a reason shown to players, an item kind checked by the answers).
DECISION_FIELDS: dict[str, dict[str, Any]] = {
    "place_skull": {"target": "kingdoms"},
    "strike_building": {"target": "kingdoms", "scope": ("destroy", "skulls")},
    "move_token": {"target": "foes", "context": "spaces", "scope": ("", "next_kingdom")},
    "step_foe": {"target": "foes", "context": "spaces"},
    "cloak": {"target": "cards", "context": "spaces"},
    "cloak_place": {"target": "foes", "context": "spaces"},
    "move_tree": {"context": "spaces"},
    "pick_foe": {
        "scope": ("your_space", "adjacent_or_space", "anywhere", "current_kingdom"),
        "context": ("move", "remove"),
    },
    "place_hero": {"scope": ("anywhere", "current_kingdom")},
    "remove_skull": {"target": "spaces", "scope": get_args(SkullScope)},
    "add_skull": {"scope": ("near", "kingdom")},
    "discard": {"scope": None},
    "lose_item": {"scope": None},
    "spend_item": {"scope": None},
    "step_hero": {"target": SEAT_TEXT},
    "steeled": {"target": SEAT_TEXT, "context": None},
    "colossus_move": {"target": "spaces"},
    "cenotaph_drop": {"target": "virtues"},
    "chakram": {"target": "cards"},
    "sledge": {"target": "cards"},
    "effigy": {"target": "cards"},
    "flagon": {"target": "cards"},
    "beacon": {"target": "cards"},
    "smuggle": {"target": "cards", "options": "treasures"},
    # the striking foe or adversary, or the failed quest; the held-back losses as effects
    "iron_wall": {"target": "cards", "context": None, "options": None},
    "instinct": {"target": "battle_foes", "context": "spaces"},
    "haggle_reroll": {"target": HAGGLE, "context": None},
    "haggle_pick": {"options": HAGGLE, "context": None},
    "bounty": {"options": "quest_items"},
    "winds": {"options": "treasures"},
    "new_wares": {"options": "treasures"},
    "choose_effect": {"options": None, "context": None},  # options: effects as JSON text
    "may_pay": {"options": None, "context": None},  # (the price, what it buys)
}
EFFECT_OPTIONS = {"choose_effect": None, "may_pay": 2}  # how many options: any (2+), exactly 2
BLANK = {("remove_skull", "target")}  # "" too: each skull from any building
# kinds whose foe token (target) stands on the space in context
ON_A_TOKEN = ("move_token", "step_foe", "cloak_place")
SKULLS = 24  # RTDT-SETUP-7
TIERS = (gamecode.FOES_LEVEL_2, gamecode.FOES_LEVEL_3, gamecode.FOES_LEVEL_4)


def check_state(w: World, s: State, domains: Mapping[str, Any], fail: Fail) -> None:
    _config(w, s.config, fail)
    _heroes(s, fail)
    _foes(s, fail)
    _skulls(w, s, fail)
    _battle(w, s, fail)
    _quests_and_dungeons(w, s, fail)
    for deck, seen in s.deck_bottoms.items():  # a seat of this game, or -1: every seat
        for i, seat in enumerate(seen):
            if not -1 <= seat < s.config.players:
                raise fail(f"deck_bottoms.{deck}[{i}]", f"{seat} is not a seat (or -1)")
    for i, d in enumerate(s.pending):
        _decision(s, d, f"pending[{i}]", domains, fail)
    placing = [i for i, d in enumerate(s.pending) if d.kind == "place_skull"]
    if len(placing) > 1:
        raise fail(f"pending[{placing[1]}]", "one emerged skull is placed at a time")
    if placing:  # RTDT-PLACE-2: the first emerged skull, in its kingdom
        d = s.pending[placing[0]]
        if not s.emerged or d.target != s.emerged[0].removeprefix("doom:"):
            raise fail(
                f"pending[{placing[0]}].target", "not the kingdom of the first emerged skull"
            )
    if s.result is not None:
        if s.result.outcome not in ("win", "loss", "draw"):
            raise fail("result.outcome", f"unknown value {s.result.outcome!r}")
        if any(not 0 <= x < s.config.players for x in s.result.winners):
            raise fail("result.winners", "a winner is not a seat")


def _config(w: World, c: Config, fail: Fail) -> None:
    n = c.players
    if len(c.heroes) != n or len(set(c.heroes)) != n:
        raise fail("config.heroes", f"expected {n} different heroes")
    if len(c.kingdoms) != n or len(set(c.kingdoms)) != n:
        raise fail("config.kingdoms", f"expected {n} different home kingdoms")
    if c.first_player >= n:
        raise fail("config.first_player", f"{c.first_player} is not a seat")
    if len(c.foes) != len(TIERS):
        raise fail("config.foes", "expected three foes, one of each level")
    for i, (foe, tier) in enumerate(zip(c.foes, TIERS, strict=True)):
        if foe not in tier:
            raise fail(f"config.foes[{i}]", f"{foe!r} is not a level {i + 2} foe")
    if c.adversary not in gamecode.ADVERSARIES:
        raise fail("config.adversary", f"unknown value {c.adversary!r}")
    if c.companion not in gamecode.COMPANIONS:
        raise fail("config.companion", f"unknown value {c.companion!r}")
    if c.mode == "competitive" and (n < 2 or c.covenant):  # COV-MODE-1
        raise fail("config.mode", "competitive mode needs 2 to 4 players and no Covenant")
    if c.new_corruptions > len(w.content.covenant_corruptions):
        raise fail("config.new_corruptions", "more than the Covenant corruptions")
    _code(c, fail)


def _code(c: Config, fail: Fail) -> None:
    """RTDT-CODE-3: the game code is a code (a screen shows it to be shared, and a loaded
    game's AI seats are seeded from it), of this many players and this seed. (Its foes,
    adversary and companion are not checked: a scenario may set them, as tests do.)"""
    try:
        setup = gamecode.decode(c.code)
    except ValueError:  # its reason quotes the code, which may be megabytes long
        raise fail("config.code", "not a game code") from None
    told = {"players": setup.players == c.players, "seed": setup.seed == c.seed}
    for field, same in told.items():
        if not same:
            raise fail("config.code", f"config.{field} is not the code's")


def _heroes(s: State, fail: Fail) -> None:
    c = s.config
    for i, h in enumerate(s.heroes):
        if h.seat != i:
            raise fail(f"heroes[{i}].seat", f"expected seat {i}")
        if h.hero != c.heroes[i]:
            raise fail(f"heroes[{i}].hero", f"config.heroes says {c.heroes[i]!r}")
        if h.kingdom != c.kingdoms[i]:
            raise fail(f"heroes[{i}].kingdom", f"config.kingdoms says {c.kingdoms[i]!r}")
    if s.trade is not None:
        t = s.trade
        seats = (s.turn.seat, t.partner)
        if t.partner == s.turn.seat:
            raise fail("trade.partner", "a hero does not trade with itself")
        for i, h in enumerate(t.snapshot):
            if h.seat != seats[i] or h.hero != c.heroes[h.seat]:
                raise fail(f"trade.snapshot[{i}].seat", f"expected seat {seats[i]}")


def _foes(s: State, fail: Fail) -> None:
    """A status for each of the game's foes (RTDT-SETUP-17) and for every foe on the board
    (a scenario may bring in another foe, with its status)."""
    for foe in s.config.foes:
        if foe not in s.foe_status:
            raise fail(f"foe_status.{foe}", "missing: each of the game's foes has a status")
    for i, (foe, _) in enumerate(s.foes):
        if foe not in s.foe_status:
            raise fail(f"foes[{i}]", f"{foe!r} has no status (foe_status)")


def _skulls(w: World, s: State, fail: Fail) -> None:
    buildings = w.board.building_of
    for i, sp in enumerate(s.destroyed):
        if sp in s.skulls:
            raise fail(f"destroyed[{i}]", "a destroyed building still holds skulls")
    if not s.config.covenant:
        missing = [sp for sp in buildings if sp not in s.skulls and sp not in s.destroyed]
        if missing:
            raise fail(f"skulls.{missing[0]}", "missing: a standing building has a count")
    cov = s.cov
    doom = cov.doom if cov is not None else {}
    on_board = sum(s.skulls.values()) - sum(doom.values())
    emerged = sum(1 for k in s.emerged if not k.startswith("doom:"))
    inside = s.tower.inside - (cov.doom_tower if cov is not None else 0)
    if s.supply + on_board + inside + s.removed + emerged != SKULLS:
        raise fail("supply", "skulls do not add up to 24 (supply, buildings, Tower, removed)")
    if in_play(w, s.config) != (cov is not None):
        raise fail("covenant", "expected the Covenant block exactly when Covenant is played")
    if cov is not None:
        _covenant(w, s, cov, emerged, fail)


def _covenant(w: World, s: State, cov: Covenant, emerged: int, fail: Fail) -> None:
    # doom skulls add up on their own (COV-SETUP-2)
    doom_total = len(s.emerged) - emerged + cov.doom_supply + cov.doom_tower
    doom_total += sum(cov.doom.values()) + cov.doom_removed
    expected = w.content.covenant.components.doom_skulls if s.config.covenant else 0
    if doom_total != expected:
        raise fail("covenant.doom_supply", f"doom skulls do not add up to {expected}")
    if cov.doom_tower > s.tower.inside:
        raise fail("covenant.doom_tower", "more doom skulls than skulls inside the Tower")
    for sp, n in cov.doom.items():
        if n > s.skulls.get(sp, 0):
            raise fail(f"covenant.doom.{sp}", "more doom skulls than skulls on the building")


def _battle(w: World, s: State, fail: Fail) -> None:
    b = s.battle
    if b is None:
        return
    c = s.config
    if b.adversary != (b.foe == c.adversary) or (not b.adversary and b.foe not in s.foe_status):
        raise fail("battle.foe", f"{b.foe!r} is not this game's adversary or one of its foes")
    if not b.cards or b.index >= len(b.cards):
        raise fail("battle.index", f"{b.index} is not one of the {len(b.cards)} cards drawn")


def _quests_and_dungeons(w: World, s: State, fail: Fail) -> None:
    c = w.content
    for i, q in enumerate(s.quests):
        stages = len(c.quests[q.quest].stages)
        if q.stage >= stages:
            raise fail(f"quests[{i}].stage", f"{q.stage} is past the quest's {stages} stages")
    for sp, d in s.dungeons.items():
        path = f"dungeons.{sp}"
        pool = (
            {r.id for r in c.competitive.tower_rooms}
            if d.kind == "tower"
            else {r.id for r in c.dungeons[d.kind].rooms}
            if d.kind in c.dungeons
            else set()
        )
        for i, room in enumerate(d.rooms):
            if room not in pool:
                raise fail(f"{path}.rooms[{i}]", f"{room!r} is not a room of {d.kind!r}")
        if len(d.cleared) != len(d.rooms):
            raise fail(f"{path}.cleared", "expected one true/false per room")
        if d.target >= len(d.rooms):
            raise fail(f"{path}.target", f"{d.target} is not a room index")
    if s.delve is not None:
        dungeon = s.dungeons.get(s.delve.space)
        if dungeon is None:
            raise fail("delve.space", f"no dungeon at {s.delve.space!r}")
        if s.delve.room >= len(dungeon.rooms):
            raise fail("delve.room", f"{s.delve.room} is not a room index")
    rivers = {frozenset(e) for e in c.rivers}
    for i, pair in enumerate(s.fire_rivers):
        if frozenset(pair) not in rivers:
            raise fail(f"fire_rivers[{i}]", f"not a river crossing: {list(pair)!r}")


def _decision(s: State, d: Decision, path: str, domains: Mapping[str, Any], fail: Fail) -> None:
    """A pending question's ids name what its kind asks about (DECISION_FIELDS)."""
    allowed = DECISION_FIELDS.get(d.kind, {})
    for name in ("target", "scope", "context", "options"):
        value = getattr(d, name)
        if name not in allowed:
            if value:
                raise fail(f"{path}.{name}", f"a {d.kind} question has no {name}")
            continue
        domain = allowed[name]
        if domain is None:
            continue
        known = domain if isinstance(domain, tuple) else domains[domain]
        for i, v in enumerate(value if name == "options" else (value,)):
            if v not in known and not (v == "" and (d.kind, name) in BLANK):
                where = f"{path}.{name}" + (f"[{i}]" if name == "options" else "")
                raise fail(where, f"unknown value {v!r} for a {d.kind} question")
    if d.kind in EFFECT_OPTIONS:
        _effect_options(d, path, fail)
    if d.kind == "iron_wall":
        for i, text in enumerate(d.options):
            try:
                EFFECT.validate_json(text)
            except ValueError:
                raise fail(f"{path}.options[{i}]", f"not an effect: {text!r}") from None
    if d.kind in ON_A_TOKEN and (d.target, d.context) not in s.foes:
        raise fail(f"{path}.target", f"no {d.target!r} token on {d.context!r}")
    if allowed.get("target") is SEAT_TEXT and int(d.target) >= s.config.players:
        raise fail(f"{path}.target", f"{d.target} is not a seat")


def _effect_options(d: Decision, path: str, fail: Fail) -> None:
    """A choice's options are effect lists the content could say (rules/choices.py)."""
    count = EFFECT_OPTIONS[d.kind]
    if len(d.options) < 2 or (count is not None and len(d.options) != count):
        raise fail(f"{path}.options", f"a {d.kind} question has {len(d.options)} option(s)")
    for i, text in enumerate(d.options):
        try:
            effects = unpacked(text)
        except ValueError as err:
            raise fail(f"{path}.options[{i}]", f"not a list of effects: {err}") from None
        if (
            d.kind == "may_pay"
            and i == 0
            and not all(e.op in ("lose", "lose_item") for e in effects)
        ):
            raise fail(f"{path}.options[0]", "a price is made of lose and lose_item effects")
