"""Speed of worlds (docs/positions.md "Worlds"): per world in C++ (the state, then
the state with its history), the knowledge built once per call, and
resample_many from Python, over mid-hand positions of random hands.

    python bench/compare_resample.py [--positions 200] [--worlds 2000]

The brief's target: at most 2 us per world in C++, median over mid-hand
positions. All figures come from one run on one machine.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

from compare import format_time as fmt
from situations import mid_hand_positions
from tichu_fast import _core


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=200, help="mid-hand positions (default 200)")
    parser.add_argument("--worlds", type=int, default=2000, help="worlds per position (default 2000)")
    args = parser.parse_args()
    positions = mid_hand_positions(args.positions, seed=1)
    setup, state_only, with_history = [], [], []
    for i, (state, player) in enumerate(positions):
        s, w, h = _core._time_resample(state._core, player, args.worlds, i)
        setup.append(s)
        state_only.append(w)
        with_history.append(h)
    start = time.perf_counter()
    python_worlds = 0
    for i, (state, player) in enumerate(positions[:50]):
        python_worlds += len(state.resample_many(player, 200, i))
    python_each = (time.perf_counter() - start) / python_worlds
    # issue 18's row: one world per call, as a bot asks at its decision (the seat's knowledge is kept
    # between calls on one state), and at a new position each call (the knowledge built every time)
    start = time.process_time()
    for state, player in positions[:50]:
        for seed in range(20):
            state.resample(player, seed)
    same_position = (time.process_time() - start) / (20 * min(50, len(positions)))
    start = time.process_time()
    for _ in range(20):
        for i, (state, player) in enumerate(positions):
            state.resample(player, i)
    new_position = (time.process_time() - start) / (20 * len(positions))

    print(f"{platform.python_implementation()} {platform.python_version()}, {len(positions)} mid-hand positions")
    print(f"  per world, C++ state only (median)   {fmt(statistics.median(state_only))}")
    print(f"  per world, C++ state only (max)      {fmt(max(state_only))}")
    print(f"  per world, C++ with history (median) {fmt(statistics.median(with_history))}")
    print(f"  knowledge per call, C++ (median)     {fmt(statistics.median(setup))}")
    print(f"  per world, resample_many from Python {fmt(python_each)}")
    print(f"  state.resample(p, seed), 20 seeds per position  {fmt(same_position)}")
    print(f"  state.resample(p, seed), a new position per call {fmt(new_position)}")


if __name__ == "__main__":
    main()
