"""Speed of the learning encodings (docs/rl.md) from Python: the legal-action
mask into a caller's buffer (target: at most 1 µs a state), the legal ids,
apply_id, the observation tensor, and the move features, by kind of
decision, with the pure-Python reference for contrast.

    python bench/compare_rl.py [--hands 300]

All figures come from one run on one machine; compare them as ratios.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

import numpy as np

import tichu_fast as tf
from compare import format_time as fmt
from compare import per_call
from tichu_fast import reference as ref


def states_by_kind(hands: int, seed: int = 3) -> dict[str, list[tf.HandState]]:
    """The states of `hands` random hands, grouped as leads, answers, bomb offers, the exchange, the rest."""
    rng = random.Random(seed)
    groups: dict[str, list[tf.HandState]] = {"lead": [], "answer": [], "bomb offer": [], "exchange": [], "other": []}
    for _ in range(hands):
        state = tf.HandState.new(rng.getrandbits(64))
        while not state.is_terminal():
            d = state.decision
            if d == tf.Decision.PLAY:
                kind = "lead" if state.table is None else "answer"
            else:
                kind = {tf.Decision.BOMB: "bomb offer", tf.Decision.EXCHANGE: "exchange"}.get(d, "other")
            groups[kind].append(state.clone())
            state.apply_index(rng.randrange(state.num_legal_actions()))
    return groups


def main() -> None:
    """Prints one table of times per call."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    args = parser.parse_args()
    groups = states_by_kind(args.hands)
    mask = np.empty(tf.NUM_ACTION_IDS, dtype=bool)
    tensor = np.empty(tf.OBSERVATION_TENSOR_SIZE, dtype=np.float32)
    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}, {args.hands} hands")
    print("| states | n | legal_action_mask(out) | legal_action_ids() | observation_tensor(p, out) | reference mask |")
    print("|---|---:|---:|---:|---:|---:|")
    for kind, states in groups.items():
        mask_time = per_call(lambda s: s.legal_action_mask(mask), states)
        ids_time = per_call(lambda s: s.legal_action_ids(), states)
        tensor_time = per_call(lambda s: s.observation_tensor(max(s.current_player, 0), tensor), states)
        twins = [ref.HandState.from_replay(s.replay()) for s in states[:: max(1, len(states) // 40)]]
        ref_time = per_call(lambda s: s.legal_action_mask(), twins, min_seconds=0.1)
        print(f"| {kind} | {len(states)} | {fmt(mask_time)} | {fmt(ids_time)} | {fmt(tensor_time)} | {fmt(ref_time)} |")
    plays = groups["lead"] + groups["answer"]
    apply_time = per_call(lambda s: s.clone().apply_id(int(s.legal_action_ids()[-1])), plays)
    clone_time = per_call(lambda s: s.clone(), plays)
    records = [s.legal_moves_array() for s in groups["lead"]]
    feature_time = per_call(tf.move_features, records)
    moves = sum(len(r) for r in records) / len(records)
    print(f"apply_id (clone, ids, apply) on PLAY states: {fmt(apply_time)} (clone alone {fmt(clone_time)})")
    print(f"move_features of a lead's legal moves ({moves:.1f} moves on average): {fmt(feature_time)}")
    vec_steps(1024)


def vec_steps(n: int, rounds: int = 60) -> None:
    """VecHands.step on n hands with opponents at seats 1 and 3: agent steps per CPU second, by way of picking."""
    rng = np.random.default_rng(0)

    def run(pick: str, dense_mask: bool = True) -> float:
        vec = tf.VecHands(n, 1, opponents={1: "random", 3: "random"}, dense_mask=dense_mask)
        for _ in range(10):  # warm up: past the first exchange
            vec.step(vec.random_legal_ids(rng))
        start = time.process_time()
        for _ in range(rounds):
            if pick == "dense":
                ids = (rng.random((n, tf.NUM_ACTION_IDS)) * vec.mask).argmax(axis=1)
            elif pick == "argmax":
                ids = np.argmax(vec.mask, axis=1)  # the first legal id: always legal, cheap
            else:
                ids = vec.random_legal_ids(rng)
            vec.step(ids)
        return rounds * n / (time.process_time() - start)

    print(f"VecHands.step, {n} hands, 2 random opponents, observation tensors written; agent steps per CPU second:")
    print(f"  uniform legal id from legal_ids (random_legal_ids), dense mask too: {run('compact'):,.0f}")
    print(f"  the same without the dense mask (dense_mask=False): {run('compact', False):,.0f}")
    print(f"  uniform legal id drawn by numpy over the dense mask: {run('dense'):,.0f}")
    print(f"  first legal id, np.argmax(mask): {run('argmax'):,.0f}")


if __name__ == "__main__":
    main()
