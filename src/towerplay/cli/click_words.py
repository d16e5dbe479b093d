"""click's and typer's own words ("Usage:", "Show this message and exit.", "No such option")
in the language asked.

typer marks its own strings with gettext (`_` imported into `typer.core`; `typer.rich_utils`
keeps its panel titles as constants worded when it is imported), but the click it bundles
(`typer._click`) writes its messages as plain f-strings. So: typer's message ids are read
from its installed source with Babel, `speak` points `_` there and those constants at a
catalog; click's sentences are listed here as templates (`CLICK_SENTENCES`), and an error's
message is matched against them and worded again in the catalog's language. Both lists are
the cli area's ids (`click_texts`, added by `tools/i18n_update.py`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.extract import extract_from_file

from towerplay.i18n import Catalog

# the bundled click's sentences a user meets, as it builds them (typer/_click/exceptions.py,
# parser.py, core.py, formatting.py, decorators.py; typer/_param_types.py), longest first
CLICK_SENTENCES = (
    "No such option: {name} (Possible options: {options})",
    "No such option: {name}",
    "Invalid value for {param}: {message}",
    "Invalid value: {message}",
    "Missing argument {param}.",
    "Missing option {param}.",
    "Missing parameter {param}.",
    "Missing parameter: {param}",
    "Got unexpected extra argument(s) ({args})",
    "Option {name} requires an argument.",
    "Option {name} requires {n} arguments.",
    "Option {name} does not take a value.",
    "Argument {name} takes {n} values.",
    "Could not open file {name}: {message}",
    "{value} is not one of {choices}.",
    # a number option's value that is none (the conversion's words, typer/_coercion.py)
    "Input should be a valid integer, unable to parse string as an integer",
    "Input should be a valid number, unable to parse string as a number",
)
# words click writes outside an error's message
CLICK_WORDS = ("Usage:", "Show this message and exit.", "[OPTIONS]", "COMMAND [ARGS]...")
_FIELD = re.compile(r"\{(\w+)\}")
_patched: list[Any] = []  # the English originals, kept once: (owner, name, original)


def _pattern(template: str) -> re.Pattern[str]:
    parts = _FIELD.split(template)  # literal, field, literal, field...
    rx = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" for i, p in enumerate(parts))
    return re.compile(f"^{rx}$", re.DOTALL)


_PATTERNS = [(t, _pattern(t)) for t in CLICK_SENTENCES]


def typer_texts() -> list[str]:
    """typer's own gettext ids, read from its installed source."""
    import typer.core
    import typer.rich_utils

    seen: dict[str, None] = {}
    for module in (typer.core, typer.rich_utils):
        path = Path(str(module.__file__))
        for _line, msg, _c, _ctx in extract_from_file("python", path, {"_": None}):
            for text in msg if isinstance(msg, tuple) else (msg,):
                if text:
                    seen.setdefault(text, None)
    return list(seen)


@cache
def click_texts() -> tuple[str, ...]:
    """Every message id of click's and typer's words, once each."""
    return tuple(dict.fromkeys([*typer_texts(), *CLICK_SENTENCES, *CLICK_WORDS]))


def reword(message: str, words: Catalog) -> str:
    """One of click's sentences in `words`' language (a nested message too); any other text
    as it is."""
    for template, pattern in _PATTERNS:
        found = pattern.match(message)
        if found:
            fields = found.groupdict()
            if "message" in fields:
                fields["message"] = reword(fields["message"], words)
            return words.gettext(template).format(**fields)
    return message


def _wrap(owner: Any, name: str, make: Callable[[Any], Any]) -> None:
    """Replaces `owner.name` by `make(original)`, the original kept from the first time."""
    kept = [orig for o, n, orig in _patched if o is owner and n == name]
    if not kept:
        kept = [owner.__dict__[name]]
        _patched.append((owner, name, kept[0]))
    setattr(owner, name, make(kept[0]))


def speak(words: Catalog) -> None:
    """click and typer word their messages in `words`' language from now on (English again
    with the English catalog)."""
    import typer.core
    import typer.rich_utils
    from typer._click import core, exceptions, formatting

    typer.core._ = words.gettext  # type: ignore[assignment]
    ids = set(typer_texts())
    names = {n for owner, n, _o in _patched if owner is typer.rich_utils}
    for name, value in vars(typer.rich_utils).items():
        if name.isupper() and isinstance(value, str) and value in ids:
            names.add(name)
    for name in sorted(names):
        _wrap(typer.rich_utils, name, lambda english: words.gettext(english))

    for cls in vars(exceptions).values():
        if isinstance(cls, type) and "format_message" in cls.__dict__:
            _wrap(cls, "format_message", lambda f: lambda self: reword(f(self), words))

    def usage(f: Any) -> Any:
        def write_usage(self: Any, prog: str, args: str = "", prefix: str | None = None) -> None:
            f(self, prog, args, words.gettext("Usage:") + " " if prefix is None else prefix)

        return write_usage

    _wrap(formatting.HelpFormatter, "write_usage", usage)

    def help_option(f: Any) -> Any:
        def get_help_option(self: Any, ctx: Any) -> Any:
            option = f(self, ctx)
            if option is not None and option.help == "Show this message and exit.":
                option.help = words.gettext(option.help)
            return option

        return get_help_option

    _wrap(core.Command, "get_help_option", help_option)

    def pieces(f: Any) -> Any:
        def collect_usage_pieces(self: Any, ctx: Any) -> list[str]:
            return [words.gettext(piece) for piece in f(self, ctx)]

        return collect_usage_pieces

    _wrap(core.Command, "collect_usage_pieces", pieces)
    _wrap(typer.core.TyperGroup, "collect_usage_pieces", pieces)
