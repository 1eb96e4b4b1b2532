"""The network inside ISMCTS: PUCT priors (net_prior) and values at the leaves (value_weight)."""

from __future__ import annotations

import numpy as np
import pytest

import tichu_fast as tf
from tichu_fast.bots import ISMCTSBot, make_bot
from tichu_fast.bots.ismcts import ismcts
from tichu_fast.net import network, registry
from tichu_fast.search import policy_action

PASS_COLUMN = 56  # move_features: the type one-hot starts with the pass (docs/rl.md "Move features")


def constant_network(value: float = 0.0, pass_logit: float = 0.0) -> network.Network:
    """A network whose value is `value` for every seat and state, and whose logits are `pass_logit` for the
    pass and 0 for every other move."""
    weights = {name: np.zeros(shape, np.float32) for name, shape in network.shapes(4, 4).items()}
    weights["bv"][0] = value
    weights["Wm"][0, PASS_COLUMN] = pass_logit
    weights["wo"][0] = 1.0
    return network.Network.of(weights)


def answer_with_choices() -> tf.HandState:
    """A PLAY decision early in a heuristic hand where the player may pass or beat the table in several ways."""
    for k in range(200):
        state = tf.HandState.new(tf.hand_seed(17, k))
        while not state.is_terminal():
            if state.decision == tf.Decision.PLAY and state.table is not None and len(state.legal_moves_array()) >= 4:
                return state
            state.apply(policy_action(state, "heuristic", 0))
    raise AssertionError("no such decision in 200 hands")


def test_priors_steer_the_search() -> None:
    """With a network that puts all its probability on the pass, PUCT gives the pass nearly every visit."""
    registry.register(constant_network(pass_logit=30.0), "test-pass")
    state = answer_with_choices()
    found = ismcts(
        state, iterations=400, policy="heuristic-v1", seed=3, exploration=0.0, net="test-pass", net_prior=50.0
    )
    passes = [
        i for i, a in enumerate(found.actions) if a.kind == tf.ActionKind.PLAY and a.move.type == tf.MoveType.PASS
    ]
    assert len(passes) == 1
    assert found.visits[passes[0]] >= 0.9 * found.visits.sum()
    plain = ismcts(state, iterations=400, policy="heuristic-v1", seed=3, exploration=0.0)
    assert plain.visits[passes[0]] < 0.9 * plain.visits.sum()


def test_value_weight_one_plays_nothing_out() -> None:
    """value_weight=1: every leaf before the hand's end is worth the network's value, here an even split of 100."""
    registry.register(constant_network(value=0.0), "test-even")
    state = answer_with_choices()
    found = ismcts(state, iterations=200, policy="heuristic-v1", seed=5, net="test-even", value_weight=1.0)
    assert np.all(found.values[found.visits > 0] == 50.0)
    mixed = ismcts(state, iterations=200, policy="heuristic-v1", seed=5, net="test-even", value_weight=0.5)
    assert not np.all(mixed.values[mixed.visits > 0] == 50.0)  # the playouts' half moves them


def test_a_search_with_a_network_is_reproducible() -> None:
    registry.register(constant_network(value=0.1, pass_logit=1.0), "test-small")
    state = answer_with_choices()
    runs = [
        ismcts(state, iterations=300, policy="heuristic-v1", seed=9, net="test-small", net_prior=1.0, value_weight=0.3)
        for _ in range(2)
    ]
    assert np.array_equal(runs[0].visits, runs[1].visits)
    assert np.array_equal(runs[0].values, runs[1].values, equal_nan=True)


def test_bad_network_options_raise() -> None:
    registry.register(constant_network(value=0.0), "test-even")
    state = answer_with_choices()
    with pytest.raises(ValueError, match="need a network"):
        ismcts(state, iterations=10, net_prior=1.0)
    with pytest.raises(ValueError, match=r"0\.\.1"):
        ismcts(state, iterations=10, net="test-even", value_weight=1.5)
    with pytest.raises(ValueError, match="no network named"):
        ismcts(state, iterations=10, net="nowhere", net_prior=1.0)
    with pytest.raises(TypeError):
        ismcts(state, iterations=10, net=3, net_prior=1.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="need a network"):
        ISMCTSBot(iterations=10, value_weight=0.5)
    bot = make_bot("ismcts:iterations=10,net=test-even,net_prior=0.5,value_weight=0.25")
    assert (bot.net, bot.net_prior, bot.value_weight) == ("test-even", 0.5, 0.25)
    assert "net='test-even'" in repr(bot)
