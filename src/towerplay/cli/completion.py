"""Tab completion of a typed line: the legal actions' texts and the loop's commands, bound to
readline where the terminal has it."""

from __future__ import annotations

from towerplay.core.protocol import Game

COMMANDS = (
    "help",
    "log",
    "info ",
    "map",
    "legend",
    "actions",
    "save ",
    "load ",
    "undo",
    "redo",
    "quit",
)


class Completer:
    """Tab completion over the current legal action texts and the commands."""

    def __init__(self) -> None:
        self.options: list[str] = []
        self._matches: list[str] = []

    def set(self, game: Game) -> None:
        self.options = [str(a) for a in game.legal_actions()] + list(COMMANDS)

    def matches(self, line: str, text: str) -> list[str]:
        """Completions of `text`, the word being typed at the end of `line`."""
        start = len(line) - len(text)
        return [o[start:] for o in self.options if o.startswith(line)]

    def complete(self, text: str, state: int) -> str | None:
        if state == 0:
            line = _line_before_cursor()
            if line is None or not line.endswith(text):
                line = text
            self._matches = self.matches(line, text)
        return self._matches[state] if state < len(self._matches) else None


def _line_before_cursor() -> str | None:
    try:
        import readline
    except ImportError:  # pragma: no cover - platforms without readline
        return None
    return readline.get_line_buffer()[: readline.get_endidx()]


def install_completer(completer: Completer) -> bool:
    """Bind Tab to `completer` when readline is present; False where it is missing."""
    try:
        import readline
    except ImportError:  # pragma: no cover
        return False
    readline.set_completer(completer.complete)
    readline.set_completer_delims(" ")
    if "libedit" in (readline.__doc__ or ""):  # pragma: no cover - macOS
        readline.parse_and_bind("bind ^I rl_complete")
    else:
        readline.parse_and_bind("tab: complete")
    return True


def terminal_completer(is_tty: bool) -> Completer | None:
    """A completer bound to Tab when input is a terminal with readline, else None."""
    completer = Completer()
    return completer if is_tty and install_completer(completer) else None
