"""The speed table of docs/speed.md (issue 18's targets) for two builds, measured alternately in one run.

    python bench/speed_table.py --before OLD_PYTHON [--after PYTHON] [--rounds 7] [--rows KEY,...] [--quick]

OLD_PYTHON and PYTHON are interpreters with a build of tichu_fast installed
(PYTHON defaults to the one running this script). Each round runs one
measuring child per build, the order turned every other round (before,
after, after, before, ...), so that a change of the machine's load, or a
cost of going first, falls on both alike. A
child is this script run by that build's interpreter (`--worker`): it imports
that build's tichu_fast, measures every row with calls that exist in both
builds (issue 18 was filed at commit 30879fe), and prints one JSON line. Each
row is the median of several repetitions in CPU time (time.process_time); the
table gives the median of the rounds for each build, after / before, the
speed-up (before / after in time; in brackets its lowest and highest over
the rounds, each round's before against its after), the issue's target and whether the after
build meets it, with the load average at the start and the end.

The rows measure what the figures of docs/speed.md measured:
- C++ rows: `_core._time_legal_moves` (the C++ loop of bench/compare.py) over
  the seeded hands of bench/situations.py (2,000 a situation), CPU time;
- whole hands: `tf.simulate(50000, 0)` (random policy, calls on, one thread),
  as bench/compare_search.py;
- playouts: random playouts from the 200 mid-hand states of compare_search.py;
- the Python rows and VecHands: the cases of bench/ab/python_ab.py (the same
  positions, seeds and calls), timed here in repetitions.
Observation is flat if the call 80 decisions into a hand is within 1.5x of
the call 10 decisions in. `--rows vec_dense,vec_compact` measures only the
rows named (their keys in ROWS; obs_late brings obs_early, which judges it),
so that many rounds of an unsteady row fit in a few minutes. `--quick` is a
smoke run (one round, small sizes).
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve()
sys.path.insert(0, str(HERE.parent))  # bench/: situations, compare, compare_search

FLAT = 1.5  # observation(p) is flat when the late call is within this factor of the early one


def _cpu_median(fn: Callable[[], object], units: int, reps: int) -> float:
    """CPU seconds per unit: fn() (doing `units` units of work) timed `reps` times, the median."""
    times = []
    for _ in range(reps):
        start, calls = time.process_time(), 0
        while True:  # a coarse process clock (Windows: 15.6 ms) may not move for tiny sizes: run again until it does
            fn()
            calls += 1
            if (elapsed := time.process_time() - start) > 0:
                break
        times.append(elapsed / calls)
    return statistics.median(times) / units


def _size(value: float, scale: float, least: int = 1) -> int:
    return max(least, round(value * scale))


@functools.cache
def _scenarios(hands: int) -> dict:
    from situations import scenarios

    return {s.name: s for s in scenarios(hands)}


def _core_moves(name: str, scale: float, reps: int) -> float:
    """CPU seconds per enumeration of `name`'s hands in C++ (bench/compare.py's C++ core column)."""
    from tichu_fast import _core

    scenario = _scenarios(_size(2000, scale, 10))[name]
    repeat = _size(1000 if scenario.table is not None else 150, scale)
    hands, table, wish = scenario.hands, scenario.table, scenario.wish
    return _cpu_median(lambda: _core._time_legal_moves(hands, table, wish, False, repeat), repeat * len(hands), reps)


def row_lead(scale: float, reps: int) -> float:
    """A lead's legal moves, 14 cards with the Phoenix, C++."""
    return _core_moves("lead, 14 cards with Phoenix", scale, reps)


RESPONSES = ("respond to a single", "respond to a pair", "respond to a straight", "respond to a full house")


def row_responses(scale: float, reps: int) -> float:
    """The mean of the four answers' times (single 9, pair of 7s, straight 4 to 8, full house 666 33), C++."""
    return statistics.mean(_core_moves(name, scale, reps) for name in RESPONSES)


def row_simulate(scale: float, reps: int) -> float:
    """A whole random hand, `tf.simulate` (random policy, calls on, one thread), CPU seconds per hand."""
    import tichu_fast as tf

    n = _size(50_000, scale)
    return _cpu_median(lambda: tf.simulate(n, 0, policy="random", threads=1), n, reps)


def row_playout(scale: float, reps: int) -> float:
    """A random playout from mid-hand: `state.playouts` over compare_search.py's 200 mid-hand states."""
    from compare_search import mid_hand_states

    states = mid_hand_states(_size(200, scale, 2))
    each = _size(400, scale)

    def run() -> None:
        for i, state in enumerate(states):
            state.playouts(each, i, policy="random", threads=1)

    return _cpu_median(run, each * len(states), reps)


def _vec(dense_mask: bool, scale: float, reps: int) -> float:
    import numpy as np

    import tichu_fast as tf

    n = _size(1024, scale, 4)
    rng = np.random.default_rng(0)
    vec = tf.VecHands(n, 1, opponents={1: "random", 3: "random"}, dense_mask=dense_mask)
    for _ in range(10):  # past the first exchange
        vec.step(vec.random_legal_ids(rng))
    steps = _size(200, scale)

    def run() -> None:
        for _ in range(steps):
            vec.step(vec.random_legal_ids(rng))

    return _cpu_median(run, steps * n, reps)


def row_vec_dense(scale: float, reps: int) -> float:
    """A VecHands agent step, N = 1024, random opponents at seats 1 and 3, with the dense mask."""
    return _vec(True, scale, reps)


def row_vec_compact(scale: float, reps: int) -> float:
    """The same with the compact legal ids only (`dense_mask=False`)."""
    return _vec(False, scale, reps)


def row_resample(scale: float, reps: int) -> float:
    """`state.resample(p, seed)` from Python: 20 seeds at each of 50 mid-hand positions (python_ab.py's)."""
    from situations import mid_hand_positions

    positions = mid_hand_positions(_size(50, scale, 2), 1)
    passes = _size(50, scale)

    def run() -> None:
        for _ in range(passes):
            for state, p in positions:
                for seed in range(20):
                    state.resample(p, seed)

    return _cpu_median(run, passes * 20 * len(positions), reps)


def _observation(steps: int, scale: float, reps: int) -> float:
    from situations import at_play

    states = [s for s in (at_play(seed, steps) for seed in range(_size(40, scale, 2))) if not s.is_terminal()]
    passes = _size(500, scale)

    def run() -> None:
        for _ in range(passes):
            for s in states:
                s.observation(s.current_player)

    return _cpu_median(run, passes * len(states), reps)


def row_observation_early(scale: float, reps: int) -> float:
    """`observation(p)` from Python, 10 random decisions into a hand (40 hands, python_ab.py's)."""
    return _observation(10, scale, reps)


def row_observation_late(scale: float, reps: int) -> float:
    """The same 80 random decisions into a hand."""
    return _observation(80, scale, reps)


def row_python_hand(scale: float, reps: int) -> float:
    """A random hand driven from Python: `HandState.new`, then `apply_index(randrange(n))` per decision."""
    import tichu_fast as tf
    from situations import random_hands

    hands = _size(1000, scale)
    return _cpu_median(lambda: random_hands(tf, hands, False), hands, reps)


@dataclass(frozen=True)
class Row:
    """One line of the table: how it is measured, shown and judged."""

    key: str
    label: str
    measure: Callable[[float, int], float]  # (scale, reps) -> CPU seconds per unit
    rate: str = ""  # the unit when shown as a rate ("hands/s"); a time when empty
    target: float = 0.0  # seconds per unit (a rate's target is its inverse)
    issue: str = ""  # the issue's "now" figure


ROWS = (  # key, label, measure, rate unit (a time if empty), target, the issue's figure
    Row("lead", "lead, 14 cards with the Phoenix (C++)", row_lead, "", 0.3e-6, "0.73-0.93 µs"),
    Row("responses", "responses, mean of four kinds (C++)", row_responses, "", 30e-9, "45 ns"),
    Row("simulate", "whole random hands, `tf.simulate`, one thread", row_simulate, "hands/s", 1 / 3e5, "158,701/s"),
    Row("playout", "random playout from mid-hand", row_playout, "", 2e-6, "2.73 µs"),
    Row("vec_dense", "`VecHands` agent steps, N = 1024, dense mask", row_vec_dense, "steps/s", 1 / 2.5e6, "1.51 M/s"),
    Row("vec_compact", "`VecHands`, compact ids only (extra)", row_vec_compact, "steps/s", 1 / 2.5e6, ""),
    Row("resample", "`state.resample(p, seed)` from Python", row_resample, "", 1e-6, "3.3-3.5 µs"),
    Row("obs_early", "`observation(p)`, 10 decisions in", row_observation_early, "", 3e-6, "12-19 µs, growing"),
    Row("obs_late", "`observation(p)`, 80 decisions in", row_observation_late, "", 3e-6, ""),
    Row("python_hand", "a random hand driven from Python", row_python_hand, "", 50e-6, "113 µs"),
)


def chosen_rows(keys: str | None) -> tuple[Row, ...]:
    """The rows named in `keys` (comma-separated, in ROWS' order; obs_late brings obs_early), every row for None."""
    if keys is None:
        return ROWS
    wanted = {key.strip() for key in keys.split(",")}
    if unknown := wanted - {row.key for row in ROWS}:
        raise ValueError(f"unknown rows {sorted(unknown)}; the rows are {', '.join(row.key for row in ROWS)}")
    if "obs_late" in wanted:
        wanted.add("obs_early")
    return tuple(row for row in ROWS if row.key in wanted)


def measure_all(scale: float = 1.0, reps: int = 7, rows: tuple[Row, ...] = ROWS) -> dict[str, float]:
    """The CPU seconds per unit of each of `rows` (every row by default) with the imported build."""
    return {row.key: row.measure(scale, reps) for row in rows}


def worker(scale: float, reps: int, rows: tuple[Row, ...]) -> None:
    """The child: this interpreter's build, each of `rows` once, one JSON line."""
    import tichu_fast as tf

    out = {"version": tf.__version__, "path": str(Path(tf.__file__).parent), "rows": measure_all(scale, reps, rows)}
    print(json.dumps(out))


def shown(row: Row, seconds: float) -> str:
    """A row's figure: a time per unit, or the rate per CPU second."""
    if row.rate:
        rate = 1 / seconds
        return f"{rate / 1e6:.2f} M {row.rate}" if rate >= 1e6 else f"{rate:,.0f} {row.rate}"
    if seconds < 1e-6:
        return f"{seconds * 1e9:.1f} ns"
    return f"{seconds * 1e6:.2f} µs"


def met(row: Row, after: dict[str, float]) -> str:
    """Whether the after build meets the row's target (on this machine, in this run)."""
    ok = after[row.key] <= row.target
    if row.key == "obs_late":
        growth = after["obs_late"] / after["obs_early"]
        flat = growth <= FLAT
        return f"{'yes' if ok and flat else 'no'} ({growth:.2f}x the early call: {'flat' if flat else 'growing'})"
    return "yes" if ok else "no"


def table(
    before_runs: list[dict[str, float]], after_runs: list[dict[str, float]], rows: tuple[Row, ...] = ROWS
) -> list[str]:
    """The Markdown table of `rows`: each build's median over its rounds; beside the speed-up, its range."""
    before, after = (
        {row.key: statistics.median(r[row.key] for r in runs) for row in rows} for runs in (before_runs, after_runs)
    )
    lines = [
        "| measure | issue's figure | before (median) | after (median) | after / before | speed-up (rounds) "
        "| target | met? |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        b, a = before[row.key], after[row.key]
        ratio = b / a if row.rate else a / b  # of the figures as shown: rates up, times down
        each = sorted(rb[row.key] / ra[row.key] for rb, ra in zip(before_runs, after_runs, strict=True))
        spread = f" ({each[0]:.2f}-{each[-1]:.2f})" if len(each) > 1 else ""
        lines.append(
            f"| {row.label} | {row.issue} | {shown(row, b)} | {shown(row, a)} | {ratio:.2f}x | {b / a:.2f}x{spread} "
            f"| {shown(row, row.target)} | {met(row, after)} |"
        )
    return lines


def run_child(python: str, scale: float, reps: int, rows: tuple[Row, ...] = ROWS) -> dict:
    """One measuring child with `python`, measuring `rows`; its JSON."""
    command = [python, str(HERE), "--worker", "--scale", str(scale), "--reps", str(reps)]
    command += ["--rows", ",".join(row.key for row in rows)]
    # Without PYTHONPATH, so that each child imports its own interpreter's build, never a shared tree.
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"} | {"PYTHONHASHSEED": "0"}
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=HERE.parent)
    if done.returncode:
        sys.exit(f"{' '.join(command)} failed:\n{done.stderr}")
    result: dict = json.loads(done.stdout.splitlines()[-1])
    return result


def load() -> str:
    """The 1, 5 and 15 minute load averages ("n/a" where the system has none, as on Windows)."""
    if not hasattr(os, "getloadavg"):
        return "n/a"
    return " / ".join(f"{x:.1f}" for x in os.getloadavg())


def main() -> None:
    """Alternate the builds round by round and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", help="the interpreter of the build before (its python); required")
    parser.add_argument("--after", default=sys.executable, help="the interpreter of the build after (this one)")
    parser.add_argument("--rounds", type=int, default=7, help="rounds; each runs both builds once (default 7)")
    parser.add_argument("--rows", help="only these rows, comma-separated keys (default: every row)")
    parser.add_argument("--quick", action="store_true", help="a smoke run: one round, small sizes")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--scale", type=float, default=1.0, help=argparse.SUPPRESS)
    parser.add_argument("--reps", type=int, default=7, help=argparse.SUPPRESS)
    args = parser.parse_args()
    try:
        rows = chosen_rows(args.rows)
    except ValueError as error:
        parser.error(str(error))
    if args.worker:
        worker(args.scale, args.reps, rows)
        return
    if not args.before:
        parser.error("--before PYTHON is required")
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    rounds, scale, reps = (1, 0.1, 3) if args.quick else (args.rounds, args.scale, args.reps)
    builds = {"before": args.before, "after": args.after}
    runs: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
    start_load, start = load(), time.perf_counter()
    print(f"{platform.node()}, {os.cpu_count()} CPUs, load {start_load} at the start; {rounds} rounds", flush=True)
    origins: dict[str, str] = {}
    for i in range(rounds):
        for build in ("before", "after") if i % 2 == 0 else ("after", "before"):
            child = run_child(builds[build], scale, reps, rows)
            runs[build].append(child["rows"])
            if i == 0:
                origins[build] = child["path"]
                print(f"  {build}: {builds[build]}, tichu_fast {child['version']} from {child['path']}", flush=True)
        if i == 0 and origins["before"] == origins["after"]:
            print("  warning: both builds import tichu_fast from the same place", flush=True)
        print(f"  round {i + 1} done, {time.perf_counter() - start:.0f} s, load {load()}", flush=True)
    print()
    print("\n".join(table(runs["before"], runs["after"], rows)))
    print(
        f"\nCPU time per unit, median of {reps} repetitions in a child, then of {rounds} rounds per build; "
        f"load average {start_load} at the start, {load()} at the end; {time.perf_counter() - start:.0f} s in all."
    )


if __name__ == "__main__":
    main()
