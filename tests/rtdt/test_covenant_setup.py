"""Rule tests for Covenant's components, modes of play and setup changes (COV-COMP-1,
COV-MODE-1..5, COV-SETUP-1..10, COV-SETUP-12).

Games are set up with tests/rtdt/scenario.py (`expansion="covenant"`, `treasures=...`,
`new_corruptions=...`); the monuments the app picks depend on the seed, so tests either
look them up in `State.cov.sites` or search the seeds for the layout they need.
"""

from __future__ import annotations

from collections import Counter

import pytest

from tests.conftest import rules
from tests.rtdt.covenant_scenario import cov
from tests.rtdt.invariants import check
from tests.rtdt.scenario import legal, scenario
from towerplay.rtdt import app, gamecode
from towerplay.rtdt.covenant import setup as cov_setup
from towerplay.rtdt.covenant.blessings import gain_blessing
from towerplay.rtdt.covenant.setup import blessings_free
from towerplay.rtdt.covenant.wastelands import TOKENS
from towerplay.rtdt.game import RtdtGame, make_config, new_game

SKULLS = 24
KINGDOMS = ("north", "east", "south", "west")
TYPES = ("citadel", "sanctuary", "village", "bazaar")


def replaced(g: RtdtGame) -> dict[str, str]:
    """Kingdom -> the building type its monument replaces."""
    return {x.kingdom: g.world.content.monuments[x.monument].replaces for x in cov(g).sites}


def opening(g: RtdtGame, space: str) -> int:
    return g.world.content.buildings[g.world.board.building_of[space]].opening_skulls


# --- COV-COMP -----------------------------------------------------------------------------


@rules("COV-COMP-1")
def test_COV_COMP_1_a_covenant_game_uses_the_boxes_components() -> None:
    g = scenario(["orphaned_scion", "spymaster"], seed=3, expansion="covenant")
    w, s = g.world, g.state
    c = w.content
    comp = c.covenant.components
    # the box's counts
    assert (comp.blessings, comp.protection_tokens, comp.offering_tokens) == (8, 6, 12)
    assert (comp.doom_skulls, comp.charge_tokens, comp.wasteland_tokens) == (12, 10, 32)
    assert (comp.foundations, comp.quarry_tokens) == (4, 1)
    assert len(c.covenant_heroes) == 4
    assert len(c.covenant.monuments) == 8
    assert len(c.covenant.spells) + len(c.covenant.invocations) == 10
    assert len(c.covenant_treasures) == 20 and len(c.covenant_corruptions) == 12
    # ...and what a game takes from them
    assert cov(g).doom_supply == 12  # every doom skull starts in its supply
    assert len(cov(g).sites) == comp.foundations == 4  # one foundation per monument in play
    assert blessings_free(w, s) == 8
    assert comp.wasteland_tokens == TOKENS
    deck = s.treasure_deck + s.market
    assert sum(1 for t in deck if t in c.covenant_treasures) == 20
    corr = s.corruption_deck + [x for h in s.heroes for x in h.corruptions]
    assert sum(1 for x in corr if x in c.covenant_corruptions) == 12
    # the supply of blessing cards really is 8 (COV-BLESS-6)
    for _ in range(8):
        assert gain_blessing(w, s, s.heroes[0], "test")
    assert not gain_blessing(w, s, s.heroes[1], "test")
    assert cov(g).blessings == [8, 0]


# --- COV-MODE -----------------------------------------------------------------------------


@rules("COV-MODE-1")
def test_COV_MODE_1_covenant_plays_on_the_cooperative_game_only() -> None:
    cfg = make_config(players=2, seed=4, expansion="covenant")
    assert cfg.mode == "cooperative" and cfg.covenant
    with pytest.raises(ValueError, match="cooperative"):
        make_config(players=2, seed=4, expansion="covenant", mode="competitive")
    # a code asking for both is refused as well
    setup = gamecode.decode(cfg.code)
    bad = gamecode.encode(
        gamecode.Setup(
            foes=setup.foes,
            adversary=setup.adversary,
            companion=setup.companion,
            difficulty=setup.difficulty,
            covenant=True,
            mode="competitive",
            players=2,
            seed=4,
        )
    )
    with pytest.raises(ValueError, match="cooperative"):
        make_config(code=bad)


@rules("COV-MODE-2")
def test_COV_MODE_2_monuments_doom_skulls_and_wastelands_come_together(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn: list[list[str]] = []
    real = app.draw_covenant_events

    def spy(rng, built, p=app.PARAMS):  # type: ignore[no-untyped-def]
        out = real(rng, built, p)
        drawn.append(out)
        return out

    monkeypatch.setattr(app, "draw_covenant_events", spy)
    # the expansion: four monuments, twelve doom skulls, and the app's wasteland and Creeping
    # Doom events after every skull drop
    g = scenario(["orphaned_scion"], seed=2, expansion="covenant")
    assert len(cov(g).sites) == 4 and cov(g).doom_supply == 12
    g.apply("end")
    assert len(drawn) == 1
    # only the optional parts (treasures, corruptions, a new hero): none of the three
    g = scenario(["devious_swindler"], seed=2, treasures="covenant", new_corruptions=3)
    assert g.state.cov is not None
    assert cov(g).sites == [] and cov(g).doom_supply == 0 and cov(g).wastelands == []
    assert len(g.world.board.building_of) == len(g.state.skulls)  # every building stands
    g.apply("end")
    assert len(drawn) == 1  # no Covenant event was drawn
    assert not [e for e in g.state.events if e.split(":")[0] in ("wasteland", "creeping_doom")]


@rules("COV-MODE-3")
def test_COV_MODE_3_no_alliances_guilds_with_monuments_doom_and_wastelands() -> None:
    setup = gamecode.decode(make_config(seed=5, expansion="covenant").code)
    assert setup.covenant and not setup.alliances
    both = gamecode.encode(
        gamecode.Setup(
            foes=setup.foes,
            adversary=setup.adversary,
            companion=setup.companion,
            difficulty=setup.difficulty,
            covenant=True,
            alliances=True,
            players=1,
            seed=5,
        )
    )
    with pytest.raises(ValueError):
        make_config(code=both)


@rules("COV-MODE-4", "COV-HERO-1")
@pytest.mark.parametrize(
    "options",
    [
        {"heroes": ["devious_swindler", "orphaned_scion"]},
        {"treasures": "covenant"},
        {"treasures": "both"},
        {"new_corruptions": 5},
        {"new_corruptions": 12, "only_new_corruptions": True},
        {
            "heroes": ["undaunted_aegis", "relentless_warden"],
            "treasures": "both",
            "new_corruptions": 2,
        },
        {"mode": "competitive", "heroes": ["reverent_astromancer", "spymaster"]},
        {"mode": "competitive", "treasures": "both", "new_corruptions": 12},
    ],
)
def test_COV_MODE_4_new_heroes_treasures_and_corruptions_in_any_combination(
    options: dict[str, object],
) -> None:
    heroes = options.pop("heroes", ["orphaned_scion", "spymaster"])
    g = scenario(heroes, seed=6, **options)  # type: ignore[arg-type]
    s, c = g.state, g.world.content
    assert s.config.mode == options.get("mode", "cooperative")
    assert s.cov is not None  # their supplies are set up
    assert cov(g).sites == [] and cov(g).doom_supply == 0  # not the expansion's core
    treasures = set(s.treasure_deck + s.market)
    wanted = options.get("treasures", "base")
    assert bool(treasures & set(c.covenant_treasures)) == (wanted != "base")
    assert bool(treasures & set(c.base_treasures)) == (wanted != "covenant")
    corr = s.corruption_deck + [x for h in s.heroes for x in h.corruptions]
    assert sum(1 for x in corr if x in c.covenant_corruptions) == options.get("new_corruptions", 0)
    check(g)
    assert g.legal_actions()


@rules("COV-MODE-5")
def test_COV_MODE_5_setup_is_the_base_games_apart_from_the_covenant_changes() -> None:
    for seed in range(1, 6):
        base = new_game(make_config(players=2, seed=seed, heroes=("spymaster", "orphaned_scion")))
        g = new_game(
            make_config(
                players=2, seed=seed, heroes=("spymaster", "orphaned_scion"), expansion="covenant"
            )
        )
        b, s = base.state, g.state
        assert s.config.foes == b.config.foes and s.config.adversary == b.config.adversary
        assert s.config.companion == b.config.companion
        for hb, hc in zip(b.heroes, s.heroes, strict=True):
            assert (hc.kingdom, hc.space, hc.warriors, hc.spirit) == (
                hb.kingdom,
                hb.space,
                hb.warriors,
                hb.spirit,
            )
            assert hc.virtues == hb.virtues and hc.inactive == hb.inactive
            assert hc.companions == hb.companions
        gone = {x.space for x in cov(g).sites}
        # every building not replaced by a foundation has its usual opening skulls
        assert {sp: n for sp, n in b.skulls.items() if sp not in gone} == s.skulls
        assert len(s.foes) == len(b.foes) == sum(app.PARAMS.opening_foes)
        assert s.foe_status == b.foe_status
        assert [q.kind for q in s.quests] == [q.kind for q in b.quests]
        assert (s.month, s.month_turn, s.tower.inside) == (1, 0, 0)
        assert sorted(s.potion_deck) == sorted(b.potion_deck)


# --- COV-SETUP ----------------------------------------------------------------------------


@rules("COV-SETUP-1", "COV-SETUP-2")
def test_COV_SETUP_1_2_separate_supplies_and_doom_skulls_apart_from_skulls() -> None:
    g = scenario(["orphaned_scion", "spymaster"], seed=7, expansion="covenant")
    w, s = g.world, g.state
    c = cov(g)
    assert blessings_free(w, s) == 8 and c.blessings == [0, 0]
    assert c.wastelands == [] and c.protections == [] and c.charges == {}
    assert all(x.offerings == 0 for x in c.sites)
    # doom skulls are a supply of their own: none among the 24 regular skulls
    assert c.doom_supply == 12 and c.doom == {} and c.doom_tower == 0
    assert s.supply + sum(s.skulls.values()) == SKULLS
    supply = s.supply
    c.doom_supply -= 1  # a doom skull leaves its supply: the regular one is untouched
    c.doom_tower += 1
    s.tower.lodged[0] += 1
    assert s.supply == supply
    check(g)


@rules("COV-SETUP-3")
def test_COV_SETUP_3_only_the_new_treasures_deal_a_market_of_three() -> None:
    orders = set()
    for seed in range(1, 5):
        g = scenario(["orphaned_scion"], seed=seed, treasures="covenant")
        s, c = g.state, g.world.content
        assert len(s.market) == 3 == cov_setup.market_size(s.config)
        assert sorted(s.market + s.treasure_deck) == sorted(c.covenant_treasures)
        orders.add(tuple(s.market + s.treasure_deck))
    assert len(orders) > 1  # shuffled


@rules("COV-SETUP-4")
def test_COV_SETUP_4_both_treasure_decks_mixed_deal_a_market_of_four() -> None:
    g = scenario(["orphaned_scion"], seed=8, treasures="both")
    s, c = g.state, g.world.content
    assert len(s.market) == 4 == cov_setup.market_size(s.config)
    assert sorted(s.market + s.treasure_deck) == sorted(c.base_treasures + c.covenant_treasures)
    # mixed, not stacked: new treasures are not all at one end of the deck
    deck = s.market + s.treasure_deck
    first_new = [i for i, t in enumerate(deck) if t in c.covenant_treasures]
    assert first_new != list(range(20)) and first_new != list(range(len(deck) - 20, len(deck)))
    # the expansion's default is both
    assert scenario(["orphaned_scion"], seed=8, expansion="covenant").state.config.treasures == (
        "both"
    )
    assert len(scenario(["orphaned_scion"], seed=8, expansion="covenant").state.market) == 4
    # the base game keeps three
    base = scenario(["orphaned_scion"], seed=8)
    assert len(base.state.market) == 3
    assert not set(base.state.market + base.state.treasure_deck) & set(c.covenant_treasures)
    # the market is refilled to four after a treasure is taken
    from towerplay.rtdt.rules.holdings import take_treasure

    take_treasure(g.world, s, s.heroes[0], s.market[0])
    assert len(s.market) == 4


@rules("COV-SETUP-5")
def test_COV_SETUP_5_any_number_of_new_corruptions_or_only_the_new() -> None:
    c = scenario().world.content
    for n in (0, 1, 5, 11, 12):
        g = scenario(["orphaned_scion"], seed=9, new_corruptions=n)
        deck = g.state.corruption_deck
        assert sum(1 for x in deck if x in c.covenant_corruptions) == n
        assert sum(1 for x in deck if x in c.base_corruptions) == len(c.base_corruptions)
        assert len(deck) == len(set(deck))
    # which of the new ones join is drawn at random
    picks = {
        frozenset(
            x
            for x in scenario(
                ["orphaned_scion"], seed=seed, new_corruptions=3
            ).state.corruption_deck
            if x in c.covenant_corruptions
        )
        for seed in range(1, 8)
    }
    assert len(picks) > 1
    # only the new ones: the hardest deck
    g = scenario(["orphaned_scion"], seed=9, new_corruptions=12, only_new_corruptions=True)
    assert sorted(g.state.corruption_deck) == sorted(c.covenant_corruptions)
    # the expansion shuffles all twelve in by default
    g = scenario(["orphaned_scion"], seed=9, expansion="covenant")
    assert len(g.state.corruption_deck) == len(c.base_corruptions) + 12
    with pytest.raises(ValueError):
        make_config(new_corruptions=13)
    with pytest.raises(ValueError):
        make_config(new_corruptions=4, only_new_corruptions=True)


@rules("COV-SETUP-6", "COV-MONUMENT-1")
def test_COV_SETUP_6_the_app_names_the_monuments_and_their_kingdoms() -> None:
    seen: Counter[str] = Counter()
    for seed in range(1, 40):
        g = scenario(["orphaned_scion"], seed=seed, expansion="covenant")
        sites = cov(g).sites
        assert sorted(x.kingdom for x in sites) == sorted(KINGDOMS)  # one per kingdom
        assert sorted(replaced(g).values()) == sorted(TYPES)  # one of each type
        for x in sites:
            seen[x.monument] += 1
            name = g.world.name(x.monument)
            assert any(name in line and x.kingdom in line for line in g.log), name
    # every monument is sometimes picked: the pick is the app's, at random
    assert set(seen) == {m.id for m in scenario().world.content.covenant.monuments}


@rules("COV-SETUP-7", "COV-SETUP-8", "COV-MONUMENT-2")
def test_COV_SETUP_7_8_the_replaced_building_leaves_and_a_foundation_takes_its_space() -> None:
    g = scenario(["orphaned_scion"], seed=10, expansion="covenant")
    w, s = g.world, g.state
    for x in cov(g).sites:
        btype = w.content.monuments[x.monument].replaces
        assert x.space == w.board.building_space[(x.kingdom, btype)]
        assert x.space not in s.skulls  # the building is back in the box
        assert x.space not in s.destroyed  # not destroyed: it never was in the game
        assert x.status == "foundation" and x.offerings == 0  # offering side up
    standing = set(s.skulls)
    assert standing == set(w.board.building_of) - {x.space for x in cov(g).sites}
    assert len(standing) == 12


@rules("COV-SETUP-9")
def test_COV_SETUP_9_no_skull_can_be_placed_on_a_foundation() -> None:
    g = scenario(["orphaned_scion"], seed=11, expansion="covenant")
    s, w = g.state, g.world
    for x in cov(g).sites:
        s.supply -= 1
        s.emerged = [x.kingdom]  # a skull comes out in the foundation's kingdom
        s.turn.phase = "middle"
        from tests.rtdt.scenario import resume

        resume(g)
        assert g.pending is not None and g.pending.kind == "place_skull"
        options = legal(g)
        assert f"place {x.space}" not in options
        assert options == {
            f"place {sp}" for sp in w.board.kingdom_buildings[x.kingdom] if sp != x.space
        }
        g.apply(sorted(options)[0])
        assert x.space not in s.skulls
        check(g)


@rules("COV-SETUP-10")
def test_COV_SETUP_10_opening_skulls_of_a_removed_building_stay_in_the_supply() -> None:
    supplies = set()
    for seed in range(1, 12):
        g = scenario(["orphaned_scion"], seed=seed, expansion="covenant")
        s = g.state
        on_board = sum(opening(g, sp) for sp in s.skulls)
        assert sum(s.skulls.values()) == on_board
        assert s.supply == SKULLS - on_board
        kept = sum(opening(g, x.space) for x in cov(g).sites)
        base = scenario(["orphaned_scion"], seed=seed)
        assert s.supply == base.state.supply + kept
        supplies.add(s.supply)
    # the village and the sanctuary each open with a skull: a game replaces both
    assert supplies == {SKULLS - 8 + 2}


@rules("COV-SETUP-12")
def test_COV_SETUP_12_a_hero_without_a_citadel_starts_on_its_foundation() -> None:
    found = 0
    for seed in range(1, 40):
        g = scenario(
            ["orphaned_scion", "spymaster", "relic_hunter"], seed=seed, expansion="covenant"
        )
        w, s = g.world, g.state
        for h in s.heroes:
            citadel = w.board.building_space[(h.kingdom, "citadel")]
            assert h.space == citadel
            if replaced(g)[h.kingdom] == "citadel":
                found += 1
                assert citadel not in s.skulls  # a foundation, not a citadel
                site = next(x for x in cov(g).sites if x.kingdom == h.kingdom)
                assert site.space == h.space
        if found >= 2:
            break
    assert found >= 2


@rules("COV-SETUP-11")
def test_COV_SETUP_11_the_new_heroes_own_setup_steps() -> None:
    from tests.rtdt.scenario import scenario

    heroes = ("undaunted_aegis", "relentless_warden", "reverent_astromancer", "devious_swindler")
    g = scenario(heroes, seed=5, expansion="covenant")
    s, c = g.state, g.world.content
    cov = s.cov
    assert cov is not None
    aegis, warden, astro, swindler = g.state.heroes
    assert len(aegis.corruptions) == 1  # COV-AEGIS-2: a random corruption at setup
    assert all(len(h.corruptions) == 0 for h in (warden, astro, swindler))
    assert cov.quarry == ""  # COV-WARDEN-1: the quarry token waits on the Warden's board
    # COV-ASTRO-1: spells in hand (or prepared for month 1), invocations set aside
    assert sorted(cov.spells[2] + cov.prepared[2]) == sorted(sp.id for sp in c.covenant.spells)
    assert sorted(cov.invocations[2]) == sorted(sp.id for sp in c.covenant.invocations)
    assert cov.protections == []  # COV-ASTRO-2: the six protection tokens wait in the supply
    assert c.covenant.components.protection_tokens == 6
