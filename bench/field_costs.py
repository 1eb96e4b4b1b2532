"""What each member of the field costs: its mean CPU time a decision, mid-hand and over whole hands.

    python bench/field_costs.py [--hands 10] [--seed 0] [--members mc-1ms,best,ismcts:iterations=50,...]

Hands are played by heuristic-v2; the member is asked at every decision of every seat (the calls, the
exchange, the plays, the bomb offers) and its answer timed in CPU time of this thread (the members run
on one thread), so a busy machine inflates the figures little. Two means: over the mid-hand plays (a
play with a choice, 20 to 40 cards left in the hands), and over every decision of the hands, which the
exchange and the first plays, with the most cards, make dearer (docs/field.md gives both for the field
and `best`).
"""

from __future__ import annotations

import argparse
import time

import tichu_fast as tf
from tichu_fast.bots import FIELD, make_bot
from tichu_fast.cli import _split_specs


def cost(member: str, hands: int, seed: int) -> tuple[float, int, float, int]:
    """(mean CPU seconds a mid-hand play, such plays timed, mean CPU seconds a decision, decisions timed)."""
    bot = make_bot(member)
    spent, decisions, mid_spent, mid = 0.0, 0, 0.0, 0
    for h in range(hands):
        deal = tf.hand_seed(seed, h)
        state = tf.HandState.new(deal)
        bot.reset(deal)
        k = 0
        while not state.is_terminal():
            start = time.thread_time()
            bot.act(state, state.current_player)
            took = time.thread_time() - start
            spent += took
            decisions += 1
            choice = state.decision == tf.Decision.PLAY and state.num_legal_actions() > 1
            if choice and 20 <= sum(map(len, state.hands)) <= 40:
                mid_spent += took
                mid += 1
            state.apply(tf.policy_action(state, "heuristic-v2", tf.hand_seed(deal, k), calls=True))
            k += 1
    return mid_spent / max(1, mid), mid, spent / decisions, decisions


def main() -> None:
    """Prints each member's ms a mid-hand play and a decision, with the numbers timed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10, help="hands (default 10)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the hands (default 0)")
    parser.add_argument(
        "--members", default=",".join(FIELD), help="comma-separated members or any SPECs (default: the field)"
    )
    args = parser.parse_args()
    for member in _split_specs(args.members):  # a SPEC's options hold commas too
        mid_hand, plays, each, decisions = cost(member, args.hands, args.seed)
        print(
            f"{member:14s} {mid_hand * 1e3:9.3f} ms a mid-hand play ({plays}), "
            f"{each * 1e3:9.3f} ms a decision ({decisions})",
            flush=True,
        )


if __name__ == "__main__":
    main()
