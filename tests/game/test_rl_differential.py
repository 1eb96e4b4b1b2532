"""The C++ encodings against the reference's, on thousands of random states (docs/rl.md).

Hypothesis draws a deal and a random path through the hand; at every state
both backends must give the same legal-action mask, the same canonical action
for every legal id, and bit-identical observation tensors for every seat.
"""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import tichu_fast as cpp
from tichu_fast import reference as ref

from ..game_helpers import random_action

HANDS = 60  # about 5,000 states, each compared for four seats


def compare(a: cpp.HandState, b: ref.HandState, history: int) -> None:
    mask = a.legal_action_mask()
    assert np.array_equal(mask, b.legal_action_mask())
    # the compact ids (legal_ids, VecHands' own path, not the mask's) are the reference mask's
    assert a.legal_action_ids().tolist() == np.flatnonzero(b.legal_action_mask()).tolist()
    if a.decision != cpp.Decision.EXCHANGE:  # the exchange's ids are its positions: checked in test_rl_ids
        for i in a.legal_action_ids():
            assert str(cpp.action_from_id(i, a)) == str(ref.action_from_id(i, b)), i
    for player in range(4):
        x = a.observation_tensor(player, history=history)
        y = b.observation_tensor(player, history=history)
        assert x.dtype == y.dtype == np.float32
        assert x.tobytes() == y.tobytes(), (player, np.flatnonzero(x != y))


@settings(max_examples=HANDS)
@given(st.integers(0, 2**64 - 1), st.integers(0, 2**32), st.integers(0, 12), st.booleans())
def test_masks_and_tensors_agree(seed, path, history, bombs_out_of_turn):
    # R2 to R10: every decision kind on the way; R10.3: the tensor shows what the seat may know.
    rng = random.Random(path)
    a = cpp.HandState.new(seed, cpp.Rules(bombs_out_of_turn=bombs_out_of_turn))
    b = ref.HandState.new(seed, ref.Rules(bombs_out_of_turn=bombs_out_of_turn))
    while True:
        compare(a, b, history)
        if b.is_terminal():
            break
        text = random_action(b, rng)
        a.apply(text)
        b.apply(text)
    assert a.is_terminal()


@settings(max_examples=300)
@given(st.integers(0, 2**64 - 1), st.integers(0, 2**32))
def test_move_features_agree(seed, path):
    # The features of every legal move of a random state are the same floats on both backends.
    rng = random.Random(path)
    state = cpp.HandState.new(seed)
    for _ in range(rng.randrange(20, 60)):
        if state.is_terminal():
            break
        state.apply(random_action(state, rng))
    if state.decision in (cpp.Decision.PLAY, cpp.Decision.BOMB):
        records = state.legal_moves_array()
        assert cpp.move_features(records).tobytes() == ref.move_features(records).tobytes()
