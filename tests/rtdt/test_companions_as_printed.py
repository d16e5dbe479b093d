"""Companion abilities and advantages played as their public cards print them (RTDT-COMP-6
.. RTDT-COMP-14): each test plays the printed text and fails if the old approximation
(docs/content.md, before issue 15) came back."""

from __future__ import annotations

import json

import pytest

from tests.conftest import rules
from tests.rtdt.scenario import at, give, legal, play, scenario, skulls
from towerplay.rtdt.game import RtdtGame
from towerplay.rtdt.hookspecs import COMPANION_EVENTS
from towerplay.rtdt.rules import advantages
from towerplay.rtdt.rules.battle import ADVERSARY_CARDS
from towerplay.rtdt.tower import GLYPH_HOMES, N_SIDES, SIDES, seal_id

CITADEL = "radiant_mountains"  # a citadel, on mountains
FIVEPINT = "fivepint"  # no building
ADVERSARY = "lingering_rot"


def holding(
    card: str, kind: str = "companion", heroes: tuple[str, ...] = ("brutal_warlord",)
) -> RtdtGame:
    """A game whose first hero holds only `card` (a companion or a quest item)."""
    g = scenario(heroes)
    for h in g.state.heroes:
        h.companions.clear()
    h = g.hero(0)
    (h.companions if kind == "companion" else h.quest_items).append(card)
    g._legal = None
    return g


def battle(g: RtdtGame, foe: str, space: str = CITADEL) -> None:
    """Hero 0 on `space` starts a Battle against `foe` (a foe or the adversary) there."""
    s = g.state
    at(g, 0, space)
    if foe == ADVERSARY:
        s.foes[:] = []
        s.adversary_space = space
    else:
        s.foes[:] = [(foe, space)]
        s.foe_status[foe] = "ready"
    give(g, 0, warriors=100)
    g._legal = None
    play(g, f"battle {foe} {space}")
    assert g.state.battle is not None


def with_adversary(g: RtdtGame) -> None:
    import dataclasses

    g.state.config = dataclasses.replace(g.state.config, adversary=ADVERSARY)
    g._legal = None


def wild_pool(g: RtdtGame) -> int:
    b = g.state.battle
    assert b is not None
    return b.pool.get("wild", 0)


# --- advantages with a condition ----------------------------------------------------------


def wild_given(card: str, kind: str, foe: str, space: str = CITADEL) -> int:
    """The Wild advantages `card` adds to a Battle's pool against `foe` on `space` (the
    hero's own virtues count the same with and without it)."""
    pools = []
    for held in (card, None):
        g = holding(card, kind) if held else holding("grigor")
        if not held:
            g.hero(0).companions.clear()
        with_adversary(g)
        skulls(g, radiant_mountains=0)
        battle(g, foe, space)
        pools.append(wild_pool(g))
    return pools[0] - pools[1]


@rules("RTDT-COMP-6")
def test_hakan_gives_two_wild_on_a_building_space_and_none_elsewhere() -> None:
    g = holding("hakan")
    h = g.hero(0)
    at(g, 0, CITADEL)  # outside a Battle too (a Quest action's count)
    with_card = advantages.automatic(g.world, g.state, h, battling=False).get("wild", 0)
    h.companions.clear()
    assert with_card - advantages.automatic(g.world, g.state, h, battling=False).get("wild", 0) == 2
    assert wild_given("hakan", "companion", "oreks", CITADEL) == 2  # not 1 (the approximation)
    assert wild_given("hakan", "companion", "oreks", FIVEPINT) == 0


@rules("RTDT-COMP-10")
def test_yanas_wilds_count_against_the_adversary_only() -> None:
    assert wild_given("yana", "companion", "oreks") == 0  # the approximation gave 2 everywhere
    assert wild_given("yana", "companion", ADVERSARY) == 2


@rules("RTDT-COMP-13")
def test_dragon_scales_count_against_level_4_foes_only() -> None:
    assert wild_given("dragon_scales", "quest_item", "dragons") == 2  # level 4
    assert wild_given("dragon_scales", "quest_item", "oreks") == 0  # level 2
    assert wild_given("dragon_scales", "quest_item", "lemures") == 0  # level 3
    assert wild_given("dragon_scales", "quest_item", ADVERSARY) == 0


def test_a_battle_against_the_adversary_draws_its_cards() -> None:
    g = holding("yana")
    with_adversary(g)
    battle(g, ADVERSARY)
    b = g.state.battle
    assert b is not None and b.adversary and len(b.cards) == ADVERSARY_CARDS


# --- uses with limits and costs -------------------------------------------------------------


@rules("RTDT-COMP-8")
def test_grigor_buys_up_to_three_wilds_a_turn() -> None:
    g = holding("grigor")
    give(g, 0, spirit=5)
    battle(g, "oreks")
    wild = wild_pool(g)
    for n in range(1, 4):
        play(g, "use grigor")
        assert wild_pool(g) == wild + n
    assert "use grigor" not in legal(g)  # the fourth: no (the approximation had no limit)
    assert g.hero(0).spirit == 2


@rules("RTDT-COMP-14")
def test_fulminating_silver_once_a_battle_and_again_in_the_next() -> None:
    g = holding("fulminating_silver", "quest_item")
    give(g, 0, spirit=5)
    assert "use fulminating_silver" not in legal(g)  # outside a Battle: no use
    battle(g, "oreks")
    play(g, "use fulminating_silver")
    assert "use fulminating_silver" not in legal(g)
    # a second Battle in the same turn (here set up by hand) allows it again, which a
    # once-a-turn limit would not
    s = g.state
    s.battle = None
    s.turn.heroic_done = False
    battle(g, "oreks")
    assert "use fulminating_silver" in legal(g)
    assert "fulminating_silver" not in s.turn.used


@rules("RTDT-COMP-9")
def test_zaida_spends_one_treasure_of_your_choice_for_three_wilds_once_a_turn() -> None:
    g = holding("zaida")
    give(g, 0, treasures=["scroll_of_burning_sands", "cloak_of_stars"])
    battle(g, "oreks")
    wild = wild_pool(g)
    uses = {a for a in legal(g) if a.startswith("use zaida")}
    assert uses == {"use zaida scroll_of_burning_sands", "use zaida cloak_of_stars"}
    play(g, "use zaida cloak_of_stars")
    h = g.hero(0)
    assert h.treasures == ["scroll_of_burning_sands"] and wild_pool(g) == wild + 3
    assert not any(a.startswith("use zaida") for a in legal(g))  # once a turn
    # spending a treasure for its own effect gives no Wilds (the old trigger did)
    play(g, "use scroll_of_burning_sands")
    assert wild_pool(g) == wild + 3


def test_zaida_without_a_treasure_has_no_use() -> None:
    g = holding("zaida")
    battle(g, "oreks")
    assert not any(a.startswith("use zaida") for a in legal(g))


# --- new targets: the doubling cost, a seal, glyph actions -------------------------------------


@rules("RTDT-COMP-7")
def test_tomas_doubles_the_move_for_no_spirit_and_keeps_the_base_move() -> None:
    g = holding("tomas")
    h = g.hero(0)
    give(g, 0, spirit=0)
    base = g.world.content.heroes[h.hero].base_move
    assert "double" in legal(g)  # no spirit needed
    play(g, "double")
    assert h.spirit == 0 and g.state.turn.doubled
    from towerplay.rtdt.rules.movement import move_value

    assert move_value(g.world, g.state, h) == 2 * base  # not base + 1


def test_without_tomas_doubling_costs_one_spirit_RTDT_MOVE_2() -> None:
    g = holding("grigor")
    give(g, 0, spirit=0)
    assert "double" not in legal(g)
    give(g, 0, spirit=2)
    play(g, "double")
    assert g.hero(0).spirit == 1


@rules("RTDT-COMP-11")
def test_nimet_puts_a_removed_seal_back_for_three_spirit_once_a_turn() -> None:
    g = holding("nimet")
    s = g.state
    give(g, 0, spirit=7)
    assert not any(a.startswith("use nimet") for a in legal(g))  # every seal on
    s.tower.seals[5] = False
    s.tower.seals[9] = False
    s.tower.lodged[5] = 2
    before = dict(s.skulls)
    g._legal = None
    uses = {a for a in legal(g) if a.startswith("use nimet")}
    assert uses == {f"use nimet {seal_id(5)}", f"use nimet {seal_id(9)}"}
    play(g, f"use nimet {seal_id(5)}")
    assert s.tower.seals[5] and not s.tower.seals[9]
    assert s.tower.lodged[5] == 2  # the skulls behind it stay
    assert s.skulls == before  # no skull is cleared (the old approximation)
    assert g.hero(0).spirit == 4
    assert not any(a.startswith("use nimet") for a in legal(g))  # once a turn


def test_nimet_needs_three_spirit() -> None:
    g = holding("nimet")
    give(g, 0, spirit=2)
    g.state.tower.seals[0] = False
    g._legal = None
    assert not any(a.startswith("use nimet") for a in legal(g))


def _face(g: RtdtGame, glyph: str, kingdom: str) -> None:
    """Reveal `glyph` (remove its window's seal) and turn its drum to face `kingdom`."""
    s = g.state
    level, home = GLYPH_HOMES[glyph]
    side = SIDES.index(kingdom)
    s.tower.rotation[level] = (side - home) % N_SIDES
    s.tower.seals[level * N_SIDES + side] = False
    g._legal = None


def _cleanse_spirit(card: str | None, facing_home: bool) -> int:
    """Spirit the Orphaned Scion has after Cleansing a building of her home kingdom with
    no spirit, the Cleanse glyph revealed and facing her kingdom or another one."""
    g = holding(card or "grigor", heroes=("orphaned_scion",))
    h = g.hero(0)
    if card is None:
        h.companions.clear()
    other = next(k for k in SIDES if k != h.kingdom)
    _face(g, "cleanse", h.kingdom if facing_home else other)
    space = next(sp for sp in g.state.skulls if g.world.board.kingdom_of[sp] == h.kingdom)
    at(g, 0, space)
    skulls(g, **{space: 1})
    give(g, 0, spirit=0 if card else 1)  # without Vasa the facing glyph costs 1
    play(g, f"cleanse {space}")
    return h.spirit


@rules("RTDT-COMP-12")
def test_vasa_gives_a_spirit_after_an_action_whose_glyph_faces_you() -> None:
    # free for Vasa, and 1 spirit after it (the approximation gave none)
    assert _cleanse_spirit("vasa", True) == _cleanse_spirit(None, True) + 1


def test_vasa_gives_nothing_when_the_glyph_faces_elsewhere() -> None:
    assert _cleanse_spirit("vasa", False) == _cleanse_spirit(None, False) - 1


def test_vasas_spirit_for_a_battle_comes_once_the_battle_is_over() -> None:
    g = holding("vasa")
    h = g.hero(0)
    _face(g, "battle", h.kingdom)
    give(g, 0, spirit=0)
    battle(g, "oreks")
    gained = "Brutal Warlord gains 1 spirit (Vasa)."
    while g.state.battle is not None and g.result is None:
        assert gained not in g.log  # not while the Battle goes on
        play(g, "resolve" if "resolve" in legal(g) else str(g.legal_actions()[0]))
    assert g.log.count(gained) == 1 and g.log[-1] == gained


# --- companion events: the part the app names ------------------------------------------------


def event_game(companion: str) -> RtdtGame:
    """A game whose main companion is `companion`, about to resolve its event for seat 0."""
    g = scenario(("brutal_warlord",), companion=companion)
    s = g.state
    s.events = ["companion"]
    s.turn.phase = "events"
    s.dropper = 0
    return g


def run_event(g: RtdtGame) -> None:
    from tests.rtdt.scenario import resume

    resume(g)


@rules("RTDT-COMP-18")
def test_miras_moves_every_token_of_the_named_foe_type() -> None:
    g = event_game("miras")
    s = g.state
    foe, other = s.config.foes[0], s.config.foes[1]
    s.foes[:] = [(foe, "ash_hills"), (foe, CITADEL), (other, FIVEPINT)]
    s.foe_status.update({foe: "ready", other: "ready"})
    for seed in range(1, 200):  # the app (a seeded draw) names `foe`
        s.rng = seed
        trial = g.clone()
        run_event(trial)
        if any(
            "names the" in line and g.world.content.foes[foe].name in line for line in trial.log
        ):
            break
    run_event(g)
    moved = 0
    while g.pending is not None and g.pending.kind == "step_foe":
        d = g.pending
        assert d.target == foe and d.amount == 2
        step = next(a for a in legal(g) if a.startswith("step "))
        play(g, step)
        if g.pending is not None and g.pending.kind == "step_foe" and g.pending.amount == 1:
            play(g, "stop")
        moved += 1
    assert moved == 2  # both tokens of that type, not one foe (the approximation)
    assert (other, FIVEPINT) in s.foes  # the other type stays


def test_miras_event_with_no_foes_does_nothing() -> None:
    g = event_game("miras")
    g.state.foes[:] = []
    run_event(g)
    assert g.pending is None or g.pending.kind != "step_foe"


@rules("RTDT-COMP-19")
def test_yana_prevents_the_named_foes_next_spawn_and_removes_no_token() -> None:
    g = event_game("yana")
    s = g.state
    s.foes[:] = [(f, CITADEL) for f in s.config.foes]
    tokens = list(s.foes)
    run_event(g)
    assert s.foes == tokens  # nothing removed (the approximation removed a token)
    assert len(s.spawn_prevented) == 1
    foe = s.spawn_prevented[0]
    from towerplay.rtdt.rules.foes import foe_event

    foe_event(g.world, s, f"spawn:{foe}:2")
    assert s.foes == tokens and s.spawn_prevented == []
    assert g.log[-1].endswith("is prevented.")
    foe_event(g.world, s, f"spawn:{foe}:1")  # only the next spawn
    assert len(s.foes) == len(tokens) + 1


def test_a_save_without_the_new_fields_loads() -> None:
    """Saves from before Yana's prevented spawn, Vasa's glyph mark and Fulminating Silver's
    once-a-Battle mark load, with the defaults."""
    g = scenario(("brutal_warlord",))
    data = g.to_json()
    del data["spawn_prevented"]
    del data["turn"]["glyph_faced"]
    loaded = RtdtGame.from_json(data)
    assert loaded.state.spawn_prevented == [] and not loaded.state.turn.glyph_faced
    g2 = holding("fulminating_silver", "quest_item")
    battle(g2, "oreks")
    data = g2.to_json()
    del data["battle"]["used_cards"]
    loaded = RtdtGame.from_json(data)
    assert loaded.state.battle is not None and loaded.state.battle.used_cards == []


@rules("RTDT-COMP-20")
def test_letha_calms_a_savage_or_lethal_beast_by_one_status() -> None:
    g = event_game("letha")
    s = g.state
    w = g.world
    beasts = [f for f in w.content.foes if "beast" in w.content.foes[f].traits]
    others = [f for f in w.content.foes if "beast" not in w.content.foes[f].traits]
    beast, other = beasts[0], others[0]
    s.foes[:] = [(beast, CITADEL), (other, CITADEL)]
    s.foe_status.update({beast: "lethal", other: "lethal"})
    run_event(g)
    assert s.foe_status[beast] == "savage"  # the approximation did nothing
    assert s.foe_status[other] == "lethal"  # not a Beast


def test_letha_leaves_a_ready_beast_as_it_is() -> None:
    g = event_game("letha")
    s = g.state
    w = g.world
    beast = next(f for f in w.content.foes if "beast" in w.content.foes[f].traits)
    s.foes[:] = [(beast, CITADEL)]
    s.foe_status[beast] = "ready"
    run_event(g)
    assert s.foe_status[beast] == "ready"


# the cards this work plays as printed
EXACT_CARDS = (
    "gleb",
    "grigor",
    "hakan",
    "letha",
    "miras",
    "nimet",
    "tomas",
    "vasa",
    "yana",
    "zaida",
)
EXACT_ITEMS = ("dragon_scales", "fulminating_silver")
EXACT_EVENTS = EXACT_CARDS  # and their events


def test_no_text_of_these_cards_says_approximated() -> None:
    c = scenario().world.content
    for cid in EXACT_CARDS:
        assert "(Approximated" not in c.companions[cid].text, cid
    for cid in EXACT_ITEMS:
        assert "(Approximated" not in c.quest_items[cid].text, cid
        assert "(here" not in c.quest_items[cid].text, cid
    for cid in EXACT_EVENTS:
        event = c.companions[cid].event
        assert event is not None and "(Approximated" not in event.text, cid
    for cid in ("miras", "yana", "letha"):
        event = c.companions[cid].event
        assert event is not None and event.app is not None, cid


def test_every_app_part_of_an_event_has_a_handler() -> None:
    g = scenario()
    for comp in g.world.content.companions.values():
        if comp.event is not None and comp.event.app is not None:
            assert comp.event.app in COMPANION_EVENTS.of(g.world.hooks), comp.id


# --- companion events: optional paid trades (the effect vocabulary's `may_pay`) ------------


@rules("RTDT-COMP-15")
def test_gleb_may_pay_one_spirit_for_twelve_warriors() -> None:
    g = event_game("gleb")
    give(g, 0, warriors=5, spirit=2)
    run_event(g)
    assert g.pending is not None and g.pending.kind == "may_pay"
    assert g.hero(0).warriors == 5  # nothing arrives unpaid (the approximation gave 12)
    play(g, "pay")
    assert (g.hero(0).warriors, g.hero(0).spirit) == (17, 1)


def test_gleb_declined_gives_nothing_and_no_spirit_asks_nothing() -> None:
    g = event_game("gleb")
    give(g, 0, warriors=5, spirit=2)
    run_event(g)
    play(g, "decline")
    assert (g.hero(0).warriors, g.hero(0).spirit) == (5, 2)
    g = event_game("gleb")
    give(g, 0, warriors=5, spirit=0)
    run_event(g)
    assert g.pending is None or g.pending.kind != "may_pay"
    assert g.hero(0).warriors == 5


@rules("RTDT-COMP-16")
def test_hakan_may_trade_one_gear_for_three_potions() -> None:
    g = event_game("hakan")
    give(g, 0, gear=["longswords"])
    potions = len(g.hero(0).potions)
    run_event(g)
    assert g.pending is not None and g.pending.kind == "may_pay"
    assert len(g.hero(0).potions) == potions
    play(g, "pay")
    while g.pending is not None and g.pending.seat == 0 and g.state.turn.phase == "events":
        play(g, sorted(legal(g))[0])  # which gear to give, if asked
    h = g.hero(0)
    assert h.gear == [] and len(h.potions) == potions + 3


@rules("RTDT-COMP-17")
def test_nimet_may_trade_one_treasure_for_five_spirit() -> None:
    g = event_game("nimet")
    give(g, 0, spirit=0, treasures=["cloak_of_stars"])
    run_event(g)
    assert g.pending is not None and g.pending.kind == "may_pay"
    assert g.hero(0).spirit == 0
    play(g, "pay")
    while g.pending is not None and g.pending.seat == 0 and g.state.turn.phase == "events":
        play(g, sorted(legal(g))[0])
    h = g.hero(0)
    assert h.treasures == [] and h.spirit == 5


@rules("RTDT-EFFECT-6")
def test_an_advantage_against_a_foe_trait_counts_against_that_trait_only() -> None:
    """A designed variant (not in the content): one Wild against Undead foes. A foe with the
    trait gets it, a foe without does not, nor does the adversary."""
    from towerplay.rtdt.models.abilities import Advantage

    adv = Advantage(
        kind="advantage", type="wild", amount=1, when="against_foe_trait", trait="undead"
    )
    g = holding("grigor")
    foes = g.world.content.foes
    undead = next(f for f, x in foes.items() if "undead" in x.traits)
    other = next(f for f, x in foes.items() if "undead" not in x.traits)
    counted = {}
    for foe in (undead, other, ADVERSARY):
        g = holding("grigor")
        with_adversary(g)
        battle(g, foe)
        counted[foe] = advantages._count(g.world, g.state, g.hero(0), adv, True)
    assert counted == {undead: 1, other: 0, ADVERSARY: 0}
    with pytest.raises(ValueError, match="`trait` goes with"):
        Advantage(kind="advantage", type="wild", amount=1, trait="undead")


@rules("RTDT-EFFECT-7")
def test_a_once_a_month_use_comes_back_with_the_next_month() -> None:
    """A designed variant (not in the content): Grigor's use made "once per month: gain 1
    spirit". Used, it is not offered again this month, on a later turn either; a new month
    offers it again; the mark survives a save and an older save without it loads."""
    import dataclasses

    from towerplay.rtdt.models import Gain
    from towerplay.rtdt.models.abilities import Use
    from towerplay.rtdt.rules.turn import _new_month

    g = holding("grigor", heroes=("brutal_warlord", "orphaned_scion"))
    monthly = Use(
        kind="use", once_per_month=True, effects=[Gain(op="gain", resource="spirit", amount=1)]
    )
    g.world = dataclasses.replace(g.world, uses={**g.world.uses, "grigor": (monthly,)})
    g._legal = None
    spirit = g.hero(0).spirit
    play(g, "use grigor")
    assert g.hero(0).spirit == spirit + 1 and g.state.month_used == ["grigor"]
    assert "use grigor" not in legal(g)
    g.state.turn.used.clear()  # a later turn of the same month: still not
    g._legal = None
    assert "use grigor" not in legal(g)
    data = g.to_json()
    assert RtdtGame.from_json(data).state.month_used == ["grigor"]
    older = json.loads(json.dumps(data).replace('"month_used": ["grigor"], ', ""))
    assert "month_used" not in json.dumps(older)
    assert RtdtGame.from_json(older).state.month_used == []
    _new_month(g.world, g.state)
    g._legal = None
    assert g.state.month_used == [] and "use grigor" in legal(g)
