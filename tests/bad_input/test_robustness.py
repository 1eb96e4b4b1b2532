"""Hostile but legal Python: callers that resize buffers mid-call, threads
with small stacks, misaligned views, objects that skipped __init__, odd
argument types. Each case was found in review; nothing may crash, and both
backends answer alike."""

from __future__ import annotations

import threading

import numpy as np
import pytest

import tichu_fast as cpp
from tichu_fast.formats import MAX_LEGAL_MOVES, MOVE_DTYPE

WORST = "Ph 3j 3s 3p 4j 4s 4p 4t 5j 5s 5p 5t 6j 6s"


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
        thread = threading.Thread(target=lambda: result.append(cpp.count_legal_moves(WORST)))
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


@pytest.mark.parametrize("make", [lambda: cpp.Cards.__new__(cpp.Cards), lambda: cpp.Move.__new__(cpp.Move)])
def test_objects_that_skipped_init_are_refused(make):
    thing = make()
    with pytest.raises(TypeError):
        cpp.legal_moves(thing) if isinstance(thing, cpp.Cards) else cpp.legal_moves("5j", thing)


def test_double_victory_ignores_the_tailender_hand(backend):
    # R8.3 and docs/api.md: after a double victory the tailender's hand is ignored.
    piles = [backend.Cards("Ph"), backend.Cards(), backend.Cards(), backend.Cards()]
    assert backend.score_hand([0, 2], piles, backend.Cards("Ph"), [0, 0, 0, 0]) == (200, 0)


@pytest.mark.parametrize("seat", [2**100, -(2**100)])
def test_a_huge_seat_is_an_index_error(backend, seat):
    piles = [backend.Cards()] * 4
    with pytest.raises(IndexError):
        backend.score_hand([0, seat, 1], piles, backend.Cards(), [0, 0, 0, 0])


@pytest.mark.parametrize("text", ["Ph:05 5j", "Ph:014 At", "Ph:001.5", "Ph:0010 10j"])
def test_phoenix_annotations_have_no_leading_zeros(backend, text):
    with pytest.raises(backend.InvalidNotationError):
        backend.Move(text)


@pytest.mark.parametrize(
    "call",
    [
        lambda tf: tf.Cards.parse(b"2j"),
        lambda tf: tf.Move(b"2j"),
        lambda tf: tf.Move.parse(b"2j"),
        lambda tf: tf.Cards(np.array(16)),
        lambda tf: tf.legal_moves(np.array(16)),
    ],
)
def test_bytes_and_0d_arrays_are_no_text_or_mask(backend, call):
    with pytest.raises(TypeError):
        call(backend)
