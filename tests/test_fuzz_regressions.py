"""Inputs the fuzz targets (tests/test_fuzz.py) once tripped on, kept so
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
