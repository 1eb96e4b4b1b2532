"""A duplicate match one deal at a time, each deal's numbers appended to a file as it ends.

For a long match on a shared machine: stop it at any time and summarize the
deals done. Deal d is `duplicate(A, B, deals=1, seed=hand_seed(seed, d))`
(both plays, teams swapped), so the deals are those of no single `tichu-fast
arena` run, but each is an ordinary duplicate deal and any set of them is a
fair sample. Several processes may share a file with `--start`/`--step`
(e.g. 0/2 and 1/2). Each row records both specs and the seed, and
`--summary` refuses a file that mixes matches (rows of older files, without
them, count as one match). `--running` also prints the margin so far after each
deal; `--threads` is the duplicate's (results do not depend on it). The
summary is the arena's: the mean over deals with 1.96 s / sqrt(n).

    python scripts/deal_by_deal.py ismcts:iterations=10000 heuristic-v1 --seed 0 --deals 200 --out m.jsonl
    python scripts/deal_by_deal.py --summary m.jsonl
    python scripts/deal_by_deal.py --summary m.jsonl --against base.jsonl   # paired, on the common deals
"""

from __future__ import annotations

import argparse
import json
import math
import time
from typing import Any

from tichu_fast import _core
from tichu_fast.arena import duplicate
from tichu_fast.bots import make_bot


def play(args: argparse.Namespace) -> None:
    """Plays deals start, start + step, ... below `deals`, appending one JSON line each."""
    team_a, team_b = make_bot(args.team_a), make_bot(args.team_b)
    margins: list[float] = []
    for d in range(args.start, args.deals, args.step):
        cpu = time.process_time()
        result = duplicate(team_a, team_b, deals=1, seed=_core.hand_seed(args.seed, d), threads=args.threads)
        row = {
            "team_a": args.team_a,
            "team_b": args.team_b,
            "seed": args.seed,
            "deal": d,
            "margin": result.margin.mean,
            "calls": result.calls.mean,
            "cpu": time.process_time() - cpu,
            "decisions": result.decisions,
            "call_success": result.call_success,
        }
        with open(args.out, "a", encoding="utf-8") as out:
            out.write(json.dumps(row) + "\n")
        margins.append(result.margin.mean)
        if args.running:
            print(f"{len(margins)} deals: {args.team_a} vs {args.team_b}: {estimate(margins)} a hand", flush=True)


def estimate(values: list[float]) -> str:
    """The mean and its 95% interval, as the arena prints them."""
    n = len(values)
    mean = sum(values) / n
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else math.inf
    return f"{mean:+.1f} ± {1.96 * spread / math.sqrt(n):.1f}"


def summary(args: argparse.Namespace) -> None:
    """Prints the margin, its calls and cards parts, the calls made, and the CPU time per decision of the file."""
    with open(args.summary, encoding="utf-8") as rows_file:
        rows = [json.loads(line) for line in rows_file]
    # Rows written before the specs and the seed were recorded have none (None); a file must not mix matches.
    matches = {(r.get("team_a"), r.get("team_b"), r.get("seed")) for r in rows}
    if len(matches) > 1:
        raise SystemExit(
            f"{args.summary} mixes rows of different matches (team_a, team_b, seed): {sorted(matches, key=str)}"
        )
    margins = [r["margin"] for r in rows]
    calls = [r["calls"] for r in rows]
    print(f"deals {len(rows)}: margin {estimate(margins)}, calls {estimate(calls)}, ", end="")
    print(f"cards {estimate([m - c for m, c in zip(margins, calls, strict=True)])}")
    for team in ("a", "b"):
        made = {kind: [0, 0] for kind in ("tichu", "grand_tichu")}
        for r in rows:
            for kind, counts in made.items():
                counts[0] += r["call_success"][team][kind]["calls"]
                counts[1] += r["call_success"][team][kind]["made"]
        print(f"team {team.upper()}: " + ", ".join(f"{k} {c} called, {m} made" for k, (c, m) in made.items()))
    decisions = sum(sum(r["decisions"]) for r in rows)
    print(f"CPU {sum(r['cpu'] for r in rows) / len(rows):.1f} s a deal, both teams' {decisions} decisions")
    if args.against:
        paired(rows, args.against)


def paired(rows: list[dict[str, Any]], other_file: str) -> None:
    """Prints the margin of `rows` less that of another file of the same seed, deal by deal, on their common deals."""
    with open(other_file, encoding="utf-8") as rows_file:
        other = {r["deal"]: r for r in map(json.loads, rows_file)}
    seeds = {r.get("seed") for r in rows} | {r.get("seed") for r in other.values()}
    if len(seeds - {None}) > 1:  # deal d of another seed is another deal: nothing to pair
        raise SystemExit(f"{other_file} is a match of another seed: {sorted(seeds - {None})}")
    common = [r for r in rows if r["deal"] in other]
    if not common:
        print(f"against {other_file}: no common deals")
        return
    margins = [r["margin"] - other[r["deal"]]["margin"] for r in common]
    calls = [r["calls"] - other[r["deal"]]["calls"] for r in common]
    print(f"against {other_file}, {len(common)} common deals: margin {estimate(margins)}, calls {estimate(calls)}")


def main() -> None:
    """The command line: play TEAM_A TEAM_B into --out, or --summary FILE."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("team_a", nargs="?", help="team A's SPEC")
    parser.add_argument("team_b", nargs="?", help="team B's SPEC")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--start", type=int, default=0, help="the first deal this process plays")
    parser.add_argument("--step", type=int, default=1, help="play every step-th deal")
    parser.add_argument("--out", help="the file the deals are appended to")
    parser.add_argument("--threads", type=int, default=1, help="threads of each duplicate deal")
    parser.add_argument("--running", action="store_true", help="print the margin so far after each deal")
    parser.add_argument("--summary", help="summarize this file instead of playing")
    parser.add_argument("--against", help="with --summary: the margin less this file's (same seed), deal by deal")
    args = parser.parse_args()
    if args.against and not args.summary:
        parser.error("--against compares with --summary FILE: give both")
    if args.summary:
        summary(args)
    elif args.team_a and args.team_b and args.out:
        play(args)
    else:
        parser.error("give TEAM_A TEAM_B --out FILE, or --summary FILE")


if __name__ == "__main__":
    main()
