"""A flat Monte Carlo bot: every legal action played out in worlds drawn for the seat.

`state.evaluate_actions` draws worlds consistent with what the player knows
(R10.3), applies each legal action in each world and plays it out in C++
with the same seeds for every action; the bot takes the best mean. Calls
(Grand Tichu, Tichu) are off, and the exchange (2184 pushes) is left to the
heuristic policy.

    python examples/flat_mc.py [--playouts 20000] [--decisions 50] [--policy random]
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

import tichu_fast as tf

# Decisions searched; the others (calls, the exchange) go to the heuristic.
SEARCHED = (tf.Decision.PLAY, tf.Decision.BOMB, tf.Decision.WISH, tf.Decision.DRAGON_GIFT)


def flat_mc_action(
    state: tf.HandState,
    playouts: int = 2000,
    *,
    policy: str = "heuristic",
    seed: int = 0,
    threads: int = 1,
) -> tf.Action:
    """The current player's action: the legal action with the best mean team return.

    `playouts` is the budget per decision, split into worlds of one playout per
    action each (more worlds rather than more playouts per world: the hidden
    cards are the larger uncertainty). `policy` plays the playouts out.
    """
    actions = state.legal_actions()
    if len(actions) == 1 or state.decision not in SEARCHED:
        return actions[0] if len(actions) == 1 else tf.policy_action(state, "heuristic", seed, calls=False)
    player = state.current_player
    worlds = max(1, playouts // len(actions))
    values = state.evaluate_actions(player, worlds, 1, policy=policy, threads=threads, seed=seed)
    means = values["mean"].copy()
    means[[a.call for a in actions]] = -np.inf  # calls are off: never the in-play `tichu`
    return actions[int(np.argmax(means))]


def play_decisions(count: int, playouts: int, policy: str = "heuristic") -> list[tuple[float, float]]:
    """(wall, CPU) seconds per searched decision, over the first `count` searched decisions of seeded hands.

    The hands are played by the heuristic; only the timed decisions are searched.
    """
    times: list[tuple[float, float]] = []
    hand = 0
    while len(times) < count:
        state = tf.HandState.new(tf.hand_seed(2026, hand))
        hand += 1
        while not state.is_terminal() and len(times) < count:
            if state.decision in SEARCHED and state.num_legal_actions() > 1:
                wall, cpu = time.perf_counter(), time.process_time()
                flat_mc_action(state, playouts, policy=policy, seed=len(times))
                times.append((time.perf_counter() - wall, time.process_time() - cpu))
            state.apply(tf.policy_action(state, "heuristic", 0, calls=False))
    return times


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Time flat Monte Carlo decisions on one thread.")
    parser.add_argument("--playouts", type=int, default=20_000, help="playouts per decision")
    parser.add_argument("--decisions", type=int, default=50)
    parser.add_argument("--policy", choices=tf.POLICIES, default="heuristic", help="the playouts' policy")
    args = parser.parse_args()
    times = play_decisions(args.decisions, args.playouts, args.policy)
    wall = sorted(w for w, _ in times)
    cpu = sorted(c for _, c in times)
    print(
        f"{args.playouts} {args.policy} playouts per decision over {len(times)} decisions: "
        f"wall mean {statistics.fmean(wall) * 1000:.1f} ms (slowest {wall[-1] * 1000:.1f} ms), "
        f"CPU mean {statistics.fmean(cpu) * 1000:.1f} ms, median {cpu[len(cpu) // 2] * 1000:.1f} ms, "
        f"slowest {cpu[-1] * 1000:.1f} ms; {1 / statistics.fmean(cpu):.1f} decisions/s per core"
    )
