"""Speed of the C++ ISMCTS (tichu_fast.ismcts): iterations per second per core on
mid-hand positions, 2 threads against 1, and the small Python ISMCTS of
examples/ismcts.py on the same positions for contrast.

    python bench/compare_ismcts.py [--positions 40] [--iterations 20000]

"Per core" figures use the process's CPU time, so a busy machine skews them
less than wall time; the thread speed-up uses wall time. The target: at least
100,000 iterations per second per core, and 2 threads at least 1.8x one. All
figures come from one run on one machine; compare them as ratios.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

import tichu_fast as tf
from situations import walked
from tichu_fast.ismcts import ismcts


def mid_hand_positions(count: int, seed: int) -> list[tf.HandState]:
    """Play-phase states 15..60 uniformly random actions into random hands, with at least two candidates (no calls)."""
    rng = random.Random(seed)
    positions: list[tf.HandState] = []
    while len(positions) < count:
        state = walked(rng, 15, 60)
        if state.decision == tf.Decision.PLAY and ismcts(state, iterations=1).iterations:  # a choice to search
            positions.append(state)
    return positions


def clocked(state: tf.HandState, iterations: int, threads: int, seed: int) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds of this process, iterations done) of one search."""
    wall, cpu = time.perf_counter(), time.process_time()
    done = ismcts(state, iterations=iterations, threads=threads, seed=seed).iterations
    return time.perf_counter() - wall, time.process_time() - cpu, done


def rates(positions: list[tf.HandState], iterations: int) -> tuple[list[float], list[float], list[float]]:
    """Per position: iterations per CPU second on 1 thread, the wall-time speed-up of 2 threads, and CPU time 2 / 1.

    The two runs of a position follow each other, so that a changing load on a
    shared machine skews both alike.
    """
    cpu_rates, speedups, cpu_ratios = [], [], []
    for i, state in enumerate(positions):
        wall1, cpu1, done = clocked(state, iterations, 1, i)
        wall2, cpu2, _ = clocked(state, iterations, 2, i)
        cpu_rates.append(done / cpu1)
        speedups.append(wall1 / wall2)
        cpu_ratios.append(cpu2 / cpu1)
    return cpu_rates, speedups, cpu_ratios


def python_rate(positions: list[tf.HandState], iterations: int) -> float:
    """Iterations per CPU second of the Python ISMCTS of examples/ismcts.py (random playouts)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples"))
    from ismcts import ismcts_action  # type: ignore[import-not-found]

    cpu = time.process_time()
    for i, state in enumerate(positions):
        ismcts_action(state, iterations, policy="random", seed=i)
    return iterations * len(positions) / (time.process_time() - cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=40, help="mid-hand positions (default 40)")
    parser.add_argument("--iterations", type=int, default=20000, help="iterations per search (default 20000)")
    args = parser.parse_args()
    positions = mid_hand_positions(args.positions, seed=3)
    cpu1, speedups, cpu_ratios = rates(positions, args.iterations)
    python = python_rate(positions[:10], 300)
    cpp = statistics.median(cpu1)
    print(
        f"{platform.python_implementation()} {platform.python_version()}, {len(positions)} mid-hand positions, "
        f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}"
    )
    print(
        f"  C++ ISMCTS, 1 thread: median {cpp:,.0f} iterations per CPU second (min {min(cpu1):,.0f}, "
        f"max {max(cpu1):,.0f}); target 100,000"
    )
    print(
        f"  2 threads against 1 (the same iterations, wall time, median over positions): "
        f"{statistics.median(speedups):.2f}x; target 1.8x"
    )
    print(
        f"  CPU time of 2 threads against 1 (median): {statistics.median(cpu_ratios):.2f} "
        "(near 1 or below: no work is duplicated; a low speed-up then means the cores were busy)"
    )
    print(f"  Python ISMCTS of examples/ismcts.py: {python:,.0f} iterations per CPU second; C++ {cpp / python:.0f}x")


if __name__ == "__main__":
    main()
