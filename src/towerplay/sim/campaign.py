"""Whole Adventure Tactics campaigns in a batch: `simulate` plays N campaigns, choices
and encounters included, one agent per seat, and checks the campaign invariants
after every action."""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path
from typing import Any

from towerplay.games import CAMPAIGN
from towerplay.tactics.campaign.content import (
    CampaignContent,
    default_campaign_content,
    load_campaign_content,
)
from towerplay.tactics.campaign.game import CampaignGame, new_game
from towerplay.tactics.content import load_content

MAX_DECISIONS = CAMPAIGN.max_decisions  # a campaign longer than this is an engine bug


def campaign_content(folders: list[Path]) -> CampaignContent:
    """The bundled campaign content with extra content folders laid over it (their
    encounter files and their `campaign/` files)."""
    if not folders:
        return default_campaign_content()
    return load_campaign_content(folders, game=load_content(folders))


def _play(g: CampaignGame, agent: str, seed: int, heroes: int) -> tuple[int, str]:
    """Play one campaign to its end; (decisions, "" or the first broken invariant)."""
    players = [CAMPAIGN.agents.make(agent, seed * 10 + s) for s in range(heroes)]
    n = 0
    while g.result is None and n < MAX_DECISIONS:
        seat = g.to_act
        assert seat is not None
        g.apply(players[seat].act(g))
        n += 1
        broken = g.violations()
        if broken:
            return n, broken[0]
    return n, "" if g.result is not None else f"no ending after {n} decisions"


def _tally(g: CampaignGame, report: dict[str, Any]) -> None:
    view = g.observe(0)
    report["endings"][view["ending"]] = report["endings"].get(view["ending"], 0) + 1
    report["chapters_played"] += len(view["history"])
    for r in view["history"]:
        if r["result"]:
            row = report["encounters"].setdefault(
                r["encounter"], {"played": 0, "success": 0, "+success": 0, "failure": 0}
            )
            row["played"] += 1
            row[r["result"]] += 1
    for h in view["heroes"]:
        report["levels"][str(h["level"])] = report["levels"].get(str(h["level"]), 0) + 1
        report["classes"][h["class"]] = report["classes"].get(h["class"], 0) + 1
        for k in h["classes"]:  # every class deck it took a level-up card from
            report["class_decks"][k] = report["class_decks"].get(k, 0) + 1


def simulate(
    campaigns: int,
    heroes: int,
    difficulty: str,
    agent: str,
    seed: int,
    content: CampaignContent | None = None,
) -> dict[str, Any]:
    """Play `campaigns` campaigns (campaign i from seed + i) with `agent` in every seat.
    A campaign that crashes or breaks an invariant is listed under "errors" and the
    batch goes on. Raises ValueError for bad options."""
    if campaigns < 1:
        raise ValueError(f"campaigns must be 1 or more, not {campaigns}")
    CAMPAIGN.agents.check(agent)
    if not 3 <= heroes <= 5:
        raise ValueError(f"a party has 3 to 5 heroes, not {heroes}")
    if difficulty not in ("easy", "normal", "hard"):
        raise ValueError(f"difficulty is easy, normal or hard, not {difficulty!r}")
    content = content or default_campaign_content()
    if not content.chapters:
        raise ValueError(
            "the campaign content has no chapters (add a Campaign Guide with --content)"
        )
    report: dict[str, Any] = {
        "campaigns": campaigns,
        "heroes": heroes,
        "difficulty": difficulty,
        "agent": agent,
        "seed": seed,
        "endings": {},
        "chapters_played": 0,
        "encounters": {},
        "levels": {},
        "classes": {},
        "class_decks": {},
        "decisions": 0,
        "errors": [],
    }
    start = time.perf_counter()
    for i in range(campaigns):
        try:
            g = new_game({"heroes": heroes, "difficulty": difficulty}, seed + i, content)
            n, broken = _play(g, agent, seed + i, heroes)
            report["decisions"] += n
            if broken:
                report["errors"].append(f"campaign {i}: {broken}")
            else:
                _tally(g, report)
        except Exception as exc:  # a crash is reported, not fatal to the batch
            report["errors"].append(f"campaign {i}: {type(exc).__name__}: {exc}")
    for row in report["encounters"].values():
        row["success_rate"] = round((row["success"] + row["+success"]) / row["played"], 3)
    played = campaigns - len(report["errors"])
    report["chapters_per_campaign"] = round(report["chapters_played"] / played, 2) if played else 0
    report["levels"] = dict(sorted(report["levels"].items(), key=lambda kv: int(kv[0])))
    report["classes"] = dict(Counter(report["classes"]).most_common())
    report["class_decks"] = dict(Counter(report["class_decks"]).most_common())
    elapsed = time.perf_counter() - start
    report["seconds"] = round(elapsed, 1)
    return report
