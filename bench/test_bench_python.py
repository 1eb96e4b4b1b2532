"""pytest-benchmark cases for issue 18's Python-facing rows: `observation(p)`
early and late in a hand (it should cost the same), `observation(p)` after
every decision of a hand driven from Python, and a random hand driven by
`apply_index` (the resample rows are in test_bench_resample.py).

    python -m pytest -n0 bench/test_bench_python.py --benchmark-columns=mean,stddev,rounds
"""

from __future__ import annotations

import pytest

import tichu_fast as tf
from situations import at_play, random_hands


@pytest.mark.parametrize("steps", [10, 80])
def test_observation_by_history_length(benchmark, steps):
    states = [s for s in (at_play(seed, steps) for seed in range(50)) if not s.is_terminal()]

    def run():
        return [s.observation(s.current_player) for s in states]

    benchmark.extra_info["calls"] = len(states)
    assert len(benchmark(run)) == len(states)


def test_random_hands_apply_index(benchmark):
    benchmark.extra_info["hands"] = 20
    assert benchmark(random_hands, tf, 20, False) > 0


def test_random_hands_apply_index_and_observation(benchmark):
    benchmark.extra_info["hands"] = 20
    assert benchmark(random_hands, tf, 20, True) > 0
