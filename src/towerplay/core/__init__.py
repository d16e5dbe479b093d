"""Game-agnostic machinery: the protocol, randomness, notation, content, errors, replays.

Nothing here imports a game or a user interface.
"""
