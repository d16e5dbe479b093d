"""A rule-of-thumb player for an Adventure Tactics campaign (Game protocol only).

Encounter decisions go to the tactics heuristic agent, played on the embedded
encounter (`game.encounter`). Campaign decisions follow simple habits read from
`observe`: at a market, buy the cheapest affordable item for the hero with the least
equipment; loot to the hero with the least equipment, perks and story abilities to
the hero with the fewest, a Mark of Death to the hero with the most HP; keep every
card (no REPLACE removals, no extra basics). Page choices are drawn at random among
the open ones from the agent's own generator, so a batch of campaigns explores the
Guide's branches.

Heroes grow by seed: each new hero takes a basic class drawn from the agent's
generator, and each hero works toward one elite class (its goal, drawn for that hero
from the agent's seed) whose prerequisites its own class starts on. At a level-up it
takes its goal when it may, else continues its elite class, else the level-up card of a
basic class its goal still needs, else another elite class it may open, else its own
class.
Every card it takes so feeds the class it is building, never a deck it will leave
behind; the same seed makes the same choices.
"""

from __future__ import annotations

import zlib
from typing import Any

from towerplay.agents.heuristic_tactics import HeuristicTacticsAgent
from towerplay.core.notation import Action
from towerplay.core.rng import Rng, seed_state

CLASS_ORDER = ("fighter", "cleric", "archer", "wizard", "rogue")  # the five basic classes


class HeuristicCampaignAgent:
    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = Rng(seed_state(seed))
        self.tactics = HeuristicTacticsAgent(seed)

    def act(self, game: Any) -> Action:
        enc = getattr(game, "encounter", None)
        if enc is not None:
            return self.tactics.act(enc)
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        view = game.observe(game.to_act)
        by_text = {str(a): a for a in actions}
        kind = view["pending"]["kind"]
        pick = {
            "create": self._create,
            "page": self._page,
            "give": self._give,
            "level": self._level,
        }.get(kind)
        if pick is None:  # players, remove, tune: the default answer
            for default in ("ready", "keep", "done"):
                if default in by_text:
                    return by_text[default]
            return actions[0]
        return by_text[pick(view, list(by_text))]

    def _create(self, view: dict[str, Any], texts: list[str]) -> str:
        """A basic class drawn from the agent's generator (the first free hero takes it)."""
        classes = sorted({t.split()[2] for t in texts if t.startswith("hero ")})
        if not classes:
            return texts[0]
        cls = classes[self.rng.below(len(classes))]
        return next(t for t in texts if t.endswith(f" {cls}"))

    def _page(self, view: dict[str, Any], texts: list[str]) -> str:
        buys = [t for t in texts if t.startswith("buy ")]
        if buys and view["market"] is not None:
            prices = {o["card"]: o["price"] for o in view["market"]["stock"]}
            heroes = sorted(view["heroes"], key=lambda h: (len(h["equipment"]), h["seat"]))
            card = min({t.split()[1] for t in buys}, key=lambda k: (prices[k], k))
            return f"buy {card} {heroes[0]['hero']}"
        chooses = [t for t in texts if t.startswith("choose ")]
        return chooses[self.rng.below(len(chooses))] if chooses else texts[0]

    def _give(self, view: dict[str, Any], texts: list[str]) -> str:
        gives = {t.split()[1]: t for t in texts if t.startswith("give ")}
        heroes = [h for h in view["heroes"] if h["hero"] in gives]
        what = view["pending"]["gift"]["what"]
        if what == "mark":
            best = max(heroes, key=lambda h: (h["max_hp"], -h["seat"]))
        else:
            key = {"loot": "equipment", "perk": "perks", "ability": "abilities"}[what]
            best = min(heroes, key=lambda h: (len(h[key]), h["seat"]))
        return gives[best["hero"]]

    def _goal(self, hero: dict[str, Any], elites: list[dict[str, Any]]) -> str | None:
        """The elite class this hero works toward: among the elite decks still open to it
        whose prerequisites include a class it has, the one ranked first for this hero by
        the agent's seed. A rank, not a draw, so the goal stays while other heroes take
        other elite classes, and the same seed and party give the same goals."""
        mine = set(hero["classes"])
        open_ = [
            o["class"]
            for o in elites
            if o["ok"] or (o["rule"] == "AT-ELITE-1" and not mine.isdisjoint(o["prerequisites"]))
        ]
        if not open_:
            return None
        return max(open_, key=lambda k: self._rank(f"{hero['hero']} {k}"))

    def _rank(self, key: str) -> int:
        return Rng(seed_state(self.seed * 7919 + zlib.crc32(key.encode()))).next_u64()

    def _level(self, view: dict[str, Any], texts: list[str]) -> str:
        options = view["level_up"]["options"]
        hero = view["heroes"][view["level_up"]["seat"]]
        elites = [o for o in options if o["class"] not in CLASS_ORDER]
        goal = self._goal(hero, elites)
        ok = [o for o in options if o["ok"]]
        open_elites = [o for o in ok if o["class"] not in CLASS_ORDER]
        own_elite = [o for o in open_elites if o["class"] == hero["class"]]
        new_elites = [o for o in open_elites if o["class"] not in hero["classes"]]
        goal_now = [o for o in new_elites if o["class"] == goal]
        needs: dict[str, int] = next((o["needs"] for o in elites if o["class"] == goal), {})
        toward = [o for o in ok if o["class"] in needs]
        own = [o for o in ok if o["class"] == hero["class"]]
        # a hero keeps to its goal while the goal still needs basic levels, so an elite
        # class of many prerequisites (the bard's four levels, the champion's five
        # classes) is reached rather than passed by for the first elite that opens
        chase = toward if goal is not None and not goal_now else []
        for group in (goal_now, own_elite, chase, new_elites, toward, own, ok):
            if group:
                drawn = group is chase or group is toward
                best = group[self.rng.below(len(group))] if drawn else group[0]
                return f"level {best['card']}"
        return texts[0]
