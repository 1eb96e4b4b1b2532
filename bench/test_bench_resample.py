"""pytest-benchmark cases for one world from Python (issue 18's
`state.resample(p, seed)` line): one round draws one world at each of 50
seeded mid-hand positions, through the HandState method and through the
bare binding, so that Python's share is their difference.

    python -m pytest -n0 bench/test_bench_resample.py --benchmark-columns=mean,stddev,rounds
"""

from __future__ import annotations

from situations import mid_hand_positions
from tichu_fast._core import resample_many

POSITIONS = mid_hand_positions(50, 1)


def test_resample_method(benchmark):
    def run():
        return [state.resample(player, i) for i, (state, player) in enumerate(POSITIONS)]

    benchmark.extra_info["calls"] = len(POSITIONS)
    assert len(benchmark(run)) == len(POSITIONS)


def test_resample_binding(benchmark):
    cores = [(state._core, player) for state, player in POSITIONS]

    def run():
        return [resample_many(core, player, 1, i)[0] for i, (core, player) in enumerate(cores)]

    benchmark.extra_info["calls"] = len(cores)
    assert len(benchmark(run)) == len(cores)


def test_resample_method_same_position(benchmark):
    # A bot's decision: many worlds for one (state, seat), one call each.
    def run():
        return [state.resample(player, seed) for state, player in POSITIONS[:10] for seed in range(20)]

    benchmark.extra_info["calls"] = 200
    assert len(benchmark(run)) == 200
