"""Corrupted-save fuzzing for both games: every corrupted save is refused with
SaveError(file, field), or it loads and plays 50 random actions cleanly.

    python -m tests.fuzz_saves --game rtdt --n 20000 --seed 1
    python -m tests.fuzz_saves --game tactics --n 20000 --seed 1

prints the counts: refused / accepted and played clean / anything else (which must
be 0; the first few are printed with the corruption that caused them). The
property test in tests/test_save_fuzz.py runs the same pieces under hypothesis.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from tests.tactics.campaign.games import campaign_encounter
from tests.tactics.campaign.games import load as load_campaign_encounter
from tests.tactics.campaign.guide_fixture import guide_content
from towerplay.agents.random import RandomAgent
from towerplay.core.errors import SaveError
from towerplay.rtdt.game import RtdtGame
from towerplay.rtdt.game import new_game as new_rtdt
from towerplay.tactics import TacticsGame
from towerplay.tactics import new_game as new_tactics
from towerplay.tactics.campaign.game import CampaignGame
from towerplay.tactics.campaign.game import new_game as new_campaign
from towerplay.tactics.campaign.state import DIFFICULTIES
from towerplay.tactics.content import default_content

FILE = "fuzz.json"
COVENANT_HEROES = (
    "undaunted_aegis",
    "relentless_warden",
    "devious_swindler",
    "reverent_astromancer",
)
BASE_HEROES = ("brutal_warlord", "orphaned_scion", "relic_hunter", "spymaster")
OPS = ("delete", "type", "int", "id", "drop", "null", "swap", "duplicate", "empty")


class Timeout(Exception):
    """A load or a playout ran past its time limit."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise Timeout in the running code after `seconds` (SIGALRM; main thread only)."""

    def ring(signum: int, frame: Any) -> None:
        raise Timeout(f"ran longer than {seconds} s")

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


# --- random states -------------------------------------------------------------------------


def rtdt_game(r: random.Random) -> RtdtGame:
    """A random game (base, Covenant or competitive, 1-4 players) at a random point."""
    mode = r.choice(("base", "covenant", "competitive"))
    players = r.randint(2 if mode == "competitive" else 1, 4)
    seed = r.randrange(10**6)
    if mode == "covenant":
        pool = list(BASE_HEROES + COVENANT_HEROES)
        r.shuffle(pool)
        g = new_rtdt(players=players, seed=seed, expansion="covenant", heroes=pool[:players])
    elif mode == "competitive":
        g = new_rtdt(players=players, seed=seed, mode="competitive")
    else:
        g = new_rtdt(players=players, seed=seed)
    return _play(g, r.randint(0, 400), seed)


def tactics_game(r: random.Random) -> TacticsGame:
    """A random encounter with a random party at a random point."""
    content = default_content()
    party = [r.choice(sorted(content.classes)) for _ in range(r.randint(3, 5))]
    config = {"encounter": r.choice(sorted(content.encounters)), "party": party}
    seed = r.randrange(10**6)
    return _play(new_tactics(config, seed), r.randint(0, 300), seed)


def campaign_tactics_game(r: random.Random) -> TacticsGame:
    """A campaign encounter (elite heroes, a Mark of Death, items) at a random point."""
    seed = r.randrange(10**6)
    return _play(campaign_encounter(seed), r.randint(0, 300), seed)


def _play(g: Any, steps: int, seed: int) -> Any:
    agent = RandomAgent(seed)
    for _ in range(steps):
        if g.result is not None:
            break
        g.apply(agent.act(g))
    return g


def campaign_game(r: random.Random) -> CampaignGame:
    """A fixture campaign (tests/tactics/campaign/fixture_guide) at a random point."""
    heroes = r.randint(3, 5)
    config = {"heroes": heroes, "players": r.randint(1, 3), "difficulty": r.choice(DIFFICULTIES)}
    seed = r.randrange(10**6)
    return _play(new_campaign(config, seed, guide_content()), r.randint(0, 400), seed)


GAMES: dict[str, tuple[Callable[[random.Random], Any], Callable[[Any, str], Any]]] = {
    "rtdt": (rtdt_game, RtdtGame.from_json),
    "tactics": (tactics_game, lambda data, file: TacticsGame.from_json(data, file)),
    "tactics-campaign": (campaign_tactics_game, load_campaign_encounter),
    "campaign": (
        campaign_game,
        lambda data, file: CampaignGame.from_json(data, file, guide_content()),
    ),
}


# --- corruptions ---------------------------------------------------------------------------


def nodes(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every (path, value) in a JSON tree, the root excluded."""
    if isinstance(data, dict):
        items: Any = data.items()
    elif isinstance(data, list):
        items = enumerate(data)
    else:
        return
    for k, v in items:
        yield (*path, k), v
        yield from nodes(v, (*path, k))


def texts(data: Any) -> list[str]:
    return sorted({v for _, v in nodes(data) if isinstance(v, str) and len(v) < 40})


def corrupt(data: Any, r: random.Random, under: str = "") -> tuple[Any, str]:
    """A copy of a save with one random corruption, and words saying which; `under`
    limits it to the part of the save whose dotted path starts so."""
    data = copy.deepcopy(data)
    paths = [p for p, _ in nodes(data) if p[-1] != "log"]
    if under:
        paths = [p for p in paths if ".".join(map(str, p)).startswith(under)] or paths
    path = r.choice(paths)
    parent = data
    for k in path[:-1]:
        parent = parent[k]
    key = path[-1]
    value = parent[key]
    op = r.choice(OPS)
    where = ".".join(str(k) for k in path)
    if op == "delete" or (op == "drop" and not isinstance(value, list)):
        del parent[key]
        return data, f"delete {where}"
    if op == "type":
        parent[key] = r.choice((None, "x", 0, -1, True, 1.5, [], {}, [1], {"a": 1}))
        return data, f"{where} = {parent[key]!r}"
    if op == "int" or (op == "id" and not isinstance(value, str)):
        n = value if isinstance(value, int) and not isinstance(value, bool) else 0
        parent[key] = r.choice((n + 1, n - 1, -1, n + r.randint(2, 30), 10**9, 0, 2**64))
        return data, f"{where} = {parent[key]!r}"
    if op == "id":
        parent[key] = r.choice(("nonesuch", "", *texts(data)))
        return data, f"{where} = {parent[key]!r}"
    if op == "null":
        parent[key] = None
        return data, f"{where} = null"
    if not isinstance(value, list) or not value:
        parent[key] = r.choice(([], {}, None))
        return data, f"{where} = {parent[key]!r}"
    if op == "drop":
        i = r.randrange(len(value))
        del value[i]
        return data, f"drop {where}[{i}]"
    if op == "swap":
        i, j = r.randrange(len(value)), r.randrange(len(value))
        value[i], value[j] = value[j], value[i]
        return data, f"swap {where}[{i}] and [{j}]"
    if op == "duplicate":
        i = r.randrange(len(value))
        value.insert(i, copy.deepcopy(value[i]))
        return data, f"duplicate {where}[{i}]"
    value.clear()
    return data, f"empty {where}"


# --- one trial -----------------------------------------------------------------------------


def trial(game: str, data: Any, seed: int) -> tuple[str, str]:
    """("refused" | "played" | "bad", detail) for one (corrupted) save."""
    load = GAMES[game][1]
    try:
        with time_limit(1.0):
            g = load(json.loads(json.dumps(data)), FILE)
    except SaveError as err:
        if err.file != FILE or not err.field:
            return "bad", f"SaveError without file and field: {err}"
        return "refused", err.field
    except Exception as exc:  # anything but SaveError is a defect
        return "bad", f"load: {type(exc).__name__}: {exc}"
    agent = RandomAgent(seed)
    try:
        with time_limit(10.0):
            for _ in range(50):
                if g.result is not None:
                    break
                g.apply(agent.act(g))
            json.dumps(g.to_json())
    except Exception as exc:  # every accepted save must play like a valid game
        return "bad", f"play: {type(exc).__name__}: {exc}"
    return "played", ""


def run(game: str, n: int, seed: int, states: int, show: int, under: str = "") -> dict[str, int]:
    r = random.Random(seed)
    make = GAMES[game][0]
    pool = [make(r).to_json() for _ in range(states)]
    counts = {"refused": 0, "played": 0, "bad": 0}
    for i in range(n):
        data, what = corrupt(r.choice(pool), r, under)
        outcome, detail = trial(game, data, seed + i)
        counts[outcome] += 1
        if outcome == "bad" and counts["bad"] <= show:
            print(f"BAD [{what}] {detail}", file=sys.stderr)
    return counts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=sorted(GAMES), default="rtdt")
    ap.add_argument("--n", type=int, default=2000, help="corrupted saves to try")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--states", type=int, default=200, help="random states to corrupt")
    ap.add_argument("--show", type=int, default=20, help="print this many failures")
    ap.add_argument("--under", default="", help="corrupt only paths starting so (e.g. pending)")
    args = ap.parse_args(argv)
    counts = run(args.game, args.n, args.seed, args.states, args.show, args.under)
    total = sum(counts.values())
    print(
        json.dumps(
            {
                "game": args.game,
                "corrupted_saves": total,
                "refused": counts["refused"],
                "accepted_and_played_clean": counts["played"],
                "anything_else": counts["bad"],
            }
        )
    )
    return 1 if counts["bad"] else 0


if __name__ == "__main__":
    sys.exit(main())
