"""Return to Dark Tower: the cooperative game (and, later, Covenant and competitive mode)."""
