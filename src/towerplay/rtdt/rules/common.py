"""Shared rule mechanics: logging, resources, items, corruption, skulls, losing.

Every function mutates the State it is given; the Game wrapper makes sure an
illegal action never reaches here, so these never need to roll back.
"""

from __future__ import annotations

from towerplay.core.notation import Action
from towerplay.core.protocol import Result
from towerplay.rtdt.decks import put_under
from towerplay.rtdt.rules.advantages import item_advantages
from towerplay.rtdt.rules.narrate import caused, hero_name, tell
from towerplay.rtdt.state import Decision, HeroState, Site, State
from towerplay.rtdt.tower import GLYPH_HOMES, SIDES
from towerplay.rtdt.words import N_
from towerplay.rtdt.world import Profile, World

CORRUPTION_LIMIT = 2  # RTDT-CORR-8
TREASURE_LIMIT = 4  # RTDT-ITEM-3
HEROIC_SPIRIT = 2  # RTDT-HEROIC-4
GLYPH_COST = 1  # RTDT-GLYPH-3


# Actions are interned: the same text always gives the same object (cheap equality).
_CACHE: dict[tuple[str, ...], Action] = {}


def act(*tokens: str) -> Action:
    a = _CACHE.get(tokens)
    if a is None:
        a = _CACHE[tokens] = Action(*tokens)
    return a


def ask(s: State, decision: Decision) -> None:
    """Queue a question; the Game orders new questions so they are asked in queue order."""
    s.pending.append(decision)


def lose_game(s: State, cause: str) -> None:
    """The heroes lose at once (RTDT-END-2..4)."""
    if s.result is None:
        # RTDT-END-1: one result for the whole table: all heroes lose together
        s.result = Result("loss", cause)
        tell(s, "result", "The heroes lose: {cause}.", cause=cause)


# --- abilities of what a hero holds ----------------------------------------------


def has_flag(w: World, h: HeroState, flag: str) -> bool:
    return flag in w.hero_profile(h).flags


def flag_cards(w: World, h: HeroState, flag: str) -> list[str]:
    """The hero's cards with this flag, in the order of `HeroState.cards`."""
    prof = w.hero_profile(h)
    if flag not in prof.flags:
        return []
    return list(w.cards_with(prof, flag))


def restricted(w: World, h: HeroState, what: str) -> bool:
    return what in w.hero_profile(h).restrictions


def stat_sum(
    w: World,
    h: HeroState,
    stat: str,
    building: str = "",
    option: str = "",
    prof: Profile | None = None,
) -> int:
    total = 0
    for m in (prof or w.hero_profile(h)).modifiers:
        if m.stat != stat:
            continue
        if m.building is not None and m.building != building:
            continue
        if m.option is not None and m.option != option:
            continue
        total += m.amount
    return total


def stat_set(w: World, h: HeroState, stat: str, prof: Profile | None = None) -> int | None:
    """The value a `set_*` modifier gives, if any (the lowest wins for costs)."""
    values = [m.amount for m in (prof or w.hero_profile(h)).modifiers if m.stat == stat]
    return min(values) if values else None


def base_move(w: World, h: HeroState, prof: Profile | None = None) -> int:
    """Base move from the hero board, a `set_base_move` virtue, then modifiers
    (RTDT-MOVE-1, RTDT-MOVE-3)."""
    p = prof or w.hero_profile(h)
    base = w.content.heroes[h.hero].base_move if p.move_set is None else p.move_set
    return max(0, base + p.move_add)


def treasure_limit(w: World, h: HeroState) -> int:
    mods = w.hero_profile(h).modifiers
    values = [m.amount for m in mods if m.stat == "treasure_limit"]
    bonus = sum(m.amount for m in mods if m.stat == "treasure_limit_bonus")
    return min([TREASURE_LIMIT, *values]) + bonus


def potion_limit(w: World, h: HeroState) -> int | None:
    mods = w.hero_profile(h).modifiers
    values = [m.amount for m in mods if m.stat == "potion_limit"]
    if not values:
        return None  # RTDT-ITEM-3: unlimited by default
    return min(values) + sum(m.amount for m in mods if m.stat == "potion_limit_bonus")


def potion_multiplier(w: World, h: HeroState) -> int:
    mult = 1
    for m in w.hero_profile(h).modifiers:
        if m.stat == "potion_multiplier":
            mult *= m.amount
    return mult


def home_kingdoms(s: State) -> set[str]:
    return {h.kingdom for h in s.heroes}


def kingdom_owner(s: State, kingdom: str) -> HeroState | None:
    """The hero whose home kingdom this is; None for a dormant kingdom (RTDT-HERO-7)."""
    for h in s.heroes:
        if h.kingdom == kingdom and not h.eliminated:  # CMP-ELIM-3: dormant once out
            return h
    return None


def glyph_faces(s: State, h: HeroState, glyph: str) -> bool:
    """Whether `glyph` is revealed (its seal off) and faces the hero's home kingdom
    (RTDT-GLYPH-3, RTDT-TOWER-2)."""
    level, home = GLYPH_HOMES[glyph]
    side = (home + s.tower.rotation[level]) % 4
    return not s.tower.seals[level * 4 + side] and SIDES[side] == h.kingdom


def glyph_cost(w: World, s: State, h: HeroState, glyph: str, prof: Profile | None = None) -> int:
    """Spirit owed to take `glyph`'s action while it is revealed and faces your home
    kingdom (RTDT-GLYPH-3); corruptions and treasures change it. `prof`: the hero's
    Profile when the caller has it."""
    if not glyph_faces(s, h, glyph):
        return 0
    prof = prof or w.hero_profile(h)
    fixed = stat_set(w, h, "set_glyph_cost", prof)
    if fixed is not None:
        return fixed
    return GLYPH_COST + stat_sum(w, h, "glyph_cost", prof=prof)


# --- corruption -------------------------------------------------------------------


def flag_amount(w: World, h: HeroState, flag: str) -> int:
    """The sum of a flag's `amount` over the hero's cards (0 without the flag)."""
    return sum(f.amount for cid in flag_cards(w, h, flag) for f in w.flags[cid] if f.flag == flag)


def corruption_limit(w: World, h: HeroState) -> int:
    """Two corruptions (RTDT-CORR-8); the Aegis's extra slot makes three (COV-AEGIS-1).
    The slot is on the hero board, so it stays when Iron-Willed, the virtue that tells of
    it, is lost."""
    board = w.content.heroes[h.hero].starting_virtues
    slot = sum(
        a.amount
        for v in board
        for a in v.abilities
        if a.kind == "flag" and a.flag == "extra_corruption_slot"
    )
    return CORRUPTION_LIMIT + max(slot, flag_amount(w, h, "extra_corruption_slot"))


# a corruption's cause: a plain one, a `Cause` (rules/narrate.py caused)
TOO_MANY = (
    N_("{hero} would gain one corruption too many ({why})."),
    N_("{hero} would gain one corruption too many ({why} {of})."),
)
GAINED_CORRUPTION = (
    N_("{hero} gains the corruption {card} ({why})."),
    N_("{hero} gains the corruption {card} ({why} {of})."),
)


def gain_corruption(w: World, s: State, h: HeroState, why: str, offer_steeled: bool = True) -> None:
    """Draw the top corruption; one past the limit loses the game at once (RTDT-CORR-7,
    RTDT-CORR-9; a fourth for the Aegis, COV-AEGIS-6)."""
    if s.result is not None:
        return
    hk = w.hooks
    if offer_steeled:  # the Aegis's Steeled may take it instead
        for ask_instead in hk.intercept_corruption:
            if ask_instead(w, s, h, why):
                return
    if len(h.corruptions) >= corruption_limit(w, h):
        msg, cause = caused(TOO_MANY, why, "why")
        tell(s, "text", msg, seats=(h.seat,), hero=hero_name(w, h), **cause)
        third = len(h.corruptions) == 2
        for out_instead in hk.would_lose:  # CMP-ELIM-1: the competitive mode's elimination
            if out_instead(
                w, s, h, N_("a third corruption") if third else N_("a fourth corruption")
            ):
                return
        lose_game(s, N_("third corruption") if third else N_("fourth corruption"))
        return
    if not s.corruption_deck:
        tell(s, "text", "The corruption deck is empty; no corruption is drawn.")
        return
    card = s.corruption_deck.pop(0)
    h.corruptions.append(card)
    msg, cause = caused(GAINED_CORRUPTION, why, "why")
    tell(
        s,
        "corruption",
        msg,
        seats=(h.seat,),
        amounts=(("corruptions", 1),),
        hero=hero_name(w, h),
        card=w.name(card),
        **cause,
    )
    for gained in hk.corruption_gained:  # the Argent Oak's offering (COV-CLARIFY-3), Snobby
        gained(w, s, h, card)
    check_limits(w, s, h)


def remove_corruptions(w: World, s: State, h: HeroState, amount: int | None = None) -> None:
    """Lost corruptions go to the bottom of the deck (RTDT-CORR-10)."""
    count = len(h.corruptions) if amount is None else min(amount, len(h.corruptions))
    for _ in range(count):
        card = h.corruptions.pop(0)
        put_under(s, "corruptions", card)
        tell(
            s,
            "corruption",
            "{hero} loses the corruption {card}.",
            seats=(h.seat,),
            amounts=(("corruptions", -1),),
            hero=hero_name(w, h),
            card=w.name(card),
        )


# --- items --------------------------------------------------------------------------


def return_item(s: State, kind: str, item: str) -> None:
    """Where a spent or lost item goes (RTDT-RES-6)."""
    # RTDT-ITEM-1: four item types (potions, gear, treasures; quest items below)
    if kind == "potion":
        put_under(s, "potions", item)
    elif kind == "gear":
        s.gear_piles[item] += 1
    elif kind == "treasure":
        put_under(s, "treasures", item)
        if s.cov is not None:
            s.cov.charges.pop(item, None)  # a wand's charges go back to the supply
    # quest items go back to the box: they simply leave play


def gain_potion(w: World, s: State, h: HeroState) -> None:
    """The top card of the potion deck (RTDT-ITEM-5)."""
    if not s.potion_deck:
        tell(s, "text", "The potion deck is empty.")
        for empty in w.hooks.potions_out:  # CMP-CLAR-6: the competitive mode's theft
            empty(w, s, h)
        return
    for pick in w.hooks.draw_potion:  # Relic Hunter's Flagon: pick from the top
        if pick(w, s, h):
            return
    card = s.potion_deck.pop(0)
    h.potions.append(card)
    tell(
        s,
        "gain",
        "{hero} gains {card}.",
        seats=(h.seat,),
        amounts=(("potions", 1),),
        hero=hero_name(w, h),
        card=w.name(card),
    )
    check_limits(w, s, h)


def gain_gear(w: World, s: State, h: HeroState, gear: str) -> None:
    """A gear card from its pile; a duplicate is discarded at once (RTDT-ITEM-6, RTDT-ITEM-4).

    Both copies are the same card, so the choice of which to discard is moot and
    the duplicate simply goes back to its pile.
    """
    if s.gear_piles.get(gear, 0) <= 0:
        return
    if refuses_gear(w, s, h):  # Snobby holds no gear
        return
    s.gear_piles[gear] -= 1
    if gear in h.gear:
        s.gear_piles[gear] += 1
        tell(
            s,
            "text",
            "{hero} gains {gear}, already carries it and discards the duplicate.",
            seats=(h.seat,),
            hero=hero_name(w, h),
            gear=w.name(gear),
        )
        return
    h.gear.append(gear)
    tell(
        s,
        "gain",
        "{hero} gains {gear}.",
        seats=(h.seat,),
        amounts=(("gear", 1),),
        hero=hero_name(w, h),
        gear=w.name(gear),
    )
    mid_action_advantages(w, s, h, gear)


def take_treasure(w: World, s: State, h: HeroState, treasure: str) -> None:
    """A treasure from the market, refilled from the deck top (RTDT-ITEM-7)."""
    s.market.remove(treasure)
    h.treasures.append(treasure)
    tell(
        s,
        "gain",
        "{hero} takes {treasure} from the market.",
        seats=(h.seat,),
        amounts=(("treasures", 1),),
        hero=hero_name(w, h),
        treasure=w.name(treasure),
    )
    if s.treasure_deck:
        refill = s.treasure_deck.pop(0)
        s.market.append(refill)
        tell(s, "reveal", "{treasure} comes to the market.", treasure=w.name(refill))
    acquired(w, s, h, treasure)
    mid_action_advantages(w, s, h, treasure)
    for taken in w.hooks.treasure_taken:  # Opportunistic
        taken(w, s, h)
    check_limits(w, s, h)


def draw_treasure(w: World, s: State, h: HeroState) -> None:
    if not s.treasure_deck:
        return
    card = s.treasure_deck.pop(0)
    h.treasures.append(card)
    acquired(w, s, h, card)
    mid_action_advantages(w, s, h, card)
    tell(
        s,
        "draw",
        "{hero} draws {card} from the treasure deck.",
        seats=(h.seat,),
        amounts=(("treasures", 1),),
        hero=hero_name(w, h),
        card=w.name(card),
    )
    check_limits(w, s, h)


def acquired(w: World, s: State, h: HeroState, treasure: str) -> None:
    """A treasure comes to a hero: a Covenant wand takes its charges (COV-WAND-1)."""
    for came in w.hooks.treasure_acquired:
        came(w, s, h, treasure)


def refuses_gear(w: World, s: State, h: HeroState) -> bool:
    """Whether a card forbids this hero gear (Snobby)."""
    for refuse in w.hooks.refuse_gear:  # noqa: SIM110 - no generator: a hot path
        if refuse(w, s, h):
            return True
    return False


def mid_action_advantages(w: World, s: State, h: HeroState, card: str) -> None:
    """A card gained during a battle or a delve adds its automatic advantages at once
    (RTDT-ADV-7); losing one later takes nothing back (RTDT-ADV-8)."""
    action = s.battle if s.battle is not None else s.delve
    if action is None or s.turn.seat != h.seat:
        return
    for kind, n in item_advantages(w, s, h, card, battling=s.battle is not None).items():
        action.pool[kind] = action.pool.get(kind, 0) + n


def check_limits(w: World, s: State, h: HeroState) -> None:
    """Over a carrying limit, the hero must discard at once (RTDT-ITEM-3, RTDT-ITEM-4)."""
    for kind, held, limit in (
        ("treasure", h.treasures, treasure_limit(w, h)),
        ("potion", h.potions, potion_limit(w, h)),
    ):
        if limit is None or len(held) <= limit:
            continue
        already = any(
            d.kind == "discard" and d.seat == h.seat and d.scope == kind for d in s.pending
        )
        if not already:
            ask(s, Decision("discard", h.seat, amount=len(held) - limit, scope=kind))


# --- skulls and buildings ------------------------------------------------------------


DOOM_PREFIX = "doom:"  # an emerged doom skull, waiting to be placed: "doom:north" (COV-DOOM-3)


EMERGED = N_("{n} skull(s) fall from the Tower into the {kingdom}.")
EMERGED_DOOM = N_("{n} doom skull(s) fall from the Tower into the {kingdom}.")


def tell_emerged(s: State, kingdoms: list[str]) -> None:
    """Tell what fell out of the Tower (a drop, a stir, a seal) and toward which kingdom."""
    if not kingdoms:
        tell(s, "reveal", "No skull falls from the Tower.")
    for k in dict.fromkeys(kingdoms):
        n = kingdoms.count(k)
        tell(
            s,
            "skulls",
            EMERGED_DOOM if is_doom(k) else EMERGED,
            amounts=(("emerged", n),),
            n=n,
            kingdom=emerged_kingdom(k),
        )


def emerged_kingdom(entry: str) -> str:
    """The kingdom an emerged skull (`State.emerged` entry) goes to."""
    return entry.removeprefix(DOOM_PREFIX)


def is_doom(entry: str) -> bool:
    return entry.startswith(DOOM_PREFIX)


def site_on(s: State, space: str) -> Site | None:
    """The Covenant monument site (foundation or monument) on a space, if any."""
    if s.cov is not None:
        for x in s.cov.sites:
            if x.space == space:
                return x
    return None


def building_type(w: World, s: State, space: str) -> str:
    """The type of the building on (or destroyed on) a space. A completed Colossus of Björn
    moved by its Reinforce option stands where the board has no building (COV-CLARIFY-10)."""
    t = w.board.building_of.get(space)
    if t is None:
        x = site_on(s, space)
        return w.content.monuments[x.monument].replaces if x is not None else ""
    return t


def kingdom_buildings(w: World, s: State, kingdom: str) -> tuple[str, ...]:
    """The building spaces of a kingdom, a moved monument included (COV-CLARIFY-10)."""
    board = w.board
    spaces = board.kingdom_buildings[kingdom]
    if s.cov is None:
        return spaces
    for x in s.cov.sites:  # a loop, not a generator: a monument is seldom moved
        if x.space not in board.building_of and board.kingdom_of[x.space] == kingdom:
            spaces += (x.space,)
    return spaces


def take_skull_from_supply(w: World, s: State) -> bool:
    """Needing a skull from an empty supply loses the game (RTDT-SKULL-7, RTDT-END-3)."""
    if s.supply <= 0:
        for out_instead in w.hooks.would_lose:  # CMP-ELIM-2: the hero who needs it is out
            if out_instead(w, s, s.heroes[s.turn.seat], N_("no skull left in the supply")):
                return False
        lose_game(s, N_("empty skull supply"))
        return False
    s.supply -= 1
    return True


def add_skull(w: World, s: State, space: str, placer: HeroState | None, doom: bool = False) -> None:
    """Put one skull (already taken from the supply or the Tower) on a building.

    A fourth skull destroys the building: it and all four skulls leave the game and
    the home player gains a corruption, nobody for a dormant kingdom (RTDT-SKULL-2..6,
    RTDT-BUILD-3..5).
    A skull that must go on a destroyed building leaves the game and its placer gains
    a corruption (RTDT-CORR-2).
    A doom skull (COV-DOOM-3) is placed the same way and counts as a skull on its building.
    """
    if space not in s.skulls:
        _out_of_game(s, 1, doom)
        tell(
            s,
            "skulls",
            "A skull meant for the fallen building at {space} leaves the game.",
            amounts=(("removed", 1),),
            space=w.board.names.get(space, space),
        )
        if placer is not None:
            gain_corruption(w, s, placer, N_("a skull had to go on a destroyed building"))
        return
    if s.skulls[space] < skull_capacity(w, s, space):
        s.skulls[space] += 1
        if doom:
            assert s.cov is not None
            s.cov.doom[space] = s.cov.doom.get(space, 0) + 1
        return
    # RTDT-SKULL-3: a building that must take a fourth skull is destroyed
    destroy_building(w, s, space, 0 if doom else 1, 1 if doom else 0)


def skull_capacity(w: World, s: State, space: str) -> int:
    """Three skulls; a fourth destroys (RTDT-SKULL-2). A completed monument likewise
    (COV-MONUMENT-4), but the Endless Necropolis holds any number (COV-CLARIFY-12)."""
    x = site_on(s, space)
    if x is not None and x.status == "built":
        cap = w.content.monuments[x.monument].skull_capacity
        return 1_000 if cap is None else cap
    return 3


def _out_of_game(s: State, n: int, doom: bool) -> None:
    if doom:
        assert s.cov is not None
        s.cov.doom_removed += n
    else:
        s.removed += n


def destroy_building(w: World, s: State, space: str, incoming: int, incoming_doom: int = 0) -> None:
    """The building and every skull on it (plus `incoming` skulls in hand) leave the game;
    its home player gains a corruption, nobody for a dormant kingdom (RTDT-BUILD-3..5).
    A completed monument likewise, doom skulls and all (COV-MONUMENT-4, COV-MONUMENT-6,
    COV-DOOM-6, COV-CLARIFY-16)."""
    doom = s.cov.doom.pop(space, 0) if s.cov is not None else 0
    # RTDT-SKULL-4, COV-CLARIFY-16: all its skulls (and a fourth) leave the game, not to the supply
    gone = s.skulls.pop(space) + incoming + incoming_doom
    s.removed += gone - doom - incoming_doom
    if doom or incoming_doom:
        _out_of_game(s, doom + incoming_doom, True)
    s.destroyed.append(space)
    kingdom = w.board.kingdom_of[space]
    what = building_type(w, s, space)
    # COV-MONUMENT-5: any effect that destroys a building destroys a completed monument too
    x = site_on(s, space)
    if x is not None and x.status == "built":
        x.status = "destroyed"  # COV-MONUMENT-6: marked destroyed in the app
        what = w.name(x.monument)
    tell(
        s,
        "skulls",
        "The {building} at {space} is destroyed! Its {n} skull(s) leave the game.",
        amounts=(("removed", gone),),
        building=what,
        space=w.board.names[space],
        n=gone,
    )
    # RTDT-BUILD-5, RTDT-SKULL-6: no owner in a dormant kingdom, so no corruption
    owner = kingdom_owner(s, kingdom)
    if owner is not None:
        # RTDT-CORR-3, RTDT-BUILD-4, RTDT-SKULL-5, RTDT-CORR-6: one corruption per building lost
        gain_corruption(w, s, owner, N_("a building in their home kingdom was destroyed"))


def regular_skulls(s: State, space: str) -> int:
    """Skulls on a building that effects may move: doom skulls never (COV-DOOM-4)."""
    n = s.skulls.get(space, 0)
    if s.cov is not None:
        n -= s.cov.doom.get(space, 0)
    return n


def cleansable(w: World, s: State, space: str) -> bool:
    """A building with skulls a Cleanse can take: not doom skulls (COV-DOOM-4), not the
    Endless Necropolis's (COV-CLARIFY-13)."""
    if s.cov is None:
        # RTDT-CLEANSE-2: no Cleanse where there are no skulls
        return s.skulls.get(space, 0) > 0
    if regular_skulls(s, space) <= 0:
        return False
    x = site_on(s, space)
    return x is None or x.status != "built" or w.content.monuments[x.monument].cleansable


def remove_skulls(w: World, s: State, space: str, count: int) -> int:
    """Take up to `count` skulls off a building back to the supply; returns how many.
    Doom skulls stay: no effect cleanses or removes them (COV-DOOM-4), the Endless
    Necropolis's Reinforce included (COV-CLARIFY-14, COV-CLARIFY-15)."""
    have = regular_skulls(s, space)
    n = min(have, count)
    if n:
        s.skulls[space] -= n
        s.supply += n
    return n
