"""Bots by name: the registry behind the CLI's SPECs (``random:calls=0``, ``mc:budget=100ms``, ``pkg.mod:Name``)."""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tichu_fast.bots.builtin import HeuristicBot, HeuristicV1Bot, RandomBot
from tichu_fast.bots.monte_carlo import MonteCarloBot
from tichu_fast.bots.protocol import Bot, as_bot
from tichu_fast.ismcts import ISMCTSBot

__all__ = ["BOTS", "BotSpec", "make_bot", "register_bot"]


def _quote(text: str) -> str:
    return repr(text) if len(text) <= 80 else repr(text[:80]) + "..."


def seconds(text: str) -> float:
    """A duration: ``100ms``, ``0.5s`` or a bare number of seconds."""
    match = re.fullmatch(r"(\d+(?:\.\d*)?|\.\d+)(ms|s)?", text.strip())
    if match is None:
        raise ValueError(f"a duration is like 100ms or 0.5s, not {_quote(text)}")
    value = float(match.group(1))
    return value / 1000 if match.group(2) == "ms" else value


def flag(text: str) -> bool:
    """A bool: 1/0, true/false, yes/no, on/off."""
    lowered = text.strip().lower()
    if lowered in ("1", "true", "yes", "on"):
        return True
    if lowered in ("0", "false", "no", "off"):
        return False
    raise ValueError(f"a flag is 1 or 0 (true/false), not {_quote(text)}")


def integer(text: str) -> int:
    """An int in decimal."""
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"expected an int, not {_quote(text)}") from None


@dataclass(frozen=True)
class BotSpec:
    """How to build one named bot: its factory and the text converter of each option it takes."""

    factory: Callable[..., Any]
    options: dict[str, Callable[[str], Any]] = field(default_factory=dict)
    help: str = ""


# The registry: `name` -> how to build it. Another bot plugs in with one entry (or register_bot).
BOTS: dict[str, BotSpec] = {
    "random": BotSpec(RandomBot, {"calls": flag, "seed": integer}, "uniform among the legal actions"),
    "heuristic": BotSpec(HeuristicBot, {"calls": flag, "seed": integer}, "the C++ rule-based player"),
    "heuristic-v1": BotSpec(
        HeuristicV1Bot, {"calls": flag, "seed": integer}, "the frozen yardstick: the heuristic of 2026-12-01"
    ),
    "mc": BotSpec(
        MonteCarloBot,
        {
            "budget": seconds,
            "worlds": integer,
            "playouts_per_world": integer,
            "policy": str,
            "threads": integer,
            "calls": flag,
            "seed": integer,
        },
        "flat Monte Carlo over evaluate_actions",
    ),
    "ismcts": BotSpec(
        ISMCTSBot,
        {
            "budget": seconds,
            "iterations": integer,
            "threads": integer,
            "exploration": float,
            "policy": str,
            "calls": flag,
            "seed": integer,
        },
        "information-set MCTS in C++ (docs/ismcts.md)",
    ),
}


def register_bot(
    name: str, factory: Callable[..., Any], options: dict[str, Callable[[str], Any]], help: str = ""
) -> None:
    """Adds (or replaces) the bot `name` of the registry, e.g. ``register_bot("ismcts", ISMCTSBot, {...})``."""
    BOTS[name] = BotSpec(factory, dict(options), help)


def _options(text: str) -> dict[str, str]:
    options: dict[str, str] = {}
    for part in text.split(","):
        key, sep, value = part.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"a bot option is key=value, not {_quote(part)}")
        if key.strip() in options:
            raise ValueError(f"the bot option {_quote(key.strip())} is given twice")
        options[key.strip()] = value.strip()
    return options


def _import(spec: str) -> Any:
    module_name, _, attribute = spec.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise ValueError(f"cannot import the bot module {_quote(module_name)}: {error}") from None
    try:
        obj = getattr(module, attribute)
    except AttributeError:
        raise ValueError(f"the module {_quote(module_name)} has no {_quote(attribute)}") from None
    return obj() if isinstance(obj, type) else obj


def make_bot(spec: str) -> Bot:
    """The bot a SPEC names: ``name`` or ``name:key=value,...`` of BOTS, or ``module.path:Name``.

    A ``module.path:Name`` that is a class is instantiated without arguments;
    a function is used as it is. ValueError (naming the problem) for a bad spec.
    """
    if not isinstance(spec, str):
        raise TypeError(f"a bot spec is a str, not {type(spec).__name__}")
    name, sep, rest = spec.strip().partition(":")
    if name not in BOTS:
        if sep and "." in name and rest.isidentifier():
            return as_bot(_import(spec.strip()))
        known = ", ".join(sorted(BOTS))
        raise ValueError(f"unknown bot {_quote(spec)}: expected one of {known}, or module.path:Name")
    entry = BOTS[name]
    kwargs: dict[str, Any] = {}
    for key, value in (_options(rest) if sep else {}).items():
        if key not in entry.options:
            raise ValueError(f"the bot {name!r} takes no option {_quote(key)} (it takes {', '.join(entry.options)})")
        kwargs[key] = entry.options[key](value)
    try:
        return as_bot(entry.factory(**kwargs))
    except TypeError as error:  # a converted value of the wrong kind is a bad spec too
        raise ValueError(f"bad options for the bot {name!r}: {error}") from None
