"""The PettingZoo AEC environment (skipped without the `rl` extra)."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo", reason="the learning API needs pip install 'towerplay[rl]'")

import numpy as np  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from towerplay.games.spec import BONUS, WIN  # noqa: E402
from towerplay.rl import make_aec  # noqa: E402


# the Dict observation with a mask is PettingZoo's own convention (its classic games)
@pytest.mark.filterwarnings("ignore:Observation space for each agent:UserWarning")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")
@pytest.mark.parametrize(("game", "config"), [("tactics", {}), ("rtdt", {"players": 2})])
def test_api_test_and_seed_test_pass(game: str, config: dict) -> None:
    api_test(make_aec(game, **config), num_cycles=60)
    seed_test(lambda: make_aec(game, **config), num_cycles=60)


def play_out(env, seed: int) -> dict[str, float]:
    """A whole game of masked random indices; each agent's total reward."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        total[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        assert info["legal"] and len(info["view"]["heroes"]) == len(env.possible_agents)
        legal = np.flatnonzero(obs["action_mask"])
        assert sorted(env.table.space.texts[i] for i in legal) == sorted(info["legal"])
        assert obs["observation"].shape == (env.table.size,)
        env.step(int(rng.choice(legal)))
    assert not env.unmapped
    return total


def test_a_cooperative_game_gives_every_seat_its_result() -> None:
    env = make_aec("rtdt", players=3)
    total = play_out(env, seed=4)
    outcome = env.game.result.outcome
    assert set(total.values()) == {1.0 if outcome == "win" else -1.0}


def test_the_competitive_mode_rewards_only_the_winner() -> None:
    env = make_aec("rtdt", players=2, mode="competitive")
    for seed in range(3):
        total = play_out(env, seed)
        winners = env.game.result.winners
        assert total == {f"player_{s}": 1.0 if s in winners else -1.0 for s in range(2)}


def test_tactics_rewards_success_and_plus_success() -> None:
    env = make_aec("tactics")
    total = play_out(env, seed=1)
    cause = env.game.result.cause
    want = -1.0 if cause.startswith("failure") else WIN + (BONUS if cause[0] == "+" else 0.0)
    assert set(total.values()) == {want}


def test_an_illegal_index_is_refused() -> None:
    env = make_aec("tactics")
    env.reset(seed=0)
    mask = env.observe(env.agent_selection)["action_mask"]
    with pytest.raises(ValueError, match="not legal now"):
        env.step(int(np.flatnonzero(mask == 0)[0]))


def test_the_same_seed_deals_the_same_game_and_none_draws_a_new_one() -> None:
    a, b = make_aec("rtdt"), make_aec("rtdt")
    a.reset(seed=7)
    b.reset(seed=7)
    assert a.game.state_hash() == b.game.state_hash()
    hashes = {a.game.state_hash()}
    a.reset()
    hashes.add(a.game.state_hash())
    assert len(hashes) == 2


def test_a_bad_config_is_refused_clearly() -> None:
    with pytest.raises(ValueError, match="unknown game"):
        make_aec("chess")
    with pytest.raises(ValueError, match="players must be 1-4"):
        make_aec("rtdt", players=6)
    with pytest.raises(ValueError, match="given to reset"):
        make_aec("tactics", seed=3)


def test_render_shows_the_last_lines_of_the_log() -> None:
    env = make_aec("tactics", render_mode="ansi")
    env.reset(seed=0)
    assert env.render() == "\n".join(env.game.log[-10:]) and "Goblin Ambush" in env.render()
    assert make_aec("tactics").render() is None  # before reset


def test_the_info_is_made_when_read_and_never_from_a_later_position() -> None:
    env = make_aec("rtdt", players=2)
    env.reset(seed=3)
    agent = env.agent_selection
    seat = int(agent[-1])
    info = env.infos[agent]
    assert "view" in info and "legal" in info and sorted(info) == ["legal", "view"]
    assert info.get("view") == env.game.observe(seat)
    assert info["legal"] == [str(a) for a in env.game.legal_actions()]
    assert env.last()[4] == info and dict(info) == info
    # an info whose view was never read: after the step it is gone, not made anew
    env.reset(seed=3)
    info = env.infos[env.agent_selection]
    legal = info["legal"]
    env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    assert "view" not in info and info.get("view") is None and info["legal"] == legal
    with pytest.raises(KeyError):
        info["view"]


def test_the_vector_is_the_seats_own_view() -> None:
    """RtDT's vector reads the typed view: what another seat keeps secret changes nothing."""
    env = make_aec("rtdt", players=2)
    env.reset(seed=5)
    other = env.game.determinize(0, 99)  # seat 0's world with seat 1's secrets redrawn
    assert env.table.features(other, 0) == env.table.features(env.game, 0)
