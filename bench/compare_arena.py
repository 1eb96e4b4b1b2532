"""The arena's own cost: RandomBot against RandomBot in the duplicate arena,
against `tf.simulate` playing as many random hands (the brief's target: at
most 5% more time).

    python bench/compare_arena.py [--deals 50000] [--repeats 5] [--threads 1]

Both run in C++ (the arena's fast path); each is timed `repeats` times,
alternating, in CPU time of this process (the machine is shared: wall time
moves with the load), and the fastest run of each is compared. One machine, one run.
"""

from __future__ import annotations

import argparse
import platform
import time

import tichu_fast as tf
from tichu_fast.arena import duplicate
from tichu_fast.bots import RandomBot


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=50_000, help="deals, each played twice (default 50000)")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args()
    hands = 2 * args.deals
    arena_times, simulate_times = [], []
    for _ in range(args.repeats):
        start = time.process_time()
        result = duplicate(RandomBot(), RandomBot(), args.deals, 0, threads=args.threads)
        arena_times.append(time.process_time() - start)
        start = time.process_time()
        tf.simulate(hands, 0, policy="random", calls=True, threads=args.threads)
        simulate_times.append(time.process_time() - start)
    assert result.hands == hands
    a, s = min(arena_times), min(simulate_times)
    machine = f"{platform.machine()}, Python {platform.python_version()}, {args.threads} thread(s)"
    print(f"{machine}, CPU time, best of {args.repeats}")
    print(f"| measure | time for {hands:,} hands | per hand |")
    print("|---|---|---|")
    print(f"| `tf.simulate` (random policy, calls on) | {s:.3f} s | {s / hands * 1e6:.2f} µs |")
    print(f"| `arena.duplicate(RandomBot(), RandomBot())` | {a:.3f} s | {a / hands * 1e6:.2f} µs |")
    print(f"| arena overhead | {(a / s - 1) * 100:+.1f} % | (target at most +5 %) |")


if __name__ == "__main__":
    main()
