"""How `ray=` / `--ray` connects: auto falls back to a local instance, an unreachable address is one line.

A stand-in `ray` module records what would be asked of Ray, so these run without the [ray] extra;
tests/tables/test_ray.py runs the real thing.
"""

from __future__ import annotations

import sys
import types

import pytest

import tichu_fast as tf
from tichu_fast import _ray
from tichu_fast.arena import duplicate
from tichu_fast.bots import RandomBot


class FakeRay(types.ModuleType):
    """ray.init as Ray answers it: ConnectionError for "auto" with no cluster running, or any address."""

    def __init__(self) -> None:
        super().__init__("ray")
        self.calls: list[str | None] = []
        self.started = False

    def is_initialized(self) -> bool:
        return self.started

    def init(self, address: str | None = None, **_: object) -> None:
        self.calls.append(address)
        if address is not None:
            raise ConnectionError("Could not find any running Ray instance.")
        self.started = True


@pytest.fixture
def fake_ray(monkeypatch):
    ray = FakeRay()
    monkeypatch.setitem(sys.modules, "ray", ray)
    return ray


def test_auto_without_a_cluster_starts_a_local_instance(fake_ray):
    notes: list[str] = []
    assert _ray.connect("auto", notes.append) is fake_ray
    assert fake_ray.calls == ["auto", None]  # the cluster first, then a local instance
    assert notes == ["no running Ray cluster found (--ray auto): starting a local instance"]


@pytest.mark.usefixtures("fake_ray")
def test_auto_says_so_on_stderr_by_default(capsys):
    _ray.connect("auto")
    assert capsys.readouterr().err == (
        "tichu-fast: note: no running Ray cluster found (--ray auto): starting a local instance\n"
    )


@pytest.mark.parametrize("address", ["local", True, " local "])
def test_local_starts_a_local_instance(fake_ray, address):
    _ray.connect(address)
    assert fake_ray.calls == [None]


def test_an_unreachable_address_is_one_line(fake_ray):
    with pytest.raises(ValueError, match=r"^cannot reach the Ray cluster at '10\.0\.0\.9:6379' \(is `ray start`"):
        _ray.connect("10.0.0.9:6379")
    assert not fake_ray.started  # no local instance in its place


def test_an_initialised_ray_is_used_as_it_is(fake_ray):
    fake_ray.started = True
    _ray.connect("10.0.0.9:6379")
    assert fake_ray.calls == []


@pytest.mark.parametrize(("address", "error"), [(0, TypeError), (1.5, TypeError), ("", ValueError), ("  ", ValueError)])
def test_bad_ray_values_are_refused_before_ray_is_imported(monkeypatch, address, error):
    # ray=0 or ray="" once answered "ray is not installed".
    monkeypatch.setitem(sys.modules, "ray", None)  # as if not installed: the check comes first
    with pytest.raises(error, match="ray must be"):
        tf.simulate(10, ray=address)
    with pytest.raises(error, match="ray must be"):
        duplicate(RandomBot(), RandomBot(), 2, 0, ray=address)


@pytest.mark.usefixtures("fake_ray")
def test_the_cli_answers_an_unreachable_address_in_one_line(capsys):
    from tichu_fast import cli

    assert cli.main(["simulate", "--hands", "10", "--ray", "10.0.0.9:6379", "--json"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tichu-fast: cannot reach the Ray cluster at '10.0.0.9:6379'")
    assert err.count("\n") == 1
