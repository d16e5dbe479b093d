"""What one seat's page is sent after every change: the table's public facts, the seat's
question with its actions worded for people and the barred ones with why, and
`observe(seat)`. Built from the Game protocol only."""

from __future__ import annotations

from typing import Any

from towerplay import games
from towerplay.core.narration import Event
from towerplay.core.protocol import Game
from towerplay.store import Record


def public_seat(s: dict[str, Any]) -> dict[str, Any]:
    """A seat as every page sees it: who plays it, by what name, whether it is open to join
    from the lobby, and, while the AI plays a person's seat, that it is away and whose."""
    out = {"who": s["who"], "name": s["name"], "open": bool(s.get("open"))}
    away = s.get("away")
    out["away"] = bool(away)
    if away:
        out["away_name"] = away["name"]
    return out


def seat_view(rec: Record, game: Game, seat: int) -> dict[str, Any]:
    """What one seat's page is sent: the table's public facts and `observe(seat)`."""
    mine = game.to_act == seat
    legal = game.legal_actions() if mine else []
    return {
        "table": rec.id,
        "game": rec.document["game"],
        "name": rec.name,
        "version": rec.version,
        "seat": seat,
        "seats": [public_seat(s) for s in rec.document["seats"]],
        # the address this seat gave for its turn mails (web/mail.py): its own only
        "mail": _own_mail(rec, seat),
        "to_act": game.to_act,
        "your_turn": game.to_act == seat,
        "prompt": game.prompt if game.to_act == seat else "",
        "ask": asked(game) if game.to_act == seat else None,
        "legal_actions": [str(a) for a in legal],
        # each legal action as a button says it (its printed names), in the same order
        "action_words": [game.words(a).view() for a in legal],
        # what each costs now, by resource ({"spirit": 1}; {} when nothing), the same order
        "action_costs": [game.costs(a) for a in legal],
        # the actions that exist but are barred now, with why: shown greyed
        "unavailable": [
            {"action": what, "words": game.words(what).view(), "why": why.view()}
            for what, why in game.unavailable()
        ]
        if mine
        else [],
        "result": None if game.result is None else game.result.to_json(),
        "undo": {
            "undoable": game.undoable,
            "redoable": game.redoable,
            "request": rec.document.get("undo"),
        },
        "campaign": campaign_link(rec.document),
        "observe": observed(rec, game, seat),
    }


def observed(rec: Record, game: Game, seat: int) -> dict[str, Any]:
    """`observe(seat)` less what would give the dealt game away (`GameSpec.setup_secret`:
    RtDT's game code) until the game is over, unless the table's creator chose the seed or
    the code (a table made before seeds were secret hides it too: its seed was mostly the
    lobby's default)."""
    view = game.observe(seat)
    if game.result is None and not rec.document.get("seed_chosen", False):
        hidden = games.get(rec.document["game"]).setup_secret
        view = {k: v for k, v in view.items() if k not in hidden}  # never the engine's dict
    return view


def _own_mail(rec: Record, seat: int) -> str:
    seats = rec.document["seats"]
    mail = seats[seat].get("mail") if 0 <= seat < len(seats) else None
    return mail["to"] if mail else ""


def asked(game: Game) -> dict[str, Any] | None:
    """The question as a template with fields (a game's `asked` event), for the page's
    catalog to word; None for a game without one (the page shows `prompt`)."""
    said = getattr(game, "asked", None)
    return said.view() if isinstance(said, Event) else None


def campaign_link(doc: dict[str, Any]) -> dict[str, Any] | None:
    """The stored campaign a table was opened from, and whether the table still keeps it."""
    camp = doc.get("campaign")
    if not isinstance(camp, dict):
        return None
    return {"id": camp.get("id"), "version": camp.get("version"), "kept": keeps(doc)}


def keeps(doc: dict[str, Any]) -> bool:
    """Whether this table keeps a stored campaign up to date (it was opened from one that
    nobody else has played since)."""
    camp = doc.get("campaign")
    return isinstance(camp, dict) and camp.get("kept", True) is True
