"""Work cut into chunks and run as Ray tasks, the results handed back in order (the [ray] extra).

Shared by the arena and simulate: chunk i covers items [first, first + n) and
its result is what `work(first, n)` returns locally, so a run on a cluster
gives the local run's numbers.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

T = TypeVar("T")


def chunks(total: int, size: int) -> Iterator[tuple[int, int]]:
    """(first, n) of consecutive chunks of at most `size` items covering range(total)."""
    for first in range(0, total, size):
        yield first, min(size, total - first)


def ray_chunks(
    work: Callable[[int, int], T], total: int, address: object, largest: int, size: int | None = None
) -> Iterator[tuple[int, T]]:
    """Runs work(first, n) over chunks of range(total) as Ray tasks; yields (items done, result) in order.

    `address` is "auto", a cluster's address, or True for a local instance
    (ignored when Ray is already initialised). About four chunks per CPU of the
    cluster, none larger than `largest`, keep every CPU busy to the end; `size`
    fixes the chunks instead (for a caller whose sums must match its local run's
    to the last bit). ValueError if Ray is not installed.
    """
    try:
        ray: Any = importlib.import_module("ray")  # optional: typed as Any whether or not it is installed
    except ImportError:
        raise ValueError('ray is not installed: pip install "tichu_fast[ray]"') from None
    if not ray.is_initialized():
        ray.init(address=None if address is True else str(address), include_dashboard=False)
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
