"""The networks the C++ core plays with, by name: policies ``"net"`` (the shipped one) and ``"net:NAME"``.

A network is registered once (`load` or `register`) and then shared read-only by
every search, playout and bot on any thread; registering a name again replaces it
for the searches that start afterwards. The networks the package ships are read
from it at their first use: ``"net"``, the current one, and each by its own name
(``"net-v2"`` to ``"net-v4"``, `SHIPPED_NAMES`), so that a SPEC naming one plays
the same moves when a newer one ships.
"""

from __future__ import annotations

import re
import threading
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from tichu_fast import _args, _core
from tichu_fast.net import network as _network

__all__ = ["SHIPPED", "SHIPPED_NAMES", "evaluate", "load", "loaded", "register", "require", "shipped", "shipped_file"]

_WEIGHTS = Path(__file__).with_name("weights")
SHIPPED_NAMES = ("net-v2", "net-v3", "net-v4")
"""Every network the package ships, oldest first, by the name it is registered under at its first use (the file's
stem)."""

SHIPPED = _WEIGHTS / f"{SHIPPED_NAMES[-1]}.npz"
"""The network that ships inside the package as its current one, the newest (its manifest beside it), registered
as ``"net"``."""

_NAME = re.compile(r"[A-Za-z0-9_.-]+")  # no ',', '=' nor ':': a name sits inside a bot's SPEC
_lock = threading.Lock()
_loaded: dict[str, _network.Network] = {}


def register(network: _network.Network, name: str) -> None:
    """Makes `network` the one that policy ``"net:NAME"`` plays (``"net"`` for NAME "net")."""
    if not isinstance(network, _network.Network):
        raise TypeError(f"network must be a tichu_fast.net.network.Network, not {type(network).__name__}")
    if not isinstance(name, str) or _NAME.fullmatch(name) is None:
        raise ValueError(f"a network's name is letters, digits, '_', '-' and '.', not {name!r}")
    h1, h = network.hidden
    with _lock:
        _core.register_net(name, dict(network.weights), h1, h)
        _loaded[name] = network


def load(path: str | Path, name: str) -> _network.Network:
    """Reads the network file `path` (checked against its manifest, `network.load`) and registers it as `name`."""
    found = _network.load(path)
    register(found, name)
    return found


def shipped() -> _network.Network:
    """The network that ships with the package, registered as ``"net"`` at the first call."""
    with _lock:
        if "net" in _loaded:
            return _loaded["net"]
    if not SHIPPED.exists():
        raise ValueError(
            f"this build ships no network ({SHIPPED} is missing): tichu_fast.net.registry.load(path, name) loads one"
        )
    return load(SHIPPED, "net")


def loaded() -> dict[str, _network.Network]:
    """The networks registered so far, by name (a copy)."""
    with _lock:
        return dict(_loaded)


def shipped_file(name: str) -> Path | None:
    """The file of the shipped network `name` ("net" for the current one, or one of `SHIPPED_NAMES`), else None."""
    if name == "net":
        return SHIPPED
    return _WEIGHTS / f"{name}.npz" if name in SHIPPED_NAMES else None


def require(name: str) -> None:
    """Makes sure policy ``net:NAME`` can play: a shipped network is read at its first use, any other name must
    be loaded already (ValueError)."""
    if name == "net":
        shipped()
        return
    with _lock:
        if name in _loaded:
            return
    found = shipped_file(name)
    if found is None:
        raise ValueError(f"no network named {name!r} is loaded: tichu_fast.net.registry.load(path, {name!r})")
    load(found, name)


def evaluate(
    state: Any, records: npt.NDArray[Any], name: str = "net", seat: int | None = None
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """(value float32[2], logits float32[n]) of network `name` in C++ for `seat` (default: the player in turn).

    `records` are MOVE_DTYPE moves (e.g. ``state.legal_moves_array()``); value[0] is the seat's team's expected
    margin / 400, value[1] the logit of its chance to go out first (docs/net.md).
    """
    require(name)
    player = state.current_player if seat is None else _args.seat(seat, "seat")
    value, logits = _core.net_evaluate(name, _args.core_of(state), player, records)
    return value, logits


_args.network_loader = require  # the bottom layer's hook: policies and searches name networks through it
