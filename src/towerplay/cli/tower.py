"""`towerplay tower`: find a real Tower over Bluetooth, and drive one (or the fake Tower)
through a game played by AI seats, saying each thing the Tower does and the bytes sent
(docs/tower-ble.md)."""

from __future__ import annotations

import asyncio
from typing import Annotated

import typer

from towerplay.agents.heuristic import HeuristicAgent
from towerplay.cli.common import LangOption, fail, language_option
from towerplay.cli.lang import _, speaking
from towerplay.core.protocol import SPECTATOR
from towerplay.games import RTDT
from towerplay.tower_link import ble, packets
from towerplay.tower_link.fake import FakeTower
from towerplay.tower_link.link import TowerError, TowerLink, Transport
from towerplay.tower_link.show import cues

tower_app = typer.Typer(
    help="The real Tower over Bluetooth: find one, and drive it through a game.",
    no_args_is_help=True,
)


@tower_app.command("scan")
def scan(
    seconds: Annotated[float, typer.Option(help="how long to listen, in seconds")] = 8.0,
    lang: LangOption = None,
) -> None:
    """List the Towers in reach, with the address `tower demo --address` takes."""
    tongue = language_option(lang)
    with speaking(tongue):
        try:
            found = asyncio.run(ble.scan(seconds))
        except ble.NoBluetooth as e:
            raise fail("{problem}", tongue, problem=str(e)) from None
        if not found:
            typer.echo(_("No Tower in reach: is it switched on and not connected to a phone?"))
        for address, name in found:
            typer.echo(f"{address}  {name}")


@tower_app.command("demo")
def demo(
    address: Annotated[
        str, typer.Option(help="a Tower's address (tower scan); without it, the fake Tower")
    ] = "",
    players: Annotated[int, typer.Option(min=1, max=4)] = 1,
    seed: int = 1,
    quiet: Annotated[bool, typer.Option(help="no sound")] = False,
    still: Annotated[bool, typer.Option(help="no drum turns and no light shows")] = False,
    speed: Annotated[
        float, typer.Option(help="the fake Tower's animations this many times faster")
    ] = 20.0,
    steps: Annotated[int, typer.Option(help="stop after this many of the game's steps")] = 400,
    lang: LangOption = None,
) -> None:
    """Calibrate the Tower, then play a Return to Dark Tower game with AI seats and drive
    the Tower through it: its drums follow the game's, and the months, seals, foes, the
    adversary and the end play their lights and sounds."""
    tongue = language_option(lang)
    with speaking(tongue):
        try:
            asyncio.run(_demo(address, players, seed, quiet, still, speed, steps))
        except (ble.NoBluetooth, TowerError) as e:
            raise fail("{problem}", tongue, problem=str(e)) from None


async def _demo(
    address: str, players: int, seed: int, quiet: bool, still: bool, speed: float, steps: int
) -> None:
    transport: Transport = await ble.BleTransport.connect(address) if address else FakeTower(speed)
    link = TowerLink(transport, quiet=quiet, still=still)
    try:
        typer.echo(_("Calibrating the Tower…"))
        await link.calibrate()
        game = RTDT.new({"players": players}, seed)
        agents = [HeuristicAgent(seed * 7 + i) for i in range(players)]
        before = None
        for _step in range(steps):
            view = game.observe(SPECTATOR, told=False)
            for cue in cues(before, view):
                sent = len(link.sent)
                await link.play(cue)
                said = packets.hex_bytes(link.sent[-1]) if len(link.sent) > sent else "-"
                typer.echo(f"{_('Month {n}').format(n=view['month'])}: {_(cue.why)}  [{said}]")
            if (
                isinstance(transport, FakeTower)
                and before
                and view["turn_number"] > before["turn_number"]
            ):
                transport.drop_skull()  # the turn ended: its hero dropped a skull in the Tower
            before = view
            if game.to_act is None:
                break
            game.apply(agents[game.to_act].act(game))
        await link.send_state(link.echoed)  # its echo holds the counter as it is now
        typer.echo(
            _("Skulls counted by the Tower: {n}; turns played: {turns}").format(
                n=link.skulls, turns=before["turn_number"] if before else 0
            )
        )
    finally:
        await link.close()
