"""Python-facing calls of two builds, timed alternately (issue 18's Python rows).

`--before DIR` is a directory holding another build's `tichu_fast` package
(its Python files and its compiled `_core`), e.g. made from an older commit:

    git archive OLD | tar -x -C /tmp/old
    cmake -S /tmp/old -B /tmp/old/build -DSKBUILD=ON && cmake --build /tmp/old/build
    mkdir /tmp/before && cp -r /tmp/old/python/tichu_fast /tmp/before/
    cp /tmp/old/build/targets/_core*.so /tmp/before/tichu_fast/

Each round runs every case once in a fresh process for each build, the
builds alternating, so that the machine's load hits both alike; the table
gives the median of the rounds (CPU time) and before / after.

    python bench/ab/python_ab.py --before /tmp/before [--rounds 5] [CASE ...]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve()


def _use_package(root: str | None) -> None:
    """Import tichu_fast from `root` rather than the editable install (None: the work tree's)."""
    if root:
        sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in type(f).__module__]
        sys.path.insert(0, root)
    sys.path.insert(0, str(HERE.parents[1]))  # bench/, for situations


def _cpu(fn, repeat: int) -> float:
    start = time.process_time()
    for _ in range(repeat):
        fn()
    return (time.process_time() - start) / repeat


def case_resample(_tf) -> dict[str, float]:
    """state.resample(p, seed): many seeds at one position (a bot's decision), and a new position each call."""
    from situations import mid_hand_positions

    positions = mid_hand_positions(50, 1)

    def same():
        for state, p in positions:
            for seed in range(20):
                state.resample(p, seed)

    def new_each_call():
        for seed, (state, p) in enumerate(positions):
            state.resample(p, seed)

    return {
        "resample(p, seed), 20 seeds per position": _cpu(same, 5) / (20 * len(positions)),
        "resample(p, seed), a new position each call": _cpu(new_each_call, 40) / len(positions),
    }


def case_observation(tf) -> dict[str, float]:
    """observation(p) at 10, 40 and 80+ decisions into a hand, and inside a driven hand."""
    from situations import at_play, random_hands

    out: dict[str, float] = {}
    for steps in (10, 40, 80):
        states = [s for s in (at_play(seed, steps) for seed in range(40)) if not s.is_terminal()]
        length = statistics.mean(len(s.history) for s in states)

        def observe(states=states):
            for s in states:
                s.observation(s.current_player)

        out[f"observation(p), {length:.0f} steps of history"] = _cpu(observe, 50) / len(states)

    timings: list[int] = []  # each call timed alone (too short for a CPU clock): the median
    random_hands(tf, 60, True, 5, timings)
    out["observation(p) per decision of a driven hand"] = statistics.median(timings) / 1e9
    return out


def case_random_hand(tf) -> dict[str, float]:
    """A random hand from Python: HandState.new, then apply_index(randrange(num_legal_actions())) per decision."""
    from situations import random_hands

    return {"random hand, apply_index per decision": _cpu(lambda: random_hands(tf, 100, False), 3) / 100}


def case_vec(tf) -> dict[str, float]:
    """VecHands(1024), random opponents at seats 1 and 3: CPU time per agent step (ids from random_legal_ids)."""
    import numpy as np

    out: dict[str, float] = {}
    for dense_mask in (True, False):
        rng = np.random.default_rng(0)
        vec = tf.VecHands(1024, 1, opponents={1: "random", 3: "random"}, dense_mask=dense_mask)
        for _ in range(10):  # past the first exchange
            vec.step(vec.random_legal_ids(rng))

        def steps(vec=vec, rng=rng):
            vec.step(vec.random_legal_ids(rng))

        name = "VecHands agent step, N=1024, " + ("dense mask" if dense_mask else "compact ids only")
        out[name] = _cpu(steps, 40) / 1024
    return out


CASES = {
    "resample": case_resample,
    "observation": case_observation,
    "random_hand": case_random_hand,
    "vec": case_vec,
}


def worker(case: str, root: str | None) -> None:
    _use_package(root)
    import tichu_fast as tf

    print(json.dumps(CASES[case](tf)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("cases", nargs="*", default=list(CASES), help=f"any of {', '.join(CASES)} (default all)")
    parser.add_argument("--before", required=True, help="directory holding the other build's tichu_fast")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--root", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker, args.root)
        return
    unknown = set(args.cases) - set(CASES)
    if unknown:
        parser.error(f"unknown case {', '.join(sorted(unknown))}: the cases are {', '.join(CASES)}")
    env = dict(os.environ, PYTHONHASHSEED="0")
    results: dict[str, dict[str, list[float]]] = {}
    for _ in range(args.rounds):
        for case in args.cases:
            for build, root in (("before", args.before), ("after", None)):
                command = [sys.executable, str(HERE), "--before", args.before, "--worker", case]
                if root:
                    command += ["--root", root]
                times = json.loads(subprocess.run(command, check=True, capture_output=True, text=True, env=env).stdout)
                for name, seconds in times.items():
                    results.setdefault(name, {"before": [], "after": []})[build].append(seconds)
    title = f"call (CPU time, median of {args.rounds} rounds)"
    print(f"{title:52} {'before':>10} {'after':>10} {'ratio':>7}")
    for name, runs in results.items():
        b, a = statistics.median(runs["before"]), statistics.median(runs["after"])
        print(f"{name:52} {b * 1e6:8.2f}µs {a * 1e6:8.2f}µs {b / a:6.2f}x")


if __name__ == "__main__":
    main()
