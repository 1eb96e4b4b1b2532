"""The C++ bindings keep no stray reference per call: pybind11's
py::typing::Optional and Union check an object with PyObject_Type, which
returns a new reference, so an argument or result of those types leaked one
reference to its type on every call."""

from __future__ import annotations

import sys

from tichu_fast import HandState, _core


def _state_with_a_table() -> HandState:
    """A hand past the exchange, with a combination on the table."""
    state = HandState.new(seed=7)
    while state.table is None:
        state.apply_index(0)
    return state


def _references(kind: type, call, times: int = 500) -> int:
    call()  # any first-use caches
    before = sys.getrefcount(kind)
    for _ in range(times):
        call()
    return sys.getrefcount(kind) - before


def test_optional_results_keep_no_reference_to_their_type():
    state = _state_with_a_table()
    assert _references(_core.Move, lambda: state.table) == 0


def test_action_arguments_keep_no_reference_to_their_type():
    state = _state_with_a_table()
    action = state.legal_actions()[0]
    assert _references(_core.Action, lambda: state.is_legal(action)) == 0
