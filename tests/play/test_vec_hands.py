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
            legal = v.legal_ids[v.legal_offsets[i] : v.legal_offsets[i + 1]]
            assert np.array_equal(legal, s.legal_action_ids())
            assert v.legal_counts[i] == len(legal)
        ids = pick(rng, v.mask) if rng.random() < 0.5 else v.random_legal_ids(rng)
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
    arrays = [a.copy() for a in (v.obs, v.mask, v.current_player, v.legal_ids)]  # step writes obs in place
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
    for a, b in zip(arrays, (v.obs, v.mask, v.current_player, v.legal_ids), strict=True):
        assert np.array_equal(a, b)
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
    with pytest.raises(TypeError):
        tf.VecHands(2, 1, dense_mask=1)


def test_compact_legal_ids_without_the_dense_mask():
    # R10.1: with dense_mask=False the legal ids alone are written, the same as with the mask.
    dense, sparse = (
        tf.VecHands(8, 4, opponents={1: "random"}),
        tf.VecHands(8, 4, opponents={1: "random"}, dense_mask=False),
    )
    assert sparse.mask is None
    rng = np.random.default_rng(3)
    for _ in range(200):
        assert np.array_equal(dense.legal_ids, sparse.legal_ids)
        assert np.array_equal(dense.obs, sparse.obs)
        for i in range(8):
            assert np.array_equal(
                np.flatnonzero(dense.mask[i]), dense.legal_ids[dense.legal_offsets[i] : dense.legal_offsets[i + 1]]
            )
        ids = sparse.random_legal_ids(rng)
        dense.step(ids)
        sparse.step(ids)


def test_the_dense_mask_is_the_legal_ids_after_steps_resets_and_a_refused_step():
    # R10.1: the mask is written only where it changed since the last observation, which a reset
    # or a refused step must not confuse: every row is always exactly the hand's legal ids.
    v = tf.VecHands(16, 6, opponents={1: "random", 3: "random"})
    rng = np.random.default_rng(4)
    for t in range(150):
        if t % 40 == 39:
            v.reset()
        elif t % 25 == 24:
            illegal = v.random_legal_ids(rng)
            illegal[3] = next(k for k in range(tf.NUM_ACTION_IDS) if not v.mask[3, k])
            with pytest.raises(tf.IllegalMoveError, match="hand 3"):
                v.step(illegal)
        else:
            v.step(v.random_legal_ids(rng))
        for i in range(16):
            assert np.array_equal(np.flatnonzero(v.mask[i]), v.legal_ids[v.legal_offsets[i] : v.legal_offsets[i + 1]])


def test_random_legal_ids_are_uniform_over_the_legal_ids():
    # R2.2: during the exchange all 2184 ordered pushes are legal; a uniform draw reaches far ones too.
    v = tf.VecHands(1, 9, dense_mask=False)
    rng = np.random.default_rng(0)
    while v.hand(0).decision != tf.Decision.EXCHANGE:
        v.step(v.random_legal_ids(rng))
    assert v.legal_counts[0] == 2184
    draws = np.concatenate([v.random_legal_ids(rng) for _ in range(4000)])
    assert draws.min() >= tf.NUM_ACTION_IDS - 2184
    assert abs(np.mean(draws) - (tf.NUM_ACTION_IDS - 1 + tf.NUM_ACTION_IDS - 2184) / 2) < 30
    with pytest.raises(TypeError):
        v.random_legal_ids(0)


def test_exchange_ids_resolve_to_the_pushes_in_legal_order():
    # R2.2: exchange id 1397 + k is legal_actions()[k], for every k (VecHands decodes it without listing).
    for seed in range(3):
        state = tf.HandState.new(seed)
        while state.decision != tf.Decision.EXCHANGE:
            state.apply_index(0)
        first = tf.NUM_ACTION_IDS - 2184
        assert [tf.action_from_id(first + k, state) for k in range(2184)] == state.legal_actions()


def test_arrays_are_read_only():
    # The dense mask is updated only where it changes: a caller's write would corrupt it, so none is allowed.
    v = tf.VecHands(2, 1)
    for array in (v.obs, v.mask, v.current_player, v.rewards, v.terminated, v.legal_ids, v.legal_counts):
        with pytest.raises(ValueError, match="read-only"):
            array[0] = 0


def test_numpy_integers_are_accepted_and_a_huge_hand_index_is_an_index_error():
    # The rest of the API takes any int-like; an index far outside is IndexError, not pybind's TypeError.
    vec = tf.VecHands(np.int64(3), np.uint64(7), opponents={np.int64(1): "random"})
    assert len(vec) == 3
    assert vec.hand(np.int32(2)).decision == tf.VecHands(3, 7, opponents={1: "random"}).hand(2).decision
    with pytest.raises(IndexError):
        vec.hand(2**40)
    with pytest.raises(TypeError):
        vec.hand(True)


@pytest.mark.parametrize(
    "bad_obs",
    [
        np.zeros((4, tf.OBSERVATION_TENSOR_SIZE), dtype=np.float64),  # wrong dtype
        np.zeros((3, tf.OBSERVATION_TENSOR_SIZE), dtype=np.float32),  # wrong number of hands
        np.zeros((4, tf.OBSERVATION_TENSOR_SIZE + 1), dtype=np.float32),  # wrong tensor size
        np.zeros((tf.OBSERVATION_TENSOR_SIZE, 4), dtype=np.float32).T,  # not C-contiguous
        np.zeros((4, tf.OBSERVATION_TENSOR_SIZE), dtype=np.int32),  # int32
        "not an array",
    ],
    ids=["float64", "hands", "size", "fortran", "int32", "str"],
)
def test_the_core_step_refuses_a_bad_obs_buffer_and_changes_nothing(bad_obs):
    # step(..., obs) writes the tensors in place (docs/notes/2026-12-03-vechands.md): a buffer of
    # the wrong kind is refused before any hand moves, with TypeError or ValueError, never a crash.
    v = tf.VecHands(4, 2, opponents={1: "random", 3: "random"})
    rng = np.random.default_rng(1)
    ids = np.ascontiguousarray(v.random_legal_ids(rng), dtype=np.int64)
    hands, obs, legal_ids = [str(v.hand(i)) for i in range(4)], v.obs.copy(), v.legal_ids.copy()  # str: actions
    _obs, _players, rewards, terminated, _counts, _offsets = v._out
    with pytest.raises((TypeError, ValueError)):
        v._core.step(ids, rewards, terminated, bad_obs)
    assert [str(v.hand(i)) for i in range(4)] == hands
    assert np.array_equal(v.obs, obs)
    assert np.array_equal(v.legal_ids, legal_ids)
    v.step(ids)  # the ids drawn before are still legal: nothing moved


def test_the_core_step_refuses_a_read_only_obs_buffer():
    v = tf.VecHands(2, 3)
    obs = np.zeros((2, tf.OBSERVATION_TENSOR_SIZE), dtype=np.float32)
    obs.flags.writeable = False
    _obs, _players, rewards, terminated, _counts, _offsets = v._out
    ids = np.ascontiguousarray(v.random_legal_ids(np.random.default_rng(0)), dtype=np.int64)
    with pytest.raises(ValueError):
        v._core.step(ids, rewards, terminated, obs)
    v.step(ids)


def test_random_legal_ids_pick_the_drawn_index_and_refuse_draws_outside_0_1():
    # The core picks legal_ids[offset + floor(draw * count)], as numpy's indexing did (the same ids for a seed).
    v = tf.VecHands(64, 4, opponents={1: "random", 3: "random"}, dense_mask=False)
    rng = np.random.default_rng(2)
    for _ in range(60):  # through the exchange (2,184 ids a hand) and the play
        draws = rng.random(64)
        draws[:3] = (0.0, np.nextafter(1.0, 0.0), 0.5)  # the first id, the last, the middle
        picks = v.legal_offsets[:-1] + (draws * v.legal_counts).astype(np.int64)
        assert np.array_equal(v._core.random_legal_ids(draws), v.legal_ids[picks])
        v.step(v.random_legal_ids(rng))
    for bad in (1.0, -0.5, np.nan):
        draws = np.zeros(64)
        draws[5] = bad
        with pytest.raises(ValueError, match=r"\[0, 1\)"):
            v._core.random_legal_ids(draws)
    with pytest.raises(ValueError):
        v._core.random_legal_ids(np.zeros(63))


def test_legal_ids_held_from_earlier_steps_keep_their_ids():
    # observe returns the core's own list without a copy: while an array holds it, the steps after fill
    # another list (VecHands::clear_ids), so ids kept from any earlier step still read what they read then.
    v = tf.VecHands(32, 5, opponents={1: "random", 3: "random"}, dense_mask=False)
    rng = np.random.default_rng(3)
    kept = []
    for step in range(40):
        kept.append((v.legal_ids, v.legal_ids.copy()))
        if step % 3 == 0:
            kept = kept[-2:]  # some released: their lists are reused
        v.step(v.random_legal_ids(rng))
    for held, copy in kept:
        assert np.array_equal(held, copy)
        assert not held.flags.writeable
        assert not held.base.flags.writeable
