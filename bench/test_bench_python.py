"""pytest-benchmark cases for issue 18's Python-facing rows: `observation(p)`
early and late in a hand (it should cost the same), `observation(p)` after
every decision of a hand driven from Python, and a random hand driven by
`apply_index` (the resample rows are in test_bench_resample.py).

    python -m pytest -n0 bench/test_bench_python.py --benchmark-columns=mean,stddev,rounds
"""

from __future__ import annotations

import random

import pytest

import tichu_fast as tf


def _walked(seed: int, steps: int) -> tf.HandState:
    """A random hand walked `steps` decisions, then on to the next PLAY decision (None if it ended)."""
    rng = random.Random(seed)
    state = tf.HandState.new(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_index(rng.randrange(state.num_legal_actions()))
    while not state.is_terminal() and state.decision != tf.Decision.PLAY:
        state.apply_index(0)
    return state


@pytest.mark.parametrize("steps", [10, 80])
def test_observation_by_history_length(benchmark, steps):
    states = [s for s in (_walked(seed, steps) for seed in range(50)) if not s.is_terminal()]

    def run():
        return [s.observation(s.current_player) for s in states]

    benchmark.extra_info["calls"] = len(states)
    assert len(benchmark(run)) == len(states)


def _random_hands(observe: bool) -> int:
    rng = random.Random(7)
    decisions = 0
    for seed in range(20):
        state = tf.HandState.new(seed)
        while not state.is_terminal():
            if observe:
                state.observation(state.current_player)
            state.apply_index(rng.randrange(state.num_legal_actions()))
            decisions += 1
    return decisions


def test_random_hands_apply_index(benchmark):
    benchmark.extra_info["hands"] = 20
    assert benchmark(_random_hands, False) > 0


def test_random_hands_apply_index_and_observation(benchmark):
    benchmark.extra_info["hands"] = 20
    assert benchmark(_random_hands, True) > 0
