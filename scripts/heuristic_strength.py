"""The heuristic's strength against the frozen yardstick heuristic-v1, rule by rule (docs/bots.md "Strength").

Each row is a duplicate match (calls on, as the arena plays) between `heuristic` with some of its rules
switched off (tichu_fast._core._set_heuristic_ablation) and `heuristic-v1`, played in C++:

    python scripts/heuristic_strength.py --deals 20000 --seed 1

prints, per row, the margin per hand with its 95% interval, its calls and cards parts. `--set INDEX=VALUE,...`
changes numbers of the rules first (the `Param` indices of cpp/src/play/heuristic.cpp), to measure one rule
of an ingredient: e.g. `--only all --set 34=30` values the Mah Jong as heuristic-v1 did in the exchange.
"""

from __future__ import annotations

import argparse

from tichu_fast import _core
from tichu_fast.arena import duplicate
from tichu_fast.bots import HeuristicBot, HeuristicV1Bot

RULES = {"count": 1, "partner": 2, "plan": 4, "calls": 8, "exchange": 16, "wish": 32}


def margin(rules_off: int, deals: int, seed: int, threads: int = 1) -> str:
    """heuristic (without `rules_off`) vs heuristic-v1 on `deals` duplicate deals."""
    _core._set_heuristic_ablation(rules_off)
    try:
        r = duplicate(HeuristicBot(), HeuristicV1Bot(), deals=deals, seed=seed, threads=threads)
    finally:
        _core._set_heuristic_ablation(0)
    return f"{r.margin!s:>16}  calls {r.calls!s:>14}  cards {r.cards!s:>14}"


def main() -> None:
    """Every row: all rules, all but one, and none (v1's play with the new file)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="", help="comma-separated rows: all, none, -RULE or +RULE")
    parser.add_argument("--set", default="", help="comma-separated INDEX=VALUE: rule numbers changed first")
    args = parser.parse_args()
    for item in filter(None, args.set.split(",")):
        index, value = item.split("=")
        _core._set_heuristic_param(int(index), int(value))
    every = sum(RULES.values())
    rows = {"all": 0, "none": every}
    rows |= {f"-{name}": bit for name, bit in RULES.items()}
    rows |= {f"+{name}": every & ~bit for name, bit in RULES.items()}
    wanted = [w for w in args.only.split(",") if w] or list(rows)
    for name in wanted:
        print(f"{name:10s} {margin(rows[name], args.deals, args.seed)}", flush=True)


if __name__ == "__main__":
    main()
