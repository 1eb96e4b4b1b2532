"""Bad input to a hand under way: actions (apply, apply_index, is_legal, the Phoenix's text), seats,
observation buffers, and threads applying to one state; a refused action changes nothing."""

from __future__ import annotations

import itertools
import random
import threading

import numpy as np
import pytest

import tichu_fast as tf
from tichu_fast import _core
from tichu_fast.errors import IllegalMoveError, InvalidNotationError
from tichu_fast.formats import OBSERVATION_SIZE

from .helpers import BACKENDS, load, mid_hand, play_state


def _on_a_nine(tf):
    state = tf.HandState.from_position(["9j 3s", "Ph 2j", "4j 5j", "6j 7j"], 0)
    state.apply("9j")
    return state


def test_apply_index_arguments(backend):
    state = backend.HandState.new(5)
    before = state.replay()
    with pytest.raises(TypeError):
        state.apply_index(True)
    for index in (2, 2**31, 2**70, -1):
        with pytest.raises(IndexError):
            state.apply_index(index)
    assert state.replay() == before


def test_is_legal_at_the_start(backend):
    # R2.1: at the start only the Grand Tichu decision's two actions are legal.
    state = backend.HandState.new(1)
    assert state.is_legal("grand tichu")
    assert state.is_legal(state.legal_actions()[0])
    assert not state.is_legal("tichu")  # readable, but another decision's action
    assert not state.is_legal("5j")  # a move, not now
    with pytest.raises(InvalidNotationError):
        state.is_legal("nonsense words")
    with pytest.raises(TypeError):
        state.is_legal(5)


@pytest.mark.parametrize("name", BACKENDS)
def test_is_legal_answers_what_apply_would_do_on_a_nine(name):
    # R10.1: is_legal answers what apply would do, without changing anything.
    tf = load(name)
    state = _on_a_nine(tf)
    before = state.replay()
    assert all(state.is_legal(action) for action in state.legal_actions())
    assert state.is_legal("Ph:9.5")
    assert state.is_legal("pass")
    assert not state.is_legal("Ph")  # R3.2: the led Phoenix, not legal on a 9
    assert not state.is_legal("2j")  # R5.2: lower than the table
    assert not state.is_legal("tichu")  # R7.2: seat 1 has played (from_position: every seat has)
    assert not state.is_legal("no wish")  # an action of another decision
    assert not state.is_legal("4j")  # not in his hand
    with pytest.raises(tf.InvalidNotationError):
        state.is_legal("Xz")
    with pytest.raises(tf.InvalidNotationError):
        state.is_legal("")
    with pytest.raises(TypeError):
        state.is_legal(3)
    assert state.replay() == before
    fresh = tf.HandState.new(5)
    assert fresh.is_legal("grand tichu")
    assert not fresh.is_legal("pass")


@pytest.mark.parametrize("name", BACKENDS)
def test_bare_phoenix_is_the_led_single(name):
    # R3.2: `Ph` reads as the Phoenix led (1.5); on a 9 it must be written Ph:9.5.
    tf = load(name)
    state = _on_a_nine(tf)
    before = state.replay()
    with pytest.raises(tf.IllegalMoveError):
        state.apply("Ph")
    assert state.replay() == before
    state.apply("Ph:9.5")
    assert str(state.table) == "Ph:9.5"
    assert state.replay().splitlines()[-1] == "Ph:9.5"


@pytest.mark.parametrize("name", BACKENDS)
def test_bare_phoenix_message_suggests_the_rank(name):
    # R3.2: the message tells how to write the Phoenix on this table.
    tf = load(name)
    with pytest.raises(tf.IllegalMoveError, match=r"Ph:9\.5"):
        _on_a_nine(tf).apply("Ph")


@pytest.mark.parametrize(
    ("seat", "error"),
    [
        (4, IndexError),
        (-1, IndexError),
        (2**70, IndexError),
        (True, TypeError),
        (np.True_, TypeError),
        (1.0, TypeError),
    ],
)
def test_seats_are_refused_the_same_way_in_python_and_in_the_bindings(seat, error):
    state = play_state()
    for call in (
        lambda: state.observation(seat),
        lambda: state.information_state_string(seat),
        lambda: state.resample(seat, 1),
        lambda: state.playouts(1, 1, resample_for=seat),
        lambda: state.observation_tensor(seat),
        lambda: state.seen(seat),
        lambda: tf.score_hand([seat, 1, 2], [tf.Cards()] * 4, tf.Cards(), [0, 0, 0, 0]),
    ):
        with pytest.raises(error):
            call()


def test_seats_take_numpy_integers():
    state = play_state()
    assert state.observation(np.int64(2)) == state.observation(2)
    assert state.information_state_string(np.uint8(1)) == state.information_state_string(1)


def test_observation_out_that_cannot_be_filled_in_place(backend):
    state = backend.HandState.new(2)
    strided = np.zeros(2 * OBSERVATION_SIZE, np.float32)[::2]
    if backend is tf:  # the core writes raw memory: a strided view cannot be filled in place
        with pytest.raises(ValueError):
            state.observation_array(0, strided)
    else:  # numpy writes the view itself
        assert np.array_equal(state.observation_array(0, strided), state.observation_array(0))
    read_only = np.zeros(OBSERVATION_SIZE, np.float32)
    read_only.flags.writeable = False
    with pytest.raises(ValueError):
        state.observation_array(0, read_only)
    with pytest.raises(ValueError):
        state.observation_array(0, np.zeros(OBSERVATION_SIZE + 1, np.float32))
    with pytest.raises(TypeError):
        state.observation_array(0, np.zeros(OBSERVATION_SIZE, np.float64))
    out = np.full(OBSERVATION_SIZE, 7, np.float32)
    assert state.observation_array(1, out) is out
    assert np.array_equal(out, state.observation_array(1))


def test_observation_size_agrees():
    from tichu_fast.reference import observation as ref_obs

    assert _core.OBSERVATION_SIZE == tf.OBSERVATION_SIZE == OBSERVATION_SIZE == tf.reference.OBSERVATION_SIZE
    assert ref_obs.OBSERVATION_SIZE == _core.OBSERVATION_SIZE


def test_observation_offsets_agree_with_the_reference():
    from tichu_fast.reference import observation as ref_obs

    offsets = _core.OBSERVATION_OFFSETS
    assert sorted(offsets.values())[0][0] == 0
    assert sorted(offsets.values())[-1][1] == OBSERVATION_SIZE
    blocks = sorted(offsets.values())
    assert all(a[1] == b[0] for a, b in itertools.pairwise(blocks))  # no gaps, no overlaps
    for name, (start, _) in offsets.items():
        assert getattr(ref_obs, "OFFSET_" + name.upper()) == start, name


def test_two_threads_applying_keep_history_in_step():
    state = tf.HandState.new(11)
    barrier = threading.Barrier(2)

    def hammer(seed):
        rng = random.Random(seed)
        barrier.wait()
        for _ in range(2000):
            actions = state.legal_actions()
            if not actions:
                return
            try:
                if rng.random() < 0.5:
                    state.apply(rng.choice(actions))
                else:
                    state.apply_index(rng.randrange(len(actions)))
            except (IllegalMoveError, IndexError):
                pass  # the other thread moved the state on: nothing happened

    threads = [threading.Thread(target=hammer, args=(s,)) for s in (1, 2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert tf.HandState.from_replay(state.replay()) == state


def test_clone_copies_the_history(backend):
    state = mid_hand(backend, 8, 30)
    copy = state.clone()
    assert copy == state
    assert copy.history == state.history
    copy.apply_index(0)
    assert len(copy.history) == len(state.history) + 1
