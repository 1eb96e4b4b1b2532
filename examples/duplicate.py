"""A duplicate match between two bots: each seeded deal is played twice, the
teams swapped, with the same cards, so the luck of the deal cancels out.

Bot A sits at seats 0 and 2 in the first play of a deal and at 1 and 3 in
the second. The score of a deal is A's mean margin over its two plays (A's
team return minus B's); the match prints its mean, A's points per hand and a
95% normal interval of the mean margin. Calls (Grand Tichu, Tichu) are off
for all players: every bot answers "no" and never takes the in-play `tichu`.

This script shows how a duplicate match works, in a page of code. The
library's arena (`tichu-fast arena`, `tichu_fast.arena.duplicate`; docs/bots.md)
does the same with any bot, threads, Ray and a split of the margin into
calls and cards; its built-in bots call by default (`heuristic:calls=0` to
compare with this script's numbers).

    python examples/duplicate.py flat_mc heuristic --deals 100 --seed 1 --playouts 2000
    python examples/duplicate.py ismcts random --deals 100 --iterations 500
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import tichu_fast as tf

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the sibling example bots
from flat_mc import flat_mc_action
from ismcts import ismcts_action

# A bot: (state, seed for this decision) -> the current player's action.
Bot = Callable[[tf.HandState, int], tf.Action]
BOTS = ("random", "heuristic", "flat_mc", "ismcts")


def make_bot(name: str, playouts: int = 2000, iterations: int = 500) -> Bot:
    """The bot called `name`; `playouts` is flat_mc's budget, `iterations` ismcts's."""
    if name in tf.POLICIES:
        return lambda state, seed: tf.policy_action(state, name, seed, calls=False)
    if name == "flat_mc":
        return lambda state, seed: flat_mc_action(state, playouts, seed=seed)
    if name == "ismcts":
        return lambda state, seed: ismcts_action(state, iterations, seed=seed)
    raise ValueError(f"unknown bot {name[:80]!r}: expected one of {', '.join(BOTS)}")


def play(deal_seed: int, bots: tuple[Bot, Bot, Bot, Bot]) -> tf.HandState:
    """Plays the hand dealt from `deal_seed` to its end, `bots[seat]` deciding for each seat."""
    state = tf.HandState.new(deal_seed)
    step = 0
    while not state.is_terminal():
        state.apply(bots[state.current_player](state, tf.hand_seed(deal_seed, step)))
        step += 1
    return state


@dataclass(frozen=True)
class DealResult:
    """One deal played twice: A's and B's team returns in each play (A at seats 0/2 first)."""

    seed: int
    first: tuple[int, int]  # (A, B), A at seats 0 and 2
    second: tuple[int, int]  # (A, B), A at seats 1 and 3

    @property
    def margin(self) -> float:
        """A's mean margin per hand over the two plays."""
        return (self.first[0] - self.first[1] + self.second[0] - self.second[1]) / 2


def play_deal(deal_seed: int, a: Bot, b: Bot) -> DealResult:
    """The deal played with A at seats 0 and 2, then with A at seats 1 and 3."""
    first = play(deal_seed, (a, b, a, b)).returns()
    second = play(deal_seed, (b, a, b, a)).returns()
    return DealResult(deal_seed, (first[0], first[1]), (second[1], second[0]))


def interval(samples: list[float]) -> tuple[float, float]:
    """(mean, half-width of the 95% normal interval of the mean)."""
    mean = statistics.fmean(samples)
    if len(samples) < 2:
        return mean, float("inf")
    return mean, 1.96 * statistics.stdev(samples) / len(samples) ** 0.5


def main(argv: list[str] | None = None) -> list[DealResult]:
    """Runs the match the command line describes and prints its table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("a", choices=BOTS, help="bot A")
    parser.add_argument("b", choices=BOTS, help="bot B")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0, help="deal k is dealt from hand_seed(seed, k)")
    parser.add_argument("--playouts", type=int, default=2000, help="flat_mc: playouts per decision")
    parser.add_argument("--iterations", type=int, default=500, help="ismcts: iterations per decision")
    args = parser.parse_args(argv)
    a = make_bot(args.a, args.playouts, args.iterations)
    b = make_bot(args.b, args.playouts, args.iterations)
    start = time.perf_counter()
    results = [play_deal(tf.hand_seed(args.seed, k), a, b) for k in range(args.deals)]
    seconds = time.perf_counter() - start
    mean, half = interval([r.margin for r in results])
    points = statistics.fmean(p for r in results for p in (r.first[0], r.second[0]))
    wins = sum(r.margin > 0 for r in results)
    losses = sum(r.margin < 0 for r in results)
    print(f"{args.a} (A) vs {args.b} (B): {args.deals} deals x 2 plays, seed {args.seed}, calls off, {seconds:.0f} s")
    print(f"  A's points per hand {points:.1f}; A's margin per hand {mean:+.1f} ± {half:.1f} (95%)")
    print(f"  deals won / tied / lost by A: {wins} / {args.deals - wins - losses} / {losses}")
    return results


if __name__ == "__main__":
    main()
