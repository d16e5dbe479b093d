"""Tables: games played online, one store record each, seats held by people or by AI.

A table's document holds the game's save, its seats and the hashes of the seats' secret
tokens (a token is shown once, in the seat's link, and never stored). The save is a
snapshot made at version `at`: most actions only append their text to the store's log, and
loading a table replays the actions logged after its snapshot (each checked as it is
applied), so a request writes a few hundred bytes, not the whole save; a snapshot is written
every SNAPSHOT_EVERY actions and with every undo, redo and undo request. Every action is one
store commit made on top of the version the player saw, so a second request, a second server
process or a stale page can never apply an action twice or act on an old state: the store
refuses the commit (`StaleVersion`) and nothing is written. A seat acts only with its own
token and only when it is to act; it sees only `observe(seat)`.
"""

from __future__ import annotations

import hmac
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from towerplay import games
from towerplay.core.errors import IllegalAction, SaveError, TowerplayError
from towerplay.core.protocol import SPECTATOR, Game
from towerplay.core.undo import consent
from towerplay.i18n import catalog
from towerplay.store import Entry, LoggedAction, Record, StaleVersion, Store, UnknownRecord
from towerplay.store.group import GroupCommitter
from towerplay.store.store import prepare
from towerplay.tactics.campaign.game import summary as campaign_summary
from towerplay.web.errors import Forbidden, Refused, Stale, TableError, UnknownTable
from towerplay.web.mail import valid_mail
from towerplay.web.seats import Created, check_seats, token_hash
from towerplay.web.views import keeps, seat_view

FORMAT = "towerplay-table-1"
KIND_PREFIX = "table-"
MAX_ACTION = 1_000
SNAPSHOT_EVERY = 20  # actions between two saves written whole (at most this many replayed)
KEPT_GAMES = 256  # tables whose game a process keeps loaded between requests
SHOWN_OPTIONS = ("players", "heroes", "mode", "difficulty", "expansion")  # in the lobby
SEEDS = 2**31  # a table's seed is below this (a random one when the creator gives none)


class Tables:
    """The tables of one store. Thread-safe: each change is one store transaction; loaded
    games are kept per (table, version) so a request does not reload the save."""

    def __init__(
        self, store: Store, group: GroupCommitter | None = None, kept: int = KEPT_GAMES
    ) -> None:
        self.store = store
        self.group = group  # commits of many tables made together (store/group.py)
        # the last version seen of the `kept` tables used last (the others are read again)
        self._games: OrderedDict[str, tuple[Record, Game]] = OrderedDict()
        self._kept = kept
        self._lock = threading.Lock()
        # told when an action hands the game to another seat (web/mail.py): the new record,
        # the game and the seat now to act
        self.on_turn: Callable[[Record, Game, int], None] | None = None

    def _keep(self, table_id: str, loaded: tuple[Record, Game]) -> None:
        """Keep a table's game for the next request, forgetting the one used longest ago
        past `kept` (3,000 tables kept every game for good: 190 MB)."""
        with self._lock:
            self._games[table_id] = loaded
            self._games.move_to_end(table_id)
            while len(self._games) > self._kept:
                self._games.popitem(last=False)

    # --- making and reading tables --------------------------------------------------------

    def create(
        self,
        game: str,
        config: dict[str, Any],
        seed: int | None,
        seats: Any,
        name: str = "",
        spectators_chat: bool = True,
        private: bool = False,
    ) -> Created:
        """A new table. Its seed is secret and random unless the creator gives one (or a
        game code, which holds one): then the game is public by their choice, and its
        seats see the code at once instead of when the game is over (`seed_chosen`).
        `spectators_chat`: whether spectators read its chat (web/chat.py); a `private` one
        is not joined from the lobby (web/lobby.py), only by its seats' links."""
        chosen = seed is not None or bool(config.get("code"))
        if seed is None:
            seed = secrets.randbelow(SEEDS)
        try:
            gk = games.get(game)
            made = gk.new(config, seed)
        except (ValueError, TypeError, TowerplayError) as e:
            raise TableError(f"config: {e}") from None
        title = name.strip()[:200] or gk.title  # never the seed: anyone may read the lobby
        origin = {
            "config": config,
            "seed": seed,
            "seed_chosen": chosen,
            "spectators_chat": bool(spectators_chat),
            "private": bool(private),
        }
        return self.seat(game, made, seats, title, origin)

    def seat(
        self, game: str, made: Game, seats: Any, title: str, origin: dict[str, Any]
    ) -> Created:
        """A new table for the game `made` (new, or a stored campaign's): its seats and
        their tokens; `origin` says where it came from (its config and seed, or the
        campaign it was opened from) and holds the seed its AI seats play by."""
        gk = games.get(game)
        chosen = check_seats(game, seats, gk.seats(made))
        tokens: list[str | None] = []
        for seat in chosen:
            # a person's seat gets its token now; an open one when someone joins (lobby.py)
            token = (
                secrets.token_urlsafe(18)
                if seat["who"] == "human" and not seat.get("open")
                else None
            )
            seat["token"] = None if token is None else token_hash(token)
            tokens.append(token)
        spectator = secrets.token_urlsafe(18)
        host = secrets.token_urlsafe(18)
        doc = {
            "format": FORMAT,
            "game": game,
            **origin,
            "seats": chosen,
            "spectator": token_hash(spectator),
            "host": token_hash(host),
            "save": made.to_json(),
            "at": 0,  # the version the save is at
        }
        rec = self.store.create(KIND_PREFIX + game, title, doc, summary(made, chosen, game, doc))
        self._keep(rec.id, (rec, made))
        return Created(rec.id, tokens, spectator, host)

    def reseat(
        self, rec: Record, game: Game, seats: list[dict[str, Any]], note: str, actor: str
    ) -> Record:
        """The table's seats change (a person joins): one commit that writes the save whole
        at its new version, so `note` in the log is never replayed as a move; StaleVersion
        when the table moved on."""
        version = rec.version + 1
        doc = {**rec.document, "seats": seats, "save": game.to_json(), "at": version}
        try:
            new = self.store.commit(
                rec.id,
                rec.version,
                note,
                doc,
                summary(game, seats, doc["game"], doc),
                actor=actor,
                snapshot=True,  # never replayed as a move (web/replays.py)
            )
        except StaleVersion as e:
            raise moved(e) from None
        self._keep(rec.id, (new, game))
        return new

    def lobby(self, offset: int = 0, limit: int | None = None) -> list[dict[str, Any]]:
        """The tables, newest change first (a page of them: `offset`, `limit`): id, name,
        version and its summary."""
        entries = self.store.list(prefix=KIND_PREFIX, offset=offset, limit=limit)
        return [{"id": e.id, "name": e.name, "version": e.version, **e.summary} for e in entries]

    def in_play(self) -> int:
        """How many tables of the store are not over."""
        return sum(1 for e in self.store.list(prefix=KIND_PREFIX) if e.summary["result"] is None)

    def load(self, table_id: str, trusted: int | None = None) -> tuple[Record, Game]:
        """The table's record and its game at the store's version: the one kept from the
        last request when no process changed it since, else read and checked anew.
        `trusted`: a change is about to be made on top of this version; when it is the one
        kept, the store's version is not read first, because the commit itself refuses a
        version another process has moved past (StaleVersion), so nothing can go wrong."""
        with self._lock:
            hit = self._games.get(table_id)
            if hit is not None:
                self._games.move_to_end(table_id)  # used last: forgotten last
        if hit is not None and trusted is not None and hit[0].version == trusted:
            return hit
        if hit is not None and hit[0].version == self.version(table_id):
            return hit
        try:
            rec = self.store.get(table_id)
        except UnknownRecord:
            raise UnknownTable(f"no table {table_id!r}") from None
        if not rec.kind.startswith(KIND_PREFIX):
            raise UnknownTable(f"no table {table_id!r}")
        game = read_game(rec, self.store.actions(table_id, after=snapshot_at(rec)))
        self._keep(table_id, (rec, game))
        return rec, game

    def kept_version(self, table_id: str) -> int | None:
        """The version this process last saw the table at (None: not loaded here)."""
        with self._lock:
            hit = self._games.get(table_id)
        return None if hit is None else hit[0].version

    def ai_may_act(self, table_id: str) -> bool:
        """Whether an AI seat may be to act, by the version kept here (True when none is:
        only a look at the store can tell); a person's action then starts no AI play."""
        with self._lock:
            hit = self._games.get(table_id)
        return hit is None or hit[0].summary.get("ai_to_act", True) is not False

    def version(self, table_id: str) -> int:
        try:
            return self.store.version(table_id)
        except UnknownRecord:
            raise UnknownTable(f"no table {table_id!r}") from None

    def seat_of(self, rec: Record, token: str | None) -> int:
        """The seat whose token this is (SPECTATOR for the spectators' token); Forbidden for
        a missing or unknown token."""
        if not token:
            raise Forbidden("no seat token: open the table from your seat's link")
        given = token_hash(token)
        for i, seat in enumerate(rec.document["seats"]):
            if seat["token"] is not None and hmac.compare_digest(seat["token"], given):
                return i
            away = seat.get("away")  # a person whose seat the AI plays while they are away
            if away and hmac.compare_digest(str(away["token"]), given):
                return i
        if hmac.compare_digest(str(rec.document.get("spectator", "")), given):
            return SPECTATOR
        raise Forbidden("this token is no seat of this table")

    def player_of(self, rec: Record, token: str | None) -> int:
        """The seat of a person or AI seat's token; a spectator may look, not act."""
        seat = self.seat_of(rec, token)
        if seat == SPECTATOR:
            raise Forbidden("a spectator can watch, not act")
        if rec.document["seats"][seat].get("away"):
            raise Forbidden("the AI plays your seat while you are away: take it back first")
        return seat

    def describe(
        self, table_id: str, token: str | None, name: str, lang: str | None = None
    ) -> str | None:
        """A card's (item's, foe's, class's...) text, for anyone at the table, in `lang`
        (pt_BR/rtdt_cards.po, tactics_cards.po), its name as printed."""
        rec, game = self.load(table_id)
        self.seat_of(rec, token)
        return game.describe(name[:200], catalog(lang).gettext)

    def view(self, table_id: str, token: str | None) -> dict[str, Any]:
        rec, game = self.load(table_id)
        return seat_view(rec, game, self.seat_of(rec, token))

    # --- changing them --------------------------------------------------------------------

    def act(self, table_id: str, token: str | None, action: Any, version: Any) -> dict[str, Any]:
        """Apply `action` for the token's seat on top of `version`; the seat's new view."""
        rec, game = self.load(table_id, version if isinstance(version, int) else None)
        seat = self.player_of(rec, token)
        if not isinstance(action, str) or not action.strip() or len(action) > MAX_ACTION:
            raise TableError("action: expected the action's text, as legal_actions lists it")
        if not isinstance(version, int) or isinstance(version, bool):
            raise TableError("version: expected the version number your view showed")
        if version != rec.version:
            raise Stale(
                f"the game is at version {rec.version}, you acted on version {version}: "
                "nothing was done; look at the game again"
            )
        if game.to_act != seat:
            who = "nobody (the game is over)" if game.to_act is None else f"seat {game.to_act}"
            raise Forbidden(f"it is not your turn: {who} is to act")
        after = self._commit(rec, game, action.strip(), f"seat {seat}")
        return seat_view(*after, seat)

    def ai_turn(self, table_id: str) -> bool:
        """If an AI seat is to act, let it choose and commit one action; True if it did.
        Another process having acted first is no error (its action stands)."""
        rec, game = self.load(table_id)
        seat = game.to_act
        if seat is None or game.result is not None:
            return False
        info = rec.document["seats"][seat]
        if info["who"] != "ai":
            return False
        gk = games.get(rec.document["game"])
        agent = gk.agents.make(info["agent"], ai_seed(rec))
        choice = str(agent.act(game.clone()))
        try:
            self._commit(rec, game, choice, f"ai {info['agent']} (seat {seat})")
        except Stale:
            return False
        return True

    def _commit(self, rec: Record, game: Game, action: str, actor: str) -> tuple[Record, Game]:
        after = game.clone()
        try:
            after.apply(action)
        except IllegalAction as e:
            raise Refused(str(e), e.rule, e.view()) from None
        new = self._store(rec, after, action, actor, None)
        if self.on_turn is not None and after.to_act not in (None, game.to_act):
            self.on_turn(new[0], after, after.to_act)  # once: this commit is made once
        return new

    def _store(
        self,
        rec: Record,
        after: Game,
        action: str,
        actor: str,
        request: dict[str, Any] | None,
        whole: bool = False,
    ) -> tuple[Record, Game]:
        """Commit `action` as the table's next version (one transaction), with the undo
        request it leaves open, if any. The save is written whole when `whole` (an undo or
        redo: they are not replayed), when the request changes, when the game ends, and
        every SNAPSHOT_EVERY actions; else only the action is logged."""
        version = rec.version + 1
        at = rec.document.get("at")
        whole = (
            whole
            or request != rec.document.get("undo")
            or after.result is not None
            or not isinstance(at, int)
            or version - at >= SNAPSHOT_EVERY
        )
        doc = (
            {**rec.document, "save": after.to_json(), "undo": request, "at": version}
            if whole or keeps(rec.document)
            else rec.document
        )
        if keeps(doc):
            return self._keep_campaign(rec, after, action, actor, doc, whole)
        append = self.group.append if self.group is not None else self.store.append
        seats = rec.document["seats"]
        try:
            entry = append(
                rec.id,
                rec.version,
                action,
                summary(after, seats, doc["game"], doc),
                document=doc if whole else None,
                actor=actor,
                snapshot=whole,  # kept in the log too: web/replays.py starts a step there
            )
        except StaleVersion as e:
            raise moved(e) from None
        new = with_document(entry, doc)
        self._keep(rec.id, (new, after))
        return new, after

    def _keep_campaign(
        self, rec: Record, after: Game, action: str, actor: str, doc: dict[str, Any], whole: bool
    ) -> tuple[Record, Game]:
        """A campaign table's action committed with the campaign record it keeps, in one
        transaction, so `campaign continue` in the terminal goes on from where the table is.
        When the campaign was played elsewhere since (its version moved) or deleted, the
        table goes on as a copy and says so (`kept: false`); the campaign is not touched."""
        camp = doc["campaign"]
        seats = doc["seats"]
        kept = {**doc, "campaign": {**camp, "version": camp["version"] + 1, "kept": True}}
        changes = [  # the table's own first: a stale table fails as every table does
            prepare(
                rec.id,
                rec.version,
                action,
                kept,
                summary(after, seats, doc["game"], doc),
                actor=actor,
                snapshot=whole,  # a step a replay starts at (web/replays.py)
            ),
            prepare(
                camp["id"],
                camp["version"],
                action,
                after.to_json(),
                campaign_summary(after),
                actor=f"table {rec.id}",
            ),
        ]
        try:
            entry = self.store.commit_together(changes)[0]
        except (StaleVersion, UnknownRecord) as e:
            if isinstance(e, StaleVersion) and e.record_id == rec.id:
                raise moved(e) from None
            kept = {**doc, "campaign": {**camp, "kept": False}}
            entry = self._append_alone(rec, after, action, actor, kept)
        new = with_document(entry, kept)
        self._keep(rec.id, (new, after))
        return new, after

    def _append_alone(
        self, rec: Record, after: Game, action: str, actor: str, doc: dict[str, Any]
    ) -> Entry:
        try:
            return self.store.append(
                rec.id,
                rec.version,
                action,
                summary(after, doc["seats"], doc["game"], doc),
                document=doc,
                actor=actor,
            )
        except StaleVersion as e:
            raise moved(e) from None

    # --- undo and redo, with the online consent rule ---------------------------------------

    def undo(self, table_id: str, token: str | None, version: Any) -> dict[str, Any]:
        """Undo back to before the last decision a person made (the AI's moves after it
        go too). Done at once when no step revealed hidden information to a person, or when
        every person agreed; else the request stays open, this seat agreeing, until the
        others agree by asking the same (UNDO-6) or someone acts."""
        rec, game = self.load(table_id)
        seat = self._fresh(rec, token, version)
        seats = rec.document["seats"]
        steps = human_steps(game, seats)
        if steps == 0:
            raise Refused("no decision of a person to undo", "UNDO-1")
        # the people at the table: a seat still open has no one yet to agree
        humans = [i for i, s in enumerate(seats) if s["who"] == "human" and not s.get("open")]
        open_request = rec.document.get("undo") or {}
        agreed = {seat} | set(
            open_request.get("agreed", []) if open_request.get("steps") == steps else []
        )
        verdict = consent(game, steps, humans, agreed)
        if verdict.allowed:
            after = game.branch()  # what was undone before stays redoable
            after.undo(steps)
            new, after = self._store(rec, after, f"undo {steps}", f"seat {seat}", None, True)
        else:
            request = {
                "steps": steps,
                "by": seat,
                "agreed": sorted(agreed),
                "missing": list(verdict.missing),
                "reason": verdict.reason,
            }
            # written whole: a request is not a move, and its log entry must never be
            # replayed as one (a repeated request left it to the log alone)
            new, after = self._store(
                rec, game.clone(), f"ask undo {steps}", f"seat {seat}", request, True
            )
        return seat_view(new, after, seat)

    def redo(self, table_id: str, token: str | None, version: Any) -> dict[str, Any]:
        """Redo the next decision a person made, with the AI's moves after it. What can be
        redone lives with the game in this process, not in the store (docs/web.md)."""
        rec, game = self.load(table_id)
        seat = self._fresh(rec, token, version)
        if game.redoable == 0:
            raise Refused("nothing to redo", "UNDO-4")
        # on a branch, as every change: two requests at once each make their own, and the
        # store takes only the first (the second is on a version gone by)
        after = game.branch()
        before = after.redoable
        after.redo(1)
        seats = rec.document["seats"]
        while after.redoable and after.to_act is not None and seats[after.to_act]["who"] == "ai":
            after.redo(1)
        new, after = self._store(
            rec, after, f"redo {before - after.redoable}", f"seat {seat}", None, True
        )
        return seat_view(new, after, seat)

    def _fresh(self, rec: Record, token: str | None, version: Any) -> int:
        """The token's seat, once the request is known to be made on the current version."""
        seat = self.player_of(rec, token)
        if not isinstance(version, int) or isinstance(version, bool):
            raise TableError("version: expected the version number your view showed")
        if version != rec.version:
            raise Stale(
                f"the game is at version {rec.version}, you acted on version {version}: "
                "nothing was done; look at the game again"
            )
        return seat


def moved(e: StaleVersion) -> Stale:
    return Stale(f"the game moved on to version {e.current} while you acted: nothing was done")


def human_steps(game: Game, seats: list[dict[str, Any]]) -> int:
    """How many decisions back the last one a person made lies (0: none can be undone)."""
    past = game.clone()
    for k in range(1, game.undoable + 1):
        past.undo(1)
        who = past.to_act
        if who is not None and seats[who]["who"] == "human":
            return k
    return 0


def with_document(entry: Entry, doc: dict[str, Any]) -> Record:
    """The record an append made, with the document its maker holds (not read back)."""
    return Record(
        id=entry.id,
        kind=entry.kind,
        name=entry.name,
        created=entry.created,
        updated=entry.updated,
        version=entry.version,
        summary=entry.summary,
        document=doc,
    )


def snapshot_at(rec: Record) -> int:
    """The version the table's save was written at (a table of an older server, without
    `at`, wrote it with every action)."""
    at = rec.document.get("at", rec.version)
    if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at <= rec.version:
        raise SaveError(f"table {rec.id}", "at", f"expected a version from 0 to {rec.version}")
    return at


def read_game(rec: Record, later: list[LoggedAction]) -> Game:
    """The game of a table's document, every part checked (the file named is the table),
    with the actions logged after its snapshot (`later`) replayed, each checked as the
    rules check a player's."""
    doc = rec.document
    where = f"table {rec.id}"
    if doc.get("format") != FORMAT:
        raise SaveError(where, "format", f"expected {FORMAT!r}")
    if doc.get("game") not in games.GAMES:
        raise SaveError(where, "game", f"expected one of {', '.join(games.GAMES)}")
    seats = doc.get("seats")
    if not isinstance(seats, list) or not all(
        isinstance(s, dict) and s.get("who") in ("human", "ai") for s in seats
    ):
        raise SaveError(where, "seats", "expected a list of seats")
    if not all(valid_mail(s.get("mail")) for s in seats):
        raise SaveError(where, "seats", "a seat's mail: expected an address and a language")
    request = doc.get("undo")
    if request is not None and not (
        isinstance(request, dict)
        and isinstance(request.get("steps"), int)
        and isinstance(request.get("agreed"), list)
    ):
        raise SaveError(where, "undo", "expected null or an undo request")
    gk = games.GAMES[doc["game"]]
    game = gk.load(doc.get("save"), where)
    if gk.seats(game) != len(seats):
        raise SaveError(where, "seats", f"the game has {gk.seats(game)} seats")
    at = snapshot_at(rec)
    later = [a for a in later if a.version <= rec.version]  # one committed since is not ours
    if [a.version for a in later] != list(range(at + 1, rec.version + 1)):
        raise SaveError(where, "actions", f"expected the actions {at + 1} to {rec.version}")
    for logged in later:
        try:
            game.apply(logged.action)
        except IllegalAction as e:
            raise SaveError(where, f"actions[{logged.version}]", str(e)) from None
    return game


def ai_seed(rec: Record) -> int:
    """An AI's seed for one decision: from the table's seed and the version, so a replayed
    table chooses the same."""
    return (int(rec.document["seed"]) * 1_000_003 + rec.version) % (2**31)


def summary(
    game: Game, seats: list[dict[str, Any]], name: str, doc: dict[str, Any] | None = None
) -> dict[str, Any]:
    """What the lobby shows of a table: its game, seats (who, name, open to join), who is to
    act, its result, whether it is private (joined by its links only) and its options."""
    to_act = game.to_act
    doc = doc or {}
    return {
        "game": name,
        "private": bool(doc.get("private")),
        "options": _options(doc.get("config")),
        "seats": [{"who": s["who"], "name": s["name"], "open": bool(s.get("open"))} for s in seats],
        "to_act": to_act,
        "ai_to_act": to_act is not None and seats[to_act]["who"] == "ai",
        "result": None if game.result is None else game.result.to_json(),
    }


def _options(config: Any) -> dict[str, Any]:
    """A table's options as the lobby shows them, in words a page has: its players or
    heroes, mode, difficulty and expansion (never the code, which holds the seed, nor ids)."""
    if not isinstance(config, dict):
        return {}
    return {k: v for k, v in config.items() if k in SHOWN_OPTIONS and isinstance(v, (str, int))}
