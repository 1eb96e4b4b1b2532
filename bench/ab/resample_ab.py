"""Python's share of `state.resample(p, seed)`: the method as it was before the
fast path (copied here, bench-only) against the current one, alternately in
one process, on mid-hand positions of random hands; checks both give equal
worlds first.

    python bench/ab/resample_ab.py [--positions 50] [--rounds 7]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from situations import mid_hand_positions
from tichu_fast._core import resample_many
from tichu_fast.hand import _WORLD, HandState, _seat


def old_resample_many(state: HandState, player: int, n: int, seed: int) -> list[HandState]:
    """HandState.resample_many before the fast path."""
    player = _seat(player, "player")
    return [HandState._make(core, _WORLD, state._rules) for core in resample_many(state._core, player, n, seed)]


def old_resample(state: HandState, player: int, seed: int) -> HandState:
    """HandState.resample before the fast path."""
    return old_resample_many(state, player, 1, seed)[0]


def per_call(fn, positions, repeat: int) -> float:
    start = time.process_time()
    for _ in range(repeat):
        for state, player in positions:
            fn(state, player)
    return (time.process_time() - start) / (repeat * len(positions))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    positions = mid_hand_positions(args.positions, 1)
    for i, (state, player) in enumerate(positions):
        assert old_resample(state, player, i) == state.resample(player, i)
        assert old_resample_many(state, player, 5, i) == state.resample_many(player, 5, i)
    cases = {
        "resample(p, seed)": (
            lambda s, p: old_resample(s, p, 7),
            lambda s, p: s.resample(p, 7),
            200,
        ),
        "resample_many(p, 1, seed)": (
            lambda s, p: old_resample_many(s, p, 1, 7),
            lambda s, p: s.resample_many(p, 1, 7),
            200,
        ),
        "resample_many(p, 100, seed), per world": (
            lambda s, p: old_resample_many(s, p, 100, 7),
            lambda s, p: s.resample_many(p, 100, 7),
            2,
        ),
    }
    print(f"{'call (CPU time, median of rounds)':42} {'before':>9} {'after':>9} {'ratio':>6}")
    for name, (old, new, repeat) in cases.items():
        before, after = [], []
        for _ in range(args.rounds):  # alternate, so that load hits both alike
            before.append(per_call(old, positions, repeat))
            after.append(per_call(new, positions, repeat))
        b, a = statistics.median(before), statistics.median(after)
        scale = 100 if "100" in name else 1
        print(f"{name:42} {b / scale * 1e6:7.2f}µs {a / scale * 1e6:7.2f}µs {b / a:6.2f}")


if __name__ == "__main__":
    main()
