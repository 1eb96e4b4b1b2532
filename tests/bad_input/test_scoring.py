"""Bad input to the scoring functions (score_hand, card_points): counts, seats, calls and piles (R8)."""

from __future__ import annotations

import numpy as np
import pytest

from tichu_fast.enums import Call

from .helpers import check


def _score_inputs(backend):
    C = backend.Cards
    p0, p1, p3, hand = C("5j 10j"), C("Kj Dr"), C("10s Ks"), C("5p Ph")
    p2 = backend.DECK - p0 - p1 - p3 - hand
    return [p0, p1, p2, p3], hand, [Call.NONE] * 4


def test_score_wrong_counts(backend):
    # docs: not 4 piles / 4 calls raises ValueError
    piles, hand, calls = _score_inputs(backend)
    check(ValueError, lambda: backend.score_hand([0, 1, 2], piles[:3], hand, calls), "pile")
    check(ValueError, lambda: backend.score_hand([0, 1, 2], [*piles, backend.Cards()], hand, calls), "pile")
    check(ValueError, lambda: backend.score_hand([0, 1, 2], piles, hand, calls[:3]), "call")
    check(ValueError, lambda: backend.score_hand([0, 1, 2], piles, hand, [*calls, Call.NONE]), "call")


@pytest.mark.parametrize("out_order", [[0, 4], [4, 1, 2], [0, 1, -1], [0, 1, 7]])
def test_score_seat_out_of_range(backend, out_order):
    # docs: a seat outside 0..3 is IndexError
    piles, hand, calls = _score_inputs(backend)
    bad = str(next(s for s in out_order if not 0 <= s <= 3))
    check(IndexError, lambda: backend.score_hand(out_order, piles, hand, calls), "seat", bad)


@pytest.mark.parametrize("out_order", [[0, 0], [1, 1], [0, 1, 0], [3, 2, 3]])
def test_score_repeated_seat(backend, out_order):
    # docs: a repeated seat raises ValueError
    piles, hand, calls = _score_inputs(backend)
    check(ValueError, lambda: backend.score_hand(out_order, piles, hand, calls))


@pytest.mark.parametrize("out_order", [[0, 1], [2, 3], [0, 2, 1], [3, 1, 0], [0], []])
def test_score_not_a_finished_hand(backend, out_order):
    # R8.1 / docs: 2 seats of different teams, 3 seats whose first two are partners: ValueError
    piles, hand, calls = _score_inputs(backend)
    check(ValueError, lambda: backend.score_hand(out_order, piles, hand, calls))


@pytest.mark.parametrize("bad", [3, -1, 7])
def test_score_bad_call(backend, bad):
    # docs: a call value outside 0..2 raises ValueError
    piles, hand, _ = _score_inputs(backend)
    calls = [0, bad, 0, 0]
    check(ValueError, lambda: backend.score_hand([0, 1, 2], piles, hand, calls), "call", str(bad))


def test_score_overlapping_piles(backend):
    # docs: piles overlapping each other or the tailender's hand raise ValueError
    piles, hand, calls = _score_inputs(backend)
    bad = list(piles)
    bad[1] = bad[1] | backend.Cards("5j")  # 5j is also in pile 0
    check(ValueError, lambda: backend.score_hand([0, 1, 2], bad, hand, calls), "overlap", "5j", "shar", "both")
    bad = list(piles)
    bad[3] = bad[3] | backend.Cards("Ph")  # Ph is also in the tailender's hand
    check(ValueError, lambda: backend.score_hand([0, 1, 2], bad, hand, calls), "overlap", "Ph", "shar", "both")


def test_card_points_bad_input(backend):
    # docs: a wrong type raises TypeError, an invalid mask ValueError
    check(TypeError, lambda: backend.card_points(1.5))
    check(ValueError, lambda: backend.card_points(np.array([1 << 56], dtype=np.uint64)))


def test_double_victory_ignores_the_tailender_hand(backend):
    # R8.3 and docs/api.md: after a double victory the tailender's hand is ignored.
    piles = [backend.Cards("Ph"), backend.Cards(), backend.Cards(), backend.Cards()]
    assert backend.score_hand([0, 2], piles, backend.Cards("Ph"), [0, 0, 0, 0]) == (200, 0)


@pytest.mark.parametrize("seat", [2**100, -(2**100)])
def test_a_huge_seat_is_an_index_error(backend, seat):
    piles = [backend.Cards()] * 4
    with pytest.raises(IndexError):
        backend.score_hand([0, seat, 1], piles, backend.Cards(), [0, 0, 0, 0])
