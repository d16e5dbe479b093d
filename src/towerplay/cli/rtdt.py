"""`towerplay play rtdt` and `towerplay sim rtdt`: Return to Dark Tower in the terminal.

This module reads the command-line options; the screen is `rtdt_screen` (with
`rtdt_board`, `rtdt_panels` and `rtdt_words`), the read-eval loop is `loop` (shared
with Adventure Tactics), and the batch runner is `towerplay.sim.rtdt`.

Seats are numbered from 0, as in the notation (`trade 1`) and in `--ai 1=random`.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from towerplay.agents import Agent
from towerplay.cli import loop
from towerplay.cli.common import LangOption, fail, fail_on, language_option
from towerplay.cli.completion import Completer, terminal_completer
from towerplay.cli.lang import _, speaking
from towerplay.cli.quoted import OptionError
from towerplay.cli.rtdt_screen import RtdtScreen, action_grid, load_game, render, save_game
from towerplay.cli.rtdt_words import needs_text
from towerplay.cli.sim_options import (
    OutOption,
    QuietOption,
    RayOption,
    WorkersOption,
    out_of,
    progress_of,
    workers_of,
)
from towerplay.core.errors import SaveError
from towerplay.games import RTDT
from towerplay.rtdt import gamecode
from towerplay.rtdt.game import RtdtGame, new_game
from towerplay.rtdt.options import RtdtOptions
from towerplay.rtdt.world import get_world
from towerplay.sim.rtdt import simulate

__all__ = [
    "Completer",
    "action_grid",
    "build_game",
    "load_game",
    "make_agent",
    "needs_text",
    "play_loop",
    "play_rtdt",
    "render",
    "save_game",
    "sim_rtdt",
    "simulate",
]

ExpansionOption = Annotated[
    str | None,
    typer.Option("--expansion", help="covenant: play the Covenant expansion (cooperative)."),
]
TreasuresOption = Annotated[
    str | None,
    typer.Option(
        "--treasures",
        help="Treasure deck: base, covenant or both (default: both with the expansion).",
    ),
]
NewCorruptionsOption = Annotated[
    int | None,
    typer.Option(
        "--new-corruptions",
        help="Covenant corruptions shuffled in, 0-12 (default: 12 with the expansion).",
    ),
]
OnlyNewCorruptionsOption = Annotated[
    bool,
    typer.Option("--only-new-corruptions", help="A corruption deck of the 12 Covenant ones only."),
]


MODES = ("cooperative", "competitive")
EXPANSIONS = ("covenant",)
TREASURE_DECKS = ("base", "covenant", "both")
SCREEN = RtdtScreen()
make_agent = RTDT.agents.make  # an RtDT agent by name: make_agent(name, seed)


def play_loop(
    game: RtdtGame,
    console: Console,
    read: Callable[[str], str] = input,
    ai: dict[int, Agent] | None = None,
    completer: Completer | None = None,
    clear_screen: bool | None = None,
    pace: float = 0.0,
    notes: Sequence[str] = (),
) -> RtdtGame:
    """Play Return to Dark Tower in the shared loop (see `loop.play_loop`)."""
    return loop.play_loop(
        SCREEN, game, console, read, ai, completer, clear_screen, pace=pace, notes=notes
    )


def id_lists() -> Table:
    """What `play rtdt --list` prints: the ids to give --heroes, --foes, --adversary and
    --companion, each with its name."""
    c = get_world().content
    table = Table(_("option"), _("id"), _("name"), title=_("Return to Dark Tower ids"), box=None)
    rows: list[tuple[str, str, str]] = []
    covenant = set(c.covenant_heroes)
    for hid, h in c.heroes.items():
        rows.append(("--heroes", hid, h.name + (" (Covenant)" if hid in covenant else "")))
    for fid, f in sorted(c.foes.items(), key=lambda kv: (kv[1].level, kv[0])):
        rows.append(("--foes", fid, _("{name} (level {level})").format(name=f.name, level=f.level)))
    for aid in gamecode.ADVERSARIES:
        rows.append(("--adversary", aid, c.adversaries[aid].name))
    for cid in gamecode.COMPANIONS:
        rows.append(("--companion", cid, c.companions[cid].name))
    last = ""
    for option, eid, name in rows:
        table.add_row(option if option != last else "", eid, name)
        last = option
    return table


def code_note(code: str | None, heroes: Sequence[str], game: RtdtGame) -> str | None:
    """A game code fixes the setup and the seed but not the heroes: when none were chosen,
    say which were dealt, so the same game can be set up again."""
    if not code or heroes:
        return None
    dealt = [h["hero"] for h in game.observe(0)["heroes"]]
    return _(
        "The code {code} does not carry the heroes; its seed dealt {dealt} "
        "(--heroes {ids} chooses them)."
    ).format(code=code, dealt=", ".join(dealt), ids=",".join(dealt))


def parse_heroes(text: str | None) -> list[str]:
    if not text:
        return []
    return [
        h.strip().lower().replace("-", "_").replace(" ", "_") for h in text.split(",") if h.strip()
    ]


def parse_ai(specs: Sequence[str], players: int, seed: int) -> dict[int, Agent]:
    """`SEAT=AGENT` options into agents; raises ValueError naming the bad one."""
    out: dict[int, Agent] = {}
    for spec in specs:
        for part in spec.split(","):
            seat_text, sep, name = part.strip().partition("=")
            name = name.strip().lower() if sep else "random"
            if not seat_text.strip().isdigit():
                raise OptionError(
                    "--ai {part}: expected SEAT=AGENT, like 1=random", part=repr(part)
                )
            seat = int(seat_text)
            if not 0 <= seat < players:
                raise OptionError(
                    "--ai {part}: the seats of this game are {seats}",
                    part=repr(part),
                    seats=", ".join(map(str, range(players))),
                )
            out[seat] = make_agent(name, seed * 8 + seat)
    return out


def check_covenant_options(
    expansion: str,
    treasures: str,
    new_corruptions: int | None,
    only_new_corruptions: bool,
    mode: str = "cooperative",
) -> str:
    """The Covenant options checked, each error naming its option; returns the expansion
    ("covenant" or "")."""
    expansion = "" if expansion in ("", "none", "base") else expansion
    if expansion and expansion not in EXPANSIONS:
        raise OptionError(
            "--expansion must be {expansions} (or none), not {expansion}",
            expansions=" or ".join(EXPANSIONS),
            expansion=repr(expansion),
        )
    if expansion and mode != "cooperative":  # COV-MODE-1
        raise OptionError("--expansion covenant is cooperative only; leave out --mode competitive")
    if treasures and treasures not in TREASURE_DECKS:
        raise OptionError(
            "--treasures must be {decks} or {last}, not {treasures}",
            decks=", ".join(TREASURE_DECKS[:-1]),
            last=TREASURE_DECKS[-1],
            treasures=repr(treasures),
        )
    most = len(get_world().content.covenant_corruptions)
    if new_corruptions is not None and not 0 <= new_corruptions <= most:
        raise OptionError(
            "--new-corruptions must be 0-{most}, not {n}", most=most, n=new_corruptions
        )
    if only_new_corruptions and new_corruptions not in (None, most):
        raise OptionError(
            "--only-new-corruptions plays all {most} new corruptions; "
            "leave out --new-corruptions {n}",
            most=most,
            n=new_corruptions,
        )
    return expansion


def build_game(
    players: int | None,
    heroes: Sequence[str],
    difficulty: str,
    code: str | None,
    seed: int | None,
    mode: str = "cooperative",
    foes: Sequence[str] = (),
    adversary: str = "",
    companion: str = "",
    expansion: str = "",
    treasures: str = "",
    new_corruptions: int | None = None,
    only_new_corruptions: bool = False,
) -> RtdtGame:
    """A new game from command-line options; raises ValueError with a one-line message."""
    if difficulty not in ("heroic", "gritty"):
        raise OptionError(
            "--difficulty must be heroic or gritty, not {difficulty}", difficulty=repr(difficulty)
        )
    if mode not in MODES:
        raise OptionError("--mode must be cooperative or competitive, not {mode}", mode=repr(mode))
    expansion = check_covenant_options(
        expansion, treasures, new_corruptions, only_new_corruptions, mode
    )
    covenant: dict[str, Any] = {
        "treasures": treasures,
        "new_corruptions": new_corruptions,
        "only_new_corruptions": only_new_corruptions,
    }
    if code:
        setup = gamecode.decode(code)
        if players is not None and players != setup.players:
            raise OptionError(
                "the code {code} is for {n} player(s), not {players}",
                code=code,
                n=setup.players,
                players=players,
            )
        if expansion and not setup.covenant:
            raise OptionError(
                "the code {code} is not a Covenant game; leave out --expansion", code=code
            )
        return new_game(RtdtOptions(heroes=tuple(heroes), code=code, **covenant).config())
    n = players if players is not None else (len(heroes) or 1)
    if not 1 <= n <= 4:
        raise OptionError("--players must be 1-4, not {players}", players=n)
    if mode == "competitive" and n < 2:
        raise OptionError("--mode competitive needs 2-4 players")
    if heroes and len(heroes) != n:
        raise OptionError(
            "{n} player(s) need {n} hero(es), got {got}: {heroes}",
            n=n,
            got=len(heroes),
            heroes=", ".join(heroes),
        )
    if seed is None:
        seed = random.SystemRandom().randrange(gamecode.SEED_LIMIT)
    if seed < 0:
        raise OptionError("--seed must be 0 or more, not {seed}", seed=seed)
    options = RtdtOptions(
        players=n,
        heroes=tuple(heroes),
        difficulty=difficulty,
        mode=mode,
        foes=tuple(foes),
        adversary=adversary,
        companion=companion,
        expansion=expansion,
        **covenant,
    )
    return new_game(options.config(seed))


def play_rtdt(
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Heroes in the game, 1-4.")
    ] = None,
    heroes: Annotated[
        str | None, typer.Option("--heroes", help="Comma-separated hero ids, seat 0 first.")
    ] = None,
    difficulty: Annotated[str, typer.Option("--difficulty", help="heroic or gritty.")] = "heroic",
    code: Annotated[
        str | None, typer.Option("--code", help="A game code XXXX-XXXX-XXXX to replay a setup.")
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed for a new game (default: random).")
    ] = None,
    ai: Annotated[
        list[str] | None,
        typer.Option(
            "--ai",
            help="SEAT=AGENT (random, heuristic, search[:BUDGET], e.g. 2=search:0.5s): that seat "
            "(from 0) is played by the AI. "
            "Repeatable.",
        ),
    ] = None,
    load: Annotated[Path | None, typer.Option("--load", help="Continue a saved game.")] = None,
    pace: Annotated[
        float, typer.Option("--pace", help="Seconds to show each AI decision (default 0).")
    ] = 0.0,
    list_ids: Annotated[
        bool,
        typer.Option("--list", help="List the heroes, foes, adversaries and companions, and exit."),
    ] = False,
    mode: Annotated[
        str, typer.Option("--mode", help="cooperative or competitive (2-4 players).")
    ] = "cooperative",
    foes: Annotated[
        str | None,
        typer.Option("--foes", help="Three foes, levels 2, 3, 4: e.g. brigands,lemures,titans."),
    ] = None,
    adversary: Annotated[
        str | None, typer.Option("--adversary", help="The adversary, e.g. ashstrider.")
    ] = None,
    companion: Annotated[
        str | None,
        typer.Option(
            "--companion", help="The main companion (its main goal is played), e.g. zaida."
        ),
    ] = None,
    expansion: ExpansionOption = None,
    treasures: TreasuresOption = None,
    new_corruptions: NewCorruptionsOption = None,
    only_new_corruptions: OnlyNewCorruptionsOption = False,
    lang: LangOption = None,
) -> None:
    """Play Return to Dark Tower (cooperative or competitive) in the terminal."""
    tongue = language_option(lang)
    if list_ids:
        with speaking(tongue):
            Console(highlight=False).print(id_lists())
        return
    if pace < 0:
        raise fail("--pace must be 0 or more seconds, not {pace}", tongue, pace=pace)
    note = None
    try:
        if load is not None:
            game = load_game(str(load))
        else:
            game = build_game(
                players,
                parse_heroes(heroes),
                difficulty.lower(),
                code,
                seed,
                mode.lower(),
                parse_heroes(foes),
                (adversary or "").lower(),
                (companion or "").lower(),
                (expansion or "").lower(),
                (treasures or "").lower(),
                new_corruptions,
                only_new_corruptions,
            )
        view = game.observe(0)
        # the AI seats are seeded from the game code's seed, so a code replays the same game
        agents = parse_ai(ai or [], view["config"]["players"], gamecode.decode(view["code"]).seed)
    except (ValueError, SaveError) as exc:
        raise fail_on(exc, tongue) from None
    console = Console(highlight=False)
    completer = terminal_completer(sys.stdin.isatty())
    with speaking(tongue):
        if load is None:
            note = code_note(code, parse_heroes(heroes), game)
        play_loop(game, console, input, agents, completer, pace=pace, notes=[note] if note else [])


def _chosen(ids: str | None) -> tuple[str, ...]:
    """A comma-separated choice; none or 'random' leaves it to each game's seed."""
    if ids is None or ids.strip().lower() == "random":
        return ()
    return tuple(x.strip().lower() for x in ids.split(",") if x.strip())


def _check_sim(
    games: int, players: int, agent: str, difficulty: str, seed: int, mode: str, tongue: str
) -> None:
    """`sim rtdt`'s options, each refused in the words of the option a player typed."""
    if games < 1:
        raise fail("--games must be 1 or more, not {games}", tongue, games=games)
    if not 1 <= players <= 4:
        raise fail("--players must be 1-4, not {players}", tongue, players=players)
    try:
        RTDT.agents.check(agent)
    except ValueError as exc:
        raise fail_on(exc, tongue) from None
    if difficulty not in ("heroic", "gritty"):
        raise fail(
            "--difficulty must be heroic or gritty, not '{difficulty}'",
            tongue,
            difficulty=difficulty,
        )
    if seed < 0:
        raise fail("--seed must be 0 or more, not {seed}", tongue, seed=seed)
    if mode not in MODES:
        raise fail("--mode must be cooperative or competitive, not '{mode}'", tongue, mode=mode)
    if mode == "competitive" and players < 2:
        raise fail("--mode competitive needs 2-4 players", tongue)


def sim_rtdt(
    games: Annotated[int, typer.Option("--games", "-n", help="Games to play.")] = 100,
    players: Annotated[int, typer.Option("--players", "-p", help="Heroes per game, 1-4.")] = 1,
    agent: Annotated[
        str,
        typer.Option(
            "--agent",
            help="Who plays every seat: random, heuristic or search[:BUDGET] (docs/agents.md).",
        ),
    ] = "random",
    seed: Annotated[int, typer.Option("--seed", help="Game i uses seed S+i.")] = 0,
    difficulty: Annotated[str, typer.Option("--difficulty", help="heroic or gritty.")] = "heroic",
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    mode: Annotated[
        str, typer.Option("--mode", help="cooperative or competitive (2-4 players).")
    ] = "cooperative",
    expansion: ExpansionOption = None,
    treasures: TreasuresOption = None,
    new_corruptions: NewCorruptionsOption = None,
    only_new_corruptions: OnlyNewCorruptionsOption = False,
    heroes: Annotated[
        str | None,
        typer.Option(
            "--heroes",
            help="Comma-separated hero ids, seat 0 first; 'random' (the "
            "default) deals them from each game's seed.",
        ),
    ] = None,
    foes: Annotated[
        str | None,
        typer.Option("--foes", help="Three foes, levels 2, 3, 4, or 'random'."),
    ] = None,
    adversary: Annotated[
        str | None, typer.Option("--adversary", help="The adversary, or 'random'.")
    ] = None,
    companion: Annotated[
        str | None, typer.Option("--companion", help="The main companion, or 'random'.")
    ] = None,
    workers: WorkersOption = None,
    ray: RayOption = None,
    out: OutOption = None,
    quiet: QuietOption = False,
    lang: LangOption = None,
) -> None:
    """Play many Return to Dark Tower games with AI seats and report the results."""
    tongue = language_option(lang)
    difficulty, mode = difficulty.lower(), mode.lower()
    _check_sim(games, players, agent, difficulty, seed, mode, tongue)
    treasures = (treasures or "").lower()
    try:
        expansion = check_covenant_options(
            (expansion or "").lower(), treasures, new_corruptions, only_new_corruptions, mode
        )
        options = RtdtOptions(
            players=players,
            heroes=tuple(_chosen(heroes)),
            difficulty=difficulty,
            mode=mode,
            foes=tuple(_chosen(foes)),
            adversary="".join(_chosen(adversary)),
            companion="".join(_chosen(companion)),
            expansion=expansion,
            treasures=treasures,
            new_corruptions=new_corruptions,
            only_new_corruptions=only_new_corruptions,
        )
        report = simulate(
            games,
            agent,
            seed,
            options,
            workers=workers_of(workers),
            ray=ray,
            out=out_of(out),
            progress=progress_of(quiet, as_json, tongue),
        )
    except (ValueError, SaveError) as exc:
        raise fail_on(exc, tongue) from None
    if as_json:
        typer.echo(json.dumps(report))
        return
    with speaking(tongue):
        print_report(report)


def print_report(report: dict[str, Any]) -> None:
    """A `sim rtdt` report as a table: results by outcome and cause, speed, errors (in the
    screen's language; the JSON of `--json` is data and stays English)."""
    console = Console(highlight=False)
    title = _("rtdt: {games} game(s), {players} player(s), {agent}, {difficulty}, {mode}").format(
        games=report["games"],
        players=report["players"],
        agent=report["agent"],
        difficulty=_(report["difficulty"]),
        mode=_(report["mode"]),
    )
    if report["expansion"]:
        title += _(", {expansion} ({treasures} treasures)").format(
            expansion=report["expansion"], treasures=report["treasures"]
        )
    table = Table(title=title)
    table.add_column(_("outcome"))
    table.add_column(_("cause"))
    table.add_column(_("games"), justify="right")
    for outcome, causes in report["results"].items():
        for cause, count in sorted(causes.items(), key=lambda kv: -kv[1]):
            table.add_row(_(outcome), _(cause), str(count))
    if report["errors"]:
        table.add_row(_("error"), _("(see below)"), str(len(report["errors"])), style="red")
    console.print(table)
    if report["mode"] == "competitive":
        wins = " · ".join(
            _("seat {seat} {n}").format(seat=s, n=n) for s, n in report["wins_by_seat"].items()
        )
        console.print(_("wins by seat: {wins}").format(wins=wins))
    console.print(
        _(
            "{decisions} decisions · {rate} decisions/s · {games} games/s · mean turns {turns}"
        ).format(
            decisions=report["decisions"],
            rate=f"{report['decisions_per_second']:.0f}",
            games=f"{report['games_per_second']:.1f}",
            turns=report["mean_turns"],
        )
    )
    for err in report["errors"][:10]:
        console.print(
            Text(
                _("seed {seed}: {error}").format(seed=err["seed"], error=err["error"]), style="red"
            )
        )
