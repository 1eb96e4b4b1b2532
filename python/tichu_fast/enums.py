"""Vocabulary shared by both backends: combination types, Tichu calls, decisions and actions."""

from __future__ import annotations

from enum import IntEnum

__all__ = ["ActionKind", "Call", "Decision", "MoveType"]


class MoveType(IntEnum):
    """What kind of move a card set is played as (docs/rules.md R3, R4)."""

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
        """Whether this kind of move is a bomb (R4.1)."""
        return self >= MoveType.FOUR_OF_A_KIND


class Call(IntEnum):
    """A player's call for the hand (docs/rules.md R7)."""

    NONE = 0
    TICHU = 1
    GRAND_TICHU = 2


class Decision(IntEnum):
    """Who must decide now, and about what (docs/rules.md R10.1; docs/game.md)."""

    GRAND_TICHU = 0  # a seat, on its first 8 cards: call Grand Tichu or not (R2.1, R7.1)
    TICHU = 1  # a seat, before the exchange: call Tichu or not (R7.2)
    EXCHANGE = 2  # a seat chooses its 3 cards to push (R2.2)
    PLAY = 3  # the player in turn: a move, a pass, or a Tichu call (R5, R6, R7.2)
    WISH = 4  # the player who just played the Mah Jong names a wish (R6.1)
    DRAGON_GIFT = 5  # the winner of a Dragon trick gives it to an opponent (R5.5)
    BOMB = 6  # a player is offered an out-of-turn bomb (R4.4, R10.2)
    OVER = 7  # the hand has ended (R8.1); nobody decides

    @property
    def in_play(self) -> bool:
        """Whether this is a decision of the play (R10.1): PLAY, WISH, DRAGON_GIFT or BOMB."""
        return self in _IN_PLAY


_IN_PLAY = frozenset((Decision.PLAY, Decision.WISH, Decision.DRAGON_GIFT, Decision.BOMB))


class ActionKind(IntEnum):
    """What an action does (docs/game.md "Action")."""

    GRAND_TICHU = 0
    TICHU = 1
    PUSH = 2
    PLAY = 3
    WISH = 4
    GIFT = 5
