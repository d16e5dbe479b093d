"""The single-agent Gymnasium environment (skipped without the `rl` extra)."""

from __future__ import annotations

import pytest

pytest.importorskip("gymnasium", reason="the learning API needs pip install 'towerplay[rl]'")

import numpy as np  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

from towerplay.rl import make_gym  # noqa: E402


@pytest.mark.parametrize(
    ("game", "config"),
    [("tactics", {}), ("rtdt", {"players": 2}), ("rtdt", {"players": 1, "opponents": "random"})],
)
def test_check_env_passes(game: str, config: dict) -> None:
    check_env(make_gym(game, **config), skip_render_check=True)


def test_a_game_is_played_to_its_end_from_one_seat() -> None:
    env = make_gym("rtdt", seat=1, players=2, opponents="random")
    obs, info = env.reset(seed=3)
    rng = np.random.default_rng(0)
    over = False
    reward = 0.0
    while not over:
        assert env.game.to_act == 1 and obs.shape == env.observation_space.shape
        legal = np.flatnonzero(env.action_masks())
        assert (info["action_mask"] == env.action_masks()).all() and legal.size
        obs, reward, over, truncated, info = env.step(int(rng.choice(legal)))
        assert not truncated and not info["illegal"]
    assert not env.unmapped
    outcome = env.game.result.outcome
    assert reward == (1.0 if outcome == "win" else -1.0)


def test_an_illegal_index_changes_nothing() -> None:
    env = make_gym("tactics")
    env.reset(seed=0)
    before = env.game.state_hash()
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, over, _, info = env.step(illegal)
    assert info["illegal"] and reward == 0.0 and not over
    assert env.game.state_hash() == before


def test_bad_seats_and_agents_are_refused() -> None:
    with pytest.raises(ValueError, match="seat must be 0..1"):
        make_gym("rtdt", seat=2, players=2)
    with pytest.raises(ValueError, match="unknown agent"):
        make_gym("tactics", opponents="genius")
