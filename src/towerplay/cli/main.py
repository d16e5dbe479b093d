"""The `towerplay` command: `play` a game in the terminal, `sim` many games, `serve` them."""

from __future__ import annotations

import sys

import typer

from towerplay.cli.campaign import campaign_app
from towerplay.cli.click_words import speak
from towerplay.cli.help import asked_language, translate
from towerplay.cli.lang import speaking
from towerplay.cli.report import report
from towerplay.cli.rtdt import play_rtdt, sim_rtdt
from towerplay.cli.serve import serve
from towerplay.cli.sim_campaign import sim_campaign
from towerplay.cli.tactics import play_tactics, sim_tactics
from towerplay.i18n import catalog

app = typer.Typer(
    help="towerplay: Return to Dark Tower and Adventure Tactics, played and simulated.",
    no_args_is_help=True,
)
play_app = typer.Typer(help="Play a game in the terminal.", no_args_is_help=True)
sim_app = typer.Typer(
    help="Simulate many games and print statistics as JSON.", no_args_is_help=True
)
app.add_typer(play_app, name="play")
app.add_typer(sim_app, name="sim")
app.add_typer(campaign_app, name="campaign")

play_app.command("rtdt")(play_rtdt)
sim_app.command("rtdt")(sim_rtdt)
play_app.command("tactics")(play_tactics)
sim_app.command("tactics")(sim_tactics)
sim_app.command("campaign")(sim_campaign)
app.command("serve")(serve)
app.command("report")(report)


def main() -> None:
    """The console script: the commands, their `--help` and click's own words in the language
    asked."""
    command = typer.main.get_command(app)
    words = catalog(asked_language(sys.argv[1:]))
    translate(command, words)
    speak(words)
    with speaking(words):  # an error met before a command speaks its own `--lang`
        command()


if __name__ == "__main__":  # pragma: no cover
    main()
