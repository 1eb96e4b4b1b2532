"""A small single-observer ISMCTS (information set Monte Carlo tree search).

Each iteration draws a fresh world consistent with what the searching seat
knows (`state.resample`, R10.3), walks one tree with it by UCB over the
actions legal in that world, counting for each action how often it was
available, adds one node, and plays the rest out in C++ (`world.playout`).
The tree's edges are (seat, action): one tree serves every world, and a node's
statistics are from the view of the seat that chose the edge into it. Calls
(Grand Tichu, Tichu) are off, and the exchange is left to the heuristic.

    python examples/ismcts.py [--iterations 1000] [--decisions 30]
"""

from __future__ import annotations

import argparse
import math
import random
import time

import tichu_fast as tf

SEARCHED = (tf.Decision.PLAY, tf.Decision.BOMB, tf.Decision.WISH, tf.Decision.DRAGON_GIFT)
SCALE = 200.0  # a team return spans about -25..200 with calls off: rewards near 0..1
EXPLORATION = 0.7


class Node:
    """One edge's end: visits, the chooser's summed reward, and how often the edge was available."""

    __slots__ = ("available", "children", "reward", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.reward = 0.0
        self.available = 0
        self.children: dict[tuple[int, tf.Action], Node] = {}

    def ucb(self, c: float) -> float:
        """Mean reward plus the exploration bonus over availability (not the parent's visits)."""
        return self.reward / self.visits + c * math.sqrt(math.log(self.available) / self.visits)


def _choices(world: tf.HandState) -> list[tf.Action]:
    """The legal actions the tree considers: no calls (they are off)."""
    return [a for a in world.legal_actions() if not a.call]


def ismcts_action(
    state: tf.HandState,
    iterations: int = 1000,
    *,
    policy: str = "heuristic",
    seed: int = 0,
    exploration: float = EXPLORATION,
) -> tf.Action:
    """The current player's action after `iterations` ISMCTS iterations: the root's most visited one."""
    actions = state.legal_actions()
    if len(actions) == 1 or state.decision not in SEARCHED:
        return actions[0] if len(actions) == 1 else tf.policy_action(state, "heuristic", seed, calls=False)
    player = state.current_player
    root = Node()
    rng = random.Random(seed)
    for i in range(iterations):
        world = state.resample(player, tf.hand_seed(seed, i))
        path: list[tuple[int, Node]] = []  # (chooser's team, node)
        node = root
        while not world.is_terminal():
            seat = world.current_player
            legal = [(seat, a) for a in _choices(world)]
            for key in legal:
                child = node.children.get(key)
                if child is not None:
                    child.available += 1
            fresh = [key for key in legal if key not in node.children]
            if fresh:  # expand one untried action, then roll out
                key = rng.choice(fresh)
                child = Node()
                child.available = 1
                node.children[key] = child
            else:
                key = max(legal, key=lambda k: node.children[k].ucb(exploration))
                child = node.children[key]
            world.apply(key[1])
            path.append((seat & 1, child))
            node = child
            if fresh:
                break
        returns = world.returns() if world.is_terminal() else world.playout(rng.getrandbits(64), policy).returns
        for team, visited in path:
            visited.visits += 1
            visited.reward += (returns[team] - returns[1 - team]) / SCALE
    best = max(root.children.items(), key=lambda item: item[1].visits)
    return best[0][1]


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Time ISMCTS decisions from Python.")
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--decisions", type=int, default=30)
    args = parser.parse_args()
    cpu: list[float] = []
    hand = 0
    while len(cpu) < args.decisions:  # the heuristic plays seeded hands; its searched decisions are timed
        state = tf.HandState.new(tf.hand_seed(2026, hand))
        hand += 1
        while not state.is_terminal() and len(cpu) < args.decisions:
            if state.decision in SEARCHED and state.num_legal_actions() > 1:
                start = time.process_time()
                ismcts_action(state, args.iterations, seed=len(cpu))
                cpu.append(time.process_time() - start)
            state.apply(tf.policy_action(state, "heuristic", 0, calls=False))
    mean = sum(cpu) / len(cpu)
    print(
        f"{args.iterations} iterations per decision over {len(cpu)} decisions: CPU mean {mean * 1000:.1f} ms, "
        f"{args.iterations / mean:,.0f} iterations/s and {1 / mean:.1f} decisions/s per core"
    )
