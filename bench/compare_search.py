"""Side-by-side speed of search: playouts per second per core for the random
and heuristic policies from the deal and from mid-hand positions, whole
random hands (simulate), evaluate_actions with its Python overhead, 1 against
2 threads (and two Python threads), and a Python-driven playout for contrast.

    python bench/compare_search.py [--playouts 20000] [--hands 100000]

"Per core" figures use the process's CPU time, so a busy machine skews them
less than wall time; thread speed-ups use wall time, so they mean something
only on an otherwise idle machine (the CPU ratio beside them, the CPU time
per playout on 2 threads over 1, is the threads' own overhead). All figures come from
one run on one machine; compare them as ratios.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import threading
import time

import tichu_fast as tf
from compare import format_time as fmt
from situations import walked


def clocked(fn) -> tuple[float, float]:
    """(wall seconds, CPU seconds of this process) of one call."""
    wall, cpu = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - wall, time.process_time() - cpu


def mid_hand_states(count: int) -> list[tf.HandState]:
    """States 30..70 uniformly random actions into random hands (the play phase, mostly)."""
    rng = random.Random(5)
    states = []
    while len(states) < count:
        state = walked(rng, 30, 70)
        if not state.is_terminal():
            states.append(state)
    return states


def per_playout(states: list[tf.HandState], n: int, policy: str, threads: int = 1) -> tuple[float, float]:
    """(wall, CPU) seconds per playout, n playouts spread over the states."""
    each = max(1, n // len(states))

    def run() -> None:
        for i, state in enumerate(states):
            state.playouts(each, i, policy=policy, threads=threads)

    wall, cpu = clocked(run)
    total = each * len(states)
    return wall / total, cpu / total


def python_playout(state: tf.HandState, seed: int, policy: str) -> None:
    """The same playout driven from Python, one policy_action per decision."""
    state = state.clone()
    k = 0
    while not state.is_terminal():
        state.apply(tf.policy_action(state, policy, tf.hand_seed(seed, k), calls=False))
        k += 1


def main() -> None:
    """Runs every measurement once and prints the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--playouts", type=int, default=20_000)
    parser.add_argument("--hands", type=int, default=100_000)
    args = parser.parse_args()
    print(
        f"{platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} CPUs, "
        f"load {os.getloadavg()[0]:.1f}"
    )

    fresh = [tf.HandState.new(seed) for seed in range(20)]
    mid = mid_hand_states(200)
    per = {}
    print("\nplayouts, 1 thread (per playout: wall / CPU)")
    for policy in tf.POLICIES:
        for name, states in (("deal", fresh), ("mid-hand", mid)):
            wall, cpu = per_playout(states, args.playouts, policy)
            per[policy, name] = cpu
            print(f"  {policy:9} from the {name:8}  {fmt(wall)} / {fmt(cpu)}   {1 / cpu:>10,.0f} playouts/s per core")
    for name in ("deal", "mid-hand"):
        print(f"  heuristic / random from the {name}: {per['heuristic', name] / per['random', name]:.2f}x")

    print("\nwhole hands (tf.simulate), 1 thread")
    for policy in tf.POLICIES:
        wall, cpu = clocked(lambda policy=policy: tf.simulate(args.hands, 0, policy=policy))
        print(f"  {policy:9}  {args.hands / wall:>10,.0f} hands/s wall, {args.hands / cpu:>10,.0f} per core")

    print("\nthreads (random playouts from mid-hand; speed-up in wall time, CPU per playout beside it)")
    big = mid[:10]  # large batches: the pool's start-up and hand-over hardly count
    one, one_cpu = per_playout(big, args.playouts * 5, "random", threads=1)
    two, two_cpu = per_playout(big, args.playouts * 5, "random", threads=2)
    print(f"  1 thread {fmt(one)}, 2 threads {fmt(two)} per playout: {one / two:.2f}x (CPU {two_cpu / one_cpu:.2f}x)")
    small = mid[:100]  # batches of 100 playouts: the cost of handing work to the pool shows
    one, one_cpu = per_playout(small, args.playouts, "random", threads=1)
    two, two_cpu = per_playout(small, args.playouts, "random", threads=2)
    print(
        f"  batches of {args.playouts // 100}: 1 thread {fmt(one)}, 2 threads {fmt(two)} per playout: "
        f"{one / two:.2f}x (CPU {two_cpu / one_cpu:.2f}x)"
    )
    state = mid[0]
    wall_one, _ = clocked(lambda: state.playouts(args.playouts * 2, 1))

    def two_python_threads() -> None:
        workers = [threading.Thread(target=state.playouts, args=(args.playouts, 1)) for _ in range(2)]
        for w in workers:
            w.start()
        for w in workers:
            w.join()

    wall_two, _ = clocked(two_python_threads)
    print(
        f"  the GIL: 2 Python threads x {args.playouts} playouts take {fmt(wall_two)}, one thread x "
        f"{2 * args.playouts} takes {fmt(wall_one)}: {wall_one / wall_two:.2f}x"
    )

    print("\nevaluate_actions (random policy, 1 thread)")
    state = next(s for s in mid if s.decision == tf.Decision.PLAY and s.num_legal_actions() >= 4)
    actions = state.num_legal_actions()
    for worlds_n, per_world in ((8, 4), (64, 1)):
        worlds = [state.clone() for _ in range(worlds_n)]
        samples = actions * worlds_n * per_world
        wall, _ = clocked(
            lambda worlds=worlds, per_world=per_world: state.evaluate_actions(state.current_player, worlds, per_world)
        )
        core, _ = clocked(
            lambda worlds=worlds, per_world=per_world: tf._core.action_values(
                state._core, [w._core for w in worlds], per_world, 0, 0, "random", False, 1
            )
        )
        print(
            f"  {actions} actions x {worlds_n} worlds x {per_world}: {fmt(wall)} ({samples / wall:,.0f} playouts/s); "
            f"C++ alone {fmt(core)}, Python overhead {fmt(max(wall - core, 0.0))}"
        )

    print("\nfor contrast: the same playout driven from Python (policy_action per decision)")
    for policy in tf.POLICIES:
        n = 200
        wall, _ = clocked(lambda policy=policy, n=n: [python_playout(mid[i % len(mid)], i, policy) for i in range(n)])
        print(
            f"  {policy:9} from mid-hand: {fmt(wall / n)} per playout ({wall / n / per[policy, 'mid-hand']:.0f}x C++)"
        )


if __name__ == "__main__":
    main()
