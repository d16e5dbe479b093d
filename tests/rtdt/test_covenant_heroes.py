"""Rule tests for the four Covenant heroes (COV-HERO-1, COV-AEGIS-*, COV-WARDEN-*,
COV-SWINDLER-*): banner actions, the quarry token and the virtues with rules of their own.

Covenant heroes also play in a base game (the state's Covenant part exists then), which
keeps these positions free of monuments and wastelands unless a test asks for them.
"""

from __future__ import annotations

import pytest

from tests.conftest import rules
from tests.rtdt.invariants import check
from tests.rtdt.scenario import at, give, legal, play, resume, scenario, skulls
from towerplay.core.errors import IllegalAction
from towerplay.rtdt.game import BASE_HEROES, RtdtGame, make_config, new_game
from towerplay.rtdt.rules.corruption import corruption_limit, gain_corruption
from towerplay.rtdt.rules.reinforce import reinforce_cost
from towerplay.rtdt.tower import GLYPH_HOMES, N_SIDES, SIDES

AEGIS = "undaunted_aegis"
WARDEN = "relentless_warden"
SWINDLER = "devious_swindler"
ASTRO = "reverent_astromancer"
FOES = ("brigands", "widowmade_spiders", "dragons")
CITADEL = "radiant_mountains"  # the north's citadel, where seat 0 starts
VILLAGE = "egans_end"  # north village: enhanced Reinforce costs 1
GREEN_BRIDGE = "green_bridge"  # no building, next to the north's bazaar, citadel, sanctuary
BAZAAR = "dayside"


def game(heroes: list[str], seed: int = 1, **options: object) -> RtdtGame:
    """A base game with these heroes and no companion card (exact advantage counts)."""
    g = scenario(heroes, seed=seed, foes=FOES, **options)
    for h in g.state.heroes:
        h.companions.clear()
    g._legal = None
    return g


def roundtrip(g: RtdtGame) -> RtdtGame:
    """Save and load; the copy must be the same game."""
    copy = RtdtGame.from_json(g.to_json())
    assert copy.to_json() == g.to_json()
    assert legal(copy) == legal(g)
    return copy


def cov(g: RtdtGame):  # type: ignore[no-untyped-def]
    assert g.state.cov is not None
    return g.state.cov


def battle(g: RtdtGame, foe: str, card: str, rung: int) -> None:
    """Start a Battle with `foe` on the active hero's space (the green bridge instead of the
    citadel's mountains) and rig its current card."""
    s = g.state
    h = s.heroes[s.turn.seat]
    if h.space == CITADEL:  # off the mountains: no Wild from the Champion of the North
        h.space = GREEN_BRIDGE
    s.foes[:] = [(foe, h.space)]
    g._legal = None
    play(g, f"battle {foe} {h.space}")
    b = s.battle
    assert b is not None
    b.cards[b.index] = card
    b.rung = rung
    g._legal = None


def face_north_reinforce(g: RtdtGame) -> None:
    """Turn the Reinforce glyph to the north and pull its seal (RTDT-GLYPH-3)."""
    t = g.state.tower
    level, home = GLYPH_HOMES["reinforce"]
    rot = (SIDES.index("north") - home) % N_SIDES
    t.rotation[level] = rot
    t.seals[level * N_SIDES + SIDES.index("north")] = False
    g._legal = None


# --- COV-HERO -------------------------------------------------------------------------------


@rules("COV-HERO-1")
def test_COV_HERO_1_new_heroes_play_with_base_heroes_in_every_mode() -> None:
    for mode in ("cooperative", "competitive"):
        config = make_config(
            players=4, heroes=[AEGIS, "brutal_warlord", WARDEN, ASTRO], seed=3, mode=mode
        )
        g = new_game(config)
        assert g.state.cov is not None  # the heroes' parts are set up without the expansion
        assert not g.state.cov.sites  # no monuments: the expansion is not played
        check(g)
        while g.pending is not None:  # the Astromancer prepares her first spell
            g.apply(g.legal_actions()[0])
        assert "banner" in legal(g)
    g = scenario([SWINDLER, "spymaster"], seed=2, expansion="covenant")
    check(g)
    assert [h.hero for h in g.state.heroes] == [SWINDLER, "spymaster"]
    # heroes dealt at random: with the expansion the pool holds the new heroes beside the
    # base ones (and a table may mix them); without it, only the base heroes
    covenant = {AEGIS, WARDEN, SWINDLER, ASTRO}
    with_cov = [
        make_config(players=4, seed=seed, expansion="covenant").heroes for seed in range(30)
    ]
    dealt = {hero for heroes in with_cov for hero in heroes}
    assert covenant <= dealt and set(BASE_HEROES) <= dealt
    assert any(set(heroes) & covenant and set(heroes) - covenant for heroes in with_cov)
    without = {hero for seed in range(30) for hero in make_config(players=4, seed=seed).heroes}
    assert without == set(BASE_HEROES)


# --- COV-AEGIS ---------------------------------------------------------------------------


@rules("COV-AEGIS-1")
def test_COV_AEGIS_1_the_aegis_holds_three_corruptions() -> None:
    g = game([AEGIS, "spymaster"])
    w, s = g.world, g.state
    aegis, other = s.heroes
    assert corruption_limit(w, aegis) == 3 and corruption_limit(w, other) == 2
    give(g, 0, corruptions=[s.corruption_deck[0]])  # now two
    gain_corruption(w, s, aegis, "a test")
    assert len(aegis.corruptions) == 3 and s.result is None
    # the slot is the board's: losing Iron-Willed (a strike's lost virtue) keeps it
    aegis.virtues.remove("iron_willed")
    assert corruption_limit(w, aegis) == 3
    check(g)


@rules("COV-AEGIS-2")
def test_COV_AEGIS_2_the_aegis_starts_with_a_random_corruption() -> None:
    seen = set()
    for seed in range(1, 6):
        g = game([AEGIS], seed=seed)
        s = g.state
        (card,) = s.heroes[0].corruptions
        assert card not in s.corruption_deck
        seen.add(card)
        check(g)
    assert len(seen) > 1  # drawn at random, not always the same card
    assert not game(["spymaster"]).state.heroes[0].corruptions


@rules("COV-AEGIS-3")
def test_COV_AEGIS_3_ascetic_spirit_after_an_unaided_card() -> None:
    g = game([AEGIS])
    battle(g, "brigands", "critical_shadow_wolves", 3)  # lose 1 warrior
    plain = g.clone()
    plain.state.heroes[0].virtues.remove("ascetic")
    spirit = g.hero(0).spirit
    play(g, "resolve")
    play(plain, "resolve")
    assert g.hero(0).spirit == spirit + 1 == plain.hero(0).spirit + 1
    # the spirit is there for the next card of the same Battle
    assert g.state.battle is not None and g.state.battle.index == 1
    # a card improved with an advantage gives nothing
    b = g.state.battle
    b.cards[b.index] = "critical_shadow_wolves"
    b.rung = 3
    b.pool["wild"] = 1
    g._legal = None
    spirit = g.hero(0).spirit
    play(g, "advantage wild", "resolve")
    assert g.hero(0).spirit == spirit + 2  # only the Battle's own 2 spirit at its end


@rules("COV-AEGIS-4")
def test_COV_AEGIS_4_resolute_enhanced_reinforce_one_less_per_corruption() -> None:
    g = game([AEGIS])
    w, s = g.world, g.state
    h = s.heroes[0]
    assert h.space == CITADEL
    assert reinforce_cost(w, s, h, "enhanced") == 5
    give(g, 0, virtues=["resolute"], corruptions=[s.corruption_deck[0]])  # two corruptions
    assert reinforce_cost(w, s, h, "enhanced") == 3
    assert reinforce_cost(w, s, h, "free") == 0  # only the enhanced option
    give(g, 0, spirit=3)
    assert "reinforce enhanced" in legal(g)
    give(g, 0, spirit=2)
    assert "reinforce enhanced" not in legal(g)


@rules("COV-AEGIS-5")
def test_COV_AEGIS_5_resolute_still_pays_the_reinforce_glyph() -> None:
    g = game([AEGIS])
    w, s = g.world, g.state
    h = s.heroes[0]
    give(g, 0, virtues=["resolute"], corruptions=s.corruption_deck[:2])  # three corruptions
    at(g, 0, VILLAGE)
    assert reinforce_cost(w, s, h, "enhanced") == 0  # 1 - 3, never below nothing
    face_north_reinforce(g)
    assert reinforce_cost(w, s, h, "enhanced") == 1
    give(g, 0, spirit=0)
    assert not {"reinforce enhanced", "reinforce free"} & legal(g)
    give(g, 0, spirit=1)
    assert "reinforce enhanced" in legal(g)


@rules("COV-AEGIS-6")
def test_COV_AEGIS_6_a_fourth_corruption_loses_the_game() -> None:
    g = game([AEGIS])
    s = g.state
    give(g, 0, corruptions=s.corruption_deck[:2])
    assert len(s.heroes[0].corruptions) == 3 and s.result is None
    gain_corruption(g.world, s, s.heroes[0], "a test")
    assert s.result is not None and s.result.outcome == "loss"
    assert s.result.cause == "fourth corruption"
    assert len(s.heroes[0].corruptions) == 3


@rules("COV-HERO-1", "COV-AEGIS-6")
def test_the_aegis_in_competitive_mode_is_out_on_a_fourth_corruption() -> None:
    g = game([AEGIS, "spymaster"], mode="competitive")
    s = g.state
    give(g, 0, corruptions=s.corruption_deck[:2])
    assert len(s.heroes[0].corruptions) == 3 and not s.heroes[0].eliminated
    gain_corruption(g.world, s, s.heroes[0], "a test")
    assert s.heroes[0].eliminated and any("a fourth corruption" in line for line in g.log)


def test_aegis_banner_warriors_per_corruption_then_pay_to_return_one() -> None:
    g = game([AEGIS])
    s = g.state
    h = s.heroes[0]
    give(g, 0, warriors=10, corruptions=[s.corruption_deck[0]])
    first = h.corruptions[0]
    play(g, "banner")
    assert h.warriors == 16  # 3 for each of two corruptions
    assert g.pending is not None and g.pending.kind == "aegis_banner"
    copy = roundtrip(g)
    assert legal(g) == {f"return {c}" for c in h.corruptions} | {"stop"}
    play(g, f"return {first}")
    assert h.warriors == 6 and first not in h.corruptions
    assert s.corruption_deck[-1] == first  # to the bottom of the deck
    play(copy, "stop")
    assert len(copy.hero(0).corruptions) == 2
    check(g)


def test_aegis_banner_offers_no_return_without_ten_warriors() -> None:
    g = game([AEGIS])
    give(g, 0, warriors=0)
    play(g, "banner")
    assert g.hero(0).warriors == 3 and g.pending is None


def test_emboldened_wild_per_corruption() -> None:
    g = game([AEGIS])
    give(g, 0, virtues=["emboldened"], corruptions=[g.state.corruption_deck[0]])
    battle(g, "brigands", "critical_shadow_wolves", 0)
    assert g.state.battle is not None and g.state.battle.pool.get("wild") == 2


def test_steeled_takes_another_heros_corruption_for_two_spirit_once_a_turn() -> None:
    g = game(["spymaster", AEGIS])
    w, s = g.world, g.state
    other, aegis = s.heroes
    give(g, 1, virtues=["steeled"], spirit=0)
    before = len(aegis.corruptions)
    gain_corruption(w, s, other, "a test")
    g._legal = None
    assert not other.corruptions and g.pending is not None and g.pending.kind == "steeled"
    assert g.to_act == 1 and legal(g) == {"take", "pass"}
    copy = roundtrip(g)
    play(g, "take")
    assert len(aegis.corruptions) == before + 1 and aegis.spirit == 2 and not other.corruptions
    gain_corruption(w, s, other, "again")  # once a turn: no second offer
    assert g.state.pending == [] and len(other.corruptions) == 1
    play(copy, "pass")
    assert len(copy.hero(0).corruptions) == 1 and copy.hero(1).spirit == 0
    check(g)


def test_steeled_is_not_offered_when_the_aegis_is_full() -> None:
    g = game(["spymaster", AEGIS])
    w, s = g.world, g.state
    give(g, 1, virtues=["steeled"], corruptions=s.corruption_deck[:2])
    gain_corruption(w, s, s.heroes[0], "a test")
    assert not s.pending and len(s.heroes[0].corruptions) == 1


# --- COV-WARDEN -------------------------------------------------------------------------


@rules("COV-WARDEN-1")
def test_COV_WARDEN_1_the_quarry_token_starts_with_the_warden() -> None:
    g = game([WARDEN])
    assert cov(g).quarry == ""
    assert g.observe(0)["covenant"]["quarry"] == ""


@rules("COV-WARDEN-2")
def test_COV_WARDEN_2_banner_marks_any_foe_or_the_adversary() -> None:
    g = game([WARDEN])
    s = g.state
    s.foes[:] = [("brigands", "fivepint"), ("dragons", "dayside")]
    s.adversary_space = "green_bridge"
    play(g, "banner")
    assert g.pending is not None and g.pending.kind == "quarry"
    assert legal(g) == {
        "quarry brigands fivepint",
        "quarry dragons dayside",
        "quarry adversary",
        "stop",
    }
    copy = roundtrip(g)
    play(g, "quarry dragons dayside")
    assert cov(g).quarry == "dragons@dayside"
    play(copy, "quarry adversary")
    assert copy.state.cov is not None and copy.state.cov.quarry == "adversary"
    check(g)


@rules("COV-WARDEN-3")
def test_COV_WARDEN_3_banner_moves_the_quarry_up_to_two_spaces() -> None:
    g = game([WARDEN])
    s = g.state
    s.foes[:] = [("brigands", "fivepint")]
    cov(g).quarry = "brigands@fivepint"
    play(g, "banner")
    assert g.pending is not None and g.pending.kind == "quarry_step"
    first = next(iter(g.world.board.neighbours["fivepint"]))
    play(g, f"step {first}")
    assert s.foes == [("brigands", first)] and cov(g).quarry == f"brigands@{first}"
    assert g.pending is not None and g.pending.amount == 1
    roundtrip(g)
    second = next(iter(g.world.board.neighbours[first]))
    play(g, f"step {second}")
    assert s.foes == [("brigands", second)] and g.pending is None  # two spaces at most
    check(g)


@rules("COV-WARDEN-4")
def test_COV_WARDEN_4_the_token_stays_on_its_foe_while_on_the_board() -> None:
    g = game([WARDEN])
    s = g.state
    s.foes[:] = [("brigands", "fivepint"), ("dragons", "dayside")]
    cov(g).quarry = "brigands@fivepint"
    play(g, "banner")
    assert not any(a.startswith("quarry") for a in legal(g))
    play(g, "stop")
    assert cov(g).quarry == "brigands@fivepint"


def test_the_quarry_token_rides_on_its_foe_when_anything_moves_it() -> None:
    from towerplay.rtdt.rules.tokens import move_token

    g = game([WARDEN])
    s = g.state
    s.foes[:] = [("brigands", "fivepint"), ("brigands", "fivepint")]
    cov(g).quarry = "brigands@fivepint"
    move_token(g.world, s, "brigands", "fivepint", "dayside")  # the twin moves; the quarry stays
    assert cov(g).quarry == "brigands@fivepint"
    move_token(g.world, s, "brigands", "fivepint", "green_bridge")
    assert cov(g).quarry == "brigands@green_bridge"


@rules("COV-WARDEN-5")
def test_COV_WARDEN_5_a_defeated_or_removed_quarry_returns_the_token() -> None:
    from towerplay.rtdt.rules.tokens import remove_token

    g = game([WARDEN])
    s = g.state
    at(g, 0, GREEN_BRIDGE)
    cov(g).quarry = f"brigands@{GREEN_BRIDGE}"
    give(g, 0, warriors=50)
    battle(g, "brigands", "critical_shadow_wolves", 4)
    play(g, "resolve")
    b = s.battle
    assert b is not None
    b.cards[b.index] = "critical_shadow_wolves"
    b.rung = 4
    play(g, "resolve")
    assert s.battle is None and not s.foes
    assert cov(g).quarry == ""
    # removed by an effect
    s.foes[:] = [("dragons", "dayside")]
    cov(g).quarry = "dragons@dayside"
    remove_token(g.world, s, "dragons", "dayside")
    assert cov(g).quarry == ""
    # and it may be assigned again with the next banner action
    s.foes[:] = [("dragons", "dayside")]
    s.turn.banner_done = False
    s.turn.phase = "start"
    g._legal = None
    play(g, "banner", "quarry dragons dayside")
    assert cov(g).quarry == "dragons@dayside"


def _strike(g: RtdtGame, event: str) -> None:
    """Run one foe event now, as after a skull drop."""
    s = g.state
    s.events = [event]
    s.turn.phase = "events"
    s.dropper = s.turn.seat
    resume(g)


@rules("COV-WARDEN-6", "COV-WARDEN-7")
def test_COV_WARDEN_6_7_instinctive_spares_the_quarry_only() -> None:
    g = game([WARDEN])
    s = g.state
    give(g, 0, virtues=["instinctive"])
    at(g, 0, CITADEL)
    s.foe_status["widowmade_spiders"] = "ready"  # move toward the active hero, strike them
    board = g.world.board
    a = next(sp for sp in board.spaces if board.distance(sp, CITADEL) >= 6)  # the quarry
    b = next(sp for sp in board.spaces if board.distance(sp, CITADEL) == 3)  # 4 steps reach
    s.foes[:] = [("widowmade_spiders", a), ("widowmade_spiders", b)]
    cov(g).quarry = f"widowmade_spiders@{a}"
    give(g, 0, spirit=3)
    _strike(g, "strike:widowmade_spiders")
    assert g.pending is not None and g.pending.kind == "instinct"
    copy = roundtrip(g)
    play(g, "dodge")
    assert sorted(sp for _, sp in s.foes) == sorted([a, CITADEL])  # the quarry stayed
    assert cov(g).quarry == "" and cov(g).dodge == ""
    assert g.hero(0).spirit == 2  # the other spider still struck (COV-WARDEN-7)
    check(g)
    play(copy, "stop")  # declined: every spider moves, the token stays on its foe
    assert a not in [sp for _, sp in copy.state.foes]
    assert copy.state.cov is not None and copy.state.cov.quarry != ""


def test_instinctive_spares_the_adversary_from_the_tower_acting() -> None:
    g = game([WARDEN])
    s = g.state
    give(g, 0, virtues=["instinctive"])
    s.adversary_space = "dayside"
    cov(g).quarry = "adversary"
    before = g.to_json()["heroes"]
    _strike(g, "tower_acts")
    assert g.pending is not None and g.pending.kind == "instinct"
    play(g, "dodge")
    assert cov(g).quarry == "" and cov(g).dodge == ""
    assert g.to_json()["heroes"] == before
    assert any("spared by the Warden" in line for line in g.log)


def test_no_instinct_question_without_the_virtue() -> None:
    g = game([WARDEN])
    s = g.state
    s.foe_status["widowmade_spiders"] = "ready"
    s.foes[:] = [("widowmade_spiders", "fivepint")]
    cov(g).quarry = "widowmade_spiders@fivepint"
    _strike(g, "strike:widowmade_spiders")
    assert g.pending is None or g.pending.kind != "instinct"


def test_perceptive_and_keen_eyed_wild_against_the_quarry_only() -> None:
    g = game([WARDEN])
    h = g.state.heroes[0]
    h.space = GREEN_BRIDGE
    cov(g).quarry = f"brigands@{h.space}"
    battle(g, "brigands", "critical_shadow_wolves", 0)
    assert g.state.battle is not None and g.state.battle.pool.get("wild", 0) == 1
    g = game([WARDEN])
    give(g, 0, virtues=["keen_eyed"])
    at(g, 0, GREEN_BRIDGE)
    cov(g).quarry = f"brigands@{GREEN_BRIDGE}"
    battle(g, "brigands", "critical_shadow_wolves", 0)
    assert g.state.battle is not None and g.state.battle.pool.get("wild", 0) == 3
    g = game([WARDEN])
    battle(g, "brigands", "critical_shadow_wolves", 0)  # not the quarry
    assert g.state.battle is not None and g.state.battle.pool.get("wild", 0) == 0


def test_guarded_blocks_warrior_losses_against_the_quarry() -> None:
    g = game([WARDEN])
    give(g, 0, warriors=20)
    at(g, 0, GREEN_BRIDGE)
    cov(g).quarry = f"brigands@{GREEN_BRIDGE}"
    battle(g, "brigands", "critical_shadow_wolves", 1)  # lose 7 warriors
    play(g, "resolve")
    assert g.hero(0).warriors == 20 - 4


def test_warden_inspiring_clears_skulls_near_when_the_quarry_falls() -> None:
    g = game([WARDEN])
    give(g, 0, virtues=["warden_inspiring"], warriors=30)
    at(g, 0, GREEN_BRIDGE)
    skulls(g, dayside=2, radiant_mountains=1)
    cov(g).quarry = f"brigands@{GREEN_BRIDGE}"
    battle(g, "brigands", "critical_shadow_wolves", 4)
    play(g, "resolve")
    b = g.state.battle
    assert b is not None
    b.cards[b.index] = "critical_shadow_wolves"
    b.rung = 4
    play(g, "resolve")
    assert g.state.skulls["dayside"] == 0 and g.state.skulls[CITADEL] == 0
    check(g)


# --- COV-SWINDLER ---------------------------------------------------------------------------


def _banner_faces(limit: int = 60) -> dict[str, RtdtGame]:
    """One game per haggle face rolled by the Swindler's banner (after the roll)."""
    out: dict[str, RtdtGame] = {}
    for seed in range(1, limit):
        g = game([SWINDLER], seed=seed)
        g.state.heroes[0].warriors = 7
        play(g, "banner")
        text = next(line for line in reversed(g.log) if "rolls the haggle die" in line)
        for face in g.world.content.haggle.faces:
            if face.text in text:
                out.setdefault(face.result, g)
        if len(out) == 5:
            break
    return out


@rules("COV-SWINDLER-1", "COV-SWINDLER-2")
def test_COV_SWINDLER_1_2_banner_gains_the_haggle_result_cancel_does_nothing() -> None:
    faces = _banner_faces()
    assert set(faces) == {"normal", "warriors", "potion", "gear", "cancel"}
    assert faces["warriors"].hero(0).warriors == 10
    assert len(faces["potion"].hero(0).potions) == 1
    gear = faces["gear"]
    assert gear.pending is not None and gear.pending.kind == "take_gear"
    for result in ("normal", "cancel"):
        g = faces[result]
        h = g.hero(0)
        assert h.warriors == 7 and not h.potions and g.pending is None
        assert not g.state.turn.reinforce_cancelled


@rules("COV-SWINDLER-3")
def test_COV_SWINDLER_3_reinforce_as_usual_after_a_cancel() -> None:
    g = _banner_faces()["cancel"]
    assert g.hero(0).space == CITADEL
    assert {"haggle", "reinforce free"} <= legal(g)
    # Joyful: a cancel roll for the Reinforce does not stop it either
    h = g.hero(0)
    assert "joyful" in h.virtues
    for seed in range(1, 80):
        c = game([SWINDLER], seed=seed)
        play(c, "haggle")
        if c.state.turn.haggle == "normal" and "cancel" in " ".join(c.log[-3:]).lower():
            assert "reinforce free" in legal(c)
            break
    else:
        pytest.fail("no cancel rolled")


@rules("COV-SWINDLER-4")
def test_COV_SWINDLER_4_inventive_counts_only_the_markets_regular_advantages() -> None:
    g = game([SWINDLER])
    s = g.state
    grassland = next(
        sp for sp in g.world.board.spaces if g.world.board.terrain_of[sp] == "grasslands"
    )
    for t in ("lamp_of_hope", "acorns_of_the_white_oak"):  # always Magic; Wild on grasslands
        if t in s.treasure_deck:
            s.treasure_deck.remove(t)
    s.treasure_deck.extend(s.market)
    s.market[:] = ["lamp_of_hope", "acorns_of_the_white_oak"]
    at(g, 0, grassland)
    battle(g, "brigands", "critical_shadow_wolves", 0)
    pool = s.battle.pool if s.battle is not None else {}
    assert pool.get("magic") == 1 and not pool.get("wild")
    g = game(["spymaster"])
    battle(g, "brigands", "critical_shadow_wolves", 0)
    assert g.state.battle is not None and not g.state.battle.pool.get("magic")
    check(g)


def test_fortuitous_reroll_keeps_either_result() -> None:
    for seed in range(1, 80):
        g = game([SWINDLER], seed=seed)
        give(g, 0, virtues=["fortuitous"], warriors=7)
        play(g, "banner")
        assert g.pending is not None and g.pending.kind == "haggle_reroll"
        first = g.pending.target
        copy = roundtrip(g)
        play(copy, "keep")
        if first == "warriors":
            assert copy.hero(0).warriors == 10
        play(g, "reroll")
        if g.pending is not None and g.pending.kind == "haggle_pick":
            options = set(g.pending.options)
            assert first in options and len(options) == 2
            roundtrip(g)
            if "warriors" in options:
                play(g, "keep warriors")
                assert g.hero(0).warriors == 10
                return
    pytest.fail("no reroll offered the warriors face")


def test_fortuitous_reroll_for_a_reinforce_cancel() -> None:
    for seed in range(1, 120):
        g = game([SWINDLER], seed=seed)
        g.state.heroes[0].virtues[:] = ["fortuitous"]  # without Joyful
        g._legal = None
        play(g, "haggle")
        if g.pending is not None and g.pending.target == "cancel":
            copy = g.clone()
            play(copy, "keep")
            assert copy.state.turn.reinforce_cancelled
            assert "reinforce free" not in legal(copy)
            return
    pytest.fail("no cancel rolled")


def test_opportunistic_blessing_when_any_hero_takes_from_the_market() -> None:
    from towerplay.rtdt.rules.holdings import take_treasure

    g = game(["spymaster", SWINDLER])
    give(g, 1, virtues=["opportunistic"])
    s = g.state
    take_treasure(g.world, s, s.heroes[0], s.market[0])
    assert cov(g).blessings == [0, 1]


def test_calculating_ignores_critical_losses_of_warriors_and_spirit() -> None:
    g = game([SWINDLER])
    give(g, 0, virtues=["calculating"], warriors=10, spirit=3)
    battle(g, "brigands", "critical_oreks", 1)  # lose 4 warriors and 1 spirit
    play(g, "resolve")
    assert g.hero(0).warriors == 10 and g.hero(0).spirit == 3
    g = game([SWINDLER])
    give(g, 0, warriors=10, spirit=3)
    battle(g, "brigands", "critical_oreks", 1)
    play(g, "resolve")
    assert g.hero(0).warriors == 6 and g.hero(0).spirit == 2


# --- the Astromancer's banner (Well Versed) -------------------------------------------------


def test_astromancer_banner_clears_a_skull_near_and_well_versed_blesses() -> None:
    g = game([ASTRO])
    play(g, "prepare ritual_of_warding")
    at(g, 0, GREEN_BRIDGE)
    skulls(g, dayside=2, upper_ice_fangs=0, radiant_mountains=0)
    supply = g.state.supply
    play(g, "banner")
    assert legal(g) == {"remove dayside"}
    roundtrip(g)
    play(g, "remove dayside")
    assert g.state.skulls["dayside"] == 1 and g.state.supply == supply + 1
    assert cov(g).blessings == [1]
    check(g)


def test_illegal_banner_answer_leaves_the_state_unchanged() -> None:
    g = game([WARDEN])
    g.state.foes[:] = [("brigands", "fivepint")]
    play(g, "banner")
    before = g.to_json()
    with pytest.raises(IllegalAction) as err:
        g.apply("quarry dragons dayside")
    assert err.value.rule == "COV-WARDEN-2"
    assert g.to_json() == before


def test_every_banner_without_effect_data_is_engine_code_and_no_other() -> None:
    """Banner actions come from the hero's data: `banner_effects`, or, when the shape has no
    words for it, a BANNERS entry by hero id (covenant/heroes.py)."""
    from towerplay.rtdt.covenant.heroes import BANNERS
    from towerplay.rtdt.world import get_world

    heroes = get_world().content.heroes
    assert set(BANNERS) == {h for h, sheet in heroes.items() if not sheet.banner_effects}
