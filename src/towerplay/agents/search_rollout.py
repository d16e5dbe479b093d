"""The rollout algorithm: on-line improvement of the heuristic by Monte Carlo rollouts
(Tesauro and Galperin 1997, "On-line policy improvement using Monte-Carlo search"; Bertsekas,
Tsitsiklis and Wu 1997, "Rollout algorithms for combinatorial optimization").

Tree search with a few dozen iterations barely leaves the heuristic's choice when a decision has
hundreds of legal actions (agents/search.py, docs/agents.md). This agent spends its whole budget
on a handful of candidates instead: the heuristic's choice and its next best few (the heuristic's
own `ranked`, where it has one; else all legal actions when there are few, else a random few).
Each candidate is played forward by the rollout policy, a fresh copy seeded per world, in the
SAME worlds: world j is `determinize(seat, s_j)` for every candidate, with the same policy seed,
so candidate A and B meet the same hidden cards and, as far as their paths agree, the same dice
(common random numbers), and the noise of the comparison is mostly what the choice changed.

The heuristic's choice is kept unless another candidate's mean is ahead by more than MARGIN and
by more than one standard error of the paired differences: a rollout algorithm is at least as
good as its base policy when its estimates are exact, and this margin keeps noisy estimates from
undoing that. It never plans on `clone()` of the game it decides: that carries the real dice.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from towerplay.agents import Agent
from towerplay.agents.search import only_choice, outcome_value
from towerplay.agents.search_estimate import neutral_estimate
from towerplay.agents.search_spec import SearchSpec
from towerplay.core.narration import N_, Event, event, plain
from towerplay.core.notation import Action
from towerplay.core.rng import Rng, seed_state

CANDIDATES = 4  # actions compared when the spec names no `kN`
MARGIN = 0.02  # how far (in value, 0 lost .. 1 won) another action must lead the heuristic's


class RolloutAgent:
    """Compares the heuristic's choice with a few alternatives on common worlds; deterministic
    for a seed and a budget in worlds (`spec.iterations` is the worlds per candidate)."""

    def __init__(
        self,
        seed: int = 0,
        spec: SearchSpec | None = None,
        policies: dict[str, Callable[[int], Agent]] | None = None,
        estimate: Callable[[Any, int], float] = neutral_estimate,
        confidence: float = 1.0,
    ) -> None:
        self.spec = spec or SearchSpec()
        self.rng = Rng(seed_state(seed))
        policies = policies or {}
        self.prior: Any = policies["heuristic"](self.rng.next_u64() >> 1)
        self.make_policy = policies[self.spec.rollout]
        self.estimate = estimate
        self.confidence = confidence  # standard errors another action must lead by
        self.last: Event = plain("")
        self.means: dict[Action, float] = {}

    def act(self, game: Any) -> Action:
        legal = game.legal_actions()
        if len(legal) == 1:
            self.last = only_choice(legal[0])
            return legal[0]
        seat = game.to_act
        favoured = self.prior.act(game)
        candidates = self.candidates(game, legal, favoured)
        if len(candidates) == 1:  # the heuristic's ranking offers nothing else to weigh
            self.means = {}
            self.last = unweighed(favoured)
            return favoured
        values: dict[Action, list[float]] = {a: [] for a in candidates}
        stop = time.perf_counter() + self.spec.seconds if self.spec.seconds else math.inf
        worlds = 0
        while worlds < self.spec.iterations and (worlds == 0 or time.perf_counter() < stop):
            seed = self.rng.next_u64()
            for a in candidates:
                values[a].append(self.playout(game, seat, a, seed))
            worlds += 1
        choice = choose(values, favoured, self.confidence)
        self.means = {a: sum(v) / len(v) for a, v in values.items()}
        self.last = explain(self.means, worlds, choice)
        return choice

    def candidates(self, game: Any, legal: list[Action], favoured: Action) -> list[Action]:
        """The heuristic's choice first, then up to `k - 1` others: the heuristic's ranking
        where it has one (it may offer none: the choice is then taken unweighed), all legal
        actions when they are few, else a random few."""
        k = self.spec.candidates or CANDIDATES
        ranking = getattr(self.prior, "ranked", None)
        others = ranking(game, self.rng.next_u64(), k) if ranking is not None else None
        if others is None and len(legal) <= k:
            others = legal
        elif others is None:
            pool = [a for a in legal if a != favoured]
            others = [pool.pop(self.rng.below(len(pool))) for _ in range(k - 1)]
        rest = [a for a in others if a != favoured]
        return [favoured, *rest][:k]

    def playout(self, game: Any, seat: int, action: Action, seed: int) -> float:
        """`action` in the world `determinize(seat, seed)`, then the rollout policy (seeded by
        the world, so every candidate meets the same one) for `spec.depth` decisions (0: to the
        end); the value for `seat`."""
        world = game.determinize(seat, seed)
        world.apply(action)
        policy = self.make_policy(seed >> 1)
        depth = self.spec.depth or 0
        steps = 0
        while world.to_act is not None and (not depth or steps < depth):
            world.apply(policy.act(world))
            steps += 1
        if world.to_act is None:
            return outcome_value(world, seat)
        return self.estimate(world, seat)

    def explain(self) -> str:
        """The last decision in one line: the worlds, then the mean value of the candidates."""
        return self.last.text

    def explained(self) -> Event:
        """`explain`'s line as a template with fields, for a screen to word in its language."""
        return self.last


def choose(values: dict[Action, list[float]], favoured: Action, confidence: float = 1.0) -> Action:
    """The candidate with the best mean, if it leads the heuristic's choice by more than MARGIN
    and by more than `confidence` standard errors of the paired differences; else the
    heuristic's."""
    base = values[favoured]
    n = len(base)

    def mean(a: Action) -> float:
        return sum(values[a]) / n

    best = max(values, key=mean)  # the first of equals: the heuristic's, then its ranking
    if best == favoured:
        return favoured
    diffs = [x - y for x, y in zip(values[best], base, strict=True)]
    lead = sum(diffs) / n
    spread = math.sqrt(sum((d - lead) ** 2 for d in diffs) / (n - 1) / n) if n > 1 else math.inf
    return best if lead > MARGIN and lead > confidence * spread else favoured


def unweighed(choice: Action) -> Event:
    """The explain line of a decision whose ranking offered nothing beside the choice."""
    text = N_("{choice}: the heuristic's choice, nothing else worth weighing")
    return event("text", text, choice=repr(str(choice)))


# the line for two, three or more candidates (a template each: the catalog words it whole).
# The count stands after a label ("worlds: 1"): no noun has to agree with it.
EXPLAINED = (
    N_("{choice} — worlds: {n}; {a1} mean {m1}, {a2} mean {m2}"),
    N_("{choice} — worlds: {n}; {a1} mean {m1}, {a2} mean {m2}, {a3} mean {m3}"),
)


def explain(means: dict[Action, float], worlds: int, choice: Action) -> Event:
    """`'move c3' — worlds: 8; 'move c3' mean 0.63, 'end' mean 0.41, ...`: the best three
    means (the actions quoted, so that a catalog never takes the notation for a word)."""
    top = sorted(means.items(), key=lambda kv: -kv[1])[:3]
    if len(top) < 2:
        return only_choice(choice)
    fields: dict[str, Any] = {}
    for i, (a, m) in enumerate(top, 1):
        fields |= {f"a{i}": repr(str(a)), f"m{i}": f"{m:.2f}"}
    return event("text", EXPLAINED[len(top) - 2], choice=repr(str(choice)), n=worlds, **fields)
