"""Side-by-side speed of whole hands: random-policy hands in C++, the same
driven from Python through either backend, a state's clone, one apply (any
action, or a lead), one apply_index and one observation.

    python bench/compare_game.py [--hands 100000]

All figures come from one run on one machine; compare them as ratios.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
import timeit

import tichu_fast as tf
from compare import format_time as fmt
from situations import random_hands
from tichu_fast import _core
from tichu_fast import reference as ref


def times(ratio: float) -> str:
    """A ratio as printed: whole numbers from 10 up, two decimals below (never a bare 0x)."""
    return f"{ratio:,.0f}x" if ratio >= 10 else f"{ratio:.2f}x"


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


def timed_on_copies(states, step, number: int, repeat: int = 3) -> float:
    """Seconds per step(copy, k) over fresh copies of the states, the best of `repeat` runs.

    The copies are made before the clock starts, so only the step is timed: nothing is
    subtracted, and the figure cannot go negative (two minimums measured apart once did).
    """
    best = float("inf")
    for _ in range(repeat):
        elapsed = 0.0
        for _ in range(number):
            copies = [s.clone() for s, _ in states]
            start = time.perf_counter()
            for k, copy in enumerate(copies):
                step(copy, k)
            elapsed += time.perf_counter() - start
        best = min(best, elapsed)
    return best / (number * len(states))


def per_apply(states, number: int = 20) -> float:
    """Seconds per apply(action) from Python, on copies made beforehand."""
    actions = [a for _, a in states]
    return timed_on_copies(states, lambda copy, k: copy.apply(actions[k]), number)


def leads(backend, count: int) -> list:
    """PLAY decisions at a trick's start (the longest lists of moves), with one legal play each."""
    rng = random.Random(6)
    found = []
    while len(found) < count:
        state = backend.HandState.new(rng.getrandbits(64))
        while not state.is_terminal() and len(found) < count:
            if state.decision == tf.Decision.PLAY and state.table is None and rng.random() < 0.5:
                found.append((state.clone(), rng.choice([a for a in state.legal_actions() if a.move is not None])))
            state.apply_index(rng.randrange(state.num_legal_actions()))
    return found


def per_apply_index(states, number: int = 20) -> float:
    """Seconds per apply_index(i) from Python, on copies made beforehand; the index of the state's action."""
    indices = [s.legal_actions().index(a) for s, a in states]
    return timed_on_copies(states, lambda copy, k: copy.apply_index(indices[k]), number)


def per_observation(states, number: int = 20) -> float:
    """Seconds per observation(current player) from Python."""
    total = min(timeit.repeat(lambda: [s.observation(s.current_player) for s, _ in states], number=number, repeat=3))
    return total / (number * len(states))


def observation_in_play(backend, hands: int) -> float:
    """Seconds per observation(current player) made before every decision of random hands driven
    from Python: each call timed alone, the median (the calls are too short for a CPU clock)."""
    timings: list[int] = []
    random_hands(backend, hands, True, 9, timings)
    return statistics.median(timings) / 1e9


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
        f"| {times(ref_python / cpp_hand)} |"
    )
    print(f"| clone() | {fmt(clone_core)} | {fmt(clone_cpp)} | {fmt(clone_ref)} | {times(clone_ref / clone_core)} |")
    apply_cpp, apply_ref = per_apply(states_cpp), per_apply(states_ref, 5)
    print(f"| apply(action) | | {fmt(apply_cpp)} | {fmt(apply_ref)} | {times(apply_ref / apply_cpp)} (vs Python) |")
    leads_cpp, leads_ref = leads(tf, 300), leads(ref, 50)
    lead_cpp, lead_ref = per_apply(leads_cpp), per_apply(leads_ref, 5)
    print(f"| apply(action), a lead | | {fmt(lead_cpp)} | {fmt(lead_ref)} | {times(lead_ref / lead_cpp)} (vs Python) |")
    index_cpp, index_ref = per_apply_index(states_cpp), per_apply_index(states_ref, 5)
    print(f"| apply_index(i) | | {fmt(index_cpp)} | {fmt(index_ref)} | {times(index_ref / index_cpp)} (vs Python) |")
    seen_cpp, seen_ref = per_observation(states_cpp), per_observation(states_ref, 5)
    print(f"| observation(p) | | {fmt(seen_cpp)} | {fmt(seen_ref)} | {times(seen_ref / seen_cpp)} (vs Python) |")
    # C++ only: the reference's apply costs about 100 times its observation, which the difference loses
    print(f"| observation(p), each decision of a hand | | {fmt(observation_in_play(tf, 60))} | | |")
    print(
        "\nrandom-policy hand: _core.simulate (all in C++), or HandState.new + apply_index(random) from a Python "
        "loop; clone(): a HandState copied in C++ (_core._time_clone) or HandState.clone(); apply: "
        "HandState.apply(action) at random points of random hands, or at a trick's start, timed on copies made "
        "beforehand (the loop's own cost included); apply_index: the same actions by index; observation: "
        "the current player's, at random points of random hands (each state observed 20 times); each decision "
        "of a hand: observed before every apply_index of random hands, each call timed alone, the median."
    )


if __name__ == "__main__":
    main()
