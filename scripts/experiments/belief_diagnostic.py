"""How much a belief knows about the hidden hands (docs/bots.md "Inference").

    python scripts/experiments/belief_diagnostic.py --belief heuristic --odds 0.3,0.5,0.7,0.9 --positions 200

Positions: a PLAY decision 8..44 play decisions into a hand every seat plays by the heuristic
(calls on), the seat in turn the observer. For each: where the true hands' log-likelihood ranks among
64 uniform worlds (1.0: likelier than all), and the fraction of the hidden cards that 64 uniform
worlds and 64 believed worlds (DRAWS uniform candidates each) put in their true seat, and how many
of the 64 believed worlds differ (resampling repeats the likely candidates). With --regret, also what
the decision loses: flat Monte Carlo (evaluate_actions, 64 worlds, heuristic playouts) picks an action
on uniform and on believed worlds; its regret is the best action's value in the true state (128
playouts each) minus the picked one's, and the line gives the believed minus the uniform regret
(negative: the belief picks better) over the positions with more than one legal action; the same for
the belief's importance weights (":weights": the 64 uniform worlds, each weighted by its normalised
likelihood), and the weights' effective sample size 1 / sum(w**2) (of 64). With --distinct the believed
worlds are drawn by ":distinct" (n distinct candidates, without replacement) instead of resampled.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

import tichu_fast as tf
from tichu_fast import _core
from tichu_fast.search import policy_action


def position(rng: random.Random) -> tf.HandState:
    """A PLAY decision of a hand the heuristic plays, after a random number of play decisions."""
    while True:
        state = tf.HandState.new(rng.getrandbits(63))
        stop, plays = rng.randrange(8, 45), 0
        while not state.is_terminal():
            if state.decision == tf.Decision.PLAY:
                plays += 1
                if plays >= stop:
                    return state
            state.apply(policy_action(state, "heuristic", rng.getrandbits(63), calls=True))


def placed(worlds: list[tf.HandState], truth: tf.HandState, player: int) -> float:
    """The fraction of the hidden cards the worlds put in their true seat."""
    hidden = sum(len(truth.hands[q]) for q in range(4) if q != player)
    right = sum(len(w.hands[q] & truth.hands[q]) for w in worlds for q in range(4) if q != player)
    return right / (len(worlds) * hidden)


def half_width(values: list[float]) -> float:
    """1.96 standard errors of the mean of `values`."""
    return float(1.96 * np.std(values, ddof=1) / np.sqrt(len(values)))


def main() -> None:
    """Prints one line per ODDS: the truth's likelihood rank, the cards placed right, the time per draw."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--belief", default="heuristic")
    parser.add_argument("--odds", default="0.7")
    parser.add_argument("--draws", type=int, default=4)
    parser.add_argument("--distinct", action="store_true", help="believed worlds by ':distinct' (no world twice)")
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--worlds", type=int, default=64)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--regret", action="store_true", help="also the decision's regret (slower)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    positions = [position(rng) for _ in range(args.positions)]
    for odds in (float(a) for a in args.odds.split(",")):
        belief = f"{args.belief}:{odds}:{args.draws}" + (":distinct" if args.distinct else "")
        ranks, uniform, believed, distinct, regret, seconds = [], [], [], [], [], 0.0
        ess, weighted_regret, uniform_distinct = [], [], []
        for i, state in enumerate(positions):
            player = state.current_player
            worlds = state.resample_many(player, args.worlds, i)
            logs = _core.log_likelihoods([w._core for w in worlds], player, args.belief, odds, 1)
            truth = _core.log_likelihoods([state._core], player, args.belief, odds, 1)[0]
            ranks.append(float(np.mean(logs < truth) + 0.5 * np.mean(logs == truth)))
            weights = _core.belief_weights([w._core for w in worlds], player, args.belief, odds, 1)
            ess.append(1.0 / float(weights @ weights))
            start = time.perf_counter()
            drawn = state.resample_many(player, args.worlds, i, belief=belief)
            seconds += time.perf_counter() - start
            uniform.append(placed(worlds, state, player))
            believed.append(placed(drawn, state, player))
            distinct.append(len({tuple(str(hand) for hand in world.hands) for world in drawn}))
            uniform_distinct.append(len({tuple(str(hand) for hand in world.hands) for world in worlds}))
            if args.regret and state.num_legal_actions() > 1:
                truth_values = state.evaluate_actions(player, [state], 128, policy="heuristic", seed=99)["mean"]
                picks = [
                    int(np.argmax(state.evaluate_actions(player, 64, policy="heuristic", seed=i, belief=b)["mean"]))
                    for b in (None, belief, f"{args.belief}:{odds}:weights")
                ]
                regret.append(truth_values[picks[0]] - truth_values[picks[1]])  # believed minus uniform regret
                weighted_regret.append(truth_values[picks[0]] - truth_values[picks[2]])
        gain = np.array(believed) - np.array(uniform)
        half = half_width(list(gain))
        print(
            f"belief {belief}: truth's likelihood rank {np.mean(ranks):.3f}; hidden cards placed right: "
            f"uniform {np.mean(uniform):.3f}, believed {np.mean(believed):.3f} ({gain.mean():+.3f} ± {half:.3f}); "
            f"{np.mean(distinct):.1f} of {args.worlds} believed worlds distinct "
            f"({np.mean(uniform_distinct):.1f} uniform ones); "
            f"weights' effective sample size {np.mean(ess):.1f}; "
            f"{1000 * seconds / len(positions):.1f} ms to draw them"
            + (f"; regret believed - uniform {np.mean(regret):+.2f} ± {half_width(regret):.2f}" if regret else "")
            + (
                f"; weighted - uniform {np.mean(weighted_regret):+.2f} ± {half_width(weighted_regret):.2f}"
                if weighted_regret
                else ""
            ),
            flush=True,
        )


if __name__ == "__main__":
    main()
