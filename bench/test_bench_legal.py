"""pytest-benchmark suite: legal-move enumeration on the seeded situations
of bench/situations.py, in the C++ core alone, from Python, and in the
reference. One benchmark round runs every hand of a situation once.

    python -m pip install ".[bench]"
    python -m pytest bench --benchmark-columns=mean,stddev,rounds
"""

from __future__ import annotations

import numpy as np
import pytest

import tichu_fast as tf
from situations import scenarios
from tichu_fast import _core
from tichu_fast import reference as ref

SCENARIOS = scenarios(500)
IDS = [s.name.replace(" ", "_").replace(",", "") for s in SCENARIOS]


@pytest.mark.parametrize("scenario", SCENARIOS, ids=IDS)
def test_core(benchmark, scenario):
    benchmark.extra_info["hands"] = len(scenario.hands)
    total = benchmark(_core._time_legal_moves, scenario.hands, scenario.table, scenario.wish, False, 1)[0]
    assert total >= len(scenario.hands)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=IDS)
def test_into_from_python(benchmark, scenario):
    hands = [tf.Cards(int(h)) for h in scenario.hands]
    out = np.empty(tf.MAX_LEGAL_MOVES, dtype=tf.MOVE_DTYPE)
    table, wish = scenario.table, scenario.wish

    def run():
        return sum(tf.legal_moves_into(out, hand, table, wish) for hand in hands)

    benchmark.extra_info["hands"] = len(hands)
    assert benchmark(run) >= len(hands)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=IDS)
def test_count_from_python(benchmark, scenario):
    hands = [tf.Cards(int(h)) for h in scenario.hands]
    table, wish = scenario.table, scenario.wish
    benchmark.extra_info["hands"] = len(hands)
    assert benchmark(lambda: sum(tf.count_legal_moves(h, table, wish) for h in hands)) >= len(hands)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=IDS)
def test_reference(benchmark, scenario):
    hands, table = scenario.reference_args()
    hands = [ref.Cards(h) for h in hands[:50]]
    benchmark.extra_info["hands"] = len(hands)
    result = benchmark.pedantic(lambda: sum(len(ref.legal_moves(h, table, scenario.wish)) for h in hands), rounds=3)
    assert result >= len(hands)
