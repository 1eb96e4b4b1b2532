"""Side-by-side speed of legal-move enumeration: the C++ core alone, the
C++ core called from Python (numpy form, Move list, count), and the
pure-Python reference, on the seeded situations of bench/situations.py.

    python bench/compare.py [--hands 2000] [--reference-hands 200]

All figures of one table come from one run on one machine; compare them
as ratios. Times are per enumeration (one hand, one situation).
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

import numpy as np

import tichu_fast as tf
from situations import scenarios
from tichu_fast import _core
from tichu_fast import reference as ref


def per_call(fn, items, min_seconds: float = 0.3) -> float:
    """Seconds per call of fn over items, repeated until min_seconds pass."""
    rounds, elapsed = 0, 0.0
    while elapsed < min_seconds:
        start = time.perf_counter()
        for item in items:
            fn(item)
        elapsed += time.perf_counter() - start
        rounds += 1
    return elapsed / (rounds * len(items))


def measure(scenario, reference_hands: int, rounds: int = 3) -> dict[str, float]:
    hands, table, wish = scenario.hands, scenario.table, scenario.wish
    total, seconds = _core._time_legal_moves(hands, table, wish, False, 1)
    repeat = max(1, int(0.2 / max(seconds, 1e-9)))
    cards = [tf.Cards(int(h)) for h in hands]
    out = np.empty(tf.MAX_LEGAL_MOVES, dtype=tf.MOVE_DTYPE)
    # The C++ loop and the numpy form from Python, interleaved round by round: their ratio is taken
    # within a round, so a load that comes and goes moves both (a difference of two minimums measured
    # apart once came out negative).
    core_times, numpy_times, ratios = [], [], []
    for _ in range(rounds):
        total, seconds = _core._time_legal_moves(hands, table, wish, False, repeat)
        core_times.append(seconds / (repeat * len(hands)))
        numpy_times.append(per_call(lambda h: tf.legal_moves_into(out, h, table, wish), cards, 0.15))
        ratios.append(numpy_times[-1] / core_times[-1])
    _, seconds = _core._time_legal_moves(hands, table, wish, False, repeat, True)
    core_count = seconds / (repeat * len(hands))
    ref_hands, ref_table = scenario.reference_args()
    ref_hands = [ref.Cards(h) for h in ref_hands[:reference_hands]]
    return {
        "moves": total / (repeat * len(hands)),
        "core": min(core_times),
        "core_count": core_count,
        "numpy": min(numpy_times),
        "numpy_ratio": statistics.median(ratios),
        "count": per_call(lambda h: tf.count_legal_moves(h, table, wish), cards),
        "list": per_call(lambda h: tf.legal_moves(h, table, wish), cards, 0.2),
        "reference": per_call(lambda h: ref.legal_moves(h, ref_table, wish), ref_hands, 0.5),
    }


def format_time(seconds: float) -> str:
    if seconds < 1e-6:
        return f"{seconds * 1e9:.0f} ns"
    if seconds < 1e-3:
        return f"{seconds * 1e6:.2f} µs"
    return f"{seconds * 1e3:.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per situation (default 2000)")
    parser.add_argument("--reference-hands", type=int, default=200, help="of those, run on the reference")
    args = parser.parse_args()
    columns = [
        "situation",
        "moves",
        "C++ core",
        "C++ count",
        "numpy form",
        "numpy / core",
        "count",
        "Move list",
        "reference",
        "reference / C++ core",
    ]
    print(
        f"tichu_fast {tf.__version__}, Python {platform.python_version()}, {platform.machine()}, "
        f"{args.hands} hands per situation"
    )
    print("| " + " | ".join(columns) + " |")
    print("|" + "---|" * len(columns))
    for scenario in scenarios(args.hands):
        r = measure(scenario, args.reference_hands)
        cells = [
            scenario.name,
            f"{r['moves']:.1f}",
            format_time(r["core"]),
            format_time(r["core_count"]),
            format_time(r["numpy"]),
            f"{r['numpy_ratio']:.2f}x",
            format_time(r["count"]),
            format_time(r["list"]),
            format_time(r["reference"]),
            f"{r['reference'] / r['core']:,.0f}x",
        ]
        print("| " + " | ".join(cells) + " |", flush=True)
    print(
        "\nC++ core and C++ count: loops in C++ (_core._time_legal_moves). From a Python loop: numpy form "
        "legal_moves_into(buffer, hand, table, wish); numpy / core: the median over 3 interleaved rounds of "
        "numpy form / C++ core, each round timing both; count: count_legal_moves; Move list: legal_moves; "
        "reference: tichu_fast.reference.legal_moves. C++ core and numpy form: the best of the 3 rounds."
    )


if __name__ == "__main__":
    main()
