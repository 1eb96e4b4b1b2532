"""Inference on vs off: a duplicate match in chunks of deals, the running margin after each (docs/bots.md "Inference").

    python scripts/belief_strength.py --team-a mc:worlds=64,belief=heuristic --team-b mc:worlds=64 --deals 300

Chunk k plays `--chunk` deals dealt from hand_seed(seed, k) (tichu_fast.arena.duplicate), so a run
stopped early still reports what it played; the margin's 95% interval is over all deals played.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path

from tichu_fast import _core
from tichu_fast.arena import duplicate
from tichu_fast.bots.specs import make_bot


def main() -> None:
    """Plays the chunks and prints A's margin per hand (mean ± 1.96 standard errors) after each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--team-a", required=True)
    parser.add_argument("--team-b", required=True)
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--chunk", type=int, default=10)
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--save", help="write the margin of every deal played so far here (JSON), after each chunk")
    args = parser.parse_args()
    margins: list[float] = []
    calls: list[float] = []
    start = time.perf_counter()
    for k in range(math.ceil(args.deals / args.chunk)):
        n = min(args.chunk, args.deals - k * args.chunk)
        result = duplicate(
            make_bot(args.team_a), make_bot(args.team_b), n, _core.hand_seed(args.seed, k), threads=args.threads
        )
        margins.extend(result.deal_margins)
        if args.save:
            Path(args.save).write_text(json.dumps(margins))
        calls.append(result.calls.mean * n)
        mean = sum(margins) / len(margins)
        sd = math.sqrt(sum((m - mean) ** 2 for m in margins) / max(len(margins) - 1, 1))
        half = 1.96 * sd / math.sqrt(len(margins))
        print(
            f"{len(margins)} deals: {args.team_a} vs {args.team_b}: {mean:+.1f} ± {half:.1f} a hand "
            f"(calls part {sum(calls) / len(margins):+.1f}), {time.perf_counter() - start:.0f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
