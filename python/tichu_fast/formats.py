"""Array formats shared by both backends (the numpy side of the API)."""

from __future__ import annotations

import numpy as np

__all__ = ["MAX_LEGAL_MOVES", "MOVE_DTYPE", "OBSERVATION_SIZE"]

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
