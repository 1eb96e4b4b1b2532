"""Bad input to the legal-move functions (legal_moves, count_legal_moves, legal_moves_array,
legal_moves_into): wishes, hands, tables, and out buffers of the wrong dtype, shape or layout, resized
mid-call or read-only; finalisers that call the engine mid-call and small thread stacks change nothing."""

from __future__ import annotations

import gc
import threading

import numpy as np
import pytest

import tichu_fast as tf
from tichu_fast.errors import InvalidNotationError
from tichu_fast.formats import MAX_LEGAL_MOVES, MOVE_DTYPE

from .helpers import check, mid_hand

WORST = "Ph 3j 3s 3p 4j 4s 4p 4t 5j 5s 5p 5t 6j 6s"


FUNCS = ["legal_moves", "count_legal_moves", "legal_moves_array"]


@pytest.mark.parametrize("func", FUNCS)
def test_table_is_pass(backend, func):
    # docs: table a pass raises ValueError
    f = getattr(backend, func)
    check(ValueError, lambda: f("5j 6s", table=backend.Move.PASS), "pass")
    check(ValueError, lambda: f("5j 6s", table="pass"), "pass")


@pytest.mark.parametrize("func", FUNCS)
def test_table_overlaps_hand(backend, func):
    # docs: table sharing cards with hand raises ValueError
    f = getattr(backend, func)
    check(ValueError, lambda: f("5j 6j", table="5j"), "5j", "overlap", "shar", "both")
    check(ValueError, lambda: f("Ph 6j", table="Ph:5 5s"), "Ph", "overlap", "shar", "both")
    check(ValueError, lambda: f("2j 2s 2p 2t", table="2j 2s 2p 2t", out_of_turn=True), "2j", "overlap", "shar", "both")


@pytest.mark.parametrize("func", FUNCS)
@pytest.mark.parametrize("wish", [1, 15, 0, -3, 100])
def test_bad_wish_value(backend, func, wish):
    # R6.1 / docs: a wish outside 2..14 raises ValueError
    f = getattr(backend, func)
    check(ValueError, lambda: f("5j 6s", wish=wish), "wish", str(wish))
    check(ValueError, lambda: f("5j 6s", table="3j", wish=wish), "wish", str(wish))


@pytest.mark.parametrize("func", FUNCS)
@pytest.mark.parametrize("wish", ["7", 7.5])
def test_bad_wish_type(backend, func, wish):
    # docs: a wrong type raises TypeError
    f = getattr(backend, func)
    check(TypeError, lambda: f("5j 6s", wish=wish))


@pytest.mark.parametrize("func", FUNCS)
def test_bad_hand(backend, func):
    # docs: hand text / mask / type errors
    f = getattr(backend, func)
    check(InvalidNotationError, lambda: f("5j Xz"), "Xz")
    check(InvalidNotationError, lambda: f("5j 5j"), "5j")
    check(ValueError, lambda: f(1 << 56))
    check(ValueError, lambda: f(-1))
    check(TypeError, lambda: f(1.5))


@pytest.mark.parametrize("func", FUNCS)
def test_hand_of_more_than_14_cards(backend, func):
    # docs: a hand of more than 14 cards raises ValueError (14 is fine)
    f = getattr(backend, func)
    fifteen = "MJ Dog Ph Dr 2j 2s 2p 2t 3j 3s 3p 3t 4j 4s 4p"
    check(ValueError, lambda: f(fifteen), "14", "15", "hand")
    check(ValueError, lambda: f(fifteen, table="Aj"), "14", "15", "hand")
    check(ValueError, lambda: f(backend.DECK.mask), "14", "56", "hand")
    f(backend.Cards(fifteen) - backend.Cards("MJ"))  # 14 cards: accepted


@pytest.mark.parametrize("func", FUNCS)
def test_bad_table(backend, func):
    # docs: table is a Move, move text or None
    f = getattr(backend, func)
    check(InvalidNotationError, lambda: f("Aj", table="5j 9s"), "not a combination", "5j 9s")
    check(InvalidNotationError, lambda: f("Aj", table="Xz"), "Xz")
    check(TypeError, lambda: f("Aj", table=5))
    check(TypeError, lambda: f("Aj", table=1.5))


def test_out_wrong_dtype(backend):
    # docs: a wrong dtype raises TypeError
    f = backend.legal_moves_array
    check(TypeError, lambda: f("5j 6s", out=np.zeros(MAX_LEGAL_MOVES, dtype=np.uint64)))
    check(TypeError, lambda: f("5j 6s", out=np.zeros(MAX_LEGAL_MOVES, dtype=np.uint8)))
    other = np.dtype([("cards", "<u8"), ("type", "u1"), ("length", "u1"), ("rank2", "u1"), ("phoenix_as", "u1")])
    check(TypeError, lambda: f("5j 6s", out=np.zeros(MAX_LEGAL_MOVES, dtype=other)))


def test_out_not_an_array(backend):
    # docs: out must be a numpy array
    check(TypeError, lambda: backend.legal_moves_array("5j 6s", out=[None] * MAX_LEGAL_MOVES))
    check(TypeError, lambda: backend.legal_moves_array("5j 6s", out=bytearray(16 * MAX_LEGAL_MOVES)))


def test_out_wrong_shape(backend):
    # docs: a wrong shape raises ValueError (2-D, or too short for the moves)
    f = backend.legal_moves_array
    check(ValueError, lambda: f("5j 6s", out=np.zeros((2, MAX_LEGAL_MOVES), dtype=MOVE_DTYPE)))
    check(ValueError, lambda: f("5j 6s", out=np.zeros((MAX_LEGAL_MOVES, 1), dtype=MOVE_DTYPE)))
    # 15 legal leads (R4.3 test in test_rules_legal.py) do not fit into 2 records
    check(ValueError, lambda: f("5j 5s 5p 5t", out=np.zeros(2, dtype=MOVE_DTYPE)))
    check(ValueError, lambda: f("5j 5s 5p 5t", out=np.zeros(0, dtype=MOVE_DTYPE)))


def test_out_not_contiguous(backend):
    # docs: out must be C-contiguous (layout: a shape/stride problem, ValueError or TypeError)
    out = np.zeros(2 * MAX_LEGAL_MOVES, dtype=MOVE_DTYPE)[::2]
    with pytest.raises((ValueError, TypeError)):
        backend.legal_moves_array("5j 6s", out=out)


def test_out_read_only(backend):
    # a read-only buffer cannot be filled
    out = np.zeros(MAX_LEGAL_MOVES, dtype=MOVE_DTYPE)
    out.flags.writeable = False
    with pytest.raises((ValueError, TypeError)):
        backend.legal_moves_array("5j 6s", out=out)


def test_out_resized_while_reading_the_arguments(backend):
    # The buffer is taken only after the arguments' own Python code has run.
    out = np.zeros(MAX_LEGAL_MOVES, dtype=MOVE_DTYPE)

    class Wish:
        def __index__(self):
            out.resize(0, refcheck=False)
            return 5

    with pytest.raises(ValueError):
        backend.legal_moves_into(out, WORST, None, Wish())


def test_a_thread_with_a_small_stack():
    result = []
    old = threading.stack_size(64 * 1024)
    try:
        thread = threading.Thread(target=lambda: result.append(tf.count_legal_moves(WORST)))
        thread.start()
        thread.join()
    finally:
        threading.stack_size(old)
    assert result == [1857]


def test_a_misaligned_buffer(backend):
    raw = np.zeros(MAX_LEGAL_MOVES * 16 + 8, dtype=np.uint8)
    out = raw[1 : 1 + MAX_LEGAL_MOVES * 16].view(MOVE_DTYPE)
    n = backend.legal_moves_into(out, "5j 5s Ph 9p Dr", "7j")
    assert {str(backend.Move.from_record(row)) for row in out[:n]} == {"pass", "9p", "Ph:7.5", "Dr"}


def test_finaliser_calling_the_engine_does_not_corrupt_results(backend):
    class Reentrant:
        def __init__(self):
            self.cycle = self  # only the cyclic GC frees it, at an allocation

        def __del__(self):
            backend.legal_moves("2j 3j 4j 5j 6j 7j 8j 9j 10j Jj Qj Kj Aj Ph")
            backend.HandState.new(4).legal_actions()

    hand = "MJ 5j 5s 6p 7t 8j 9s Ph Dr"
    expected = [str(m) for m in backend.legal_moves(hand)]
    state = mid_hand(backend, 6, 14)
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
