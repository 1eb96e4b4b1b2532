"""The bot protocol: what the arena (and anything else) may ask of a bot (docs/bots.md).

A bot is any object with ``act(state, seat) -> Action | str`` and, optionally,
``reset(hand_seed) -> None``, called once per hand before its first decision;
or a plain function ``f(state, seat)``. ``state`` is the seat's view: a world
consistent with what the seat knows (R10.3), never the true deal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

__all__ = ["Bot", "FunctionBot", "as_bot", "bot_name"]


@runtime_checkable
class Bot(Protocol):
    """A player: the current decision's action for `seat`, from the seat's view `state`."""

    def act(self, state: Any, seat: int) -> Any:
        """The action (an Action of `state`, or its text) that `seat` takes at `state`'s current decision."""
        ...


class FunctionBot:
    """A plain function ``f(state, seat)`` as a bot; its reset does nothing."""

    def __init__(self, function: Callable[[Any, int], Any]) -> None:
        self.function = function

    def act(self, state: Any, seat: int) -> Any:
        """Calls the function."""
        return self.function(state, seat)

    def reset(self, hand_seed: int) -> None:
        """Nothing to forget: a function keeps no state between hands."""

    def __repr__(self) -> str:
        return f"FunctionBot({bot_name(self.function)})"


def as_bot(obj: object) -> Bot:
    """`obj` as a bot: an object with a callable ``act`` as it is, a plain callable wrapped in FunctionBot.

    TypeError for anything else (a class is not a bot: pass an instance).
    """
    if isinstance(obj, type):
        raise TypeError(f"{obj.__name__} is a class: pass an instance of it, e.g. {obj.__name__}()")
    if callable(getattr(obj, "act", None)):
        return obj  # type: ignore[return-value]
    if callable(obj):
        return FunctionBot(obj)
    raise TypeError(f"a bot has an act(state, seat) method or is a function f(state, seat), not {type(obj).__name__}")


def bot_name(bot: object) -> str:
    """A short name for messages: the function's or the class's name."""
    if isinstance(bot, FunctionBot):
        bot = bot.function
    name = getattr(bot, "__qualname__", None) or type(bot).__name__
    return str(name)
