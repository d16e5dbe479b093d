"""Foe tokens on the board: where they stand, moving and removing them (RTDT-TOKEN-5)."""

from __future__ import annotations

from towerplay.rtdt.hookspecs import TOKEN_MOVED, TOKEN_REMOVED
from towerplay.rtdt.rules.narrate import tell
from towerplay.rtdt.state import State
from towerplay.rtdt.world import World


def tokens(s: State, foe: str) -> list[str]:
    """Spaces of this foe's tokens, one entry per token."""
    return [sp for f, sp in s.foes if f == foe]


def foes_at(s: State, space: str) -> list[str]:
    return [f for f, sp in s.foes if sp == space]


def remove_token(w: World, s: State, foe: str, space: str) -> None:
    """A defeated or removed foe's token leaves the board (RTDT-TOKEN-5)."""
    s.foes.remove((foe, space))
    tell(
        s,
        "defeat",
        "The {foe} token at {space} is removed.",
        amounts=(("foes", -1),),
        foe=w.content.foes[foe].name,
        space=w.board.names[space],
    )
    TOKEN_REMOVED.notify(w, s, foe, space)  # COV-WARDEN-5: the quarry token returns


def move_token(w: World, s: State, foe: str, src: str, dst: str) -> None:
    i = s.foes.index((foe, src))
    s.foes[i] = (foe, dst)
    TOKEN_MOVED.notify(w, s, foe, src, dst)  # the quarry token rides along
