"""Plain minimax over the reference HandState: the twin of `tichu_fast.solver`.

No pruning and no cleverness: every legal action of every decision is
tried, team 0 (seats 0 and 2) takes the largest value, team 1 the smallest,
and a finished hand is worth `returns()[0] - returns()[1]`. Positions met
twice are remembered, keyed on the whole state except its record of the
past (history, plays, the public record), so the answer is the same as
without the memo. It is meant for small positions: the differential test
holds the C++ solver to it.
"""

from __future__ import annotations

from typing import Any

from tichu_fast.enums import Decision
from tichu_fast.reference.actions import Action
from tichu_fast.reference.hand_state import HandState

__all__ = ["action_values", "value"]

# The state's slots that decide the rest of the hand.
_FUTURE = (
    "_calls",
    "_current",
    "_decision",
    "_ending",
    "_exchanged",
    "_hands",
    "_has_played",
    "_leader",
    "_next_turn",
    "_offers",
    "_out_of_play",
    "_out_order",
    "_passed",
    "_piles",
    "_rules",
    "_table",
    "_table_player",
    "_trick",
    "_wish",
)


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(value)
    if isinstance(value, set):
        return frozenset(value)
    return value


def _key(state: HandState) -> tuple[Any, ...]:
    return tuple(_frozen(getattr(state, name)) for name in _FUTURE)


def _check(state: HandState) -> None:
    if state.decision in (Decision.GRAND_TICHU, Decision.TICHU, Decision.EXCHANGE):
        raise ValueError("the solver takes a position in play, not one before it (Grand Tichu, exchange)")
    if state.is_terminal():
        raise ValueError("the hand is over: there is nothing to solve")


def _value(state: HandState, memo: dict[tuple[Any, ...], int]) -> int:
    if state.is_terminal():
        team0, team1 = state.returns()
        return team0 - team1
    key = _key(state)
    known = memo.get(key)
    if known is not None:
        return known
    values = [_value(state.child(action), memo) for action in state.legal_actions()]
    result = max(values) if state.current_player % 2 == 0 else min(values)
    memo[key] = result
    return result


def value(state: HandState) -> int:
    """The exact value of `state` (team 0's return minus team 1's) with every hand visible."""
    _check(state)
    return _value(state, {})


def action_values(state: HandState) -> list[tuple[Action, int]]:
    """Every legal action of the seat in turn and its exact value, in `legal_actions()` order."""
    _check(state)
    memo: dict[tuple[Any, ...], int] = {}
    return [(action, _value(state.child(action), memo)) for action in state.legal_actions()]
