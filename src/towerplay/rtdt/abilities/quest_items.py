"""Quest item abilities that are engine handlers (companions.yaml `quest_items`, `kind: flag`).

One handler per flag, registered with `EVENT.on_flag` and its kin (docs/hooks.md):

- `annihilate_near` (Amulet of Annihilation, RTDT-QITEM-1): spend it on your turn to remove
  every foe token on your space and on each space next to it (never the adversary).
- `dungeon_wild` (Tomas's Map, RTDT-QITEM-2): spend it inside a dungeon for `amount` Wild
  advantages in that dungeon's pool; nowhere else.
- `move_siege_tree` (Horn of the Elements, RTDT-QITEM-3): the Horn's once-a-turn move may take
  a siege tree one space instead of a foe (the foe half is its `use` data).
- `block_spirit_losses` (Orb of Pure Snow, RTDT-QITEM-4): each battle card takes up to
  `amount` fewer spirit.
- `reinforce_clears_spores` (Herbal Remedy, RTDT-QITEM-5): a Reinforce throws away every spore
  on the hero's board.
- `caravan_wild` (Tools of the Saboteur, RTDT-QITEM-6): `amount` Wild advantages in a Quest
  action at a caravan (its camp is the caravan).
- `reinforce_cycle_market` (Smuggler's Coin, RTDT-QITEM-9): after a Reinforce at a bazaar the
  holder may send any of the market's treasures under the treasure deck (decision `smuggle`,
  one at a time, then `done`); the market is refilled from the deck's top.
- `cap_empress_event` (Bezoar, RTDT-QITEM-7): an event of the Empress of Shades (the Tower
  acts while she is the adversary) costs the holder at most `amount` warriors in all.

`use CARD [ARG]` of these cards is found by `use_owner`: `owns_use` says which actions are
theirs, `apply_use` does what the card says.
"""

from __future__ import annotations

from collections.abc import Sequence

from towerplay.core.narration import Event, event
from towerplay.core.notation import Action
from towerplay.rtdt import records as rec
from towerplay.rtdt.decks import put_under
from towerplay.rtdt.hooks import (
    BASE,
    Handler,
    decision,
)
from towerplay.rtdt.hookspecs import (
    CARD_EFFECTS,
    CARD_USES,
    DELVE_USES,
    DELVE_VERBS,
    EXTRA_ADVANTAGES,
    REINFORCE_OVER,
    REINFORCED,
    STRIKE_EFFECTS,
    USE_OWNER,
    decision_kind,
)
from towerplay.rtdt.models import Effect, HitHeroes, Lose
from towerplay.rtdt.records import Use
from towerplay.rtdt.rules.common import ask, flag_cards
from towerplay.rtdt.rules.effects import GAINED_ADVANTAGE, count_per
from towerplay.rtdt.rules.holdings import return_item
from towerplay.rtdt.rules.items import use_card
from towerplay.rtdt.rules.narrate import caused, hero_name, tell
from towerplay.rtdt.rules.tokens import remove_token
from towerplay.rtdt.state import Decision, HeroState, State
from towerplay.rtdt.world import World

ANNIHILATE = "annihilate_near"
DUNGEON_WILD = "dungeon_wild"
MOVE_TREE = "move_siege_tree"
BLOCK_SPIRIT = "block_spirit_losses"
CLEAR_SPORES = "reinforce_clears_spores"
CARAVAN_WILD = "caravan_wild"
CAP_EVENT = "cap_empress_event"
CYCLE_MARKET = "reinforce_cycle_market"
EMPRESS = "empress_of_shades"


def _amount(w: World, card: str, flag: str) -> int:
    return next(f.amount for f in w.flags[card] if f.flag == flag)


def _spend(w: World, s: State, h: HeroState, card: str) -> None:
    """A quest item spent for its effect leaves play (RTDT-RES-6)."""
    h.quest_items.remove(card)
    return_item(s, "quest_item", card)
    tell(
        s, "cost", "{hero} spends {item}.", seats=(h.seat,), hero=hero_name(w, h), item=w.name(card)
    )


# --- Amulet of Annihilation ---------------------------------------------------------------


def _near_foes(w: World, s: State, h: HeroState) -> list[tuple[str, str]]:
    near = set(w.board.near(h.space))
    return [t for t in s.foes if t[1] in near]  # RTDT-FOE-11: foe tokens, never the adversary


@CARD_USES.on_flag(ANNIHILATE, BASE)
def annihilate_uses(w: World, s: State, h: HeroState) -> list[Action]:
    """`use amulet_of_annihilation` on the hero's turn, with a foe on or next to them."""
    if s.battle is not None or s.delve is not None or not _near_foes(w, s, h):
        return []
    return [Use(card) for card in flag_cards(w, h, ANNIHILATE)]


def _annihilate(w: World, s: State, h: HeroState, card: str, arg: str) -> None:
    # RTDT-QITEM-1: every foe token there, not one of them; not a heroic action (RTDT-FOE-10)
    _spend(w, s, h, card)
    for foe, space in _near_foes(w, s, h):
        remove_token(w, s, foe, space)


# --- Tomas's Map --------------------------------------------------------------------------


@DELVE_USES.on_flag(DUNGEON_WILD, BASE)
def map_uses(w: World, s: State, h: HeroState) -> list[Action]:
    """`use tomass_map` inside a dungeon, with a room face up and not yet improved."""
    dv = s.delve
    if dv is None or dv.room < 0 or dv.improved:
        return []
    return [Use(card) for card in flag_cards(w, h, DUNGEON_WILD)]


def _read_map(w: World, s: State, h: HeroState, card: str, arg: str) -> None:
    dv = s.delve
    assert dv is not None
    _spend(w, s, h, card)
    n = _amount(w, card, DUNGEON_WILD)  # RTDT-QITEM-2: into the dungeon's pool
    dv.pool["wild"] = dv.pool.get("wild", 0) + n
    msg, cause = caused(GAINED_ADVANTAGE, w.name(card))
    tell(
        s,
        "gain",
        msg,
        seats=(h.seat,),
        amounts=(("advantage:wild", n),),
        hero=hero_name(w, h),
        n=n,
        type="wild",
        **cause,
    )


# --- Horn of the Elements -----------------------------------------------------------------


@CARD_USES.on_flag(MOVE_TREE, BASE)
def horn_tree_uses(w: World, s: State, h: HeroState) -> list[Action]:
    """`use horn_of_the_elements TREE`: the turn's Horn move, given to a siege tree."""
    if s.battle is not None or s.delve is not None or not s.siege_trees:
        return []
    return [
        Use(card, tree)
        for card in flag_cards(w, h, MOVE_TREE)
        if card not in s.turn.used  # RTDT-QITEM-3: one move a turn, a foe's or a tree's
        for tree in dict.fromkeys(s.siege_trees)
    ]


def _blow_horn(w: World, s: State, h: HeroState, card: str, arg: str) -> None:
    s.turn.used.append(card)
    tell(s, "text", "{hero} uses {item}.", seats=(h.seat,), hero=hero_name(w, h), item=w.name(card))
    ask(s, Decision("move_tree", h.seat, context=arg))  # one space (decisions/board.py)


USES = {ANNIHILATE: _annihilate, DUNGEON_WILD: _read_map, MOVE_TREE: _blow_horn}


def owns_use(w: World, a: Action) -> bool:
    """Whether `a` is a `use` of one of these quest items (the Horn's foe move is not)."""
    if len(a) < 2 or a[0] != "use":
        return False
    flags = {f.flag for f in w.flags.get(a[1], ())}
    if MOVE_TREE in flags:
        return len(a) == 3
    return bool(flags & {ANNIHILATE, DUNGEON_WILD})


def apply_use(w: World, s: State, h: HeroState, a: Action) -> None:
    card = a[1]
    flag = next(f.flag for f in w.flags[card] if f.flag in USES)
    USES[flag](w, s, h, card, a[2] if len(a) > 2 else "")


# --- Orb of Pure Snow ---------------------------------------------------------------------


@CARD_EFFECTS.on_flag(BLOCK_SPIRIT, BASE)
def orb_effects(
    w: World, s: State, h: HeroState, card: str, effects: Sequence[Effect]
) -> Sequence[Effect]:
    """A battle card's spirit losses, up to the Orb's amount fewer (RTDT-QITEM-4)."""
    block = sum(_amount(w, c, BLOCK_SPIRIT) for c in flag_cards(w, h, BLOCK_SPIRIT))
    out: list[Effect] = []
    for e in effects:
        if block and isinstance(e, Lose) and e.resource == "spirit":
            total = e.amount + e.per_amount * count_per(w, s, h, e.per)
            cut = min(block, total)
            if cut:
                block -= cut
                tell(
                    s,
                    "text",
                    "{n} spirit loss(es) of {hero} are blocked ({card}).",
                    seats=(h.seat,),
                    hero=hero_name(w, h),
                    n=cut,
                    card=_orb(w, h),
                )
                e = Lose(op="lose", resource="spirit", amount=total - cut)
        out.append(e)
    return out


def _orb(w: World, h: HeroState) -> str:
    return w.name(flag_cards(w, h, BLOCK_SPIRIT)[0])


# --- Herbal Remedy ------------------------------------------------------------------------


@REINFORCED.on_flag(CLEAR_SPORES, BASE)
def clear_spores(w: World, s: State, h: HeroState, source: str, option: str) -> None:
    """After a Reinforce, every spore goes (RTDT-QITEM-5, RTDT-TOKEN-10)."""
    if not h.spores:
        return
    n, h.spores = h.spores, 0
    card = w.name(flag_cards(w, h, CLEAR_SPORES)[0])
    tell(
        s,
        "gain",
        "{hero} throws away {n} spore(s) ({card}).",
        seats=(h.seat,),
        amounts=(("spores", -n),),
        hero=hero_name(w, h),
        n=n,
        card=card,
    )


# --- Tools of the Saboteur ----------------------------------------------------------------


def at_caravan(w: World, s: State, space: str) -> bool:
    """Whether a caravan (a quest stage's moving camp) stands on this space (RTDT-TOKEN-3)."""
    for aq in s.quests:
        if aq.space == space and w.content.quests[aq.quest].stages[aq.stage].place.caravan:
            return True
    return False


@EXTRA_ADVANTAGES.on_flag(CARAVAN_WILD, BASE)
def saboteur_wild(
    w: World, s: State, h: HeroState, battling: bool, out: dict[str, int], only: str
) -> None:
    """RTDT-QITEM-6: Wilds in a Quest action at a caravan, not in a Battle."""
    if battling or not at_caravan(w, s, h.space):
        return
    n = sum(
        f.amount
        for card in ([only] if only else h.cards())
        for f in w.flags.get(card, ())
        if f.flag == CARAVAN_WILD
    )
    if n:
        out["wild"] = out.get("wild", 0) + n


# --- Smuggler's Coin -----------------------------------------------------------------------

DONE = rec.Done()


@REINFORCE_OVER.on_flag(CYCLE_MARKET, BASE)
def smuggle_offered(w: World, s: State, h: HeroState, building: str) -> None:
    """After a Reinforce at a bazaar (its effects and triggers done), with a market."""
    if building == "bazaar" and s.market:
        ask(s, Decision("smuggle", h.seat, target=flag_cards(w, h, CYCLE_MARKET)[0]))


def _smuggle_answers(w: World, s: State, d: Decision) -> list[Action]:
    return [*(rec.Send(t) for t in dict.fromkeys(s.market) if t not in d.options), DONE]


def _smuggle(w: World, s: State, d: Decision, a: Action) -> None:
    """`send T` marks a market treasure (asked again); `done` sends the marked ones under
    the deck, then refills the market (RTDT-QITEM-9)."""
    if isinstance(a, rec.Send):
        ask(s, Decision("smuggle", d.seat, target=d.target, options=(*d.options, a.card)))
        return
    if not d.options:
        return
    for t in d.options:
        s.market.remove(t)
        put_under(s, "treasures", t)  # RTDT-RES-6: under the treasure deck, face up
    for _ in d.options:
        if s.treasure_deck:
            s.market.append(s.treasure_deck.pop(0))
    h = s.heroes[d.seat]
    tell(
        s,
        "text",
        "{hero} sends {n} market treasure(s) under the deck ({card}); the market is refilled.",
        seats=(h.seat,),
        hero=hero_name(w, h),
        n=len(d.options),
        card=w.name(d.target),
    )


def _smuggle_words(w: World, s: State, d: Decision) -> Event:
    hero, item = hero_name(w, s.heroes[d.seat]), w.name(d.target)
    if not d.options:
        return event(
            "text",
            "{hero}: {item} - send market treasures under the deck (chosen: none yet), or done.",
            hero=hero,
            item=item,
        )
    return event(
        "text",
        "{hero}: {item} - send market treasures under the deck (chosen: {chosen}), or done.",
        hero=hero,
        item=item,
        chosen=", ".join(w.name(t) for t in d.options),
    )


# --- Bezoar -------------------------------------------------------------------------------


def _warriors(w: World, s: State, h: HeroState, effects: Sequence[Effect], mult: int) -> int:
    return sum(
        (e.amount + e.per_amount * count_per(w, s, h, e.per)) * mult
        for e in effects
        if isinstance(e, Lose) and e.resource == "warriors"
    )


def _hit(w: World, s: State, h: HeroState, step: HitHeroes) -> bool:
    """Whether a step of the adversary's Tower act strikes this hero (as rules/effects.py)."""
    if step.target == "all":
        return True
    if step.target == "active":
        return h.seat == s.turn.seat
    if not s.adversary_space:
        return False
    if step.target == "near":
        return h.space in w.board.near(s.adversary_space)
    return w.board.kingdom_of[h.space] == w.board.kingdom_of[s.adversary_space]


@STRIKE_EFFECTS.on_flag(CAP_EVENT, BASE)
def bezoar_event(
    w: World, s: State, h: HeroState, effects: Sequence[Effect], mult: int, who: str
) -> Sequence[Effect]:
    """The Empress of Shades' event: her Tower act as an app event, not a Magic battle
    card's (RTDT-QITEM-7). The steps before this one count toward the cap."""
    if who != EMPRESS or s.config.adversary != EMPRESS or s.battle is not None or mult < 1:
        return effects
    steps = w.content.adversaries[EMPRESS].tower_acts.steps
    hits = [st for st in steps if isinstance(st, HitHeroes)]
    i = next((k for k, st in enumerate(hits) if st.effects is effects), len(hits))
    before = sum(_warriors(w, s, h, st.effects, 1) for st in hits[:i] if _hit(w, s, h, st))
    card = flag_cards(w, h, CAP_EVENT)[0]
    cap = _amount(w, card, CAP_EVENT)
    allowed = max(0, cap - before)
    if _warriors(w, s, h, effects, mult) <= allowed:
        return effects
    tell(
        s,
        "text",
        "{card} keeps the {hero}'s losses to this event at {n} warriors.",
        seats=(h.seat,),
        card=w.name(card),
        hero=hero_name(w, h),
        n=cap,
    )
    out: list[Effect] = [
        e for e in effects if not (isinstance(e, Lose) and e.resource == "warriors")
    ]
    if allowed // mult:
        out.append(Lose(op="lose", resource="warriors", amount=allowed // mult))
    return out


@USE_OWNER.on(BASE)
def use_owner(w: World, a: Action) -> Handler | None:
    """`apply_use` for a `use` of one of these quest items."""
    return apply_use if owns_use(w, a) else None


DELVE_VERBS.on("use", BASE)(use_card)  # a card used inside a dungeon: its owner's `use`
decision(
    "smuggle",
    "base",
    decision_kind(
        _smuggle_answers,
        _smuggle,
        _smuggle_words,
        "send market treasures under the deck, or done",
        "RTDT-QITEM-9",
    ),
)
