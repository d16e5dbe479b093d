"""Player setup before a campaign encounter: what each hero brings (AT-LOADOUT-*).

From its collection a hero puts one class feature and one weapon, armor and
accessory on its player board, shuffles any of its other class features and
equipment into its action deck (the rest stay in its tuck box), and picks up to 3
passive and 2 dice abilities. Its action cards (and any Mark of Death) always make
up the deck. A `Loadout` records these choices as plain data; `encounter_config`
turns the party's loadouts into the configuration `tactics.new_game` plays.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from towerplay.core.errors import IllegalAction
from towerplay.core.notation import Record
from towerplay.core.serial import spec
from towerplay.tactics.campaign.content import CampaignContent
from towerplay.tactics.campaign.hero import CampaignHero, current_class, level, max_hp, summons
from towerplay.tactics.campaign.records import Ability, Board, Drop, Shuffle, Store, Trade
from towerplay.tactics.models import EQUIPMENT_KINDS
from towerplay.tactics.scaling import party_level
from towerplay.tactics.setup import MAX_DICE_ABILITIES, MAX_PASSIVES, POTIONS

BOARD_KINDS = ("class_feature", *EQUIPMENT_KINDS)  # the player board's four slots


@dataclass(slots=True)
class Loadout:
    """One hero's choices for the next encounter (None: it owns no card of that kind)."""

    class_feature: str | None = field(default=None, metadata=spec(of="cards"))
    weapon: str | None = field(default=None, metadata=spec(of="cards"))
    armor: str | None = field(default=None, metadata=spec(of="cards"))
    accessory: str | None = field(default=None, metadata=spec(of="cards"))
    # the other class features and equipment shuffled into the deck (the rest are stored)
    shuffled: list[str] = field(default_factory=list, metadata=spec(of="cards"))
    abilities: list[str] = field(default_factory=list, metadata=spec(of="abilities"))

    def board(self) -> dict[str, str | None]:
        return {kind: getattr(self, kind) for kind in BOARD_KINDS}


def _kind(c: CampaignContent, card_id: str) -> str:
    return c.game.cards[card_id].kind


def board_cards(c: CampaignContent, h: CampaignHero) -> list[str]:
    """The hero's class features and equipment: the cards a loadout places or stores."""
    return [cid for cid in h.cards if _kind(c, cid) in BOARD_KINDS]


def action_deck(c: CampaignContent, h: CampaignHero, loadout: Loadout) -> list[str]:
    """The encounter's action deck: every other card the hero owns, plus the class
    features and equipment shuffled in (AT-LOADOUT-2)."""
    return [cid for cid in h.cards if _kind(c, cid) not in BOARD_KINDS] + list(loadout.shuffled)


def check_loadout(c: CampaignContent, h: CampaignHero, loadout: Loadout) -> None:
    """Refuse a loadout the hero cannot bring, naming the rule."""
    owned = Counter(board_cards(c, h))
    for kind, cid in loadout.board().items():
        have = [k for k in owned if _kind(c, k) == kind]
        if cid is None:
            if have:  # one of each kind on the board when the hero owns one (AT-LOADOUT-1)
                raise IllegalAction(
                    "{hero} must put a {kind} on the board", "AT-LOADOUT-1", hero=h.hero, kind=kind
                )
            continue
        if cid not in c.game.cards or _kind(c, cid) != kind:
            raise IllegalAction(
                "'{card}' is not a {kind} card", "AT-LOADOUT-1", card=cid, kind=kind
            )
        if cid not in owned:
            raise IllegalAction(
                "{hero} does not own '{card}'", "AT-LOADOUT-1", hero=h.hero, card=cid
            )
    used = Counter(cid for cid in loadout.board().values() if cid is not None)
    for cid in loadout.shuffled:
        if cid not in owned:
            raise IllegalAction(
                "'{card}' is not one of {hero}'s class features or equipment",
                "AT-LOADOUT-2",
                card=cid,
                hero=h.hero,
            )
        used[cid] += 1
    for cid, n in used.items():
        if n > owned[cid]:
            raise IllegalAction(
                "{hero} owns {owned} '{card}', not {n} (board and deck)",
                "AT-LOADOUT-2",
                hero=h.hero,
                owned=owned[cid],
                card=cid,
                n=n,
            )
    _check_abilities(c, h, loadout.abilities)


def _check_abilities(c: CampaignContent, h: CampaignHero, chosen: Sequence[str]) -> None:
    """The abilities on the board come from the hero's own ability cards (AT-LOADOUT-3),
    within the board's passive and dice slots."""
    have = Counter(h.abilities)
    for aid, n in Counter(chosen).items():
        if n > have[aid]:
            raise IllegalAction(
                "{hero} has no '{card}' ability card to spare",
                "AT-LOADOUT-3",
                hero=h.hero,
                card=aid,
            )
    kinds = Counter(c.game.abilities[a].kind for a in chosen)
    if kinds["passive"] > MAX_PASSIVES or kinds["dice"] > MAX_DICE_ABILITIES:
        raise IllegalAction(
            "at most {passive} passive and {dice} dice abilities",
            "AT-SETUP-4",
            passive=MAX_PASSIVES,
            dice=MAX_DICE_ABILITIES,
        )


def default_loadout(c: CampaignContent, h: CampaignHero) -> Loadout:
    """A sensible automatic loadout (AI heroes, quick play): the class feature of the
    hero's current class when it has one, else its newest; the newest card of each
    equipment kind (later loot is better); the rest stored, so the deck draws its
    action cards; the newest passive and dice abilities up to the limits."""
    owned = board_cards(c, h)
    out = Loadout()
    features = [cid for cid in owned if _kind(c, cid) == "class_feature"]
    cls = current_class(c, h).id
    own_class = [
        c.level_ups[lid].class_feature
        for lid in h.level_ups
        if c.level_ups[lid].deck == cls and c.level_ups[lid].class_feature in features
    ]
    if own_class:
        out.class_feature = own_class[-1]
    elif features:
        out.class_feature = features[-1]
    for kind in EQUIPMENT_KINDS:
        mine = [cid for cid in owned if _kind(c, cid) == kind]
        setattr(out, kind, mine[-1] if mine else None)
    passives = [a for a in h.abilities if c.game.abilities[a].kind == "passive"]
    dice = [a for a in h.abilities if c.game.abilities[a].kind == "dice"]
    out.abilities = passives[-MAX_PASSIVES:] + dice[-MAX_DICE_ABILITIES:]
    return out


def hero_config(c: CampaignContent, h: CampaignHero, loadout: Loadout) -> dict[str, Any]:
    """One hero as the encounter engine's config takes it (tactics/setup.py)."""
    check_loadout(c, h, loadout)
    return {
        "name": h.hero,
        "class": current_class(c, h).id,  # movement and basic attack (AT-ELITE-2)
        "max_hp": max_hp(c, h),  # the hearts of the level-up cards (AT-LOADOUT-4)
        "deck": action_deck(c, h, loadout),
        "board": loadout.board(),
        "abilities": list(loadout.abilities),
        "summons": summons(c, h),  # beside the board (AT-SUM-5)
    }


def encounter_config(
    c: CampaignContent,
    party: Sequence[CampaignHero],
    loadouts: Sequence[Loadout],
    difficulty: str,
    encounter: str,
    potions: int | None = None,
    items: Sequence[str] = (),
) -> dict[str, Any]:
    """The config `tactics.new_game` takes for the party with these loadouts.

    `potions` is the revive potions Party > Items holds (default: the difficulty's,
    AT-SETUP-6); `items` are the party's consumable supply items (a list of ids, an id
    once per copy), passed with their steps so the encounter can run them (AT-ITEM-1);
    `TacticsGame.spent()` then says which were used."""
    if len(loadouts) != len(party):
        raise ValueError(f"{len(party)} heroes but {len(loadouts)} loadouts")
    if difficulty not in POTIONS:
        raise ValueError(f"difficulty is one of {', '.join(POTIONS)}")
    config: dict[str, Any] = {
        "encounter": encounter,
        "difficulty": difficulty,
        "party": [current_class(c, h).id for h in party],
        "heroes": [hero_config(c, h, lo) for h, lo in zip(party, loadouts, strict=True)],
        # the enemies grow with the party's level (AT-CAMP-6)
        "party_level": party_level([level(h) for h in party]),
    }
    if potions is not None:
        config["potions"] = potions
    if items:
        config["items"] = [consumable(c, iid) for iid in items]
    return config


def consumable(c: CampaignContent, item_id: str) -> dict[str, Any]:
    """A consumable supply item as the encounter config carries it (AT-ITEM-1)."""
    item = c.items.get(item_id)
    if item is None or item.kind != "consumable":
        raise ValueError(f"{item_id!r} is not a consumable supply item")
    steps = [st.model_dump(mode="json", exclude_defaults=True) for st in item.steps]
    return {"id": item.id, "name": item.name, "steps": steps}


# --- choosing a loadout, one change at a time (AT-LOADOUT-5) ---------------------------------


def loadout_actions(c: CampaignContent, h: CampaignHero, lo: Loadout) -> list[str]:
    """The changes a player may make to a hero's loadout, then `ready`: put another
    card on the board, shuffle a stored card in or store a shuffled one, take up or put
    down an ability within the board's limits."""
    owned = Counter(board_cards(c, h))
    on_board = Counter(cid for cid in lo.board().values() if cid is not None)
    out = []
    for cid in sorted(owned):
        if cid not in on_board:
            out.append(f"board {cid}")
    shuffled = Counter(lo.shuffled)
    for cid in sorted(owned):
        if on_board[cid] + shuffled[cid] < owned[cid]:
            out.append(f"shuffle {cid}")
        if shuffled[cid]:
            out.append(f"store {cid}")
    kinds = Counter(c.game.abilities[a].kind for a in lo.abilities)
    room = {"passive": MAX_PASSIVES - kinds["passive"], "dice": MAX_DICE_ABILITIES - kinds["dice"]}
    chosen = Counter(lo.abilities)
    for aid in sorted(set(h.abilities)):
        if chosen[aid] < h.abilities.count(aid) and room[c.game.abilities[aid].kind] > 0:
            out.append(f"ability {aid}")
        if chosen[aid]:
            out.append(f"drop {aid}")
    return [*out, "ready"]


def edit_loadout(c: CampaignContent, lo: Loadout, a: Record) -> None:
    """Make one change that `loadout_actions` offered: the card a new one replaces on the
    board goes back to the tuck box."""
    if isinstance(a, Board):
        kind = _kind(c, a.card)
        if a.card in lo.shuffled:
            lo.shuffled.remove(a.card)
        setattr(lo, kind, a.card)
    elif isinstance(a, Shuffle):
        lo.shuffled.append(a.card)
    elif isinstance(a, Store):
        lo.shuffled.remove(a.card)
    elif isinstance(a, Ability):
        lo.abilities.append(a.card)
    elif isinstance(a, Drop):
        lo.abilities.remove(a.card)
    else:
        raise ValueError(f"not a loadout change: {a!r}")


# --- trading equipment between heroes (AT-LOOT-6) ------------------------------------------


def spare_equipment(c: CampaignContent, h: CampaignHero, lo: Loadout) -> list[str]:
    """The equipment a hero may trade away before an encounter: the copies in its tuck box,
    neither on its board nor shuffled into its deck (AT-LOOT-6)."""
    owned = Counter(cid for cid in h.cards if _kind(c, cid) in EQUIPMENT_KINDS)
    used = Counter(cid for cid in lo.board().values() if cid is not None) + Counter(lo.shuffled)
    return sorted(cid for cid in owned if owned[cid] > used[cid])


def trade_actions(
    c: CampaignContent, party: Sequence[CampaignHero], lo: Loadout, seat: int
) -> list[str]:
    """Each spare piece of equipment of the hero at `seat`, to each other hero."""
    spare = spare_equipment(c, party[seat], lo)
    return [f"trade {cid} {o.hero}" for cid in spare for i, o in enumerate(party) if i != seat]


def trade_refusal(
    c: CampaignContent, party: Sequence[CampaignHero], lo: Loadout, seat: int, a: Trade
) -> IllegalAction | None:
    """Why the hero at `seat` cannot give `a.card` to `a.hero` now, or None."""
    h = party[seat]
    others = [o.hero for i, o in enumerate(party) if i != seat]
    if a.hero not in others:
        return IllegalAction(
            "{hero} is not another hero of the party ({others})",
            "AT-LOOT-6",
            hero=a.hero,
            others=", ".join(others) or "—",
        )
    if a.card not in c.game.cards or _kind(c, a.card) not in EQUIPMENT_KINDS:
        return IllegalAction("only equipment is traded: '{card}' is none", "AT-LOOT-6", card=a.card)
    if a.card not in spare_equipment(c, h, lo):
        name = c.game.cards[a.card].name
        if a.card not in h.cards:
            return IllegalAction("{hero} does not own {card}", "AT-LOOT-6", hero=h.hero, card=name)
        return IllegalAction(
            "{card} is on {hero}'s board or in the deck: store it in the tuck box first",
            "AT-LOOT-6",
            card=name,
            hero=h.hero,
        )
    return None


def trade(
    c: CampaignContent,
    party: Sequence[CampaignHero],
    loadouts: Sequence[Loadout],
    seat: int,
    a: Trade,
) -> int:
    """Give the card (checked by `trade_refusal`) to the other hero, into its tuck box, or
    onto its board when its board has no card of that kind (AT-LOADOUT-1); the taker's
    index."""
    taker = next(i for i, o in enumerate(party) if o.hero == a.hero)
    party[seat].cards.remove(a.card)
    party[taker].cards.append(a.card)
    lo = loadouts[taker]
    kind = _kind(c, a.card)
    if getattr(lo, kind) is None:
        setattr(lo, kind, a.card)
    return taker
