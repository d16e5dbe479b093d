"""The options of a Return to Dark Tower game, as one value (`RtdtOptions`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from towerplay.rtdt.game import make_config
from towerplay.rtdt.state import Config


@dataclass(frozen=True)
class RtdtOptions:
    """What players choose before a game, the seed aside: `make_config`'s options as one
    value, which the terminal, the simulator, the server and the learning API pass along
    instead of each re-declaring them. `of` reads one from a JSON object (a table's config,
    a learning config), refusing an unknown option or a value of the wrong type by name."""

    players: int = 1
    heroes: tuple[str, ...] = ()
    difficulty: str = "heroic"
    code: str | None = None
    kingdoms: tuple[str, ...] = ()
    first_player: int = 0
    mode: str = "cooperative"
    foes: tuple[str, ...] = ()
    adversary: str = ""
    companion: str = ""
    expansion: str = ""
    treasures: str = ""
    new_corruptions: int | None = None
    only_new_corruptions: bool = False

    @classmethod
    def of(cls, config: Mapping[str, Any]) -> RtdtOptions:
        """The options a JSON-like mapping names; ValueError naming the first option that
        is unknown or of the wrong type (the values themselves are checked by `config`)."""
        if isinstance(config, RtdtOptions):
            return config
        known = {f.name: f for f in dataclasses.fields(cls)}
        values: dict[str, Any] = {}
        for key, value in config.items():
            if key not in known:
                raise ValueError(f"unknown option {key!r}; options: {', '.join(known)}")
            values[key] = _option_value(key, value, known[key].default)
        return cls(**values)

    def config(self, seed: int | None = None) -> Config:
        """The full configuration these options and the seed make (`make_config`)."""
        return make_config(seed=seed, **self.as_dict())

    def as_dict(self) -> dict[str, Any]:
        """The options as keyword arguments (lists as tuples)."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}


_LISTS = ("heroes", "kingdoms", "foes")


def _option_value(key: str, value: Any, default: Any) -> Any:
    """`value` checked against the type of the option's default."""
    if key in _LISTS:
        if isinstance(value, str) or not isinstance(value, list | tuple):
            raise ValueError(f"option {key}: expected a list of names, got {value!r}")
        if not all(isinstance(v, str) for v in value):
            raise ValueError(f"option {key}: expected a list of names, got {value!r}")
        return tuple(value)
    if key in ("code", "new_corruptions"):
        want: type = str if key == "code" else int
        if value is None or (isinstance(value, want) and not isinstance(value, bool)):
            return value
        raise ValueError(f"option {key}: expected {want.__name__} or null, got {value!r}")
    if isinstance(default, bool):
        if isinstance(value, bool):
            return value
        raise ValueError(f"option {key}: expected true or false, got {value!r}")
    if isinstance(default, int):
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise ValueError(f"option {key}: expected an integer, got {value!r}")
    if isinstance(value, str):
        return value
    raise ValueError(f"option {key}: expected text, got {value!r}")
