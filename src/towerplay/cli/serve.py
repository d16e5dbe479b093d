"""`towerplay serve`: the browser server over a store (docs/web.md)."""

from __future__ import annotations

from typing import Annotated

import typer

from towerplay.store import StoreError, open_store


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
) -> None:
    """Serve the tables of a store to browsers: the JSON API and a WebSocket per seat."""
    import uvicorn

    from towerplay.web.app import create_app

    try:
        store = open_store(db)
    except StoreError as e:
        raise typer.BadParameter(str(e), param_hint="--db") from None
    with store:
        typer.echo(f"towerplay serving {store.location} on http://{host}:{port}/")
        uvicorn.run(
            create_app(store, pace=pace, group_commit=group_commit),
            host=host,
            port=port,
            log_level="warning",
        )
