"""The read-eval loop both games share.

It asks the seat to act for a line: the number of a legal action, the action's text (Tab
completes it), or a command (help, save FILE, load FILE, undo [N], redo [N], quit). AI
seats play themselves; undo and redo step over their moves. Whatever goes wrong — an illegal action, a bad file, a full disk — is said in
red and the game goes on. What a game looks like is its `Screen`; the loop reads lines
through a function it is given and writes to a Rich console, so tests drive it with
scripted input and a recording console.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from rich.console import Console, RenderableType
from rich.text import Text

from towerplay.agents import Agent
from towerplay.core.errors import IllegalAction, SaveError, TowerplayError
from towerplay.core.files import write_atomic
from towerplay.core.notation import Action
from towerplay.core.protocol import Game

COMMANDS = ("help", "save ", "load ", "undo", "redo", "quit")

G = TypeVar("G", bound=Game)


class Screen(Protocol[G]):
    """What one game brings to the loop: how it looks, its words, its save files."""

    max_decisions: int  # a game longer than this is an engine bug

    def render(self, game: G, seat: int | None, width: int) -> RenderableType:
        """The whole screen for `seat` (None: the game is over), legal actions included."""

    def help(self) -> RenderableType: ...

    def who(self, game: G, seat: int) -> str:
        """The seat in words, for the AI's moves: "seat 1 (Spymaster)"."""

    def finish(self, game: G, console: Console) -> None:
        """Say how the game ended."""

    def dump(self, game: G) -> str:
        """The save file's text."""

    def load(self, file: str) -> G:
        """The game saved in `file`; raises SaveError naming the file and the field."""


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


def error(console: Console, message: str) -> None:
    console.print(Text(message, style="bold red"))


def ai_summary(moves: list[tuple[str, str]]) -> Text:
    """AI moves since the last screen, one line per run of moves by the same hero."""
    t = Text(style="cyan")
    last = None
    for who, action in moves:
        if who != last:
            t.append(("\n" if last is not None else "") + f"AI {who}: ", style="bold cyan")
            last = who
        else:
            t.append("; ")
        t.append(action)
    return t


@dataclass
class Session(Generic[G]):
    """One sitting at the terminal: the game as it stands (a `load` replaces it) and what
    is still to be shown."""

    screen: Screen[G]
    game: G
    console: Console
    clear_screen: bool
    show: bool = True  # redraw before the next prompt
    decisions: int = 0
    ai_moves: list[tuple[str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # said under the next screen
    # called after every action that was applied (a campaign commits it to its store);
    # if it fails the sitting ends, with the game as it was last kept
    after: Callable[[G, str], None] | None = None
    stopped: bool = False
    ai: dict[int, Agent] = field(default_factory=dict)  # the seats the AI plays

    def applied(self, text: str, decision: bool = True) -> None:
        self.decisions += decision
        self.show = True
        if self.after is None:
            return
        try:
            self.after(self.game, text)
        except TowerplayError as exc:
            error(self.console, f"{exc}; stopping")
            self.stopped = True

    def draw(self, seat: int | None) -> None:
        if self.clear_screen:
            self.console.clear()
        self.console.print(self.screen.render(self.game, seat, self.console.width))
        if self.clear_screen and self.ai_moves:
            self.console.print(ai_summary(self.ai_moves))
        self.ai_moves.clear()
        for note in self.notes:
            self.console.print(note)
        self.notes.clear()

    def ai_move(self, seat: int, agent: Agent) -> None:
        chosen = agent.act(self.game)
        who = self.screen.who(self.game, seat)
        if not self.clear_screen:
            self.console.print(Text(f"AI {who}: {chosen}", style="cyan"))
        self.ai_moves.append((who, str(chosen)))
        self.game.apply(chosen)
        self.applied(str(chosen))

    def command(self, text: str) -> bool:
        """Carry out one line from the player; False when the player quits."""
        word, _, arg = text.partition(" ")
        word = word.lower()
        arg = arg.strip()
        if word in ("quit", "exit"):
            self.console.print("Goodbye.")
            return False
        if word in ("help", "?"):
            self.console.print(self.screen.help())
        elif word == "save":
            self.save(arg)
        elif word == "load":
            self.load(arg)
        elif word in ("undo", "redo"):
            self.step_back(word, arg)
        else:
            self.act(text)
        return True

    def save(self, file: str) -> None:
        if not file:
            error(self.console, "save needs a file name: save FILE")
            return
        try:
            write_atomic(file, self.screen.dump(self.game))
        except OSError as exc:
            error(
                self.console,
                f"could not save to {file}: {exc.strerror or exc}; "
                "any earlier file there is unchanged, and the game goes on",
            )
            return
        self.console.print(f"Saved to {file}.")

    def load(self, file: str) -> None:
        if not file:
            error(self.console, "load needs a file name: load FILE")
            return
        try:
            loaded = self.screen.load(file)
        except SaveError as exc:
            error(self.console, f"could not load: {exc}; the current game goes on")
            return
        self.game = loaded
        self.notes.append(f"Loaded {file}.")
        self.show = True

    def step_back(self, word: str, arg: str) -> None:
        """`undo [N]` / `redo [N]`: N decisions of this table's people (1 if not given),
        with the AI moves between them; a stored game keeps the undo as a new version."""
        if arg and not arg.isdigit():
            error(self.console, f"{word} takes a number of decisions: {word} [N]")
            return
        g = self.game
        one, left = (g.undo, lambda: g.undoable) if word == "undo" else (g.redo, lambda: g.redoable)
        done = 0
        try:
            for _ in range(int(arg or 1)):
                one(1)
                done += 1
                while g.to_act in self.ai and left():  # AI moves, stepped over
                    one(1)
        except IllegalAction as exc:
            error(self.console, str(exc))
        if done:
            self.notes.append(f"{word}: {g.undoable} can be undone, {g.redoable} redone.")
            self.applied(f"{word} {done}", decision=False)

    def act(self, text: str) -> None:
        """Apply a numbered or typed action; an illegal one is refused with its rule."""
        action: Action | str = text
        if text.isdigit():
            legal = self.game.legal_actions()
            n = int(text)
            if not 1 <= n <= len(legal):
                error(self.console, f"no action numbered {n}; choose 1-{len(legal)}")
                return
            action = legal[n - 1]
        before = self.game.clone()
        try:
            self.game.apply(action)
        except IllegalAction as exc:
            error(self.console, str(exc))
            return
        except Exception as exc:  # an engine bug must not end the session or the game
            self.game = before  # type: ignore[assignment]  # clone() is the game's own type
            error(
                self.console,
                f"internal error on {text!r} ({type(exc).__name__}: {exc}); "
                "the game is as it was before it",
            )
            return
        self.applied(str(action))


def play_loop(
    screen: Screen[G],
    game: G,
    console: Console,
    read: Callable[[str], str] = input,
    ai: dict[int, Agent] | None = None,
    completer: Completer | None = None,
    clear_screen: bool | None = None,
    after: Callable[[G, str], None] | None = None,
) -> G:
    """Play until the game ends, the player quits or input runs out; returns the game
    as it stands (a `load` may have replaced the one passed in).

    On a terminal the screen is redrawn in place and the AI moves made since the
    last screen are listed under it; otherwise each AI move is printed as it is made.
    """
    ai = ai or {}
    if clear_screen is None:
        clear_screen = console.is_terminal
    s = Session(screen, game, console, clear_screen, after=after, ai=ai)
    while not s.stopped:
        seat = s.game.to_act
        if seat is None:
            s.draw(None)
            screen.finish(s.game, console)
            return s.game
        if s.decisions >= screen.max_decisions:
            error(console, f"no end after {s.decisions} decisions: an engine bug; stopping")
            return s.game
        if seat in ai:
            s.ai_move(seat, ai[seat])
            continue
        if s.show:
            s.draw(seat)
            s.show = False
        if completer is not None:
            completer.set(s.game)
        try:
            line = read(f"seat {seat}> ")
        except (EOFError, KeyboardInterrupt):
            console.print("\nGoodbye.")
            return s.game
        text = line.strip()
        if text and not s.command(text):
            return s.game
    return s.game
