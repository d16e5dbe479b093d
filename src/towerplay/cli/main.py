"""The `towerplay` command: `play` a game in the terminal, `sim` many games, `serve` them.

Each command is imported when it runs (cli/lazy.py): the games, their content and the store
load only for the command that needs them, and `towerplay --help` needs none.
"""

from __future__ import annotations

import sys

import typer

from towerplay.cli import lazy
from towerplay.cli.click_words import speak
from towerplay.cli.help import asked_language, translate
from towerplay.cli.lang import speaking
from towerplay.cli.lazy import Lazy, lazy_group
from towerplay.i18n import catalog

# each command: its module and name, and the first paragraph of its help (its listing)
PLAY = {
    "rtdt": Lazy(
        "towerplay.cli.rtdt",
        "play_rtdt",
        "Play Return to Dark Tower (cooperative or competitive) in the terminal.",
    ),
    "tactics": Lazy(
        "towerplay.cli.tactics",
        "play_tactics",
        "Play an Adventure Tactics encounter in the terminal.",
    ),
}
SIM = {
    "rtdt": Lazy(
        "towerplay.cli.rtdt",
        "sim_rtdt",
        "Play many Return to Dark Tower games with AI seats and report the results.",
    ),
    "tactics": Lazy(
        "towerplay.cli.tactics",
        "sim_tactics",
        "Play many encounters with AI seats and report outcomes and speed.",
    ),
    "campaign": Lazy(
        "towerplay.cli.sim_campaign",
        "sim_campaign",
        "Play many whole campaigns with AI seats; report endings, chapters, encounter\n"
        "success rates, levels and classes reached, and errors.",
    ),
}
TOP = {
    "serve": Lazy(
        "towerplay.cli.serve",
        "serve",
        "Serve the tables of a store to browsers: the JSON API and a WebSocket per seat.",
    ),
    "report": Lazy(
        "towerplay.cli.report",
        "report",
        "Win rates with 95% intervals by players and difficulty, hero, foe, adversary,\n"
        "companion, Covenant, encounter and class; the items and virtues that went with the "
        "result;\nhow games ended; game lengths.",
    ),
    "play": Lazy("towerplay.cli.main", "play_app", "Play a game in the terminal."),
    "sim": Lazy(
        "towerplay.cli.main", "sim_app", "Simulate many games and print statistics as JSON."
    ),
    "campaign": Lazy(
        "towerplay.cli.campaign",
        "campaign_app",
        "Adventure Tactics campaigns: start, list, continue, key, export and import.",
    ),
    "tower": Lazy(
        "towerplay.cli.tower",
        "tower_app",
        "The real Tower over Bluetooth: find one, and drive it through a game.",
    ),
}

app = typer.Typer(
    help="towerplay: Return to Dark Tower and Adventure Tactics, played and simulated.",
    no_args_is_help=True,
    cls=lazy_group(TOP),
)
play_app = typer.Typer(
    help="Play a game in the terminal.", no_args_is_help=True, cls=lazy_group(PLAY)
)
sim_app = typer.Typer(
    help="Simulate many games and print statistics as JSON.",
    no_args_is_help=True,
    cls=lazy_group(SIM),
)

# typer makes a group of an app that has a callback, before any command is imported
for _group in (app, play_app, sim_app):
    _group.callback()(lambda: None)


def main() -> None:
    """The console script: the commands, their `--help` and click's own words in the language
    asked."""
    command = typer.main.get_command(app)
    words = catalog(asked_language(sys.argv[1:]))
    lazy.WORDS[:] = [words]  # a command imported later is worded so too
    translate(command, words)
    speak(words)
    with speaking(words):  # an error met before a command speaks its own `--lang`
        command()


if __name__ == "__main__":  # pragma: no cover
    main()
