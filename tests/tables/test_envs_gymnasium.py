"""The Gymnasium adapter: Gymnasium's own check_env, the registered id, and whole episodes."""

from __future__ import annotations

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import tichu_fast as tf  # noqa: E402
from tichu_fast.envs.gymnasium_env import ENV_ID, TichuEnv  # noqa: E402


def play(env, seed, rng):
    """One episode with uniformly random ids from the mask: (total reward, learner steps)."""
    observation, info = env.reset(seed=seed)
    total, steps, done = 0.0, 0, False
    while not done:
        np.testing.assert_array_equal(observation["action_mask"], info["action_mask"])
        observation, reward, done, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        assert not truncated
        total += reward
        steps += 1
    return total, steps


@pytest.mark.parametrize(
    "kwargs", [{}, {"opponents": "random"}, {"seat": 3, "partner": "random", "history": 4, "bot_calls": True}]
)
def test_check_env_passes(kwargs):
    # Through gymnasium.make, so that check_env also tries the other render modes (it needs a spec).
    check_env(gymnasium.make(f"tichu_fast.envs.gymnasium_env:{ENV_ID}", **kwargs).unwrapped)


def test_the_registered_id_makes_the_env():
    env = gymnasium.make(f"tichu_fast.envs.gymnasium_env:{ENV_ID}", seat=1, opponents="random")
    assert isinstance(env.unwrapped, TichuEnv)
    assert env.unwrapped.seat == 1
    observation, _ = env.reset(seed=0)
    assert env.observation_space.contains(observation)


@pytest.mark.parametrize("seat", [0, 2])
def test_whole_episodes_end_with_the_team_score(seat):
    # R8.3, R8.4: the learner's reward is its team's score for the hand.
    env = TichuEnv(seat=seat, opponents="random", partner="heuristic")
    rng = np.random.default_rng(seat)
    for seed in range(5):
        total, steps = play(env, seed, rng)
        state = env.hand
        assert state.is_terminal()
        assert total == state.returns()[seat % 2]
        assert 0 < steps < len(state.history)  # the bots took the other decisions


def test_the_learner_decides_only_for_its_seat():
    env = TichuEnv(seat=1)
    _, info = env.reset(seed=4)
    rng = np.random.default_rng(4)
    while True:
        assert env.hand.current_player == 1
        np.testing.assert_array_equal(info["action_mask"].astype(bool), env.hand.legal_action_mask())
        _, _, done, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        if done:
            break


def test_reset_with_a_seed_repeats_the_episode():
    a, b = TichuEnv(), TichuEnv()
    for env in (a, b):
        env.reset(seed=9)
    assert a.hand == b.hand
    rng_a, rng_b = np.random.default_rng(1), np.random.default_rng(1)
    assert play(a, 9, rng_a) == play(b, 9, rng_b)
    assert a.hand == b.hand


def test_an_illegal_id_ends_the_episode_with_the_penalty():
    env = TichuEnv(reward_scale=0.01)
    _, info = env.reset(seed=0)
    before = env.hand.clone()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    observation, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-5.0, True, False, True)
    assert not observation["action_mask"].any()
    assert env.hand == before
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_an_illegal_id_raises_when_asked_and_changes_nothing():
    env = TichuEnv(illegal_action="raise")
    _, info = env.reset(seed=0)
    before = env.hand.clone()
    with pytest.raises(tf.IllegalMoveError):
        env.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))
    with pytest.raises(IndexError):
        env.step(tf.NUM_ACTION_IDS)
    assert env.hand == before


def test_bad_arguments():
    with pytest.raises(IndexError):
        TichuEnv(seat=4)
    with pytest.raises(TypeError):
        TichuEnv(seat=True)
    with pytest.raises(ValueError, match="opponents"):
        TichuEnv(opponents="perfect")
    with pytest.raises(ValueError, match="partner"):
        TichuEnv(partner="")
    with pytest.raises(ValueError, match="illegal_action"):
        TichuEnv(illegal_action="ignore")
    with pytest.raises(TypeError, match="illegal_action"):
        TichuEnv(illegal_action=None)
    assert TichuEnv(seat=np.int64(2)).seat == 2
    with pytest.raises(TypeError, match="opponents"):
        TichuEnv(opponents=None)
    with pytest.raises(TypeError, match="bot_calls"):
        TichuEnv(bot_calls=1)
    with pytest.raises(TypeError, match="rules"):
        TichuEnv(rules={"target": 1000})
    with pytest.raises(TypeError, match="reward_scale"):
        TichuEnv(reward_scale="0.01")
    with pytest.raises(ValueError, match="illegal_reward"):
        TichuEnv(illegal_reward=float("-inf"))


def test_step_takes_a_zero_dimensional_array():
    # Issue 14: `env.step(np.array(0))`, a policy's argmax as a 0-d array, is an action id.
    env = TichuEnv()
    observation, _ = env.reset(seed=3)
    legal = np.flatnonzero(observation["action_mask"])
    _, _, terminated, _, _ = env.step(np.array(legal[0]))
    assert not terminated or env.hand.is_terminal()
    for bad in (np.array([legal[0]]), np.array(float(legal[0])), np.array(True)):
        env.reset(seed=3)
        with pytest.raises(TypeError, match="an action is an int id"):
            env.step(bad)
