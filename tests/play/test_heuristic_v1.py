"""The fixed yardstick `heuristic-v1` (docs/bots.md "Strength", cpp/src/play/heuristic_v1.cpp).

The hashes below were recorded from the `heuristic` policy of 2026-12-01 (commit 30879fe), before the
heuristic was improved: heuristic-v1 must decide exactly as it did, everywhere a policy is named
(policy_action, simulate, playouts, evaluate_actions, ismcts, the arena's bots and VecHands' opponents).
"""

from __future__ import annotations

import hashlib
import random

import numpy as np
import pytest

import tichu_fast as tf
from tichu_fast import reference as ref
from tichu_fast.arena import duplicate
from tichu_fast.bots import HeuristicV1Bot, make_bot
from tichu_fast.ismcts import ismcts
from tichu_fast.vec import VecHands

from ..game_helpers import walked

# What `heuristic` decided on 2026-12-01, by the functions below.
RECORDED = {
    "simulate_calls": "73b12e374f7180ec",
    "simulate_nocalls": "4b5fe9d63f929bcf",
    "actions": "e2c0d7a1bc2c06c6",
    "playouts": "c4fdaa5f0499834c",
    "evaluate": "222285697c50e0d6",
    "ismcts": "8e5f5ce514b03693",
    "arena_vs_random": "d1d8b42dcd0b8283",
    "arena_self": "0e42724eeeb5a224",
    "vec": "61943d6b178eb077",
}
V1 = "heuristic-v1"


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def outputs(name: str) -> str:
    if name == "simulate_calls":
        return digest(tf.simulate(3000, seed=7, policy=V1, calls=True).tobytes())
    if name == "simulate_nocalls":
        return digest(tf.simulate(1000, seed=8, policy=V1, calls=False).tobytes())
    if name == "actions":  # every kind of decision, met on random walks
        rng, acts = random.Random(17), []
        for i in range(4000):
            s = walked(rng, 0, 120)
            if not s.is_terminal():
                acts += [str(tf.policy_action(s, V1, i, calls=True)), str(tf.policy_action(s, V1, i, calls=False))]
        return digest("|".join(acts).encode())
    if name == "playouts":
        rng, parts = random.Random(18), []
        for i in range(200):
            s = walked(rng, 0, 60)
            if not s.is_terminal():
                parts.append(s.playouts(8, i, policy=V1, calls=True).tobytes())
                parts.append(s.playouts(4, i, policy=V1, calls=False, resample_for=s.current_player).tobytes())
        return digest(b"".join(parts))
    if name == "evaluate":
        rng, parts = random.Random(19), []
        for i in range(40):
            s = walked(rng, 20, 60)
            if s.is_terminal() or s.num_legal_actions() > 40:
                continue
            worlds = [s.resample(s.current_player, i * 100 + w) for w in range(4)]
            parts.append(s.evaluate_actions(s.current_player, worlds, policy=V1, calls=False, seed=i).tobytes())
        return digest(b"".join(parts))
    if name == "ismcts":
        rng, found = random.Random(20), []
        for i in range(15):
            s = walked(rng, 20, 60)
            if not s.is_terminal():
                r = ismcts(s, iterations=300, seed=i, policy=V1)
                found.append(str(r.action) + repr(np.asarray(r.visits).tolist()))
        return digest("|".join(found).encode())
    if name == "arena_vs_random":
        r = duplicate(make_bot(V1), make_bot("random"), deals=300, seed=3)
        return digest(repr(r.deal_margins).encode())
    if name == "arena_self":
        r = duplicate(make_bot(V1), make_bot(V1 + ":calls=0"), deals=300, seed=4)
        return digest(repr(r.deal_margins).encode())
    assert name == "vec"
    v = VecHands(64, seed=5, opponents={1: V1, 2: V1, 3: V1})
    v.reset()
    rewards = []
    for _ in range(200):
        ids, offsets = v.legal_ids, v.legal_offsets
        v.step(np.array([ids[offsets[k]] for k in range(64)]))
        rewards.append(np.asarray(v.rewards).tobytes())
    return digest(b"".join(rewards))


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_heuristic_v1_decides_as_the_recorded_heuristic(name: str) -> None:
    assert outputs(name) == RECORDED[name]


def test_heuristic_v1_is_named_everywhere() -> None:
    assert V1 in tf.POLICIES
    bot = make_bot("heuristic-v1:calls=0,seed=3")
    assert type(bot) is HeuristicV1Bot
    assert (bot.calls, bot.seed) == (False, 3)
    assert duplicate(HeuristicV1Bot(), HeuristicV1Bot(), deals=5, seed=1).native


def test_heuristic_v1_is_cpp_only() -> None:
    with pytest.raises(ValueError, match="heuristic-v1 policy is C\\+\\+ only"):
        ref.HandState.new(1).playout(0, policy=V1)
