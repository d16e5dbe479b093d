"""Campaigns made in the terminal (`towerplay campaign new`), opened in the browser.

A stored campaign is a record of kind `tactics-campaign` whose document is the campaign's
save (cli/campaign.py). Opening it makes a new table from the campaign as it stands, with
the seats chosen in the lobby; the table remembers the campaign and the version it was
opened at. From then on the table is played like any other (docs/web.md). A campaign
belongs to the people of its store: only someone who brings its key (`store/keys.py`,
printed by the terminal) sees it or opens it; nothing lists the stored campaigns.
"""

from __future__ import annotations

import secrets
from typing import Any

from towerplay.core.errors import SaveError
from towerplay.games import CAMPAIGN
from towerplay.store import Entry, Store, UnknownRecord
from towerplay.store.keys import opens
from towerplay.web.errors import TableError, UnknownTable
from towerplay.web.seats import Created
from towerplay.web.tables import SEEDS, Tables

CAMPAIGN_KIND = "tactics-campaign"  # the kind `towerplay campaign` stores (cli/campaign.py)


def found(store: Store, campaign_id: str, key: str) -> dict[str, Any]:
    """The stored campaign `key` opens: id, name, version, its summary and how many seats a
    table of it has (one per hero). An unknown id and a wrong key get the same answer, so
    the ids of the store cannot be probed."""
    return listed(store, _entry(store, campaign_id, key))


def _entry(store: Store, campaign_id: str, key: str) -> Entry:
    for entry in store.list(CAMPAIGN_KIND):
        if entry.id == campaign_id and opens(store, campaign_id, key):
            return entry
    raise UnknownTable(f"no campaign {campaign_id!r} opens with that key")


def listed(store: Store, entry: Entry) -> dict[str, Any]:
    out = {"id": entry.id, "name": entry.name, "version": entry.version, **entry.summary}
    try:
        out["seats"] = CAMPAIGN.seats(load(store, entry.id)[0])
    except SaveError as e:  # a damaged campaign is told with why it cannot be opened
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
    tables: Tables, campaign_id: str, key: str, seats: Any, name: str = ""
) -> Created:
    """A table of the stored campaign `key` opens, as it stands now, seated as `seats`
    says (its AI seats play by a seed drawn here: secret, as every table's)."""
    _entry(tables.store, campaign_id, key)
    game, version, title = load(tables.store, campaign_id)
    if game.result is not None:
        raise TableError(f"campaign {campaign_id} is over: nothing is left to play")
    title = name.strip()[:200] or title  # the lobby shows it to anyone: not the id
    origin = {
        "seed": secrets.randbelow(SEEDS),
        "campaign": {"id": campaign_id, "version": version},
    }
    return tables.seat(CAMPAIGN.name, game, seats, title, origin)
