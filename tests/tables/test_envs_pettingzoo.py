"""The PettingZoo AEC adapter: PettingZoo's own api_test and seed_test, and whole hands."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test
from pettingzoo.utils.wrappers import TerminateIllegalWrapper

import tichu_fast as tf
from tichu_fast.envs import AGENTS, MAX_TEAM_RETURN, MIN_TEAM_RETURN
from tichu_fast.envs.pettingzoo_env import TichuAECEnv, env, raw_env

# api_test warns about any dict observation except in PettingZoo's own games (a list of
# their names): these two warnings say only that our observation is a dict.
DICT_OBSERVATION_WARNINGS = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
}


def play(aec, seed, rng):
    """Plays one hand with uniformly random legal ids; the rewards each agent saw, by agent."""
    aec.reset(seed=seed)
    seen = dict.fromkeys(AGENTS, 0.0)
    for agent in aec.agent_iter():
        observation, reward, terminated, truncated, _ = aec.last()
        seen[agent] += reward
        if terminated or truncated:
            aec.step(None)
            continue
        aec.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return seen


@pytest.mark.parametrize("history", [0, 3])
def test_api_test_passes(history):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(history=history), num_cycles=500)
    assert {str(w.message) for w in caught} <= DICT_OBSERVATION_WARNINGS


def test_seed_test_passes():
    seed_test(env, num_cycles=200)


def test_reset_with_a_seed_deals_the_same_hand():
    a, b = TichuAECEnv(), TichuAECEnv()
    a.reset(seed=5)
    b.reset(seed=5)
    assert a.hand == b.hand
    b.reset(seed=6)
    assert a.hand != b.hand


def test_whole_hands_reward_each_seat_its_team_score():
    # R8.3, R8.4: the hand's score per team, given to both partners.
    aec = env(reward_scale=0.01)
    rng = np.random.default_rng(0)
    for seed in range(5):
        seen = play(aec, seed, rng)
        state = aec.unwrapped.hand
        assert state.is_terminal()
        team = state.returns()
        assert seen == pytest.approx({f"seat_{s}": team[s % 2] / 100 for s in range(4)})
        assert aec.agents == []
        assert MIN_TEAM_RETURN <= min(team) <= max(team) <= MAX_TEAM_RETURN


def test_observation_is_the_seat_tensor_and_the_mask_only_for_the_seat_in_turn():
    aec = TichuAECEnv(history=2)
    aec.reset(seed=1)
    state = aec.hand
    for seat, agent in enumerate(AGENTS):
        observation = aec.observe(agent)
        np.testing.assert_array_equal(observation["observation"], state.observation_tensor(seat, history=2))
        expected = state.legal_action_mask() if seat == state.current_player else np.zeros(tf.NUM_ACTION_IDS, bool)
        np.testing.assert_array_equal(observation["action_mask"].astype(bool), expected)
        assert aec.observation_space(agent).contains(observation)


def test_an_illegal_id_raises_and_changes_nothing():
    aec = TichuAECEnv()
    aec.reset(seed=2)
    before = aec.hand.clone()
    illegal = int(np.flatnonzero(~aec.hand.legal_action_mask())[0])
    with pytest.raises(tf.IllegalMoveError):
        aec.step(illegal)
    with pytest.raises(TypeError):
        aec.step(True)
    assert aec.hand == before
    assert aec.agent_selection == AGENTS[before.current_player]


def test_bad_arguments():
    with pytest.raises(TypeError):
        TichuAECEnv(history=1.5)
    with pytest.raises(ValueError, match="history"):
        TichuAECEnv(history=-1)
    with pytest.raises(ValueError, match="render_mode"):
        TichuAECEnv(render_mode="rgb_array")
    with pytest.raises(TypeError, match="rules"):
        TichuAECEnv(rules="bombs_out_of_turn=0")
    with pytest.raises(TypeError, match="reward_scale"):
        TichuAECEnv(reward_scale=True)
    with pytest.raises(ValueError, match="reward_scale"):
        TichuAECEnv(reward_scale=float("nan"))


def test_render_ansi_returns_the_state_text():
    aec = TichuAECEnv(render_mode="ansi")
    aec.reset(seed=3)
    assert aec.render() == repr(aec.hand)


def test_pettingzoo_terminate_illegal_wrapper_turns_an_illegal_id_into_a_penalty():
    # What docs/envs.md offers instead of the IllegalMoveError.
    aec = TerminateIllegalWrapper(raw_env(), illegal_reward=-500)
    aec.reset(seed=0)
    observation, *_ = aec.last()
    aec.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))
    assert all(aec.terminations.values())
    assert aec.rewards["seat_0"] == -500


@pytest.mark.parametrize("make", [env, raw_env])
def test_last_and_step_after_every_agent_left(make):
    # Issue 14: no KeyError 'seat_3'. last() gives the last agent's final view, terminated; step only warns,
    # as PettingZoo's OrderEnforcingWrapper does.
    aec = make()
    play(aec, 5, np.random.default_rng(5))
    assert aec.agents == []
    observation, reward, terminated, truncated, info = aec.last()
    assert (reward, terminated, truncated, info) == (0.0, True, False, {})
    assert observation["action_mask"].sum() == 0
    assert aec.last(observe=False)[0] is None
    aec.step(None)  # PettingZoo's EnvLogger warns; nothing changes
    assert aec.agents == []
    assert aec.last()[1:] == (0.0, True, False, {})


def test_step_takes_a_zero_dimensional_array():
    # A policy's argmax is often a 0-d array: an id like any other; a 1-d array or floats are not.
    aec = env()
    aec.reset(seed=2)
    observation, *_ = aec.last()
    first = np.flatnonzero(observation["action_mask"])[0]
    aec.step(np.array(first))
    for bad in (np.array([first]), np.array(float(first))):
        with pytest.raises(TypeError, match="an action is an int id"):
            aec.step(bad)
