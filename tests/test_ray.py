"""The arena on a local Ray instance gives exactly the local run's numbers (pip install ".[ray]" in the checkout)."""

from __future__ import annotations

import pytest

from tichu_fast.arena import duplicate
from tichu_fast.bots import HeuristicBot, MonteCarloBot, RandomBot

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False)
    yield
    ray.shutdown()


def same_numbers(x, y) -> bool:
    time = {"seconds": 0, "seconds_per_decision": 0}
    return x.deal_margins == y.deal_margins and x.to_dict() | time == y.to_dict() | time


@pytest.mark.usefixtures("local_ray")
def test_cpp_policies_on_ray_equal_the_local_run():
    local = duplicate(HeuristicBot(), RandomBot(calls=False), 300, 9)
    remote = duplicate(HeuristicBot(), RandomBot(calls=False), 300, 9, ray="auto")
    assert same_numbers(local, remote)


@pytest.mark.usefixtures("local_ray")
def test_python_bots_on_ray_equal_the_local_run():
    def first_action(state, _seat):  # a plain function travels too
        return state.legal_actions()[0]

    mc = MonteCarloBot(worlds=2, policy="random")
    local = duplicate(mc, first_action, 6, 3)
    remote = duplicate(mc, first_action, 6, 3, ray="auto")
    assert same_numbers(local, remote)


@pytest.mark.usefixtures("local_ray")
def test_simulate_on_ray_equals_the_local_run():
    from tichu_fast import simulate

    local = simulate(2_000, 5, policy="heuristic", calls=True)
    remote = simulate(2_000, 5, policy="heuristic", calls=True, ray="auto")
    assert local.tobytes() == remote.tobytes()


@pytest.mark.usefixtures("local_ray")
def test_cli_simulate_on_ray_gives_the_local_summary():
    from tichu_fast.cli import simulate

    timing = {"seconds": 0, "hands_per_second": 0}
    local = simulate(3_000, 2, policy="random")
    remote = simulate(3_000, 2, policy="random", ray="auto")
    assert local | timing == remote | timing
