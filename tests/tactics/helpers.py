"""Scenario helpers: build a position directly, then play actions in notation."""

from __future__ import annotations

import dataclasses
from typing import Any

from towerplay.tactics.content import Content, default_content
from towerplay.tactics.encounter import start_turn
from towerplay.tactics.game import TacticsGame, new_game
from towerplay.tactics.models import Die, Encounter
from towerplay.tactics.state import Unit

OPEN_MAP = (
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
    "SSSSS.....",
)


def content_with(
    rows: tuple[str, ...] = OPEN_MAP,
    placements: tuple[dict[str, Any], ...] = ({"id": "GW", "enemy": "grutch", "at": "j8"},),
    dice: int | None = None,
    **encounter: Any,
) -> Content:
    """The bundled content plus an `arena` encounter; `dice` fixes every die face."""
    base = default_content()
    data: dict[str, Any] = {
        "id": "arena",
        "source": "designed",
        "name": "Arena",
        "chapter": 0,
        "map": list(rows),
        "placements": list(placements),
        "boss_deck": "grutch_deck",
        "main": {"kind": "defeat_boss", "enemy": "grutch", "text": "Defeat Grutch."},
        "bonus": {"kind": "no_knockouts", "text": "Nobody falls."},
        "success": "won",
        "plus_success": "won well",
        "failure": "lost",
    }
    data.update(encounter)
    enc = Encounter.model_validate(data)
    dice_map = base.dice
    if dice is not None:
        dice_map = {
            c: Die(id=c, source="designed", colour=c, faces=(dice,) * 6)  # type: ignore[arg-type]
            for c in base.dice
        }
    return dataclasses.replace(base, encounters={**base.encounters, "arena": enc}, dice=dice_map)


def arena(
    party: tuple[str, ...] = ("fighter", "rogue", "cleric"),
    seed: int = 1,
    at: tuple[str, ...] = (),
    content: Content | None = None,
    **config: Any,
) -> TacticsGame:
    """A game on the arena with the heroes placed on `at` squares, at round 1 turns."""
    content = content or content_with()
    g = new_game({"encounter": "arena", "party": list(party), **config}, seed, content=content)
    squares = at or tuple(f"{'abcde'[i]}1" for i in range(len(party)))
    for h, sq in zip(g.s.heroes, squares, strict=True):
        put(g, h.uid, sq)
    g.s.pending.clear()
    g.s.phase = "turns"
    g.s.round = 1
    for h in g.s.heroes:
        while len(h.hand) < 4:
            h.hand.append(h.deck.pop())
    return g


def put(g: TacticsGame, uid: str, sq: str) -> None:
    q = g.ctx.board.square(sq)
    assert q is not None
    g.s.units[uid].square = q


def unit(g: TacticsGame, uid: str) -> Unit:
    return g.s.units[uid]


def turn(g: TacticsGame, uid: str, hand: list[str] | None = None) -> None:
    """Make it `uid`'s turn (its token first in initiative), optionally with this hand."""
    s = g.s
    if hand is not None:
        hero = next(h for h in s.heroes if h.uid == uid)
        hero.deck.extend(hero.hand)
        hero.hand = []
        for cid in hand:
            if cid in hero.deck:
                hero.deck.remove(cid)
            hero.hand.append(cid)
    s.pending.clear()
    s.resolution = None
    s.enemy_turn = None
    s.acting = ""
    s.phase = "turns"
    s.initiative = [uid] + [x for x in s.initiative if x != uid]
    s.turn_index = 0
    start_turn(s, g.ctx, uid)


def texts(g: TacticsGame) -> list[str]:
    return [str(a) for a in g.legal_actions()]


def squares(g: TacticsGame, verb: str) -> set[str]:
    return {t.split()[1] for t in texts(g) if t.startswith(verb + " ")}


def check_invariants(g: TacticsGame, card_totals: dict[str, int]) -> None:
    """The invariants the issue asks for, after every action."""
    s, ctx = g.s, g.ctx
    taken: dict[int, str] = {}
    for u in s.units.values():
        assert 0 <= u.hp <= u.max_hp, (u.uid, u.hp, u.max_hp)
        if u.knocked_out or u.square < 0:
            continue
        for sq in u.footprint(ctx.board.width):
            assert sq not in taken, f"{u.uid} and {taken[sq]} share {ctx.board.name(sq)}"
            taken[sq] = u.uid
    for h in s.heroes:
        assert h.card_count() == card_totals[h.uid], f"{h.uid} lost or gained a card"
    if s.outcome:
        assert g.legal_actions() == []
    else:
        acts = texts(g)
        assert acts and len(set(acts)) == len(acts)


def boss_turn(g: TacticsGame, card: str, boss: str = "gw") -> None:
    """Run one boss turn with the named boss card on top; stops at the next decision."""
    from towerplay.tactics.encounter import advance

    s, ctx = g.s, g.ctx
    deck = ctx.content.boss_decks[ctx.enc.boss_deck]
    idx = next(i for i, c in enumerate(deck.cards) if c.name == card)
    s.pending.clear()
    s.resolution = None
    s.acting = ""
    s.phase = "turns"
    s.initiative = [boss]
    s.turn_index = 0
    s.boss_deck = [i for i in s.boss_deck if i != idx] + [idx]
    if idx in s.boss_discard:
        s.boss_discard.remove(idx)
    start_turn(s, ctx, boss)
    advance(s, ctx)


def remove(g: TacticsGame, *uids: str) -> None:
    for uid in uids:
        del g.s.units[uid]
