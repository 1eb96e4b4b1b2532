"""What `simulate(..., summary=True)` and `tichu-fast simulate` report: whole hands summarised in constant memory."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

import numpy as np
import numpy.typing as npt

from tichu_fast.enums import Call

__all__ = ["SimulationSummary"]

_TEAMS = ("team_0", "team_1")
_CALLS = (("tichu", "Tichu", Call.TICHU), ("grand_tichu", "Grand Tichu", Call.GRAND_TICHU))


class SimulationSummary:
    """Team scores, one-twos, calls and their success, tricks and bombs of hands added chunk by chunk.

    A team's score in one hand takes one of a few hundred values (multiples
    of 5 from -425 to 400, R7 and R8), so a histogram of exact scores gives
    the mean, std and percentiles that numpy would give over every record,
    whatever the number of hands. `str()` is the text `tichu-fast simulate`
    prints; `to_dict()` what its `--json` prints.
    """

    def __init__(self, seed: int = 0, policy: str = "random", calls: bool = True) -> None:
        self.seed, self.policy, self.calls = seed, policy, calls
        self.hands = 0
        self.seconds = 0.0  # wall time of the run that filled it, set by simulate
        self._scores: tuple[Counter[int], Counter[int]] = (Counter(), Counter())
        self._one_twos = 0
        self._tricks = 0
        self._bombs = 0
        self._called = {Call.TICHU: 0, Call.GRAND_TICHU: 0}
        self._made = {Call.TICHU: 0, Call.GRAND_TICHU: 0}

    def add(self, records: npt.NDArray[Any]) -> None:
        """Adds HAND_RECORD_DTYPE records (what `simulate` returns); also _core.simulate's int rows."""
        rows = _as_rows(records) if records.dtype.names is not None else records
        self.hands += len(rows)
        for team, scores in enumerate(self._scores):
            values, counts = np.unique(rows[:, team], return_counts=True)
            scores.update(dict(zip(values.tolist(), counts.tolist(), strict=True)))
        self._one_twos += int(rows[:, 2].sum())
        self._tricks += int(rows[:, 4].sum())
        self._bombs += int(rows[:, 5].sum())
        went_first = rows[:, 3:4] == np.arange(4)
        for call in self._called:
            called = rows[:, 6:10] == int(call)
            self._called[call] += int(called.sum())
            self._made[call] += int((called & went_first).sum())  # R7: a call is made by going out first

    def to_dict(self) -> dict[str, Any]:
        """The summary's fields, as `tichu-fast simulate --json` prints them.

        A call kind nobody called has a `success_rate` of None (JSON null).
        """
        hands = max(self.hands, 1)

        def success(call: Call) -> dict[str, float | int | None]:
            """How often `call` was made per hand, and how often it was made good."""
            n = self._called[call]
            return {"calls": n, "per_hand": n / hands, "success_rate": self._made[call] / n if n else None}

        return {
            "hands": self.hands,
            "seconds": self.seconds,
            "hands_per_second": self.hands / self.seconds if self.seconds > 0 else 0.0,
            "team_score": {team: _distribution(scores) for team, scores in zip(_TEAMS, self._scores, strict=True)},
            "one_two_rate": self._one_twos / hands,
            "tichu": success(Call.TICHU),
            "grand_tichu": success(Call.GRAND_TICHU),
            "tricks_per_hand": self._tricks / hands,
            "bombs_per_hand": self._bombs / hands,
            "seed": self.seed,
            "policy": self.policy,
            "calls": self.calls,
        }

    def __str__(self) -> str:
        s = self.to_dict()
        calls = "calls on" if self.calls else "calls off"
        rate = f"{s['hands_per_second']:,.0f} hands/s"
        head = f"{s['hands']:,} {self.policy}-policy hands ({calls}) in {s['seconds']:.2f} s"
        lines = [f"{head}: {rate} (seed {self.seed})"]
        for team, t in s["team_score"].items():
            lines.append(
                f"  {team} score: mean {t['mean']:7.1f}  std {t['std']:6.1f}  "
                f"min {t['min']}  p10 {t['p10']:.0f}  median {t['median']:.0f}  p90 {t['p90']:.0f}  max {t['max']}"
            )
        lines.append(f"  one-two (double victory) rate: {s['one_two_rate']:.3f}")
        for key, name, _ in _CALLS:
            c = s[key]
            if c["calls"] == 0:
                lines.append(f"  {name} calls: none")
            else:
                lines.append(f"  {name} calls: {c['per_hand']:.2f} per hand, {c['success_rate']:.3f} made")
        lines.append(f"  tricks per hand: {s['tricks_per_hand']:.2f}, bombs per hand: {s['bombs_per_hand']:.3f}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<SimulationSummary of {self.hands:,} {self.policy}-policy hands, seed {self.seed}>"


def _as_rows(records: npt.NDArray[np.void]) -> npt.NDArray[np.int32]:
    """HAND_RECORD_DTYPE records as _core.simulate's columns."""
    columns = [records["score"], *(records[f][:, None] for f in ("one_two", "first_out", "tricks", "bombs"))]
    return np.hstack([*columns, records["calls"]]).astype(np.int32)


def _distribution(histogram: Counter[int]) -> dict[str, float | int]:
    """Mean, std, min, p10, median, p90 and max of the values a histogram counts (numpy's definitions)."""
    if not histogram:
        return {"mean": 0.0, "std": 0.0, "min": 0, "p10": 0.0, "median": 0.0, "p90": 0.0, "max": 0}
    values = sorted(histogram)
    n = sum(histogram.values())
    mean = sum(v * c for v, c in histogram.items()) / n
    variance = sum(c * (v - mean) ** 2 for v, c in histogram.items()) / n
    ends = []  # the sorted index just past each value
    total = 0
    for v in values:
        total += histogram[v]
        ends.append(total)

    def at(index: int) -> int:
        """The value at this position of the sorted scores."""
        return next(v for v, end in zip(values, ends, strict=True) if index < end)

    def percentile(q: float) -> float:
        """The q-th percentile by numpy's default ("linear") method."""
        position = (n - 1) * q / 100
        low = math.floor(position)
        a, b = at(low), at(min(low + 1, n - 1))
        return float(a + (b - a) * (position - low))

    return {
        "mean": mean,
        "std": math.sqrt(variance),
        "min": values[0],
        "p10": percentile(10),
        "median": percentile(50),
        "p90": percentile(90),
        "max": values[-1],
    }
