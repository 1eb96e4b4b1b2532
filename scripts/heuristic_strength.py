"""The heuristic's strength against the frozen yardstick heuristic-v1, rule by rule (docs/bots.md "Strength").

Each row is a duplicate match (calls on, as the arena plays) between `heuristic` with some of its rules
switched off (the policy `heuristic:off=RULE+...`, docs/heuristic.md "Settings") and `heuristic-v1`,
played in C++:

    python scripts/heuristic_strength.py --deals 20000 --seed 1

prints, per row, the margin per hand with its 95% interval, its calls and cards parts. `--set KEY=VALUE,...`
plays every row with other numbers (their names in docs/heuristic.md "Settings"), to measure one rule of an
ingredient: e.g. `--only all --set push_mahjong=30` values the Mah Jong as heuristic-v1 did in the exchange.
"""

from __future__ import annotations

import argparse

from tichu_fast.arena import duplicate
from tichu_fast.bots import HeuristicBot, HeuristicV1Bot

RULES = ("count", "partner", "plan", "calls", "exchange", "wish")


def margin(params: str, deals: int, seed: int, threads: int = 1) -> str:
    """heuristic (with `params`) vs heuristic-v1 on `deals` duplicate deals."""
    r = duplicate(HeuristicBot(params=params), HeuristicV1Bot(), deals=deals, seed=seed, threads=threads)
    return f"{r.margin!s:>16}  calls {r.calls!s:>14}  cards {r.cards!s:>14}"


def main() -> None:
    """Every row: all rules, all but one, and none (v1's play with the new file)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="", help="comma-separated rows: all, none, -RULE or +RULE")
    parser.add_argument("--set", default="", help="comma-separated KEY=VALUE: the heuristic's numbers in every row")
    args = parser.parse_args()
    rows: dict[str, tuple[str, ...]] = {"all": (), "none": RULES}
    rows |= {f"-{name}": (name,) for name in RULES}
    rows |= {f"+{name}": tuple(r for r in RULES if r != name) for name in RULES}
    wanted = [w for w in args.only.split(",") if w] or list(rows)
    for name in wanted:
        off = f"off={'+'.join(rows[name])}" if rows[name] else ""
        params = ",".join(filter(None, [args.set, off]))
        print(f"{name:10s} {margin(params, args.deals, args.seed)}", flush=True)


if __name__ == "__main__":
    main()
