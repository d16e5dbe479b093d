"""The three kinds of bad input a user can hand towerplay, each with a clear message."""

from __future__ import annotations

from typing import Any


class TowerplayError(Exception):
    """Base class for errors a user can cause and fix."""


class IllegalAction(TowerplayError):
    """An action that the rules forbid now. The state is left unchanged.

    `rule` names the rule ID (see docs/rules/) that the action breaks. The message is an
    English template whose named fields are `fields` (as an Event's): the template is the
    translation's message id, so a screen words the refusal in its own language
    (`i18n.Catalog.refusal`); `reason` is the English sentence.
    """

    def __init__(self, message: str, rule: str, **fields: Any) -> None:
        reason = message.format_map({k: _text(v) for k, v in fields.items()}) if fields else message
        super().__init__(f"{reason} [{rule}]")
        self.reason = reason
        self.rule = rule
        self.msg = message
        self.fields = fields

    def view(self) -> dict[str, Any]:
        """The refusal as plain data for a page: its template, fields, rule and English."""
        args = {k: _view(v) for k, v in self.fields.items()}
        return {"msg": self.msg, "args": args, "rule": self.rule, "text": self.reason}


LIST_SEPARATOR = "; "  # between the sentences of a field that is a list (their own commas)


def _text(value: Any) -> Any:
    """A field's English: an Event (a reason worded on its own, core/narration.py, which this
    module cannot import: narration's serializer imports the errors) gives its sentence; a
    tuple of them (the actions there are now, each worded) their sentences in a row."""
    if isinstance(value, tuple):
        return LIST_SEPARATOR.join(str(_text(v)) for v in value)
    return value.text if hasattr(value, "view") else value


def _view(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_view(v) for v in value]
    return value.view() if hasattr(value, "view") else value


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
