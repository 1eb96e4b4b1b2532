"""The C++ forward pass against the numpy one, the registry of networks, and policy "net:NAME" in the core."""

from __future__ import annotations

import numpy as np
import pytest

import tichu_fast as tf
from tichu_fast.net import network, registry
from tichu_fast.search import policy_action


def random_network(seed: int, h1: int = 24, h: int = 16, scale: float = 0.3) -> network.Network:
    """Weights drawn at random: every layer does something, relu cuts some units."""
    rng = np.random.default_rng(seed)
    weights = {
        name: (rng.standard_normal(shape) * scale).astype(np.float32) for name, shape in network.shapes(h1, h).items()
    }
    return network.Network.of(weights)


def decisions(hands: int, seed: int):
    """Every PLAY and BOMB decision of `hands` heuristic hands: (state, seat deciding)."""
    for k in range(hands):
        state = tf.HandState.new(tf.hand_seed(seed, k))
        while not state.is_terminal():
            if state.decision in (tf.Decision.PLAY, tf.Decision.BOMB):
                yield state.clone()
            state.apply(policy_action(state, "heuristic", k))


@pytest.fixture(scope="module")
def registered() -> network.Network:
    found = random_network(7)
    registry.register(found, "test-random")
    return found


def test_forward_pass_equals_numpy(registered: network.Network) -> None:
    """The C++ value and logits are the numpy formulas' within float32 rounding, at ~1,000 real decisions."""
    checked = 0
    for state in decisions(12, seed=3):
        seat = state.current_player
        records = state.legal_moves_array()
        value, logits = registry.evaluate(state, records, "test-random")
        expected_value, expected_logits = registered.evaluate(state.observation_tensor(seat), tf.move_features(records))
        np.testing.assert_allclose(value, expected_value, rtol=1e-4, atol=1e-5)
        np.testing.assert_allclose(logits, expected_logits, rtol=1e-4, atol=1e-5)
        checked += 1
    assert checked > 500


def test_another_seat_sees_only_its_view(registered: network.Network) -> None:
    """R10.3: the network of a seat that is not deciding reads that seat's observation tensor, the hidden offer too."""
    for state in decisions(3, seed=11):
        for seat in range(4):
            value, _ = registry.evaluate(state, state.legal_moves_array()[:0], "test-random", seat=seat)
            expected, _ = registered.evaluate(
                state.observation_tensor(seat), np.zeros((0, tf.MOVE_FEATURES), np.float32)
            )
            np.testing.assert_allclose(value, expected, rtol=1e-4, atol=1e-5)


@pytest.mark.usefixtures("registered")
def test_net_policy_plays_the_highest_logit() -> None:
    """Policy net:NAME takes a legal move of highest logit at a play or bomb decision."""
    for state in decisions(4, seed=5):
        records = state.legal_moves_array()
        _, logits = registry.evaluate(state, records, "test-random")
        chosen = policy_action(state, "net:test-random", 0, calls=False)
        moves = state.legal_actions()[: len(records)]  # the moves in the records' order, the Tichu call after them
        assert logits[moves.index(chosen)] == logits.max()


@pytest.mark.usefixtures("registered")
def test_net_playouts_are_legal_and_thread_independent() -> None:
    """Whole hands played by the network in C++ end; a seed gives the same results on 1, 2 and 3 threads."""
    state = tf.HandState.new(42)
    one = tf.search.playouts(state, 40, seed=9, policy="net:test-random", threads=1)
    for threads in (2, 3):
        more = tf.search.playouts(state, 40, seed=9, policy="net:test-random", threads=threads)
        assert np.array_equal(np.asarray(one), np.asarray(more))


def test_registry_refuses_bad_names_and_unknown_networks(registered: network.Network) -> None:
    for name in ("", "a,b", "x=1", "a:b", 3):
        with pytest.raises((ValueError, TypeError)):
            registry.register(registered, name)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        registry.register({"W1": 1}, "dict")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no network named 'nothing-here'"):
        tf.search.playouts(tf.HandState.new(1), 1, seed=0, policy="net:nothing-here")
    state = next(decisions(1, seed=1))
    with pytest.raises(TypeError):
        registry.evaluate(state, [1, 2], "test-random")  # type: ignore[arg-type]
    with pytest.raises(IndexError):
        registry.evaluate(state, state.legal_moves_array(), "test-random", seat=4)
