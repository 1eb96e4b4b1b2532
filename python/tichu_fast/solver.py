"""The exact solver for open hands (docs/solver.md).

`solve(state)` gives the minimax value of a hand in play with every hand
visible: team 0 (seats 0 and 2) maximises its return minus team 1's
(`HandState.returns()`), team 1 minimises, and every decision is its seat's
choice (moves and passes, out-of-turn bomb offers, the wish, the Dragon
gift, a Tichu call). The search runs in C++ without the GIL.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tichu_fast import _args, _core
from tichu_fast._core import Action

if TYPE_CHECKING:
    from tichu_fast.hand import HandState

__all__ = ["ActionValue", "SolveResult", "cards_left", "in_endgame", "solve"]


@dataclass(frozen=True)
class ActionValue:
    """One legal action and its value (team 0's return minus team 1's), proved to lie in [lower, upper]."""

    action: Action
    lower: int
    upper: int

    @property
    def exact(self) -> bool:
        """Whether the value is proved exactly (lower == upper)."""
        return self.lower == self.upper

    @property
    def value(self) -> int | None:
        """The exact value, or None when only bounds are proved."""
        return self.lower if self.lower == self.upper else None


@dataclass(frozen=True)
class SolveResult:
    """What `solve` proved about a position.

    `value` is the position's exact value from team 0's side (None when a
    limit stopped the search before proving it: then `lower` and `upper`
    bound it); `exact` says that every value in the result is proved exactly;
    `best` the best action of
    the seat in turn; `actions` every legal action with its value or bounds,
    in `legal_actions()` order; `line` a principal line from the position
    (empty when not exact or not asked for), each of its actions keeping the
    value; `line_complete` whether the line reaches the end of the hand (it is
    searched after the proof, within the same limits, and may stop short);
    `nodes` the positions searched, `tt_probes` and `tt_hits` the
    transposition table's look-ups and hits, `seconds` the time.
    """

    value: int | None
    lower: int
    upper: int
    exact: bool
    best: Action | None
    actions: tuple[ActionValue, ...]
    line: tuple[Action, ...]
    line_complete: bool
    nodes: int
    tt_probes: int
    tt_hits: int
    seconds: float

    def value_of(self, action: Action | str) -> int | None:
        """The exact value of one legal action (by Action or its text); KeyError if it is not legal."""
        text = str(action)
        for item in self.actions:
            if str(item.action) == text:
                return item.value
        raise KeyError(f"{text!r} is not a legal action here")


def solve(
    state: HandState,
    *,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    line: bool = True,
    fresh_table: bool = False,
    threads: int = 1,
    reduce: bool = True,
) -> SolveResult:
    """Solves `state` (a `tichu_fast.HandState` in play) with every hand visible.

    Without limits the result is exact. `max_nodes` or `max_seconds` stop the
    search early: the result then says `exact=False` and gives the bounds
    proved so far, never a wrong exact value. `max_seconds` is one deadline
    for all threads, each of which stops within 1024 positions of it. The
    principal line is searched after the proof with `max_nodes` of its own
    and the same deadline: when they cut it short, `line_complete` is False.
    `line=False` skips the principal line. Each thread keeps a transposition table between solves (its facts
    hold for any position); `fresh_table=True` forgets it first (for timing).
    `threads` threads search the position together, sharing one table: the
    values, the best action and the line are the same for any thread count
    (the nodes and the bounds of a stopped search are not). `reduce=False`
    searches equivalent cards apart (slower, the same values: for tests).
    ValueError for a position before the play (Grand Tichu, exchange) or a
    finished hand, or a negative budget; TypeError for a wrong type. The
    state is never changed.
    """
    core = _args.core_of(state)
    nodes_arg = -1 if max_nodes is None else _args.count(max_nodes, "max_nodes")
    seconds_arg = -1.0 if max_seconds is None else _args.budget(max_seconds, "max_seconds")
    line, fresh_table = _args.flag(line, "line"), _args.flag(fresh_table, "fresh_table")
    threads_arg, reduce = _args.threads(threads), _args.flag(reduce, "reduce")
    found = _core.solve(core, nodes_arg, seconds_arg, line, fresh_table, threads_arg, reduce)
    bounds = zip(found.actions, found.lower_bounds, found.upper_bounds, strict=True)
    return SolveResult(
        value=found.lower if found.lower == found.upper else None,
        lower=found.lower,
        upper=found.upper,
        exact=found.exact,
        best=found.actions[found.best] if found.best >= 0 else None,
        actions=tuple(ActionValue(a, lo, hi) for a, lo, hi in bounds),
        line=found.line,
        line_complete=found.line_complete,
        nodes=found.nodes,
        tt_probes=found.tt_probes,
        tt_hits=found.tt_hits,
        seconds=found.seconds,
    )


def cards_left(state: HandState) -> int:
    """How many cards are left in all four hands of `state`."""
    return sum(len(hand) for hand in state.hands)


def in_endgame(state: HandState, cards: int | None) -> bool:
    """Whether `state` is a decision of the play with at most `cards` cards left in all hands (None: any number).

    Where `tichu_fast.arena.endgame_positions` stops and
    `tichu_fast.analysis.analyze` values the decision taken; False for a
    finished hand and before the play (Grand Tichu, exchange).
    """
    return state.decision.in_play and (cards is None or cards_left(state) <= cards)
