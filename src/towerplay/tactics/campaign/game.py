"""The Game protocol for a whole Adventure Tactics campaign.

`new_game(config, seed)` starts a campaign; `CampaignGame` asks its decisions
(campaign/decisions.py) one at a time and, during an encounter chapter, hands
every decision to the embedded `TacticsGame`: seats are the party's heroes in
both. When the encounter ends its Success, +Success or Failure section is read.
"""

from __future__ import annotations

from typing import Any

from towerplay.core import serial
from towerplay.core.errors import IllegalAction, SaveError
from towerplay.core.narration import Event, event
from towerplay.core.notation import Action, parse
from towerplay.core.protocol import Game, Result
from towerplay.core.replay import state_hash
from towerplay.core.rng import seed_state
from towerplay.core.undo import Timeline, Undoable, applied, sealed, start
from towerplay.tactics.campaign import decisions, guide
from towerplay.tactics.campaign.action_words import action_words
from towerplay.tactics.campaign.content import CampaignContent, default_campaign_content
from towerplay.tactics.campaign.hero import BASIC_CLASSES
from towerplay.tactics.campaign.invariants import violations
from towerplay.tactics.campaign.records import typed
from towerplay.tactics.campaign.save import state_from_json, state_to_json, upgrade
from towerplay.tactics.campaign.state import DIFFICULTIES, MAX_PLAYERS, CampaignState
from towerplay.tactics.campaign.view import observe
from towerplay.tactics.describe import Say, describe, english, key, kind_word
from towerplay.tactics.game import TacticsGame
from towerplay.tactics.game import new_game as new_encounter
from towerplay.tactics.narrate import N_, told_end
from towerplay.tactics.save import read_header

SAVE_VERSION = 3  # 3: the log is events; 2: state.seed and state.actions (undo)
OLD_VERSIONS = (1, 2)  # still loaded: a 1 keeps no actions, so undo reaches back only to the load
SEED_MASK = 2**64 - 1  # the generator keeps 64 bits of a seed (core/rng.py)
DEFAULT_CONFIG: dict[str, Any] = {"heroes": 3, "difficulty": "normal", "players": 1}


# what every campaign hero is (the rulebook's Creating Your Hero): said by `info HERO`
HERO_TEXT = N_(
    "One of the five heroes of the campaign. Any hero may take any class: each begins in a "
    "basic one ({classes}) and may later take an elite class."
)


class CampaignGame(Undoable):
    """A campaign of Adventure Tactics, driven through the Game protocol (undo and redo:
    core/undo.py, over the whole campaign, encounters included)."""

    __slots__ = ("s", "c", "config", "enc", "_tl")

    def __init__(
        self,
        s: CampaignState,
        c: CampaignContent,
        config: dict[str, Any],
        enc: TacticsGame | None,
        tl: Timeline | None = None,
    ) -> None:
        self.s = s
        self.c = c
        self.config = config
        self.enc = enc  # the encounter in progress (s.fight), else None
        if enc is not None:
            enc._tl = sealed()  # its past is the campaign's: undo goes through the campaign
        # checkpoints for undo; a game built here from a state rebuilds its past on demand
        self._tl = tl if tl is not None else Timeline()

    # --- the protocol -----------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        if self.enc is not None:
            return self.enc.to_act
        return self.s.pending[0].seat if self.s.pending else None

    @property
    def prompt(self) -> str:
        return self.asked.text

    @property
    def asked(self) -> Event:
        """The prompt as a template with fields (an encounter's own, or the campaign's), for
        a screen to word in its language."""
        if self.enc is not None:
            return self.enc.asked
        if self.s.ending:
            return event("text", "the campaign is over: {ending}", ending=self.s.ending)
        return decisions.question(self.c, self.s)

    @property
    def result(self) -> Result | None:
        if not self.s.ending:
            return None
        return Result("win", f"ending: {self.s.ending}", tuple(range(len(self.s.party))))

    @property
    def log(self) -> list[str]:
        """Every campaign event's text (an encounter's are in `encounter.log`)."""
        return [e.text for e in self.s.log.to_list()]

    @property
    def events(self) -> list[Event]:
        """Every campaign event; the encounter in progress has its own (`encounter.events`)."""
        return self.s.log.to_list()

    def legal_actions(self) -> list[Action]:
        if self.enc is not None:
            return self.enc.legal_actions()
        return [typed(parse(a)) for a in decisions.actions(self.c, self.s)]

    def apply(self, action: Action | str) -> None:
        """Perform an action; an illegal one raises IllegalAction and changes nothing."""
        self._step(action)
        applied(self, self._tl)

    def _step(self, action: Action | str) -> None:
        tokens = tuple(parse(action) if isinstance(action, str) else action)
        if self.enc is not None:
            self.enc._step(Action(*tokens))  # the engine refuses illegal actions unchanged
            self.s.actions = self.s.actions.add(" ".join(tokens))
            if self.enc.result is not None:
                outcome, cause = self.enc.s.outcome, self.enc.s.cause
                told = told_end(self.enc.s.log)
                spent = self.enc.spent()
                guide.spend_items(self.c, self.s, spent["items_spent"], spent["potions_used"])
                self.enc = None
                guide.resolve_encounter(self.c, self.s, outcome, cause, told)
                self._run()
            return
        if " ".join(tokens) not in decisions.actions(self.c, self.s):
            raise decisions.explain(self.c, self.s, tokens)
        decisions.answer(self.c, self.s, tokens)
        self.s.actions = self.s.actions.add(" ".join(tokens))
        self._run()

    def _run(self) -> None:
        """Go forward to the next decision: the Guide's next page, or the encounter."""
        s = self.s
        while not s.ending:
            decisions.settle(self.c, s)
            if s.pending:
                return
            if s.fight:
                self.enc = new_encounter(
                    guide.encounter_config(self.c, s), guide.next_seed(s), self.c.game
                )
                self.enc._tl = sealed()  # its past is the campaign's
                return
            guide.step(self.c, s)

    def clone(self) -> CampaignGame:
        enc = self.enc.clone() if self.enc is not None else None
        return CampaignGame(self.s.clone(), self.c, self.config, enc, self._tl.shared())

    def determinize(self, seat: int, seed: int) -> CampaignGame:
        """A copy with what `seat` cannot know re-drawn: the random encounter deck's order,
        the RNG, and inside an encounter what the encounter hides."""
        g = self.clone()
        g._tl = sealed()
        g.s.rng = seed_state(seed)
        guide.shuffle(g.s, g.s.random_deck)
        if g.enc is not None:
            g.enc = g.enc.determinize(seat, guide.next_seed(g.s))
        return g

    def observe(self, seat: int, told: bool = True) -> dict[str, Any]:
        view = observe(self.c, self.s, seat)
        view["encounter"] = self.enc.observe(seat, told) if self.enc is not None else None
        return view

    def violations(self) -> list[str]:
        """Every campaign invariant the state breaks, in words (campaign/invariants.py);
        the simulator and the tests call it after every action."""
        return violations(self.c, self.s)

    @property
    def encounter(self) -> TacticsGame | None:
        """The encounter in progress (agents that play encounters look at it)."""
        return self.enc

    def unavailable(self) -> list[tuple[str, IllegalAction]]:
        """In an encounter, its barred actions with why; none on the campaign's pages."""
        return self.enc.unavailable() if self.enc is not None else []

    def costs(self, action: Action | str) -> dict[str, int]:
        """Nothing to pay beforehand: a card's cost is the card itself (played, discarded)."""
        return {}

    def words(self, action: Action | str) -> Event:
        """The action as a button says it: the encounter's own words in an encounter, the
        campaign's otherwise (campaign/action_words.py)."""
        if self.enc is not None:
            return self.enc.words(action)
        tokens = tuple(parse(action) if isinstance(action, str) else action)
        return action_words(self.c, self.s, tokens)

    def describe(self, name: str, say: Say = english) -> str | None:
        """The text of any level-up card, perk, supply item or hero of the campaign, or of
        the encounters' cards, classes and enemies, by id or name (static content only);
        `say` words the content's texts in a screen's language (its catalog's gettext)."""
        want = key(name)
        found = [
            f"{e.name} ({kind_word(kind, say)})\n{say(e.text) if e.text else ''}".rstrip()
            for kind, table in (
                ("level-up card", self.c.level_ups),
                ("perk", self.c.perks),
                ("supply item", self.c.items),
            )
            for eid, e in table.items()
            if want in (key(eid), key(e.name))
        ]
        classes = ", ".join(say(self.c.game.classes[k].name) for k in BASIC_CLASSES)
        found += [
            "\n".join(
                [f"{h.name} ({kind_word('hero', say)})", say(HERO_TEXT).format(classes=classes)]
                + ([say(h.text)] if h.text else [])
            )
            for hid, h in self.c.heroes.items()
            if want in (key(hid), key(h.name))
        ]
        # in an encounter, its enemies as the party's level scales them (AT-CAMP-6)
        more = (
            describe(self.c.game, name, say=say)
            if self.enc is None
            else self.enc.describe(name, say)
        )
        found += [more] if more is not None else []
        return "\n\n".join(found) if found else None

    def to_json(self) -> dict[str, Any]:
        return {
            "version": SAVE_VERSION,
            "game": "campaign",
            "config": serial.copy_json(self.config),
            "state": state_to_json(self.s),
            "encounter": self.enc.to_json() if self.enc is not None else None,
        }

    @classmethod
    def from_json(
        cls, data: Any, file: str = "(save)", content: CampaignContent | None = None
    ) -> CampaignGame:
        c = content or default_campaign_content()
        version, config = read_header(data, file, "campaign", SAVE_VERSION, OLD_VERSIONS)
        raw_state = data.get("state")
        if version != SAVE_VERSION and isinstance(raw_state, dict):
            raw_state = upgrade(raw_state, version)  # log lines as events; a 1 keeps no actions
        s = state_from_json(raw_state, file, c)
        if [config.get("heroes"), config.get("difficulty"), config.get("players")] != [
            s.heroes_count,
            s.difficulty,
            s.players,
        ]:
            raise SaveError(file, "config", "heroes, difficulty and players differ from the state")
        raw = data.get("encounter")
        if (s.fight and not s.pending) != (raw is not None):
            raise SaveError(file, "encounter", "present exactly while an encounter is fought")
        enc = TacticsGame.from_json(raw, file, c.game) if raw is not None else None
        if enc is not None:
            want = guide.encounter_config(c, s)
            if enc.s.encounter != want["encounter"] or enc.s.heroes_count != len(s.party):
                raise SaveError(file, "encounter", "not this chapter's encounter for this party")
        game = cls(s, c, config, enc)
        game._tl = start(game, origin=version != 1)
        return game

    def state_hash(self) -> str:
        return state_hash(self.to_json())

    # --- what undo needs (core/undo.py Rewindable) ------------------------------------

    def _position(self) -> int:
        return len(self.s.actions)

    def _played(self, start: int) -> list[str]:
        return self.s.actions.last(len(self.s.actions) - start)

    def _origin(self) -> CampaignGame:
        return new_game(self.config, self.s.seed, self.c)

    def _snapshot(self) -> CampaignGame:
        return self.clone()

    def _adopt(self, other: CampaignGame) -> None:
        self.s, self.enc = other.s, other.enc


def summary(game: Game) -> dict[str, Any]:
    """What a list of campaigns shows of one (the terminal's `campaign list`, the lobby),
    from its public view."""
    view = game.observe(0)
    chapter = view.get("chapter") or {}
    return {
        "chapter": chapter.get("number"),
        "title": chapter.get("title"),
        "heroes": [f"{h['name']} {h['class_name']} {h['level']}" for h in view["heroes"]],
        "difficulty": view["party"]["difficulty"],
        "gold": view["party"]["gold"],
        "ending": view["ending"],
    }


def _config(config: dict[str, Any] | None) -> dict[str, Any]:
    cfg = dict(DEFAULT_CONFIG)
    cfg.update(config or {})
    if not isinstance(cfg["heroes"], int) or not 3 <= cfg["heroes"] <= 5:
        raise ValueError("a party has 3 to 5 heroes (AT-CAMP-1)")
    if cfg["difficulty"] not in DIFFICULTIES:
        raise ValueError(f"difficulty is one of {', '.join(DIFFICULTIES)}")
    if not isinstance(cfg["players"], int) or not 1 <= cfg["players"] <= MAX_PLAYERS:
        raise ValueError(f"1 to {MAX_PLAYERS} players (AT-CAMP-2)")
    party = cfg.get("party")
    if party is not None and (
        not isinstance(party, list) or not all(isinstance(p, dict) for p in party)
    ):
        raise ValueError('party is a list of {"hero": ..., "class": ...}')
    return cfg


def new_game(
    config: dict[str, Any] | None = None, seed: int = 0, content: CampaignContent | None = None
) -> CampaignGame:
    """A new campaign, run forward to its first decision (creating the first hero, or
    Chapter 1 when the party is given). Raises ValueError for a bad config."""
    c = content or default_campaign_content()
    cfg = _config(config)
    if not c.chapters:
        raise ValueError("the campaign content has no chapters")
    s = CampaignState(cfg["difficulty"], cfg["heroes"], cfg["players"], seed_state(seed))
    s.seed = seed & SEED_MASK  # the same generator as `seed` (Rng keeps 64 bits)
    try:
        guide.start(c, s, cfg.get("party"))
    except IllegalAction as exc:
        raise ValueError(str(exc)) from exc
    g = CampaignGame(s, c, cfg, None)
    g._run()
    g._tl = start(g)
    return g
