"""Calls and the exchange decided by playouts over worlds (docs/bots.md "Calls and the exchange by search").

A call is worth what the seat's team gains by making it: from the seat's view,
`worlds` worlds are drawn (the hidden cards anew, the last 6 cards too before
Grand Tichu) and each is played out twice with the same seeds, once after the
call and once after the answer "no" (in play: after the policy's own move, no
call), by the playout policy with its calls on for every later decision. The
seat calls when the mean difference of its team's margin (own return less the
other team's) exceeds `CALL_MARGIN` and `CALL_ERRORS` standard errors. A push
is scored the same way: each
candidate (`exchange_candidates`) applied in the same worlds and played out
with the same seeds, the best mean margin taken.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np

from tichu_fast import _args, _core
from tichu_fast._core import Action
from tichu_fast.enums import ActionKind, Call, Decision
from tichu_fast.search import playouts, policy_action, world_seed

if TYPE_CHECKING:
    import numpy.typing as npt

    from tichu_fast.hand import HandState

__all__ = [
    "CALL_ERRORS",
    "CALL_MARGIN",
    "GRAND_CHANCE",
    "TICHU_CHANCE",
    "call_action",
    "call_gain",
    "calling_heuristic",
    "doubt_of",
    "exchange_candidates",
    "kept_choice",
    "no_call",
    "own_heuristic",
    "per_mille",
    "search_call",
    "search_exchange",
    "table_call",
    "threshold",
    "with_doubt",
]

CALL_MARGIN = 20.0  # points a hand: call only when calling is expected to gain more than this
CALL_ERRORS = 2.0  # ... and more than this many standard errors of the estimate
TICHU_CHANCE = 0.55  # the heuristic's thresholds on its calls table (heuristic_params.hpp tichu_chance)
GRAND_CHANCE = 0.6  # ... and grand_chance (docs/heuristic.md "Calls")


def call_action(state: HandState) -> Action | None:
    """The legal action of `state` that calls (Grand Tichu, Tichu, or the in-play ``tichu``), or None."""
    for action in state.legal_actions():
        if action.kind in (ActionKind.GRAND_TICHU, ActionKind.TICHU) and action.call:
            return action
    return None


def no_call(state: HandState) -> Action:
    """The answer "no" at a call decision (Grand Tichu or Tichu before the exchange)."""
    return next(a for a in state.legal_actions() if not a.call)


def threshold(value: object, what: str) -> float:
    """A chance threshold of `table_call`: a finite number in 0..1 (TypeError, ValueError)."""
    number = _args.nonnegative(value, what)
    if number > 1:
        raise ValueError(f"{what} must be a chance in 0..1, not {value!r}")
    return number


def per_mille(chance: float) -> int:
    """The heuristic's setting (whole per mille, docs/heuristic.md "Settings") that calls exactly the hands
    `table_call` calls from `chance`: the table's chances are whole per mille, called when at least the
    setting, so the smallest whole per mille not below `chance` (0.5551 -> 556, 0.555 -> 555)."""
    return math.ceil(1000 * chance - 1e-9)


def doubt_of(value: object, name: str = "doubt") -> float:
    """A doubt in logits (docs/heuristic.md "Calls"): a finite number within +-10 (TypeError, ValueError naming
    the option `name`)."""
    number = _args.real(value, name)
    if not -10 <= number <= 10:
        raise ValueError(f"{name} must be within -10..10 logits, not {value!r}")
    return number


def with_doubt(heuristic: str, doubt: float, play_doubt: float = 0.0) -> str:
    """The heuristic `heuristic` (a policy text) calling as if its opponents were stronger by `doubt` logits:
    ``heuristic:...,call_doubt=D`` with D = 100 x doubt; `play_doubt` logits more off a Tichu called in play,
    on the hand after the exchange (``play_doubt=P``, docs/heuristic.md "Calls"). ValueError for heuristic-v2,
    whose calls table takes no doubt, and for a text that sets call_doubt or play_doubt itself."""
    doubts = [("call_doubt", doubt_of(doubt)), ("play_doubt", doubt_of(play_doubt, "play_doubt"))]
    settings = [f"{name}={round(100 * value)}" for name, value in doubts if value]
    if not settings:
        return heuristic
    if heuristic == "heuristic-v2":
        raise ValueError("heuristic-v2 calls by its own table, which takes no doubt")
    return _with_settings(heuristic, settings)


def calling_heuristic(
    policy: str, doubt: float, tichu_chance: float, grand_chance: float, play_doubt: float = 0.0
) -> str:
    """The heuristic a search bot playing out with `policy` calls and pushes by (`own_heuristic`): with the
    bot's `doubt` and `play_doubt` (`with_doubt`) and, but for heuristic-v2, whose table takes no settings,
    the bot's own thresholds, so that its push keeps the best card for the hand it would call (docs/bots.md
    "Calls").

    A threshold equal to the heuristic's default is left out (a ``heuristic:...`` text may set its own);
    ValueError for a text that sets a threshold the bot sets too.
    """
    heuristic = with_doubt(own_heuristic(policy), doubt, play_doubt)
    if heuristic == "heuristic-v2":
        return heuristic
    settings = [
        f"{name}={per_mille(chance)}"
        for name, chance, usual in (
            ("tichu_chance", tichu_chance, TICHU_CHANCE),
            ("grand_chance", grand_chance, GRAND_CHANCE),
        )
        if chance != usual
    ]
    return _with_settings(heuristic, settings)


def _with_settings(heuristic: str, settings: list[str]) -> str:
    """The heuristic `heuristic` (a policy text) with more ``KEY=VALUE`` settings, checked by the core
    (ValueError for a setting the text gives already)."""
    if not settings:
        return heuristic
    return _args.policy(f"{heuristic}{',' if ':' in heuristic else ':'}{','.join(settings)}")


def own_heuristic(policy: str) -> str:
    """The heuristic a search bot takes what it does not search from (the calls table, the exchange's push,
    the move `keep` compares with): its playout `policy` where that is a heuristic with numbers of its own
    (``heuristic-v2``, ``heuristic:KEY=VALUE,...``), else the shipped ``heuristic``. So a field member that
    plays out with the frozen heuristic-v2 calls and pushes by it too."""
    return policy if policy == "heuristic-v2" or policy.startswith("heuristic:") else "heuristic"


def table_call(
    state: HandState,
    seat: int,
    tichu_chance: float = TICHU_CHANCE,
    grand_chance: float = GRAND_CHANCE,
    heuristic: str = "heuristic",
) -> Action | None:
    """The call decided from the heuristic's calls table with the given thresholds, or None.

    At a Grand Tichu decision: call when the table's chance that the first 8 cards go
    out first is at least `grand_chance`; at a Tichu decision (before the exchange), or
    at a play decision where the in-play ``tichu`` is legal: call when the hand's chance
    is at least `tichu_chance` and the partner has not called. The answer is "no" at a
    call decision, and None at a play decision without the call (the move is left to the
    bot). With the defaults it calls exactly as the heuristic policy (docs/bots.md); the table's
    chances are those of the heuristic `heuristic` (a policy text, see `own_heuristic`).
    `state` is a C++ `HandState` (a bot converts a reference state with `core_state`).
    Two limits: the defaults copy the shipped heuristic's numbers, so a heuristic with other
    settings (`heuristic:tichu_chance=...`, docs/heuristic.md) calls otherwise; and the heuristic's push
    keeps its best card for a hand that it would call itself (a bot gives it its own thresholds:
    `calling_heuristic`).
    IndexError for a seat outside 0..3, ValueError for a seat not in turn.
    """
    if _args.seat(seat, "seat") != state.current_player:
        raise ValueError(f"seat {seat} is not the player in turn {state.current_player}")
    grand = state.decision == Decision.GRAND_TICHU
    asked = grand or state.decision == Decision.TICHU
    call = call_action(state)
    if call is not None and (grand or state.calls[seat ^ 2] == Call.NONE):
        # not asked: the in-play Tichu (R7.2), on the hand the exchange left
        chance = _core._heuristic_call_chance(state.seen(seat).mask, grand, heuristic, not asked) / 1000
        if chance >= (grand_chance if grand else tichu_chance):
            return call
    return no_call(state) if asked else None


def _decline(state: HandState, policy: str, seed: int) -> Action:
    """What the seat does instead of calling: "no" on a call decision, else the policy's move without calls."""
    if state.decision in (Decision.GRAND_TICHU, Decision.TICHU):
        return no_call(state)
    return policy_action(state, policy, seed, calls=False)


def _margins(state: HandState, seat: int, worlds: int, seed: int, policy: str, threads: int) -> npt.NDArray[np.float64]:
    """The seat's team margin (own return less the other's) in `worlds` playouts of fresh worlds for `seat`."""
    records = playouts(state, worlds, seed, policy=policy, calls=True, resample_for=seat, threads=threads)
    returns = records["returns"].astype(np.float64)
    team = seat & 1
    return np.asarray(returns[:, team] - returns[:, 1 - team])


def call_gain(
    state: HandState, seat: int, worlds: int, seed: int, *, policy: str = "heuristic", threads: int = 1
) -> tuple[float, float]:
    """The mean gain of calling now over not calling, in points a hand, and its standard error.

    `state` is the seat's view (a world), at a decision of `seat` where a call is legal.
    """
    call = call_action(state)
    if call is None:
        raise ValueError("no call is legal at this decision")
    base = _core.hand_seed(seed, 1)
    after_call = _margins(state.child(call), seat, worlds, base, policy, threads)
    after_no = _margins(state.child(_decline(state, policy, seed)), seat, worlds, base, policy, threads)
    gain = after_call - after_no
    error = float(gain.std(ddof=1) / np.sqrt(len(gain))) if len(gain) > 1 else float("inf")
    return float(gain.mean()), error


def search_call(
    state: HandState, seat: int, worlds: int, seed: int, *, policy: str = "heuristic", threads: int = 1
) -> bool:
    """Whether `seat` should call now: the gain of calling exceeds CALL_MARGIN and CALL_ERRORS standard errors.

    The playouts play every seat by the heuristic, which the opponents at a table may outplay,
    and a seat asks at several decisions (Tichu before the exchange, then before each
    play until its first card): the margin keeps the calls to the clear cases.
    """
    gain, error = call_gain(state, seat, worlds, seed, policy=policy, threads=threads)
    return gain > max(CALL_MARGIN, CALL_ERRORS * error)


def exchange_candidates(state: HandState, policy: str = "heuristic") -> list[Action]:
    """The pushes worth searching (as ISMCTS's root, docs/ismcts.md): the push of the heuristic of `policy`
    (`own_heuristic`) and variants of it."""
    return list(_core.ismcts_candidates(_args.core_of(state), False, policy))


def search_exchange(
    state: HandState, seat: int, worlds: int, seed: int, *, policy: str = "heuristic", threads: int = 1
) -> tuple[Action, list[Action], npt.NDArray[np.float64]]:
    """The candidate push of best mean team margin over the same `worlds` for each, the candidates and their means.

    Every candidate is applied in each of `worlds` worlds drawn for `seat` and
    played out from the same seed (common random numbers).
    """
    candidates = exchange_candidates(state, policy)
    drawn = state.resample_many(seat, worlds, world_seed(seed))
    team = seat & 1
    means = np.zeros(len(candidates))
    for w, world in enumerate(drawn):
        playout_seed = _core.hand_seed(seed, w)
        for i, push in enumerate(candidates):
            record = playouts(world.child(push), 1, playout_seed, policy=policy, calls=True, threads=threads)[0]
            means[i] += int(record["returns"][team]) - int(record["returns"][1 - team])
    means /= worlds
    return candidates[int(np.argmax(means))], candidates, means


def kept_choice(values: Any, best: int, usual: int, keep: float) -> int:
    """The root's choice under `keep` (docs/ismcts.md "The root's choice"): the heuristic's action
    `usual` unless the search's choice `best` has a mean value (`values`, the team's return) at least
    `keep` points higher; an action never searched (value nan) never stands against it."""
    return usual if values[best] - values[usual] < keep else best
