"""What one seat sees of a Battle and of the dungeons (rtdt/observe.py's `battle`, `delve`
and `dungeons` entries, docs/observe.md): the cards and rooms not yet revealed hidden."""

from __future__ import annotations

from towerplay.rtdt.kept import Kept
from towerplay.rtdt.rules.battle_moves import action_cap
from towerplay.rtdt.seat_view import BattleView, DelveView, DungeonView
from towerplay.rtdt.state import State
from towerplay.rtdt.world import World


def kept_dungeons(k: Kept, s: State) -> dict[str, DungeonView]:
    """The dungeons, kept while no room is drawn, entered or cleared."""
    dv = s.delve
    key = (
        None if dv is None else (dv.space, dv.room),
        tuple((sp, d.kind, tuple(d.rooms), tuple(d.cleared)) for sp, d in s.dungeons.items()),
    )
    return k.get("dungeons", key, lambda: _dungeons(s))


def _dungeons(s: State) -> dict[str, DungeonView]:
    """Rooms are face down until entered (CMP-HIDDEN-3); the target room stays hidden."""
    here = s.delve.space if s.delve is not None else None
    room = s.delve.room if s.delve is not None else -1
    return {
        sp: DungeonView(
            d.kind,
            tuple(
                [
                    r if d.cleared[i] or (sp == here and i == room) else None
                    for i, r in enumerate(d.rooms)
                ]
            ),
            tuple(d.cleared),
        )
        for sp, d in s.dungeons.items()
    }


def delve_view(w: World, s: State) -> DelveView | None:
    dv = s.delve
    if dv is None:
        return None
    rooms = s.dungeons[dv.space].rooms if dv.space in s.dungeons else []
    return DelveView(
        dv.space,
        dv.room,
        rooms[dv.room] if 0 <= dv.room < len(rooms) else None,
        dv.improved,
        dict(dv.pool),
        dv.used,
        action_cap(w, s),  # RTDT-ADV-9, RTDT-ADVCARD-7
        dv.shield,
    )


def battle_view(w: World, s: State) -> BattleView | None:
    b = s.battle
    if b is None:
        return None
    card = b.cards[b.index] if b.revealed else None  # the cards still to come are unknown
    return BattleView(
        b.foe,
        b.space,
        b.adversary,
        b.index + 1 if b.revealed else None,
        card,
        b.index,
        len(b.cards),
        b.revealed,
        b.rung,
        w.content.battle_cards[card].rungs[b.rung].text if card is not None else None,
        b.resolved,
        dict(b.pool),
        b.used,
        action_cap(w, s),  # RTDT-ADV-9, RTDT-ADVCARD-7
        b.card_used,
        b.lost_warriors,
        b.shield,
    )
