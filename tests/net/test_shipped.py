"""The network that ships in the package: its file, its manifest, and the moves it plays (pinned)."""

from __future__ import annotations

import hashlib

import numpy as np

import tichu_fast as tf
from tichu_fast.bots import make_bot
from tichu_fast.net import network, registry


def test_the_shipped_file_is_whole_and_says_how_it_was_made() -> None:
    shipped = registry.shipped()  # network.load: names, shapes, dtypes, hash and versions checked
    facts = shipped.manifest
    assert facts["command"].startswith("python -m tichu_fast.net.train ")
    assert facts["format"] == network.FORMAT
    assert facts["observation_tensor_version"] == tf.OBSERVATION_TENSOR_VERSION
    assert facts["positions"] > 0
    assert tuple(facts["hidden"]) == shipped.hidden


def test_the_core_plays_the_shipped_network_as_numpy_computes_it() -> None:
    shipped = registry.shipped()
    state = tf.HandState.new(77)
    checked = 0
    while not state.is_terminal():
        if state.decision in (tf.Decision.PLAY, tf.Decision.BOMB):
            records = state.legal_moves_array()
            value, logits = registry.evaluate(state, records)
            expected = shipped.evaluate(state.observation_tensor(state.current_player), tf.move_features(records))
            np.testing.assert_allclose(value, expected[0], rtol=1e-4, atol=1e-5)
            np.testing.assert_allclose(logits, expected[1], rtol=1e-4, atol=1e-5)
            checked += 1
        state.apply(tf.policy_action(state, "net", 0))
    assert checked > 20


# The moves of `net` in 12 hands against heuristic-v1, recorded when net-v4 shipped (2026-12-07): a new
# network file, or a change of the forward pass that moves a logit past another, changes them; then
# record them anew with the network's manifest in the CHANGELOG. Its calls and exchange are the shipped
# heuristic's (its calls table of 2026-12-06).
NET_ACTIONS = "7a72f52a02bf82b6"


def net_actions(hands: int = 12) -> str:
    digest = hashlib.sha256()
    bots = [make_bot("net"), make_bot("heuristic-v1")]
    for k in range(hands):
        state = tf.HandState.new(tf.hand_seed(31, k))
        while not state.is_terminal():
            action = bots[state.current_player % 2].act(state, state.current_player)
            digest.update(str(action).encode())
            state.apply(action)
    return digest.hexdigest()[:16]


def test_the_shipped_networks_moves_are_pinned() -> None:
    assert net_actions() == NET_ACTIONS


# The shipped network's values and logits to the bit at every PLAY and BOMB decision of 4 heuristic-v1
# hands, recorded for net-v4 (2026-12-07; net-v2's were recorded on SSE2 and held on AVX2): the core sums
# on AVX2 where the CPU has it and on SSE2 elsewhere (net.cpp), each output in the same order and without
# fused multiply-adds (-ffp-contract=off), so every machine and build must give these same floats, and a
# seed's games with them. A change of the forward pass that reorders a sum changes them; record them anew then.
NET_OUTPUT_BITS = "8f2c4e0fbfb12fde"


def net_output_bits(hands: int = 4) -> tuple[str, int]:
    registry.shipped()
    digest = hashlib.sha256()
    checked = 0
    for k in range(hands):
        state = tf.HandState.new(tf.hand_seed(37, k))
        while not state.is_terminal():
            if state.decision in (tf.Decision.PLAY, tf.Decision.BOMB):
                value, logits = registry.evaluate(state, state.legal_moves_array())
                digest.update(value.tobytes() + logits.tobytes())
                checked += 1
            state.apply(tf.policy_action(state, "heuristic-v1", k))
    return digest.hexdigest()[:16], checked


def test_the_shipped_networks_outputs_are_the_same_floats_on_every_cpu() -> None:
    bits, checked = net_output_bits()
    assert checked > 100
    assert bits == NET_OUTPUT_BITS


def test_every_shipped_network_plays_by_its_own_name() -> None:
    assert registry.SHIPPED.stem in registry.SHIPPED_NAMES  # "net" is one of them
    total = 0
    for name in registry.SHIPPED_NAMES:
        file = registry.shipped_file(name)
        assert file is not None
        assert file.stem == name
        total += file.stat().st_size
        state = tf.HandState.new(5)
        while state.decision not in (tf.Decision.PLAY, tf.Decision.BOMB):
            state.apply(tf.policy_action(state, "heuristic", 0))
        records = state.legal_moves_array()
        value, logits = registry.evaluate(state, records, name)  # read from the package at its first use
        expected = network.load(file).evaluate(
            state.observation_tensor(state.current_player), tf.move_features(records)
        )
        np.testing.assert_allclose(value, expected[0], rtol=1e-4, atol=1e-5)
        np.testing.assert_allclose(logits, expected[1], rtol=1e-4, atol=1e-5)
    assert total < 5_000_000  # the wheel grows by less than 5 MB with all of them
    # the current one by either name: the same weights
    assert registry.loaded()[registry.SHIPPED.stem].manifest["sha256"] == registry.shipped().manifest["sha256"]
    assert registry.shipped_file("net-v1") is None  # no longer shipped: a name like any other
