"""The Game protocol for Adventure Tactics: one seat per hero, enemies automated.

`new_game(config, seed)` builds an encounter; `TacticsGame` wraps the plain-data
state with the protocol's methods (apply, clone, determinize, save and load).
"""

from __future__ import annotations

from typing import Any

from towerplay.core.errors import IllegalAction, SaveError
from towerplay.core.narration import Event, event, plain
from towerplay.core.notation import Action, parse
from towerplay.core.protocol import Result
from towerplay.core.replay import state_hash
from towerplay.core.rng import seed_state
from towerplay.core.undo import Timeline, Undoable, applied, sealed, start
from towerplay.tactics.action_words import action_words
from towerplay.tactics.content import Content, default_content
from towerplay.tactics.describe import Say, describe, english, scaled_for
from towerplay.tactics.effects import fit_max_hp, question
from towerplay.tactics.encounter import advance, apply_action, legal
from towerplay.tactics.hidden import redraw_hidden
from towerplay.tactics.look import encounter_view
from towerplay.tactics.narrate import recent
from towerplay.tactics.save import read_header, state_from_json, state_to_json, upgrade
from towerplay.tactics.scaling import config_level
from towerplay.tactics.seat_view import EncounterView
from towerplay.tactics.setup import config_items, items_by_id, new_state, summoned_by
from towerplay.tactics.state import Ctx, State, board_of
from towerplay.tactics.turns import turn_unavailable

SAVE_VERSION = 6  # 6: equipment's maximum HP counts (AT-HP-1); 5: the heroes' summons cards;
# 4: the log is events; 3: state.seed and state.history (undo); 2: the party items, push, splash
OLD_VERSIONS = (
    2,
    3,
    4,
    5,
)  # still loaded: a 2 has no history, so undo reaches back only to the load
SEED_MASK = 2**64 - 1  # the generator keeps 64 bits of a seed (core/rng.py)
DEFAULT_CONFIG: dict[str, Any] = {
    "encounter": "goblin_ambush",
    "party": ["fighter", "rogue", "cleric"],
}


class TacticsGame(Undoable):
    """One encounter of Adventure Tactics, driven through the Game protocol (undo and
    redo: core/undo.py)."""

    __slots__ = ("s", "ctx", "config", "_tl")

    def __init__(
        self, s: State, ctx: Ctx, config: dict[str, Any], tl: Timeline | None = None
    ) -> None:
        self.s = s
        self.ctx = ctx
        self.config = config
        # checkpoints for undo; a game built here from a state rebuilds its past on demand
        self._tl = tl if tl is not None else Timeline()

    # --- the protocol ---------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        if self.s.outcome or not self.s.pending:
            return None
        return self.s.pending[-1].seat

    @property
    def prompt(self) -> str:
        return self.asked.text

    @property
    def asked(self) -> Event:
        """The prompt as a template with fields, for a screen to word in its language."""
        if self.s.outcome:
            return event("text", "the encounter is over: {outcome}", outcome=self.s.outcome)
        return question(self.s.pending[-1]) if self.s.pending else plain("")

    @property
    def result(self) -> Result | None:
        if not self.s.outcome:
            return None
        won = self.s.outcome != "failure"
        seats = tuple(h.seat for h in self.s.heroes) if won else ()
        return Result("win" if won else "loss", f"{self.s.outcome}: {self.s.cause}", seats)

    @property
    def log(self) -> list[str]:
        """Every event's text, private ones included (a god's view for tests and tools)."""
        return [e.text for e in self.s.log.to_list()]

    @property
    def events(self) -> list[Event]:
        """Every event; a seat sees `[e for e in game.events if e.seen_by(seat)]`."""
        return self.s.log.to_list()

    def spent(self) -> dict[str, Any]:
        """What the encounter used up of Party > Items, for the campaign to update:
        the revive potions drunk and the consumables spent, in order (AT-ITEM-2)."""
        return {"potions_used": self.s.potions_used, "items_spent": list(self.s.items_spent)}

    def legal_actions(self) -> list[Action]:
        return legal(self.s)

    def costs(self, action: Action | str) -> dict[str, int]:
        """Nothing to pay beforehand: a card's cost is the card itself (played, discarded)."""
        return {}

    def words(self, action: Action | str) -> Event:
        """The action as a button says it (tactics/action_words.py)."""
        tokens = tuple(parse(action) if isinstance(action, str) else action)
        return action_words(self.s, self.ctx, tokens)

    def unavailable(self) -> list[tuple[str, IllegalAction]]:
        """The player actions that exist for the acting hero's cards but are barred now,
        each with why (the reason and the rule): a screen shows them greyed. Empty outside
        a hero's turn decision (a target, a move, a Response) and once it is over."""
        s = self.s
        if not s.pending or s.pending[-1].kind != "turn":
            return []
        return turn_unavailable(s, self.ctx, s.heroes[s.pending[-1].seat])

    def apply(self, action: Action | str) -> None:
        self._step(action)
        applied(self, self._tl)

    def _step(self, action: Action | str) -> None:
        tokens = tuple(parse(action) if isinstance(action, str) else action)
        apply_action(self.s, self.ctx, tokens)
        self.s.history = self.s.history.add(" ".join(tokens))

    def clone(self) -> TacticsGame:
        return TacticsGame(self.s.clone(), self.ctx, self.config, self._tl.shared())

    def determinize(self, seat: int, seed: int) -> TacticsGame:
        """A copy with what `seat` cannot know re-drawn: deck orders, other heroes'
        hands (from their hand + deck, their pending choices asked afresh), the boss
        and direction decks, the RNG. `observe(seat)` is unchanged."""
        g = self.clone()
        g._tl = sealed()
        g.s.rng = seed_state(seed)
        redraw_hidden(g.s, g.ctx, seat)
        return g

    def view(self, seat: int) -> EncounterView:
        """What `seat` sees, typed (tactics/seat_view.py): `observe` without what was said."""
        return encounter_view(self.s, self.ctx, seat, told=False)

    def observe(self, seat: int, told: bool = True) -> dict[str, Any]:
        """What `seat` may see (the typed view as JSON) and (`told`) what was said: the
        last events and the turn's AT-CARD-4 notes. An agent's look-ahead, which reads
        only the board, passes told=False and skips their cost."""
        out = encounter_view(self.s, self.ctx, seat, told).to_json()
        if told:
            out.update(recent(self.s.log, seat))
        return out

    def describe(self, name: str, say: Say = english) -> str | None:
        """The text of any card, class, enemy, boss card… by id or name; an enemy or the
        encounter itself also says what the party's level makes of it here (AT-CAMP-6).
        `say` words the content's texts in a screen's language (its catalog's gettext)."""
        extra = scaled_for(self.ctx, self.s.heroes_count)
        return describe(self.ctx.content, name, extra, say)

    def to_json(self) -> dict[str, Any]:
        return {
            "version": SAVE_VERSION,
            "game": "tactics",
            "config": self.config,
            "state": state_to_json(self.s),
        }

    @classmethod
    def from_json(
        cls, data: Any, file: str = "(save)", content: Content | None = None
    ) -> TacticsGame:
        content = content or default_content()
        version, config = read_header(data, file, "tactics", SAVE_VERSION, OLD_VERSIONS)
        try:
            items = items_by_id(config_items(config))
        except ValueError as e:
            raise SaveError(file, "config.items", str(e)) from None
        try:
            level = config_level(config)
        except ValueError as e:
            raise SaveError(file, "config.party_level", str(e)) from None
        raw = data.get("state")
        if version != SAVE_VERSION and isinstance(raw, dict):
            raw = upgrade(raw, version)  # log lines as events; a 2 keeps no seed nor history
            if version in (2, 3, 4):
                raw = with_summons(raw, content)
        s = state_from_json(raw, file, content, items)
        enc = content.encounters[s.encounter]
        ctx = Ctx(content, enc, board_of(enc), items=items, party_level=level)
        if version in OLD_VERSIONS:
            for hero in s.heroes:  # before 6 the board's equipment did not raise max HP
                fit_max_hp(s, ctx, hero)
        game = cls(s, ctx, config)
        game._tl = start(game, origin=version != 2)  # version 2 kept no history
        return game

    def state_hash(self) -> str:
        return state_hash(state_to_json(self.s))

    # --- what undo needs (core/undo.py Rewindable) ------------------------------------

    def _position(self) -> int:
        return len(self.s.history)

    def _played(self, start: int) -> list[str]:
        return self.s.history.last(len(self.s.history) - start)

    def _origin(self) -> TacticsGame:
        return new_game(self.config, self.s.seed, self.ctx.content)

    def _snapshot(self) -> TacticsGame:
        return self.clone()

    def _adopt(self, other: TacticsGame) -> None:
        self.s = other.s


def new_game(
    config: dict[str, Any] | None = None, seed: int = 0, content: Content | None = None
) -> TacticsGame:
    """A new encounter, run forward to the first decision (placing the first hero)."""
    cfg = dict(DEFAULT_CONFIG)
    cfg.update(config or {})
    s, ctx = new_state(content or default_content(), cfg, seed)
    s.seed = seed & SEED_MASK  # the same generator as `seed` (Rng keeps 64 bits)
    advance(s, ctx)
    game = TacticsGame(s, ctx, cfg)
    game._tl = start(game)
    return game


def with_summons(raw: dict[str, Any], content: Content) -> dict[str, Any]:
    """A save from before the summons cards (version 2 or 3): each hero holds the card of
    every creature its cards summon (AT-SUM-5), as a standalone hero does."""
    heroes = raw.get("heroes")
    if not isinstance(heroes, list):
        return raw
    out = []
    for h in heroes:
        if isinstance(h, dict) and "summons" not in h:
            piles = [h.get(k) for k in ("deck", "hand", "discard", "set_aside")]
            board = h.get("board")
            cards = [c for pile in piles if isinstance(pile, list) for c in pile]
            cards += list(board.values()) if isinstance(board, dict) else []
            known = [c for c in cards if isinstance(c, str) and c in content.cards]
            h = {**h, "summons": summoned_by(content, known)}
        out.append(h)
    return {**raw, "heroes": out}
