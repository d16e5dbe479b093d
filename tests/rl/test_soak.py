"""Long runs: the action spaces over many games, OpenSpiel's MCTS through an encounter."""

from __future__ import annotations

import pytest

from tests.rl.plays import decisions
from towerplay.core.notation import parse
from towerplay.games.rtdt_space import rtdt_space
from towerplay.games.tactics_space import tactics_space

pytestmark = pytest.mark.soak


@pytest.mark.parametrize("game", ["rtdt", "tactics"])
def test_every_legal_action_of_many_games_has_an_index(game: str) -> None:
    space = rtdt_space() if game == "rtdt" else tactics_space()
    missing: set[str] = set()
    for seed in range(100, 300):
        for g in decisions(game, seed):
            for a in g.legal_actions():
                i = space.index(a)
                if i is None:
                    missing.add(str(a))
                else:
                    assert space.action(i) == a and parse(str(a)) == a
    assert not missing, f"legal actions without an index: {sorted(missing)[:20]}"


def test_mcts_plays_an_encounter_to_its_end() -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="needs pip install 'towerplay[rl]'")
    import numpy as np
    from open_spiel.python.algorithms import mcts

    from towerplay.rl import register_openspiel

    register_openspiel()
    game = pyspiel.load_game("python_towerplay_tactics", {"seed": 3})
    bot = mcts.MCTSBot(
        game,
        2,
        4,
        mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)),
        random_state=np.random.RandomState(2),
    )
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert state.game.result is not None and len(set(state.returns())) == 1


def test_ismcts_plans_without_peeking_to_the_end_of_a_game() -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="needs pip install 'towerplay[rl]'")
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    from towerplay.rl import register_openspiel
    from towerplay.rl.openspiel import resampler

    register_openspiel()
    game = pyspiel.load_game("python_towerplay_rtdt", {"players": 2, "seed": 2})
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)),
        2.0,
        4,
        random_state=np.random.RandomState(2),
        use_observation_string=True,
        allow_inconsistent_action_sets=True,
    )
    bot.set_resampler(resampler(7))
    state = game.new_initial_state()
    while not state.is_terminal():
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.game.result is not None
