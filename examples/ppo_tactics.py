"""MaskablePPO (sb3-contrib) learns one hero's play in an Adventure Tactics encounter.

The learner is seat 0 of a three-hero party (fighter, rogue, cleric) against Blob King, at
Normal; the heuristic agent plays the other two heroes. It sees only `towerplay.rl`'s
observation vector and acts only through the action mask, with the game's own reward (+1 a
success, +1.5 a +success, -1 a failure, at the end only). Every `--eval-every` steps the
policy plays `--eval-games` encounters on seeds it never trains on, and the learning curve
(steps, minutes of training, success rate with its 95% interval) is written as CSV and, with
matplotlib, as a PNG. The baseline is a uniformly random legal action in the same seat.

    pip install -e '.[rl]' torch==2.13.0 sb3-contrib
    python examples/ppo_tactics.py --minutes 10 --out docs/rl-ppo-curve

Two environments run in two processes (`--envs`), one per core.
"""

from __future__ import annotations

import argparse
import csv
import time
from pathlib import Path
from typing import Any

import numpy as np

from towerplay.rl import make_gym
from towerplay.sim.report import wilson

CONFIG: dict[str, Any] = {
    "encounter": "blob_king",
    "party": ["fighter", "rogue", "cleric"],
    "difficulty": "normal",
}
EVAL_SEEDS = 1_000_000  # evaluation seeds start here; training seeds are drawn below it


def make_env(rank: int) -> Any:
    def build() -> Any:  # MaskablePPO seeds each copy (its seed + rank) before the first game
        return make_gym("tactics", seat=0, opponents="heuristic", **CONFIG)

    return build


def success_rate(policy: Any, games: int, seed: int) -> tuple[int, int]:
    """Successes in `games` encounters on fixed seeds; `policy(obs, mask)` gives an index."""
    env = make_gym("tactics", seat=0, opponents="heuristic", **CONFIG)
    wins = 0
    for n in range(games):
        obs, _info = env.reset(seed=EVAL_SEEDS + seed + n)
        done, reward = False, 0.0
        while not done:
            obs, reward, term, trunc, _info = env.step(policy(obs, env.action_masks()))
            done = term or trunc
        wins += reward > 0
    return wins, games


def random_policy(seed: int) -> Any:
    rng = np.random.default_rng(seed)
    return lambda obs, mask: int(rng.choice(np.flatnonzero(mask)))


def model_policy(model: Any) -> Any:
    def act(obs: Any, mask: Any) -> int:
        action, _state = model.predict(obs, action_masks=mask, deterministic=True)
        return int(action)

    return act


def main() -> None:
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import SubprocVecEnv

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=10.0, help="training time, wall clock")
    ap.add_argument("--envs", type=int, default=2)
    ap.add_argument("--eval-every", type=int, default=4096, help="steps between evaluations")
    ap.add_argument("--eval-games", type=int, default=40)
    ap.add_argument("--final-games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, default=Path("ppo-curve"))
    args = ap.parse_args()

    import torch

    torch.set_num_threads(1)  # the environments, not the network, take the time
    envs = SubprocVecEnv([make_env(args.seed * 100 + i) for i in range(args.envs)])
    model = MaskablePPO(
        "MlpPolicy",
        envs,
        n_steps=512,
        batch_size=128,
        n_epochs=4,
        learning_rate=3e-4,
        gamma=0.995,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [256, 128]},
        seed=args.seed,
        verbose=0,
        device="cpu",
    )
    curve: list[dict[str, Any]] = []
    training = 0.0  # seconds spent learning; the evaluations are not counted

    def evaluate(games: int) -> None:
        wins, n = success_rate(model_policy(model), games, seed=0)
        lo, hi = wilson(wins, n)
        row = {
            "steps": model.num_timesteps,
            "minutes": round(training / 60, 2),
            "games": n,
            "successes": wins,
            "rate": round(wins / n, 3),
            "low": round(lo, 3),
            "high": round(hi, 3),
        }
        curve.append(row)
        print(row, flush=True)

    evaluate(args.eval_games)
    while training < args.minutes * 60:
        started = time.perf_counter()
        model.learn(args.eval_every, reset_num_timesteps=False)
        training += time.perf_counter() - started
        evaluate(args.eval_games)
    envs.close()
    trained = success_rate(model_policy(model), args.final_games, seed=0)
    baseline = success_rate(random_policy(args.seed), args.final_games, seed=0)
    for name, (wins, n) in (("MaskablePPO", trained), ("random", baseline)):
        lo, hi = wilson(wins, n)
        print(f"{name}: {wins}/{n} successes, {wins / n:.1%} ({lo:.1%} - {hi:.1%})")
    write_curve(args.out, curve, trained, baseline)


def write_curve(
    out: Path, curve: list[dict[str, Any]], trained: tuple[int, int], baseline: tuple[int, int]
) -> None:
    with out.with_suffix(".csv").open("w", newline="") as f:
        w = csv.DictWriter(f, list(curve[0]))
        w.writeheader()
        w.writerows(curve)
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return
    fig, ax = plt.subplots(figsize=(6, 3.2))
    steps = [r["steps"] for r in curve]
    ax.plot(steps, [r["rate"] for r in curve], marker="o", color="#7a3b2e", label="MaskablePPO")
    ax.fill_between(
        steps, [r["low"] for r in curve], [r["high"] for r in curve], color="#7a3b2e", alpha=0.2
    )
    rate = baseline[0] / baseline[1]
    ax.axhline(rate, color="#555", linestyle="--", label=f"random ({rate:.0%})")
    ax.set_ylim(0, 1)
    ax.set_xlabel("training steps (seat 0's decisions)")
    ax.set_ylabel("success rate")
    ax.set_title(f"Blob King, Normal: learner in seat 0 (final {trained[0]}/{trained[1]})")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(out.with_suffix(".png"), dpi=110)


if __name__ == "__main__":
    main()
