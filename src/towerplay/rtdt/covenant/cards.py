"""The Covenant treasures whose abilities are engine hooks (`kind: flag` in covenant.yaml;
the wands' own rules are in `wands`, the corruptions' in `corruptions`, but for Inobservant,
which changes battle cards with The Iron Wall here).

One handler per flag, registered for the event the base rules emit (rtdt/hookspecs.py) with
`EVENT.on_flag` or `EVENT.on_holders`, so it runs only for a hero holding a card with that
flag; each does nothing when no Covenant part is in play (`State.cov` is None).
What a `use CARD [ARG]` does is looked up by the card's flag (`USES`); the treasures that
ask a question when something happens are in `treasure_choices`:

  use WAND [FOE|SPACE]             spend a wand's charges (COV-WAND-2)
  use sanctified_flask CORRUPTION  the hero holding it returns it and gains a blessing
  use azkols_vambraces SPACE       start of turn: to a Tower-adjacent space, and a blessing
  use spymasters_journal VIRTUE    start of turn: that inactive virtue is active this turn
  use azkols_scroll                in a Battle before any advantage: six Wild, nothing else
  use the_iron_wall                before a battle card or dungeon room costing 10+ warriors
"""

from __future__ import annotations

from collections.abc import Sequence

from towerplay.core.notation import Action
from towerplay.rtdt.covenant import blessings, doom, monuments, virtues, wands, wastelands
from towerplay.rtdt.decks import put_under
from towerplay.rtdt.hooks import COVENANT, Handler
from towerplay.rtdt.hookspecs import (
    BATTLE_ALLOWED,
    BATTLE_STARTED,
    BATTLE_USES,
    CARD_EFFECTS,
    CARD_IMPROVED,
    CARD_USES,
    DELVE_USES,
    FOE_STATUS_CHANGED,
    MONTH_ENDED,
    QUEST_FROM_AFAR,
    ROOM_EFFECTS,
    SKULLS_EMERGED,
    TURN_ENDING,
    USE_OWNER,
)
from towerplay.rtdt.models import Effect, If, Lose, without
from towerplay.rtdt.records import ResolveCard, Use
from towerplay.rtdt.rules.battle import kept_prevention, preventions, traits_of
from towerplay.rtdt.rules.checks import happens
from towerplay.rtdt.rules.common import flag_cards
from towerplay.rtdt.rules.dungeons import _room
from towerplay.rtdt.rules.effects import count_per
from towerplay.rtdt.rules.holdings import check_limits, return_item
from towerplay.rtdt.rules.movement import may_enter
from towerplay.rtdt.rules.narrate import hero_name, tell
from towerplay.rtdt.rules.resources import gain, pay
from towerplay.rtdt.rules.turn import fire
from towerplay.rtdt.state import HeroState, State
from towerplay.rtdt.world import World

LOSS_OPS = ("lose", "lose_item", "lose_virtue")  # what The Iron Wall ignores
CARD_GAIN_OPS = ("gain", "gain_item")  # what Inobservant's battle cards no longer give


# --- small helpers --------------------------------------------------------------------------


def first(w: World, h: HeroState, flag: str) -> str | None:
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
    tell(
        s, "cost", "{hero} spends {card}.", seats=(h.seat,), hero=hero_name(w, h), card=w.name(card)
    )
    fire(w, s, h, "spend_treasure")
    monuments.offer(w, s, "spend_or_lose_treasure")


def warrior_loss(w: World, s: State, h: HeroState, effects: Sequence[Effect], mult: int) -> int:
    """Warriors these effects would take, before any prevention (a condition that spares the
    hero spares these too, RTDT-EFFECT-1)."""
    total = 0
    for e in effects:
        if isinstance(e, Lose) and e.resource == "warriors":
            total += (e.amount + e.per_amount * count_per(w, s, h, e.per)) * mult
        elif isinstance(e, If) and happens(w, s, h, e):
            total += warrior_loss(w, s, h, e.effects, mult)
    return total


# --- uses on the hero's turn, each card's own (card_uses) ----------------------------------


@CARD_USES.on(COVENANT)
def wand_uses(w: World, s: State, h: HeroState) -> list[Action]:
    """`use WAND [ARG]` for every wand the hero holds, in the order held (COV-WAND-2)."""
    return wands.use_actions(w, s, h) if s.cov is not None else []


@CARD_USES.on_flag("give_corruption_relief", COVENANT)
def flask_uses(w: World, s: State, h: HeroState) -> list[Action]:
    """Sanctified Flask: it names the corruption to return; a hero holding none is not
    offered (a reading: the card's point is the corruption, the blessing comes with it)."""
    card = first(w, h, "give_corruption_relief")
    if s.cov is None or card is None:
        return []
    return [
        Use(card, c) for o in s.heroes if not o.eliminated for c in dict.fromkeys(o.corruptions)
    ]


@CARD_USES.on_flag("start_jump_tower_adjacent", COVENANT)
def vambraces_uses(w: World, s: State, h: HeroState) -> list[Action]:
    """Azkol's Vambraces: as the turn starts (the start step only, RTDT-TURN-2), leap to a
    Tower-adjacent space."""
    t = s.turn
    card = first(w, h, "start_jump_tower_adjacent")
    if s.cov is None or t.phase != "start" or card is None or card in t.used:
        return []
    if wastelands.stuck(s, h):
        return []
    return [
        Use(card, sp)
        for sp in sorted(w.board.tower_adjacent)
        if sp != h.space and may_enter(w, s, h, sp)
    ]


@CARD_USES.on_flag("borrow_virtue", COVENANT)
def journal_uses(w: World, s: State, h: HeroState) -> list[Action]:
    """Spymaster's Journal: as the turn starts, pay spirit to turn an inactive virtue up."""
    t = s.turn
    card = first(w, h, "borrow_virtue")
    if s.cov is None or t.phase != "start" or card is None or t.borrowed_virtue:
        return []
    if h.spirit < amount(w, card, "borrow_virtue"):
        return []
    return [Use(card, v) for v in dict.fromkeys(h.inactive)]


# --- uses in a Battle or a delve (battle_uses, delve_uses) ---------------------------------


def _card_up(s: State) -> bool:
    return s.cov is not None and s.battle is not None and s.battle.revealed


@BATTLE_USES.on_flag("give_corruption_relief", COVENANT)
def flask_battle_uses(w: World, s: State, h: HeroState) -> list[Action]:
    return flask_uses(w, s, h) if _card_up(s) else []  # while a battle card is face up


@DELVE_USES.on_flag("ignore_big_loss", COVENANT)
def iron_wall_delve_uses(w: World, s: State, h: HeroState) -> list[Action]:
    """The Iron Wall before a dungeon room that would cost 10 warriors or more."""
    dv = s.delve
    if s.cov is None or dv is None or dv.room < 0:
        return []
    card = first(w, h, "ignore_big_loss")
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
    loss = warrior_loss(w, s, h, rung.effects, 1) - dv.shield - block
    return [Use(card)] if loss >= amount(w, card, "ignore_big_loss") else []


@DELVE_USES.on_flag("give_corruption_relief", COVENANT)
def flask_delve_uses(w: World, s: State, h: HeroState) -> list[Action]:
    """In a dungeon too: its text sets no time, so a room face up is no bar (COV-CARD-1)."""
    dv = s.delve
    return flask_uses(w, s, h) if dv is not None and dv.room >= 0 else []


@BATTLE_USES.on_flag("exclusive_wild", COVENANT)
def scroll_uses(w: World, s: State, h: HeroState) -> list[Action]:
    """Azkol's Scroll: before any advantage, so that only its Wilds will count."""
    card = first(w, h, "exclusive_wild")
    if not _card_up(s) or card is None:
        return []
    assert s.battle is not None
    return [Use(card)] if s.battle.used == 0 else []


@BATTLE_USES.on_flag("ignore_big_loss", COVENANT)
def iron_wall_battle_uses(w: World, s: State, h: HeroState) -> list[Action]:
    """The Iron Wall before a battle card that would cost 10 warriors or more."""
    card = first(w, h, "ignore_big_loss")
    if not _card_up(s) or card is None or _marked(w, s, "ignore_big_loss") is not None:
        return []
    return [Use(card)] if _battle_card_loss(w, s, h) >= amount(w, card, "ignore_big_loss") else []


def _battle_card_loss(w: World, s: State, h: HeroState) -> int:
    """Warriors the battle card face up would take now, after what prevents losses (as
    battle._resolve_card counts them)."""
    b = s.battle
    assert b is not None
    card = w.content.battle_cards[b.cards[b.index]]
    effects = virtues.card_effects(w, h, card.id, card.rungs[b.rung].effects)
    return warrior_loss(w, s, h, effects, 1) - sum(n for _, n in preventions(w, s, h))


@BATTLE_USES.on(COVENANT)
def forgo_uses(w: World, s: State, h: HeroState) -> list[Action]:
    """`resolve forgo SOURCE` for each source of prevention whose forgoing alone makes the loss
    count, and `resolve forgo` (every source) when that does; offered only when the choice
    matters (COV-CLARIFY-21): a Colossus of Björn foundation still short of offerings, a battle
    card that would take its count of warriors from a hero who holds them, and prevention that
    would bring the loss under it."""
    if not _card_up(s) or _marked(w, s, "ignore_big_loss") is not None:
        return []
    assert s.cov is not None and s.battle is not None
    need = [
        t.at_least
        for x in s.cov.sites
        if x.status == "foundation" and x.offerings < monuments.MAX_OFFERINGS
        for t in (w.content.monuments[x.monument].offering,)
        if t is not None and t.on == "battle_card_loss"
    ]
    if not need or h.warriors < min(need):
        return []
    b = s.battle
    card = w.content.battle_cards[b.cards[b.index]]
    effects = virtues.card_effects(w, h, card.id, card.rungs[b.rung].effects)
    raw = warrior_loss(w, s, h, effects, 1)
    sources = preventions(w, s, h)
    if raw < min(need) or raw - kept_prevention(sources, "") >= min(need):
        return []  # the card's loss falls short of the offering, or counts anyway
    one = [
        ResolveCard(forgo=True, source=src)
        for src in dict.fromkeys(src for src, _ in sources)
        if src in w.cards and raw - kept_prevention(sources, src) >= min(need)
    ]
    return [ResolveCard(forgo=True), *one]


# --- what each use does (USE_OWNER, DELVE_VERBS: `use CARD [ARG]`) -------------------------


def _use_wand(w: World, s: State, h: HeroState, card: str, arg: str) -> None:
    wands.use(w, s, h, card, arg)


def _use_flask(w: World, s: State, h: HeroState, card: str, arg: str) -> None:
    spend_treasure(w, s, h, card)  # Sanctified Flask
    owner = next(o for o in s.heroes if arg in o.corruptions)
    owner.corruptions.remove(arg)
    put_under(s, "corruptions", arg)  # RTDT-CORR-10: to the bottom of the deck
    tell(
        s,
        "corruption",
        "The {hero} returns the corruption {card}.",
        seats=(owner.seat,),
        amounts=(("corruptions", -1),),
        hero=hero_name(w, owner),
        card=w.name(arg),
    )
    blessings.gain_blessing(w, s, owner, w.name(card))


def _use_vambraces(w: World, s: State, h: HeroState, card: str, arg: str) -> None:
    s.turn.used.append(card)  # Azkol's Vambraces
    h.space = arg
    tell(
        s,
        "move",
        "{hero} leaps to {space} with {card}.",
        seats=(h.seat,),
        hero=hero_name(w, h),
        space=w.board.names[arg],
        card=w.name(card),
    )
    wastelands.enter(w, s, h)
    blessings.gain_blessing(w, s, h, w.name(card))


def _use_journal(w: World, s: State, h: HeroState, card: str, arg: str) -> None:
    pay(w, s, h, "spirit", amount(w, card, "borrow_virtue"), w.name(card))  # until the turn ends
    h.inactive.remove(arg)
    h.virtues.append(arg)
    s.turn.borrowed_virtue = arg
    tell(
        s,
        "text",
        "{hero} reads {card}: {virtue} is active this turn.",
        seats=(h.seat,),
        hero=hero_name(w, h),
        card=w.name(card),
        virtue=w.name(arg),
    )


def _use_scroll(w: World, s: State, h: HeroState, card: str, arg: str) -> None:
    b = s.battle  # Azkol's Scroll
    assert b is not None
    spend_treasure(w, s, h, card)
    s.turn.used.append(card)
    b.pool = {"wild": amount(w, card, "exclusive_wild")}
    tell(
        s,
        "text",
        "{hero} unrolls {card}: only its Wild advantages count in this Battle.",
        seats=(h.seat,),
        hero=hero_name(w, h),
        card=w.name(card),
    )


def _use_iron_wall(w: World, s: State, h: HeroState, card: str, arg: str) -> None:
    spend_treasure(w, s, h, card)  # for the battle card or room now face up
    s.turn.used.append(card)
    tell(
        s,
        "text",
        "{hero} raises {card}: this card's losses are ignored.",
        seats=(h.seat,),
        hero=hero_name(w, h),
        card=w.name(card),
    )


# treasures used with `use CARD [ARG]` (their cards have no `use` ability of their own): by
# flag, what the use does
USES = {
    **{flag: _use_wand for flag in wands.EFFECTS},
    "give_corruption_relief": _use_flask,
    "start_jump_tower_adjacent": _use_vambraces,
    "borrow_virtue": _use_journal,
    "exclusive_wild": _use_scroll,
    "ignore_big_loss": _use_iron_wall,
}
USE_FLAGS = frozenset(USES)


def owns_use(w: World, a: Action) -> bool:
    """Whether `a` is a `use` of one of this module's treasures."""
    return len(a) >= 2 and a[0] == "use" and any(f.flag in USE_FLAGS for f in w.flags.get(a[1], ()))


def apply_use(w: World, s: State, h: HeroState, a: Action) -> None:
    card = a[1]
    flag = next(f.flag for f in w.flags[card] if f.flag in USE_FLAGS)
    USES[flag](w, s, h, card, a[2] if len(a) > 2 else "")


@USE_OWNER.on(COVENANT)
def use_owner(w: World, a: Action) -> Handler | None:
    """`apply_use` for a `use` of one of this module's treasures."""
    return apply_use if owns_use(w, a) else None


@BATTLE_ALLOWED.on(COVENANT)
def battle_allowed(w: World, s: State, allowed: set[str]) -> set[str]:
    """Azkol's Scroll: after it, only its Wilds count in that Battle - at most its number
    of advantages, whatever else joins the pool."""
    b = s.battle
    card = _marked(w, s, "exclusive_wild") if s.cov is not None else None
    if card is None or b is None:
        return allowed
    return allowed & {"wild"} if b.used < amount(w, card, "exclusive_wild") else set()


# --- battles, dungeons and events ----------------------------------------------------------------


@BATTLE_STARTED.on(COVENANT)
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


@CARD_IMPROVED.on_flag("full_upgrade_warriors", COVENANT)
def bell_warriors(w: World, s: State, h: HeroState, top: bool) -> None:
    """Brutal Warlord's Bell: warriors whenever an advantage takes a battle card to its
    best result."""
    if s.cov is None or not top:
        return
    for card in flag_cards(w, h, "full_upgrade_warriors"):
        n = amount(w, card, "full_upgrade_warriors")
        gain(w, s, h, "warriors", n, w.name(card))


@ROOM_EFFECTS.on(COVENANT)
def iron_wall_effects(
    w: World, s: State, h: HeroState, effects: Sequence[Effect]
) -> Sequence[Effect]:
    """The Iron Wall, once raised: none of the battle card's or dungeon room's losses."""
    wall = _marked(w, s, "ignore_big_loss") if s.cov is not None else None
    if wall is None:
        return effects
    s.turn.used.remove(wall)
    return without(effects, LOSS_OPS)  # a room's conditioned losses too


@CARD_EFFECTS.on(COVENANT)
def _iron_wall_card(
    w: World, s: State, h: HeroState, card: str, effects: Sequence[Effect]
) -> Sequence[Effect]:
    return iron_wall_effects(w, s, h, effects)  # once raised, for this battle card


@CARD_EFFECTS.on_flag("no_battle_card_gains", COVENANT)
def inobservant(
    w: World, s: State, h: HeroState, card: str, effects: Sequence[Effect]
) -> Sequence[Effect]:
    """Inobservant: no warriors, spirit or items from a battle card."""
    return [e for e in effects if e.op not in CARD_GAIN_OPS] if s.cov is not None else effects


@FOE_STATUS_CHANGED.on_holders("warriors_on_foe_status", COVENANT)
def ichor_warriors(w: World, s: State, holder: HeroState, foe: str) -> None:
    """Azkol's Ichor: warriors for every holder whenever any foe's status changes."""
    if s.cov is None:
        return
    for card in flag_cards(w, holder, "warriors_on_foe_status"):
        n = amount(w, card, "warriors_on_foe_status")
        gain(w, s, holder, "warriors", n, w.name(card))


def scion_blessings(w: World, s: State, holder: HeroState, kingdoms: Sequence[str]) -> None:
    """Orphaned Scion's Charm: a blessing for each skull (doom skulls too) that comes out of
    the Tower into the kingdom the holder stands in, whoever's turn it is."""
    card = first(w, holder, "blessing_on_skull_in_kingdom")
    if s.cov is None or card is None:
        return
    here = w.board.kingdom_of[holder.space]
    for k in kingdoms:
        if doom.kingdom_of(k) == here:
            blessings.gain_blessing(w, s, holder, w.name(card))


# --- quests and the end of the turn ---------------------------------------------------------------


@QUEST_FROM_AFAR.on_flag("quest_any_space", COVENANT)
def opal_from_afar(w: World, s: State, h: HeroState, kind: str) -> bool:
    """Opal of Projection: monthly quests (not the main goal) from any space."""
    return s.cov is not None and kind != "main_goal"


@TURN_ENDING.on(COVENANT)
def journal_returns(w: World, s: State, h: HeroState) -> None:
    """As the turn ends, a virtue borrowed with Spymaster's Journal turns face down again."""
    if s.cov is None:
        return
    v = s.turn.borrowed_virtue
    if v:
        s.turn.borrowed_virtue = ""
        if v in h.virtues:
            h.virtues.remove(v)
            h.inactive.append(v)
            tell(
                s,
                "loss",
                "{virtue} of the {hero} turns face down again.",
                seats=(h.seat,),
                virtue=w.name(v),
                hero=hero_name(w, h),
            )
            check_limits(w, s, h)


@MONTH_ENDED.on(COVENANT)
def month_end(w: World, s: State) -> None:
    wands.month_end(w, s)  # COV-WAND-3


# --- what this adds to the base rules (rtdt/hookspecs.py) ---------------------------------


@SKULLS_EMERGED.on_holders("blessing_on_skull_in_kingdom", COVENANT)
def _scion(w: World, s: State, holder: HeroState, kingdoms: list[str]) -> None:
    if kingdoms:
        scion_blessings(w, s, holder, kingdoms)  # Orphaned Scion's Charm
