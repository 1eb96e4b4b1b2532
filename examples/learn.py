"""A small deep Monte Carlo learner (numpy only) against the random policy, through tf.VecHands.

    python examples/learn.py [--minutes 3 | --rounds N] [--seed 0] [--png learning_curve.png] [--quick]

Seats 0 and 2 are the learner's, seats 1 and 3 the built-in random policy.
An MLP maps the observation tensor to one value per action id, Q(s, id);
the learner plays the legal id of highest Q (a uniform legal id with
probability epsilon), and every decision of a hand is regressed on the
hand's final score for the learner's team (DouZero's deep Monte Carlo:
no bootstrapping, the target is the outcome). Only the legal ids' values are
computed, from the compact legal lists (`legal_ids`, `legal_offsets`).

At each checkpoint the greedy policy plays held-out deals (a seed no
training hand uses) and the script prints the learner's mean points per hand
and the share of hands its team outscores the other; it draws the curve to a
PNG when matplotlib is installed (`pip install ".[examples]"` in a checkout).

Training stops on wall time (`--minutes`), so two machines train on
different numbers of hands; `--rounds N` trains a fixed N rounds (16 steps
of every hand, then the regression) per checkpoint instead, and gives the
same numbers on any machine for a seed. `--quick` is a fixed small run.
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import time
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

import tichu_fast as tf

F32 = npt.NDArray[np.float32]
I64 = npt.NDArray[np.int64]
OPPONENTS = {1: "random", 3: "random"}
SCALE = 100.0  # scores in hundreds of points: targets near 1


@dataclass
class Network:
    """obs -> ReLU -> ReLU -> one value per action id; Adam on every weight."""

    weights: list[F32]
    moments: list[tuple[F32, F32]] = field(default_factory=list)
    steps: int = 0

    @classmethod
    def new(cls, rng: np.random.Generator, hidden: tuple[int, int] = (256, 128)) -> Network:
        """He-initialised weights; the head's biases start at 0 (every id worth nothing yet)."""
        sizes = [tf.OBSERVATION_TENSOR_SIZE, *hidden]
        weights: list[F32] = []
        for a, b in itertools.pairwise(sizes):
            weights += [(rng.standard_normal((a, b)) * np.sqrt(2 / a)).astype(np.float32), np.zeros(b, np.float32)]
        head = (rng.standard_normal((tf.NUM_ACTION_IDS, hidden[-1])) * np.sqrt(1 / hidden[-1])).astype(np.float32)
        weights += [head * 0.1, np.zeros(tf.NUM_ACTION_IDS, np.float32)]
        return cls(weights, [(np.zeros_like(w), np.zeros_like(w)) for w in weights])

    def hidden(self, obs: F32) -> list[F32]:
        """The activations of both hidden layers."""
        w1, b1, w2, b2 = self.weights[:4]
        h1 = np.maximum(obs @ w1 + b1, 0)
        return [h1, np.maximum(h1 @ w2 + b2, 0)]

    def values(self, h: F32, rows: I64, ids: I64) -> F32:
        """Q of action ids[k] in the state of row rows[k] of the top hidden layer h."""
        head, bias = self.weights[4:]
        q: F32 = np.einsum("ij,ij->i", h[rows], head[ids]) + bias[ids]
        return q

    def train(self, obs: F32, ids: I64, targets: F32, lr: float = 3e-4) -> float:
        """One Adam step on the mean squared error of Q(obs, id) against the targets; returns the loss."""
        _w1, _b1, w2, _b2, head, _bias = self.weights
        h1, h2 = self.hidden(obs)
        rows = np.arange(len(ids))
        error = self.values(h2, rows, ids) - targets
        d_q = (2 / len(ids)) * error
        d_head = np.zeros_like(head)
        np.add.at(d_head, ids, d_q[:, None] * h2)
        d_bias = np.bincount(ids, weights=d_q, minlength=tf.NUM_ACTION_IDS).astype(np.float32)
        d_h2 = d_q[:, None] * head[ids] * (h2 > 0)
        d_h1 = (d_h2 @ w2.T) * (h1 > 0)
        grads = [obs.T @ d_h1, d_h1.sum(0), h1.T @ d_h2, d_h2.sum(0), d_head, d_bias]
        self.steps += 1
        for k, (w, g) in enumerate(zip(self.weights, grads, strict=True)):
            m, v = self.moments[k]
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            m_hat = m / (1 - 0.9**self.steps)
            v_hat = v / (1 - 0.999**self.steps)
            w -= (lr * m_hat / (np.sqrt(v_hat) + 1e-8)).astype(np.float32)
        return float(np.mean(error * error))


def choose(net: Network, vec: tf.VecHands, rng: np.random.Generator, epsilon: float) -> I64:
    """Per hand, the legal id of highest Q, or a uniform legal id with probability epsilon."""
    counts = vec.legal_counts.astype(np.int64)
    rows = np.repeat(np.arange(len(vec)), counts)
    ids = vec.legal_ids.astype(np.int64)
    h = net.hidden(vec.obs)[1]
    # Hands with many legal ids (the exchange: 2184 pushes) get all their values at once from one
    # product; gathering a weight row per legal id would copy hundreds of MB for them.
    many = counts > 64
    entry_many = many[rows]
    q = np.empty(len(ids), dtype=np.float32)
    q[~entry_many] = net.values(h, rows[~entry_many], ids[~entry_many])
    if many.any():
        head, bias = net.weights[4:]
        dense = h[many] @ head.T + bias
        local = np.cumsum(many) - 1
        q[entry_many] = dense[local[rows[entry_many]], ids[entry_many]]
    starts = vec.legal_offsets[:-1]
    best = np.maximum.reduceat(q, starts)  # every hand has at least one legal id
    first_best = np.full(len(vec), len(ids), dtype=np.int64)
    np.minimum.at(first_best, rows[q == best[rows]], np.flatnonzero(q == best[rows]))
    greedy = ids[first_best]
    explore = rng.random(len(vec)) < epsilon
    return np.where(explore, vec.random_legal_ids(rng), greedy)


def evaluate(net: Network | None, hands: int, seed: int) -> tuple[float, float]:
    """(mean points per hand of the learner's team, share of hands it outscores the other) on `hands` deals.

    `net` None plays uniformly random legal ids: the baseline.
    """
    vec = tf.VecHands(hands, seed, opponents=OPPONENTS, dense_mask=False)
    rng = np.random.default_rng(seed)
    done = np.zeros(hands, dtype=bool)
    scores = np.zeros((hands, 2), dtype=np.float64)
    while not done.all():
        ids = vec.random_legal_ids(rng) if net is None else choose(net, vec, rng, 0.0)
        _obs, _mask, _players, rewards, terminated = vec.step(ids)
        first = terminated & ~done  # each deal counts once: its first episode
        scores[first] = rewards[first][:, :2]
        done |= terminated
    return float(scores[:, 0].mean()), float(np.mean(scores[:, 0] > scores[:, 1]))


@dataclass
class Rollouts:
    """The learner's decisions waiting for their hand's outcome, by hand and episode."""

    n: int
    obs: list[F32] = field(default_factory=list)
    ids: list[I64] = field(default_factory=list)
    keys: list[I64] = field(default_factory=list)
    outcome: dict[int, float] = field(default_factory=dict)

    def add(self, obs: F32, ids: I64, episodes: I64) -> None:
        """Records one decision per hand; `episodes` counts each hand's finished episodes."""
        self.obs.append(obs.copy())
        self.ids.append(ids)
        self.keys.append(episodes * self.n + np.arange(self.n))

    def finish(self, terminated: npt.NDArray[np.bool_], rewards: F32, episodes: I64) -> None:
        """Remembers the outcome of every hand that just ended (before its episode count moves on)."""
        for i in np.flatnonzero(terminated):
            self.outcome[int(episodes[i] * self.n + i)] = float(rewards[i, 0]) / SCALE

    def take(self) -> tuple[F32, I64, F32]:
        """The decisions whose hand has ended, with their targets; the others stay."""
        obs, ids, keys = np.concatenate(self.obs), np.concatenate(self.ids), np.concatenate(self.keys)
        known = np.array([int(k) in self.outcome for k in keys], dtype=bool)
        targets = np.array([self.outcome.get(int(k), 0.0) for k in keys], dtype=np.float32)
        self.obs, self.ids, self.keys = [obs[~known]], [ids[~known]], [keys[~known]]
        waiting = set(keys[~known].tolist())
        self.outcome = {k: v for k, v in self.outcome.items() if k in waiting}
        return obs[known], ids[known], targets[known]


def main(argv: list[str] | None = None) -> list[tuple[float, int, float, float]]:
    """Trains, evaluating at checkpoints; returns (seconds, hands trained, points per hand, win share) rows."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=3.0, help="training time (wall clock)")
    parser.add_argument("--rounds", type=int, default=None, help="training rounds per checkpoint instead of minutes")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--envs", type=int, default=256, help="hands stepped together")
    parser.add_argument("--eval-hands", type=int, default=1000)
    parser.add_argument("--checkpoints", type=int, default=8)
    parser.add_argument("--epsilon", type=float, default=0.1)
    parser.add_argument("--png", default="learning_curve.png", help="the curve (needs matplotlib)")
    parser.add_argument("--quick", action="store_true", help="a fixed small run: 3 rounds, 2 checkpoints")
    args = parser.parse_args(argv)
    if args.quick:  # a fixed amount of work, not of time: the same run on a loaded machine
        args.rounds, args.envs, args.eval_hands, args.checkpoints = 3, 32, 64, 2
    if args.rounds is not None and args.rounds < 0:
        parser.error("--rounds must be >= 0")
    rng = np.random.default_rng(args.seed)
    net = Network.new(rng)
    vec = tf.VecHands(args.envs, tf.hand_seed(args.seed, 0), opponents=OPPONENTS, dense_mask=False)
    held_out = tf.hand_seed(args.seed, 1)  # deals no training hand sees
    rollouts = Rollouts(args.envs)
    episodes = np.zeros(args.envs, dtype=np.int64)
    base_points, base_wins = evaluate(None, args.eval_hands, held_out)
    print(f"random learner on {args.eval_hands} held-out deals: {base_points:+.1f} points per hand, ", end="")
    print(f"wins {base_wins:.1%}")
    budget = args.minutes * 60
    curve: list[tuple[float, int, float, float]] = []
    elapsed, trained = 0.0, 0  # training time alone: the evaluations are not counted
    for checkpoint in range(args.checkpoints + 1):
        start = time.perf_counter() - elapsed
        rounds = 0
        while (
            time.perf_counter() - start < budget * checkpoint / args.checkpoints
            if args.rounds is None
            else checkpoint > 0 and rounds < args.rounds
        ):
            rounds += 1
            for _ in range(16):
                ids = choose(net, vec, rng, args.epsilon)
                rollouts.add(vec.obs, ids, episodes)
                _obs, _mask, _players, rewards, terminated = vec.step(ids)
                rollouts.finish(terminated, rewards, episodes)
                episodes += terminated
                trained += int(terminated.sum())
            obs, ids, targets = rollouts.take()
            order = rng.permutation(len(ids))
            for batch in np.array_split(order, len(ids) // 512 + 1) if len(ids) else []:
                net.train(obs[batch], ids[batch], targets[batch])
        elapsed = time.perf_counter() - start
        points, wins = evaluate(net, args.eval_hands, held_out)
        curve.append((elapsed, trained, points, wins))
        print(f"{elapsed:7.1f} s {trained:8,d} hands trained: {points:+7.1f} points per hand, wins {wins:6.1%}")
    draw(curve, (base_points, base_wins), args.png)
    return curve


def draw(curve: list[tuple[float, int, float, float]], baseline: tuple[float, float], path: str) -> None:
    """The learning curve as a PNG, when matplotlib is installed."""
    try:
        plt = importlib.import_module("matplotlib.pyplot")
    except ImportError:
        print("matplotlib is not installed: no plot (pip install '.[examples]' in a checkout)")
        return
    fig, ax = plt.subplots(figsize=(6, 3.5), dpi=80)
    hands = [row[1] for row in curve]
    ax.plot(hands, [row[2] for row in curve], marker="o", label="learner (greedy)")
    ax.axhline(baseline[0], color="gray", linestyle="--", label="random learner")
    ax.set_xlabel("hands trained")
    ax.set_ylabel("points per hand, held-out deals")
    ax.set_title("Deep Monte Carlo vs random opponents (examples/learn.py)")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
