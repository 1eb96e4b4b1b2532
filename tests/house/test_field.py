"""The field's members stay frozen: fixed seeds give the outputs recorded when each member was named.

A member's play is part of every strength claim quoted against it (docs/field.md), so it
never changes: a change of the heuristic, the search or the calls that moves one of these hashes
keeps the member's old behaviour in a file of its own (as heuristic_v1.cpp keeps heuristic-v1), or
names a new member, and records nothing new here.
"""

from __future__ import annotations

import hashlib

import pytest

import tichu_fast as tf
from tichu_fast.bots import FIELD, make_bot

# heuristic-v2 was the shipped heuristic when it was named (2026-12-05): the same records as
# test_behaviour_hashes.py's ("heuristic", calls) on that day.
SIMULATE_V2 = {True: "8c405cc8146c4b48", False: "54d6fd916af44f97"}

# Each member's actions at decisions of two hands played by heuristic-v2: the calls, seat 0's exchange
# in the first hand, and every decision once at most 24 cards are left in the hands (a few seconds of
# the 100 ms member, whose exchange and early bomb offers, with the most cards, are its dearest).
DECISIONS = {
    "heuristic-v1": "4bbeb058c32a61d5",
    "heuristic-v2": "8ef37f997f4fdac9",
    "mc-1ms": "c1893b3216d59e18",
    "mc-10ms": "c5cc77282cea14e9",
    "ismcts-1ms": "a2361b2e5301523e",
    "ismcts-10ms": "085732f0f6a6190e",
    "ismcts-100ms": "4f7e2ed2079d1b4b",
}


def digest(*parts: object) -> str:
    """The first 16 hex digits of the SHA-256 of the parts' repr."""
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:16]


@pytest.mark.parametrize("calls", [True, False])
def test_heuristic_v2_simulates_as_recorded(calls):
    records = tf.simulate(400, seed=2026, policy="heuristic-v2", calls=calls, threads=2)
    assert hashlib.sha256(records.tobytes()).hexdigest()[:16] == SIMULATE_V2[calls]


def member_actions(name: str) -> list[str]:
    """The member's actions at the sampled decisions (see DECISIONS)."""
    bot = make_bot(name)
    chosen = []
    for hand in (41, 42):
        state = tf.HandState.new(hand)
        bot.reset(hand)
        k = 0
        while not state.is_terminal():
            calls = state.decision in (tf.Decision.GRAND_TICHU, tf.Decision.TICHU)
            exchange = state.decision == tf.Decision.EXCHANGE and state.current_player == 0 and hand == 41
            if calls or exchange or sum(map(len, state.hands)) <= 24:
                chosen.append(str(bot.act(state, state.current_player)))
            state.apply(tf.policy_action(state, "heuristic-v2", k, calls=True))
            k += 1
    return chosen


@pytest.mark.parametrize("name", list(FIELD))
def test_every_member_plays_as_recorded(name):
    assert digest(member_actions(name)) == DECISIONS[name]
