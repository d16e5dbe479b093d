"""The learning API: towerplay's games as PettingZoo, Gymnasium and OpenSpiel environments.

The learning libraries are the optional extra `towerplay[rl]`; the game needs none of them.
docs/rl.md describes the action spaces, the observation vectors and the rewards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from towerplay.rl.aec import TowerplayAEC
    from towerplay.rl.gym_env import TowerplayGym

NEEDS = "the learning API needs the optional extra: pip install 'towerplay[rl]'"


def _need(module: str) -> None:
    try:
        __import__(module)
    except ImportError as e:
        raise ImportError(f"{NEEDS} ({e})") from e


def make_aec(game: str, **config: Any) -> TowerplayAEC:
    """A PettingZoo AEC environment of `game` ("rtdt" or "tactics")."""
    _need("pettingzoo")
    from towerplay.rl.aec import make_aec as make

    return make(game, **config)


def make_gym(game: str, seat: int = 0, opponents: str = "heuristic", **config: Any) -> TowerplayGym:
    """A Gymnasium environment: `seat` learns, the other seats are played by `opponents`."""
    _need("gymnasium")
    from towerplay.rl.gym_env import make_gym as make

    return make(game, seat=seat, opponents=opponents, **config)


def register_openspiel() -> list[str]:
    """Register the games with OpenSpiel (`pyspiel.load_game("python_towerplay_rtdt")`)."""
    _need("pyspiel")
    from towerplay.rl.openspiel import register

    return register()


__all__ = ["NEEDS", "make_aec", "make_gym", "register_openspiel"]
