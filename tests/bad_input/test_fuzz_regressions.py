"""Inputs the fuzz targets (tests/bad_input/test_fuzz.py) once tripped on, kept so
that they stay fixed. These run in every test run."""

from __future__ import annotations

import numpy as np
import pytest


def test_non_ascii_whitespace_is_no_separator(backend):
    # Found by test_card_text: the reference split on "\x85" (Unicode
    # whitespace), the C++ core did not. Both now read ASCII only.
    with pytest.raises(backend.InvalidNotationError):
        backend.Cards("\x85")
    with pytest.raises(backend.InvalidNotationError):
        backend.Cards("\u212aj")  # the Kelvin sign lowers to k in Unicode, not in ASCII
    assert backend.Cards("2j\t3s\n4p,5t").mask == backend.Cards("2j 3s 4p 5t").mask


def test_an_array_is_no_seed(backend):
    # Found by test_score_arguments: deal(np.zeros(3)) raised SystemError in C++.
    with pytest.raises(TypeError):
        backend.deal(np.zeros(3))


def test_an_array_is_no_flag(backend):
    # Found by test_legal_move_arguments: an array as out_of_turn left a
    # Python error set behind a successful return in C++ (SystemError).
    with pytest.raises(ValueError):
        backend.legal_moves("5j", "4j", None, np.zeros(3))


@pytest.mark.parametrize("text", ["tichu", "pass", "wish 7", "give 1", "push 2j 3j 4j", "5j 5s"])
def test_an_action_of_another_decision_is_illegal(game_backend, text):
    # Found by test_replay_text: 'tichu' at a Grand Tichu decision was
    # unreadable in C++ but illegal in the reference. Readable action text of
    # the wrong decision is an IllegalMoveError in both, and changes nothing.
    state = game_backend.HandState.new(0)
    before = state.clone()
    with pytest.raises(game_backend.IllegalMoveError):
        state.apply(text)
    assert state == before


def test_a_push_naming_a_card_twice_is_unreadable(game_backend):
    state = game_backend.HandState.new(0)
    while state.decision != game_backend.Decision.EXCHANGE:
        state.apply_index(0)
    card = next(iter(state.hands[state.current_player]))
    with pytest.raises(game_backend.InvalidNotationError):
        state.apply(f"push {card} {card} {card}")
