"""Setting up an encounter: the party's decks, boards and abilities, the enemies
for this many heroes, the revive potions, the compass and the decks (AT-SETUP-*).
"""

from __future__ import annotations

from typing import Any

from towerplay.core.rng import Rng, seed_state
from towerplay.tactics.content import Content
from towerplay.tactics.effects import DIRECTIONS, log, shuffle
from towerplay.tactics.models import EQUIPMENT_KINDS
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
    party = list(config.get("party", ["fighter", "rogue", "cleric"]))
    if not 3 <= len(party) <= 5:
        raise ValueError("a party has 3 to 5 heroes (AT-SETUP-1)")
    for cls in party:
        if cls not in content.classes:
            raise ValueError(f"no class {cls!r}; known: {', '.join(content.classes)}")
    difficulty = config.get("difficulty", "normal")
    if difficulty not in POTIONS:
        raise ValueError(f"difficulty is one of {', '.join(POTIONS)}")
    ctx = Ctx(content, enc, board_of(enc))
    n = len(party)
    rng = Rng(seed_state(seed))
    s = State(enc_id, n, difficulty, {}, [], rng.state)
    extra_cards: dict[int, list[str]] = {
        int(k): list(v) for k, v in config.get("extra_cards", {}).items()
    }
    extra_abilities: dict[int, list[str]] = {
        int(k): list(v) for k, v in config.get("abilities", {}).items()
    }
    for seat, (cls_id, uid) in enumerate(zip(party, hero_uids(party), strict=True)):
        setup_hero(
            s, ctx, seat, cls_id, uid, extra_cards.get(seat, []), extra_abilities.get(seat, [])
        )
    for p in enc.placements:
        if n not in p.heroes:
            continue  # enemies by hero count (AT-SETUP-5)
        sq = ctx.board.square(p.at.lower())
        assert sq is not None
        s.units[p.id.lower()] = enemy_unit(ctx, p.id.lower(), p.enemy, n, sq)
    s.potions = POTIONS[difficulty] - (1 if n == 3 else 0)
    s.compass = Rng(s.rng).below(4)  # the compass, in any orientation (AT-SETUP-2)
    s.rng = Rng(s.rng).fork().state
    s.direction_deck = list(DIRECTIONS)
    shuffle(s, s.direction_deck)
    s.boss_deck = list(range(len(content.boss_decks[enc.boss_deck].cards)))
    shuffle(s, s.boss_deck)
    log(s, f"{enc.name}: {', '.join(h.uid for h in s.heroes)} with {s.potions} revive potions")
    s.phase = "place"
    return s, ctx


def setup_hero(
    s: State, ctx: Ctx, seat: int, cls_id: str, uid: str, extra: list[str], abilities: list[str]
) -> None:
    """Deck, player board, abilities and HP of one hero (AT-SETUP-3, -4)."""
    content = ctx.content
    cls = content.classes[cls_id]
    for cid in extra:
        if cid not in content.cards:
            raise ValueError(f"no card {cid!r}")
    cards = [*cls.starting_cards, *cls.starting_equipment, *extra]
    board: dict[str, str | None] = dict.fromkeys(SLOTS)
    deck = ["basic_move"] * BASIC_COPIES + ["basic_attack"] * BASIC_COPIES
    for cid in cards:
        kind = content.cards[cid].kind
        slot = kind if kind in EQUIPMENT_KINDS or kind == "class_feature" else None
        if slot is not None and board[slot] is None:
            board[slot] = cid  # one class feature and one of each equipment kind on the board
        else:
            deck.append(cid)  # the rest are shuffled into the deck
    chosen = [cls.passive, *(a for a in abilities if a != cls.passive)]
    for a in chosen:
        if a not in content.abilities:
            raise ValueError(f"no ability {a!r}")
    passives = [a for a in chosen if content.abilities[a].kind == "passive"]
    dice = [a for a in chosen if content.abilities[a].kind == "dice"]
    if len(passives) > MAX_PASSIVES or len(dice) > MAX_DICE_ABILITIES:
        raise ValueError("at most 3 passive and 2 dice abilities (AT-SETUP-4)")
    hero = Hero(seat, uid, cls_id, deck, board=board, abilities=chosen)
    shuffle(s, hero.deck)
    s.heroes.append(hero)
    hp = cls.hp + sum(content.abilities[a].modifiers.max_hp for a in chosen)
    s.units[uid] = Unit(
        uid,
        "hero",
        "hero",
        cls_id,
        hp,
        hp,
        -1,
        owner=seat,
        movement=cls.movement,
        attack_dice=cls.attack_dice,
        attack_range=cls.attack_range,
    )
