"""Vocabulary shared by both backends: combination types and Tichu calls."""

from __future__ import annotations

from enum import IntEnum

__all__ = ["Call", "MoveType"]


class MoveType(IntEnum):
    """What kind of move a card set is played as (RULES.md R3, R4)."""

    PASS = 0
    DOG = 1
    SINGLE = 2
    PAIR = 3
    TRIO = 4
    PAIR_RUN = 5
    FULL_HOUSE = 6
    STRAIGHT = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9

    @property
    def is_bomb(self) -> bool:
        return self >= MoveType.FOUR_OF_A_KIND


class Call(IntEnum):
    """A player's call for the hand (RULES.md R7)."""

    NONE = 0
    TICHU = 1
    GRAND_TICHU = 2
