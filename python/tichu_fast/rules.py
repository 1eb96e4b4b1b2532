"""The rules options of a hand and a match, shared by both backends (docs/game.md)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["MAX_TARGET", "Rules"]

# A bound that no real match approaches, so that every total and every
# replay's rules line stays a small number.
MAX_TARGET = 1_000_000


@dataclass(frozen=True)
class Rules:
    """Options on top of the rules of docs/rules.md.

    - `bombs_out_of_turn`: R10.2; False restricts bombs to one's own turn (no offers).
    - `target`: R9.1; a match ends after a hand once a team has at least this total
      (an int 1..1_000_000).
    """

    bombs_out_of_turn: bool = True
    target: int = 1000

    def __post_init__(self) -> None:
        if not isinstance(self.bombs_out_of_turn, bool):
            kind = type(self.bombs_out_of_turn).__name__
            raise TypeError(f"bombs_out_of_turn must be a bool, not {kind}")
        if isinstance(self.target, bool) or not isinstance(self.target, int):
            raise TypeError(f"target must be an int, not {type(self.target).__name__}")
        if not 1 <= self.target <= MAX_TARGET:
            # a huge int is not printed: it could exceed str()'s digit limit
            shown = str(self.target) if abs(self.target) < 10**12 else "a larger number"
            raise ValueError(f"target must be 1..{MAX_TARGET}, not {shown}")
