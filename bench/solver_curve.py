"""Solve time against the cards left in all four hands (docs/solver.md).

Positions are reached by heuristic play (with calls) from random deals,
stopped at the first decision with at most N cards left in all hands; each
is solved exactly (every root action's value, no principal line) on one
core, with a fresh table per position so that no solve profits from an
earlier one. Prints median and 95th percentile time, nodes per second and
the table's hit rate per card count. A position not solved within
--max-seconds counts as slower than every other one (inf when a percentile
falls on it). --max-nodes caps the nodes instead (machine-independent, to
compare search versions) and --nodes prints each position's nodes (-1: not
solved). --positions takes one count, or one per card count;
--plot draws the curve as a PNG (needs matplotlib: pip install ".[examples]");
--cpu times each solve by the CPU time of the calling thread (with --threads 1:
what a shared machine disturbs least).

    python bench/solver_curve.py --positions 40 --cards 8 12 16 20 24 28
    python bench/solver_curve.py --positions 20 20 20 10 6 6 --cards 8 12 16 20 24 28 --plot docs/solver_curve.png
"""

from __future__ import annotations

import argparse
import importlib
import math
import statistics
import time
from typing import Any

import tichu_fast as tf
from tichu_fast.search import policy_action
from tichu_fast.solver import solve


def position(seed: int, cards: int, record: list[str] | None = None) -> tf.HandState | None:
    """The first decision in play of deal `seed` with at most `cards` cards in all hands.

    `record`, if given, receives the texts of the actions that lead there.
    """
    state = tf.HandState.new(seed)
    k = 0
    while not state.is_terminal():
        in_play = state.decision not in (tf.Decision.GRAND_TICHU, tf.Decision.TICHU, tf.Decision.EXCHANGE)
        if in_play and sum(len(h) for h in state.hands) <= cards:
            return state
        action = policy_action(state, "heuristic", tf.hand_seed(seed, k), calls=True)
        if record is not None:
            record.append(str(action))
        state.apply(action)
        k += 1
    return None


def dump(wanted: dict[int, int], first: int) -> None:
    """Prints each position as bench/ab/solver_bench.cpp reads it: cards, the deal's seed, the actions."""
    for cards, count in wanted.items():
        seed, found = first, 0
        while found < count:
            record: list[str] = []
            if position(seed, cards, record) is not None:
                print(cards, seed, "|".join(record))
                found += 1
            seed += 1


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, nargs="+", default=[40], help="one count, or one per card count")
    parser.add_argument("--cards", type=int, nargs="+", default=[8, 12, 16, 20, 24, 28])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-seconds", type=float, default=60.0, help="a cap per solve (counted as unsolved)")
    parser.add_argument("--max-nodes", type=int, default=None, help="a node cap per solve (counted as unsolved)")
    parser.add_argument("--nodes", action="store_true", help="print each position's nodes (-1: not solved)")
    parser.add_argument("--threads", type=int, default=1, help="threads per solve")
    parser.add_argument("--no-reduce", action="store_true", help="search equivalent cards apart")
    parser.add_argument(
        "--dump", action="store_true", help="print the positions for bench/ab/solver_bench.cpp instead of solving"
    )
    parser.add_argument(
        "--cpu", action="store_true", help="time each solve in CPU seconds of its thread, not wall time (one thread)"
    )
    parser.add_argument("--plot", default=None, help="write the curve to this PNG (needs matplotlib)")
    args = parser.parse_args()
    plt = None
    if args.plot:  # checked first, not after an hour of solving
        try:
            plt = importlib.import_module("matplotlib.pyplot")
        except ImportError:
            parser.error("--plot needs matplotlib (pip install '.[examples]' in a checkout)")
    if len(args.positions) not in (1, len(args.cards)):
        parser.error("--positions takes one count or one per card count")
    if args.cpu and args.threads != 1:
        parser.error("--cpu counts the calling thread's time: it takes --threads 1")
    counts = args.positions * len(args.cards) if len(args.positions) == 1 else args.positions
    wanted = dict(zip(args.cards, counts, strict=True))
    if args.dump:
        dump(wanted, args.seed)
        return
    rows: list[tuple[int, float, float]] = []
    warm = position(args.seed, 8)  # the first solve of a thread allocates its table (64 MiB): not timed
    if warm is not None:
        solve(warm, line=False)
    print("| cards | positions | median ms | p95 ms | max ms | median nodes | nodes/s | TT hit rate | unsolved |")
    print("|---|---|---|---|---|---|---|---|---|")
    for cards in args.cards:
        times: list[float] = []
        counts: list[float] = []
        nodes = probes = hits = unsolved = 0
        spent = 0.0
        seed = args.seed
        while len(times) < wanted[cards]:
            state = position(seed, cards)
            seed += 1
            if state is None:
                continue
            clock = time.thread_time if args.cpu else time.perf_counter
            start = clock()
            r = solve(
                state,
                max_seconds=args.max_seconds,
                max_nodes=args.max_nodes,
                line=False,
                fresh_table=True,
                threads=args.threads,
                reduce=not args.no_reduce,
            )
            elapsed = clock() - start
            times.append(elapsed if r.exact else math.inf)  # an unsolved position counts as slower than any
            counts.append(r.nodes if r.exact else math.inf)
            if not r.exact:
                unsolved += 1
                continue
            spent += r.seconds
            nodes += r.nodes
            probes += r.tt_probes
            hits += r.tt_hits
        med = statistics.median(times) * 1e3 if times else float("nan")
        p95 = percentile(times, 0.95) * 1e3 if times else float("nan")
        top = max(times) * 1e3 if times else float("nan")  # inf: some position was not solved
        rate = nodes / spent if spent else float("nan")
        hit = hits / probes if probes else float("nan")
        nodes_med = statistics.median(counts) if counts else float("nan")
        print(
            f"| {cards} | {len(times)} | {med:.3f} | {p95:.3f} | {top:.1f} | {nodes_med:,.0f} | {rate:,.0f} "
            f"| {hit:.2f} | {unsolved} |",
            flush=True,
        )
        rows.append((cards, med, p95))
        if args.nodes:
            each = [int(c) if c != math.inf else -1 for c in counts]
            print(f"nodes at {cards} cards: {each}; solved sum {sum(c for c in each if c >= 0):,}")
    if plt is not None:
        draw(plt, rows, args.max_seconds * 1e3, args.plot)


def draw(plt: Any, rows: list[tuple[int, float, float]], cap_ms: float, path: str) -> None:
    """Median and 95th percentile against cards left, log scale; an unsolved percentile is drawn at the cap."""
    fig, ax = plt.subplots(figsize=(6, 3.5), dpi=80)
    cards = [row[0] for row in rows]
    for column, label in ((1, "median"), (2, "95th percentile")):
        ax.plot(cards, [min(row[column], cap_ms) for row in rows], marker="o", label=label)
    ax.plot([12, 20, 28], [1, 20, 1000], linestyle="none", marker="x", color="gray", label="targets (median)")
    ax.axhline(cap_ms, color="gray", linestyle=":", label="cap: not solved")
    ax.set_yscale("log")
    ax.set_xlabel("cards left in all four hands")
    ax.set_ylabel("ms per exact solve, one core")
    ax.set_title("Exact solve time (bench/solver_curve.py)")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
