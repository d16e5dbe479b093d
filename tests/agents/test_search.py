"""The search agent (agents/search.py): deterministic for a seed and an iteration budget, legal,
planning only on `determinize` (never the real game's `clone`, never its generator), within its
budget, and better than a poor policy where one move wins."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tactics.helpers import arena, content_with, turn, unit
from towerplay.agents.random import RandomAgent
from towerplay.agents.search import SearchAgent
from towerplay.agents.search_estimate import rtdt_estimate, tactics_estimate
from towerplay.agents.search_rollout import RolloutAgent
from towerplay.agents.search_spec import UNBOUNDED, SearchSpec, parse_spec
from towerplay.games import GAMES, make_agent
from towerplay.rtdt.game import make_config
from towerplay.rtdt.game import new_game as new_rtdt
from towerplay.tactics import new_game as new_tactics
from towerplay.tactics.campaign.game import new_game as new_campaign


class Honest:
    """The game as the agent may use it: everything but `clone` and `apply`, which raise, and a
    count of the worlds it drew."""

    def __init__(self, game: Any) -> None:
        self._game = game
        self.draws = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def clone(self) -> Any:
        raise AssertionError("the search agent cloned the real game")

    def apply(self, action: Any) -> None:
        raise AssertionError("the search agent played on the real game")

    def determinize(self, seat: int, seed: int) -> Any:
        self.draws += 1
        return self._game.determinize(seat, seed)


def rtdt_game(seed: int = 3, players: int = 1, **options: Any) -> Any:
    return new_rtdt(make_config(seed=seed, players=players, difficulty="gritty", **options))


def advance_to_choice(game: Any, seed: int = 5) -> Any:
    """Play heuristic-free random moves until a decision with several legal actions."""
    rand = RandomAgent(seed)
    while len(game.legal_actions()) < 2:
        game.apply(rand.act(game))
    return game


def test_parse_spec_reads_budgets_policies_and_depths() -> None:
    assert parse_spec("search") == SearchSpec() == SearchSpec(8, None, "heuristic", None, "rollout")
    assert parse_spec("search:mcts") == SearchSpec(UNBOUNDED, 1.0, "heuristic", None, "mcts")
    assert parse_spec("search:mcts:200") == SearchSpec(200, None, "heuristic", None, "mcts")
    assert parse_spec("search:0.5s:random") == SearchSpec(UNBOUNDED, 0.5, "random", None)
    assert parse_spec("Search:random:d12:30") == SearchSpec(30, None, "random", 12)
    for bad in ("search:0", "search:fast", "search:1s:2", "search:-1s", "heuristic:3"):
        with pytest.raises(ValueError):
            parse_spec(bad)


def test_every_game_registers_search_and_checks_its_settings() -> None:
    for game in GAMES:
        assert "search" in GAMES[game].agents.names
        GAMES[game].agents.check("search:0.5s:random")
        assert isinstance(make_agent(game, "search:mcts:20", 1), SearchAgent)
        assert isinstance(make_agent(game, "search", 1), RolloutAgent)
        with pytest.raises(ValueError, match="not a budget"):
            GAMES[game].agents.check("search:soon")
        with pytest.raises(ValueError, match="unknown agent"):
            GAMES[game].agents.check("heuristic:20")


def test_same_seed_and_budget_give_the_same_choice() -> None:
    for make in (lambda: advance_to_choice(rtdt_game()), lambda: new_tactics({}, 4)):
        game = make()
        a = make_agent("rtdt" if hasattr(game, "world") else "tactics", "search:mcts:5", 9)
        b = make_agent("rtdt" if hasattr(game, "world") else "tactics", "search:mcts:5", 9)
        assert a.act(game) == b.act(game)
        assert a.explain() == b.explain()  # type: ignore[attr-defined]


def test_search_never_clones_or_moves_the_real_game_and_keeps_to_its_budget() -> None:
    for kind, game in (
        ("rtdt", advance_to_choice(rtdt_game(players=2))),
        ("rtdt", advance_to_choice(rtdt_game(players=2, mode="competitive"))),
        ("rtdt", advance_to_choice(rtdt_game(expansion="covenant"))),
        ("tactics", new_tactics({"encounter": "bog_spawn"}, 2)),
    ):
        before = (game.state_hash(), game.to_json())
        honest = Honest(game)
        choice = make_agent(kind, "search:mcts:7:random", 1).act(honest)
        assert choice in game.legal_actions()
        assert honest.draws == 7  # one world an iteration, no more
        assert (game.state_hash(), game.to_json()) == before  # the real RNG untouched too


def test_a_single_legal_action_is_answered_without_search() -> None:
    game = rtdt_game()
    while len(game.legal_actions()) != 1:
        game.apply(RandomAgent(2).act(game))
    honest = Honest(game)
    agent = make_agent("rtdt", "search:mcts:50", 1)
    assert agent.act(honest) == game.legal_actions()[0]
    assert honest.draws == 0 and "only legal action" in agent.explain()  # type: ignore[attr-defined]


def test_search_plays_legal_moves_to_the_end_of_an_encounter() -> None:
    game = new_tactics({"encounter": "goblin_ambush"}, 3)
    agents = [make_agent("tactics", "search:mcts:3:random:d4", s) for s in range(3)]
    n = 0
    while game.to_act is not None and n < 400:
        choice = agents[game.to_act].act(game)
        assert choice in game.legal_actions()
        game.apply(choice)
        n += 1
    assert game.result is not None


def test_search_answers_a_campaign_decision() -> None:
    game = new_campaign({"heroes": 3}, 1)
    choice = make_agent("campaign", "search:mcts:3:random:d3", 1).act(Honest(game))
    assert choice in game.legal_actions()


def kill_position() -> Any:
    """The Rogue beside Grutch, who has 3 HP left; every die rolls 1, so Backstab's three
    dice kill him and win the encounter, and no other card does."""
    game = arena(content=content_with(dice=1), at=("a1", "i8", "e1"))
    unit(game, "gw").hp = 3
    turn(game, "rogue", ["backstab", "basic_move", "tumble", "smoke_bomb"])
    return game


def test_search_finds_the_winning_card_a_random_policy_misses() -> None:
    """Search whose own guide and rollouts are the random policy still finds the kill: the
    search, not a heuristic, is what beats the poor policy."""
    poor = {"heuristic": RandomAgent, "random": RandomAgent}
    spec = SearchSpec(iterations=300, seconds=None, rollout="random", depth=6)
    picks = [
        SearchAgent(seed, spec, poor, tactics_estimate).act(kill_position()) for seed in range(3)
    ]
    assert all(str(p) == "play backstab" for p in picks)
    randoms = [str(RandomAgent(seed).act(kill_position())) for seed in range(40)]
    assert randoms.count("play backstab") < 10
    game = kill_position()
    agent = SearchAgent(0, spec, poor, tactics_estimate)
    while game.to_act is not None:
        game.apply(agent.act(game))
    assert game.result.outcome == "win"


def test_explain_names_visits_and_values_of_the_best_actions() -> None:
    agent = make_agent("tactics", "search:mcts:20:random:d4", 1)
    choice = agent.act(new_tactics({}, 4))
    line = agent.explain()  # type: ignore[attr-defined]
    assert line.startswith(f"'{choice}' — iterations: 20; ") and line.count("visits") <= 3


def test_estimates_stay_between_loss_and_win() -> None:
    game = rtdt_game(players=2)
    assert rtdt_estimate(game, 0) == pytest.approx(0.5)  # nothing done, nothing lost yet
    enc = new_tactics({}, 1)
    assert tactics_estimate(enc, 0) == pytest.approx(0.5)  # everyone at full HP
    boss = next(u for u in enc.observe(0)["units"] if u["side"] != "hero")
    assert 0.0 <= tactics_estimate(enc, 0) <= 1.0 and boss["hp"] > 0


def test_the_terminal_takes_search_seats_and_shows_why_they_moved() -> None:
    from tests.cli.scripted import play
    from towerplay.cli import rtdt as cli_rtdt
    from towerplay.cli import tactics as cli_tactics

    assert isinstance(cli_rtdt.parse_ai(["1=search:0.5s:random"], 2, 1)[1], RolloutAgent)
    assert isinstance(cli_rtdt.parse_ai(["1=search:mcts:0.5s"], 2, 1)[1], SearchAgent)
    assert isinstance(cli_tactics.parse_ai(["2=search:mcts:40"], 1, 3)[2], SearchAgent)
    with pytest.raises(ValueError, match="not a budget"):
        cli_tactics.parse_ai(["2=search:often"], 1, 3)
    ai = {1: make_agent("tactics", "search:mcts:2:random:d2", 1)}
    _, out = play(cli_tactics.SCREEN, new_tactics({}, 2), ["1"] * 60, ai=ai, clear_screen=False)
    assert "— iterations: 2; " in out
