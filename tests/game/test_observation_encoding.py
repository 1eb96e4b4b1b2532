"""Observation.to_array: the backend whose cards the observation holds encodes its fields,
and the result is that backend's own observation_array (R10.3, docs/game.md "Observation");
a reference observation encodes alike without the compiled core (tests/house/test_import_graph.py)."""

from __future__ import annotations

import random

import numpy as np
import pytest

import tichu_fast as tf
from tichu_fast.formats import OBSERVATION_SIZE

from ..game_helpers import on, walked


def test_to_array_is_the_backends_observation_array(backend):
    # R10.3: the flat form of what a seat may know, from every phase of random hands
    rng = random.Random(17)
    for _ in range(150 if backend is tf else 40):
        state = on(backend, walked(rng, 0, 120))
        for player in range(4):
            observation = state.observation(player)
            expected = state.observation_array(player)
            assert np.array_equal(observation.to_array(), expected)
            out = np.full(OBSERVATION_SIZE, 7.0, dtype=np.float32)
            assert observation.to_array(out) is out
            assert np.array_equal(out, expected)


def test_a_position_within_a_trick_encodes_alike():
    # R10.3: a position (no exchange, a wish and a table) on both backends
    hands = ["5j 9s Kt", "3p 2s Qs", "", "7j 8t"]
    fast = tf.HandState.from_position(hands, 3, out_order=[2], wish=7, table="5s", table_player=1)
    slow = tf.reference.HandState.from_position(hands, 3, out_order=[2], wish=7, table="5s", table_player=1)
    for player in range(4):
        assert np.array_equal(slow.observation(player).to_array(), fast.observation_array(player))


@pytest.mark.parametrize(
    ("out", "error"),
    [
        (np.zeros(OBSERVATION_SIZE, dtype=np.float64), TypeError),
        (np.zeros(OBSERVATION_SIZE + 1, dtype=np.float32), ValueError),
        (np.zeros((5, OBSERVATION_SIZE), dtype=np.float32)[:, 0], ValueError),
        ([0.0] * OBSERVATION_SIZE, TypeError),
    ],
)
def test_to_array_refuses_a_bad_out(out, error):
    with pytest.raises(error):
        tf.HandState.new(1).observation(0).to_array(out)
