"""Side-by-side speed of whole hands: random-policy hands in C++, the same
driven from Python through either backend, a state's clone, and one apply.

    python bench/compare_game.py [--hands 100000]

All figures come from one run on one machine; compare them as ratios.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
import timeit

import tichu_fast as tf
from compare import format_time as fmt
from tichu_fast import _core
from tichu_fast import reference as ref


def python_driven(backend, hands: int, seed: int) -> float:
    """Seconds per hand with a uniform random policy driven from Python."""
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(hands):
        state = backend.HandState.new(rng.getrandbits(64))
        while not state.is_terminal():
            state.apply_index(rng.randrange(state.num_legal_actions()))
    return (time.perf_counter() - start) / hands


def mid_hand_states(backend, count: int) -> list:
    """States at random points of random hands, with one legal action each."""
    rng = random.Random(5)
    states = []
    while len(states) < count:
        state = backend.HandState.new(rng.getrandbits(64))
        stop = rng.randrange(20, 80)
        for _ in range(stop):
            if state.is_terminal():
                break
            state.apply_index(rng.randrange(len(state.legal_actions())))
        if not state.is_terminal():
            states.append((state, rng.choice(state.legal_actions())))
    return states


def per_apply(states, number: int = 20) -> float:
    """Seconds per apply from Python (a clone's cost subtracted)."""
    clones = min(timeit.repeat(lambda: [s.clone() for s, _ in states], number=number, repeat=3))
    applied = min(timeit.repeat(lambda: [s.clone().apply(a) for s, a in states], number=number, repeat=3))
    return (applied - clones) / (number * len(states))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=100_000, help="C++ random hands (default 100000)")
    args = parser.parse_args()
    start = time.perf_counter()
    _core.simulate(1, 0, args.hands)
    cpp_hand = (time.perf_counter() - start) / args.hands
    cpp_python = python_driven(tf, 300, 2)
    ref_python = python_driven(ref, 30, 2)
    states_cpp = mid_hand_states(tf, 300)
    states_ref = mid_hand_states(ref, 100)
    clone_core = sum(_core._time_clone(s._core, 20000) for s, _ in states_cpp[:50]) / 50
    clone_cpp = min(timeit.repeat(lambda: [s.clone() for s, _ in states_cpp], number=20, repeat=3)) / (20 * 300)
    clone_ref = min(timeit.repeat(lambda: [s.clone() for s, _ in states_ref], number=5, repeat=3)) / (5 * 100)
    print(f"tichu_fast {tf.__version__}, Python {platform.python_version()}, {platform.machine()}")
    print("| measure | C++ core | C++ from Python | reference | reference / C++ |")
    print("|---|---|---|---|---|")
    print(
        f"| random-policy hand | {fmt(cpp_hand)} ({1 / cpp_hand:,.0f} hands/s) | {fmt(cpp_python)} "
        f"({1 / cpp_python:,.0f} hands/s) | {fmt(ref_python)} ({1 / ref_python:,.0f} hands/s) "
        f"| {ref_python / cpp_hand:,.0f}x |"
    )
    print(f"| clone() | {fmt(clone_core)} | {fmt(clone_cpp)} | {fmt(clone_ref)} | {clone_ref / clone_core:,.0f}x |")
    apply_cpp, apply_ref = per_apply(states_cpp), per_apply(states_ref, 5)
    print(f"| apply(action) | | {fmt(apply_cpp)} | {fmt(apply_ref)} | {apply_ref / apply_cpp:,.0f}x (vs from Python) |")
    print(
        "\nrandom-policy hand: _core.simulate (all in C++), or HandState.new + apply_index(random) from a Python "
        "loop; clone(): a HandState copied in C++ (_core._time_clone) or HandState.clone(); apply: "
        "HandState.apply(action) at random points of random hands."
    )


if __name__ == "__main__":
    main()
