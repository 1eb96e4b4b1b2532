"""One hand of `simulate` played again with its history: the hand behind a record, for its replay."""

from __future__ import annotations

from tichu_fast import _args, _core
from tichu_fast.hand import HandState
from tichu_fast.rules import Rules

__all__ = ["simulated_hand"]


def simulated_hand(
    k: int, seed: int = 0, *, policy: str = "random", calls: bool = True, rules: Rules | None = None
) -> HandState:
    """Hand k of `simulate(n, seed, ...)` played again, finished, with its history: the hand behind record k.

    The same policy, calls and rules give the same hand as the record (its deal is hand_seed(seed, k)),
    so `state.replay()` is the replay of simulate's hand k (`tichu-fast simulate --save-replays`).
    """
    k = _args.count(k, "k")
    seed = _args.seed(seed)
    rules = _args.rules(rules)
    core = _core.simulated_hand(seed, k, _args.policy(policy), _args.flag(calls, "calls"), rules)
    deal = "deal " + " ".join(_core.shuffled_deck(_core.hand_seed(seed, k)))  # the origin HandState.new writes
    return HandState._make(core, deal, rules)
