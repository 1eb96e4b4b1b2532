"""Array formats shared by both backends (the numpy side of the API)."""

from __future__ import annotations

import numpy as np

__all__ = [
    "EVALUATION_DTYPE",
    "HAND_RECORD_DTYPE",
    "MAX_LEGAL_MOVES",
    "MOVE_DTYPE",
    "OBSERVATION_SIZE",
    "PLAYOUT_DTYPE",
]

# One legal move per 16-byte record, laid out exactly like the C++ `tichu::Move`,
# so the core writes straight into a numpy buffer.
MOVE_DTYPE = np.dtype(
    [
        ("cards", "<u8"),
        ("type", "u1"),
        ("length", "u1"),
        ("rank2", "u1"),
        ("phoenix_as", "u1"),
        ("_pad", "V4"),
    ]
)

# An upper bound on the legal moves of any hand of at most 14 cards in any
# situation: the largest is 1857 (scripts/max_legal_moves.py searches all).
MAX_LEGAL_MOVES = 2048

# The length of the float32 observation vector of docs/game.md "Observation".
OBSERVATION_SIZE = 435

# One simulated hand (tichu_fast.simulate), laid out like the C++ `tichu::HandRecord`:
# the team scores, 1 after a double victory, the seat out first, tricks led
# (the Dog's included), bombs played, and the Call of each seat.
HAND_RECORD_DTYPE = np.dtype(
    [
        ("score", "<i2", (2,)),
        ("one_two", "u1"),
        ("first_out", "u1"),
        ("tricks", "u1"),
        ("bombs", "u1"),
        ("calls", "u1", (4,)),
    ]
)

# One playout (HandState.playouts), laid out like the C++ `tichu::PlayoutResult`:
# the team returns, the seats in the order they went out (-1 after the last),
# the Call of each seat at the end, 1 for a seat whose call was made (R7),
# the tricks led and bombs played during the playout, 1 after a double victory.
PLAYOUT_DTYPE = np.dtype(
    [
        ("returns", "<i2", (2,)),
        ("out_order", "i1", (4,)),
        ("calls", "u1", (4,)),
        ("calls_won", "u1", (4,)),
        ("tricks", "u1"),
        ("bombs", "u1"),
        ("one_two", "u1"),
        ("_pad", "V1"),
    ]
)

# One legal action's value (HandState.evaluate_actions): its index in
# legal_actions(), the mean and variance (ddof=1; 0 for one sample) of the
# player's team return over n playouts.
EVALUATION_DTYPE = np.dtype([("action", "<i4"), ("mean", "<f8"), ("var", "<f8"), ("n", "<i4")])
