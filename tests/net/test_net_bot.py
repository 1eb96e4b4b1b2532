"""NetBot: a network's moves as a registered, native bot (the arena plays it in C++)."""

from __future__ import annotations

import numpy as np
import pytest

import tichu_fast as tf
from tichu_fast.arena import duplicate
from tichu_fast.bots import NetBot, make_bot
from tichu_fast.bots.specs import native_policy
from tichu_fast.net import network, registry


@pytest.fixture(scope="module", autouse=True)
def registered() -> None:
    rng = np.random.default_rng(21)
    shapes = network.shapes(16, 8)
    registry.register(
        network.Network.of({k: (rng.standard_normal(s) * 0.5).astype(np.float32) for k, s in shapes.items()}),
        "test-bot",
    )


class PythonLoopNetBot(NetBot):
    """The same bot, but a subclass: the arena asks it from Python, seat by seat."""


def test_the_spec_names_a_registered_network() -> None:
    bot = make_bot("net:network=test-bot,seed=3")
    assert isinstance(bot, NetBot)
    assert (bot.network, bot.policy, bot.seed) == ("test-bot", "net:test-bot", 3)
    assert repr(bot) == "NetBot(calls=True, seed=3, network='test-bot')"
    assert native_policy(bot) == ("net:test-bot", True, 3)


def test_its_actions_are_the_policys() -> None:
    bot = NetBot(network="test-bot")
    state = tf.HandState.new(8)
    bot.reset(8)
    while not state.is_terminal():
        action = bot.act(state, state.current_player)
        assert action == tf.policy_action(state, "net:test-bot", 0)
        state.apply(action)


def test_the_arena_in_cpp_plays_as_the_python_seat_loop() -> None:
    """Native (C++ deals) and asked seat by seat from Python: the same duplicate result, deal by deal."""
    fast = duplicate(NetBot(network="test-bot"), "heuristic", 6, 5)
    slow = duplicate(PythonLoopNetBot(network="test-bot"), "heuristic", 6, 5)
    assert np.array_equal(fast.deal_margins, slow.deal_margins)


def test_bad_networks_raise() -> None:
    with pytest.raises(TypeError):
        NetBot(network=3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no network named 'missing'"):
        NetBot(network="missing")
    with pytest.raises(ValueError, match="no network named 'missing'"):
        make_bot("net:network=missing")
