"""The arena on a local Ray instance gives exactly the local run's numbers (pip install ".[ray]" in the checkout)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tichu_fast import simulate
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


def test_cli_ray_auto_without_a_cluster_uses_a_local_instance(tmp_path):
    # A one-machine user: no `ray start`, so auto finds no cluster and starts a local instance.
    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}
    result = subprocess.run(
        [sys.executable, "-m", "tichu_fast", "simulate", "--hands", "300", "--seed", "4", "--ray", "auto", "--json"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
        env=env,
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    local = simulate(300, 4, calls=False, summary=True).to_dict()
    remote = json.loads(result.stdout)
    assert remote["team_score"] == local["team_score"]
    if "starting a local instance" not in result.stderr:  # a cluster did run on this machine
        pytest.skip("a Ray cluster is running here: auto connected to it")


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
def test_simulate_summary_on_ray_gives_the_local_summary():
    timing = {"seconds": 0, "hands_per_second": 0}
    local = simulate(3_000, 2, policy="random", summary=True).to_dict()
    remote = simulate(3_000, 2, policy="random", ray="auto", summary=True).to_dict()
    assert local | timing == remote | timing


def test_self_play_on_ray_makes_the_local_data(local_ray):  # noqa: ARG001 (the fixture starts Ray)
    """tichu_fast.net.selfplay on Ray tasks: the arrays of the local run, the spec's network sent to the workers."""
    import numpy as np

    from tichu_fast.net import network, registry
    from tichu_fast.net.selfplay import SearchSpec, play_hands

    rng = np.random.default_rng(3)
    shapes = network.shapes(8, 8)
    weights = {k: (rng.standard_normal(s) * 0.3).astype(np.float32) for k, s in shapes.items()}
    registry.register(network.Network.of(weights), "test-ray")
    spec = SearchSpec(iterations=20, net="test-ray", net_prior=2.0)
    local = play_hands(4, 10, 3, spec)
    remote = play_hands(4, 10, 3, spec, ray="local")
    for name in ("obs", "moves", "offsets", "visits", "chosen", "margin", "hand"):
        assert np.array_equal(getattr(local, name), getattr(remote, name)), name
