"""Bots by name: the one registry of built-in bots, behind the SPECs (``random:calls=0``, ``mc:budget=100ms``).

Each entry says how a bot is built (its factory), the options a SPEC may give
it, a line of help, and whether it runs natively in C++. A new built-in bot is
its own file and one entry here: `make_bot`, the arena (`native_policy`), the
CLI's SPECs and its help read every entry. ``pkg.mod:Name`` imports a bot that
is not registered.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tichu_fast import _args
from tichu_fast.bots.best import BEST, best_bot
from tichu_fast.bots.builtin import HeuristicBot, HeuristicV1Bot, HeuristicV2Bot, NetBot, PolicyBot, RandomBot
from tichu_fast.bots.field import FIELD
from tichu_fast.bots.ismcts import ISMCTSBot
from tichu_fast.bots.monte_carlo import MonteCarloBot
from tichu_fast.bots.protocol import Bot, as_bot
from tichu_fast.bots.solver_bot import SolverBot
from tichu_fast.errors import BotError

__all__ = ["BOTS", "BotSpec", "make_bot", "native_policy", "register_bot"]


# A registered name or option: a word. An imported bot: module.path:Name, the module's parts and the
# name plain identifiers (no relative import, no _private or __dunder__ name).
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
_IMPORTED = re.compile(
    r"(?P<module>[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*):(?P<name>[A-Za-z][A-Za-z0-9_]*)"
)


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
    """An int in decimal (its range is the bot's to check: ValueError naming it, when the bot is built)."""
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"expected an int, not {_quote(text)}") from None


def number(text: str) -> float:
    """A number in decimal (its range is the bot's to check, when the bot is built)."""
    try:
        return float(text)
    except ValueError:
        raise ValueError(f"expected a number, not {_quote(text)}") from None


def logits(text: str) -> float:
    """A number of either sign in decimal, such as a doubt in logits (its range is the bot's to check)."""
    return number(text)


@dataclass(frozen=True)
class BotSpec:
    """One bot of the registry: its factory, the text converter of each option it takes, a line of help,
    and `native`: whether an instance of exactly the factory (a `PolicyBot` class) plays in C++, as its
    built-in policy, when the arena's four seats all do."""

    factory: Callable[..., Any]
    options: dict[str, Callable[[str], Any]] = field(default_factory=dict)
    help: str = ""
    native: bool = False


# The registry: `name` -> how to build it. Another bot plugs in with one entry (or register_bot).
BOTS: dict[str, BotSpec] = {
    "random": BotSpec(RandomBot, {"calls": flag, "seed": integer}, "uniform among the legal actions", native=True),
    "heuristic": BotSpec(
        HeuristicBot,
        {
            "calls": flag,
            "seed": integer,
            "tichu_chance": number,
            "grand_chance": number,
            "doubt": logits,
            "play_doubt": logits,
        },
        "the C++ rule-based player",
        native=True,
    ),
    "heuristic-v1": BotSpec(
        HeuristicV1Bot,
        {"calls": flag, "seed": integer},
        "the frozen yardstick: the heuristic of 2026-12-01",
        native=True,
    ),
    "heuristic-v2": BotSpec(
        HeuristicV2Bot,
        {"calls": flag, "seed": integer},
        "a field member: the heuristic of 2026-12-05, frozen",
        native=True,
    ),
    "net": BotSpec(
        NetBot,
        {"calls": flag, "seed": integer, "network": str},
        "a network's moves in C++: the shipped one, or a loaded one (docs/net.md)",
        native=True,
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
            "call_worlds": integer,
            "exchange_worlds": integer,
            "belief": str,
            "keep": number,
            "tichu_chance": number,
            "grand_chance": number,
            "doubt": logits,
            "play_doubt": logits,
            "net": str,
            "value_weight": number,
        },
        "flat Monte Carlo over evaluate_actions",
    ),
    "ismcts": BotSpec(
        ISMCTSBot,
        {
            "budget": seconds,
            "iterations": integer,
            "threads": integer,
            "exploration": number,
            "policy": str,
            "calls": flag,
            "seed": integer,
            "prior": number,
            "extend": number,
            "call_worlds": integer,
            "belief": str,
            "keep": number,
            "tichu_chance": number,
            "grand_chance": number,
            "doubt": logits,
            "play_doubt": logits,
            "net": str,
            "net_prior": number,
            "value_weight": number,
        },
        "information-set MCTS in C++ (docs/ismcts.md)",
    ),
    "best": BotSpec(best_bot, {"seed": integer}, f"the strongest built-in bot within 100 ms a decision ({BEST})"),
    "solver": BotSpec(
        SolverBot,
        {
            "cards": integer,
            "hidden": integer,
            "worlds": integer,
            "max_nodes": integer,
            "iterations": integer,
            "budget": seconds,
            "threads": integer,
            "calls": flag,
            "seed": integer,
            "tichu_chance": number,
            "grand_chance": number,
            "keep": number,
        },
        "exact solves of drawn worlds in the endgame, ISMCTS before (docs/solver.md)",
    ),
}


def register_bot(
    name: str,
    factory: Callable[..., Any],
    options: dict[str, Callable[[str], Any]],
    help: str = "",
    *,
    native: bool = False,
) -> None:
    """Adds (or replaces) the bot `name` of the registry, e.g. ``register_bot("ismcts", ISMCTSBot, {...})``.

    `name` is a word (letters, digits, ``_`` and ``-``), `factory` a callable
    and `options` maps option names to callables that convert the option's
    text; with `native`, `factory` is a `PolicyBot` class of a built-in policy
    (one of POLICIES, or a network's), which the arena then plays in C++: TypeError or
    ValueError otherwise, and the registry is unchanged.
    """
    if not isinstance(name, str):
        raise TypeError(f"a bot name is a str, not {type(name).__name__}")
    if _NAME.fullmatch(name) is None:
        raise ValueError(f"a bot name is a word of letters, digits, _ and -, not {_quote(name)}")
    if not callable(factory):
        raise TypeError(f"the factory of the bot {name!r} must be callable, not {type(factory).__name__}")
    if not isinstance(options, dict):
        raise TypeError(f"the options of the bot {name!r} are a dict, not {type(options).__name__}")
    for key, convert in options.items():
        if not isinstance(key, str) or _NAME.fullmatch(key) is None:
            raise TypeError(f"an option name of the bot {name!r} is a word, not {key!r}")
        if not callable(convert):
            raise TypeError(f"the option {key!r} of the bot {name!r} needs a callable converter, not {convert!r}")
    if not isinstance(help, str):
        raise TypeError(f"help is a str, not {type(help).__name__}")
    if _args.flag(native, "native") and not (
        isinstance(factory, type) and issubclass(factory, PolicyBot) and factory.policy in (*_args.POLICIES, "net")
    ):
        raise TypeError(f"a native bot is a PolicyBot class of a built-in policy, not {factory!r}")
    BOTS[name] = BotSpec(factory, dict(options), help, bool(native))


def native_policy(bot: object) -> tuple[str, bool, int] | None:
    """(policy, calls, seed) of a bot the arena may play in C++: an instance of exactly the factory of a
    native entry (a subclass may act otherwise), else None."""
    for spec in BOTS.values():
        if spec.native and type(bot) is spec.factory:
            assert isinstance(bot, PolicyBot)
            return (bot.policy, bot.calls, bot.seed)
    return None


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


def _import_module(module_name: str) -> Any:
    """Imports `module_name`; the current folder is searched too (as pytest and uvicorn do for their targets)."""
    here = os.getcwd()
    searched = [here if entry in ("", ".") else entry for entry in sys.path]
    if here not in searched:
        # The `tichu-fast` script sees its own bin folder, not the one it runs in: add it, as
        # `python -m tichu_fast` has it. At the end, so that it never shadows an installed module.
        sys.path.append(here)
    try:
        return importlib.import_module(module_name)
    except ImportError as error:
        raise ValueError(
            f"cannot import the bot module {_quote(module_name)} from the current folder ({here}) or sys.path: {error}"
        ) from None
    except Exception as error:  # the module's own code failed while it was imported: a bot that raised
        what = f"{type(error).__name__}: {error}"
        raise BotError(f"importing the bot module {_quote(module_name)} raised {what}") from error


def _import(module_name: str, attribute: str) -> Bot:
    module = _import_module(module_name)
    try:
        obj = getattr(module, attribute)
    except AttributeError:
        raise ValueError(f"the module {_quote(module_name)} has no {_quote(attribute)}") from None
    what = f"{module_name}:{attribute}"
    if isinstance(obj, type):
        try:
            obj = obj()
        except TypeError as error:  # a class that needs arguments, or refuses to be built so: not a bot class
            raise ValueError(f"the bot class {_quote(what)} cannot be built without arguments: {error}") from None
        except Exception as error:  # the class's own code raised: a bot that failed, with its frames
            raise BotError(f"building the bot {_quote(what)} raised {type(error).__name__}: {error}") from error
    try:
        return as_bot(obj)
    except TypeError as error:
        raise ValueError(f"{_quote(what)} is not a bot: {error}") from None


def make_bot(spec: str) -> Bot:
    """The bot a SPEC names: ``name`` or ``name:key=value,...`` of BOTS, or ``module.path:Name``.

    A ``module.path:Name`` imports the module (the current folder is searched
    too, so ``mybots:Lowest`` finds ``./mybots.py``), and so runs its code:
    a SPEC is trusted input. A class is instantiated without arguments; a
    function is used as it is. ValueError (naming the problem) for a bad spec;
    BotError, the bot's exception chained as its cause, where the bot's own code
    raised while its module was imported or its class built (other than a
    TypeError from a class that needs arguments, a bad spec).
    """
    if not isinstance(spec, str):
        raise TypeError(f"a bot spec is a str, not {type(spec).__name__}")
    name, _, rest = spec.strip().partition(":")
    if name not in BOTS:
        imported = _IMPORTED.fullmatch(spec.strip())
        if imported is not None:
            try:
                return _import(imported["module"], imported["name"])
            except ValueError as error:
                if "." in name:
                    raise
                known = ", ".join(sorted(BOTS))
                raise ValueError(f"unknown bot {_quote(spec)}: not one of {known}, and {error}") from None
        known = ", ".join(sorted(BOTS))
        raise ValueError(f"unknown bot {_quote(spec)}: expected one of {known}, or module.path:Name")
    entry = BOTS[name]
    kwargs: dict[str, Any] = {}
    for key, value in (_options(rest) if rest.strip() else {}).items():  # "solver:" is "solver"
        if key not in entry.options:
            raise ValueError(f"the bot {name!r} takes no option {_quote(key)} (it takes {', '.join(entry.options)})")
        try:
            kwargs[key] = entry.options[key](value)
        except ValueError as error:
            raise ValueError(f"the option {key}= of the bot {name!r}: {error}") from None
    # Every option's range is checked here, by the bot's constructor: a bad value never reaches a decision.
    try:
        return as_bot(entry.factory(**kwargs))
    except (TypeError, ValueError) as error:  # a converted value of the wrong kind or range is a bad spec too
        raise ValueError(f"bad options for the bot {name!r}: {error}") from None


def _field_member(spec: str) -> Callable[[], Bot]:
    """A field member's factory: the bot of its fixed SPEC."""

    def build() -> Bot:
        """The member's bot, built anew."""
        return make_bot(spec)

    return build


# The field's search members by name (tichu_fast.bots.field): each stands for its fixed SPEC and takes no option.
for _name, _member in FIELD.items():
    if _name not in BOTS:
        BOTS[_name] = BotSpec(_field_member(_member.spec), {}, f"a field member: {_member.help} ({_member.spec})")
