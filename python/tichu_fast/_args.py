"""Arguments checked once for the whole fast layer: seeds, seats, counts, flags, budgets, policies, rules.

Every public function of `tichu_fast` checks its arguments here, so the same
argument gets the same answer everywhere: an int is any `numbers.Integral` or
numpy integer and never a bool; a number of seconds is any real number (numpy
floats too); a flag is a bool or a numpy bool. A wrong type is a TypeError, a
value out of range a ValueError naming the range, a seat out of range an
IndexError. This module imports nothing of tichu_fast but the compiled core,
the rules and the errors, so that any module may use it.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable
from typing import NamedTuple

import numpy as np

from tichu_fast import _core, _ray
from tichu_fast.rules import Rules

__all__ = [
    "BELIEF_DRAWS",
    "BELIEF_ODDS",
    "MAX_BELIEF_DRAWS",
    "MAX_BELIEF_ODDS",
    "MAX_BUDGET",
    "MAX_COUNT",
    "MAX_HANDS",
    "MAX_PLAYOUTS",
    "MAX_SAMPLES",
    "MAX_THREADS",
    "MAX_WORLDS",
    "POLICIES",
    "SEED_LIMIT",
    "BeliefModel",
    "belief",
    "budget",
    "core_of",
    "count",
    "drawn_belief",
    "flag",
    "integer",
    "nonnegative",
    "policy",
    "ray_address",
    "real",
    "rules",
    "seat",
    "seed",
    "threads",
]

SEED_LIMIT = 2**64  # seeds are 0..2**64-1
MAX_THREADS = 256  # more threads than this are capped: no machine runs them faster
MAX_COUNT = 2**63 - 1  # the most of any count the core takes (nodes, iterations: 64-bit ints)
MAX_BUDGET = 86_400.0  # a time budget is at most a day of seconds (the core counts it in int64 nanoseconds)
MAX_HANDS = 10**9  # simulate: hands in one call (12 bytes of record each)
MAX_PLAYOUTS = 10**9  # playouts: playouts in one call
MAX_WORLDS = 10**6  # worlds drawn in one call (resample_many, evaluate_actions)
MAX_SAMPLES = 10**7  # evaluate_actions: worlds x playouts_per_world, the samples of each action
# The C++ core's built-in policies by name (heuristic-v1: the yardstick), listed once in the core
# (kPolicyNames); each is the policy of one native bot of the registry (tichu_fast.bots.specs;
# tests/play/test_bot_specs.py holds them together).
POLICIES: tuple[str, ...] = _core.POLICIES

BELIEF_ODDS = 2.0  # a belief's default weight of the policy's choice, every other play 1 (docs/bots.md "Inference")
MAX_BELIEF_ODDS = 1e6
BELIEF_DRAWS = 4  # a belief's default uniform worlds drawn per world kept
MAX_BELIEF_DRAWS = 1000

_DEFAULT_RULES = Rules()


def _shown(value: int) -> str:
    return str(value) if abs(value) < 10**30 else "a larger number"


def integer(value: object, what: str) -> int:
    """`value` as an int: any numbers.Integral or numpy integer, never a bool (TypeError otherwise)."""
    if type(value) is int:  # the common case first: an ABC's isinstance costs a microsecond
        return value
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (numbers.Integral, np.integer)):
        raise TypeError(f"{what} must be an int, not {type(value).__name__}")
    return int(value)


def seed(value: object, what: str = "seed") -> int:
    """A seed: an int 0..2**64-1."""
    number = integer(value, what)
    if not 0 <= number < SEED_LIMIT:
        raise ValueError(f"{what} must be in 0..2**64-1, not {_shown(number)}")
    return number


def seat(value: object, what: str = "a seat") -> int:
    """A seat 0..3: IndexError outside."""
    number = integer(value, what)
    if not 0 <= number <= 3:
        raise IndexError(f"{what} {_shown(number)} is outside 0..3")
    return number


def count(value: object, what: str, least: int = 0, most: int = MAX_COUNT) -> int:
    """An int in least..most (by default at most MAX_COUNT, what the core counts in): ValueError naming the range."""
    number = integer(value, what)
    if number < least:
        raise ValueError(f"{what} must be >= {least}, not {_shown(number)}")
    if number > most:
        bound = "2**63-1 (the core counts in 64-bit ints)" if most == MAX_COUNT else f"{most:_}"
        raise ValueError(f"{what} must be at most {bound}, not {_shown(number)}")
    return number


def threads(value: object) -> int:
    """A number of threads >= 1, capped at MAX_THREADS."""
    return min(count(value, "threads", 1), MAX_THREADS)


def flag(value: object, what: str) -> bool:
    """A bool or a numpy bool."""
    if value is True or value is False:
        return value
    if not isinstance(value, np.bool_):
        raise TypeError(f"{what} must be a bool, not {type(value).__name__}")
    return bool(value)


def real(value: object, what: str) -> float:
    """A real number (an int or a float, numpy's too), never a bool."""
    if type(value) is float or type(value) is int:
        return float(value)
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (numbers.Real, np.floating, np.integer)):
        raise TypeError(f"{what} must be a number, not {type(value).__name__}")
    return float(value)


def nonnegative(value: object, what: str) -> float:
    """A finite real number >= 0 (a weight such as ISMCTS's exploration or prior)."""
    number = real(value, what)
    if not math.isfinite(number) or number < 0:
        raise ValueError(f"{what} must be a finite number >= 0, not {value!r}")
    return number


def fraction(value: object, what: str) -> float:
    """A real number in 0..1 (a weight between two estimates)."""
    number = real(value, what)
    if not 0.0 <= number <= 1.0:
        raise ValueError(f"{what} must be a number in 0..1, not {value!r}")
    return number


# Set by tichu_fast.net.registry when it is imported (tichu_fast's __init__ imports it): makes a network's
# name playable, reading the shipped network at its first use, or raises ValueError. A hook, so that this
# bottom layer imports nothing above it.
network_loader: Callable[[str], None] | None = None


def network(value: object, what: str = "net") -> str | None:
    """None, or the name of a network the core can play (a shipped one read at its first use; docs/net.md)."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise TypeError(f"{what} must be a str naming a network, not {type(value).__name__}")
    if network_loader is None:
        raise ValueError(f"no network named {value!r}: import tichu_fast.net.registry first")
    network_loader(value)
    return value


def value_weight(value: object, net: str | None) -> float:
    """The weight in 0..1 of a network's value mixed into a search's returns; ValueError above 0 without `net`."""
    weight = fraction(value, "value_weight")
    if net is None and weight > 0:
        raise ValueError("value_weight needs a network: give net (e.g. net='net')")
    return weight


def budget(value: object, what: str = "budget") -> float:
    """A time budget: a finite number of seconds > 0 and at most MAX_BUDGET."""
    seconds = real(value, what)
    if not math.isfinite(seconds) or seconds <= 0:
        raise ValueError(f"{what} must be a finite number of seconds > 0, not {value!r}")
    if seconds > MAX_BUDGET:
        raise ValueError(f"{what} must be at most {MAX_BUDGET:.0f} seconds (a day), not {value!r}")
    return seconds


def policy(value: object) -> str:
    """A built-in policy: one of POLICIES, "heuristic:KEY=VALUE,..." with other settings (docs/heuristic.md),
    or a network: "net" (the shipped one) or "net:NAME" (a shipped one by its name, or one
    tichu_fast.net.registry.load registered; docs/net.md)."""
    if not isinstance(value, str):
        raise TypeError(f"policy must be a str, not {type(value).__name__}")
    name, options, _ = value.partition(":")
    if name == "net":
        network(value.partition(":")[2] if options else "net", "the policy's network")
        return value
    if name not in POLICIES:
        shown = value if len(value) <= 80 else value[:80] + "..."
        raise ValueError(f"unknown policy {shown!r}: expected one of {', '.join(map(repr, POLICIES))}")
    if options:
        _core._check_policy(value)  # the heuristic's settings are the core's to read
    return value


class BeliefModel(NamedTuple):
    """A parsed belief: the policy model, its ODDS, DRAWS and how the worlds are made (BELIEF_MODES)."""

    policy: str
    odds: float
    draws: int
    mode: str


def belief(value: object) -> BeliefModel | None:
    """A belief about the hidden hands: None, or "POLICY[:ODDS[:DRAWS[:distinct]]]" or "POLICY:ODDS:weights".

    POLICY is one of POLICIES, ODDS a number > 0 and at most MAX_BELIEF_ODDS (default
    BELIEF_ODDS), DRAWS an int 1..MAX_BELIEF_DRAWS (default BELIEF_DRAWS). The mode is
    "resample" (n of n * DRAWS uniform worlds resampled in proportion to their likelihood),
    "distinct" (n distinct of them drawn without replacement in proportion) or "weights"
    (n uniform worlds, each weighted by its normalised likelihood; draws 1).
    """
    if value is None:
        return None
    if not isinstance(value, str):
        raise TypeError(f"belief must be None or a str such as 'heuristic:2', not {type(value).__name__}")
    parts = value.split(":")
    shown = value if len(value) <= 80 else value[:80] + "..."
    grammar = "POLICY[:ODDS[:DRAWS[:distinct]]] or POLICY:ODDS:weights"
    mode = "resample"
    if len(parts) == 3 and parts[2] == "weights":
        mode, parts = "weights", [*parts[:2], "1"]
    elif len(parts) == 4 and parts[3] == "distinct":
        mode, parts = "distinct", parts[:3]
    if len(parts) > 3:
        raise ValueError(f"a belief is {grammar}, not {shown!r}")
    if parts[0] not in POLICIES:
        raise ValueError(f"unknown belief policy in {shown!r}: expected one of {', '.join(map(repr, POLICIES))}")
    try:
        odds = float(parts[1]) if len(parts) > 1 else BELIEF_ODDS
        draws = int(parts[2]) if len(parts) > 2 else BELIEF_DRAWS
    except ValueError:
        raise ValueError(f"a belief is {grammar}, ODDS a number, DRAWS an int: not {shown!r}") from None
    if not 0.0 < odds <= MAX_BELIEF_ODDS:
        raise ValueError(f"a belief's ODDS must be > 0 and at most {MAX_BELIEF_ODDS:g}, not {parts[1]!r}")
    if not 1 <= draws <= MAX_BELIEF_DRAWS:
        raise ValueError(f"a belief's DRAWS must be 1..{MAX_BELIEF_DRAWS}, not {parts[2]!r}")
    return BeliefModel(parts[0], odds, draws, mode)


def drawn_belief(value: object, where: str, modes: tuple[str, ...] = ("resample",)) -> BeliefModel | None:
    """belief(value), refused with ValueError where its mode is not one `where` takes."""
    model = belief(value)
    if model is not None and model.mode not in modes:
        raise ValueError(
            f'{where} takes a belief of the modes {", ".join(modes)}, not {model.mode!r} (docs/bots.md "Inference")'
        )
    return model


def rules(value: object) -> Rules:
    """A Rules, the default for None."""
    if value is None:
        return _DEFAULT_RULES
    if not isinstance(value, Rules):
        raise TypeError(f"rules must be a tichu_fast.Rules, not {type(value).__name__}")
    return value


def ray_address(value: object) -> str | None:
    """Where Ray tasks run: None (or False) for here, else what `_ray.connect` takes ("auto", "local", an address)."""
    if value is None or value is False:
        return None
    return _ray.check_address(value)


def core_of(state: object, what: str = "state") -> _core.HandCore:
    """The C++ core of a `tichu_fast.HandState`: the one accessor the fast layer reads it by.

    TypeError for anything else, a reference HandState included (named with its module).
    """
    core = getattr(state, "_core", None)
    if not isinstance(core, _core.HandCore):
        kind = type(state)
        name = kind.__name__ if kind.__module__ == "builtins" else f"{kind.__module__}.{kind.__qualname__}"
        raise TypeError(f"{what} must be a tichu_fast.HandState (the C++ backend), not {name}")
    return core
