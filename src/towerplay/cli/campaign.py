"""`towerplay campaign ...`: Adventure Tactics campaigns kept in the store.

A campaign is a record of the store (SQLite in the user's data folder unless `--db`
names another file or a database URL); every action made in it is committed with the
new state in one transaction, so quitting, a crash or `kill -9` loses at most the action
being made. `export` writes a campaign with its whole action log to a JSON file;
`import` checks such a file like a save before anything is written.
"""

from __future__ import annotations

import json
import secrets
import sys
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from towerplay.agents import Agent
from towerplay.cli import lang as cli_lang
from towerplay.cli import loop
from towerplay.cli.campaign_screen import CampaignScreen
from towerplay.cli.common import LangOption, fail, fail_on, language_option, read_json
from towerplay.cli.completion import terminal_completer
from towerplay.cli.lang import _, speaking
from towerplay.cli.quoted import reword
from towerplay.core.errors import IllegalAction, SaveError, TowerplayError
from towerplay.core.files import write_atomic
from towerplay.games import CAMPAIGN
from towerplay.store import Store, open_store
from towerplay.store.keys import record_key
from towerplay.tactics.campaign.game import CampaignGame, new_game, summary

KIND = "tactics-campaign"
SCREEN = CampaignScreen()

campaign_app = typer.Typer(
    help="Adventure Tactics campaigns: start, list, continue, key, export and import.",
    no_args_is_help=True,
)
DbOption = Annotated[
    str | None,
    typer.Option("--db", help="store: a SQLite file or a database URL (default: your data folder)"),
]
AiOption = Annotated[
    list[str] | None,
    typer.Option("--ai", help="SEAT=AGENT (random, heuristic, search[:BUDGET]), repeatable"),
]


def _store(db: str | None, lang: str | None = None) -> Store:
    try:
        return open_store(db)
    except TowerplayError as exc:
        raise fail_on(exc, lang) from exc


def _ais(specs: list[str], seed: int, seats: int, lang: str | None = None) -> dict[int, Agent]:
    out: dict[int, Agent] = {}
    for spec in specs:
        seat_text, _, name = spec.partition("=")
        if not seat_text.isdigit() or not name:
            raise fail(
                "--ai takes SEAT=AGENT (random, heuristic, search...), not {spec}",
                lang,
                spec=repr(spec),
            )
        if int(seat_text) >= seats:
            raise fail(
                "--ai {spec}: the seats of this campaign are {seats}",
                lang,
                spec=repr(spec),
                seats=", ".join(map(str, range(seats))),
            )
        try:
            out[int(seat_text)] = CAMPAIGN.agents.make(name, seed + int(seat_text))
        except ValueError as exc:
            raise fail_on(exc, lang) from exc
    return out


def _write(file: str, data: dict[str, Any]) -> None:
    """A JSON file written atomically; a failure is one clear line and exit code 2."""
    try:
        write_atomic(file, json.dumps(data))
    except OSError as exc:
        raise fail(
            "could not write {file}: {reason}",
            file=file,
            reason=reword(exc.strerror or str(exc), cli_lang.current()),
        ) from exc


def load_record(store: Store, record_id: str, lang: str | None = None) -> tuple[CampaignGame, int]:
    """The campaign kept under `record_id` and its version in the store."""
    try:
        rec = store.get(record_id)
    except TowerplayError as exc:
        raise fail_on(exc, lang) from exc
    if rec.kind != KIND:
        raise fail("{record} is a {kind}, not a campaign", lang, record=record_id, kind=rec.kind)
    try:
        return CampaignGame.from_json(rec.document, f"campaign {record_id}"), rec.version
    except SaveError as exc:
        raise fail_on(exc, lang) from exc


def play(
    store: Store,
    record_id: str,
    game: CampaignGame,
    version: int,
    ai: list[str],
    tongue: str = "en",
) -> None:
    """Play on, committing every action, the screen in `tongue`; returns when the player
    quits or it ends."""
    kept = {"version": version}

    def commit(g: CampaignGame, action: str) -> None:
        seat = g.to_act
        rec = store.commit(
            record_id,
            kept["version"],
            action,
            g.to_json(),
            summary(g),
            actor=None if seat is None else f"seat {seat}",
        )
        kept["version"] = rec.version

    console = Console()
    with speaking(tongue):
        console.print(
            _("Campaign {id}: every action is kept (quit any time; continue later).").format(
                id=record_id
            )
        )
        loop.play_loop(
            SCREEN,
            game,
            console,
            input,
            _ais(ai, version, game.s.heroes_count),
            terminal_completer(sys.stdin.isatty()),
            after=commit,
        )
        console.print(kept_line(store, record_id))


def kept_line(store: Store, record_id: str) -> str:
    """Where a kept campaign goes on: the terminal's command, and the key a browser table
    needs (`towerplay serve` on this store opens a campaign only for its key)."""
    return _(
        "Campaign {id} is kept: `towerplay campaign continue {id}` goes on from here. "
        "To play it in a browser (towerplay serve on this store), give the lobby its id "
        "and the key {key}; keep the key for the people who play it."
    ).format(id=record_id, key=record_key(store, record_id))


@campaign_app.command("new")
def new(
    heroes: Annotated[int, typer.Option(help="party size, 3 to 5 (locked for the campaign)")] = 4,
    difficulty: Annotated[str, typer.Option(help="easy | normal | hard")] = "normal",
    players: Annotated[int, typer.Option(help="how many people share the heroes")] = 1,
    name: Annotated[str, typer.Option(help="a name for the campaign")] = "",
    seed: Annotated[
        int | None, typer.Option(help="random seed (default: drawn, so each campaign differs)")
    ] = None,
    ai: AiOption = None,
    db: DbOption = None,
    lang: LangOption = None,
) -> None:
    """Start a campaign at Chapter 1 and play it."""
    tongue = language_option(lang)
    try:
        if seed is None:  # every new campaign its own, unless one is asked for by its seed
            seed = secrets.randbelow(2**31)
        game = new_game({"heroes": heroes, "difficulty": difficulty, "players": players}, seed)
    except (ValueError, IllegalAction) as exc:
        raise fail_on(exc) from exc
    _ais(ai or [], 0, heroes, tongue)  # a bad --ai before anything is kept; a seat a hero
    store = _store(db, tongue)
    if not name:  # named in the language it is started in: the list shows it as kept
        with speaking(tongue):
            name = _("{heroes} heroes, {difficulty}").format(
                heroes=heroes, difficulty=_(difficulty)
            )
    rec = store.create(KIND, name, game.to_json(), summary(game))
    play(store, rec.id, game, rec.version, ai or [], tongue)


@campaign_app.command("continue")
def continue_(
    record_id: Annotated[str, typer.Argument(metavar="ID", help="the campaign's id (see list)")],
    ai: AiOption = None,
    db: DbOption = None,
    lang: LangOption = None,
) -> None:
    """Go on with a kept campaign from where it was left, mid-decision included."""
    tongue = language_option(lang)
    store = _store(db, tongue)
    game, version = load_record(store, record_id, tongue)
    play(store, record_id, game, version, ai or [], tongue)


@campaign_app.command("key")
def key(
    record_id: Annotated[str, typer.Argument(metavar="ID", help="the campaign's id (see list)")],
    db: DbOption = None,
    lang: LangOption = None,
) -> None:
    """The key that opens a kept campaign at a browser table (`towerplay serve`)."""
    tongue = language_option(lang)
    store = _store(db, tongue)
    load_record(store, record_id, tongue)
    with speaking(tongue):
        Console().print(kept_line(store, record_id))


@campaign_app.command("list")
def list_(db: DbOption = None, lang: LangOption = None) -> None:
    """The campaigns kept in the store, the most recently played first."""
    tongue = language_option(lang)
    store = _store(db, tongue)
    with speaking(tongue):
        heads = [_("id"), _("name"), _("chapter"), _("heroes"), _("actions"), _("updated")]
        t = Table(*heads, title=_("Campaigns"))
        ended = _("ended: {ending}")
    for e in store.list(KIND):
        s = e.summary
        where = (
            s.get("ending") and ended.format(ending=s["ending"])
        ) or f"{s.get('chapter')} {s.get('title')}"
        t.add_row(
            e.id,
            e.name,
            where,
            ", ".join(s.get("heroes", [])),
            str(e.version),
            f"{e.updated:%Y-%m-%d %H:%M}",
        )
    Console().print(t)


@campaign_app.command("export")
def export(
    record_id: Annotated[str, typer.Argument(metavar="ID")],
    file: Annotated[str, typer.Argument(metavar="FILE")],
    db: DbOption = None,
    lang: LangOption = None,
) -> None:
    """Write a campaign, with its whole action log, to a JSON file."""
    tongue = language_option(lang)
    store = _store(db, tongue)
    try:
        data = store.export_record(record_id)
    except TowerplayError as exc:
        raise fail_on(exc) from exc
    _write(file, data)
    with speaking(tongue):
        Console().print(_("Exported campaign {id} to {file}.").format(id=record_id, file=file))


@campaign_app.command("import")
def import_(
    file: Annotated[str, typer.Argument(metavar="FILE")],
    db: DbOption = None,
    lang: LangOption = None,
) -> None:
    """Add a campaign from an exported file, checked like a save before it is written."""
    tongue = language_option(lang)
    store = _store(db, tongue)
    try:
        data = read_json(file)

        def check(document: dict[str, Any]) -> None:
            CampaignGame.from_json(document, file)

        rec = store.import_record(data, validate=check, kind=KIND, source=file)
    except TowerplayError as exc:
        raise fail_on(exc) from exc
    with speaking(tongue):
        said = _("Imported {file} as campaign {id} ({name}).")
        Console().print(said.format(file=file, id=rec.id, name=rec.name))


HERO_FORMAT = "towerplay-tactics-hero"


def _hero_index(document: dict[str, Any], hero: str) -> int:
    party = document["state"]["party"]
    for i, h in enumerate(party):
        if h["hero"] == hero:
            return i
    raise fail(
        "no hero {hero} in this campaign: {heroes}",
        hero=repr(hero),
        heroes=", ".join(h["hero"] for h in party),
    )


@campaign_app.command("export-hero")
def export_hero(
    record_id: Annotated[str, typer.Argument(metavar="ID")],
    hero: Annotated[str, typer.Argument(metavar="HERO", help="roberta, olette, ...")],
    file: Annotated[str, typer.Argument(metavar="FILE")],
    db: DbOption = None,
    lang: LangOption = None,
) -> None:
    """Write one hero (level-up cards, cards, abilities, perks) to a JSON file."""
    tongue = language_option(lang)
    store = _store(db, tongue)
    game, _version = load_record(store, record_id, tongue)  # a campaign that loads
    document = game.to_json()
    data = {
        "format": HERO_FORMAT,
        "version": 1,
        "hero": document["state"]["party"][_hero_index(document, hero)],
    }
    _write(file, data)
    with speaking(tongue):
        said = _("Exported {hero} of campaign {id} to {file}.")
        Console().print(said.format(hero=hero, id=record_id, file=file))


@campaign_app.command("import-hero")
def import_hero(
    record_id: Annotated[str, typer.Argument(metavar="ID")],
    file: Annotated[str, typer.Argument(metavar="FILE")],
    db: DbOption = None,
    lang: LangOption = None,
) -> None:
    """Put an exported hero back into a campaign in place of the hero of the same name
    (a backup restored, a hero carried over). The campaign with it must load like a
    save — every copy, class limit and elite class still holding — or nothing changes."""
    tongue = language_option(lang)
    store = _store(db, tongue)
    game, version = load_record(store, record_id, tongue)
    try:
        data = read_json(file)
    except SaveError as exc:
        raise fail_on(exc) from exc
    if not isinstance(data, dict) or data.get("format") != HERO_FORMAT:
        raise fail("{file}: format: expected {format}", file=file, format=repr(HERO_FORMAT))
    if data.get("version") != 1:
        raise fail(
            "{file}: version: expected 1, not {version}",
            file=file,
            version=repr(data.get("version")),
        )
    hero = data.get("hero")
    if not isinstance(hero, dict) or not isinstance(hero.get("hero"), str):
        raise fail("{file}: hero: expected a hero object naming its figure", file=file)
    document = game.to_json()
    document["state"]["party"][_hero_index(document, hero["hero"])] = hero
    try:
        changed = CampaignGame.from_json(document, file)
        store.commit(
            record_id,
            version,
            f"import hero {hero['hero']}",
            changed.to_json(),
            summary(changed),
            actor="import",
        )
    except TowerplayError as exc:
        raise fail_on(exc) from exc
    with speaking(tongue):
        said = _("Imported {hero} from {file} into campaign {id}.")
        Console().print(said.format(hero=hero["hero"], file=file, id=record_id))
