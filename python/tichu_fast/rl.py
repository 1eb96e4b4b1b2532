"""Encodings for learning agents (docs/rl.md): fixed action ids, per-move features, the observation tensor.

The C++ core computes all of them; this module checks and shapes the
arguments. `HandState.legal_action_mask`, `legal_action_ids`, `apply_id` and
`observation_tensor` are the per-state half of the API.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from tichu_fast import _core
from tichu_fast._args import core_of
from tichu_fast._core import Action
from tichu_fast.errors import IllegalMoveError

if TYPE_CHECKING:
    from tichu_fast.hand import HandState

__all__ = [
    "HISTORY_ROW_SIZE",
    "MAX_HISTORY",
    "MOVE_FEATURES",
    "NUM_ACTION_IDS",
    "OBSERVATION_TENSOR_OFFSETS",
    "OBSERVATION_TENSOR_SIZE",
    "OBSERVATION_TENSOR_VERSION",
    "action_from_id",
    "action_id",
    "move_features",
]

NUM_ACTION_IDS: int = _core.NUM_ACTION_IDS
OBSERVATION_TENSOR_VERSION: int = _core.OBSERVATION_TENSOR_VERSION
OBSERVATION_TENSOR_SIZE: int = _core.OBSERVATION_TENSOR_SIZE
HISTORY_ROW_SIZE: int = _core.HISTORY_ROW_SIZE
MAX_HISTORY: int = _core.MAX_HISTORY
MOVE_FEATURES: int = _core.MOVE_FEATURES
# The tensor's blocks by name: [start, stop) (docs/rl.md has the table).
OBSERVATION_TENSOR_OFFSETS: dict[str, tuple[int, int]] = dict(_core.OBSERVATION_TENSOR_OFFSETS)


def action_id(action: Action | str, state: HandState) -> int:
    """The fixed id of `action` (or its text) as an answer to `state`'s current decision.

    The state is needed: a push's id names positions in the pusher's sorted
    hand, a Dragon gift's the receiver relative to the giver. ValueError for a
    push of cards the player does not hold or a gift to a partner.
    """
    core = core_of(state)
    if isinstance(action, str):
        action = core.parse_action(action)
    if not isinstance(action, Action):
        raise TypeError(f"action must be an Action or its text, not {type(action).__name__}")
    return _core.action_id(action, core)


def action_from_id(action_id: int, state: HandState) -> Action:
    """The first legal action of `state` (in `legal_actions()` order) whose id is `action_id`.

    IndexError for an id outside 0..NUM_ACTION_IDS-1, IllegalMoveError when no legal action has it.
    """
    action = _core.action_from_id(action_id, core_of(state))
    if action is None:
        raise IllegalMoveError(f"action id {action_id} is not legal in this {state.decision.name} decision")
    return action


def move_features(records: npt.NDArray[Any], out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]:
    """float32[n, MOVE_FEATURES] for MOVE_DTYPE records (docs/rl.md): cards, type, length, rank, Phoenix, bomb.

    With `out` (float32, shape (n, MOVE_FEATURES), C-contiguous) it is filled
    in place; a wrong dtype raises TypeError, a wrong shape ValueError.
    """
    if out is None:
        if not isinstance(records, np.ndarray):
            raise TypeError(f"records must be a numpy array of MOVE_DTYPE, not {type(records).__name__}")
        out = np.empty((len(records) if records.ndim else 0, MOVE_FEATURES), dtype=np.float32)
    _core.fill_move_features(records, out)
    return out
