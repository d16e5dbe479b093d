"""Monuments (COV-MONUMENT-*, COV-OFFER-*, COV-BUILD-*, COV-CLARIFY-*).

A monument starts as a foundation on the space of the building it replaced. Offerings go on
the foundation whenever any hero meets its condition; with three, a hero there may Build it.
A completed monument is a building of the replaced type that holds skulls, can be destroyed
and Reinforced (its own enhanced option), and brings beneficial events now and then.
"""

from __future__ import annotations

from towerplay.rtdt.hooks import COVENANT
from towerplay.rtdt.hookspecs import BATTLE_ENDED, CARD_RESOLVED, CORRUPTION_GAINED, TREASURE_GONE
from towerplay.rtdt.models import Monument
from towerplay.rtdt.rules.narrate import hero_name, tell
from towerplay.rtdt.rules.skulls import site_on
from towerplay.rtdt.state import Battle, HeroState, Site, State
from towerplay.rtdt.words import N_
from towerplay.rtdt.world import World

MAX_OFFERINGS = 3  # COV-OFFER-3


site_at = site_on  # the foundation or monument on a space


def built_at(w: World, s: State, space: str) -> Monument | None:
    """The completed monument standing on `space`, if any."""
    x = site_at(s, space)
    if x is None or x.status != "built":
        return None
    return w.content.monuments[x.monument]


def add_offering(w: World, s: State, site: Site, why: str) -> None:
    """One offering on a foundation, at most three (COV-OFFER-2, COV-OFFER-3)."""
    if site.status != "foundation" or site.offerings >= MAX_OFFERINGS:
        return
    site.offerings += 1
    tell(
        s,
        "text",
        "An offering is laid at the {monument}'s foundation ({why}): {offerings} of {needed}.",
        amounts=(("offerings", 1),),
        monument=w.name(site.monument),
        why=why,
        offerings=site.offerings,
        needed=MAX_OFFERINGS,
    )


def offer(w: World, s: State, event: str, amount: int = 1, foe_space: str = "") -> None:
    """Whenever any hero meets a monument's condition, whoever and wherever they are and
    whoever's turn it is, that foundation gains an offering (COV-OFFER-1, COV-OFFER-2).

    `event` is an OfferingTrigger `on` value; `amount` the count the condition measures
    (warriors lost, foes or skulls near); `foe_space` where a defeated foe stood.
    """
    if s.cov is None:
        return
    for x in s.cov.sites:
        if x.status != "foundation":
            continue
        trigger = w.content.monuments[x.monument].offering
        if trigger is None or trigger.on != event or amount < trigger.at_least:
            continue
        # battle_defeat is offered only by the Battle action's end (rules/battle.py), never
        # by other removals (COV-CLARIFY-6, COV-CLARIFY-20)
        if trigger.foe_space == "tower_adjacent" and foe_space not in w.board.tower_adjacent:
            continue  # COV-CLARIFY-19
        if trigger.foe_space == "wasteland" and foe_space not in s.cov.wastelands:
            continue  # COV-CLARIFY-5
        add_offering(w, s, x, OFFERING_WHY[event])


OFFERING_WHY = {
    "battle_defeat": N_("a foe defeated in Battle"),
    "gain_corruption": N_("a hero gained a corruption"),
    "battle_without_advantages": N_("a Battle fought without advantages"),
    "battle_card_loss": N_("heavy losses to one battle card"),
    "spend_or_lose_treasure": N_("a treasure spent or lost"),
    "end_turn_foes_near": N_("a turn ended among foes"),
    "end_turn_skulls_near": N_("a turn ended among skulls"),
}


def buildable(s: State, h: HeroState) -> Site | None:
    """The foundation with three offerings on the hero's space (COV-BUILD-1)."""
    x = site_at(s, h.space)
    if x is not None and x.status == "foundation" and x.offerings >= MAX_OFFERINGS:
        return x
    return None


def build(w: World, s: State, h: HeroState) -> None:
    """The Build heroic action (COV-BUILD-2..4): the offerings return to the supply, the
    foundation leaves the game, the monument stands as a building with no skulls, its card
    turns to the completed side, and the app is told. The +2 spirit is the caller's."""
    x = buildable(s, h)
    assert x is not None
    x.offerings = 0
    x.status = "built"
    s.skulls[x.space] = 0
    s.turn.heroic_done = True
    tell(
        s,
        "text",
        "{hero} builds the {monument} at {space}!",
        seats=(h.seat,),
        hero=hero_name(w, h),
        monument=w.name(x.monument),
        space=w.board.names[x.space],
    )


# --- what this adds to the base rules (rtdt/hookspecs.py) ---------------------------------


@CORRUPTION_GAINED.on(COVENANT)
def _oak_offering(w: World, s: State, h: HeroState, card: str) -> None:
    offer(w, s, "gain_corruption")  # COV-CLARIFY-3: the Argent Oak's offering


@TREASURE_GONE.on(COVENANT)
def _necropolis_offering(w: World, s: State, h: HeroState) -> None:
    offer(w, s, "spend_or_lose_treasure")  # COV-CLARIFY-11


@CARD_RESOLVED.on(COVENANT)
def _card_resolved(w: World, s: State, h: HeroState, lost: int, unaided: bool) -> None:
    offer(w, s, "battle_card_loss", amount=lost)  # COV-CLARIFY-9


@BATTLE_ENDED.on(COVENANT)
def _battle_ended(w: World, s: State, h: HeroState, b: Battle, defeated: bool) -> None:
    if b.used == 0:  # the Moonstone Temple's offering
        offer(w, s, "battle_without_advantages")
    if defeated and not b.adversary:  # COV-CLARIFY-5, COV-CLARIFY-19: with the Battle action
        offer(w, s, "battle_defeat", foe_space=b.space)
