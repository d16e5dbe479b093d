"""The read-eval loop both games share.

It asks the seat to act for a line: the number of a legal action, the action's text (Tab
completes it), or a command (help, log, info NAME, map, legend, actions, save FILE, load FILE,
undo [N], redo [N], quit; an empty line redraws the screen). AI seats play themselves, at a
pace if asked; undo and redo step over their moves. Every decision, yours or the AI's, is
written in the screen's log before what it did (`narrate.Journal`). Whatever goes wrong — an
illegal action, a bad file, a full disk — is said in red and the game goes on; quitting,
loading or the end of input with unsaved changes asks to save first. What a game looks like
is its `Screen`; the loop reads lines
through a function it is given and writes to a Rich console, so tests drive it with
scripted input and a recording console.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from rich.console import Console, Group, RenderableType
from rich.pager import Pager
from rich.table import Table
from rich.text import Text

from towerplay.agents import Agent
from towerplay.cli.completion import Completer
from towerplay.cli.lang import N_, _, asked, event, refusal
from towerplay.cli.layout import action_grid, height_of, priced
from towerplay.cli.narrate import Journal, Line, history, mark
from towerplay.core.errors import IllegalAction, SaveError, TowerplayError
from towerplay.core.files import write_atomic
from towerplay.core.notation import Action
from towerplay.core.protocol import Game

# What every game's help lists under its own verbs
COMMON_HELP = (
    (N_("NUMBER | ACTION"), N_("the action of that number, or typed out (Tab completes it)")),
    (N_("Enter"), N_("an empty line redraws the screen")),
    (N_("log | log N"), N_("the whole history of the game, paged, or its last N lines")),
    (N_("info NAME"), N_("the text of a card, item, virtue, companion, foe, hero, space…")),
    (N_("map | map WHERE"), N_("the map of the board, with what stands where")),
    ("legend", N_("what the symbols and identifiers on the board mean")),
    ("actions", N_("every legal action, numbered (when the screen shows only some)")),
    (N_("save FILE | load FILE"), N_("save the game as JSON, or load one")),
    (
        "undo [N] | redo [N]",
        N_("take back N of your decisions (the AI's between them too), or redo"),
    ),
    ("quit | Ctrl-D", N_("leave; quit, load and Ctrl-D ask to save first when the game changed")),
)

G = TypeVar("G", bound=Game)


class Screen(Protocol[G]):
    """What one game brings to the loop: how it looks, its words, its save files."""

    max_decisions: int  # a game longer than this is an engine bug
    saves: bool  # False: the game is kept elsewhere (a campaign's store), never ask to save

    def render(
        self, game: G, seat: int | None, width: int, height: int | None, log: Sequence[Line]
    ) -> RenderableType:
        """The whole screen for `seat` (None: the game is over), legal actions included,
        fitted to `height` lines (None: not a terminal, show it all); `log` is the
        sitting's journal, its fresh lines the outcome of what was just done."""

    def help(self) -> RenderableType:
        """The game's own verbs (the loop adds COMMON_HELP)."""

    def info(self, game: G, name: str) -> RenderableType | None:
        """The text of the card, item or piece called `name` (id or name), or None."""

    def legend(self, game: G) -> RenderableType: ...

    def map(
        self, game: G, seat: int, width: int, height: int | None, where: str
    ) -> RenderableType | None:
        """The map as `seat` sees it, fitted to `width` x `height` (None: any height);
        `where` a part of it in the game's own words, or empty; None when it names none."""

    def who(self, game: G, seat: int) -> str:
        """The seat in words, for the AI's moves: "seat 1 (Spymaster)"."""

    def shown(self, game: G, action: Action) -> str:
        """An action as the screen lists it: its notation, with printed names where the
        notation has ids ("move Broken Lands"); typed back, it is taken as the action."""

    def typed(self, game: G, text: str) -> str:
        """A typed line that is no legal action as shown, its printed names taken back to
        the notation's ids where the game's names have several words, so its refusal
        names what is wrong with the action, not with its notation."""

    def finish(self, game: G, console: Console) -> None:
        """Say how the game ended."""

    def dump(self, game: G) -> str:
        """The save file's text."""

    def load(self, file: str) -> G:
        """The game saved in `file`; raises SaveError naming the file and the field."""


class ColourLess(Pager):
    """`less -R`: the text with its colours, and nothing of the player's $LESS lost."""

    def __init__(self, less: str) -> None:
        self.less = less

    def show(self, content: str) -> None:
        with contextlib.suppress(OSError):
            subprocess.run([self.less, "-R"], input=content, text=True, check=False)


def folded(text: str) -> str:
    """Typed text compared without case or repeated spaces."""
    return " ".join(text.casefold().split())


def count(text: str) -> int | None:
    """The number a player typed, or None: ASCII digits only, at most six of them (`²` passes
    `str.isdigit` and `int` refuses it; a 5,000-digit number is past what `int` reads)."""
    if text.isascii() and text.isdigit() and len(text) <= 6:
        return int(text)
    return None


def error(console: Console, message: str) -> None:
    console.print(Text(message, style="bold red"))


def common_help() -> Table:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="cyan", no_wrap=True)
    grid.add_column()
    for syntax, what in COMMON_HELP:
        grid.add_row(_(syntax), _(what))
    return grid


@dataclass
class Session(Generic[G]):
    """One sitting at the terminal: the game as it stands (a `load` replaces it), its
    journal, and what is still to be shown."""

    screen: Screen[G]
    game: G
    console: Console
    clear_screen: bool
    read: Callable[[str], str] = input
    pace: float = 0.0  # seconds to show the screen after each AI decision (a terminal only)
    show: bool = True  # redraw before the next prompt
    decisions: int = 0
    journal: Journal = field(default_factory=Journal)
    viewer: int | None = None  # the seat last asked: whose view the screen shows
    changed: bool = False  # since the game was last saved or loaded
    last_file: str = ""  # where it was last saved or loaded from
    notes: list[str] = field(default_factory=list)  # said under the next screen
    # called after every action that was applied (a campaign commits it to its store);
    # if it fails the sitting ends, with the game as it was last kept
    after: Callable[[G, str], None] | None = None
    stopped: bool = False
    ai: dict[int, Agent] = field(default_factory=dict)  # the seats the AI plays
    others_played: bool = False  # since the seat now asked was last asked (the AI, or a person)

    def applied(self, text: str, decision: bool = True) -> None:
        self.decisions += decision
        self.show = True
        self.changed = True
        if self.after is None:
            return
        try:
            self.after(self.game, text)
        except TowerplayError as exc:
            error(self.console, _("{error}; stopping").format(error=exc))
            self.stopped = True

    def height(self) -> int | None:
        return self.console.height if self.clear_screen else None

    def draw(self, seat: int | None, catch_up: bool = True) -> None:
        """The screen for `seat`; `catch_up=False` when the journal has just been brought up
        to date (its fresh lines are then the ones since the seat's previous prompt)."""
        if catch_up:
            self.journal.catch_up(self.game, seat)
        if self.clear_screen:
            self.console.clear()
        self.console.print(
            self.screen.render(
                self.game, seat, self.console.width, self.height(), self.journal.lines
            )
        )
        for note in self.notes:
            self.console.print(note)
        self.notes.clear()

    def while_you_waited(self, seat: int) -> None:
        """Before a seat's prompt, when others played since its last one (the AI, or another
        person at this keyboard) and what they did is longer than a third of the screen: all
        of it in full sentences, a page at a time (Enter turns the page), so nothing is
        seen only in short in the log. Short news stay in the log, as they are."""
        new = self.journal.catch_up(self.game, seat)
        height = self.height()
        if not (self.others_played and self.clear_screen and height):
            return
        width = self.console.width
        rows = [height_of(x.styled(), width) for x in new]
        if sum(rows) <= height // 3:
            return
        page = max(1, height - 3)  # the title, the turn of the page, the input line
        start = 0
        while start < len(new):
            end, used = start, 0
            while end < len(new) and (used + rows[end] <= page or end == start):
                used += rows[end]
                end += 1
            self.console.clear()
            self.console.print(
                Text(_("While you waited").upper(), style="bold")
                if start == 0
                else Text(_("While you waited (continued)").upper(), style="bold")
            )
            self.console.print(Text("\n").join(x.styled() for x in new[start:end]))
            last = end >= len(new)
            ask = _("Enter: your turn ") if last else _("Enter: more ")
            try:
                self.read(ask)
            except (EOFError, KeyboardInterrupt):
                return
            start = end

    def ai_move(self, seat: int, agent: Agent) -> None:
        self.others_played = True
        chosen = agent.act(self.game)
        who = self.screen.who(self.game, seat)
        if not self.clear_screen:
            self.console.print(Text(self.ai_header(who, chosen), style="cyan"))
        why = _why(agent)  # the search agent says why (docs/agents.md)
        if why is not None:
            if self.clear_screen:
                self.notes.append(why)
            else:
                self.console.print(Text(why, style="dim"))
        self.journal.before(self.game, self.ai_header(who, chosen))
        self.game.apply(chosen)
        self.applied(str(chosen))
        if self.pace > 0 and self.clear_screen and self.game.to_act is not None:
            self.draw(self.viewer if self.viewer is not None else seat)
            time.sleep(self.pace)

    def ai_header(self, who: str, chosen: Action) -> str:
        return _("AI {who}: {action}").format(who=who, action=self.shown(chosen))

    def command(self, text: str) -> bool:
        """Carry out one line from the player; False when the player quits."""
        word, _sep, arg = text.partition(" ")
        word = word.lower()
        arg = arg.strip()
        if word in ("quit", "exit"):
            if not self.offer_save():
                return True
            self.console.print(_("Goodbye."))
            return False
        if word in ("help", "?"):
            self.console.print(Group(self.screen.help(), common_help()))
        elif word == "log":  # `log N`: the last N lines only
            lines = history(self.game, self.viewer)
            n = count(arg)
            if arg and n is None:
                error(self.console, _("log takes a number of lines: log [N]"))
                return True
            if n is not None:
                lines = lines[-n:] if n else []
            self.page(Text("\n").join(x.styled() for x in lines))
        elif word == "info":
            self.info(arg)
        elif word == "legend":
            self.console.print(self.screen.legend(self.game))
        elif word == "map":
            self.map(arg)
        elif word == "actions":
            texts = [priced(self.shown(a), self.game.costs(a)) for a in self.game.legal_actions()]
            self.page(Group(Text(asked(self.game), style="bold"), action_grid(texts, 80)))
        elif word == "save":
            self.save(arg)
        elif word == "load":
            self.load(arg)
        elif word in ("undo", "redo"):
            self.step_back(word, arg)
        else:
            self.act(text)
        return True

    def page(self, renderable: RenderableType) -> None:
        """Long text through the pager on a terminal (the screen is redrawn after): the
        player's $PAGER, or else `less -R`, which shows the colours (a plain `less`, the
        system's pager where $LESS is unset, printed their escape codes on every line); any
        other pager gets plain text."""
        if self.clear_screen:
            less = None if os.environ.get("PAGER") else shutil.which("less")
            with self.console.pager(ColourLess(less) if less else None, styles=bool(less)):
                self.console.print(renderable)
            self.show = True
        else:
            self.console.print(renderable)

    def info(self, name: str) -> None:
        if not name:
            error(self.console, _("info needs a name: info NAME (an id or a name, as shown)"))
            return
        found = self.screen.info(self.game, name)
        if found is None:
            error(
                self.console,
                _("nothing called '{name}' in this game; try a name on the screen").format(
                    name=name
                ),
            )
            return
        self.console.print(found)

    def map(self, where: str) -> None:
        seat = self.viewer if self.viewer is not None else self.game.to_act
        found = self.screen.map(self.game, seat or 0, self.console.width, self.height(), where)
        if found is None:
            error(self.console, _("no part of the map is called '{where}'").format(where=where))
            return
        self.console.print(found)  # under the screen, as `info`: it stays until the next line

    def offer_save(self) -> bool:
        """Before leaving the game: if it changed since the last save, ask whether to save
        it first (y: then a file name; c: stay). False to stay in the game: the player
        cancelled, or the save failed."""
        if not self.changed or not self.screen.saves:
            return True
        self.console.print(
            Text(
                _(
                    "The game changed since it was last saved. Save it first? "
                    "y: yes · n or Enter: no · c: cancel"
                ),
                style="yellow",
            )
        )
        try:
            answer = self.read(_("save first? (y/n/c)> ")).strip().lower()
            if answer in ("c", "cancel", _("c"), _("cancel")):
                return False
            if answer not in ("y", "yes", _("y"), _("yes")):
                return True
            last = f" [{self.last_file}]" if self.last_file else ""
            file = self.read(_("file name{last}> ").format(last=last))
        except (EOFError, KeyboardInterrupt):
            return True
        file = file.strip() or self.last_file
        if not file:
            error(self.console, _("no file name: not saved"))
            return False
        return self.save(file)

    def save(self, file: str) -> bool:
        if not file:
            error(self.console, _("save needs a file name: save FILE"))
            return False
        try:
            write_atomic(file, self.screen.dump(self.game))
        except OSError as exc:
            error(
                self.console,
                _(
                    "could not save to {file}: {error}; "
                    "any earlier file there is unchanged, and the game goes on"
                ).format(file=file, error=exc.strerror or exc),
            )
            return False
        self.changed = False
        self.last_file = file
        self.console.print(_("Saved to {file}.").format(file=file))
        return True

    def load(self, file: str) -> None:
        if not file:
            error(self.console, _("load needs a file name: load FILE"))
            return
        if not self.offer_save():
            return
        try:
            loaded = self.screen.load(file)
        except SaveError as exc:
            error(
                self.console,
                _("could not load: {error}; the current game goes on").format(error=exc),
            )
            return
        self.game = loaded
        self.journal = Journal.start(loaded, loaded.to_act)
        self.changed = False
        self.last_file = file
        self.notes.append(_("Loaded {file}.").format(file=file))
        self.show = True

    def step_back(self, word: str, arg: str) -> None:
        """`undo [N]` / `redo [N]`: N decisions of this table's people (1 if not given),
        with the AI moves between them; a stored game keeps the undo as a new version."""
        steps = count(arg or "1")
        if steps is None:
            error(
                self.console, _("{word} takes a number of decisions: {word} [N]").format(word=word)
            )
            return
        g = self.game
        one, left = (g.undo, lambda: g.undoable) if word == "undo" else (g.redo, lambda: g.redoable)
        done = 0
        before = mark(g)
        try:
            for _step in range(steps):
                one(1)
                done += 1
                while g.to_act in self.ai and left():  # AI moves, stepped over
                    one(1)
        except IllegalAction as exc:
            error(self.console, refusal(exc))
        if done:
            if mark(g) < before:  # the log was taken back: the journal starts again from it
                self.journal = Journal.start(g, g.to_act)
            self.notes.append(
                _("{word}: {undo} can be undone, {redo} redone.").format(
                    word=word, undo=g.undoable, redo=g.redoable
                )
            )
            self.applied(f"{word} {done}", decision=False)

    def shown(self, action: Action) -> str:
        return self.screen.shown(self.game, action)

    def act(self, text: str) -> None:
        """Apply a numbered or typed action; an illegal one is refused with its rule."""
        action: Action | str = text
        legal = self.game.legal_actions()
        n = count(text)
        if n is not None:
            if not 1 <= n <= len(legal):
                error(
                    self.console,
                    _("no action numbered {n}; choose 1-{last}").format(n=n, last=len(legal)),
                )
                return
            action = legal[n - 1]
        else:  # an action typed as the screen shows it, printed names and all
            typed = folded(text)
            found = next((a for a in legal if folded(self.shown(a)) == typed), None)
            action = found if found is not None else self.screen.typed(self.game, text)
        before = self.game.clone()
        seat = self.game.to_act
        mark = self.journal.steps[:]
        if seat is not None:
            said = action if isinstance(action, str) else self.shown(action)
            self.journal.before(self.game, f"{self.screen.who(self.game, seat)}: {said}")
        try:
            self.game.apply(action)
        except IllegalAction as exc:
            self.journal.steps = mark
            error(self.console, refusal(exc))
            return
        except Exception as exc:  # an engine bug must not end the session or the game
            self.journal.steps = mark
            self.game = before  # type: ignore[assignment]  # clone() is the game's own type
            error(
                self.console,
                _(
                    "internal error on '{text}' ({kind}: {error}); the game is as it was before it"
                ).format(text=text, kind=type(exc).__name__, error=exc),
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
    pace: float = 0.0,
    notes: Sequence[str] = (),
) -> G:
    """Play until the game ends, the player quits or input runs out; returns the game
    as it stands (a `load` may have replaced the one passed in).

    On a terminal the screen is redrawn in place, fitted to its height, and the AI's
    decisions with what they did are in its log (shown one by one, `pace` seconds each,
    when asked); otherwise each AI move is also printed as it is made.
    """
    ai = ai or {}
    if clear_screen is None:
        clear_screen = console.is_terminal
    first = game.to_act if game.to_act not in ai else None
    s = Session(screen, game, console, clear_screen, read, pace, after=after, viewer=first, ai=ai)
    s.journal = Journal.start(game, first)
    s.notes.extend(notes)  # said under the first screen
    while not s.stopped:
        seat = s.game.to_act
        if seat is None:
            s.draw(s.viewer)
            screen.finish(s.game, console)
            return s.game
        if s.decisions >= screen.max_decisions:
            error(
                console,
                _("no end after {n} decisions: an engine bug; stopping").format(n=s.decisions),
            )
            return s.game
        if seat in ai:
            s.ai_move(seat, ai[seat])
            continue
        if s.viewer is not None and s.viewer != seat:
            s.others_played = True  # another person at this keyboard
        s.viewer = seat
        if s.show:
            s.while_you_waited(seat)
            s.draw(seat, catch_up=False)
            s.show = False
        s.others_played = False
        if completer is not None:
            completer.set(s.game)
        try:
            line = read(_("seat {seat}> ").format(seat=seat))
        except (EOFError, KeyboardInterrupt):
            console.print()
            s.offer_save()
            console.print(_("Goodbye."))
            return s.game
        text = line.strip()
        if not text:
            s.show = True
        elif not s.command(text):
            return s.game
    return s.game


def _why(agent: Agent) -> str | None:
    """An agent's one-line reason for its last move, in the current language (the search
    agent's `explained` event; an agent with only `explain` gives its text as it is)."""
    explained = getattr(agent, "explained", None)
    if explained is not None:
        return event(explained())
    explain = getattr(agent, "explain", None)
    return None if explain is None else str(explain())
