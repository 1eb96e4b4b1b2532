"""The boundary between Python and the C++ core: what a Python caller can pass
and must get back (review findings, each with the input that once misbehaved).

Tests taking ``backend`` run on both backends; ``cpp_only`` ones exercise the
C++ core's own objects (HandCore, OBSERVATION_OFFSETS).
"""

from __future__ import annotations

import gc
import itertools
import random
import threading

import numpy as np
import pytest

import tichu_fast as tf
from tichu_fast import _core
from tichu_fast.errors import IllegalMoveError, InvalidNotationError
from tichu_fast.formats import OBSERVATION_SIZE
from tichu_fast.rules import Rules


def _hand_seed(backend):
    return backend.hand_seed


def _mid_hand(backend, seed=3, steps=40):
    state = backend.HandState.new(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_index(rng.randrange(state.num_legal_actions()))
    return state


# -- a. objects made by __new__ without __init__ --------------------------------


class _CardsChild(tf.Cards):
    pass


@pytest.mark.parametrize("cls", [tf.Cards, tf.Move, tf.Action, _core.HandCore, _CardsChild])
def test_uninitialised_objects_are_refused(cls):
    # pybind11 objects made by __new__ alone hold no C++ value: every use is a TypeError.
    obj = cls.__new__(cls)
    uses = [lambda o: o.clone(), lambda o: o.decision, lambda o: o.legal_actions(), lambda o: o.apply_index(0)]
    if cls is not _core.HandCore:
        uses = [str, repr, hash]
    for use in uses:
        with pytest.raises(TypeError):
            use(obj)
    with pytest.raises(TypeError):
        _ = obj == obj


def test_uninitialised_arguments_are_refused():
    cards, move, action = (c.__new__(c) for c in (tf.Cards, tf.Move, tf.Action))
    with pytest.raises(TypeError):
        tf.legal_moves(cards)
    with pytest.raises(TypeError):
        tf.legal_moves("5j", move)
    with pytest.raises(TypeError):
        tf.Cards("5j") | cards
    with pytest.raises(TypeError):
        tf.HandState.new(1).apply(action)
    with pytest.raises(TypeError):
        _ = action.kind
    with pytest.raises(TypeError):
        _ = move.type


def test_pickle_still_goes_through_new(backend):
    # __new__ then __setstate__ is how pickle rebuilds: it must keep working.
    import pickle

    for value in (backend.Cards("5j Ph"), backend.Move("Ph:9 5j 6s 7p 8t")):
        assert pickle.loads(pickle.dumps(value)) == value


# -- b. positions no hand reaches (R8.1) ------------------------------------------

_FULL = tf.DECK


def _names(n, start=0):
    return list(_FULL)[start : start + n]


@pytest.mark.parametrize(
    ("hands", "out_order"),
    [
        ([_names(16), _names(3, 20), _names(3, 30), _names(3, 40)], ()),  # more than 14 cards
        ([_names(52), [], [], _names(4, 52)], (1, 2)),  # 52 cards, and a finished position
        ([_names(3), _names(3, 10), _names(3, 20), _names(3, 30)], (0, 1)),  # out seats still hold cards
        ([_names(3), [], _names(3, 20), _names(3, 30)], (1, 1)),  # a repeated seat
        ([_names(3), [], _names(3, 20), []], (1, 3)),  # R8.1: partners out first
        ([_names(3), [], [], []], (1, 2, 3)),  # R8.1: one seat holds cards
        ([_names(3), _names(3), _names(3, 20), _names(3, 30)], ()),  # shared cards
    ],
)
def test_impossible_positions_raise_value_error(backend, hands, out_order):
    with pytest.raises(ValueError):
        backend.HandState.from_position(hands, 0, out_order=out_order)


def test_core_from_position_refuses_what_once_crashed():
    # The C++ entry itself, without hand.py's conversion: ValueError, never a crash.
    rules = Rules()
    big = (1 << 16) - 1 << 4
    for hands, out in [
        ([big, 0b10000 << 40, 0, 0], []),
        ([(1 << 52) - 1 << 4, 0, 0, 0b1111], [1, 2]),
        ([1 << 4, 1 << 5, 1 << 6, 1 << 7], [0, 1]),
        ([1 << 4, 0, 1 << 6, 1 << 7], [1, 1]),
        ([1 << 4, 0, 1 << 6, 1 << 7], [1, 2, 3, 0, 1]),
    ]:
        with pytest.raises(ValueError):
            _core.HandCore.from_position(hands, [0] * 4, out, [0] * 4, 0, 0, 15, rules)
    with pytest.raises(ValueError):  # a wish outside 0 and 2..14
        _core.HandCore.from_position([1 << 4, 1 << 5, 1 << 6, 1 << 7], [0] * 4, [], [0] * 4, 0, 1, 15, rules)
    with pytest.raises(ValueError):  # a call outside 0..2
        _core.HandCore.from_position([1 << 4, 1 << 5, 1 << 6, 1 << 7], [0] * 4, [], [3, 0, 0, 0], 0, 0, 15, rules)
    with pytest.raises(ValueError):  # bits outside the deck
        _core.HandCore.from_position([1 << 60, 1 << 5, 1 << 6, 1 << 7], [0] * 4, [], [0] * 4, 0, 0, 15, rules)


# -- c. text with no UTF-8 form ------------------------------------------------------


@pytest.mark.parametrize("text", ["\ud800", "5j \udcff"])
def test_lone_surrogates_are_invalid_notation(backend, text):
    calls = [
        lambda: backend.Cards(text),
        lambda: backend.Cards([text]),
        lambda: backend.Move(text),
        lambda: backend.legal_moves(text),
        lambda: backend.legal_moves("5j", text),
        lambda: text in backend.Cards("5j"),
        lambda: backend.HandState.new(1).apply(text),
        lambda: backend.HandState.new(1).parse_action(text),
    ]
    for call in calls:
        with pytest.raises(InvalidNotationError):
            call()


# -- d. observation_array's out must be written in place ---------------------------


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


# -- e. finalisers that call the engine while a result is built ----------------------


def test_finaliser_calling_the_engine_does_not_corrupt_results(backend):
    class Reentrant:
        def __init__(self):
            self.cycle = self  # only the cyclic GC frees it, at an allocation

        def __del__(self):
            backend.legal_moves("2j 3j 4j 5j 6j 7j 8j 9j 10j Jj Qj Kj Aj Ph")
            backend.HandState.new(4).legal_actions()

    hand = "MJ 5j 5s 6p 7t 8j 9s Ph Dr"
    expected = [str(m) for m in backend.legal_moves(hand)]
    state = _mid_hand(backend, 6, 14)
    expected_actions = [str(a) for a in state.legal_actions()]
    thresholds = gc.get_threshold()
    gc.set_threshold(1, 1, 1)
    try:
        for _ in range(30):
            for _ in range(20):
                Reentrant()
            assert [str(m) for m in backend.legal_moves(hand)] == expected
            assert [str(a) for a in state.legal_actions()] == expected_actions
            assert [str(backend.Move.from_record(r)) for r in backend.legal_moves_array(hand)] == expected
    finally:
        gc.set_threshold(*thresholds)


# -- f. legal_moves_into and out[n:] ----------------------------------------------------


INTO_HAND, INTO_TABLE = "2j 2s 3j 3s 4j 4s 5p 6t Ph", "2p 2t"  # 9 answers: pairs, Phoenix pairs, the pass


@pytest.mark.parametrize("room", [9, 10, 40, tf.MAX_LEGAL_MOVES - 1])
def test_legal_moves_into_leaves_a_short_buffer_alone_past_n(backend, room):
    # docs/api.md: a buffer shorter than MAX_LEGAL_MOVES is written in out[:n] only
    # (with MAX_LEGAL_MOVES or more, out[n:] is scratch: the C++ writes there directly).
    out = np.zeros(room, tf.MOVE_DTYPE)
    out["cards"] = 12345
    n = backend.legal_moves_into(out, INTO_HAND, INTO_TABLE)
    assert n == 9
    assert (out["cards"][n:] == 12345).all()


def test_legal_moves_into_a_full_buffer_gives_the_same_moves(backend):
    full = np.zeros(tf.MAX_LEGAL_MOVES, tf.MOVE_DTYPE)
    exact = np.zeros(9, tf.MOVE_DTYPE)
    n = backend.legal_moves_into(full, INTO_HAND, INTO_TABLE)
    assert backend.legal_moves_into(exact, INTO_HAND, INTO_TABLE) == n == 9
    assert full[:n].tobytes() == exact.tobytes()


# -- g., h., i. numbers at the boundary -------------------------------------------------


@pytest.mark.parametrize("target", [0, -1, 1_000_001, 2**64])
def test_core_refuses_targets_outside_range(target):
    # R9.1: the target is 1..1_000_000 on the C++ side whatever the dataclass lets through.
    rules = object.__new__(Rules)
    object.__setattr__(rules, "bombs_out_of_turn", True)
    object.__setattr__(rules, "target", target)
    with pytest.raises(ValueError):
        _core.HandCore.from_deck(list(range(56)), rules)


def test_core_rules_types():
    rules = object.__new__(Rules)
    object.__setattr__(rules, "bombs_out_of_turn", 1)
    object.__setattr__(rules, "target", 1000)
    with pytest.raises(TypeError):
        _core.HandCore.from_deck(list(range(56)), rules)
    with pytest.raises(TypeError):
        _core.HandCore.from_deck(list(range(56)), None)


@pytest.mark.parametrize(
    ("deck", "why"),
    [
        ([0, 0, *range(2, 56)], "56 cards once each"),  # a card twice, another missing
        ([*range(55), 54], "56 cards once each"),  # the last card twice
        ([*range(55), 56], "0..55"),  # a card past the deck (the binding's check)
    ],
)
def test_core_refuses_a_deck_without_each_card_once(deck, why):
    # R1.1: 56 cards, each dealt once; the core's check is one union, not a test per card.
    with pytest.raises(ValueError, match=why):
        _core.HandCore.from_deck(deck, Rules())


def test_hand_seed_arguments(backend):
    hand_seed = _hand_seed(backend)
    assert hand_seed(7, 0) == tf.hand_seed(7, 0)
    for seed in (-1, 2**64):
        with pytest.raises(ValueError):
            hand_seed(seed, 0)
    with pytest.raises(TypeError):
        hand_seed(True, 0)
    with pytest.raises(TypeError):
        hand_seed(1.0, 0)
    with pytest.raises(ValueError):
        hand_seed(1, -1)


def test_apply_index_arguments(backend):
    state = backend.HandState.new(5)
    before = state.replay()
    with pytest.raises(TypeError):
        state.apply_index(True)
    for index in (2, 2**31, 2**70, -1):
        with pytest.raises(IndexError):
            state.apply_index(index)
    assert state.replay() == before


# -- j., k. construction ---------------------------------------------------------------


def test_from_deal_refuses_cards_and_empty_names(backend):
    hands = [" ".join(h) for h in backend.deal(1)]
    with pytest.raises(TypeError):
        backend.HandState.from_deal([backend.Cards(hands[0]), *hands[1:]])
    with pytest.raises(InvalidNotationError):
        backend.HandState.from_deal([hands[0].replace(" ", ",", 1).replace(",", ",,", 1), *hands[1:]])
    listed = [h.split() for h in hands]
    with pytest.raises(InvalidNotationError):
        backend.HandState.from_deal([[*listed[0][:13], ""], *listed[1:]])


def test_direct_construction_is_refused(backend):
    with pytest.raises(TypeError):
        backend.HandState()


# -- l. error messages quote at most 80 characters ------------------------------------


def test_error_messages_quote_at_most_80_characters(backend):
    long_text = "x" * 500
    for call in (
        lambda: backend.Cards(long_text),
        lambda: backend.Move(long_text),
        lambda: backend.HandState.new(1).apply(long_text),
    ):
        with pytest.raises(ValueError) as info:
            call()
        assert "x" * 81 not in str(info.value)
        assert "x" * 80 in str(info.value)


# -- 6. history recorded with the action, from any thread ------------------------------


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
    state = _mid_hand(backend, 8, 30)
    copy = state.clone()
    assert copy == state
    assert copy.history == state.history
    copy.apply_index(0)
    assert len(copy.history) == len(state.history) + 1


# -- 9. the observation layout, one source per backend ---------------------------------


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


# -- 10. is_legal ------------------------------------------------------------------


def test_is_legal(backend):
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
