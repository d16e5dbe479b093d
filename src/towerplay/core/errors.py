"""The three kinds of bad input a user can hand towerplay, each with a clear message."""

from __future__ import annotations


class TowerplayError(Exception):
    """Base class for errors a user can cause and fix."""


class IllegalAction(TowerplayError):
    """An action that the rules forbid now. The state is left unchanged.

    `rule` names the rule ID (see docs/rules/) that the action breaks.
    """

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(f"{message} [{rule}]")
        self.reason = message
        self.rule = rule


class ContentError(TowerplayError):
    """A content file that does not validate; names the file and the field."""

    def __init__(self, file: str, field: str, message: str) -> None:
        super().__init__(f"{file}: {field}: {message}")
        self.file = file
        self.field = field
        self.reason = message


class SaveError(TowerplayError):
    """A save file that cannot be loaded; names the file and the field."""

    def __init__(self, file: str, field: str, message: str) -> None:
        super().__init__(f"{file}: {field}: {message}")
        self.file = file
        self.field = field
        self.reason = message
