"""Runs two or more game_bench binaries alternately and prints medians.

    python bench/ab/alternate.py ROUNDS HANDS BIN_A BIN_B [BIN_C ...]

Each round runs every binary once (one measurement of each kind), in turn, so
that a load change on the shared machine falls on all of them alike; the table
gives each binary's median and its ratio to the first, and checks that every
binary's checksums agree (the same hands, the same results).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess


def main() -> None:
    """Alternate the binaries round by round and print the median table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rounds", type=int, help="rounds; each runs every binary once")
    parser.add_argument("hands", help="hands a round simulates (and playouts: hands / 200 per position)")
    parser.add_argument("binaries", nargs="+", help="game_bench binaries, the first the baseline")
    args = parser.parse_args()
    rounds, hands, binaries = args.rounds, args.hands, args.binaries
    what = "all"
    times: dict[tuple[str, str], list[float]] = {}
    checks: dict[tuple[str, str], set[str]] = {}
    for _ in range(rounds):
        for binary in binaries:
            out = subprocess.run([binary, "1", hands, what], capture_output=True, text=True, check=True).stdout
            for line in out.splitlines():
                words = line.split()
                times.setdefault((binary, words[0]), []).append(float(words[1]))
                checks.setdefault((words[0], words[-1]), set()).add(binary)
    kinds = sorted({k for _, k in times})
    print("| measure | " + " | ".join(binaries) + " |")
    print("|---" * (len(binaries) + 1) + "|")
    for kind in kinds:
        base = statistics.median(times[(binaries[0], kind)])
        cells = []
        for binary in binaries:
            m = statistics.median(times[(binary, kind)])
            cells.append(f"{m:.1f} ns ({base / m:.3f}x)")
        print(f"| {kind} | " + " | ".join(cells) + " |")
    same = all(len(v) == len(binaries) for v in checks.values())
    print("checksums agree" if same else "CHECKSUMS DIFFER")


if __name__ == "__main__":
    main()
