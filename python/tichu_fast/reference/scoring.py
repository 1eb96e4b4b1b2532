"""Scoring: card points (R8.5) and the score of a finished hand (R7, R8)."""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any, overload

import numpy as np
import numpy.typing as npt

from tichu_fast.enums import Call

from .cards import Cards, as_cards, check_mask_array

__all__ = ["card_points", "check_call", "check_seat", "score_hand", "team"]

DOUBLE_VICTORY = 200  # R8.3
CALL_VALUE = {Call.NONE: 0, Call.TICHU: 100, Call.GRAND_TICHU: 200}  # R7.1, R7.2


@overload
def card_points(cards: Cards | int | str) -> int:
    """The card points of one card set."""


@overload
def card_points(cards: npt.NDArray[Any]) -> npt.NDArray[np.int64]:
    """The card points of each mask of an array."""


def card_points(cards: Cards | int | str | npt.NDArray[Any]) -> int | npt.NDArray[np.int64]:
    """R8.5 card points of one card set, or elementwise of an array of masks."""
    if isinstance(cards, np.ndarray):
        masks = check_mask_array(cards)
        points = [Cards.from_mask(int(mask)).points for mask in masks.flat]
        return np.array(points, dtype=np.int64).reshape(masks.shape)
    return as_cards(cards).points


def team(seat: int) -> int:
    """R1.2: seats 0 and 2 are team 0, seats 1 and 3 team 1."""
    return seat % 2


def check_seat(seat: object, what: str = "a seat") -> int:
    """A seat 0..3: TypeError for a non-integer, IndexError out of range (docs/api.md)."""
    if isinstance(seat, bool):  # True is an int to Python, but never a seat here
        raise TypeError(f"{what} must be an int, not bool")
    try:
        value = operator.index(seat)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{what} must be an int, not {type(seat).__name__}") from None
    if not 0 <= value <= 3:
        raise IndexError(f"{what} {value} is outside 0..3")
    return value


def _check_out_order(out_order: Sequence[int]) -> list[int]:
    seats = [check_seat(seat) for seat in out_order]
    if len(set(seats)) != len(seats):
        raise ValueError(f"out_order repeats a seat: {seats}")
    if len(seats) == 2:
        if team(seats[0]) != team(seats[1]):
            raise ValueError(f"out_order {seats}: two seats out means a double victory of one team")
    elif len(seats) == 3:
        if team(seats[0]) == team(seats[1]):  # R8.1: that would have ended the hand
            raise ValueError(f"out_order {seats}: the first two out are partners (double victory)")
    else:
        raise ValueError(f"out_order must hold 2 or 3 seats, not {len(seats)}")
    return seats


def check_call(call: object, seat: int) -> Call:
    """A seat's call as a `Call`: TypeError for a bool or non-int, ValueError outside 0..2."""
    if isinstance(call, bool):  # True is an int to Python, but never a call here
        raise TypeError(f"call of seat {seat} must be a Call or int, not bool")
    try:
        value = operator.index(call)  # type: ignore[arg-type]
    except TypeError:
        kind = type(call).__name__
        raise TypeError(f"call of seat {seat} must be a Call or int, not {kind}") from None
    if not 0 <= value <= 2:
        raise ValueError(f"call of seat {seat} is {value}, not 0..2")
    return Call(value)


def _check_disjoint(named_sets: list[tuple[str, Cards]]) -> None:
    for i, (name_a, cards_a) in enumerate(named_sets):
        for name_b, cards_b in named_sets[i + 1 :]:
            if not cards_a.isdisjoint(cards_b):
                raise ValueError(f"{name_a} and {name_b} share cards: {cards_a & cards_b}")


def score_hand(
    out_order: Sequence[int],
    piles: Sequence[Cards | int | str],
    tailender_hand: Cards | int | str,
    calls: Sequence[Call | int],
) -> tuple[int, int]:
    """(team 0, team 1) score of a finished hand (R7.3, R8.3, R8.4, R8.5)."""
    if len(piles) != 4:
        raise ValueError(f"piles must hold 4 card sets, not {len(piles)}")
    if len(calls) != 4:
        raise ValueError(f"calls must hold 4 values, not {len(calls)}")
    pile_cards = [as_cards(pile, f"pile {seat}") for seat, pile in enumerate(piles)]
    seat_calls = [check_call(call, seat) for seat, call in enumerate(calls)]
    seats_out = _check_out_order(out_order)
    remaining = as_cards(tailender_hand, "tailender_hand")
    named = [(f"pile {seat}", cards) for seat, cards in enumerate(pile_cards)]
    double_victory = len(seats_out) == 2

    scores = [0, 0]
    if double_victory:  # R8.3: 200 to the winning team, no card points
        _check_disjoint(named)
        scores[team(seats_out[0])] = DOUBLE_VICTORY
    else:  # R8.4
        _check_disjoint([*named, ("tailender_hand", remaining)])
        first = seats_out[0]
        tailender = next(seat for seat in range(4) if seat not in seats_out)
        scores[1 - team(tailender)] += remaining.points  # his hand to the opponents
        for seat, pile in enumerate(pile_cards):
            owner = first if seat == tailender else seat  # his tricks to the first out
            scores[team(owner)] += pile.points  # R8.5

    for seat, call in enumerate(seat_calls):  # R7.3: each call settled on its own
        value = CALL_VALUE[call]
        scores[team(seat)] += value if seat == seats_out[0] else -value
    return (scores[0], scores[1])
