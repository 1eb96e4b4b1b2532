"""tichu_fast.reference: the pure-Python reference backend of the tichu_fast API.

Written for clarity, independently of the C++ core, to differential-test it.
Same API as `tichu_fast` (docs/api.md); rule ids refer to docs/rules.md.
"""

from __future__ import annotations

from tichu_fast.enums import ActionKind, Call, Decision, MoveType
from tichu_fast.errors import IllegalMoveError, InvalidNotationError, TichuError
from tichu_fast.formats import MAX_LEGAL_MOVES, MOVE_DTYPE, OBSERVATION_SIZE
from tichu_fast.rules import Rules

from .action_ids import NUM_ACTION_IDS, action_from_id, action_id
from .actions import Action
from .cards import CARD_NAMES, DECK, Cards, from_masks, to_masks
from .deal import deal, hand_seed, shuffled_deck
from .hand_state import HandState
from .legal import count_legal_moves, legal_moves, legal_moves_array, legal_moves_into
from .match import Match
from .moves import Move, beats, classify
from .observation import Observation
from .scoring import card_points, score_hand
from .search import POLICIES, PlayoutResult, policy_action
from .tensor import (
    HISTORY_ROW_SIZE,
    MAX_HISTORY,
    MOVE_FEATURES,
    OBSERVATION_TENSOR_SIZE,
    OBSERVATION_TENSOR_VERSION,
    move_features,
)

__all__ = [
    "CARD_NAMES",
    "DECK",
    "HISTORY_ROW_SIZE",
    "MAX_HISTORY",
    "MAX_LEGAL_MOVES",
    "MOVE_DTYPE",
    "MOVE_FEATURES",
    "NUM_ACTION_IDS",
    "OBSERVATION_SIZE",
    "OBSERVATION_TENSOR_SIZE",
    "OBSERVATION_TENSOR_VERSION",
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
    "TichuError",
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
    "to_masks",
]
