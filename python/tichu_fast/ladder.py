"""The ladder: ratings in points per hand from a round robin's duplicate margins (docs/bots.md "The ladder").

Each match of `round_robin` gives A's mean margin per hand over B, m, with its 95% interval. The ladder
fits one rating r per bot so that r_A - r_B explains every margin: weighted least squares, each match
weighted by 1 / se**2 (se = the interval's half-width / 1.96), the anchor bot's rating fixed at 0
(heuristic-v1 when it plays, the frozen yardstick; else the mean rating is 0). This is the linear
(Thurstone-Mosteller) model for margins rather than win counts: a rating difference is the expected
margin per hand between two bots. A rating's 95% interval is +-1.96 times the square root of its
variance from the fit's covariance, widened by sqrt(misfit) when `misfit` > 1; `misfit` is the fit's
chi-square over its degrees of freedom (about 1 when the ratings explain the margins within their
intervals, much more when margins do not add up: a bot that loses more to strong bots than the
ratings predict, as the random policy with its calls does). The matches must connect every bot.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from tichu_fast.arena import DuplicateResult

__all__ = ["ANCHOR", "Ladder", "Rating", "ladder"]

ANCHOR = "heuristic-v1"


@dataclass(frozen=True)
class Rating:
    """One bot's rating: expected margin per hand over the anchor, with its 95% interval."""

    name: str
    rating: float
    ci: float
    matches: int


@dataclass(frozen=True)
class Ladder:
    """Ratings best first, the anchor, and the fit's chi-square per degree of freedom (nan with none left)."""

    ratings: list[Rating]
    anchor: str | None
    misfit: float

    def table(self) -> str:
        """The ladder as text."""
        anchor = f"{self.anchor} = 0" if self.anchor else "mean = 0"
        lines = [f"rank  bot                               rating (points per hand, {anchor})  matches"]
        for i, r in enumerate(self.ratings, 1):
            lines.append(f"{i:4d}  {r.name[:32]:32s}  {r.rating:+8.1f} ± {r.ci:5.1f}{'':23s}{r.matches:4d}")
        lines.append(f"misfit (chi-square per degree of freedom): {self.misfit:.2f}")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready values (an undefined misfit is null)."""
        return {
            "anchor": self.anchor,
            "misfit": None if math.isnan(self.misfit) else self.misfit,
            "ratings": [{"bot": r.name, "rating": r.rating, "ci": r.ci, "matches": r.matches} for r in self.ratings],
        }


# A match whose hands all had the same margin has se 0: one point, finer than the game's grain (card
# points come in fives), keeps its weight finite and the fit well conditioned.
_LEAST_SE = 1.0


def ladder(matches: Mapping[tuple[str, str], DuplicateResult], anchor: str | None = ANCHOR) -> Ladder:
    """Ratings from `matches` ((A, B) -> duplicate result, as RoundRobinResult.matches).

    `anchor` (default heuristic-v1) is rated 0 when it is among the bots; otherwise (or with None) the
    mean rating is 0. ValueError when a match has no finite interval (one deal) or the matches do not
    connect every bot.
    """
    names = sorted({n for pair in matches for n in pair})
    if len(names) < 2:
        raise ValueError("a ladder needs matches between at least two bots")
    index = {n: i for i, n in enumerate(names)}
    rows, margins, weights = [], [], []
    played = dict.fromkeys(names, 0)
    for (a, b), result in matches.items():
        se = result.margin.ci / 1.96
        if not math.isfinite(se):
            raise ValueError(f"the match {a} vs {b} has no finite interval: play more than one deal")
        row = np.zeros(len(names))
        row[index[a]], row[index[b]] = 1.0, -1.0
        rows.append(row)
        margins.append(result.margin.mean)
        weights.append(1.0 / max(se, _LEAST_SE) ** 2)
        played[a] += 1
        played[b] += 1
    design, y, w = np.array(rows), np.array(margins), np.array(weights)
    fixed = anchor if anchor in index else None
    # the constraint as one more parameterisation: drop the anchor's column, or centre the ratings
    if fixed is not None:
        keep = [i for i in range(len(names)) if i != index[fixed]]
        basis = np.eye(len(names))[:, keep]
    else:
        basis = np.eye(len(names))[:, :-1] - np.eye(len(names))[:, [-1]]  # r_last = -(sum of the others)
    reduced = design @ basis
    normal = reduced.T @ (reduced * w[:, None])
    if np.linalg.matrix_rank(normal) < normal.shape[0]:
        raise ValueError("the matches do not connect every bot: no ladder")
    covariance = np.linalg.inv(normal)
    theta = covariance @ (reduced.T @ (w * y))
    ratings = basis @ theta
    spread = basis @ covariance @ basis.T
    residual = y - design @ ratings
    freedom = len(y) - normal.shape[0]
    misfit = float(np.sum(w * residual**2) / freedom) if freedom > 0 else math.nan
    widen = math.sqrt(misfit) if misfit > 1 else 1.0
    out = [
        Rating(n, float(ratings[i]), float(1.96 * widen * math.sqrt(max(spread[i, i], 0.0))), played[n])
        for i, n in enumerate(names)
    ]
    out.sort(key=lambda r: -r.rating)
    return Ladder(out, fixed, misfit)
