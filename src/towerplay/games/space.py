"""A fixed discrete action space: every action text a game can produce, one index each.

The space is the expansion of a list of templates, each a verb followed by slots; a slot is
a literal word or a vocabulary (spaces, squares, cards, foes...) read from the game's
content, never from a state. So the same content gives the same space, whatever the game in
progress: index `i` always means the same action text, as a learning agent needs.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import product

from towerplay.core.notation import Action, parse

Slot = str | Sequence[str]  # a literal word, or the words of a vocabulary
Template = tuple[Slot, ...]


class ActionSpace:
    """Index <-> action text for one game's content (docs/rl.md lists the templates)."""

    __slots__ = ("game", "texts", "_index")

    def __init__(self, game: str, templates: Iterable[Template]) -> None:
        self.game = game
        texts: dict[str, None] = {}  # ordered and without repeats (templates may overlap)
        for t in templates:
            words = [(s,) if isinstance(s, str) else tuple(s) for s in t]
            for combo in product(*words):
                texts[" ".join(combo)] = None
        self.texts: tuple[str, ...] = tuple(texts)
        self._index = {text: i for i, text in enumerate(self.texts)}

    def __deepcopy__(self, memo: dict[int, object]) -> ActionSpace:
        return self  # immutable: shared by every copy of what holds it

    def __len__(self) -> int:
        return len(self.texts)

    def index(self, action: Action | str) -> int | None:
        """The index of an action, or None when the space does not hold it."""
        return self._index.get(action if isinstance(action, str) else str(action))

    def action(self, i: int) -> Action:
        """The action at index `i` (IndexError outside the space)."""
        if not 0 <= i < len(self.texts):
            raise IndexError(f"{self.game} actions are 0..{len(self.texts) - 1}, not {i}")
        return parse(self.texts[i])

    def indices(self, actions: Iterable[Action]) -> tuple[list[int], list[str]]:
        """The indices of `actions` (sorted) and the texts of those the space lacks."""
        found, missing = [], []
        for a in actions:
            i = self._index.get(str(a))
            if i is None:
                missing.append(str(a))
            else:
                found.append(i)
        return sorted(found), missing
