"""Plain minimax over the reference HandState: the twin of `tichu_fast.solver`.

No pruning and no cleverness: every legal action of every decision is
tried, team 0 (seats 0 and 2) takes the largest value, team 1 the smallest,
and a finished hand is worth `returns()[0] - returns()[1]`. Positions met
twice are remembered, keyed on what decides the rest of the hand: the
state without its record of the past (history, plays, the public record),
without slots no rule reads (the trick's leader, the cards out of play) or
that never change within one search (the rules, the exchange done), and
with piles and the trick as their points (R8.5), so the answer is the same
as without the memo. It is meant for small positions: the differential test
holds the C++ solver to it.
"""

from __future__ import annotations

import functools
from typing import Any

from tichu_fast.enums import Decision
from tichu_fast.reference.actions import Action
from tichu_fast.reference.cards import Cards
from tichu_fast.reference.hand_state import HandState

__all__ = ["TooLarge", "action_values", "value"]


class TooLarge(RuntimeError):
    """The position needs more than `max_positions` positions remembered."""


@functools.lru_cache(maxsize=1 << 16)
def _points(mask: int) -> int:
    return Cards.from_mask(mask).points


def _key(state: HandState) -> tuple[Any, ...]:
    # The slots that decide the rest of the hand. Left out: the record of the
    # past (history, plays, the public record), what is the same all through
    # one search (the rules, the exchange done) and what no rule reads (the
    # trick's leader and the cards out of play, both only reported). Only the
    # points of the piles and of the trick count at the end (R8.5), so
    # positions that differ only in which cards of equal points lie there are one.
    return (
        tuple(state._calls),
        state._current,
        state._decision,
        state._ending,
        tuple(state._hands),
        tuple(state._has_played),
        state._next_turn,
        tuple(state._offers),
        tuple(state._out_order),
        frozenset(state._passed),
        tuple(_points(pile.mask) for pile in state._piles),
        state._table,
        state._table_player,
        bool(state._trick),
        _points(state._trick.mask),
        state._wish,
    )


def _child(state: HandState, action: Action) -> HandState:
    """`state.child(action)` for an action of `state.legal_actions()`, without checking it again."""
    child = state.clone()
    child._apply_legal(action)
    return child


def _check(state: HandState) -> None:
    if state.decision in (Decision.GRAND_TICHU, Decision.TICHU, Decision.EXCHANGE):
        raise ValueError("the solver takes a position in play, not one before it (Grand Tichu, exchange)")
    if state.is_terminal():
        raise ValueError("the hand is over: there is nothing to solve")


def _value(state: HandState, memo: dict[tuple[Any, ...], int], limit: float) -> int:
    if state.is_terminal():
        team0, team1 = state.returns()
        return team0 - team1
    key = _key(state)
    known = memo.get(key)
    if known is not None:
        return known
    if len(memo) >= limit:
        raise TooLarge(f"more than {limit} positions")
    values = [_value(_child(state, action), memo, limit) for action in state.legal_actions()]
    result = max(values) if state.current_player % 2 == 0 else min(values)
    memo[key] = result
    return result


def _limit(max_positions: int | None) -> float:
    if max_positions is None:
        return float("inf")
    if isinstance(max_positions, bool) or not isinstance(max_positions, int):
        raise TypeError(f"max_positions must be an int or None, not {type(max_positions).__name__}")
    if max_positions < 0:
        raise ValueError(f"max_positions must be >= 0, not {max_positions}")
    return max_positions


def value(state: HandState, max_positions: int | None = None) -> int:
    """The exact value of `state` (team 0's return minus team 1's) with every hand visible.

    With `max_positions`, `TooLarge` is raised once more positions than that
    would have to be remembered (the state is never changed).
    """
    limit = _limit(max_positions)
    _check(state)
    return _value(state, {}, limit)


def action_values(state: HandState, max_positions: int | None = None) -> list[tuple[Action, int]]:
    """Every legal action of the seat in turn and its exact value, in `legal_actions()` order.

    `max_positions` as for `value`.
    """
    limit = _limit(max_positions)
    _check(state)
    memo: dict[tuple[Any, ...], int] = {}
    return [(action, _value(_child(state, action), memo, limit)) for action in state.legal_actions()]
