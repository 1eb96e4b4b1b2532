"""The costliest kinds of mistakes of a bot, by the exact solver (docs/solver.md).

Plays `--hands` hands with the heuristic policy (with calls) on all four
seats, analyses each (`tichu_fast.analysis.analyze`) and sums the points lost
by the kind of mistake: what was taken against what was best (pass, single,
pair, ..., bomb, wish, gift, tichu).

    python bench/solver_analysis.py --hands 100 --cards 16
"""

from __future__ import annotations

import argparse
from collections import Counter

import tichu_fast as tf
from tichu_fast.analysis import analyze
from tichu_fast.search import policy_action


def kind(state_text: str) -> str:
    """A coarse name of an action's kind, from its text."""
    words = state_text.split()
    if state_text == "pass" or words[0] in ("wish", "no", "give", "tichu"):
        return words[0] if words[0] != "no" else "no wish"
    try:
        move = tf.Move(state_text)
    except ValueError:
        return "other"
    name = move.type.name.lower()
    if move.cards & tf.Cards("Dr"):
        name += " (Dragon)"
    elif move.cards & tf.Cards("Ph"):
        name += " (Phoenix)"
    return name


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--cards", type=int, default=16)
    parser.add_argument("--budget", type=int, default=300_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    lost: Counter[str] = Counter()
    count: Counter[str] = Counter()
    total = decisions = 0.0
    by_team = [0.0, 0.0]
    for h in range(args.hands):
        state = tf.HandState.new(tf.hand_seed(args.seed, h))
        while not state.is_terminal():
            state.apply(policy_action(state, "heuristic", len(state.history), calls=True))
        result = analyze(state.replay(), max_nodes=args.budget, cards=args.cards)
        decisions += len(result.decisions)
        total += result.total_loss
        by_team[0] += result.loss_by_team[0]
        by_team[1] += result.loss_by_team[1]
        for d in result.decisions:
            if d.loss > 0:
                key = f"{kind(d.taken)} instead of {kind(d.best)}"
                lost[key] += d.loss
                count[key] += 1
    per_hand = total / args.hands
    print(f"{args.hands} hands, {decisions:.0f} decisions analysed, {total:.0f} points lost ({per_hand:.1f} per hand)")
    print(f"lost by team 0: {by_team[0]:.0f}, team 1: {by_team[1]:.0f}")
    print("| mistake | times | points lost | per hand |")
    print("|---|---|---|---|")
    for key, points in lost.most_common(12):
        print(f"| {key} | {count[key]} | {points:.0f} | {points / args.hands:.2f} |")


if __name__ == "__main__":
    main()
