"""A new table's seats: who sits (a person by name, or an AI agent within the server's
budgets) and each person's secret token, of which only a hash is stored."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from towerplay import games
from towerplay.web.budgets import check_budget
from towerplay.web.errors import TableError


@dataclass(frozen=True)
class Created:
    """A new table: its id, each seat's secret token (None for an AI seat or an open one),
    the spectators' token (it sees what every seat sees, and cannot act) and the host's."""

    id: str
    tokens: list[str | None]
    spectator: str
    host: str = ""  # the creator's key: hands a seat to the AI, or frees it (web/lobby.py)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def check_seats(game: str, seats: Any, count: int) -> list[dict[str, Any]]:
    """The seat list of a new table: one entry per seat, `{"ai": AGENT}`, `{"human": NAME}`
    or `{"open": true}` (a person who joins from the lobby, web/lobby.py); refused with the
    seat and what is wrong."""
    if not isinstance(seats, list) or len(seats) != count:
        raise TableError(f"seats: this game has {count} seats; give one entry for each")
    out: list[dict[str, Any]] = []
    for i, spec in enumerate(seats):
        if spec == {"open": True}:
            out.append({"who": "human", "agent": None, "name": "", "open": True})
            continue
        if not isinstance(spec, dict) or len(spec) != 1 or not {"ai", "human"} & set(spec):
            raise TableError(
                f'seats[{i}]: expected {{"human": NAME}}, {{"open": true}} or {{"ai": AGENT}}'
            )
        if "ai" in spec:
            try:
                games.get(game).agents.check(str(spec["ai"]))
                check_budget(str(spec["ai"]))
            except ValueError as e:
                raise TableError(f"seats[{i}]: {e}") from None
            out.append({"who": "ai", "agent": str(spec["ai"]), "name": str(spec["ai"])})
        else:
            name = str(spec["human"]).strip()[:40] or f"Player {i + 1}"
            out.append({"who": "human", "agent": None, "name": name})
    return out
