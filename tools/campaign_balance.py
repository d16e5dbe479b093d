"""Encounter balance inside whole campaigns: success rate per encounter, hero count and
difficulty, with heuristic heroes who level up and take elite classes on the way.

`campaigns` plays N whole campaigns for every hero count and difficulty asked (campaign i
from seed + i, the heuristic agent in every seat, as `towerplay sim campaign` plays them)
and prints, per encounter, the plays, the success rate (Success or +Success) with its 95%
Wilson interval and the mean party level at that encounter, as markdown (or JSON with
`--json`). The heuristic agent picks story branches at random from its seed; `--spread`
steers seat 0's page choices toward the branch whose next encounter has been played least
in this batch (found by reading ahead on a copy of the campaign), so that encounters on rare
branches get plays too. `--record FILE` writes every encounter's engine config (the party's
decks, boards, HP, potions and items, as the campaign built them) with its result, one JSON
object a line.

`replay` plays recorded encounter configs again on the current content (seed k of config j
is seed + 1000 * j + k), each difficulty's potions and scaling level (AT-CAMP-7) in turn, so
an encounter's numbers can be tuned against leveled campaign parties without replaying whole
campaigns (`--content` lays an overlay folder over the bundled content, to try amounts;
`--plays N` gives every encounter and hero count N plays, going round its recorded configs,
so a rare branch's few parties are each played several times, on other seeds):

    nice -n 5 .venv/bin/python tools/campaign_balance.py campaigns --heroes 3,4,5 \\
        --difficulty easy,normal,hard --campaigns 40 --seed 1 --spread --jobs 2
    .venv/bin/python tools/campaign_balance.py replay --record /tmp/rec.jsonl \\
        --encounter toll_road --heroes 4 --games 2
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import sys
from collections import defaultdict
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

from towerplay.core.rng import Rng, seed_state
from towerplay.games import make_agent
from towerplay.sim.report import wilson
from towerplay.tactics import new_game as new_encounter
from towerplay.tactics.campaign import guide
from towerplay.tactics.campaign.content import default_campaign_content
from towerplay.tactics.campaign.game import CampaignGame
from towerplay.tactics.campaign.game import new_game as new_campaign
from towerplay.tactics.content import Content, load_content
from towerplay.tactics.scaling import party_level
from towerplay.tactics.setup import POTIONS

MAX_DECISIONS = 1_000_000
LOOKAHEAD = 400  # decisions read ahead after a page choice, looking for the next encounter
DIFFICULTIES = ("easy", "normal", "hard")
WON = ("success", "+success")


# --- reading ahead for --spread -----------------------------------------------------------


def _next_encounter(g: CampaignGame, seed: int) -> str | None:
    """The encounter a copy of the campaign reaches next, its later choices made by a
    fresh heuristic agent (None when an ending or the read-ahead limit comes first)."""
    agent = make_agent("campaign", "heuristic", seed)
    for _ in range(LOOKAHEAD):
        if g.enc is not None:
            return g.enc.s.encounter
        if g.result is not None:
            return None
        g.apply(agent.act(g))
    return None


def _spread_choice(g: CampaignGame, plays: dict[str, int], rng: Rng) -> str | None:
    """The page choice whose next encounter has the fewest plays so far (ties drawn at
    random), or None when this decision is not a choice between pages."""
    if g.enc is not None or g.s.pending[0].kind != "page":
        return None
    chooses = [str(a) for a in g.legal_actions() if str(a).startswith("choose ")]
    if len(chooses) < 2:
        return None
    scored = []
    for text in chooses:
        copy = g.clone()
        copy.apply(text)
        enc = _next_encounter(copy, rng.next_u64() % 1_000_000)
        scored.append((plays.get(enc, 0) if enc else math.inf, text))
    low = min(score for score, _ in scored)
    best = [text for score, text in scored if score == low]
    return best[rng.below(len(best))]


# --- whole campaigns ----------------------------------------------------------------------


def _levels(g: CampaignGame) -> list[int]:
    return [h["level"] for h in g.observe(0)["heroes"]]


def play_campaign(
    heroes: int, difficulty: str, seed: int, spread: bool, plays: dict[str, int]
) -> tuple[list[dict[str, Any]], str]:
    """One campaign: a row per encounter played (encounter, chapter, result, party levels,
    the engine config) and "" or the error that stopped it."""
    g = new_campaign({"heroes": heroes, "difficulty": difficulty}, seed)
    players = [make_agent("campaign", "heuristic", seed * 10 + s) for s in range(heroes)]
    rng = Rng(seed_state(seed * 7919 + 13))
    rows: list[dict[str, Any]] = []
    n = 0
    while g.result is None and n < MAX_DECISIONS:
        seat = g.to_act
        assert seat is not None
        choice = _spread_choice(g, plays, rng) if spread and seat == 0 else None
        was_fighting = g.enc is not None
        g.apply(choice if choice is not None else players[seat].act(g))
        n += 1
        if g.enc is not None and not was_fighting:
            rows.append(
                {
                    "encounter": g.enc.s.encounter,
                    "chapter": g.s.history[-1].chapter,
                    "levels": _levels(g),
                    "config": guide.encounter_config(g.c, g.s),
                    "at": len(g.s.history) - 1,
                }
            )
            plays[rows[-1]["encounter"]] = plays.get(rows[-1]["encounter"], 0) + 1
        elif was_fighting and g.enc is None:
            rows[-1]["result"] = g.s.history[rows[-1].pop("at")].result
    if g.result is None:
        return rows, f"no ending after {n} decisions"
    return rows, ""


def _one(job: tuple[int, str, int, bool, dict[str, int]]) -> dict[str, Any]:
    """One campaign (run in a worker process); `plays` is the batch's tally so far of
    each encounter played at this hero count and difficulty, for --spread."""
    heroes, difficulty, seed, spread, plays = job
    try:
        rows, error = play_campaign(heroes, difficulty, seed, spread, dict(plays))
    except Exception as exc:  # a crash is reported with its seed, the batch goes on
        rows, error = [], f"{type(exc).__name__}: {exc}"
    done = [dict(r, heroes=heroes, difficulty=difficulty, seed=seed) for r in rows if "result" in r]
    return {"heroes": heroes, "difficulty": difficulty, "seed": seed, "rows": done, "error": error}


def play_batch(
    heroes: list[int],
    diffs: list[str],
    seeds: list[int],
    spread: bool,
    jobs: int,
    record: str | None,
) -> tuple[list[dict[str, Any]], list[str]]:
    """Every campaign of every cell, `jobs` at a time; each finished campaign's rows are
    appended to `record` at once, so a long run can be read while it goes."""
    todo = [(h, d, seed) for seed in seeds for h in heroes for d in diffs]
    plays: dict[tuple[int, str], dict[str, int]] = defaultdict(dict)
    rows: list[dict[str, Any]] = []
    errors: list[str] = []
    out = open(record, "w") if record else None  # noqa: SIM115 - written as campaigns end
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        running: set[Future[dict[str, Any]]] = set()
        while todo or running:
            while todo and len(running) < jobs:
                h, d, seed = todo.pop(0)
                running.add(pool.submit(_one, (h, d, seed, spread, plays[(h, d)])))
            done, running = wait(running, return_when=FIRST_COMPLETED)
            for fut in done:
                b = fut.result()
                if b["error"]:
                    errors.append(f"{b['heroes']}/{b['difficulty']} seed {b['seed']}: {b['error']}")
                for r in b["rows"]:
                    tally_of = plays[(r["heroes"], r["difficulty"])]
                    tally_of[r["encounter"]] = tally_of.get(r["encounter"], 0) + 1
                    rows.append(r)
                    if out:
                        out.write(json.dumps(r) + "\n")
                if out:
                    out.flush()
    if out:
        out.close()
    return rows, errors


def tally(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Per encounter, hero count and difficulty: plays, wins, rate, interval, mean level."""
    cells: dict[tuple[str, int, str], list[dict[str, Any]]] = defaultdict(list)
    chapters: dict[str, set[int]] = defaultdict(set)
    for r in rows:
        cells[(r["encounter"], r["heroes"], r["difficulty"])].append(r)
        chapters[r["encounter"]].add(r["chapter"])
    table: dict[str, Any] = {}
    for (enc, heroes, diff), rs in sorted(cells.items()):
        wins = sum(r["result"] in WON for r in rs)
        lo, hi = wilson(wins, len(rs))
        level = sum(sum(r["levels"]) / len(r["levels"]) for r in rs) / len(rs)
        table.setdefault(enc, {"chapters": sorted(chapters[enc])})[f"{heroes}/{diff}"] = {
            "played": len(rs),
            "wins": wins,
            "rate": round(wins / len(rs), 3),
            "ci95": [round(lo, 3), round(hi, 3)],
            "mean_level": round(level, 2),
        }
    return table


def markdown(table: dict[str, Any], heroes: list[int], diffs: list[str]) -> str:
    """Two tables: success % per difficulty (plays in brackets), then each cell's 95%
    interval and mean party level."""
    order = sorted(table, key=lambda e: (min(table[e]["chapters"]), e))
    head = [f"{h} heroes {' / '.join(d[0].upper() for d in diffs)}" for h in heroes]
    lines = ["| encounter | ch. | " + " | ".join(head) + " |"]
    lines.append("|---" * (2 + len(heroes)) + "|")
    for enc in order:
        cells = []
        for h in heroes:
            parts = []
            for d in diffs:
                c = table[enc].get(f"{h}/{d}")
                parts.append(f"{round(100 * c['rate'])} ({c['played']})" if c else "-")
            cells.append(" / ".join(parts))
        chs = ",".join(map(str, table[enc]["chapters"]))
        lines.append(f"| {enc} | {chs} | " + " | ".join(cells) + " |")
    lines += ["", "| encounter | " + " | ".join(f"{h}/{d}" for h in heroes for d in diffs) + " |"]
    lines.append("|---" * (1 + len(heroes) * len(diffs)) + "|")
    for enc in order:
        cells = []
        for h in heroes:
            for d in diffs:
                c = table[enc].get(f"{h}/{d}")
                cells.append(
                    f"{round(100 * c['ci95'][0])}-{round(100 * c['ci95'][1])}, L{c['mean_level']}"
                    if c
                    else "-"
                )
        lines.append(f"| {enc} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def run_campaigns(args: argparse.Namespace) -> None:
    heroes = [int(h) for h in args.heroes.split(",")]
    diffs = args.difficulty.split(",")
    for d in diffs:
        if d not in DIFFICULTIES:
            sys.exit(f"difficulty is one of {', '.join(DIFFICULTIES)}, not {d!r}")
    seeds = list(range(args.seed, args.seed + args.campaigns))
    rows, errors = play_batch(heroes, diffs, seeds, args.spread, args.jobs, args.record)
    table = tally(rows)
    if args.json:
        print(
            json.dumps(
                {
                    "campaigns": args.campaigns,
                    "seed": args.seed,
                    "spread": args.spread,
                    "encounters": table,
                    "errors": errors,
                }
            )
        )
    else:
        print(markdown(table, heroes, diffs))
        print(
            f"\n{args.campaigns} campaigns a cell, seed {args.seed}, spread {args.spread}; "
            f"{len(errors)} errors"
        )
        for e in errors:
            print(f"  {e}")


# --- replaying recorded encounters --------------------------------------------------------


@functools.cache
def _game(overlay: str) -> Content:
    return load_content([Path(overlay)]) if overlay else default_campaign_content().game


def play_encounter(config: dict[str, Any], seed: int, overlay: str = "") -> str:
    """One encounter from a recorded config with heuristic heroes, on the bundled content
    or that content with an overlay folder laid over it; its outcome."""
    g = new_encounter(config, seed, _game(overlay))
    seats = range(len(config["heroes"]))
    players = [make_agent("tactics", "heuristic", seed * 10 + s) for s in seats]
    n = 0
    while g.result is None and n < MAX_DECISIONS:
        seat = g.to_act
        assert seat is not None
        g.apply(players[seat].act(g))
        n += 1
    return str(g.s.outcome)


def _replay_job(job: tuple[dict[str, Any], int, str]) -> str:
    try:
        return play_encounter(*job)
    except Exception as exc:  # counted as an error of its cell, the replay goes on
        return f"error {type(exc).__name__}: {exc}"


def read_records(files: list[str]) -> list[dict[str, Any]]:
    """Every encounter record of one or more `campaigns --record` files, in file order."""
    return [json.loads(line) for f in files for line in Path(f).read_text().splitlines() if line]


def run_replay(args: argparse.Namespace) -> None:
    wanted = set(args.encounter.split(",")) if args.encounter else None
    heroes = {int(h) for h in args.heroes.split(",")}
    recs = read_records(args.record)
    recs = [
        r for r in recs if r["heroes"] in heroes and (wanted is None or r["encounter"] in wanted)
    ]
    by: dict[tuple[str, int], list[dict[str, Any]]] = defaultdict(list)
    for r in recs:
        by[(r["encounter"], r["heroes"])].append(r)
    if args.limit:
        recs = [r for rs in by.values() for r in rs[: args.limit]]
    if args.plays:  # every cell the same plays: its configs in turn, each a new seed a turn
        recs = [rs[i % len(rs)] for rs in by.values() for i in range(args.plays)]
    if args.as_encounter:  # a stand-in: these parties, another encounter of the same stage
        recs = [dict(r, encounter=args.as_encounter) for r in recs]
    diffs = args.difficulty.split(",")
    jobs, keys = [], []
    for j, r in enumerate(recs):
        for d in diffs:
            config = dict(r["config"], difficulty=d, encounter=r["encounter"])
            # a record from before AT-CAMP-6 carries no party level: worked out from its levels
            config.setdefault("party_level", party_level(r["levels"]))
            config["potions"] = POTIONS[d] - (1 if r["heroes"] == 3 else 0)
            for k in range(args.games):
                jobs.append((config, args.seed + 1000 * j + k, args.content))
                keys.append((r["encounter"], r["heroes"], d, sum(r["levels"]) / r["heroes"]))
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        outcomes = list(pool.map(_replay_job, jobs, chunksize=4))
    rows = [
        {"encounter": e, "heroes": h, "difficulty": d, "chapter": 0, "levels": [lv], "result": o}
        for (e, h, d, lv), o in zip(keys, outcomes, strict=True)
        if not o.startswith("error")
    ]
    errors = [o for o in outcomes if o.startswith("error")]
    table = tally(rows)
    if args.json:
        print(json.dumps({"encounters": table, "errors": errors}))
    else:
        print(markdown(table, sorted(heroes), diffs))
        print(f"\n{len(errors)} errors")
        for e in errors:
            print(f"  {e}")


def run_table(args: argparse.Namespace) -> None:
    """The table of one or more --record files of `campaigns` runs, read back."""
    rows = read_records(args.record)
    heroes = sorted({r["heroes"] for r in rows})
    diffs = [d for d in DIFFICULTIES if any(r["difficulty"] == d for r in rows)]
    table = tally(rows)
    seeds: dict[tuple[int, str], set[int]] = defaultdict(set)
    for r in rows:
        seeds[(r["heroes"], r["difficulty"])].add(r["seed"])
    counts = {f"{h}/{d}": len(s) for (h, d), s in sorted(seeds.items())}
    if args.json:
        print(json.dumps({"campaigns": counts, "encounters": table}))
    else:
        print(markdown(table, heroes, diffs))
        print(f"\ncampaigns with an encounter played, per cell: {counts}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="command", required=True)
    camp = sub.add_parser("campaigns", help="play whole campaigns and tabulate encounters")
    camp.add_argument("--campaigns", type=int, default=20, help="campaigns per cell")
    camp.add_argument("--record", help="write every encounter's config and result (JSONL)")
    camp.add_argument("--spread", action="store_true", help="steer choices to rare encounters")
    rep = sub.add_parser("replay", help="replay recorded encounter configs on current content")
    rep.add_argument("--record", action="append", required=True, help="a --record file")
    rep.add_argument("--encounter", default="", help="comma-separated ids (default: all)")
    rep.add_argument("--games", type=int, default=1, help="games per config and difficulty")
    rep.add_argument(
        "--as", dest="as_encounter", default="", help="play the recorded parties in this encounter"
    )
    rep.add_argument("--content", default="", help="an overlay content folder to test")
    rep.add_argument("--limit", type=int, default=0, help="configs per encounter and hero count")
    rep.add_argument(
        "--plays",
        type=int,
        default=0,
        help="plays per encounter and hero count, cycling through its configs (rare cells too)",
    )
    tab = sub.add_parser("table", help="the table of recorded campaign runs")
    tab.add_argument("--record", action="append", required=True, help="a --record file")
    tab.add_argument("--json", action="store_true")
    for q in (camp, rep):
        q.add_argument("--heroes", default="3,4,5")
        q.add_argument("--difficulty", default="easy,normal,hard")
        q.add_argument("--seed", type=int, default=1)
        q.add_argument("--jobs", type=int, default=1, help="worker processes")
        q.add_argument("--json", action="store_true")
    args = p.parse_args()
    if args.command == "campaigns":
        run_campaigns(args)
    elif args.command == "table":
        run_table(args)
    else:
        run_replay(args)


if __name__ == "__main__":
    main()
