"""Work cut into chunks and run as Ray tasks, the results handed back in order (the [ray] extra).

Shared by the arena and simulate: chunk i covers items [first, first + n) and
its result is what `work(first, n)` returns locally, so a run on a cluster
gives the local run's numbers.
"""

from __future__ import annotations

import importlib
import math
import sys
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

T = TypeVar("T")


def chunks(total: int, size: int) -> Iterator[tuple[int, int]]:
    """(first, n) of consecutive chunks of at most `size` items covering range(total)."""
    for first in range(0, total, size):
        yield first, min(size, total - first)


def _ray() -> Any:
    """The ray module (typed as Any whether or not it is installed); ValueError if it is not installed."""
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise ValueError(
            'ray is not installed (the [ray] extra): pip install ".[ray]" in the tichu_fast checkout'
        ) from None


def check_address(address: object) -> str:
    """`address` as connect() takes it: "auto", "local" (True too) or a cluster's address; else TypeError/ValueError."""
    if address is True:
        return "local"
    if not isinstance(address, str):
        raise TypeError(f'ray must be "auto", "local", True or a cluster address (a str), not {type(address).__name__}')
    text = address.strip()
    if not text:
        raise ValueError('ray must be "auto", "local", True or a cluster address, not an empty string')
    return text


def connect(address: object, note: Callable[[str], None] | None = None) -> Any:
    """Ray, initialised for `address` unless it already is; returns the ray module.

    "auto": the running cluster (`ray.init(address="auto")`), and where none
    runs, a local instance on this machine (said through `note`, by default
    one line on stderr). "local" or True: a local instance. Any other string:
    that cluster, and ValueError in one line where it cannot be reached.
    """
    where = check_address(address)
    ray = _ray()
    if ray.is_initialized():
        return ray
    if where == "local":
        ray.init(include_dashboard=False)
        return ray
    try:
        ray.init(address=where, include_dashboard=False)
    except ConnectionError:
        if where != "auto":
            raise ValueError(f"cannot reach the Ray cluster at {where!r} (is `ray start` running there?)") from None
        (note or _stderr)("no running Ray cluster found (--ray auto): starting a local instance")
        ray.init(include_dashboard=False)
    except Exception as error:  # Ray's own failure to connect, e.g. a malformed address or a timeout
        if ray.is_initialized():
            raise
        first = (str(error).strip().splitlines() or [type(error).__name__])[0][:200]
        raise ValueError(f"cannot reach the Ray cluster at {where!r}: {first}") from None
    return ray


def _stderr(text: str) -> None:
    print(f"tichu-fast: note: {text}", file=sys.stderr, flush=True)


def ray_chunks(
    work: Callable[[int, int], T], total: int, address: object, largest: int, size: int | None = None
) -> Iterator[tuple[int, T]]:
    """Runs work(first, n) over chunks of range(total) as Ray tasks; yields (items done, result) in order.

    `address` is what connect() takes ("auto", "local" or True, or a cluster's
    address; ignored when Ray is already initialised). About four chunks per
    CPU of the cluster, none larger than `largest`, keep every CPU busy to the
    end; `size` fixes the chunks instead (for a caller whose sums must match
    its local run's to the last bit). ValueError if Ray is not installed or
    the cluster cannot be reached.
    """
    ray = connect(address)
    cpus = max(1, int(ray.available_resources().get("CPU", 1)))
    if size is None:
        size = max(1, min(largest, math.ceil(total / (4 * cpus))))

    def task(first: int, n: int) -> T:
        """One chunk: a plain function, as ray.remote wants (a functools.partial is refused)."""
        return work(first, n)

    remote = ray.remote(task)
    pending = [(first + n, remote.remote(first, n)) for first, n in chunks(total, size)]
    for done, ref in pending:  # in order: results come back as the chunks were cut
        yield done, ray.get(ref)
