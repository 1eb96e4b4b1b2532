"""A bot against the whole field: one duplicate match per member, on the same deals (docs/field.md).

The number a strength claim quotes is the minimum over the field: the smallest
margin (and its interval), with the calls part of every match beside it, since a
bot tuned against one opponent can win its card play and lose its calls.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from tichu_fast.arena import DuplicateResult, Estimate, _check_progress, duplicate
from tichu_fast.bots.field import FIELD
from tichu_fast.calibration import Calibration, call_calibration
from tichu_fast.rules import Rules

__all__ = ["GauntletResult", "gauntlet"]


def _rates(result: DuplicateResult, team: str) -> dict[str, dict[str, float]]:
    """A team's calls of each kind: the count, the calls per seat-hand, and the part of them made."""
    seat_hands = 2 * result.hands  # a team holds two seats in each hand
    out = {}
    for kind, counts in result.call_success[team].items():
        out[kind] = {"calls": counts["calls"], "call_rate": counts["calls"] / seat_hands, "made_rate": counts["rate"]}
    return out


@dataclass(frozen=True)
class GauntletResult:
    """`bot` against each member of a field by duplicate on the same deals; `matches` in the field's order,
    the bot as team A of every match."""

    bot: str
    deals: int
    seed: int
    matches: dict[str, DuplicateResult]

    @property
    def toughest(self) -> str:
        """The member the bot beats by the least (the smallest mean margin)."""
        return min(self.matches, key=lambda name: self.matches[name].margin.mean)

    @property
    def minimum(self) -> Estimate:
        """The smallest margin over the field, with that match's 95% interval: the number a strength claim
        quotes (the smallest of several means leans low, so the claim errs on the safe side)."""
        return self.matches[self.toughest].margin

    @property
    def least_calls(self) -> str:
        """The member against which the bot's calls part is smallest."""
        return min(self.matches, key=lambda name: self.matches[name].calls.mean)

    @property
    def minimum_calls(self) -> Estimate:
        """The smallest calls part over the field (a bot that loses its calls to one member shows here)."""
        return self.matches[self.least_calls].calls

    def rates(self, member: str, team: str = "a") -> dict[str, dict[str, float]]:
        """Call rates of one match: per call kind ("tichu", "grand_tichu"), `calls` (the count), `call_rate`
        (calls per seat-hand) and `made_rate` (made per call, 0.0 without a call); team "a" is the bot, "b" the
        member."""
        return _rates(self.matches[member], team)

    def calibration(self, heuristic: str = "heuristic") -> dict[str, dict[str, Calibration]]:
        """The bot's calls in each match beside their chances by the calls table of `heuristic` (the bot's own:
        calibration.calls_heuristic), by member and kind ("tichu", "grand_tichu"); `Calibration.join` pools
        them."""
        return {name: call_calibration(r, heuristic) for name, r in self.matches.items()}

    def table(self) -> str:
        """The matches and the minimum as text, one line a member."""
        width = max(6, *(len(name) for name in self.matches))
        lines = [
            f"{self.bot} against the field, {self.deals} deals (seed {self.seed}), "
            "margins per hand with 95% intervals;",
            "calls: T(ichu) and GT (Grand Tichu) per seat-hand / the part made, the bot's and the member's",
            "",
            f"{'member':{width}s} {'margin':>15s} {'calls part':>15s} {'cards part':>15s}   calls of the bot"
            f"{'':17s}calls of the member",
        ]
        for name, r in self.matches.items():
            ours, theirs = self.rates(name, "a"), self.rates(name, "b")
            lines.append(
                f"{name:{width}s} {_shown(r.margin):>15s} {_shown(r.calls):>15s} {_shown(r.cards):>15s}   "
                f"{_calls(ours):31s}  {_calls(theirs)}"
            )
        lines += [
            "",
            f"minimum over the field: {_shown(self.minimum)} (against {self.toughest}); "
            f"smallest calls part {_shown(self.minimum_calls)} (against {self.least_calls})",
        ]
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready values: every match's DuplicateResult.to_dict with its call rates, and the minimum."""
        return {
            "bot": self.bot,
            "deals": self.deals,
            "seed": self.seed,
            "matches": [
                r.to_dict() | {"member": name, "rates": {"a": self.rates(name, "a"), "b": self.rates(name, "b")}}
                for name, r in self.matches.items()
            ],
            "minimum": self.minimum.to_dict() | {"member": self.toughest},
            "minimum_calls_part": self.minimum_calls.to_dict() | {"member": self.least_calls},
        }


def _shown(e: Estimate) -> str:
    return f"{e.mean:+.1f} ± {e.ci:.1f}" if math.isfinite(e.ci) else f"{e.mean:+.1f}"


def _calls(rates: dict[str, dict[str, float]]) -> str:
    """'T called% / made%, GT called% / made%' of a team."""

    def pair(rate: dict[str, float]) -> str:
        """'called% / made%' of one call kind."""
        made = f"{100 * rate['made_rate']:.0f}%" if rate["calls"] else "-"
        return f"{100 * rate['call_rate']:.1f}% / {made}"

    return f"T {pair(rates['tichu'])}, GT {pair(rates['grand_tichu'])}"


def gauntlet(
    bot: object,
    deals: int,
    seed: int,
    *,
    field: Sequence[str] | None = None,
    name: str | None = None,
    threads: int = 1,
    rules: Rules | None = None,
    ray: object = None,
    progress: Callable[[int, int], None] | None = None,
    time_limit: float | None = None,
) -> GauntletResult:
    """`bot` (a bot or a SPEC) against every member of `field` (default: all of FIELD, weakest first), each by
    `duplicate(bot, member, deals, seed, ...)`, so on the same deals; `name` labels the bot (default: the
    SPEC, or the bot's repr). A member is a name of FIELD or any SPEC; ValueError for an empty or repeated
    field, and whatever `duplicate` raises for bad arguments."""
    progress = _check_progress(progress)
    members = list(FIELD) if field is None else list(field)
    if isinstance(field, str) or not members or not all(isinstance(m, str) for m in members):
        raise ValueError("a field is a non-empty list of member names or SPECs")
    if len(set(members)) != len(members):
        raise ValueError("a field names each member once")
    label = name if name is not None else bot if isinstance(bot, str) else repr(bot)
    matches = {}
    for k, member in enumerate(members):

        def step(done: int, total: int, k: int = k) -> None:
            """Progress over all the matches' deals."""
            if progress is not None:
                progress(k * total + done, len(members) * total)

        result = duplicate(
            bot, member, deals, seed, threads=threads, rules=rules, ray=ray, progress=step, time_limit=time_limit
        )
        matches[member] = replace(result, team_a=str(label), team_b=member)
    return GauntletResult(str(label), deals, seed, matches)
