"""The network's value in flat Monte Carlo: evaluate_actions(net=, value_weight=) and mc:net=...,value_weight=..."""

from __future__ import annotations

import math
import pickle

import numpy as np
import pytest

import tichu_fast as tf
from tichu_fast.arena import duplicate
from tichu_fast.bots import MonteCarloBot, make_bot
from tichu_fast.net import network, registry
from tichu_fast.search import policy_action

NAME = "test-mc"
SCALE = 400.0  # the value is a margin / 400 (docs/net.md "The network")


@pytest.fixture(scope="module", autouse=True)
def registered() -> network.Network:
    """A network of random weights, whose values lie well away from an even split."""
    rng = np.random.default_rng(36)
    weights = {k: (rng.standard_normal(s) * 0.3).astype(np.float32) for k, s in network.shapes(24, 16).items()}
    found = network.Network.of(weights)
    registry.register(found, NAME)
    return found


def positions(count: int, seed: int) -> list[tf.HandState]:
    """PLAY decisions with at least three legal actions from heuristic hands, early and late in the hand."""
    found = []
    for k in range(200):
        state = tf.HandState.new(tf.hand_seed(seed, k))
        step = 0
        while not state.is_terminal():
            if state.decision == tf.Decision.PLAY and len(state.legal_actions()) >= 3 and step % (7 + k) == 3:
                found.append(state.clone())
                if len(found) == count:
                    return found
            state.apply(policy_action(state, "heuristic", k))
            step += 1
    raise AssertionError("too few decisions")


def ending_position() -> tf.HandState:
    """A PLAY decision where one legal action ends the hand and another does not."""
    for k in range(500):
        state = tf.HandState.new(tf.hand_seed(4, k))
        while not state.is_terminal():
            if state.decision == tf.Decision.PLAY:
                ends = []
                for action in state.legal_actions():
                    child = state.clone()
                    child.apply(action)
                    ends.append(child.is_terminal())
                if any(ends) and not all(ends):
                    return state
            state.apply(policy_action(state, "heuristic", k))
    raise AssertionError("no decision where an action ends the hand")


def numpy_return(net: network.Network, world: tf.HandState, action: tf.Action, team: int) -> float:
    """`team`'s return after `action` in `world` by the numpy twin: the value is the margin of the seat in
    turn's team; as returns, 100 card points split by it. A finished hand: its own returns."""
    child = world.clone()
    child.apply(action)
    if child.is_terminal():
        return float(child.returns()[team])
    seat = child.current_player
    value, _ = net.evaluate(child.observation_tensor(seat), np.zeros((0, tf.MOVE_FEATURES), np.float32))
    margin = float(value[0]) * SCALE * (1 if (seat & 1) == team else -1)
    return (100.0 + margin) / 2.0


def expected_means(net: network.Network, state: tf.HandState, worlds: list[tf.HandState]) -> np.ndarray:
    team = state.current_player & 1
    return np.array(
        [np.mean([numpy_return(net, w, a, team) for w in worlds]) for a in state.legal_actions()], dtype=np.float64
    )


@pytest.mark.parametrize("state", positions(4, seed=1))
def test_no_weight_or_no_network_is_plain_flat_monte_carlo(state: tf.HandState) -> None:
    player = state.current_player
    plain = state.evaluate_actions(player, 6, 2, policy="heuristic", seed=3)
    assert np.array_equal(plain, state.evaluate_actions(player, 6, 2, policy="heuristic", seed=3, net=None))
    assert np.array_equal(plain, state.evaluate_actions(player, 6, 2, policy="heuristic", seed=3, net=NAME))
    weighted = state.evaluate_actions(player, 6, 2, policy="heuristic", seed=3, net=NAME, value_weight=0.0)
    assert np.array_equal(plain, weighted)


def test_weight_one_is_the_networks_value_after_each_action(registered: network.Network) -> None:
    checked = 0
    for state in positions(5, seed=2):
        player = state.current_player
        worlds = state.resample_many(player, 4, 11)
        found = state.evaluate_actions(player, worlds, 2, policy="heuristic", seed=8, net=NAME, value_weight=1.0)
        expected = expected_means(registered, state, worlds)
        np.testing.assert_allclose(found["mean"], expected, rtol=1e-4, atol=1e-4)
        assert not np.allclose(expected, 50.0)  # a network of its own, not an even split
        checked += len(expected)
    assert checked >= 15


def test_weight_one_takes_a_finished_hands_own_returns(registered: network.Network) -> None:
    state = ending_position()
    player = state.current_player
    worlds = state.resample_many(player, 5, 2)
    found = state.evaluate_actions(player, worlds, policy="heuristic", seed=1, net=NAME, value_weight=1.0)
    expected = expected_means(registered, state, worlds)
    np.testing.assert_allclose(found["mean"], expected, rtol=1e-4, atol=1e-4)
    for i, action in enumerate(state.legal_actions()):
        child = state.clone()
        child.apply(action)
        if child.is_terminal():  # the same in every world: no network, and no playout either
            plain = state.evaluate_actions(player, worlds, policy="heuristic", seed=1)
            assert found["mean"][i] == plain["mean"][i]


@pytest.mark.parametrize("weight", [0.25, 0.5, 0.9])
def test_a_weight_between_mixes_playouts_and_values(weight: float) -> None:
    for state in positions(3, seed=3):
        player = state.current_player
        args = (player, 5, 2)
        plain = state.evaluate_actions(*args, policy="heuristic", seed=4)
        valued = state.evaluate_actions(*args, policy="heuristic", seed=4, net=NAME, value_weight=1.0)
        mixed = state.evaluate_actions(*args, policy="heuristic", seed=4, net=NAME, value_weight=weight)
        np.testing.assert_allclose(mixed["mean"], (1 - weight) * plain["mean"] + weight * valued["mean"], atol=1e-9)
        assert not np.allclose(mixed["mean"], plain["mean"])
        assert not np.allclose(mixed["mean"], valued["mean"])


@pytest.mark.parametrize("weight", [0.5, 1.0])
def test_the_values_do_not_depend_on_the_threads(weight: float) -> None:
    for state in positions(2, seed=5):
        player = state.current_player
        runs = [
            state.evaluate_actions(
                player, 8, 2, policy="heuristic", seed=6, net=NAME, value_weight=weight, threads=threads
            )
            for threads in (1, 2)
        ]
        assert np.array_equal(runs[0], runs[1])


@pytest.mark.parametrize(
    ("options", "error", "match"),
    [
        ({"net": NAME, "value_weight": 1.5}, ValueError, r"value_weight.*0\.\.1"),
        ({"net": NAME, "value_weight": -0.1}, ValueError, r"value_weight.*0\.\.1"),
        ({"net": NAME, "value_weight": math.nan}, ValueError, r"value_weight.*0\.\.1"),
        ({"net": NAME, "value_weight": "half"}, TypeError, "value_weight"),
        ({"value_weight": 0.5}, ValueError, "needs a network"),
        ({"net": "nowhere", "value_weight": 0.5}, ValueError, "no network named 'nowhere'"),
        ({"net": 3, "value_weight": 0.5}, TypeError, "net"),
    ],
)
def test_bad_arguments_raise_and_change_nothing(options: dict, error: type, match: str) -> None:
    state = positions(1, seed=7)[0]
    before = state.replay()
    with pytest.raises(error, match=match):
        state.evaluate_actions(state.current_player, 2, policy="heuristic", **options)
    with pytest.raises(error, match=match):
        MonteCarloBot(worlds=2, **options)
    assert state.replay() == before


def test_the_core_refuses_what_the_python_layer_would() -> None:
    """_core.action_values checks the weight itself: nothing reaches a playout out of range."""
    state = positions(1, seed=7)[0]
    core = state._core
    for net, weight, match in [(NAME, 1.5, "0..1"), (NAME, math.nan, "0..1"), (None, 0.5, "needs a network")]:
        with pytest.raises(ValueError, match=match):
            tf._core.action_values(core, [core], 1, 0, 0, "heuristic", False, 1, net, weight)
    with pytest.raises(ValueError, match="no network named"):
        tf._core.action_values(core, [core], 1, 0, 0, "heuristic", False, 1, "nowhere", 0.5)


def test_the_spec_builds_the_bot_and_shows_its_network() -> None:
    bot = make_bot(f"mc:worlds=8,net={NAME},value_weight=0.5")
    assert isinstance(bot, MonteCarloBot)
    assert (bot.net, bot.value_weight) == (NAME, 0.5)
    shown = repr(bot)
    assert f"net='{NAME}'" in shown
    assert "value_weight=0.5" in shown
    assert "net=" not in repr(make_bot("mc:worlds=8"))
    with pytest.raises(ValueError, match="value_weight"):
        make_bot("mc:worlds=8,value_weight=0.5")
    copy = pickle.loads(pickle.dumps(bot))
    assert repr(copy) == shown


def test_the_bot_decides_by_the_networks_values() -> None:
    """mc with value_weight=1 takes the action of the highest mean network value over its worlds."""
    for state in positions(3, seed=9):
        player = state.current_player
        bot = MonteCarloBot(worlds=6, net=NAME, value_weight=1.0)
        bot.reset(3)
        chosen = bot.act(state, player)
        bot.reset(3)
        seed = bot.next_seed()
        values = state.evaluate_actions(player, 6, policy="heuristic", seed=seed, net=NAME, value_weight=1.0)["mean"]
        actions = state.legal_actions()
        searched = [i for i, a in enumerate(actions) if a.kind != tf.ActionKind.TICHU]  # the call is the table's
        assert chosen == actions[max(searched, key=lambda i: values[i])]


def test_mc_with_the_shipped_network_plays_whole_hands() -> None:
    """mc:net=net,value_weight=1 against the heuristic, on the arena's Python threads: the same either way."""
    spec = "mc:worlds=8,net=net,value_weight=1"
    one = duplicate(spec, "heuristic", 2, 7)
    two = duplicate(spec, "heuristic", 2, 7, threads=2)
    assert one.deals == 2
    assert np.array_equal(one.deal_margins, two.deal_margins)
