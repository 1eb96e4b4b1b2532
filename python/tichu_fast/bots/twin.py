"""A state of either backend decided in C++: its C++ twin and a built-in policy's action for it.

Shared by the bots (built-in, Monte Carlo, ISMCTS, solver), which all take
states of either backend; a reference state is rebuilt from its replay text
(a world's from the text of its own cards and record, `_twin_replay`), so this
module imports nothing of the reference.
"""

from __future__ import annotations

from typing import Any

from tichu_fast.hand import HandState
from tichu_fast.search import policy_action

__all__ = ["core_state", "policy_action_of"]


def core_state(state: Any) -> HandState:
    """`state` as a C++ HandState: itself, or a reference HandState rebuilt from its replay text.

    A reference world (from resample or with_hands) has no replay; its twin
    is rebuilt from the replay of its own cards and record instead, the
    bomb offers the record leaves out declined: the same state.
    """
    if isinstance(state, HandState):
        return state
    twin_replay = getattr(state, "_twin_replay", None)  # the reference's; another object keeps its replay()
    return HandState.from_replay(state.replay() if twin_replay is None else twin_replay())


def policy_action_of(state: Any, policy: str, seed: int, calls: bool) -> Any:
    """The built-in policy's action for `state` of either backend.

    A reference state is decided in C++ on its replay (the reference plays only
    the random policy) and the action read back by its text: the same action.
    """
    if isinstance(state, HandState):
        return policy_action(state, policy, seed, calls=calls)
    return state.parse_action(str(policy_action(core_state(state), policy, seed, calls=calls)))
