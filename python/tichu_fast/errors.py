"""The exceptions both backends raise.

Each also subclasses the built-in it refines, so ``except ValueError`` keeps
working for callers that do not know this hierarchy.
"""

from __future__ import annotations

__all__ = ["BotError", "IllegalMoveError", "InvalidNotationError", "TichuError"]


class TichuError(Exception):
    """Base class of every error raised by tichu_fast on purpose."""


class InvalidNotationError(TichuError, ValueError):
    """Card or move text that cannot be read (unknown, duplicate, not a combination)."""


class IllegalMoveError(TichuError, ValueError):
    """A move that is not legal where it is applied."""


class BotError(TichuError):
    """A bot failed in the arena: it raised (chained as the cause) or did not answer within the time limit."""
