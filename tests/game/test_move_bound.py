"""MAX_LEGAL_MOVES: the buffer size that always suffices.

scripts/max_legal_moves.py counts the leads of every profile of rank counts
(about 11.6 million) and finds at most 1857; a response or an out-of-turn
decision has at most the leads plus the pass. The worst hands are pinned
here so that a change to the move generator that grows them is noticed.
"""

from __future__ import annotations

import numpy as np

import tichu_fast
from tichu_fast import _core
from tichu_fast.formats import MAX_LEGAL_MOVES, MOVE_DTYPE

WORST_LEAD = "Ph 3j 3s 3p 4j 4s 4p 4t 5j 5s 5p 5t 6j 6s"


def test_core_and_python_agree_on_the_bound():
    assert _core.MAX_LEGAL_MOVES == MAX_LEGAL_MOVES == tichu_fast.MAX_LEGAL_MOVES


def test_worst_lead(backend):
    # R3.5: every reading counts; this hand's full houses and pair runs
    # with the Phoenix make the largest number of moves any hand has.
    n = backend.count_legal_moves(WORST_LEAD)
    assert n == 1857
    assert n + 1 <= MAX_LEGAL_MOVES


def test_worst_lead_fits_a_max_buffer():
    out = np.zeros(MAX_LEGAL_MOVES, dtype=MOVE_DTYPE)
    view = tichu_fast.legal_moves_array(WORST_LEAD, out=out)
    assert len(view) == 1857
    assert np.shares_memory(view, out)
    assert len({bytes(row) for row in view}) == 1857
