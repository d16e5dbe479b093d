"""Success rates of heuristic heroes with leveled basic-class decks in one encounter.

A hero of class level N plays with its Starter (the class card's starting cards) plus
the cards and abilities of its class deck's Level 2..N cards (at most the latest two
passives and two dice abilities besides the Starter's, AT-SETUP-4), given to the
standalone encounter as `extra_cards` and `abilities`. Hearts beyond the Starter's are
not modelled (a standalone encounter takes the class card's HP). `--toughen F,B`
multiplies every enemy's HP by F and adds B to its attacks, to compare decks where
Starters lose often:

    .venv/bin/python tools/sim_leveled.py --encounter ember_witch --level 3 \
        --toughen 3,3 --games 100 --seed 1
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path
from typing import Any

import yaml

from towerplay.games import make_agent
from towerplay.tactics import new_game
from towerplay.tactics.campaign.content import default_campaign_content
from towerplay.tactics.content import CONTENT_DIR, Content, load_content

MAX_DECISIONS = 100_000


def leveled(party: list[str], level: int) -> tuple[dict[int, list[str]], dict[int, list[str]]]:
    """Extra cards and abilities per seat for heroes at class level `level`."""
    c = default_campaign_content()
    cards: dict[int, list[str]] = {}
    abilities: dict[int, list[str]] = {}
    for seat, cls in enumerate(party):
        deck = [d for d in c.deck(cls) if not d.starter and 2 <= d.level <= level]
        gained = [a for d in deck for a in d.abilities]
        kinds = {a: c.game.abilities[a].kind for a in gained}
        cards[seat] = [cid for d in deck for cid in (*d.add, *d.replace)]
        passives = [a for a in gained if kinds[a] == "passive"][-2:]
        dice = [a for a in gained if kinds[a] == "dice"][-2:]
        abilities[seat] = passives + dice
    return cards, abilities


def toughened(factor: float, bonus: int, folder: Path) -> Content:
    """The bundled content with every enemy's HP times `factor` and attacks + `bonus`."""
    data = yaml.safe_load((CONTENT_DIR / "enemies.yaml").read_text())
    for enemy in data["enemies"]:
        for stats in enemy["stats"].values():
            stats["hp"] = max(1, round(stats["hp"] * factor))
            stats["attack_bonus"] = stats.get("attack_bonus", 0) + bonus
    (folder / "enemies.yaml").write_text(yaml.safe_dump({"enemies": data["enemies"]}))
    return load_content([folder])


def play(args: argparse.Namespace, content: Content | None) -> dict[str, Any]:
    party = args.party.split(",")
    cards, abilities = leveled(party, args.level)
    wins = plus = rounds = 0
    failures: dict[str, int] = {}
    for i in range(args.games):
        config = {
            "encounter": args.encounter,
            "party": party,
            "difficulty": args.difficulty,
            "extra_cards": cards,
            "abilities": abilities,
        }
        g = new_game(config, args.seed + i, content)
        seats = range(len(party))
        players = [make_agent("tactics", "heuristic", args.seed * 1000 + i * 10 + s) for s in seats]
        n = 0
        while g.result is None and n < MAX_DECISIONS:
            seat = g.to_act
            assert seat is not None
            g.apply(players[seat].act(g))
            n += 1
        rounds += g.s.round
        if g.s.outcome in ("success", "+success"):
            wins += 1
            plus += g.s.outcome == "+success"
        else:
            failures[g.s.cause] = failures.get(g.s.cause, 0) + 1
    return {
        "encounter": args.encounter,
        "party": party,
        "difficulty": args.difficulty,
        "level": args.level,
        "toughen": args.toughen,
        "games": args.games,
        "success_pct": round(100 * wins / args.games, 1),
        "plus_success_pct": round(100 * plus / args.games, 1),
        "mean_rounds": round(rounds / args.games, 1),
        "failures": failures,
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--encounter", required=True)
    p.add_argument("--party", default="fighter,rogue,cleric,wizard,archer")
    p.add_argument("--difficulty", default="normal")
    p.add_argument("--level", type=int, default=1, help="class level of every hero (1-5)")
    p.add_argument("--toughen", default="", help="F,B: enemy HP times F, attacks + B")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        content = None
        if args.toughen:
            factor, bonus = args.toughen.split(",")
            content = toughened(float(factor), int(bonus), Path(tmp))
        print(json.dumps(play(args, content)))


if __name__ == "__main__":
    main()
