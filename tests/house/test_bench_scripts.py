"""The benchmark scripts measure what they print without subtracting times taken apart.

Speed itself is never asserted (it lives in bench/); these check that the figures the
scripts print are of a kind that cannot go negative, as `apply_index(i) ... -244 ns` once did.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import compare
import compare_game
import tichu_fast as tf


class Clock:
    """A fake perf_counter: time moves only when work says so."""

    now = 0.0

    def perf_counter(self) -> float:
        return self.now


class Slow:
    """A state whose clone costs a second and whose apply costs a millisecond of the fake clock."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock

    def clone(self) -> Slow:
        self.clock.now += 1.0
        return Slow(self.clock)

    def apply(self, _action: object) -> None:
        self.clock.now += 0.001


def test_apply_is_timed_without_the_copies(monkeypatch):
    # The copies are made before the clock starts: the step's own time, nothing subtracted.
    clock = Clock()
    monkeypatch.setattr(compare_game, "time", clock)
    states = [(Slow(clock), None) for _ in range(5)]
    assert compare_game.per_apply(states, number=2) == pytest.approx(0.001)


def test_ratios_print_without_a_bare_zero():
    assert compare_game.times(0.48) == "0.48x"
    assert compare_game.times(1234.4) == "1,234x"


def test_the_numpy_form_is_a_ratio_of_interleaved_rounds():
    scenario = compare.scenarios(20)[2]  # an answer to a single: the fastest, where noise mattered most
    result = compare.measure(scenario, reference_hands=5, rounds=2)
    assert result["numpy_ratio"] > 0
    assert set(result) >= {"core", "numpy", "numpy_ratio", "count", "list", "reference"}
    assert tf.count_legal_moves(tf.Cards(int(scenario.hands[0])), scenario.table) >= 1  # R5.2: the pass at least
