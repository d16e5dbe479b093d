"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS) for any game that speaks
the Game protocol (Cowling, Powley and Whitehouse 2012, "Information Set Monte Carlo Tree
Search").

The searching seat does not know the deck orders, the dice to come or the other seats' hands,
so it never plans on the real game: each iteration draws one world consistent with what it
sees, `game.determinize(seat, seed)`, with the seed from the agent's own generator, and walks
one shared tree in it. The tree's nodes are sequences of actions, whoever chose them; a node's
children are the actions tried after it, and an action legal in only some worlds is judged by
how often it was available (its availability count), not by its parent's visits. One iteration:

1. descend from the root while every action legal in this world has been tried, picking the
   child that maximises UCB1 for the seat choosing there;
2. expand one untried action: the game's heuristic agent's choice first (it also biases UCB
   toward that choice while it has few visits, and counts more at the root: see BIAS);
3. roll out with the policy (agents/random.py or the game's heuristic) to the end, or for
   `depth` decisions and then estimate the result (`estimate` below);
4. back the result up: each node on the path gains the value of the seat that chose it, so a
   cooperative game's seats all play for the team's result and a competitive seat for its own.

The answer is the root action with the most visits. `clone()` is never called on the game
being decided: a clone carries the real generator and would see the coming dice.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from towerplay.agents import Agent
from towerplay.agents.search_estimate import neutral_estimate
from towerplay.agents.search_spec import DEFAULT_SECONDS, UNBOUNDED, SearchSpec
from towerplay.core.narration import N_, Event, event, plain
from towerplay.core.notation import Action
from towerplay.core.rng import Rng, seed_state

EXPLORATION = 0.7  # UCB1's constant for values in [0, 1]; sqrt(2)/2 as Cowling et al. use
# Progressive bias (Chaslot et al. 2008): the game's heuristic agent's choice at a node gains BIAS / (n + 1)
# in UCB, worth much while it has few visits and nothing later; and at the root it counts
# ANCHOR visits more, so a search too short to tell the actions apart keeps the heuristic's choice
# and overrides it only where its rollouts clearly disagree.
BIAS = 1.0
ANCHOR = 5


@dataclass(slots=True)
class Node:
    """One action sequence of the tree: who chose its last action, and what it gained."""

    actor: int  # the seat that chose the action into this node (-1 at the root)
    visits: int = 0
    value: float = 0.0  # summed value for `actor`
    available: int = 0  # iterations in which its action was legal where its parent stood
    children: dict[Action, Node] = field(default_factory=dict)
    favoured: Action | None = None  # the heuristic's choice here, in the first world seen

    def mean(self) -> float:
        return self.value / self.visits if self.visits else 0.0


def outcome_value(game: Any, seat: int) -> float:
    """A finished game's value for `seat`: 1 for a winner, 0.5 for a draw, 0 otherwise.
    Cooperative games list every seat among the winners, competitive RtDT one seat."""
    result = game.result
    if result.outcome == "draw":
        return 0.5
    return 1.0 if result.outcome == "win" and seat in result.winners else 0.0


def only_choice(choice: Action) -> Event:
    """The explain line of a decision with one legal action, which is answered unsearched."""
    return event("text", "{choice}: the only legal action", choice=repr(str(choice)))


class SearchAgent:
    """SO-ISMCTS over `determinize`, deterministic for a seed and a budget in iterations."""

    def __init__(
        self,
        seed: int = 0,
        spec: SearchSpec | None = None,
        policies: dict[str, Callable[[int], Agent]] | None = None,
        estimate: Callable[[Any, int], float] = neutral_estimate,
    ) -> None:
        self.spec = spec or SearchSpec(UNBOUNDED, DEFAULT_SECONDS, method="mcts")
        self.rng = Rng(seed_state(seed))
        policies = policies or {}
        self.prior = policies["heuristic"](self.rng.next_u64() >> 1)
        self.policy = (
            self.prior
            if self.spec.rollout == "heuristic"
            else policies[self.spec.rollout](self.rng.next_u64() >> 1)
        )
        self.estimate = estimate
        self.last: Event = plain("")
        self.root: Node | None = None

    def act(self, game: Any) -> Action:
        legal = game.legal_actions()
        if len(legal) == 1:
            self.last = only_choice(legal[0])
            self.root = None
            return legal[0]
        seat = game.to_act
        root = Node(actor=-1)
        stop = time.perf_counter() + self.spec.seconds if self.spec.seconds else math.inf
        done = 0
        while done < self.spec.iterations and (done == 0 or time.perf_counter() < stop):
            self.iterate(root, game.determinize(seat, self.rng.next_u64()), seat)
            done += 1
        self.root = root
        choice = best(root, legal)
        self.last = explain(root, done, choice)
        return choice

    def explain(self) -> str:
        """The last decision in one line: iterations, then visits and mean value of the
        three most visited actions."""
        return self.last.text

    def explained(self) -> Event:
        """`explain`'s line as a template with fields, for a screen to word in its language."""
        return self.last

    def iterate(self, root: Node, world: Any, seat: int) -> None:
        """One iteration in one drawn world: select, expand, roll out, back up."""
        path = [root]
        node = root
        while world.to_act is not None:
            legal = world.legal_actions()
            actor = world.to_act
            for a in legal:
                child = node.children.get(a)
                if child is not None:
                    child.available += 1
            if node.favoured is None:
                node.favoured = self.prior.act(world)
            untried = [a for a in legal if a not in node.children]
            if untried:
                action = self.expansion(node, untried)
                child = Node(actor=actor, available=1)
                node.children[action] = child
                world.apply(action)
                path.append(child)
                break
            action = select(node, legal)
            world.apply(action)
            node = node.children[action]
            path.append(node)
        values = self.rollout(world, seat)
        for n in path:
            n.visits += 1
            if n.actor >= 0:
                n.value += values(n.actor)

    def expansion(self, node: Node, untried: list[Action]) -> Action:
        """The untried action to add: the heuristic's choice when it is untried, else a random one."""
        if node.favoured in untried:
            return node.favoured
        return untried[self.rng.below(len(untried))]

    def rollout(self, world: Any, seat: int) -> Callable[[int], float]:
        """Play the policy on for `spec.depth` decisions (0: to the end); the value per seat."""
        steps = 0
        depth = self.spec.depth or 0
        while world.to_act is not None and (not depth or steps < depth):
            world.apply(self.policy.act(world))
            steps += 1
        if world.to_act is None:
            return lambda s: outcome_value(world, s)
        guess = self.estimate(world, seat)
        return lambda s: guess


def select(node: Node, legal: list[Action]) -> Action:
    """UCB1 over the children legal here, with each child's availability in place of the
    parent's visits (SO-ISMCTS), plus the progressive bias of the heuristic's choice; ties go to
    the first in the game's order."""
    chosen = legal[0]
    top = -math.inf
    for a in legal:
        c = node.children[a]
        score = c.mean() + EXPLORATION * math.sqrt(math.log(c.available) / c.visits)
        if a == node.favoured:
            score += BIAS / (c.visits + 1)
        if score > top:
            top, chosen = score, a
    return chosen


def best(root: Node, legal: list[Action]) -> Action:
    """The legal root action with the most visits, the heuristic's choice counting ANCHOR more
    (then the higher mean, then the first in the game's order)."""
    ranked = [a for a in legal if a in root.children]
    if not ranked:
        return legal[0]

    def weight(a: Action) -> tuple[int, float]:
        c = root.children[a]
        return c.visits + (ANCHOR if a == root.favoured else 0), c.mean()

    return max(ranked, key=weight)


# the line for one, two or three actions tried (a template each: the catalog words it whole).
# Counts stand after a label ("visits 1", "iterations 1"): no noun has to agree with them.
EXPLAINED = (
    N_("{choice} — iterations: {n}; {a1} visits {v1}, mean {m1}"),
    N_("{choice} — iterations: {n}; {a1} visits {v1}, mean {m1}; {a2} visits {v2}, mean {m2}"),
    N_(
        "{choice} — iterations: {n}; {a1} visits {v1}, mean {m1}; {a2} visits {v2}, mean {m2}; "
        "{a3} visits {v3}, mean {m3}"
    ),
)


def explain(root: Node, iterations: int, choice: Action) -> Event:
    """`'move c3' — iterations: 200; 'move c3' visits 120, mean 0.63; 'end' visits 50, ...`
    (the actions quoted, so that a catalog never takes the notation for a word)."""
    top = sorted(root.children.items(), key=lambda kv: (-kv[1].visits, -kv[1].mean()))[:3]
    fields: dict[str, Any] = {}
    for i, (a, n) in enumerate(top, 1):
        fields |= {f"a{i}": repr(str(a)), f"v{i}": n.visits, f"m{i}": f"{n.mean():.2f}"}
    return event("text", EXPLAINED[len(top) - 1], choice=repr(str(choice)), n=iterations, **fields)
