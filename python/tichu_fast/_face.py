"""The package's face: every public name of `tichu_fast`, gathered from the modules that define it.

`tichu_fast/__init__.py` loads this module on the first public name read
(`tf.HandState`, `from tichu_fast import deal`), not on `import tichu_fast`:
importing any submodule runs that `__init__`, and the reference
(`tichu_fast.reference`) must load without the compiled core. The names and
their order are `__all__` below (`tichu_fast.__all__` adds `__version__`).
"""

from tichu_fast._core import (
    CARD_NAMES,
    DECK,
    Action,
    Cards,
    Move,
    beats,
    card_points,
    classify,
    count_legal_moves,
    deal,
    from_masks,
    hand_seed,
    legal_moves,
    legal_moves_array,
    legal_moves_into,
    score_hand,
    shuffled_deck,
    to_masks,
)
from tichu_fast.enums import ActionKind, Call, Decision, MoveType
from tichu_fast.errors import IllegalMoveError, InvalidNotationError, TichuError
from tichu_fast.formats import (
    EVALUATION_DTYPE,
    HAND_RECORD_DTYPE,
    MAX_LEGAL_MOVES,
    MOVE_DTYPE,
    OBSERVATION_SIZE,
    PLAYOUT_DTYPE,
)
from tichu_fast.hand import HandState
from tichu_fast.match import Match
from tichu_fast.observation import Observation
from tichu_fast.rl import (
    HISTORY_ROW_SIZE,
    MAX_HISTORY,
    MOVE_FEATURES,
    NUM_ACTION_IDS,
    OBSERVATION_TENSOR_SIZE,
    OBSERVATION_TENSOR_VERSION,
    action_from_id,
    action_id,
    move_features,
)
from tichu_fast.rules import Rules
from tichu_fast.search import POLICIES, PlayoutResult, policy_action, simulate
from tichu_fast.simulated import simulated_hand
from tichu_fast.summary import SimulationSummary
from tichu_fast.vec import VecHands

__all__ = [
    "CARD_NAMES",
    "DECK",
    "EVALUATION_DTYPE",
    "HAND_RECORD_DTYPE",
    "HISTORY_ROW_SIZE",
    "MAX_HISTORY",
    "MAX_LEGAL_MOVES",
    "MOVE_DTYPE",
    "MOVE_FEATURES",
    "NUM_ACTION_IDS",
    "OBSERVATION_SIZE",
    "OBSERVATION_TENSOR_SIZE",
    "OBSERVATION_TENSOR_VERSION",
    "PLAYOUT_DTYPE",
    "POLICIES",
    "Action",
    "ActionKind",
    "Call",
    "Cards",
    "Decision",
    "HandState",
    "IllegalMoveError",
    "InvalidNotationError",
    "Match",
    "Move",
    "MoveType",
    "Observation",
    "PlayoutResult",
    "Rules",
    "SimulationSummary",
    "TichuError",
    "VecHands",
    "action_from_id",
    "action_id",
    "beats",
    "card_points",
    "classify",
    "count_legal_moves",
    "deal",
    "from_masks",
    "hand_seed",
    "legal_moves",
    "legal_moves_array",
    "legal_moves_into",
    "move_features",
    "policy_action",
    "score_hand",
    "shuffled_deck",
    "simulate",
    "simulated_hand",
    "to_masks",
]
