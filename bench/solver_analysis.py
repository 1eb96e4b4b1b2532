"""The costliest kinds of mistakes of a bot, by the exact solver (docs/solver.md).

Plays `--hands` hands with the heuristic policy (with calls) on all four
seats, analyses each (`tichu_fast.analysis.analyze`) and sums the points lost
by the kind of decision it was made in (the lead, answering a trick or
passing, a bomb, the wish, the Dragon gift, a Tichu call) and by the kind of
mistake: what was taken against what was best (pass, single, pair, ...).

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


def is_bomb(text: str) -> bool:
    """Whether an action's text is a bomb (R4.1)."""
    try:
        return tf.Move(text).is_bomb
    except ValueError:
        return False


def category(state: tf.HandState, taken: str, best: str) -> str:
    """What kind of decision a mistake was made in: the lead, answering a trick, a bomb, the wish, the gift, a call."""
    if state.decision == tf.Decision.WISH:
        return "wish (which rank)"
    if state.decision == tf.Decision.DRAGON_GIFT:
        return "Dragon gift (which opponent)"
    if "tichu" in (taken, best):
        return "Tichu call (or not)"
    if state.decision == tf.Decision.BOMB or is_bomb(taken) or is_bomb(best):
        return "bomb (use or not, which)"
    if state.table is None:
        return "lead (which combination)"
    if taken == "pass":
        return "passed where playing was better"
    if best == "pass":
        return "played where passing was better"
    return "answer (which combination)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--cards", type=int, default=16)
    parser.add_argument("--budget", type=int, default=300_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    lost: Counter[str] = Counter()
    count: Counter[str] = Counter()
    lost_by_category: Counter[str] = Counter()
    count_by_category: Counter[str] = Counter()
    total = decisions = 0.0
    by_team = [0.0, 0.0]
    for h in range(args.hands):
        state = tf.HandState.new(tf.hand_seed(args.seed, h))
        before: list[tf.HandState] = []  # the state before each action of the replay
        while not state.is_terminal():
            before.append(state.clone())
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
                group = category(before[d.action_index], d.taken, d.best)
                lost_by_category[group] += d.loss
                count_by_category[group] += 1
    per_hand = total / args.hands
    print(f"{args.hands} hands, {decisions:.0f} decisions analysed, {total:.0f} points lost ({per_hand:.1f} per hand)")
    print(f"lost by team 0: {by_team[0]:.0f}, team 1: {by_team[1]:.0f}")
    print("| kind of decision | mistakes | points lost | per hand |")
    print("|---|---|---|---|")
    for key, points in lost_by_category.most_common():
        print(f"| {key} | {count_by_category[key]} | {points:.0f} | {points / args.hands:.2f} |")
    print()
    print("| mistake | times | points lost | per hand |")
    print("|---|---|---|---|")
    for key, points in lost.most_common(12):
        print(f"| {key} | {count[key]} | {points:.0f} | {points / args.hands:.2f} |")


if __name__ == "__main__":
    main()
