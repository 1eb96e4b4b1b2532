"""Are a bot's calls as good as its chances say? Predicted chance beside what happened (docs/field.md).

A heuristic decides Tichu and Grand Tichu from its estimated chance of going out
first (docs/heuristic.md "Calls"). Over the hands of a duplicate match, each call
of one team is paired with that chance, read from the cards the seat called on
(its first 8 for a Grand Tichu; for a Tichu its 14, before the exchange or after
it, as the call came, a Tichu in play read with the heuristic's play_doubt), and
with whether the call was made. The calls are sorted
by the chance and cut into ten groups of equal size (deciles): in a calibrated
bot each group's made rate is close to its mean chance. The Brier score, the
mean squared gap between chance and outcome, sums it up in one number (lower is
better; 0.25 is a coin's).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from tichu_fast import _core
from tichu_fast.arena import DuplicateResult, Estimate
from tichu_fast.enums import Call

__all__ = ["Calibration", "CalibrationGroup", "call_calibration", "calls_heuristic"]

_Z = 1.959963984540054  # the two-sided 95% point of the normal distribution


@dataclass(frozen=True)
class CalibrationGroup:
    """One group of calls with chances close together: how many, their mean chance, the part made and the
    95% Wilson interval of that part."""

    calls: int
    chance: float
    made: float
    low: float
    high: float

    @property
    def gap(self) -> float:
        """Made less predicted: above 0 the chance was too low, below 0 too high."""
        return self.made - self.chance


@dataclass(frozen=True)
class Calibration:
    """Calls of one kind: each call's predicted chance (0..1) and whether it was made, in matching order."""

    kind: str
    chance: npt.NDArray[np.float64]
    made: npt.NDArray[np.bool_]

    def __post_init__(self) -> None:
        if self.chance.shape != self.made.shape or self.chance.ndim != 1:
            raise ValueError("chance and made are two arrays of one length")
        if self.chance.size and not (
            np.isfinite(self.chance).all() and (self.chance >= 0).all() and (self.chance <= 1).all()
        ):
            raise ValueError("a chance lies in 0..1")

    @property
    def calls(self) -> int:
        """How many calls."""
        return int(self.chance.size)

    @property
    def made_rate(self) -> float:
        """The part of the calls made (NaN without a call)."""
        return float(self.made.mean()) if self.calls else math.nan

    @property
    def brier(self) -> float:
        """The mean of (chance - made)**2 over the calls (NaN without a call)."""
        return float(np.mean((self.chance - self.made) ** 2)) if self.calls else math.nan

    def doubt(self) -> Estimate:
        """The doubt that would have calibrated these calls, in logits (docs/heuristic.md "Calls"), with its 95%
        interval: the d for which the chances read as sigmoid(logit(chance) - d) fit what was made best (maximum
        likelihood). Below 0 the calls were made more often than their chance said, so the caller could call
        more; add it to the doubt it called with. Kept within -10..10, the doubts a bot takes (calls all made
        or all failed reach the bound); NaN without a call."""
        if not self.calls:
            return Estimate(math.nan, math.nan)
        chance = np.clip(self.chance, 1e-9, 1 - 1e-9)
        logit = np.log(chance / (1 - chance))
        made = self.made.astype(np.float64)

        def excess(d: float) -> float:
            """Calls made beyond what the chances read with doubt d say: rises with d."""
            return float(np.sum(made - 1 / (1 + np.exp(d - logit))))

        low, high = -10.0, 10.0  # the likelihood is concave in d: its top is where `excess` crosses 0
        for _ in range(60):
            middle = (low + high) / 2
            low, high = (low, middle) if excess(middle) > 0 else (middle, high)
        d = (low + high) / 2
        fitted = 1 / (1 + np.exp(d - logit))
        information = float(np.sum(fitted * (1 - fitted)))
        return Estimate(d, _Z / math.sqrt(information) if information > 0 else math.inf)

    def groups(self, count: int = 10) -> list[CalibrationGroup]:
        """The calls sorted by chance and cut into `count` groups as equal in size as may be; fewer groups when
        there are fewer calls, none without a call. Calls of one chance are shuffled (by a fixed seed) before
        they are cut: in calls joined match by match, a group cut from a tie would otherwise hold one match's
        calls and show its opponent, not the chance."""
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise ValueError(f"count must be a positive int, not {count!r}")
        if not self.calls:
            return []
        shuffle = np.random.default_rng(0).permutation(self.calls)
        order = shuffle[np.argsort(self.chance[shuffle], kind="stable")]
        out = []
        for part in np.array_split(order, min(count, self.calls)):
            made = int(self.made[part].sum())
            low, high = _wilson(made, part.size)
            out.append(CalibrationGroup(int(part.size), float(self.chance[part].mean()), made / part.size, low, high))
        return out

    def worst_gap(self, count: int = 10) -> float:
        """The largest |made - chance| over the groups (NaN without a call)."""
        return max((abs(g.gap) for g in self.groups(count)), default=math.nan)

    def table(self, count: int = 10) -> str:
        """The groups as text, one line each, the Brier score and the doubt that would calibrate the calls."""
        if not self.calls:
            return f"{self.kind}: no call"
        one_sided = self._one_sided()
        fit = (
            f"{one_sided}: no doubt calibrates them" if one_sided else f"calibrated by a doubt of {self._doubt_shown()}"
        )
        lines = [f"{self.kind}: {self.calls} calls, {100 * self.made_rate:.1f}% made, Brier {self.brier:.4f}, {fit}"]
        lines.append(f"  {'calls':>6s} {'chance':>7s} {'made':>6s} {'95% interval':>14s} {'gap':>6s}")
        for g in self.groups(count):
            lines.append(
                f"  {g.calls:6d} {100 * g.chance:6.1f}% {100 * g.made:5.1f}% "
                f"{100 * g.low:6.1f}-{100 * g.high:5.1f}% {100 * g.gap:+5.1f}"
            )
        return "\n".join(lines)

    def _one_sided(self) -> str | None:
        """For calls no finite doubt calibrates (doubt() stops at its bound): "all made" or "none made"; else None."""
        if self.made.all():
            return "all made"
        return None if self.made.any() else "none made"

    def _doubt_shown(self) -> str:
        """The calibrating doubt as a table shows it: the fit and its interval, or why there is none."""
        one_sided = self._one_sided()
        if one_sided is not None:
            return one_sided
        d = self.doubt()
        return f"{d.mean:+.2f} ± {d.ci:.2f}"

    def to_dict(self, count: int = 10) -> dict[str, Any]:
        """JSON-ready values: the counts, the Brier score and the calibrating doubt (None without a call) and the
        groups."""
        return {
            "kind": self.kind,
            "calls": self.calls,
            "made_rate": None if not self.calls else self.made_rate,
            "brier": None if not self.calls else self.brier,
            "doubt": None if not self.calls else self.doubt().to_dict(),
            "groups": [vars(g) | {"gap": g.gap} for g in self.groups(count)],
        }

    @staticmethod
    def join(parts: Sequence[Calibration]) -> Calibration:
        """The calls of several calibrations of one kind together (ValueError for kinds that differ)."""
        kinds = {p.kind for p in parts}
        if len(kinds) != 1:
            raise ValueError(f"one kind of call to join, not {sorted(kinds)}")
        return Calibration(
            kinds.pop(), np.concatenate([p.chance for p in parts]), np.concatenate([p.made for p in parts])
        )


def _wilson(made: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of made/n."""
    rate = made / n
    centre = (rate + _Z**2 / (2 * n)) / (1 + _Z**2 / n)
    half = _Z * math.sqrt(rate * (1 - rate) / n + _Z**2 / (4 * n * n)) / (1 + _Z**2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def call_calibration(
    result: DuplicateResult, heuristic: str = "heuristic", team: str = "a", seat: int | None = None
) -> dict[str, Calibration]:
    """The calls of `team` ("a" or "b") in `result`, each paired with the chance the cards it was called on
    have by the calls table of `heuristic` (a policy text, e.g. ``"heuristic"``, ``"heuristic-v2"``; a search
    bot calls by its playout heuristic's, see decide.own_heuristic), by kind: ``"tichu"`` and
    ``"grand_tichu"``. With `seat` 0 or 1, only the calls of the team's first or second seat (team A's first
    seat is seat 0 in a deal's first play, seat 1 in its second). A call made before a position's play began
    (arena.duplicate_positions) is not the arena's to read and is left out."""
    if team not in ("a", "b"):
        raise ValueError(f"team is 'a' or 'b', not {team!r}")
    if seat not in (None, 0, 1):
        raise ValueError(f"seat is 0, 1 or None (both), not {seat!r}")
    if any(a.shape != (result.hands, 4) for a in (result.seat_calls, result.call_hands, result.called_in_play)):
        raise ValueError("this result keeps no calls of its hands")
    rows = np.arange(result.hands)
    play = rows & 1  # team A sits at the seats of parity `play`
    ours = (np.arange(4)[None, :] & 1) == (play[:, None] ^ (team == "b"))
    if seat is not None:  # the team's first seat is the one of its parity below 2
        ours &= (np.arange(4)[None, :] >> 1) == seat
    made = result.first_out[:, None] == np.arange(4)[None, :]
    out = {}
    for kind, call in (("tichu", Call.TICHU), ("grand_tichu", Call.GRAND_TICHU)):
        mine = ours & (result.seat_calls == int(call)) & (result.call_hands != 0)
        grand = call == Call.GRAND_TICHU
        chance = [
            _core._heuristic_call_chance(int(cards), grand, heuristic, bool(in_play)) / 1000
            for cards, in_play in zip(result.call_hands[mine], result.called_in_play[mine], strict=True)
        ]
        out[kind] = Calibration(kind, np.array(chance, dtype=np.float64), made[mine])
    return out


def calls_heuristic(bot: object) -> str:
    """The heuristic whose calls table `bot` calls by (a policy text): a heuristic bot's own policy, a search
    bot's `heuristic` (decide.own_heuristic); ValueError for a bot that calls by no table."""
    heuristic = getattr(bot, "heuristic", None) or getattr(bot, "policy", None)
    if isinstance(heuristic, str) and (
        heuristic in ("heuristic", "heuristic-v2") or heuristic.startswith("heuristic:")
    ):
        return heuristic
    raise ValueError(f"{bot!r} calls by no calls table of the heuristic: nothing to calibrate")


def field_table(by_member: dict[str, dict[str, Calibration]], count: int = 10) -> str:
    """Calibrations by member (GauntletResult.calibration) as text: a line per member and kind (calls, made,
    Brier, the largest gap of a group, the doubt that would calibrate them), then each kind's groups over the
    whole field."""
    width = max(6, *(len(name) for name in by_member))
    lines = [
        f"{'member':{width}s} {'kind':11s} {'calls':>6s} {'made':>6s} {'Brier':>7s} {'worst gap':>9s} {'doubt':>13s}"
    ]
    for name, kinds in by_member.items():
        for kind, c in kinds.items():
            if c.calls:
                lines.append(
                    f"{name:{width}s} {kind:11s} {c.calls:6d} {100 * c.made_rate:5.1f}% {c.brier:7.4f} "
                    f"{100 * c.worst_gap(count):+8.1f} {c._doubt_shown():>13s}"
                )
    for kind in ("tichu", "grand_tichu"):
        pooled = Calibration.join([kinds[kind] for kinds in by_member.values()])
        lines += ["", "over the field, " + pooled.table(count)]
    return "\n".join(lines)
