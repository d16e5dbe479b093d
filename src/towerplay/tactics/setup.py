"""Setting up an encounter: the party's decks, boards and abilities, the enemies
for this many heroes, the revive potions, the compass and the decks (AT-SETUP-*).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from towerplay.core.rng import Rng, seed_state
from towerplay.tactics.content import Content
from towerplay.tactics.decks import DIRECTIONS, shuffle
from towerplay.tactics.effects import fit_max_hp, log
from towerplay.tactics.grid import looks_like_square
from towerplay.tactics.models import EQUIPMENT_KINDS, Consumable
from towerplay.tactics.scaling import config_level
from towerplay.tactics.spawns import enemy_unit
from towerplay.tactics.state import SLOTS, Ctx, Hero, State, Unit, board_of

POTIONS = {"easy": 4, "normal": 3, "hard": 2}  # AT-SETUP-6; one fewer with 3 heroes
BASIC_COPIES = 3  # AT-SETUP-3: 3 Basic Move and 3 Basic Attack
MAX_PASSIVES = 3  # AT-SETUP-4
MAX_DICE_ABILITIES = 2


def hero_uids(party: list[str]) -> list[str]:
    out = []
    for i, cls in enumerate(party):
        uid = cls if party.count(cls) == 1 else f"{cls}{party[: i + 1].count(cls)}"
        out.append(uid)
    return out


def new_state(content: Content, config: dict[str, Any], seed: int) -> tuple[State, Ctx]:
    enc_id = config.get("encounter", "goblin_ambush")
    if enc_id not in content.encounters:
        raise ValueError(f"no encounter {enc_id!r}; known: {', '.join(content.encounters)}")
    enc = content.encounters[enc_id]
    if "heroes" in config:
        if not isinstance(config["heroes"], list):
            raise ValueError("heroes: expected a list of heroes")
        heroes = [loadout_of(content, config["heroes"], i) for i in range(len(config["heroes"]))]
    else:
        heroes = standalone_heroes(content, config)
    if not 3 <= len(heroes) <= 5:
        raise ValueError("a party has 3 to 5 heroes (AT-SETUP-1)")
    difficulty = config.get("difficulty", "normal")
    if difficulty not in POTIONS:
        raise ValueError(f"difficulty is one of {', '.join(POTIONS)}")
    items = config_items(config)
    for i, item in enumerate(items):
        for st in item.steps:
            if st.op == "summon" and st.summon not in content.summons:
                raise ValueError(f"items[{i}].steps: no summon {st.summon!r}")
    level = config_level(config)  # the campaign party's level (AT-CAMP-6)
    ctx = Ctx(content, enc, board_of(enc), items=items_by_id(items), party_level=level)
    n = len(heroes)
    rng = Rng(seed_state(seed))
    s = State(enc_id, n, difficulty, {}, [], rng.state)
    placed = {p.id.lower() for p in enc.placements}
    for seat, h in enumerate(heroes):
        if h.uid in placed:
            raise ValueError(f"hero name {h.uid!r} is also an enemy of {enc_id}")
        add_hero(s, ctx, seat, h)
    for p in enc.placements:
        if n not in p.heroes:
            continue  # enemies by hero count (AT-SETUP-5)
        sq = ctx.board.square(p.at.lower())
        assert sq is not None
        s.units[p.id.lower()] = enemy_unit(ctx, p.id.lower(), p.enemy, n, sq)
    s.potions = POTIONS[difficulty] - (1 if n == 3 else 0)
    if "potions" in config:  # a campaign brings the revive potions of Party > Items
        s.potions = _int(config["potions"], "potions", 0, 9)
    s.items = [item.id for item in items]  # the party's consumables (AT-ITEM-1)
    s.compass = Rng(s.rng).below(4)  # the compass, in any orientation (AT-SETUP-2)
    s.rng = Rng(s.rng).fork().state
    s.direction_deck = list(DIRECTIONS)
    shuffle(s, s.direction_deck)
    s.boss_deck = list(range(len(content.boss_decks[enc.boss_deck].cards)))
    shuffle(s, s.boss_deck)
    names = ", ".join(h.uid for h in s.heroes)
    log(
        s,
        "text",
        "{encounter}: {heroes} with {potions} revive potions",
        encounter=enc.name,
        heroes=names,
        potions=s.potions,
    )
    log(
        s,
        "text",
        "main objective: {main}; bonus objective: {bonus}",
        main=enc.main.text,
        bonus=enc.bonus.text,
    )
    s.phase = "place"
    return s, ctx


def config_items(config: dict[str, Any]) -> list[Consumable]:
    """The config's `items`: the party's consumables, each with its steps (AT-ITEM-1)."""
    raw = config.get("items", [])
    if not isinstance(raw, list):
        raise ValueError("items: expected a list of consumable items")
    out = []
    for i, entry in enumerate(raw):
        try:
            out.append(Consumable.model_validate(entry))
        except ValidationError as e:
            raise ValueError(f"items[{i}]: {e.errors()[0]['msg']}") from None
    return out


def items_by_id(items: list[Consumable]) -> dict[str, Consumable]:
    """One definition per item id (two copies of an item are one id twice)."""
    out: dict[str, Consumable] = {}
    for i, item in enumerate(items):
        if out.setdefault(item.id, item) != item:
            raise ValueError(f"items[{i}]: another item is also called {item.id!r}")
    return out


@dataclass(frozen=True, slots=True)
class HeroSetup:
    """What one hero brings to the encounter: figure, class card, HP, deck, board."""

    uid: str
    class_id: str
    max_hp: int  # before the abilities' bonuses
    deck: list[str]
    board: dict[str, str | None]
    abilities: list[str]
    summons: list[str]  # the summons cards it keeps with its class (AT-SUM-5)


def standalone_heroes(content: Content, config: dict[str, Any]) -> list[HeroSetup]:
    """`party: [class ids]`: each class's starting deck and equipment, the first card
    of each kind on the board and the rest in the deck (AT-SETUP-3)."""
    party = list(config.get("party", ["fighter", "rogue", "cleric"]))
    if not 3 <= len(party) <= 5:
        raise ValueError("a party has 3 to 5 heroes (AT-SETUP-1)")
    for cls in party:
        if cls not in content.classes:
            raise ValueError(f"no class {cls!r}; known: {', '.join(content.classes)}")
    extra_cards: dict[int, list[str]] = {
        int(k): list(v) for k, v in config.get("extra_cards", {}).items()
    }
    extra_abilities: dict[int, list[str]] = {
        int(k): list(v) for k, v in config.get("abilities", {}).items()
    }
    stored: dict[int, list[str]] = {int(k): list(v) for k, v in config.get("stored", {}).items()}
    out = []
    for seat, (cls_id, uid) in enumerate(zip(party, hero_uids(party), strict=True)):
        cls = content.classes[cls_id]
        extra = extra_cards.get(seat, [])
        for cid in extra:
            if cid not in content.cards:
                raise ValueError(f"no card {cid!r}")
        board: dict[str, str | None] = dict.fromkeys(SLOTS)
        deck = ["basic_move"] * BASIC_COPIES + ["basic_attack"] * BASIC_COPIES
        for cid in [*cls.starting_cards, *cls.starting_equipment, *extra]:
            kind = content.cards[cid].kind
            slot = kind if kind in EQUIPMENT_KINDS or kind == "class_feature" else None
            if slot is not None and board[slot] is None:
                board[slot] = cid  # one class feature and one of each equipment kind
            else:
                deck.append(cid)  # the rest are shuffled into the deck
        for cid in stored.get(seat, []):
            # the remaining class features and equipment *may* be shuffled in; those
            # stored stay out of the encounter (AT-SETUP-3)
            what: str = content.cards[cid].kind if cid in content.cards else ""
            if not (what in EQUIPMENT_KINDS or what == "class_feature") or cid not in deck:
                raise ValueError(
                    f"stored.{seat}: {cid!r} is not a remaining class feature or equipment"
                )
            deck.remove(cid)
        chosen = [cls.passive, *(a for a in extra_abilities.get(seat, []) if a != cls.passive)]
        for a in chosen:
            if a not in content.abilities:
                raise ValueError(f"no ability {a!r}")
        summons = summoned_by(content, [*deck, *(c for c in board.values() if c)])
        out.append(HeroSetup(uid, cls_id, cls.hp, deck, board, chosen, summons))
    return out


def summoned_by(content: Content, cards: list[str]) -> list[str]:
    """The summons cards a standalone hero's class keeps with it: one for every creature
    its cards summon (AT-SUM-5)."""
    return sorted(
        {
            st.summon
            for cid in cards
            for option in content.cards[cid].options
            for st in option
            if st.op == "summon"
        }
    )


def _int(v: Any, where: str, lo: int, hi: int) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise ValueError(f"{where}: expected a whole number {lo}..{hi}, not {v!r}")
    return v


def _ids(v: Any, where: str, known: dict[str, Any]) -> list[str]:
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise ValueError(f"{where}: expected a list of ids")
    for x in v:
        if x not in known:
            raise ValueError(f"{where}: no {x!r}")
    return list(v)


def loadout_of(content: Content, heroes: Any, i: int) -> HeroSetup:
    """`heroes[i]` of a campaign config (campaign/loadout.py encounter_config): the
    hero's name, its current class, max HP, action deck, board, abilities and summons
    cards."""
    where = f"heroes[{i}]"
    h = heroes[i]
    keys = {"name", "class", "max_hp", "deck", "board", "abilities", "summons"}
    if not isinstance(h, dict) or set(h) != keys:
        raise ValueError(f"{where}: expected an object with {', '.join(sorted(keys))}")
    uid = h["name"]
    if not isinstance(uid, str) or not uid.isidentifier() or looks_like_square(uid):
        raise ValueError(f"{where}.name: {uid!r} is not a figure name")
    if uid in [x["name"] for x in heroes[:i]]:
        raise ValueError(f"{where}.name: {uid!r} twice")
    if not isinstance(h["class"], str) or h["class"] not in content.classes:
        raise ValueError(f"{where}.class: no class {h['class']!r}")
    max_hp = _int(h["max_hp"], f"{where}.max_hp", 1, 99)
    deck = _ids(h["deck"], f"{where}.deck", content.cards)
    board = h["board"]
    if not isinstance(board, dict) or set(board) != set(SLOTS):
        raise ValueError(f"{where}.board: expected the slots {', '.join(SLOTS)}")
    for slot, cid in board.items():
        if cid is not None and (
            not isinstance(cid, str) or cid not in content.cards or content.cards[cid].kind != slot
        ):
            raise ValueError(f"{where}.board.{slot}: {cid!r} is not a {slot} card")
    abilities = _ids(h["abilities"], f"{where}.abilities", content.abilities)
    summons = _ids(h["summons"], f"{where}.summons", content.summons)
    return HeroSetup(uid, h["class"], max_hp, deck, dict(board), abilities, summons)


def add_hero(s: State, ctx: Ctx, seat: int, h: HeroSetup) -> None:
    """Deck, player board, abilities and HP of one hero (AT-SETUP-3, -4)."""
    content = ctx.content
    cls = content.classes[h.class_id]
    passives = [a for a in h.abilities if content.abilities[a].kind == "passive"]
    dice = [a for a in h.abilities if content.abilities[a].kind == "dice"]
    if len(passives) > MAX_PASSIVES or len(dice) > MAX_DICE_ABILITIES:
        raise ValueError("at most 3 passive and 2 dice abilities (AT-SETUP-4)")
    hero = Hero(
        seat,
        h.uid,
        h.class_id,
        list(h.deck),
        board=dict(h.board),
        abilities=list(h.abilities),
        summons=list(h.summons),
    )
    shuffle(s, hero.deck)
    s.heroes.append(hero)
    hp = h.max_hp + sum(content.abilities[a].modifiers.max_hp for a in h.abilities)
    s.units[h.uid] = Unit(
        h.uid,
        "hero",
        "hero",
        h.class_id,
        hp,
        hp,
        -1,
        owner=seat,
        movement=cls.movement,  # the class card's (an elite class's, AT-ELITE-2)
        attack_dice=cls.attack_dice,
        attack_range=cls.attack_range,
    )
    fit_max_hp(s, ctx, hero)  # the board's equipment raises the maximum (AT-HP-1)
    s.units[h.uid].hp = s.units[h.uid].max_hp  # the encounter starts at the maximum
