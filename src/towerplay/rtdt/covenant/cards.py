"""The Covenant treasures whose abilities are engine hooks (`kind: flag` in covenant.yaml;
the wands' own rules are in `wands`, the corruptions' in `corruptions`, but for Inobservant,
which changes battle cards with The Iron Wall here).

covenant/plugin.py registers these for the events the base rules emit (rtdt/hooks.py); each
does nothing when no Covenant part is in play (`State.cov` is None). Treasures used on the
hero's turn take the `use CARD [ARG]`
notation; the few that ask a question afterwards add a decision:

  use WAND [FOE|SPACE]             spend a wand's charges (COV-WAND-2)
  use sanctified_flask CORRUPTION  the hero holding it returns it and gains a blessing
  use azkols_vambraces SPACE       start of turn: to a Tower-adjacent space, and a blessing
  use spymasters_journal VIRTUE    start of turn: that inactive virtue is active this turn
  use azkols_scroll                in a Battle before any advantage: six Wild, nothing else
  use the_iron_wall                before a battle card or dungeon room costing 10+ warriors
  decisions: effigy (spend | stop), flagon (keep POTION), chakram (return CORRUPTION |
             bless HERO | stop), sledge (offer SPACE | stop), beacon (go SPACE | stop)
"""

from __future__ import annotations

from collections.abc import Sequence

from towerplay.core.notation import Action
from towerplay.rtdt.covenant import blessings, doom, heroes, monuments, wands, wastelands
from towerplay.rtdt.decks import put_under
from towerplay.rtdt.models import Effect, Lose
from towerplay.rtdt.rules.actions import may_enter
from towerplay.rtdt.rules.battle import traits_of
from towerplay.rtdt.rules.common import (
    act,
    ask,
    check_limits,
    flag_cards,
    gain,
    hero_name,
    log,
    regular_skulls,
    remove_skulls,
    return_item,
)
from towerplay.rtdt.rules.dungeons import _room
from towerplay.rtdt.rules.effects import count_per
from towerplay.rtdt.rules.turn import fire
from towerplay.rtdt.state import Decision, HeroState, State
from towerplay.rtdt.world import World

# Decisions asked here: what each asks, and its rule (rtdt/decisions.py, hooks.decision)
RULES = {
    "effigy": ("spend the Effigy to clear your kingdom's skulls, or stop", "RTDT-RES-2"),
    "flagon": ("keep one of the potions on top of the deck", "RTDT-ITEM-5"),
    "chakram": ("return a corruption or bless another hero, or stop", "RTDT-CORR-10"),
    "sledge": ("lay an offering on a foundation, or stop", "COV-OFFER-2"),
    "beacon": ("go to a space of your home kingdom, or stop", "RTDT-RES-2"),
}

# treasures used with `use CARD [ARG]` (their cards have no `use` ability of their own)
USE_FLAGS = frozenset(
    {
        *wands.EFFECTS,
        "give_corruption_relief",
        "start_jump_tower_adjacent",
        "borrow_virtue",
        "exclusive_wild",
        "ignore_big_loss",
    }
)
WILD_FLAGS = frozenset(
    {"wasteland_battle_wild", "wild_in_monument_kingdom", "wild_near_bazaar", "wild_on_quest"}
)
LOSS_OPS = ("lose", "lose_item", "lose_virtue")  # what The Iron Wall ignores
CARD_GAIN_OPS = ("gain", "gain_item")  # what Inobservant's battle cards no longer give
CHAKRAM_LEVELS = (3, 4)  # the card's text (the public one has a typo)


# --- small helpers --------------------------------------------------------------------------


def _flags(w: World, h: HeroState) -> frozenset[str]:
    return w.profile(h.cards()).flags


def _first(w: World, h: HeroState, flag: str) -> str | None:
    """The first card the hero holds with this flag."""
    found = flag_cards(w, h, flag)
    return found[0] if found else None


def amount(w: World, card: str, flag: str) -> int:
    return next(f.amount for f in w.flags[card] if f.flag == flag)


def _use_flag(w: World, card: str) -> str:
    return next(f.flag for f in w.flags[card] if f.flag in USE_FLAGS)


def _marked(w: World, s: State, flag: str) -> str | None:
    """A card with this flag recorded in `TurnState.used` (spent for the current card)."""
    for card in s.turn.used:
        if any(f.flag == flag for f in w.flags.get(card, ())):
            return card
    return None


def spend_treasure(w: World, s: State, h: HeroState, card: str) -> None:
    """A treasure spent for its effect, through the same path as `use_item`: back under the
    treasure deck, the `spend_treasure` triggers, the Endless Necropolis's offering
    (RTDT-RES-6, COV-CLARIFY-11)."""
    h.treasures.remove(card)
    return_item(s, "treasure", card)
    log(s, f"{hero_name(w, h)} spends {w.name(card)}.")
    fire(w, s, h, "spend_treasure")
    monuments.offer(w, s, "spend_or_lose_treasure")


def _warrior_loss(w: World, s: State, h: HeroState, effects: Sequence[Effect], mult: int) -> int:
    """Warriors these effects would take, before any prevention."""
    total = 0
    for e in effects:
        if isinstance(e, Lose) and e.resource == "warriors":
            total += (e.amount + e.per_amount * count_per(w, s, h, e.per)) * mult
    return total


# --- uses on the hero's turn -----------------------------------------------------------------


def owns_use(w: World, a: Action) -> bool:
    """Whether `a` is a `use` of one of this module's treasures."""
    return len(a) >= 2 and a[0] == "use" and any(f.flag in USE_FLAGS for f in w.flags.get(a[1], ()))


def turn_uses(w: World, s: State, h: HeroState) -> list[Action]:
    """The `use` actions of Covenant treasures on the hero's turn, outside battles."""
    if s.cov is None:
        return []
    flags = _flags(w, h) & USE_FLAGS
    if not flags:
        return []
    t = s.turn
    out = wands.use_actions(w, s, h) if flags & set(wands.EFFECTS) else []
    if "give_corruption_relief" in flags:
        out.extend(_flask_actions(w, s, h))
    if t.phase == "start":  # "as your turn starts": the start step only (RTDT-TURN-2)
        card = _first(w, h, "start_jump_tower_adjacent")
        if card is not None and card not in t.used and not wastelands.stuck(s, h):
            out.extend(
                act("use", card, sp)
                for sp in sorted(w.board.tower_adjacent)
                if sp != h.space and may_enter(w, s, h, sp)
            )
        card = _first(w, h, "borrow_virtue")
        if (
            card is not None
            and not t.borrowed_virtue
            and h.spirit >= amount(w, card, "borrow_virtue")
        ):
            out.extend(act("use", card, v) for v in dict.fromkeys(h.inactive))
    return out


def battle_uses(w: World, s: State, h: HeroState) -> list[Action]:
    """The `use` actions of Covenant treasures while a battle card is face up."""
    b = s.battle
    if s.cov is None or b is None or not b.revealed:
        return []
    flags = _flags(w, h) & USE_FLAGS
    if not flags:
        return []
    out = _flask_actions(w, s, h) if "give_corruption_relief" in flags else []
    card = _first(w, h, "exclusive_wild")
    if card is not None and b.used == 0:  # before any advantage: only its Wilds will count
        out.append(act("use", card))
    card = _first(w, h, "ignore_big_loss")
    if (
        card is not None
        and _marked(w, s, "ignore_big_loss") is None
        and _battle_card_loss(w, s, h) >= amount(w, card, "ignore_big_loss")
    ):
        out.append(act("use", card))
    return out


def _battle_card_loss(w: World, s: State, h: HeroState) -> int:
    """Warriors the battle card face up would take now, after what prevents losses (as
    battle._resolve_card counts them)."""
    b = s.battle
    assert b is not None
    card = w.content.battle_cards[b.cards[b.index]]
    effects = heroes.card_effects(w, h, card.id, card.rungs[b.rung].effects)
    prevent = b.shield + heroes.card_prevent(w, s, h)
    prevent += sum(
        f.amount
        for cid in h.cards()
        for f in w.flags.get(cid, ())
        if f.flag == "block_warrior_losses"
    )
    return _warrior_loss(w, s, h, effects, 1) - prevent


def delve_uses(w: World, s: State, h: HeroState) -> list[Action]:
    """The Iron Wall before a dungeon room that would cost 10 warriors or more."""
    dv = s.delve
    if s.cov is None or dv is None or dv.room < 0:
        return []
    card = _first(w, h, "ignore_big_loss")
    if card is None or _marked(w, s, "ignore_big_loss") is not None:
        return []
    _, room = _room(w, s)
    rung = room.improved if dv.improved else room.initial
    block = sum(
        f.amount
        for cid in h.cards()
        for f in w.flags.get(cid, ())
        if f.flag == "block_dungeon_losses"
    )
    loss = _warrior_loss(w, s, h, rung.effects, 1) - dv.shield - block
    return [act("use", card)] if loss >= amount(w, card, "ignore_big_loss") else []


def apply_use(w: World, s: State, h: HeroState, a: Action) -> None:
    card = a[1]
    arg = a[2] if len(a) > 2 else ""
    what = _use_flag(w, card)
    name = hero_name(w, h)
    if what in wands.EFFECTS:
        wands.use(w, s, h, card, arg)
    elif what == "give_corruption_relief":  # Sanctified Flask
        spend_treasure(w, s, h, card)
        owner = next(o for o in s.heroes if arg in o.corruptions)
        owner.corruptions.remove(arg)
        put_under(s, "corruptions", arg)  # RTDT-CORR-10: to the bottom of the deck
        log(s, f"The {hero_name(w, owner)} returns the corruption {w.name(arg)}.")
        blessings.gain_blessing(w, s, owner, w.name(card))
    elif what == "start_jump_tower_adjacent":  # Azkol's Vambraces
        s.turn.used.append(card)
        h.space = arg
        log(s, f"{name} leaps to {w.board.names[arg]} with {w.name(card)}.")
        wastelands.enter(w, s, h)
        blessings.gain_blessing(w, s, h, w.name(card))
    elif what == "borrow_virtue":  # Spymaster's Journal: until the turn ends
        h.spirit -= amount(w, card, what)
        h.inactive.remove(arg)
        h.virtues.append(arg)
        s.turn.borrowed_virtue = arg
        log(s, f"{name} reads {w.name(card)}: {w.name(arg)} is active this turn.")
    elif what == "exclusive_wild":  # Azkol's Scroll
        b = s.battle
        assert b is not None
        spend_treasure(w, s, h, card)
        s.turn.used.append(card)
        b.pool = {"wild": amount(w, card, what)}
        log(s, f"{name} unrolls {w.name(card)}: only its Wild advantages count in this Battle.")
    else:  # ignore_big_loss: The Iron Wall, for the battle card or room now face up
        spend_treasure(w, s, h, card)
        s.turn.used.append(card)
        log(s, f"{name} raises {w.name(card)}: this card's losses are ignored.")


def _flask_actions(w: World, s: State, h: HeroState) -> list[Action]:
    """The Flask names the corruption to return; a hero holding none is not offered (a
    reading: the card's point is the corruption, the blessing comes with it)."""
    card = _first(w, h, "give_corruption_relief")
    if card is None:
        return []
    return [
        act("use", card, c)
        for o in s.heroes
        if not o.eliminated
        for c in dict.fromkeys(o.corruptions)
    ]


# --- advantages --------------------------------------------------------------------------------


def add_advantages(
    w: World, s: State, h: HeroState, battling: bool, out: dict[str, int], only: str = ""
) -> None:
    """The conditional Wilds of Covenant treasures, counted with the automatic advantages
    (RTDT-ADV-5); `only` counts one card gained mid-action (RTDT-ADV-7). A heroic action
    that is not a Battle is a Quest action (a dungeon is explored by the Quest action)."""
    if s.cov is None or not _flags(w, h) & WILD_FLAGS:
        return
    board = w.board
    for card in [only] if only else h.cards():
        for f in w.flags.get(card, ()):
            if f.flag == "wasteland_battle_wild":  # Grim Whisper: the hero's space
                ok = battling and wastelands.is_wasteland(s, h.space)
            elif f.flag == "wild_in_monument_kingdom":  # Archwright's Sledge
                here = board.kingdom_of[h.space]
                ok = any(x.kingdom == here and x.status == "built" for x in s.cov.sites)
            elif f.flag == "wild_near_bazaar":  # Everfilled Chest: a standing bazaar
                ok = any(
                    sp in s.skulls and board.building_of.get(sp) == "bazaar"
                    for sp in board.near(h.space)
                )  # COV-MONUMENT-3: a completed monument in a bazaar's place counts
            elif f.flag == "wild_on_quest":  # Tent of Revelry
                ok = not battling
            else:
                continue
            if ok:
                out["wild"] = out.get("wild", 0) + f.amount


def battle_allowed(w: World, s: State, allowed: set[str]) -> set[str]:
    """Azkol's Scroll: after it, only its Wilds count in that Battle - at most its number
    of advantages, whatever else joins the pool."""
    b = s.battle
    card = _marked(w, s, "exclusive_wild") if s.cov is not None else None
    if card is None or b is None:
        return allowed
    return allowed & {"wild"} if b.used < amount(w, card, "exclusive_wild") else set()


# --- battles, dungeons and events ----------------------------------------------------------------


def battle_started(w: World, s: State, h: HeroState) -> None:
    """A Battle starts: wands recharge (COV-WAND-3); marks of an earlier Battle this turn go."""
    b = s.battle
    if s.cov is None or b is None:
        return
    for flag in ("exclusive_wild", "ignore_big_loss"):
        card = _marked(w, s, flag)
        if card is not None:
            s.turn.used.remove(card)
    wands.battled(w, s, h, frozenset(traits_of(w, b.foe)))


def card_improved(w: World, s: State, h: HeroState, top: bool) -> None:
    """Brutal Warlord's Bell: warriors whenever an advantage takes a battle card to its
    best result."""
    if s.cov is None or not top:
        return
    for card in flag_cards(w, h, "full_upgrade_warriors"):
        n = amount(w, card, "full_upgrade_warriors")
        gain(s, h, "warriors", n)
        log(s, f"{hero_name(w, h)} takes {n} warriors ({w.name(card)}).")


def card_effects(
    w: World, s: State, h: HeroState, effects: Sequence[Effect], battle_card: bool
) -> Sequence[Effect]:
    """What a battle card or dungeon room does to this hero: none of its losses after The
    Iron Wall; no warriors, spirit or items from a battle card with Inobservant."""
    if s.cov is None:
        return effects
    wall = _marked(w, s, "ignore_big_loss")
    if wall is not None:
        s.turn.used.remove(wall)
        effects = [e for e in effects if e.op not in LOSS_OPS]
    if battle_card and "no_battle_card_gains" in _flags(w, h):
        effects = [e for e in effects if e.op not in CARD_GAIN_OPS]
    return effects


def event_effects(
    w: World, s: State, h: HeroState, effects: Sequence[Effect], mult: int
) -> Sequence[Effect]:
    """The Iron Wall against an event (a foe's strike) that would cost 10+ warriors. The
    holder is not asked: it is spent at once (an approximation; the strike's choices are
    made by other seats and this keeps the event in one piece)."""
    if s.cov is None:
        return effects
    card = _first(w, h, "ignore_big_loss")
    if card is None or card not in h.treasures:
        return effects
    if _warrior_loss(w, s, h, effects, mult) < amount(w, card, "ignore_big_loss"):
        return effects
    spend_treasure(w, s, h, card)
    log(s, f"{hero_name(w, h)} raises {w.name(card)}: the event's losses are ignored.")
    return [e for e in effects if e.op not in LOSS_OPS]


def foe_defeated(w: World, s: State, h: HeroState, foe: str) -> None:
    """Azkol's Chakram: defeating a level 3 or 4 foe in Battle."""
    if s.cov is None or foe not in w.content.foes:
        return
    card = _first(w, h, "chakram_reward")
    if card is None or w.content.foes[foe].level not in CHAKRAM_LEVELS:
        return
    d = Decision("chakram", h.seat, target=card)
    if len(decision_actions(w, s, d)) > 1:
        ask(s, d)


def foe_status_changed(w: World, s: State, foe: str) -> None:
    """Azkol's Ichor: warriors for every holder whenever any foe's status changes."""
    if s.cov is None:
        return
    for h in s.heroes:
        if h.eliminated:
            continue
        for card in flag_cards(w, h, "warriors_on_foe_status"):
            n = amount(w, card, "warriors_on_foe_status")
            gain(s, h, "warriors", n)
            log(s, f"{hero_name(w, h)} takes {n} warriors ({w.name(card)}).")


def skulls_emerged(w: World, s: State, kingdoms: Sequence[str]) -> None:
    """Orphaned Scion's Charm: a blessing for each skull (doom skulls too) that comes out of
    the Tower into the kingdom the holder stands in, whoever's turn it is."""
    if s.cov is None or not kingdoms:
        return
    for h in s.heroes:
        if h.eliminated:
            continue
        card = _first(w, h, "blessing_on_skull_in_kingdom")
        if card is None:
            continue
        here = w.board.kingdom_of[h.space]
        for k in kingdoms:
            if doom.kingdom_of(k) == here:
                blessings.gain_blessing(w, s, h, w.name(card))


# --- quests, cleansing, potions and the end of the turn ----------------------------------------


def quest_from_afar(w: World, s: State, h: HeroState, kind: str) -> bool:
    """Opal of Projection: monthly quests (not the main goal) from any space."""
    return s.cov is not None and kind != "main_goal" and "quest_any_space" in _flags(w, h)


def quest_completed(w: World, s: State, h: HeroState) -> None:
    """Archwright's Sledge: completing a quest (its last stage) lets the hero put an
    offering on any foundation (COV-OFFER-2, COV-OFFER-3)."""
    if s.cov is None:
        return
    card = _first(w, h, "quest_offering")
    if card is not None and _open_foundations(s):
        ask(s, Decision("sledge", h.seat, target=card))


def _open_foundations(s: State) -> list[str]:
    assert s.cov is not None
    return [
        x.space
        for x in s.cov.sites
        if x.status == "foundation" and x.offerings < monuments.MAX_OFFERINGS
    ]


def after_cleanse(w: World, s: State, h: HeroState) -> None:
    """Haunted Recluse's Effigy: after a Cleanse, it may be spent to clear every skull in
    the kingdom the hero is in (the public text: "current kingdom")."""
    if s.cov is None:
        return
    card = _first(w, h, "cleanse_clears_kingdom")
    if card is not None and _kingdom_skulls(w, s, h):
        ask(s, Decision("effigy", h.seat, target=card))


def _kingdom_skulls(w: World, s: State, h: HeroState) -> list[str]:
    """Buildings of the hero's current kingdom with skulls effects may remove."""
    here = w.board.kingdom_of[h.space]
    return [sp for sp in w.board.kingdom_buildings[here] if regular_skulls(s, sp) > 0]


def pick_potion(w: World, s: State, h: HeroState) -> bool:
    """Relic Hunter's Flagon: instead of the top potion, choose one of the top four; the
    others go under the deck. True when the choice is asked (the cards stay in the deck,
    on top, until it is answered)."""
    if s.cov is None:
        return False
    card = _first(w, h, "potion_pick")
    if card is None or len(s.potion_deck) < 2:
        return False
    ask(s, Decision("flagon", h.seat, amount=amount(w, card, "potion_pick"), target=card))
    return True


def end_of_turn(w: World, s: State, h: HeroState) -> None:
    """As the turn ends: a borrowed virtue turns face down again (Spymaster's Journal);
    Beacon Stone offers the way home from a building's space."""
    if s.cov is None:
        return
    v = s.turn.borrowed_virtue
    if v:
        s.turn.borrowed_virtue = ""
        if v in h.virtues:
            h.virtues.remove(v)
            h.inactive.append(v)
            log(s, f"{w.name(v)} turns face down again.")
            check_limits(w, s, h)
    card = _first(w, h, "home_relocate_from_building")
    if card is not None and h.space in s.skulls and not wastelands.stuck(s, h):
        d = Decision("beacon", h.seat, target=card)
        if len(decision_actions(w, s, d)) > 1:
            ask(s, d)


def month_end(w: World, s: State) -> None:
    wands.month_end(w, s)  # COV-WAND-3


# --- decisions -----------------------------------------------------------------------------------


def decision_actions(w: World, s: State, d: Decision) -> list[Action]:
    h = s.heroes[d.seat]
    stop = act("stop")
    if d.kind == "effigy":
        return [act("spend"), stop]
    if d.kind == "flagon":
        return [act("keep", p) for p in dict.fromkeys(s.potion_deck[: d.amount])]
    if d.kind == "chakram":
        out = [act("return", c) for c in dict.fromkeys(h.corruptions)]
        out += [act("bless", o.hero) for o in s.heroes if o.seat != h.seat and not o.eliminated]
        return out + [stop]
    if d.kind == "sledge":
        return [act("offer", sp) for sp in _open_foundations(s)] + [stop]
    if d.kind == "beacon":
        home = w.board.kingdom_spaces[h.kingdom]
        return [act("go", sp) for sp in home if sp != h.space and may_enter(w, s, h, sp)] + [stop]
    raise ValueError(f"unknown decision {d.kind!r}")


def apply_decision(w: World, s: State, d: Decision, a: Action) -> None:
    h = s.heroes[d.seat]
    name = hero_name(w, h)
    verb = a[0]
    if verb == "stop":
        return
    if d.kind == "effigy":
        spaces = _kingdom_skulls(w, s, h)
        spend_treasure(w, s, h, d.target)
        n = sum(remove_skulls(w, s, sp, s.skulls[sp]) for sp in spaces)  # COV-DOOM-4
        log(s, f"{name} clears {n} skull(s) from the {w.board.kingdom_of[h.space]}.")
    elif d.kind == "flagon":
        top = s.potion_deck[: d.amount]
        del s.potion_deck[: d.amount]
        top.remove(a[1])
        h.potions.append(a[1])
        for p in top:  # the rest under the deck, in order, seen by this seat alone
            put_under(s, "potions", p, seen_by=h.seat)
        log(s, f"{name} picks {w.name(a[1])} with {w.name(d.target)}.")
        check_limits(w, s, h)
    elif d.kind == "chakram":
        if verb == "return":
            h.corruptions.remove(a[1])
            put_under(s, "corruptions", a[1])  # RTDT-CORR-10
            log(s, f"{name} returns the corruption {w.name(a[1])} ({w.name(d.target)}).")
        else:
            other = next(o for o in s.heroes if o.hero == a[1])
            blessings.gain_blessing(w, s, other, w.name(d.target))
    elif d.kind == "sledge":
        site = monuments.site_at(s, a[1])
        assert site is not None
        monuments.add_offering(w, s, site, w.name(d.target))
    elif d.kind == "beacon":
        h.space = a[1]
        log(s, f"{name} follows {w.name(d.target)} home to {w.board.names[a[1]]}.")
        wastelands.enter(w, s, h)


DESCRIPTIONS = {
    "effigy": "spend the Effigy to clear every skull in this kingdom, or stop.",
    "flagon": "keep one of the top potions; the rest go under the deck.",
    "chakram": "return one of your corruptions or bless another hero, or stop.",
    "sledge": "lay an offering on a foundation, or stop.",
    "beacon": "go to a space of your home kingdom, or stop.",
}


def describe(w: World, s: State, d: Decision) -> str:
    return f"{hero_name(w, s.heroes[d.seat])}: {w.name(d.target)} - {DESCRIPTIONS[d.kind]}"
