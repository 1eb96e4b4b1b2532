"""Fuzz targets for every entry point that takes outside input: card and
move text, masks, numpy arrays of any dtype and shape, arbitrary argument
values, actions applied to game states, replay text. Each target must either answer like the reference or raise an
error of the documented hierarchy: never crash, never anything else.

Deselected from the plain test run; scripts/sanitize.sh runs them under
AddressSanitizer and UndefinedBehaviorSanitizer for FUZZ_SECONDS in all:

    FUZZ_SECONDS=60 python -m pytest -m fuzz tests/bad_input/test_fuzz.py

A failure that hypothesis finds is kept below as an @example.
"""

from __future__ import annotations

import os
import time

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import tichu_fast as cpp
from tichu_fast import reference as ref
from tichu_fast.errors import TichuError

pytestmark = pytest.mark.fuzz

TARGETS = 8
SECONDS = float(os.environ.get("FUZZ_SECONDS", "6")) / TARGETS
ALLOWED = (TichuError, ValueError, TypeError, IndexError)

TOKENS = [*cpp.CARD_NAMES, "Ph:9", "Ph:9.5", "Ph:A", "Ph:1.5", "Ph:", "Ph:15", "pass", "T", "Tj", "1j", "11s", ","]


def run_for_a_while(test) -> None:
    """Runs a hypothesis test again and again until this target's time is up."""
    end = time.monotonic() + SECONDS
    fuzz = settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))(test)
    while True:
        fuzz()
        if time.monotonic() > end:
            break


def outcome(call):
    """What a call did: ("ok", value) or ("error", exception class family)."""
    try:
        return "ok", call()
    except ALLOWED as error:
        return "error", type(error).__name__ if isinstance(error, TichuError) else "builtin"


texts = st.one_of(
    st.text(max_size=40),
    st.lists(st.sampled_from(TOKENS), max_size=16).map(" ".join),
    st.lists(st.sampled_from(TOKENS), max_size=8).map(lambda t: ", ".join(x.upper() for x in t)),
)


def test_card_text():
    @given(texts)
    def fuzz(text):
        a = outcome(lambda: cpp.Cards(text).mask)
        b = outcome(lambda: ref.Cards(text).mask)
        assert a == b, text

    run_for_a_while(fuzz)


def test_move_text():
    @given(texts)
    def fuzz(text):
        a = outcome(lambda: str(cpp.Move(text)))
        b = outcome(lambda: str(ref.Move(text)))
        assert a == b, text
        if a[0] == "ok":
            assert str(cpp.Move(a[1])) == a[1]

    run_for_a_while(fuzz)


def test_masks():
    @given(st.one_of(st.integers(), st.integers(-(2**70), 2**70), st.integers(0, 2**56 - 1)))
    def fuzz(mask):
        a = outcome(lambda: cpp.Cards(mask).mask)
        assert a == outcome(lambda: ref.Cards(mask).mask)
        if a[0] == "ok":
            assert len(cpp.Cards(mask)) == bin(mask).count("1")
            assert cpp.count_legal_moves(mask) >= 0 if len(cpp.Cards(mask)) <= 14 else True

    run_for_a_while(fuzz)


plain_arrays = hnp.arrays(
    dtype=st.one_of(hnp.integer_dtypes(), hnp.unsigned_integer_dtypes(), hnp.floating_dtypes(), hnp.boolean_dtypes()),
    shape=hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=5),
)


@st.composite
def record_arrays(draw):
    """MOVE_DTYPE (or same-sized raw) arrays full of random bytes."""
    dtype = draw(st.sampled_from([cpp.MOVE_DTYPE, np.dtype("V16")]))
    n = draw(st.integers(0, 40))
    raw = draw(st.binary(min_size=16 * n, max_size=16 * n))
    return np.frombuffer(raw, dtype=dtype).copy()


arrays = st.one_of(plain_arrays, record_arrays())


def test_arrays():
    @given(arrays, st.booleans(), st.booleans())
    def fuzz(array, strided, read_only):
        if strided and array.ndim:
            array = array[::2]
        if read_only:
            array.flags.writeable = False
        for backend in (cpp, ref):
            outcome(lambda b=backend: b.from_masks(array))
            outcome(lambda b=backend: b.card_points(array))
            outcome(lambda b=backend: b.legal_moves_into(array, "5j 5s Ph 9p", "4j 4s"))
            outcome(lambda b=backend: b.legal_moves_array("5j 5s Ph 9p", None, None, False, array))
        if array.dtype == cpp.MOVE_DTYPE and array.ndim == 1 and len(array):
            outcome(lambda: cpp.Move.from_record(array[0]))
        if array.dtype.kind in "ui" and array.ndim == 1:
            assert outcome(lambda: [c.mask for c in cpp.from_masks(array)]) == outcome(
                lambda: [c.mask for c in ref.from_masks(array)]
            )

    run_for_a_while(fuzz)


anything = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**65), 2**65),
    st.floats(),
    texts,
    st.lists(st.sampled_from(cpp.CARD_NAMES), max_size=5),
    st.just(cpp.Move.PASS),
    st.sampled_from(["7j", "Dog", "Dr", "Ph:9.5", "2s 3s 4s 5s 6s", "8j 8s 8p 8t"]).map(cpp.Move),
    st.sampled_from(["5j 5s Ph 9p", "MJ Dog Ph Dr"]).map(cpp.Cards),
    st.builds(object),
    st.just(np.int64(7)),
    st.just(np.zeros(3)),
)


def test_legal_move_arguments():
    @given(anything, anything, anything, anything)
    def fuzz(hand, table, wish, out_of_turn):
        outcome(lambda: cpp.legal_moves(hand, table, wish, out_of_turn))
        outcome(lambda: cpp.count_legal_moves(hand, table=table, wish=wish, out_of_turn=out_of_turn))
        outcome(lambda: cpp.classify(hand))
        outcome(lambda: cpp.beats(hand, table))

    run_for_a_while(fuzz)


def test_score_arguments():
    @given(
        st.lists(anything, max_size=5),
        st.lists(st.one_of(anything, st.integers(0, 2**56 - 1)), max_size=5),
        anything,
        st.lists(st.one_of(anything, st.integers(-1, 3)), max_size=5),
    )
    def fuzz(out_order, piles, tailender, calls):
        outcome(lambda: cpp.score_hand(out_order, piles, tailender, calls))
        outcome(lambda: cpp.deal(out_order[0] if out_order else None))

    run_for_a_while(fuzz)


ACTION_WORDS = [*TOKENS, "grand", "tichu", "no", "push", "wish", "give", "0", "1", "2", "3", "4", "A", "7", "Dog"]


def advanced_states(seed: int, steps: int):
    """The same random point of one hand in both backends."""
    import random

    a, b = cpp.HandState.new(seed), ref.HandState.new(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if b.is_terminal():
            break
        choice = rng.choice(sorted(map(str, b.legal_actions())))
        a.apply(choice)
        b.apply(choice)
    return a, b


def test_actions_applied_to_states():
    @given(
        st.integers(0, 2**64 - 1),
        st.integers(0, 120),
        st.one_of(texts, st.lists(st.sampled_from(ACTION_WORDS), max_size=5).map(" ".join)),
        anything,
    )
    def fuzz(seed, steps, text, other):
        a, b = advanced_states(seed, steps)
        before = a.clone()
        got = outcome(lambda: a.apply(text))
        assert got[0] == outcome(lambda: b.apply(text))[0], text  # both accept or both refuse
        if got[0] == "error":
            assert a == before  # a rejected action changes nothing
        else:
            assert a.replay() == b.replay()
        before = a.clone()
        if outcome(lambda: a.apply(other))[0] == "error":
            assert a == before

    run_for_a_while(fuzz)


def test_replay_text():
    @given(st.integers(0, 2**64 - 1), st.integers(0, 60), st.data())
    def fuzz(seed, steps, data):
        a, _ = advanced_states(seed, steps)
        lines = a.replay().splitlines()
        i = data.draw(st.integers(0, len(lines) - 1))
        edit = data.draw(st.sampled_from(["drop", "swap", "garble", "duplicate", "truncate"]))
        if edit == "drop":
            del lines[i]
        elif edit == "swap" and i + 1 < len(lines):
            lines[i], lines[i + 1] = lines[i + 1], lines[i]
        elif edit == "garble":
            lines[i] = data.draw(st.one_of(texts, st.just(lines[i][::-1]), st.just(lines[i].upper())))
        elif edit == "duplicate":
            lines.insert(i, lines[i])
        else:
            lines[i] = lines[i][: data.draw(st.integers(0, len(lines[i])))]
        text = "\n".join(lines)
        got = outcome(lambda: cpp.HandState.from_replay(text).replay())
        assert got == outcome(lambda: ref.HandState.from_replay(text).replay()), text

    run_for_a_while(fuzz)
