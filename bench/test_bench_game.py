"""pytest-benchmark suite: whole random hands (`tf.simulate`) and random
playouts from mid-hand positions, on one and two threads: the figures of
docs/speed.md "Other per-call costs" and "Threads". One round plays every hand once.

    python -m pytest bench/test_bench_game.py -n 0 --benchmark-columns=mean,stddev,rounds
"""

from __future__ import annotations

import pytest

import tichu_fast as tf
from situations import mid_hand_positions

HANDS = 5_000
STATES = [state for state, _ in mid_hand_positions(50, 18)]
PER_STATE = 40


@pytest.mark.parametrize("threads", [1, 2])
def test_simulate(benchmark, threads):
    benchmark.extra_info["hands"] = HANDS
    records = benchmark(tf.simulate, HANDS, 0, policy="random", threads=threads)
    assert len(records) == HANDS


@pytest.mark.parametrize("threads", [1, 2])
def test_random_playouts_mid_hand(benchmark, threads):
    def run() -> int:
        done = 0
        for i, state in enumerate(STATES):
            done += len(state.playouts(PER_STATE, i, policy="random", threads=threads))
        return done

    benchmark.extra_info["playouts"] = PER_STATE * len(STATES)
    assert benchmark(run) == PER_STATE * len(STATES)
