"""The random policy and playouts (docs/playouts.md), in plain Python.

The reference plays the random policy only (the heuristic is C++ only), and
draws exactly as the C++ core does, so a playout of a state from a seed is the
same hand on both backends: decision k draws from SplitMix64(hand_seed(seed, k)).
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from tichu_fast.enums import ActionKind, Call, Decision, MoveType
from tichu_fast.formats import PLAYOUT_DTYPE

from .actions import Action
from .deal import SplitMix64, _check_seed, hand_seed

if TYPE_CHECKING:
    from .hand_state import HandState

__all__ = ["POLICIES", "PlayoutResult", "pick", "playout", "playouts", "policy_action", "world_seed"]

POLICIES = ("random",)  # the heuristic is C++ only

# Mixed into the seed of drawn worlds, so that they do not reuse the playouts' stream (as in C++).
_WORLD_STREAM = 0x6A09E667F3BCC909


def world_seed(seed: int) -> int:
    """The seed of the worlds drawn for playouts from `seed`: hand_seed(seed, 0) ^ a constant.

    `playouts(.., resample_for=p)` plays playout i in `resample(p, hand_seed(world_seed(seed), i))`.
    """
    return hand_seed(seed, 0) ^ _WORLD_STREAM


def pick(rng: SplitMix64, n: int) -> int:
    """Nearly uniform in 0..n-1 from one draw: the high 64 bits of next() * n (SplitMix64's pick)."""
    return (rng.next() * n) >> 64


@dataclass(frozen=True)
class PlayoutResult:
    """One playout's end: team returns, out order, calls, calls made, tricks and bombs."""

    returns: tuple[int, int]
    out_order: tuple[int, ...]
    calls: tuple[Call, Call, Call, Call]
    calls_won: tuple[bool, bool, bool, bool]
    tricks: int
    bombs: int
    one_two: bool


def _check_policy(policy: object) -> str:
    if not isinstance(policy, str):
        raise TypeError(f"policy must be a str, not {type(policy).__name__}")
    if policy.startswith("heuristic"):
        raise ValueError(f"the {policy} policy is C++ only (tichu_fast); the reference plays 'random'")
    if policy not in POLICIES:
        shown = policy if len(policy) <= 80 else policy[:80] + "..."
        raise ValueError(f"unknown policy {shown!r}: the reference plays 'random'")
    return policy


def _check_flag(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{what} must be a bool, not {type(value).__name__}")
    return value


def _check_count(value: object, what: str, least: int) -> int:
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError(f"{what} must be an int, not {type(value).__name__}")
    count = operator.index(value)
    if count < least:
        raise ValueError(f"{what} must be >= {least}, not {count}")
    return count


def _random_action(state: HandState, rng: SplitMix64, calls: bool) -> Action:
    """The random policy (docs/playouts.md "Built-in policies"): uniform among the legal actions."""
    decision = state.decision
    if decision in (Decision.GRAND_TICHU, Decision.TICHU) and not calls:
        return state.legal_actions()[0]  # "no grand tichu" / "no tichu": it never calls
    if decision == Decision.EXCHANGE:
        # a uniform ordered triple of distinct cards, for p+1, p+2, p+3: the first 3 steps of a
        # forward Fisher-Yates shuffle of the hand in the stable card order
        cards = list(state.hands[state.current_player])
        for k in range(3):
            j = k + pick(rng, len(cards) - k)
            cards[k], cards[j] = cards[j], cards[k]
        return Action.push_cards(cards[0], cards[1], cards[2])
    actions = state.legal_actions()
    if not calls and actions[-1].kind == ActionKind.TICHU:
        actions.pop()  # PLAY: the in-play `tichu` is not taken
    return actions[pick(rng, len(actions))]


def policy_action(state: HandState, policy: str = "random", seed: int = 0, *, calls: bool = True) -> Action:
    """The random policy's action for the current decision, drawing from SplitMix64(seed); ValueError when over.

    With `calls` (the default) it calls Grand Tichu and Tichu as in play; `calls=False` never calls.
    """
    _check_policy(policy)
    calls = _check_flag(calls, "calls")
    rng = SplitMix64(_check_seed(seed))
    if state.is_terminal():
        raise ValueError("the hand is over: there is no decision")
    return _random_action(state, rng, calls)


def _is_bomb(action: Action) -> bool:
    move = action.move
    return move is not None and move.type in (MoveType.FOUR_OF_A_KIND, MoveType.STRAIGHT_FLUSH)


def playout(state: HandState, seed: int, policy: str = "random", calls: bool = False) -> PlayoutResult:
    """Play a copy of `state` to the end by `policy`; decision k draws from hand_seed(seed, k)."""
    _check_policy(policy)
    calls = _check_flag(calls, "calls")
    seed = _check_seed(seed)
    hand = state.clone()
    tricks = bombs = 0
    k = 0
    while not hand.is_terminal():
        action = _random_action(hand, SplitMix64(hand_seed(seed, k)), calls)
        leads = hand.decision == Decision.PLAY and hand.table is None and action.kind == ActionKind.PLAY
        tricks += leads
        bombs += _is_bomb(action)
        hand.apply(action)
        k += 1
    out = hand.out_order
    first = out[0] if out else -1
    seat_calls = hand.calls
    return PlayoutResult(
        returns=hand.returns(),
        out_order=out,
        calls=(seat_calls[0], seat_calls[1], seat_calls[2], seat_calls[3]),
        calls_won=tuple(seat_calls[s] != Call.NONE and first == s for s in range(4)),  # type: ignore[arg-type]
        tricks=tricks,
        bombs=bombs,
        one_two=len(out) == 2,
    )


def playouts(
    state: HandState,
    n: int,
    seed: int,
    *,
    policy: str = "random",
    calls: bool = False,
    resample_for: int | None = None,
    threads: int = 1,
) -> npt.NDArray[np.void]:
    """`n` playouts as a PLAYOUT_DTYPE array; playout i is `playout(hand_seed(seed, i))`.

    With `resample_for=p` playout i is played in the world
    `state.resample(p, hand_seed(world_seed(seed), i))` instead of `state`.
    `threads` is checked (an int >= 1) and ignored: the reference plays one after another.
    """
    n = _check_count(n, "n", 0)
    _check_count(threads, "threads", 1)
    _check_policy(policy)
    seed = _check_seed(seed)
    if resample_for is not None:
        if isinstance(resample_for, bool) or not hasattr(resample_for, "__index__"):
            raise TypeError(f"resample_for must be None or a seat, not {type(resample_for).__name__}")
        if not 0 <= operator.index(resample_for) <= 3:
            raise IndexError(f"resample_for {operator.index(resample_for)} is outside 0..3")
    if state.is_terminal():
        raise ValueError("the hand is over: no decision to play from")
    worlds = world_seed(seed)
    records = np.zeros(n, dtype=PLAYOUT_DTYPE)
    for i in range(n):
        start = state if resample_for is None else state.resample(resample_for, hand_seed(worlds, i))
        result = playout(start, hand_seed(seed, i), policy, calls)
        record = records[i]
        record["returns"] = result.returns
        record["out_order"] = list(result.out_order) + [-1] * (4 - len(result.out_order))
        record["calls"] = [int(c) for c in result.calls]
        record["calls_won"] = [int(w) for w in result.calls_won]
        record["tricks"] = result.tricks
        record["bombs"] = result.bombs
        record["one_two"] = int(result.one_two)
    return records
