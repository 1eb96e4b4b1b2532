"""What each decision of a finished hand cost, by the exact solver (docs/solver.md).

`analyze(replay_text)` plays a replay back and, at every decision of the play
with at most `cards` cards left in all hands that the solver settles within
`max_nodes` positions, compares the value of the action taken with the best
action's, with all hands open (double dummy): the points each mistake cost
its seat's team. The JSON (`Analysis.to_json`) is "tichu_fast analysis 1"
(docs/solver.md). `HandState` does not forward here, so this module imports
it directly; `tichu_fast.solver` stays free of it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tichu_fast import _args
from tichu_fast import replay as _replay
from tichu_fast.hand import HandState
from tichu_fast.solver import in_endgame, solve

__all__ = ["ANALYSIS_FORMAT", "Analysis", "DecisionAnalysis", "analyze"]

ANALYSIS_FORMAT = "tichu_fast analysis 1"


@dataclass(frozen=True)
class DecisionAnalysis:
    """One analysed decision: values are team 0's return minus team 1's, with every hand open.

    `action_index` counts the replay's action lines from 0; `loss` is what the
    action taken cost the seat's own team against the best (>= 0).
    """

    action_index: int
    seat: int
    taken: str
    taken_value: float
    best: str
    best_value: float
    loss: float
    values: dict[str, float]

    def to_json(self) -> dict[str, Any]:
        """The decision as in the JSON contract."""
        return {
            "action_index": self.action_index,
            "seat": self.seat,
            "taken": self.taken,
            "taken_value": self.taken_value,
            "best": self.best,
            "best_value": self.best_value,
            "loss": self.loss,
            "values": dict(self.values),
        }


@dataclass(frozen=True)
class Analysis:
    """Every analysed decision of a hand and the points lost per seat, per team and in all."""

    decisions: tuple[DecisionAnalysis, ...]
    loss_by_seat: tuple[float, float, float, float]
    loss_by_team: tuple[float, float]
    total_loss: float

    def to_json(self) -> dict[str, Any]:
        """The analysis as the JSON object "tichu_fast analysis 1" (docs/solver.md)."""
        return {
            "format": ANALYSIS_FORMAT,
            "decisions": [d.to_json() for d in self.decisions],
            "loss_by_seat": list(self.loss_by_seat),
            "loss_by_team": list(self.loss_by_team),
            "total_loss": self.total_loss,
        }

    def to_text(self) -> str:
        """A table of the analysed decisions, mistakes marked, and the losses."""
        rows = [f"{'#':>4} seat  {'taken':<22} {'value':>7}  {'best':<22} {'value':>7}  {'loss':>6}"]
        for d in self.decisions:
            mark = "  <-" if d.loss > 0 else ""
            rows.append(
                f"{d.action_index:>4} {d.seat:>4}  {d.taken:<22} {d.taken_value:>7.0f}  "
                f"{d.best:<22} {d.best_value:>7.0f}  {d.loss:>6.0f}{mark}"
            )
        seats = ", ".join(f"{seat}: {loss:.0f}" for seat, loss in enumerate(self.loss_by_seat))
        rows.append(f"loss by seat {seats}")
        rows.append(f"loss by team 0: {self.loss_by_team[0]:.0f}, 1: {self.loss_by_team[1]:.0f}")
        rows.append(f"total loss {self.total_loss:.0f} over {len(self.decisions)} decisions analysed")
        return "\n".join(rows)


def analyze(replay_text: str, *, max_nodes: int | None = 1_000_000, cards: int | None = 24) -> Analysis:
    """Plays `replay_text` back and values every decision of the play the solver settles.

    A decision is analysed when at most `cards` cards are left in all hands
    (None: any) and the solve is exact within `max_nodes` positions (None: no
    limit, which can take very long early in a hand). Errors of the replay
    are those of `HandState.from_replay` (naming the line); TypeError and
    ValueError for bad limits.
    """
    nodes = None if max_nodes is None else _args.count(max_nodes, "max_nodes")
    most = None if cards is None else _args.count(cards, "cards")
    lines = _replay.lines(replay_text)
    rules = _replay.read_rules(lines)
    _, origin = _replay.read_origin(lines)
    state = HandState.from_replay(_replay.write(rules, origin, []))
    found: list[DecisionAnalysis] = []
    by_seat = [0.0, 0.0, 0.0, 0.0]
    for index, (number, line) in enumerate(lines):
        try:
            taken = state.parse_action(line)
        except ValueError as error:
            raise _replay.line_error(number, line, error) from None
        if in_endgame(state, most):
            result = solve(state, max_nodes=nodes, line=False)
            if result.exact and result.best is not None and result.value is not None:
                seat = state.current_player
                values = {str(item.action): float(item.lower) for item in result.actions}
                text = str(taken)
                if text in values:
                    sign = 1.0 if seat % 2 == 0 else -1.0
                    loss = max(0.0, sign * (result.value - values[text]))
                    by_seat[seat] += loss
                    found.append(
                        DecisionAnalysis(
                            index, seat, text, values[text], str(result.best), float(result.value), loss, values
                        )
                    )
        try:
            state.apply(taken)
        except ValueError as error:
            raise _replay.line_error(number, line, error) from None
    teams = (by_seat[0] + by_seat[2], by_seat[1] + by_seat[3])
    return Analysis(tuple(found), (by_seat[0], by_seat[1], by_seat[2], by_seat[3]), teams, teams[0] + teams[1])
