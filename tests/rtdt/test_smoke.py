"""A game can be set up and played by the random agent to its end."""

from towerplay.agents.random import RandomAgent
from towerplay.rtdt.game import new_game


def test_random_games_end_with_a_cause() -> None:
    for seed in range(5):
        g = new_game(players=1 + seed % 4, seed=seed)
        agent = RandomAgent(seed)
        for _ in range(5000):
            if g.result is not None:
                break
            g.apply(agent.act(g))
        assert g.result is not None
        assert g.result.cause in ("empty skull supply", "third corruption", "the sixth month ended")
