"""legal_moves_into and the argument binding of the legal-move functions
(in C++ they bypass pybind11 for speed, so Python's own rules are checked
here: positional or keyword, missing, unexpected, duplicated arguments)."""

from __future__ import annotations

import numpy as np
import pytest

from tichu_fast.formats import MAX_LEGAL_MOVES, MOVE_DTYPE

HAND = "5j 5s Ph 9p Dr"


def test_into_fills_the_buffer_and_returns_the_count(backend):
    # R3.2, R3.3, R5.2: the moves on a 7 single, written in place
    out = np.zeros(MAX_LEGAL_MOVES, dtype=MOVE_DTYPE)
    n = backend.legal_moves_into(out, HAND, "7j")
    texts = {str(backend.Move.from_record(row)) for row in out[:n]}
    assert texts == {"pass", "9p", "Ph:7.5", "Dr"}
    assert n == backend.count_legal_moves(HAND, "7j")


def test_into_a_short_buffer(backend):
    # A buffer shorter than MAX_LEGAL_MOVES works while the moves fit.
    out = np.zeros(4, dtype=MOVE_DTYPE)
    assert backend.legal_moves_into(out, HAND, "7j") == 4
    with pytest.raises(ValueError):
        backend.legal_moves_into(np.zeros(3, dtype=MOVE_DTYPE), HAND, "7j")


@pytest.mark.parametrize(
    ("out", "error"),
    [
        (np.zeros(MAX_LEGAL_MOVES, dtype=np.uint64), TypeError),
        (np.zeros((2, MAX_LEGAL_MOVES), dtype=MOVE_DTYPE), ValueError),
        ([0] * 16, TypeError),
    ],
)
def test_into_rejects_a_wrong_buffer(backend, out, error):
    with pytest.raises(error):
        backend.legal_moves_into(out, HAND)


def test_keywords_bind_like_python(backend):
    out = np.zeros(MAX_LEGAL_MOVES, dtype=MOVE_DTYPE)
    by_keyword = backend.legal_moves_into(hand=HAND, out=out, out_of_turn=False, wish=None, table="7j")
    assert by_keyword == backend.legal_moves_into(out, HAND, "7j")
    assert backend.count_legal_moves(HAND, table="7j") == by_keyword
    assert len(backend.legal_moves(hand=HAND)) == backend.count_legal_moves(HAND)


@pytest.mark.parametrize(
    "call",
    [
        lambda tf: tf.count_legal_moves(),
        lambda tf: tf.count_legal_moves(HAND, None, None, False, None),
        lambda tf: tf.count_legal_moves(HAND, hand=HAND),
        lambda tf: tf.count_legal_moves(HAND, tabel="7j"),
        lambda tf: tf.legal_moves_into(HAND),
        lambda tf: tf.legal_moves(HAND, wish="7"),
    ],
)
def test_bad_arguments_raise_type_error(backend, call):
    with pytest.raises(TypeError):
        call(backend)
