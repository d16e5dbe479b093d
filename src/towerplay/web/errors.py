"""What the server refuses, as errors that carry their HTTP status; nothing was changed."""

from __future__ import annotations

from typing import Any

from towerplay.core.errors import TowerplayError


class TableError(TowerplayError):
    """A request the server refuses; `status` is its HTTP status. Nothing was changed."""

    status = 400


class UnknownTable(TableError):
    status = 404


class Forbidden(TableError):
    status = 403


class Stale(TableError):
    status = 409


class Refused(TableError):
    """The rules forbid the action (`rule` names the rule it breaks; `said` is the game's
    refusal as a template with fields, `IllegalAction.view()`, for the page to word)."""

    status = 422

    def __init__(self, message: str, rule: str, said: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.rule = rule
        self.said = said
