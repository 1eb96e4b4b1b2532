"""Writes cpp/src/play/heuristic_calls.inc: the heuristic's calls table (docs/heuristic.md "Calls").

The heuristic plays `--hands` hands against itself without calls (tichu_fast.simulate); for each seat
the chance of going out first is tallied by two features of its cards (the C++ `heuristic_call_features`:
strength in half points and losers of the plan, counted against every card it does not hold), for the
14 cards before the exchange (the Tichu table) and for the first 8 (the Grand Tichu table):

    python scripts/make_call_table.py --hands 200000 --seed 2026

A cell's chance is over the hands at least as good (strength >= its own, losers <= its own); a cell
with fewer than `--least` such hands borrows its weaker neighbour's chance; then every cell is raised to
the highest chance of the cells weaker than it (fewer or equal points, more or equal losers), so that
the chance never falls as a hand gets stronger. Then rebuild the package.

`--close` applies only that last step to the table in the .inc file, without simulating: the table
in the package was simulated with the heuristic of its day, which no longer plays that way.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import numpy as np

import tichu_fast as tf
from tichu_fast import _core

STRENGTHS, LOSERS = 21, 9
OUT = Path(__file__).resolve().parent.parent / "cpp" / "src" / "play" / "heuristic_calls.inc"


def tally(hands: int, seed: int) -> tuple[np.ndarray, ...]:
    """(outs, seen) per (strength, losers) for the 14-card and the 8-card features."""
    records = tf.simulate(hands, seed=seed, policy="heuristic", calls=False)
    outs = np.zeros((2, STRENGTHS, LOSERS), dtype=np.int64)
    seen = np.zeros((2, STRENGTHS, LOSERS), dtype=np.int64)
    masks: dict[str, int] = {}
    for k in range(hands):
        deck = _core.shuffled_deck(_core.hand_seed(seed, k))  # seat p: deck[14p:14p+14], the first 8 first
        first = int(records["first_out"][k])
        for p in range(4):
            names = deck[14 * p : 14 * p + 14]
            for table, cards in ((0, names), (1, names[:8])):
                mask = 0
                for name in cards:
                    if name not in masks:
                        masks[name] = tf.Cards(name).mask
                    mask |= masks[name]
                strength, losers = _core._heuristic_call_features(mask)
                cell = (table, min(strength, STRENGTHS - 1), min(losers, LOSERS - 1))
                seen[cell] += 1
                outs[cell] += first == p
    return outs, seen


def smooth(outs: np.ndarray, seen: np.ndarray, least: int) -> np.ndarray:
    """Per mille chances over the hands at least as good: strength >= s and losers <= l, made monotone.

    A cell with fewer than `least` such hands borrows the chance of its weaker neighbour (one
    strength less, else one loser more). The share over the hands at least as good is not monotone
    by itself (leaving out the weakest row can lower it), and the column of 0 losers never has
    `least` hands, so it borrowed strength 0's chance all the way up: `monotone` mends both.
    """
    # cumulative sums over strength >= s (from the top) and losers <= l (from the left)
    cum_outs = outs[::-1].cumsum(axis=0)[::-1].cumsum(axis=1)
    cum_seen = seen[::-1].cumsum(axis=0)[::-1].cumsum(axis=1)
    chance = np.zeros(outs.shape, dtype=np.int64)
    for strength in range(STRENGTHS):
        for losers in range(LOSERS - 1, -1, -1):
            if cum_seen[strength, losers] >= least:
                chance[strength, losers] = round(1000 * cum_outs[strength, losers] / cum_seen[strength, losers])
            elif strength > 0:
                chance[strength, losers] = chance[strength - 1, losers]
            elif losers + 1 < LOSERS:
                chance[strength, losers] = chance[strength, losers + 1]
    return monotone(chance)


def monotone(chance: np.ndarray) -> np.ndarray:
    """Each cell raised to the highest chance of the cells weaker than it (strength <= s, losers >= l).

    The least table above `chance` whose chance never falls with more strength or fewer losers.
    """
    closed = chance.copy()
    for strength in range(closed.shape[0]):
        for losers in range(closed.shape[1] - 1, -1, -1):
            if strength > 0:
                closed[strength, losers] = max(closed[strength, losers], closed[strength - 1, losers])
            if losers + 1 < closed.shape[1]:
                closed[strength, losers] = max(closed[strength, losers], closed[strength, losers + 1])
    return closed


def read_tables(
    text: str, names: tuple[str, str] = ("kTichuChanceTable", "kGrandChanceTable")
) -> tuple[np.ndarray, ...]:
    """The Tichu and the Grand Tichu tables of an .inc file's text (`names`: those of heuristic_made.inc are
    ``("kTichuMadeTable", "kGrandMadeTable")``)."""
    tables = []
    for name in names:
        body = text.split(name + "{")[1].split("}};")[0]
        tables.append(np.array([int(x) for x in re.findall(r"-?\d+", body)], dtype=np.int64).reshape(STRENGTHS, LOSERS))
    return tuple(tables)


def render(tichu: np.ndarray, grand: np.ndarray, hands: int, seed: int, closed: bool = False) -> str:
    """The .inc file's text; `closed`: the tables were made monotone by --close after the simulation."""

    def rows(table: np.ndarray) -> str:
        return ",\n".join("    {" + ", ".join(str(int(x)) for x in row) + "}" for row in table)

    made = (
        "\n// then made monotone by --close: each cell raised to the best weaker cell (fewer points, more losers)."
        if closed
        else ""
    )
    return f"""// Generated by scripts/make_call_table.py --hands {hands} --seed {seed}: do not edit by hand.{made}
// The chance in per mille that a seat goes out first, by strength in half points
// (rows) and losers (columns), when the heuristic plays all four seats without calls:
// kTichuChanceTable from the 14 cards before the exchange, kGrandChanceTable from the first 8.
#pragma once
#include <array>
#include <cstdint>
namespace tichu {{
namespace {{
constexpr int kCallStrengths = {STRENGTHS}, kCallLosers = {LOSERS};
constexpr std::array<std::array<std::int16_t, kCallLosers>, kCallStrengths> kTichuChanceTable{{{{
{rows(tichu)}}}}};
constexpr std::array<std::array<std::int16_t, kCallLosers>, kCallStrengths> kGrandChanceTable{{{{
{rows(grand)}}}}};
}}  // namespace
}}  // namespace tichu
"""


def main() -> None:
    """Simulates, tallies, smooths and writes the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--least", type=int, default=300, help="fewest hands for a cell of its own")
    parser.add_argument("--close", action="store_true", help="make the table in the .inc monotone, no simulation")
    args = parser.parse_args()
    if args.close:
        text = OUT.read_text()
        made = re.search(r"--hands (\d+) --seed (\d+)", text)
        assert made, "the .inc names its --hands and --seed"
        tichu, grand = read_tables(text)
        OUT.write_text(render(monotone(tichu), monotone(grand), int(made[1]), int(made[2]), closed=True))
        print(f"made {OUT} monotone")
        return
    outs, seen = tally(args.hands, args.seed)
    tichu = smooth(outs[0], seen[0], args.least)
    grand = smooth(outs[1], seen[1], args.least)
    OUT.write_text(render(tichu, grand, args.hands, args.seed))
    print(f"wrote {OUT} from {args.hands} hands")


if __name__ == "__main__":
    main()
