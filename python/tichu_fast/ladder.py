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

Bad input is refused before anything is fitted: a TypeError for matches that are not a mapping of
(name, name) pairs to results with a numeric margin, a ValueError for a bot matched against itself or
a margin or interval that is NaN, infinite or beyond what a hand can score (`ladder`'s docstring).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from tichu_fast import _args

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
# A team scores -425..400 in a hand (R7, R8), so no margin per hand is larger than this, and no interval
# of a mean of such margins wider than twice it: bounds that keep every number of the fit finite.
_MOST_MARGIN = 1000.0


def _match(pair: object, result: object) -> tuple[str, str, float, float]:
    """(A, B, A's mean margin, its standard error) of one match, every part checked."""
    if not (isinstance(pair, tuple) and len(pair) == 2 and all(isinstance(name, str) for name in pair)):
        shown = repr(pair) if len(repr(pair)) <= 80 else repr(pair)[:80] + "..."
        raise TypeError(f"a match is keyed by a pair of bot names (str, str), not {shown}")
    a, b = pair
    if a == b:
        raise ValueError(f"the match {a} vs {b} pits a bot against itself: it rates nothing")
    margin = getattr(result, "margin", None)
    if margin is None or not hasattr(margin, "mean") or not hasattr(margin, "ci"):
        raise TypeError(
            f"the match {a} vs {b} is a {type(result).__name__}, "
            "not a duplicate result (with margin.mean and margin.ci)"
        )
    mean = _args.real(margin.mean, f"the margin of {a} vs {b}")
    ci = _args.real(margin.ci, f"the interval of {a} vs {b}")
    if not abs(mean) <= _MOST_MARGIN:  # NaN too
        raise ValueError(
            f"the match {a} vs {b} has the margin {mean}: a margin is a finite number of points per hand "
            f"within ±{_MOST_MARGIN:.0f}"
        )
    if ci == math.inf:
        raise ValueError(f"the match {a} vs {b} has no finite interval: play more than one deal")
    if not 0 <= ci <= 2 * _MOST_MARGIN:  # NaN too
        raise ValueError(
            f"the match {a} vs {b} has the interval ±{ci}: an interval's half-width is a number of points "
            f"0..{2 * _MOST_MARGIN:.0f}"
        )
    return a, b, mean, ci / 1.96


def ladder(matches: Mapping[tuple[str, str], DuplicateResult], anchor: str | None = ANCHOR) -> Ladder:
    """Ratings from `matches` ((A, B) -> duplicate result, as RoundRobinResult.matches).

    `anchor` (default heuristic-v1) is rated 0 when it is among the bots; otherwise (or with None) the
    mean rating is 0. ValueError when a match has no finite interval (one deal), a margin is not a
    number within ±1000 points per hand or an interval's half-width not one in 0..2000 (NaN and
    infinities included), a bot is matched against itself, or the
    matches do not connect every bot; TypeError for anything but a mapping of (name, name) pairs to
    duplicate results, or an anchor that is neither None nor a str.
    """
    if not isinstance(matches, Mapping):
        raise TypeError(f"matches must be a mapping (A, B) -> duplicate result, not {type(matches).__name__}")
    if anchor is not None and not isinstance(anchor, str):
        raise TypeError(f"anchor must be None or a bot name (str), not {type(anchor).__name__}")
    checked = [_match(pair, result) for pair, result in matches.items()]
    names = sorted({n for a, b, _, _ in checked for n in (a, b)})
    if len(names) < 2:
        raise ValueError("a ladder needs matches between at least two bots")
    index = {n: i for i, n in enumerate(names)}
    rows, margins, weights = [], [], []
    played = dict.fromkeys(names, 0)
    for a, b, mean, se in checked:
        row = np.zeros(len(names))
        row[index[a]], row[index[b]] = 1.0, -1.0
        rows.append(row)
        margins.append(mean)
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
