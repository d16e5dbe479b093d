"""The Return to Dark Tower cooperative game behind the Game protocol.

`new_game` sets up the world and the heroes; `RtdtGame` validates every action
against the legal list, applies it and runs the game forward to the next
decision. Illegal input raises IllegalAction and leaves the state untouched.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from towerplay.core.errors import IllegalAction, SaveError
from towerplay.core.narration import Event
from towerplay.core.notation import Action, parse
from towerplay.core.protocol import Result
from towerplay.core.replay import EMPTY, state_hash
from towerplay.core.rng import Rng, seed_state
from towerplay.core.undo import Timeline, Undoable, applied, sealed, start
from towerplay.rtdt import app, competitive, decisions, decks, gamecode, plugins, tower
from towerplay.rtdt.action_words import action_words
from towerplay.rtdt.covenant import setup as cov_setup
from towerplay.rtdt.describe import describe
from towerplay.rtdt.explain import DECISION_RULES, asked, explain, prompt
from towerplay.rtdt.hookspecs import DROP_EVENTS
from towerplay.rtdt.observe import Kept, observe, seat_view
from towerplay.rtdt.rules import actions
from towerplay.rtdt.rules.battle import deck_for
from towerplay.rtdt.rules.dungeons import rooms_of
from towerplay.rtdt.rules.foes import spawn
from towerplay.rtdt.rules.narrate import tell
from towerplay.rtdt.rules.quests import setup_quests
from towerplay.rtdt.rules.turn import advance, month_started, start_turn
from towerplay.rtdt.save import load_state, save_state
from towerplay.rtdt.seat_view import SeatView
from towerplay.rtdt.state import Config, Decision, HeroState, State
from towerplay.rtdt.world import World, get_world

DEFAULT_KINGDOMS = {
    1: ("north",),
    2: ("north", "south"),
    3: ("north", "east", "south"),
    4: ("north", "east", "south", "west"),
}
BASE_HEROES = ("brutal_warlord", "orphaned_scion", "relic_hunter", "spymaster")
SUPPLY_SKULLS = 24  # RTDT-SETUP-7


def make_config(
    players: int = 1,
    heroes: Sequence[str] = (),
    difficulty: str = "heroic",
    code: str | None = None,
    seed: int | None = None,
    kingdoms: Sequence[str] = (),
    first_player: int = 0,
    mode: str = "cooperative",
    foes: Sequence[str] = (),
    adversary: str = "",
    companion: str = "",
    expansion: str = "",
    treasures: str = "",
    new_corruptions: int | None = None,
    only_new_corruptions: bool = False,
) -> Config:
    """A full configuration from what a player typed; the code wins over other options.

    Foes (one of each level 2, 3, 4), the adversary and the main companion (whose main
    goal is played) may be chosen (RTDT-SETUP-16..18); what is not chosen is drawn from
    the seed, as the app does when players let it choose. A code is made either way, so
    the game can be shared. Options are checked in the order the CLI reports them.
    """
    if not 1 <= players <= len(BASE_HEROES):  # RTDT-SETUP-15: 1 to 4 players
        raise ValueError(f"players must be 1-4, not {players}")
    # RTDT-SETUP-14, RTDT-CODE-3: a code, when given, recreates the setup it encodes
    if code:
        setup = gamecode.decode(code)
    else:
        setup = _drawn_setup(players, difficulty, seed, mode, foes, adversary, companion, expansion)
    _check_setup(setup)
    treasures, new_corruptions = _covenant_decks(
        setup, treasures, new_corruptions, only_new_corruptions
    )
    n = setup.players
    chosen = _chosen_heroes(setup, tuple(heroes))
    # RTDT-SETUP-2: each seat faces a kingdom of its own
    homes = tuple(kingdoms) or DEFAULT_KINGDOMS[n]
    if len(homes) != n or len(set(homes)) != n:
        raise ValueError(f"{n} players need {n} different home kingdoms")
    # RTDT-SETUP-12: the players agree on a first player, one of the seats
    if not 0 <= first_player < n:
        raise ValueError("the first player must be one of the seats")
    return Config(
        players=n,
        heroes=chosen,
        kingdoms=homes,
        difficulty=setup.difficulty,
        mode=setup.mode,
        foes=setup.foes,
        adversary=setup.adversary,
        companion=setup.companion,
        seed=setup.seed,
        code=gamecode.encode(setup),
        first_player=first_player,
        expansion="covenant" if setup.covenant else "",
        treasures=treasures,
        new_corruptions=new_corruptions,
        base_corruptions=not only_new_corruptions,
    )


def _drawn_setup(
    players: int,
    difficulty: str,
    seed: int | None,
    mode: str,
    foes: Sequence[str],
    adversary: str,
    companion: str,
    expansion: str,
) -> gamecode.Setup:
    """The setup without a code: what was chosen, the rest drawn from the seed."""
    seed = 0 if seed is None else seed % gamecode.SEED_LIMIT
    r = Rng(seed_state(seed ^ 0x5EED))
    # RTDT-FOE-1, RTDT-SETUP-18: foes of level 2, 3 and 4 (the adversary is the fourth type)
    drawn = (
        r.choice(gamecode.FOES_LEVEL_2),
        r.choice(gamecode.FOES_LEVEL_3),
        r.choice(gamecode.FOES_LEVEL_4),
    )
    # RTDT-ADVERSARY-1: the level-5 adversary is chosen at setup
    drawn_adversary = r.choice(gamecode.ADVERSARIES)
    drawn_companion = r.choice(gamecode.COMPANIONS)
    _check_choices(foes, adversary, companion, expansion)
    return gamecode.Setup(
        foes=tuple(foes) if foes else drawn,  # type: ignore[arg-type]
        adversary=adversary or drawn_adversary,
        companion=companion or drawn_companion,
        difficulty=difficulty,
        covenant=expansion == "covenant",
        mode=mode,
        players=players,
        seed=seed,
    )


def _check_choices(foes: Sequence[str], adversary: str, companion: str, expansion: str) -> None:
    """Refuse chosen foes, adversary, companion or expansion that the game does not have."""
    if foes:
        tiers = (gamecode.FOES_LEVEL_2, gamecode.FOES_LEVEL_3, gamecode.FOES_LEVEL_4)
        # RTDT-SETUP-18: three chosen foes, one each of level 2, 3 and 4
        if len(foes) != 3 or any(f not in tier for f, tier in zip(foes, tiers, strict=True)):
            raise ValueError(
                "choose three foes, one of each level: "
                + "; ".join(f"level {i + 2}: {', '.join(t)}" for i, t in enumerate(tiers))
            )
    if adversary and adversary not in gamecode.ADVERSARIES:
        raise ValueError(
            f"unknown adversary {adversary!r}; adversaries: {', '.join(gamecode.ADVERSARIES)}"
        )
    if companion and companion not in gamecode.COMPANIONS:
        raise ValueError(
            f"unknown companion {companion!r}; companions: {', '.join(gamecode.COMPANIONS)}"
        )
    if expansion not in ("", "covenant"):
        raise ValueError(f"expansion must be covenant (or none), not {expansion!r}")


def _check_setup(setup: gamecode.Setup) -> None:
    """Refuse a setup (typed or decoded from a code) whose options do not go together."""
    if setup.mode not in ("cooperative", "competitive"):
        raise ValueError(f"mode must be cooperative or competitive, not {setup.mode!r}")
    if setup.mode == "competitive" and setup.players < 2:
        raise ValueError("competitive mode needs 2 to 4 players")
    # RTDT-SETUP-13: mode, difficulty (Heroic unless asked) and expansions come from the setup
    if setup.difficulty not in ("heroic", "gritty"):
        raise ValueError(f"difficulty must be heroic or gritty, not {setup.difficulty!r}")
    if setup.alliances:  # COV-MODE-3: never with Covenant; towerplay has no Alliances
        raise ValueError(
            "this code asks for the Alliances expansion, which towerplay does not play"
        )
    if setup.covenant and setup.mode != "cooperative":  # COV-MODE-1
        raise ValueError(
            "Covenant's monuments, wastelands and doom skulls need the cooperative mode"
        )


def _covenant_decks(
    setup: gamecode.Setup, treasures: str, new_corruptions: int | None, only_new: bool
) -> tuple[str, int]:
    """The treasure decks played and how many new corruptions join the corruption deck."""
    c = get_world().content
    treasures = treasures or ("both" if setup.covenant else "base")
    if treasures not in ("base", "covenant", "both"):  # COV-MODE-4, COV-SETUP-3, COV-SETUP-4
        raise ValueError(f"treasures must be base, covenant or both, not {treasures!r}")
    if new_corruptions is None:
        new_corruptions = len(c.covenant_corruptions) if setup.covenant or only_new else 0
    if not 0 <= new_corruptions <= len(c.covenant_corruptions):  # COV-SETUP-5
        raise ValueError(f"new corruptions must be 0-{len(c.covenant_corruptions)}")
    if only_new and new_corruptions != len(c.covenant_corruptions):
        raise ValueError("a deck of only the new corruptions holds all twelve of them")
    return treasures, new_corruptions


def _chosen_heroes(setup: gamecode.Setup, chosen: tuple[str, ...]) -> tuple[str, ...]:
    """The heroes played: those chosen, checked, or dealt from the pool by the seed."""
    c = get_world().content
    n = setup.players
    # RTDT-SETUP-12: heroes are chosen, or dealt at random from the pool
    if not chosen:
        r = Rng(seed_state(setup.seed ^ 0x4E50))
        # COV-HERO-1: the Covenant heroes join the pool when the expansion is played
        pool = list(BASE_HEROES) + (list(c.covenant_heroes) if setup.covenant else [])
        r.shuffle(pool)
        chosen = tuple(pool[:n])
    if len(chosen) != n:
        raise ValueError(f"{n} players need {n} heroes, got {len(chosen)}")
    if len(set(chosen)) != n:
        raise ValueError("each player plays a different hero")
    for hero in chosen:
        if hero not in c.heroes:
            raise ValueError(f"unknown hero {hero!r}; heroes: {', '.join(c.heroes)}")
    return chosen


def _heroes(w: World, config: Config) -> list[HeroState]:
    """Each hero at their citadel with 7 warriors, 1 spirit and their starting virtues."""
    c = w.content
    heroes = []
    for seat, (hero_id, kingdom) in enumerate(zip(config.heroes, config.kingdoms, strict=True)):
        sheet = c.heroes[hero_id]
        # RTDT-SETUP-11: heroes start with no cards; the rest stays in the box until called for
        heroes.append(
            HeroState(
                hero=hero_id,
                seat=seat,
                # RTDT-HERO-2: the kingdom facing the seat is the hero's home kingdom
                kingdom=kingdom,
                # RTDT-HERO-3; COV-SETUP-12: on the foundation if a monument replaced it
                space=w.board.building_space[(kingdom, "citadel")],
                warriors=7,  # RTDT-HERO-5
                spirit=1,
                # RTDT-VIRTUE-1: the hero's active virtues; the inactive ones below
                virtues=[c.kingdoms[kingdom].virtue] + [v.id for v in sheet.starting_virtues],
                inactive=[v.id for v in sheet.unlockable_virtues],  # RTDT-HERO-1, RTDT-HERO-4
            )
        )
    return heroes


def setup_state(w: World, config: Config) -> State:
    """World setup and hero setup (RTDT-SETUP-*, RTDT-HERO-*); Covenant changes only what
    its setup rows say (COV-MODE-5)."""
    c = w.content
    for hero in config.heroes:
        if hero not in c.heroes:
            raise ValueError(f"unknown hero {hero!r}; heroes: {', '.join(c.heroes)}")
    for k in config.kingdoms:
        if k not in c.kingdoms:
            raise ValueError(f"unknown kingdom {k!r}")
    rng = Rng(seed_state(config.seed))
    # RTDT-SETUP-1: the decks hold the box's cards, every copy counted (content/*.yaml)
    potions = [p.id for p in c.potions.values() for _ in range(p.copies)]
    rng.shuffle(potions)  # RTDT-SETUP-10
    treasures = cov_setup.treasure_deck(w, config)
    rng.shuffle(treasures)  # RTDT-SETUP-9
    size = cov_setup.market_size(config)
    market, treasures = treasures[:size], treasures[size:]
    corruptions = cov_setup.corruption_deck(w, config, rng)
    rng.shuffle(corruptions)
    heroes = _heroes(w, config)
    s = State(
        config=config,
        rng=rng.state,
        heroes=heroes,
        # RTDT-SETUP-4: every building stands on its printed space
        skulls={sp: 0 for sp in w.board.building_of},
        destroyed=[],
        supply=SUPPLY_SKULLS,
        removed=0,
        tower=tower.new_tower(),  # RTDT-SETUP-3
        potion_deck=potions,
        treasure_deck=treasures,
        market=market,
        corruption_deck=corruptions,
        gear_piles={g.id: g.copies for g in c.gear.values()},  # RTDT-SETUP-8
        month=1,
        month_turn=0,
        month_length=app.month_length(rng, config.players, config.difficulty, 1),
        turn_number=0,
        turn=None,  # type: ignore[arg-type]  # set by start_turn below
        pending=[],
        emerged=[],
        events=[],
        dropper=config.first_player,
        trade=None,
        result=None,
        log=EMPTY,
        history=EMPTY,
    )
    tell(
        s,
        "text",
        # not the game code: it is the screen's to show (a table keeps it secret until the
        # game is over, docs/web.md "Secrets"), and the log goes to every seat
        "A new game: {players} player(s), {difficulty}.",
        players=config.players,
        difficulty=config.difficulty,
    )
    if cov_setup.in_play(w, config):
        s.cov = cov_setup.new_covenant(w, s, rng)  # COV-SETUP-1..10
    w = plugins.world_for(w, s)  # the rules below run with this game's handlers
    for sp in s.skulls:  # RTDT-SETUP-19: opening skulls come from the supply
        s.skulls[sp] = c.buildings[w.board.building_of[sp]].opening_skulls
        s.supply -= s.skulls[sp]
    cov_setup.setup_heroes(w, s)  # COV-SETUP-11
    for foe in config.foes:  # RTDT-SETUP-17
        s.foe_status[foe] = (
            app.PARAMS.gritty_opening_status
            if config.difficulty == "gritty"
            else app.PARAMS.opening_status
        )
    for foe, count in zip(config.foes, app.PARAMS.opening_foes, strict=False):
        spawn(w, s, rng, foe, count, "Setup - ")  # RTDT-SETUP-19: the app's opening foes
    for h in s.heroes:  # RTDT-COMP-1: the main companion helps every hero
        h.companions.append(config.companion)
    # CMP-SETUP-4: competitive setup differs only here; the rest is the cooperative game's
    if config.mode == "competitive":
        competitive.setup(w, s, rng)  # CMP-SETUP-1, CMP-SETUP-2: trials, no main goal
    else:
        setup_quests(w, s, rng)  # RTDT-SETUP-16: the main goal
    if config.adversary == "ashstrider":  # RTDT-TOKEN-1: rivers of fire, never removed
        rivers = list(w.content.rivers)
        rng.shuffle(rivers)
        s.fire_rivers = [tuple(e) for e in rivers[: app.PARAMS.fire_rivers]]  # type: ignore[misc]
        rivers_text = ", ".join(f"{w.board.names[a]}-{w.board.names[b]}" for a, b in s.fire_rivers)
        tell(s, "spawn", "Setup - rivers of fire: {rivers}", rivers=rivers_text)
    if config.companion == "letha":  # RTDT-TOKEN-8: siege trees
        west = list(w.board.kingdom_spaces["west"])
        rng.shuffle(west)
        s.siege_trees = west[: app.PARAMS.siege_trees]
        trees = ", ".join(w.board.names[t] for t in s.siege_trees)
        tell(s, "spawn", "Setup - siege trees: {spaces}", spaces=trees)
    s.rng = rng.state
    start_turn(w, s, config.first_player)  # RTDT-ORDER-1
    month_started(w, s)  # month 1's spells, before the first turn (COV-ASTRO-4)
    return s


def new_game(config: Config | None = None, seed: int | None = None, **options: Any) -> RtdtGame:
    """Set up a game. `config` or keyword options (see make_config) say what to play."""
    if config is None:
        config = make_config(seed=seed, **options)
    w = get_world()
    game = RtdtGame(w, setup_state(w, config))
    game._tl = start(game)
    return game


class RtdtGame(Undoable):
    """A game in progress, speaking the Game protocol (undo and redo: core/undo.py)."""

    __slots__ = ("world", "state", "_legal", "_kept", "_tl")

    def __init__(self, world: World, state: State, tl: Timeline | None = None) -> None:
        self.world = plugins.world_for(world, state)
        self.state = state
        self._legal: list[Action] | None = None
        self._kept = Kept()  # parts of the last observations, reused while their facts hold
        # checkpoints for undo; a game built here from a state rebuilds its past on demand
        self._tl = tl if tl is not None else Timeline()

    # --- protocol -------------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        s = self.state
        if s.result is not None:
            return None
        # RTDT-TURN-10: the active player decides; others answer only what they are asked
        return s.pending[-1].seat if s.pending else s.turn.seat

    @property
    def result(self) -> Result | None:
        return self.state.result

    @property
    def log(self) -> list[str]:
        """Every event's text, secrets included (a god's view for tests and tools)."""
        return [e.text for e in self.state.log.to_list()]

    @property
    def events(self) -> list[Event]:
        """Every event; a screen shows a seat those it `seen_by`."""
        return self.state.log.to_list()

    @property
    def prompt(self) -> str:
        return prompt(self.world, self.state)

    @property
    def asked(self) -> Event:
        """The prompt as a template with fields, for a screen to word in its language."""
        return asked(self.world, self.state)

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            s = self.state
            if s.result is not None:
                self._legal = []
            elif s.pending:
                self._legal = decisions.answers(self.world, s, s.pending[-1])
            else:
                self._legal = actions.turn_actions(self.world, s)
        return self._legal

    def costs(self, action: Action | str) -> dict[str, int]:
        """The spirit a turn action costs now (its verb's `price`: rules/verbs.py)."""
        a = parse(action) if isinstance(action, str) else action
        return actions.costs(self.world, self.state, a)

    def words(self, action: Action | str) -> Event:
        """The action as a button says it (rtdt/action_words.py)."""
        a = parse(action) if isinstance(action, str) else action
        return action_words(self.world, self.state, a)

    def unavailable(self) -> list[tuple[str, IllegalAction]]:
        """The turn verbs that exist but are barred now, each with why: the reason with its
        numbers and the rule (`quest` once per quest on the board it cannot complete). A
        screen shows them greyed; empty outside the plain turn step (a question, a trade,
        a Battle, a dungeon) and once the game is over."""
        s = self.state
        return [
            (what, why.error())
            for what, why in actions.unavailable(self.world, s, self.legal_actions())
        ]

    def apply(self, action: Action | str) -> None:
        self._step(action)
        applied(self, self._tl)

    def _step(self, action: Action | str) -> None:
        a = parse(action) if isinstance(action, str) else action
        legal = self.legal_actions()
        try:  # the offered action: its typed record (rtdt/records.py), text matched to it
            a = legal[legal.index(a)]
        except ValueError:
            raise explain(self.world, self.state, a, legal) from None
        s = self.state
        self._legal = None
        w = self.world
        mark = len(s.pending)
        if s.pending:
            d = s.pending.pop()
            mark -= 1
            decisions.apply(w, s, d, a)
        else:
            actions.apply_turn(w, s, a)
        _order_new(s.pending, mark)
        s.history = s.history.add(str(a))
        mark = len(s.pending)
        advance(w, s)
        _order_new(s.pending, mark)
        while s.result is None and s.pending:
            # a question whose every answer vanished meanwhile (a gear to lose, when a later
            # effect already took all gear) is moot: lose what you can (RTDT-RES-4)
            answers = decisions.answers(w, s, s.pending[-1])
            if answers:
                self._legal = answers
                break
            moot = s.pending.pop()
            tell(
                s,
                "text",
                "Nothing is left to choose for: {question}.",
                question=DECISION_RULES[moot.kind][0],
            )
            mark = len(s.pending)
            advance(w, s)
            _order_new(s.pending, mark)

    def clone(self) -> RtdtGame:
        return RtdtGame(self.world, self.state.clone(), self._tl.shared())

    def determinize(self, seat: int, seed: int) -> RtdtGame:
        """Re-draw what `seat` cannot know: deck orders, the Tower's hidden skulls, the
        month's hidden length and the generator itself. Cards the seat knows stay where
        they are: the top potions of its Flagon choice, and the cards it saw go under a
        deck (rtdt/decks.py; the quest items of Bounty of the Gods are in its decision)."""
        g = self.clone()
        g._tl = sealed()
        s = g.state
        rng = Rng(seed_state(seed))
        decks.redraw(s, "potions", seat, rng, top_seen=decks.potions_seen(s, seat))
        decks.redraw(s, "treasures", seat, rng)
        decks.redraw(s, "corruptions", seat, rng)
        tower.resample_hidden(s.tower, rng)
        if s.config.mode == "competitive":  # other heroes' face-down trials (CMP-HIDDEN-1)
            me = s.heroes[seat]
            for kind in competitive.TRIAL_TYPES:
                trials = self.world.content.trials
                known = set(me.trials) | {t for h in s.heroes for t in h.trials_done}
                unknown = [t for t in trials if trials[t].type == kind and t not in known]
                rng.shuffle(unknown)
                for h in s.heroes:
                    if h.seat != seat:
                        h.trials = [
                            unknown.pop() if trials[t].type == kind else t for t in h.trials
                        ]
        for d in s.dungeons.values():  # unexplored rooms and the target are unknown
            pool = [r.id for r in rooms_of(self.world, d.kind)]
            for i, done in enumerate(d.cleared):
                if not done and not (s.delve is not None and s.delve.room == i):
                    d.rooms[i] = rng.choice(pool)
            open_rooms = [i for i in range(2, len(d.rooms)) if not d.cleared[i]]
            if open_rooms and not d.cleared[d.target]:
                d.target = rng.choice(open_rooms)
        b = s.battle
        if b is not None:  # battle cards not yet revealed are unknown
            seen = b.cards[: b.index + (1 if b.revealed else 0)]
            rest = [c for c in deck_for(self.world, b.foe) if c not in seen]
            rng.shuffle(rest)
            b.cards = seen + rest[: len(b.cards) - len(seen)]
        if s.turn.phase == "place" and s.events:  # the drop's events are not shown yet
            on_board = list(dict.fromkeys(f for f, _ in s.foes))
            c = s.config
            s.events = app.draw_events(rng, c.foes, on_board, c.players, c.difficulty)
            s.events += DROP_EVENTS.collect(self.world, s, rng)  # Covenant's events
        if s.month > 1:
            length = app.month_length(rng, s.config.players, s.config.difficulty, s.month)
            s.month_length = max(length, s.month_turn + 1)
        s.rng = rng.next_u64()
        return g

    def observe(self, seat: int, told: bool = True) -> dict[str, Any]:
        """What `seat` sees (docs/observe.md): plain JSON, a new dict at the top level on
        every call, read-only below it (parts whose facts did not change are reused).
        `told=False` leaves out what was said (`log`, `events`), which agents never read."""
        legal = self.legal_actions() if self.to_act == seat else []
        return observe(self.world, self.state, seat, legal, self._kept, told)

    def view(self, seat: int) -> SeatView:
        """What `seat` sees, typed (rtdt/seat_view.py): `observe` without what was said."""
        legal = self.legal_actions() if self.to_act == seat else []
        return seat_view(self.world, self.state, seat, legal, self._kept)

    def describe(self, name: str, say: Callable[[str], str] | None = None) -> str | None:
        """The text of any card, foe, hero, quest… by id or name (static content only); `say`
        words the content's texts in a screen's language (its catalog's gettext)."""
        return describe(self.world, name) if say is None else describe(self.world, name, say)

    def to_json(self) -> dict[str, Any]:
        return save_state(self.state)

    @staticmethod
    def from_json(data: Any, file: str = "<save>") -> RtdtGame:
        w = get_world()
        game = RtdtGame(w, load_state(w, data, file))
        if game.result is None and not game.legal_actions():  # never empty while running
            where = "pending" if game.state.pending else "turn"
            raise SaveError(file, where, "no legal action answers this state")
        game._tl = start(game)
        return game

    def state_hash(self) -> str:
        return state_hash(self.to_json())

    # --- what undo needs (core/undo.py Rewindable) ----------------------------------------

    def _position(self) -> int:
        return len(self.state.history)

    def _played(self, start: int) -> list[str]:
        history = self.state.history
        return history.last(len(history) - start)

    def _origin(self) -> RtdtGame:
        return RtdtGame(self.world, setup_state(self.world, self.state.config))

    def _snapshot(self) -> RtdtGame:
        return self.clone()

    def _adopt(self, other: RtdtGame) -> None:
        self.world, self.state, self._legal = other.world, other.state, other._legal
        self._kept = Kept()

    # --- conveniences ----------------------------------------------------------------------

    @property
    def pending(self) -> Decision | None:
        return self.state.pending[-1] if self.state.pending else None

    def hero(self, seat: int) -> HeroState:
        return self.state.heroes[seat]


def _order_new(pending: list[Decision], mark: int) -> None:
    """Decisions queued by one step are asked in the order they were queued."""
    if len(pending) - mark > 1:
        pending[mark:] = pending[mark:][::-1]
