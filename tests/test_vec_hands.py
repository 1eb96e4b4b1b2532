"""tf.VecHands: many hands stepped in C++ (docs/rl.md "VecHands")."""

from __future__ import annotations

import numpy as np
import pytest

import tichu_fast as tf


def pick(rng, mask):
    """One legal id per hand, uniformly at random, chosen by numpy from the masks."""
    return (rng.random(mask.shape) * mask).argmax(axis=1)


def test_same_trajectories_as_separate_hand_states():
    # R2 to R8: hand i's e-th episode is HandState.new(hand_seed(hand_seed(seed, i), e)), step for step,
    # with its mask and tensor, its returns at the end and an automatic new deal.
    seed, n = 11, 3
    v = tf.VecHands(n, seed)
    states = [tf.HandState.new(tf.hand_seed(tf.hand_seed(seed, i), 0)) for i in range(n)]
    episodes = [0] * n
    rng = np.random.default_rng(1)
    for _ in range(400):
        for i, s in enumerate(states):
            assert v.current_player[i] == s.current_player
            assert np.array_equal(v.mask[i], s.legal_action_mask())
            assert np.array_equal(v.obs[i], s.observation_tensor(s.current_player))
        ids = pick(rng, v.mask)
        _obs, _mask, _players, rewards, terminated = v.step(ids)
        for i, s in enumerate(states):
            s.apply_id(int(ids[i]))
            assert terminated[i] == s.is_terminal()
            if s.is_terminal():
                team = s.returns()
                assert list(rewards[i]) == [team[0], team[1], team[0], team[1]]
                episodes[i] += 1
                states[i] = tf.HandState.new(tf.hand_seed(tf.hand_seed(seed, i), episodes[i]))
            else:
                assert not rewards[i].any()
                assert v.hand(i) == s
    assert sum(episodes) >= 3


def test_opponents_answer_at_once():
    # Seats 1 and 3 are built-in policies: the learner's seats 0 and 2 are the only ones asked.
    v = tf.VecHands(16, 3, opponents={1: "random", 3: "heuristic"})
    rng = np.random.default_rng(2)
    finished = 0
    for _ in range(300):
        assert set(v.current_player.tolist()) <= {0, 2}
        finished += int(v.step(pick(rng, v.mask))[4].sum())
    assert finished > 0
    v.reset()
    assert set(v.current_player.tolist()) <= {0, 2}


def test_bad_steps_change_nothing():
    v = tf.VecHands(2, 5)
    before = [v.hand(i) for i in range(2)]
    legal = pick(np.random.default_rng(0), v.mask)
    illegal = legal.copy()
    illegal[1] = 0  # the pass during the Grand Tichu decision
    with pytest.raises(tf.IllegalMoveError, match="hand 1"):
        v.step(illegal)
    for bad in ([tf.NUM_ACTION_IDS, 0], [-1, 0], np.array([2**63, 0], dtype=np.uint64)):
        with pytest.raises(IndexError):
            v.step(np.asarray(bad))
    with pytest.raises(ValueError):
        v.step(legal[:1])
    with pytest.raises(TypeError):
        v.step(legal.astype(np.float64))
    assert [v.hand(i) for i in range(2)] == before
    v.step(legal)
    assert [v.hand(i) for i in range(2)] != before


def test_bad_construction():
    with pytest.raises(ValueError):
        tf.VecHands(0, 1)
    with pytest.raises(TypeError):
        tf.VecHands(True, 1)
    with pytest.raises(TypeError):
        tf.VecHands(2, 1.0)
    with pytest.raises(ValueError):
        tf.VecHands(2, -1)
    with pytest.raises(ValueError):
        tf.VecHands(2, 1, opponents=dict.fromkeys(range(4), "random"))  # nobody learns
    with pytest.raises(ValueError):
        tf.VecHands(2, 1, opponents={1: "greedy"})
    with pytest.raises(IndexError):
        tf.VecHands(2, 1, opponents={4: "random"})
    with pytest.raises(TypeError):
        tf.VecHands(2, 1, opponents=["random"])
    with pytest.raises(TypeError):
        tf.VecHands(2, 1, rules="fast")
