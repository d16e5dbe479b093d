"""`towerplay serve`: the browser server over a store (docs/web.md)."""

from __future__ import annotations

from typing import Annotated

import typer

from towerplay.store import StoreError, open_store
from towerplay.store.connect import SYNCHRONOUS


def serve(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(help="store: a SQLite path or a postgresql:// URL (default: the user's)"),
    ] = None,
    pace: Annotated[float, typer.Option(help="seconds between two AI actions")] = 0.8,
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
) -> None:
    """Serve the tables of a store to browsers: the JSON API and a WebSocket per seat."""
    import uvicorn

    from towerplay.web.app import create_app

    if sync.upper() not in SYNCHRONOUS:
        raise typer.BadParameter("expected normal or full", param_hint="--sync")
    try:
        store = open_store(db, synchronous=sync.upper())
    except StoreError as e:
        raise typer.BadParameter(str(e), param_hint="--db") from None
    with store:
        typer.echo(f"towerplay serving {store.location} on http://{host}:{port}/")
        uvicorn.run(
            create_app(store, pace=pace, group_commit=group_commit),
            host=host,
            port=port,
            log_level="warning",
            # a view is sent whole on every change; compressing it cost the server more
            # CPU than the action itself (docs/web.md, "Speed")
            ws_per_message_deflate=False,
        )
