"""Bad arguments to the searches (playouts, evaluate_actions, simulate, policy_action, ISMCTS): budgets,
sizes above their cap, objects that are no state, calls, seeds, policies and Ray targets; one answer to
each kind of argument everywhere (tichu_fast._args)."""

from __future__ import annotations

import math

import numpy as np
import pytest

import tichu_fast as tf
from tichu_fast import _args, arena
from tichu_fast import reference as ref
from tichu_fast.bots import HeuristicBot, ISMCTSBot, MonteCarloBot, RandomBot
from tichu_fast.ismcts import ismcts

from .helpers import play_state


@pytest.mark.parametrize("budget", [1e10, 99999999999, 86_401, math.inf, -1.0, 0, math.nan])
def test_ismcts_refuses_a_budget_outside_its_range(budget):
    # review: budget=1e10 overflowed the core's int64 nanoseconds and searched 0 iterations
    with pytest.raises(ValueError, match="budget"):
        ismcts(play_state(), budget=budget, iterations=10)


@pytest.mark.parametrize("budget", [np.float32(0.002), np.float64(0.002), np.int64(1), 0.002, 1])
def test_budgets_take_any_real_number(budget):
    # review: np.float32 was refused while np.float64 passed
    assert ISMCTSBot(budget=budget).budget == pytest.approx(float(budget))
    assert MonteCarloBot(budget=budget).budget == pytest.approx(float(budget))
    assert ismcts(play_state(), budget=budget, iterations=5).iterations == 5


@pytest.mark.parametrize("n", [2**31, 2**40, 2**62, _args.MAX_HANDS + 1])
def test_simulate_refuses_more_hands_than_its_cap(n):
    # review: simulate(2**40) was a MemoryError with an empty message, n=2**62 a RuntimeError
    with pytest.raises(ValueError, match=f"at most {_args.MAX_HANDS:_}"):
        tf.simulate(n)


@pytest.mark.parametrize("n", [2**31, 2**62])
@pytest.mark.parametrize("resample_for", [None, 0])
def test_playouts_refuse_more_than_their_cap(n, resample_for):
    state = play_state()
    with pytest.raises(ValueError, match=f"at most {_args.MAX_PLAYOUTS:_}"):
        state.playouts(n, 1, resample_for=resample_for)


@pytest.mark.parametrize(("worlds", "per_world"), [(1, 2**62), (1, _args.MAX_SAMPLES + 1), (1000, 10**5)])
def test_evaluate_actions_refuses_more_samples_than_its_cap(worlds, per_world):
    # review: playouts_per_world=2**62 gave "negative dimensions are not allowed"
    state = play_state()
    with pytest.raises(ValueError, match=f"at most {_args.MAX_SAMPLES:_}"):
        state.evaluate_actions(state.current_player, worlds, per_world)


def test_evaluate_actions_refuses_more_worlds_than_its_cap():
    state = play_state()
    with pytest.raises(ValueError, match=f"at most {_args.MAX_WORLDS:_}"):
        state.evaluate_actions(state.current_player, _args.MAX_WORLDS + 1)


@pytest.mark.parametrize("other", [ref.HandState.new(3), None, "5j", 3])
@pytest.mark.parametrize(
    "call",
    [
        lambda s: ismcts(s, iterations=10),
        lambda s: tf.policy_action(s),
        lambda s: tf.search.playout(s, 1),
        lambda s: tf.search.playouts(s, 1, 1),
        lambda s: tf.search.evaluate_actions(s, 0, 1),
        lambda s: tf.action_id("pass", s),
        lambda s: tf.action_from_id(0, s),
    ],
)
def test_functions_over_a_state_refuse_other_objects_by_name(call, other):
    # review: ismcts(reference state) said "state must be a HandState, not HandState";
    # policy_action(reference state or None) raised AttributeError
    with pytest.raises(TypeError, match=r"tichu_fast\.HandState") as error:
        call(other)
    if isinstance(other, ref.HandState):
        assert "tichu_fast.reference" in str(error.value)


def test_evaluate_actions_refuses_worlds_of_the_reference():
    state = play_state()
    world = ref.HandState.from_replay(state.replay())
    with pytest.raises(TypeError, match=r"every world must be a tichu_fast\.HandState"):
        state.evaluate_actions(state.current_player, [world])


@pytest.mark.parametrize("calls", [np.True_, np.False_, True])
def test_calls_take_a_numpy_bool(calls):
    # review: calls=np.True_ gave "calls must be a bool, not bool"
    state = tf.HandState.new(4)
    assert tf.policy_action(state, "heuristic", 1, calls=calls) in state.legal_actions()
    assert RandomBot(calls=calls).calls is bool(calls)
    assert HeuristicBot(calls=calls).calls is bool(calls)
    assert len(tf.simulate(3, calls=calls)) == 3


@pytest.mark.parametrize("calls", [1, 0, "yes", None])
def test_calls_refuse_what_is_no_bool(calls):
    with pytest.raises(TypeError, match="calls must be a bool"):
        RandomBot(calls=calls)
    with pytest.raises(TypeError, match="calls must be a bool"):
        tf.simulate(3, calls=calls)


@pytest.mark.parametrize("seed", [np.uint64(2**64 - 1), np.int64(5), np.int8(3), np.uint32(7), 9])
def test_seeds_take_any_integer_everywhere(seed):
    # review: ismcts' and VecHands' checks took numpy integers, the bots' and the arena's did not
    value = int(seed)
    assert tf.Match.new(seed).seed == value
    assert RandomBot(seed=seed).seed == value
    assert ISMCTSBot(iterations=5, seed=seed).seed == value
    assert MonteCarloBot(worlds=1, seed=seed).seed == value
    assert np.array_equal(tf.simulate(2, seed=seed), tf.simulate(2, seed=value))
    state = play_state()
    assert tf.policy_action(state, "random", seed) == tf.policy_action(state, "random", value)
    assert (
        ismcts(state, iterations=20, seed=seed).visits.tolist()
        == ismcts(state, iterations=20, seed=value).visits.tolist()
    )
    assert arena.duplicate(RandomBot(), HeuristicBot(), 2, seed).seed == value


@pytest.mark.parametrize(
    "call",
    [
        lambda seed: tf.Match.new(seed),
        lambda seed: RandomBot(seed=seed),
        lambda seed: ISMCTSBot(iterations=5, seed=seed),
        lambda seed: MonteCarloBot(worlds=1, seed=seed),
        lambda seed: tf.simulate(2, seed=seed),
        lambda seed: tf.policy_action(play_state(), "random", seed),
        lambda seed: ismcts(play_state(), iterations=5, seed=seed),
        lambda seed: arena.duplicate(RandomBot(), HeuristicBot(), 2, seed),
    ],
)
@pytest.mark.parametrize(
    ("seed", "error"),
    [
        (True, TypeError),
        (np.True_, TypeError),
        (1.0, TypeError),
        ("1", TypeError),
        (-1, ValueError),
        (2**64, ValueError),
    ],
)
def test_seeds_are_refused_the_same_way_everywhere(call, seed, error):
    with pytest.raises(error, match="seed"):
        call(seed)


@pytest.mark.parametrize(("policy", "error"), [("best", ValueError), (None, TypeError), (1, TypeError)])
def test_policies_are_refused_the_same_way_everywhere(policy, error):
    state = play_state()
    for call in (
        lambda: tf.policy_action(state, policy),
        lambda: tf.simulate(2, policy=policy),
        lambda: ismcts(state, iterations=5, policy=policy),
        lambda: ISMCTSBot(iterations=5, policy=policy),
        lambda: MonteCarloBot(worlds=1, policy=policy),
    ):
        with pytest.raises(error, match="policy"):
            call()


@pytest.mark.parametrize(("ray", "error"), [(0, TypeError), (1, TypeError), ("", ValueError), ("  ", ValueError)])
def test_a_bad_ray_target_is_named_not_taken_for_a_missing_install(ray, error):
    # review: ray=0 or ray="" said "ray is not installed"
    with pytest.raises(error, match="ray must be"):
        tf.simulate(3, ray=ray)
    with pytest.raises(error, match="ray must be"):
        arena.duplicate(RandomBot(), HeuristicBot(), 2, 1, ray=ray)
