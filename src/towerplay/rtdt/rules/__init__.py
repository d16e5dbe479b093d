"""The cooperative rules as small functions over (World, State)."""
