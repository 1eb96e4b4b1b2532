"""Measures what the abstract action ids give up (docs/rl.md "The trade-off").

A play's id leaves out the suits, so two legal moves that differ only in
suits share one id and only the first (the canonical rule) is reachable.
This plays random hands and, at every PLAY and BOMB decision, counts the
legal moves, the distinct ids among them, and whether any id is shared.

    python scripts/experiments/action_id_tradeoff.py [--hands 2000] [--seed 0]
"""

from __future__ import annotations

import argparse
import random

import tichu_fast as tf


def random_states(hands: int, seed: int):
    """Every PLAY and BOMB decision of `hands` hands of uniformly random actions."""
    rng = random.Random(seed)
    for _ in range(hands):
        state = tf.HandState.new(rng.getrandbits(64))
        while not state.is_terminal():
            if state.decision in (tf.Decision.PLAY, tf.Decision.BOMB):
                yield state
            state.apply_index(rng.randrange(state.num_legal_actions()))


def main() -> None:
    """Prints the collision rate and the reachable fraction, for leads and answers."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rows = {"lead": [0, 0, 0, 0], "answer": [0, 0, 0, 0]}  # situations, with a shared id, moves, distinct ids
    for state in random_states(args.hands, args.seed):
        moves = state.legal_moves_array()
        ids = {tf.action_id(a, state) for a in state.legal_actions() if a.kind == tf.ActionKind.PLAY}
        row = rows["lead" if state.table is None else "answer"]
        row[0] += 1
        row[1] += len(ids) < len(moves)
        row[2] += len(moves)
        row[3] += len(ids)
    print(f"{args.hands} random hands, NUM_ACTION_IDS = {tf.NUM_ACTION_IDS}")
    for name, (situations, shared, moves, distinct) in rows.items():
        print(
            f"{name:>6}: {situations} situations, {shared / situations:.1%} with two legal moves on one id; "
            f"{moves / situations:.1f} legal moves and {distinct / situations:.1f} ids on average; "
            f"{distinct / moves:.1%} of the legal moves reachable by id"
        )
    total = [sum(r[i] for r in rows.values()) for i in range(4)]
    print(f"   all: {total[1] / total[0]:.1%} with a shared id; {total[3] / total[2]:.1%} of legal moves reachable")


if __name__ == "__main__":
    main()
