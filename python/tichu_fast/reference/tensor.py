"""The versioned observation tensor and the per-move features, the reference way (docs/rl.md).

Built from `HandState.observation(player)` alone, independently of the C++
layout code; the offsets are written out again here and compared with the
core's in the tests.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from tichu_fast.enums import Call, MoveType
from tichu_fast.formats import MOVE_DTYPE
from tichu_fast.observation import Observation

from .cards import Cards, card_index, indices_of
from .moves import Move

__all__ = [
    "HISTORY_ROW_SIZE",
    "MAX_HISTORY",
    "MOVE_FEATURES",
    "OBSERVATION_TENSOR_SIZE",
    "OBSERVATION_TENSOR_VERSION",
    "fill_observation_tensor",
    "move_features",
]

OBSERVATION_TENSOR_VERSION = 1
N = 56  # cards
HAND = 0
PLAYED = 56  # 4 x 56, relative seats 0..3
TRICK = 280
TO_BEAT_TYPE = 336  # 10, slot 0: nothing to beat
TO_BEAT_LENGTH = 346
TO_BEAT_RANK = 347
TABLE_PLAYER = 348
POINTS = 352
CARDS_LEFT = 356
CALLS = 360
OUT = 368
WISH = 372
DECISION = 387
PUSHED = 395  # 3 x 56: to p+1, p+2, p+3
RECEIVED = 563  # 3 x 56: from p+1, p+2, p+3
OBSERVATION_TENSOR_SIZE = 731
HISTORY_ROW_SIZE = 70  # seat 4, type 10, cards 56
MAX_HISTORY = 1024
MOVE_FEATURES = 71


def _set(array: npt.NDArray[Any], offset: int, cards: Cards) -> None:
    for card in indices_of(cards):
        array[offset + card] = 1.0


def fill_observation_tensor(obs: Observation, history: int, out: npt.NDArray[np.float32]) -> None:
    """Writes the tensor of `obs.player` with `history` rows of its last public plays into `out`."""
    out[:] = 0.0
    me = obs.player
    _set(out, HAND, obs.hand)
    _set(out, TRICK, obs.trick)
    if obs.table is None:
        out[TO_BEAT_TYPE] = 1.0
    else:
        out[TO_BEAT_TYPE + int(obs.table.type)] = 1.0
        out[TO_BEAT_LENGTH] = np.float32(obs.table.length) / np.float32(14)
        out[TO_BEAT_RANK] = np.float32(obs.table.rank2) / np.float32(30)
        out[TABLE_PLAYER + (obs.table_player - me) % 4] = 1.0
    for seat in range(4):
        rel = (seat - me) % 4
        _set(out, PLAYED + N * rel, obs.played[seat])
        out[POINTS + rel] = np.float32(obs.points[seat]) / np.float32(100)
        out[CARDS_LEFT + rel] = np.float32(obs.hand_sizes[seat]) / np.float32(14)
        out[CALLS + 2 * rel] = obs.calls[seat] == Call.TICHU
        out[CALLS + 2 * rel + 1] = obs.calls[seat] == Call.GRAND_TICHU
        out[OUT + rel] = seat in obs.out_order
    out[WISH + (obs.wish or 0)] = 1.0
    out[DECISION + int(obs.decision)] = 1.0
    for block, names in ((PUSHED, obs.pushed), (RECEIVED, obs.received)):
        if names is not None:
            for k, name in enumerate(names):
                out[block + N * k + card_index(name)] = 1.0
    plays = [(seat, Move.parse(text)) for seat, text in obs.plays][::-1][:history]
    for row, (seat, move) in enumerate(plays):
        base = OBSERVATION_TENSOR_SIZE + HISTORY_ROW_SIZE * row
        out[base + (seat - me) % 4] = 1.0
        out[base + 4 + int(move.type)] = 1.0
        _set(out, base + 14, move.cards)


def move_features(records: npt.NDArray[Any], out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]:
    """float32[n, MOVE_FEATURES] of MOVE_DTYPE records: cards, type one-hot, length, rank, Phoenix, bomb."""
    if not isinstance(records, np.ndarray):
        raise TypeError(f"records must be a numpy array of MOVE_DTYPE, not {type(records).__name__}")
    if records.dtype != MOVE_DTYPE:
        raise TypeError(f"records must have dtype MOVE_DTYPE, not {records.dtype}")
    if records.ndim != 1:
        raise ValueError("records must be 1-D")
    n = len(records)
    if out is None:
        out = np.empty((n, MOVE_FEATURES), dtype=np.float32)
    elif not isinstance(out, np.ndarray) or out.dtype != np.float32:
        raise TypeError("out must be a float32 numpy array")
    elif out.shape != (n, MOVE_FEATURES) or not out.flags.c_contiguous or not out.flags.writeable:
        raise ValueError(f"out must be a writeable C-contiguous array of shape ({n}, {MOVE_FEATURES})")
    out[:] = 0.0
    for i, row in enumerate(records):
        cards, kind = int(row["cards"]), int(row["type"])
        if kind > 9 or cards >> N:
            raise ValueError(f"record {i} is no move (type 0..9, cards in the deck)")
        for card in range(N):
            if cards >> card & 1:
                out[i, card] = 1.0
        out[i, 56 + kind] = 1.0
        out[i, 66] = np.float32(int(row["length"])) / np.float32(14)
        out[i, 67] = np.float32(int(row["rank2"])) / np.float32(30)
        out[i, 68] = float(cards >> 2 & 1)  # the Phoenix's bit
        out[i, 69] = np.float32(int(row["phoenix_as"])) / np.float32(14)
        out[i, 70] = float(kind in (MoveType.FOUR_OF_A_KIND, MoveType.STRAIGHT_FLUSH))
    return out
