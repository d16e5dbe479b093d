"""The rule-based player with the Covenant expansion: it finishes games with the new heroes
without errors of its own, builds monuments, spends blessings, prepares and casts the
Astromancer's spells, and stays deterministic."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.agents.test_heuristic import battle_position, quiet
from tests.rtdt.covenant_scenario import cov, covenant_game, doom_skulls
from tests.rtdt.scenario import at, give, skulls
from towerplay.agents.heuristic import HeuristicAgent
from towerplay.agents.rtdt.plan import heroic_at
from towerplay.agents.rtdt.turn import step_toward
from towerplay.agents.rtdt.view import View
from towerplay.core.notation import Action
from towerplay.rtdt.game import RtdtGame, make_config, new_game

COVENANT_HEROES = (
    "devious_swindler",
    "relentless_warden",
    "reverent_astromancer",
    "undaunted_aegis",
)


def view(g: RtdtGame, seat: int = 0) -> View:
    """What the agent sees of seat 0's decision, after a test changed the state by hand."""
    g._legal = None  # the legal actions, and the observation made with them, are stale
    return View(g.world, g.view(seat), seat, g.legal_actions(), {}, {}, {}, 0.25)


@pytest.fixture
def strict() -> Iterator[None]:
    """Let the agent's own errors surface instead of its safe fallback."""
    HeuristicAgent.strict = True
    try:
        yield
    finally:
        HeuristicAgent.strict = False


def covenant_play(heroes: tuple[str, ...], seed: int) -> tuple[RtdtGame, list[str]]:
    """A whole Covenant game played by heuristic agents; every action, checked legal."""
    game = new_game(
        make_config(players=len(heroes), heroes=heroes, seed=seed, expansion="covenant")
    )
    agents = [HeuristicAgent(seed * 8 + s) for s in range(len(heroes))]
    actions: list[str] = []
    while game.to_act is not None:
        legal = game.legal_actions()
        a = agents[game.to_act].act(game)
        assert a in legal, f"illegal {a} at decision {len(actions)}"
        actions.append(f"{game.to_act}:{a}")
        game.apply(a)
        assert len(actions) < 20_000, "the game does not end"
    return game, actions


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_games_with_the_four_covenant_heroes_finish(strict: None, seed: int) -> None:
    game, actions = covenant_play(COVENANT_HEROES, seed)
    assert game.result is not None
    assert any(a.split(":", 1)[1].startswith("banner") for a in actions)


@pytest.mark.parametrize("hero", COVENANT_HEROES)
def test_each_covenant_hero_alone_finishes(strict: None, hero: str) -> None:
    game, _ = covenant_play((hero,), 4)
    assert game.result is not None


def test_deterministic_for_a_seed(strict: None) -> None:
    _, first = covenant_play(COVENANT_HEROES, 7)
    _, second = covenant_play(COVENANT_HEROES, 7)
    assert first == second


def own_turn(g: RtdtGame, agent: HeuristicAgent, limit: int = 40) -> list[str]:
    """Seat 0's actions (its pending answers included) until its turn ends."""
    number = g.state.turn_number
    done: list[str] = []
    while g.to_act == 0 and g.state.turn_number == number and len(done) < limit:
        a = agent.act(g)
        assert a in g.legal_actions()
        done.append(str(a))
        g.apply(a)
    return done


def test_builds_on_a_foundation_with_three_offerings(strict: None) -> None:
    g = covenant_game(["orphaned_scion"])
    quiet(g)
    site = cov(g).sites[0]
    site.offerings = 3
    at(g, 0, site.space)
    done = own_turn(g, HeuristicAgent(1))
    assert "build" in done
    assert site.status == "built"


def test_walks_to_a_foundation_to_build(strict: None) -> None:
    g = covenant_game(["orphaned_scion"])
    quiet(g)
    site = cov(g).sites[0]
    site.offerings = 3
    board = g.world.board
    start = next(sp for sp in board.neighbours[site.space] if sp not in board.building_of)
    at(g, 0, start)
    done = own_turn(g, HeuristicAgent(1))
    assert f"move {site.space}" in done and "build" in done


def blessed_battle(heroes: list[str], blessings: int, prepared: tuple[str, ...] = ()) -> RtdtGame:
    """A Battle against the level-2 foe, its worst card face up on its worst rung, no
    advantages in the pool; seat 0 holds `blessings` and has `prepared` spells."""
    g = covenant_game(heroes)
    c = cov(g)
    c.blessings[0] = blessings
    for spell in prepared:
        c.spells[0].remove(spell)
        c.prepared[0].append(spell)
    g.state.pending.clear()
    g.state.foes.clear()
    return battle_position(["generic_ambush", "generic_skirmish"], 0, {}, [], g)


def test_spends_a_blessing_where_a_wild_improves_the_card(strict: None) -> None:
    g = blessed_battle(["orphaned_scion"], blessings=1)
    agent = HeuristicAgent(1)
    assert agent.act(g) == Action("bless")
    g.apply("bless")
    assert agent.act(g) == Action("advantage", "wild")


def test_keeps_the_blessing_off_a_card_already_at_its_best(strict: None) -> None:
    g = blessed_battle(["orphaned_scion"], blessings=1)
    assert g.state.battle is not None
    g.state.battle.rung = 4
    g._legal = None
    assert HeuristicAgent(1).act(g) == Action("resolve")


def test_astromancer_bestows_a_blessing_on_herself_mid_battle(strict: None) -> None:
    g = blessed_battle(["reverent_astromancer"], blessings=0, prepared=("bestow_blessing",))
    agent = HeuristicAgent(1)
    assert agent.act(g) == Action("cast", "bestow_blessing", "reverent_astromancer")
    g.apply(agent.act(g))
    assert agent.act(g) == Action("bless")


def test_astromancer_prepares_and_casts_spells(strict: None) -> None:
    game, actions = covenant_play(("reverent_astromancer",), 3)
    prepared = [a for a in actions if a.startswith("0:prepare ")]
    cast = [a for a in actions if a.startswith("0:cast ")]
    assert len(prepared) >= 1 + 2 + 3  # Pious: one card in month 1, two in month 2, ...
    assert cast
    assert game.result is not None


def test_astromancer_prepares_bestow_blessing_first() -> None:
    g = new_game(
        make_config(players=1, heroes=("reverent_astromancer",), seed=1, expansion="covenant")
    )
    assert g.state.pending and g.state.pending[-1].kind == "prepare"
    assert HeuristicAgent(1).act(g) == Action("prepare", "bestow_blessing")


def test_answers_every_covenant_decision_itself(strict: None) -> None:
    """No Covenant question falls to the generic fallback."""
    asked: set[str] = set()

    class Watch(HeuristicAgent):
        def _fallback(self, legal: list[Action]) -> Action:
            raise AssertionError(f"fallback among {legal}")

    for seed in (1, 2):
        game = new_game(
            make_config(players=4, heroes=COVENANT_HEROES, seed=seed, expansion="covenant")
        )
        agents = [Watch(seed * 8 + s) for s in range(4)]
        while game.to_act is not None:
            if game.state.pending:
                asked.add(game.state.pending[-1].kind)
            game.apply(agents[game.to_act].act(game))
    assert {"prepare", "quarry"} <= asked


def test_no_cleanse_plans_for_doom_skulls_or_the_necropolis(strict: None) -> None:
    g = covenant_game(["orphaned_scion"])
    quiet(g)
    s = g.state
    space = next(sp for sp in sorted(s.skulls) if g.world.board.kingdom_of[sp] == "north")
    skulls(g, **{space: 2})
    assert heroic_at(view(g), space) > 0
    skulls(g, **{space: 0})
    doom_skulls(g, space, 2)  # every skull there is a doom skull: nothing to Cleanse
    assert heroic_at(view(g), space) == 0.0


def test_walks_around_a_wasteland(strict: None) -> None:
    g = covenant_game(["orphaned_scion"])
    quiet(g)
    at(g, 0, "archmont")  # two ways to the Howling Desert: Azkol's Bane or the Cloister
    v = view(g)
    moves = {a[1]: a for a in v.by_verb["move"]}
    assert step_toward(v, "howling_desert", moves) == Action("move", "azkols_bane")
    cov(g).wastelands[:] = ["azkols_bane"]  # entering it would end the walk there
    assert step_toward(view(g), "howling_desert", moves) == Action("move", "the_cloister")


def test_reckless_rolls_the_haggle_die_before_reinforcing(strict: None) -> None:
    g = covenant_game(["orphaned_scion"])
    quiet(g)
    village = next(
        sp for sp in sorted(g.state.skulls) if g.world.board.building_of.get(sp) == "village"
    )
    at(g, 0, village)
    give(g, 0, warriors=2, spirit=3, corruptions=["reckless"])
    legal = {str(a) for a in g.legal_actions()}
    assert "haggle" in legal and not any(a.startswith("reinforce") for a in legal)
    assert "haggle" in own_turn(g, HeuristicAgent(1))
