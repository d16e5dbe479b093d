"""The Return to Dark Tower heuristic agent; it lives in towerplay.agents.rtdt."""

from towerplay.agents.rtdt import HeuristicAgent, play_game

__all__ = ["HeuristicAgent", "play_game"]
