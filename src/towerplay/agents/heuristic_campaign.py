"""A rule-of-thumb player for an Adventure Tactics campaign (Game protocol only).

Encounter decisions go to the tactics heuristic agent, played on the embedded
encounter (`game.encounter`). Campaign decisions follow simple habits read from
`observe`: a party of distinct basic classes; at a market, buy the cheapest
affordable item for the hero with the least equipment; loot to the hero with the
least equipment, perks and story abilities to the hero with the fewest, a Mark of
Death to the hero with the most HP; level up into an elite class when one is open,
else deeper into the hero's own class, else the first open deck; keep every card
(no REPLACE removals, no extra basics). Page choices are drawn at random among the
open ones from the agent's own generator, so a batch of campaigns explores the
Guide's branches.
"""

from __future__ import annotations

from typing import Any

from towerplay.agents.heuristic_tactics import HeuristicTacticsAgent
from towerplay.core.notation import Action
from towerplay.core.rng import Rng, seed_state

CLASS_ORDER = ("fighter", "cleric", "archer", "wizard", "rogue")


class HeuristicCampaignAgent:
    def __init__(self, seed: int = 0) -> None:
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
        for cls in CLASS_ORDER:
            found = [t for t in texts if t.endswith(f" {cls}")]
            if found:
                return found[0]
        return texts[0]

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

    def _level(self, view: dict[str, Any], texts: list[str]) -> str:
        options = [o for o in view["level_up"]["options"] if o["ok"]]
        hero = view["heroes"][view["level_up"]["seat"]]
        elites = [o for o in options if o["class"] not in CLASS_ORDER]
        own = [o for o in options if o["class"] == hero["class"]]
        best = (elites or own or options)[0]
        return f"level {best['card']}"
