"""The cost of a heuristic decision: CPU time per decision of `random`, `heuristic-v1` and `heuristic`,
each playing all four seats of the same duplicate deals in C++ (calls on, as the arena plays).

    python bench/compare_heuristic.py [--deals 20000] [--repeat 3] [--also KEY=VALUE,...]

`--also` times the heuristic a second time with other settings (`HeuristicBot(params=...)`, the names of
docs/heuristic.md "Settings", as scripts/heuristic_strength.py --set), e.g. a rule as it was, back to back.

CPU time of this process (best of `--repeat`), over the decisions the deals took; compare the policies
as ratios, measured back to back in one run (docs/bots.md "What a bot costs").
"""

from __future__ import annotations

import argparse
import time

from tichu_fast.arena import duplicate
from tichu_fast.bots import HeuristicBot, HeuristicV1Bot, RandomBot


def per_decision(bot: object, deals: int, repeat: int) -> float:
    """Best CPU seconds per decision over `repeat` runs of `deals` deals, the bot in all four seats."""
    best = float("inf")
    for _ in range(repeat):
        cpu = time.process_time()
        r = duplicate(bot, bot, deals=deals, seed=7)
        spent = time.process_time() - cpu
        decisions = sum(r.decisions.values()) if isinstance(r.decisions, dict) else sum(r.decisions)
        best = min(best, spent / decisions)
    return best


def main() -> None:
    """Prints µs per decision and the ratio to the random policy."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--also", default="", help="comma-separated KEY=VALUE: the heuristic timed again so")
    args = parser.parse_args()
    rows = {"random": RandomBot(), "heuristic-v1": HeuristicV1Bot(), "heuristic": HeuristicBot()}
    times = {name: per_decision(bot, args.deals, args.repeat) for name, bot in rows.items()}
    if args.also:
        times[f"heuristic ({args.also})"] = per_decision(HeuristicBot(params=args.also), args.deals, args.repeat)
    for name, t in times.items():
        print(f"{name:13s} {t * 1e6:6.3f} µs a decision  ({t / times['random']:.2f}x random)")


if __name__ == "__main__":
    main()
