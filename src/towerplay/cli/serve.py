"""`towerplay serve`: the browser server over a store (docs/web.md)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from towerplay.cli.common import LangOption, language_option
from towerplay.cli.lang import _, current, speaking
from towerplay.cli.quoted import quoted
from towerplay.store import StoreError, open_store
from towerplay.store.connect import SYNCHRONOUS


def serve(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(help="store: a SQLite path or a postgresql:// URL (default: the user's)"),
    ] = None,
    pace: Annotated[float, typer.Option(help="seconds between two AI actions")] = 0.3,
    group_commit: Annotated[
        bool,
        typer.Option(
            help="make the actions that arrive together one transaction (one flush to disk)"
        ),
    ] = False,
    sync: Annotated[
        str,
        typer.Option(
            help="SQLite's flush: normal (a killed server loses no answered action; a power "
            "cut may lose the last ones) or full (every answer flushed to disk first)"
        ),
    ] = "normal",
    allowed_host: Annotated[
        list[str] | None,
        typer.Option(
            metavar="NAME",
            help="a name the server is reached by (repeatable); IP addresses and localhost "
            "always are, any other name is refused (against DNS rebinding)",
        ),
    ] = None,
    tables_per_minute: Annotated[
        int, typer.Option(min=1, help="new tables one address may make a minute")
    ] = 10,
    tables_in_play: Annotated[
        int, typer.Option(min=1, help="tables not yet over the store may hold")
    ] = 2_000,
    smtp: Annotated[
        str | None,
        typer.Option(
            metavar="HOST[:PORT]",
            help="an SMTP relay (no login) for the turn mails a seat may ask for; none: no mails",
        ),
    ] = None,
    mail_from: Annotated[
        str, typer.Option(metavar="ADDRESS", help="the turn mails' sender (with --smtp)")
    ] = "",
    site_url: Annotated[
        str, typer.Option(metavar="URL", help="the server's public address, for the mails' link")
    ] = "",
    lang: LangOption = None,
) -> None:
    """Serve the tables of a store to browsers: the JSON API and a WebSocket per seat."""
    bounds = {"tables_per_minute": tables_per_minute, "tables_in_play": tables_in_play}
    with speaking(language_option(lang)):
        mail = _mail(smtp, mail_from, site_url)
        _serve(host, port, db, pace, group_commit, sync, allowed_host or [], bounds, mail)


def _mail(smtp: str | None, sender: str, site: str) -> Any:
    """The turn mails' settings (web/mail.py), or None without --smtp."""
    if smtp is None:
        if sender:
            raise typer.BadParameter(_("--mail-from needs --smtp"), param_hint="--mail-from")
        return None
    from towerplay.web.errors import TableError
    from towerplay.web.mail import MailSettings, check_address

    host, _colon, port = smtp.rpartition(":") if ":" in smtp else (smtp, "", "25")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise typer.BadParameter(_("expected HOST or HOST:PORT"), param_hint="--smtp")
    try:
        if not check_address(sender):
            raise TableError("")
    except TableError:
        raise typer.BadParameter(_("give the sender's address"), param_hint="--mail-from") from None
    return MailSettings(host, int(port), sender, site.strip())


def _serve(
    host: str,
    port: int,
    db: str | None,
    pace: float,
    group_commit: bool,
    sync: str,
    names: list[str],
    bounds: dict[str, int],
    mail: Any = None,
) -> None:
    import uvicorn

    from towerplay.web.app import create_app
    from towerplay.web.guards import Limits  # the engines are imported only to serve them

    if sync.upper() not in SYNCHRONOUS:
        raise typer.BadParameter(_("expected normal or full"), param_hint="--sync")
    try:
        store = open_store(db, synchronous=sync.upper())
    except StoreError as e:
        raise typer.BadParameter(quoted(e, current()), param_hint="--db") from None
    with store:
        url = f"http://{host}:{port}/"
        typer.echo(
            _("towerplay serving {location} on {url}").format(location=store.location, url=url)
        )
        uvicorn.run(
            create_app(
                store,
                pace=pace,
                group_commit=group_commit,
                hosts=[host, *names],
                limits=Limits(**bounds),
                mail=mail,
            ),
            host=host,
            port=port,
            log_level="warning",
            # a view is sent whole on every change; compressing it cost the server more
            # CPU than the action itself (docs/web.md, "Speed")
            ws_per_message_deflate=False,
        )
