"""Campaigns made in the terminal (`towerplay campaign new`), opened in the browser.

A stored campaign is a record of kind `tactics-campaign` whose document is the campaign's
save (cli/campaign.py). Opening it makes a new table from the campaign as it stands, with
the seats chosen in the lobby; the table remembers the campaign and the version it was
opened at. From then on the table is played like any other: the terminal's record stays at
the version it was opened at (docs/web.md).
"""

from __future__ import annotations

from typing import Any

from towerplay.core.errors import SaveError
from towerplay.games import CAMPAIGN
from towerplay.store import Entry, Store, UnknownRecord
from towerplay.web.errors import TableError, UnknownTable
from towerplay.web.seats import Created
from towerplay.web.tables import Tables

CAMPAIGN_KIND = "tactics-campaign"  # the kind `towerplay campaign` stores (cli/campaign.py)


def stored(store: Store) -> list[dict[str, Any]]:
    """The stored campaigns, the most recently played first: id, name, version, the
    campaign's summary and how many seats a table of it has (one per hero)."""
    return [listed(store, e) for e in store.list(CAMPAIGN_KIND)]


def listed(store: Store, entry: Entry) -> dict[str, Any]:
    out = {"id": entry.id, "name": entry.name, "version": entry.version, **entry.summary}
    try:
        out["seats"] = CAMPAIGN.seats(load(store, entry.id)[0])
    except SaveError as e:  # a damaged campaign is listed with why it cannot be opened
        out["error"] = str(e)
    return out


def load(store: Store, campaign_id: str) -> tuple[Any, int, str]:
    """The stored campaign's game (checked as the terminal checks it), version and name."""
    try:
        rec = store.get(campaign_id)
    except UnknownRecord:
        raise UnknownTable(f"no campaign {campaign_id!r}") from None
    if rec.kind != CAMPAIGN_KIND:
        raise UnknownTable(f"no campaign {campaign_id!r}")
    return CAMPAIGN.load(rec.document, f"campaign {campaign_id}"), rec.version, rec.name


def open_campaign(
    tables: Tables, campaign_id: str, seats: Any, seed: int, name: str = ""
) -> Created:
    """A table of the stored campaign as it stands now, seated as `seats` says."""
    game, version, title = load(tables.store, campaign_id)
    if game.result is not None:
        raise TableError(f"campaign {campaign_id} is over: nothing is left to play")
    title = name.strip()[:200] or f"{title} (campaign {campaign_id})"
    origin = {"seed": seed, "campaign": {"id": campaign_id, "version": version}}
    return tables.seat(CAMPAIGN.name, game, seats, title, origin)
