"""R10.1: `num_legal_actions()` and `apply_index(i)` count and build the actions without listing
them where their order has a closed form (the exchange, a lead no wish filters); they must agree
with `legal_actions()` everywhere, on both backends."""

from __future__ import annotations

import random

import pytest

import tichu_fast as tf


def test_index_i_applies_the_i_th_legal_action(game_backend):
    # R10.1: every decision of random hands, the exchange and the leads included
    rng = random.Random(20261201)
    seen = set()
    for seed in range(25 if game_backend is tf else 4):
        state = game_backend.HandState.new(seed)
        while not state.is_terminal():
            actions = state.legal_actions()
            assert state.num_legal_actions() == len(actions)
            index = rng.randrange(len(actions))
            if state.decision == tf.Decision.PLAY and state.table is None:
                index = rng.choice([index, len(actions) - 1])  # the Tichu call, when offered, is the last
            seen.add(state.decision)
            expected = state.clone()
            expected.apply(actions[index])
            state.apply_index(index)
            assert state == expected
    assert {tf.Decision.GRAND_TICHU, tf.Decision.TICHU, tf.Decision.EXCHANGE, tf.Decision.PLAY} <= seen


@pytest.mark.parametrize("index", [-1, 2184])
def test_an_index_outside_the_exchange_is_an_index_error(game_backend, index):
    # R2.2: 14 cards give 14 * 13 * 12 = 2184 pushes, indices 0..2183
    state = game_backend.HandState.new(3)
    while state.decision != tf.Decision.EXCHANGE:
        state.apply_index(0)
    assert state.num_legal_actions() == 2184
    before = state.clone()
    with pytest.raises(IndexError):
        state.apply_index(index)
    assert state == before
