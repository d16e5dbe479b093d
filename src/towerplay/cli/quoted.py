"""The errors a command quotes (an engine's, the store's, a file's) in the screen's language.

A refusal (`IllegalAction`) and our own option errors (`OptionError`) carry their template and
fields, and are worded like an event. A bad file (`SaveError`, `ContentError`) names its file
and field; its reason, and the engines' and the store's `ValueError`s, are English sentences
built below the terminal (the games may not import the catalog). Those a user meets at the
command line are listed here as templates (`ENGINE_SENTENCES`), matched against the
sentence and worded again, as `click_words` does for click's; any other sentence is shown
as it is. `tests/cli/test_quoted.py` fails when an engine stops building one of them.
"""

from __future__ import annotations

import re
from typing import Any

from towerplay.core.errors import ContentError, IllegalAction, SaveError
from towerplay.i18n import N_, Catalog


class OptionError(ValueError):
    """A bad option, as a template (its English is the message id) and its fields."""

    def __init__(self, msg: str, **fields: Any) -> None:
        super().__init__(msg.format(**fields) if fields else msg)
        self.msg = msg
        self.fields = fields


# the sentences of the engines, the agents' registry, the store and the game codes that a
# command quotes (rtdt/game.py, tactics/setup.py and campaign/game.py, agents/registry.py and
# sim/campaign.py, store/errors.py,
# core/rng.py, sim/records.py, cli/common.py read_json), most specific first
ENGINE_SENTENCES = (
    N_("unknown hero {hero}; heroes: {heroes}"),
    N_(
        "unknown agent {agent}; agents: {agents} (search takes a budget and a rollout policy: "
        "search:8, search:0.5s:random)"
    ),
    N_("no encounter {encounter}; known: {encounters}"),
    N_("no class {hero}; known: {classes}"),
    N_("a party has 3 to 5 heroes, not {n}"),
    N_("a party has 3 to 5 heroes ({rule})"),
    N_("difficulty is one of {difficulties}"),
    N_("a game code has {n} characters, got {got}: {code}"),
    N_("game code {code}: unknown foes or adversary"),
    N_("game code {code}: unknown companion"),
    N_("game code {code}: unknown options, version or player count"),
    N_("{location}: no record has the id {record}"),
    N_("{n} players need {n} heroes, got {got}"),
    N_("{n} players need {n} different home kingdoms"),
    N_("each player plays a different hero"),
    N_("{path}: records are written as {formats}"),
    # a Return to Dark Tower save that validates field by field but does not hang together
    # (rtdt/save_checks.py), before the field checks' more general sentences
    N_("unknown value {raw} for a {kind} question"),
    N_("{seat} is not a seat (or -1)"),
    N_("one emerged skull is placed at a time"),
    N_("not the kingdom of the first emerged skull"),
    N_("a winner is not a seat"),
    N_("expected {n} different heroes"),
    N_("expected {n} different home kingdoms"),
    N_("expected three foes, one of each level"),
    N_("{foe} is not a level {level} foe"),
    N_("competitive mode needs 2 to 4 players and no Covenant"),
    N_("more than the Covenant corruptions"),
    N_("not a game code"),
    N_("config.{field} is not the code's"),
    N_("expected seat {seat}"),
    N_("config.heroes says {hero}"),
    N_("config.kingdoms says {kingdom}"),
    N_("a hero does not trade with itself"),
    N_("missing: each of the game's foes has a status"),
    N_("{foe} has no status (foe_status)"),
    N_("a destroyed building still holds skulls"),
    N_("missing: a standing building has a count"),
    N_("skulls do not add up to 24 (supply, buildings, Tower, removed)"),
    N_("expected the Covenant block exactly when Covenant is played"),
    N_("doom skulls do not add up to {n}"),
    N_("more doom skulls than skulls inside the Tower"),
    N_("more doom skulls than skulls on the building"),
    N_("{foe} is not this game's adversary or one of its foes"),
    N_("{index} is not one of the {n} cards drawn"),
    N_("{stage} is past the quest's {stages} stages"),
    N_("{room} is not a room of {dungeon}"),
    N_("expected one true/false per room"),
    N_("{room} is not a room index"),
    N_("no dungeon at {space}"),
    N_("not a river crossing: {pair}"),
    N_("a {kind} question has no {name}"),
    N_("not an effect: {text}"),
    N_("no {target} token on {context}"),
    N_("a {kind} question has {n} option(s)"),
    N_("not a list of effects: {error}"),
    N_("a price is made of lose and lose_item effects"),
    # a save's or a record's field that does not validate (core/serial.py, rtdt/save.py,
    # tactics/save.py, tactics/campaign/game.py, rtdt/game.py)
    N_("expected {expected} (or {older}), got {got}"),
    N_("expected version {version} (or {older})"),
    N_("expected a JSON object"),
    N_("expected an object"),
    N_("expected a list of lines of text"),
    N_("expected a list with one entry per seat ({n})"),
    N_("expected a list of {n}"),
    N_("expected a list"),
    N_("expected true or false, got {raw}"),
    N_("expected text, got {raw}"),
    N_("expected an integer, got {raw}"),
    N_("{raw} is out of range {lo}..{hi}"),
    N_("{raw} is out of range"),
    N_("{key} appears twice"),
    N_("unknown value {raw}"),
    N_("unknown field"),
    N_("unknown id"),
    N_("{seat} is not a seat"),
    N_("missing"),
    N_("not a {game} save"),
    N_("no legal action answers this state"),
    N_("heroes, difficulty and players differ from the state"),
    N_("present exactly while an encounter is fought"),
    N_("not this chapter's encounter for this party"),
    N_("not JSON: {message}"),
    # Python's json module's messages (JSONDecodeError.msg), which "not JSON" quotes
    N_("Expecting value"),
    N_("Expecting property name enclosed in double quotes"),
    N_("Expecting ',' delimiter"),
    N_("Expecting ':' delimiter"),
    N_("Unterminated string starting at"),
    N_("Extra data"),
    N_("not a text file"),
    N_("nested too deeply to be a save"),
    N_("a number too long to read"),
    N_("No such file or directory"),
    N_("Permission denied"),
    N_("Is a directory"),
)
# a bad file's line: its file, the field (or line) and the reason
FILE_ERROR = N_("{file}: {field}: {reason}")
FILE_FIELDS = (N_("file"), N_("line {n}"), N_("(top level)"))
_FIELD = re.compile(r"\{(\w+)\}")


def _pattern(template: str) -> re.Pattern[str]:
    """A template as a regular expression: each field a group (a repeated one must match the
    same text again)."""
    parts = _FIELD.split(template)  # literal, field, literal, field...
    seen: set[str] = set()
    rx = ""
    for i, part in enumerate(parts):
        if i % 2 == 0:
            rx += re.escape(part)
        elif part in seen:
            rx += f"(?P={part})"
        else:
            seen.add(part)
            rx += f"(?P<{part}>.+?)"
    return re.compile(f"^{rx}$", re.DOTALL)


_PATTERNS = [(t, _pattern(t)) for t in (*ENGINE_SENTENCES, *FILE_FIELDS)]


def reword(sentence: str, words: Catalog) -> str:
    """One of the engines' sentences in `words`' language; any other as it is."""
    for template, pattern in _PATTERNS:
        found = pattern.match(sentence)
        if found:  # a field may quote a sentence of its own ("not JSON: Expecting value")
            fields = {k: reword(v, words) for k, v in found.groupdict().items()}
            return words.format(template, **fields)
    return sentence


def quoted(exc: BaseException, words: Catalog) -> str:
    """The error's message in `words`' language."""
    if isinstance(exc, OptionError):
        return words.format(exc.msg, **exc.fields) if exc.fields else words.gettext(exc.msg)
    if isinstance(exc, IllegalAction):
        return words.refusal(exc)
    if isinstance(exc, (SaveError, ContentError)):
        # the file and the field are the file's own names, never translated as words ("month")
        field, reason = reword(exc.field, words), reword(exc.reason, words)
        return words.gettext(FILE_ERROR).format(file=exc.file, field=field, reason=reason)
    return reword(str(exc), words)
