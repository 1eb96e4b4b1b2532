"""What each member of the field costs: its mean CPU time a decision, over every decision of whole hands.

    python bench/field_costs.py [--hands 10] [--seed 0] [--members mc-1ms,ismcts-1ms,...]

Hands are played by heuristic-v2; the member is asked at every decision of every seat (the calls, the
exchange, the plays, the bomb offers) and its answer timed in CPU time of this thread (the members run
on one thread), so a busy machine inflates the figures little. The members' budgets are fixed in
iterations or worlds, chosen so that this is about 1 ms, 10 ms or 100 ms (docs/bots.md "The field").
"""

from __future__ import annotations

import argparse
import time

import tichu_fast as tf
from tichu_fast.bots import FIELD, make_bot


def cost(member: str, hands: int, seed: int) -> tuple[float, int]:
    """(mean CPU seconds a decision, decisions timed)."""
    bot = make_bot(member)
    spent, decisions = 0.0, 0
    for h in range(hands):
        deal = tf.hand_seed(seed, h)
        state = tf.HandState.new(deal)
        bot.reset(deal)
        k = 0
        while not state.is_terminal():
            start = time.thread_time()
            bot.act(state, state.current_player)
            spent += time.thread_time() - start
            decisions += 1
            state.apply(tf.policy_action(state, "heuristic-v2", tf.hand_seed(deal, k), calls=True))
            k += 1
    return spent / decisions, decisions


def main() -> None:
    """Prints each member's ms a decision and the number of decisions timed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10, help="hands (default 10)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the hands (default 0)")
    parser.add_argument("--members", default=",".join(FIELD), help="comma-separated field members (default all)")
    args = parser.parse_args()
    for member in args.members.split(","):
        each, decisions = cost(member, args.hands, args.seed)
        print(f"{member:14s} {each * 1e3:10.4f} ms a decision ({decisions} decisions)", flush=True)


if __name__ == "__main__":
    main()
