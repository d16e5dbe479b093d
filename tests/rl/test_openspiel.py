"""The OpenSpiel registration (skipped without the `rl` extra)."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="the learning API needs pip install 'towerplay[rl]'"
)

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import mcts  # noqa: E402

from towerplay.rl import register_openspiel  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def registered() -> None:
    assert register_openspiel() == ["python_towerplay_rtdt", "python_towerplay_tactics"]
    register_openspiel()  # twice is harmless


def test_the_game_types_declare_chance_and_hidden_information() -> None:
    for name in ("python_towerplay_rtdt", "python_towerplay_tactics"):
        t = pyspiel.load_game(name).get_type()
        assert t.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
        assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert not t.provides_information_state_string
    game = pyspiel.load_game("python_towerplay_rtdt", {"players": 3})
    assert game.num_players() == 3 and game.max_chance_outcomes() == 0


def test_mcts_plays_a_one_hero_game_to_its_end() -> None:
    game = pyspiel.load_game("python_towerplay_rtdt", {"players": 1, "seed": 2})
    bot = mcts.MCTSBot(
        game,
        2,
        2,
        mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)),
        random_state=np.random.RandomState(2),
    )
    state = game.new_initial_state()
    while not state.is_terminal():
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.returns() == [1.0 if state.game.result.outcome == "win" else -1.0]


def test_a_clone_is_independent_and_the_seed_fixes_the_game() -> None:
    game = pyspiel.load_game("python_towerplay_tactics", {"seed": 5})
    state = game.new_initial_state()
    clone = state.clone()
    state.apply_action(state.legal_actions()[0])
    assert clone.game.state_hash() == game.new_initial_state().game.state_hash()
    assert clone.game.state_hash() != state.game.state_hash()
    other = pyspiel.load_game("python_towerplay_tactics", {"seed": 6}).new_initial_state()
    assert other.game.state_hash() != clone.game.state_hash()


def test_observations_are_the_seats_view() -> None:
    game = pyspiel.load_game("python_towerplay_rtdt", {"players": 2})
    state = game.new_initial_state()
    assert len(state.observation_tensor(1)) == game.observation_tensor_size()
    assert '"seat": 1' in state.observation_string(1)
    assert state.action_to_string(0, state.legal_actions()[0]) in state.observation_string(0)


def test_the_resampler_keeps_what_the_seat_sees_and_redraws_the_rest() -> None:
    from towerplay.rl.openspiel import resampler

    game = pyspiel.load_game("python_towerplay_rtdt", {"players": 2, "seed": 4})
    state = game.new_initial_state()
    for _ in range(6):
        state.apply_action(state.legal_actions()[-1])
    resample = resampler(1)
    player = state.current_player()
    a, b = resample(state, player), resample(state, player)
    assert a.observation_string(player) == state.observation_string(player)
    assert a.legal_actions() == state.legal_actions()
    assert len({a.game.state_hash(), b.game.state_hash(), state.game.state_hash()}) == 3
