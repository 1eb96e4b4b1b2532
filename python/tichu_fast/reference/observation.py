"""What one player may know (R10.3) as a flat float32 array.

`HandState.observation(player)` collects the fields into the shared
`tichu_fast.observation.Observation`; this module writes the array of docs/game.md "Observation":

    [0:56)     his cards                            (1/0 per card, bit order)
    [56:112)   cards played by seat player+1        (relative seats 1, 2, 3, then himself)
    [112:168)  cards played by seat player+2
    [168:224)  cards played by seat player+3
    [224:280)  cards played by himself
    [280:336)  the cards on the table (current trick)
    [336:340)  hand sizes / 14, relative seats 0..3 (0 = himself)
    [340:348)  calls: Tichu, Grand Tichu per relative seat (340 + 2*rel: Tichu, 341 + 2*rel: Grand)
    [348:352)  out: 1 per relative seat already out
    [352:367)  the wish: one-hot over none, 2..14 (352 + rank; 352 for none; 353 never set)
    [367:375)  decision one-hot (Decision 0..7)
    [375:379)  the table's player, one-hot relative seat (all 0 if none)
    [379:435)  the cards he received in the exchange (0 before it ends)
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from tichu_fast.enums import Call
from tichu_fast.formats import OBSERVATION_SIZE
from tichu_fast.observation import ENCODERS, Observation

from .cards import Cards, card_index, indices_of

__all__ = ["Observation", "fill_observation_array"]

NUM_CARDS = 56
HAND_SIZE = 14

OFFSET_HAND = 0
OFFSET_PLAYED = 56  # four blocks of 56: relative seats 1, 2, 3, then 0
OFFSET_TRICK = 280
OFFSET_HAND_SIZES = 336
OFFSET_CALLS = 340
OFFSET_OUT = 348
OFFSET_WISH = 352
OFFSET_DECISION = 367
OFFSET_TABLE_PLAYER = 375
OFFSET_RECEIVED = 379


def _check_out(out: object) -> npt.NDArray[np.float32]:
    if not isinstance(out, np.ndarray):
        raise TypeError(f"out must be a numpy array, not {type(out).__name__}")
    if out.dtype != np.float32:
        raise TypeError(f"out must have dtype float32, not {out.dtype}")
    if out.shape != (OBSERVATION_SIZE,):
        raise ValueError(f"out must have shape ({OBSERVATION_SIZE},), not {out.shape}")
    if not out.flags.writeable:
        raise ValueError("out must be writeable")
    return out


def _set_cards(array: npt.NDArray[Any], offset: int, cards: Cards) -> None:
    for card in indices_of(cards):
        array[offset + card] = 1.0


def fill_observation_array(obs: Observation, out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]:
    """Write `obs` into a float32 array of OBSERVATION_SIZE (module docstring layout)."""
    array = np.zeros(OBSERVATION_SIZE, dtype=np.float32) if out is None else _check_out(out)
    array[:] = 0.0
    me = obs.player

    def relative(seat: int) -> int:
        """The seat as the player sees it: 0 himself, 1 the next in turn, 2 his partner, 3 the one before him."""
        return (seat - me) % 4

    _set_cards(array, OFFSET_HAND, obs.hand)
    for seat in range(4):
        block = (relative(seat) - 1) % 4  # relative 1, 2, 3 -> blocks 0, 1, 2; himself -> block 3
        _set_cards(array, OFFSET_PLAYED + NUM_CARDS * block, obs.played[seat])
    _set_cards(array, OFFSET_TRICK, obs.trick)
    for seat in range(4):
        rel = relative(seat)
        array[OFFSET_HAND_SIZES + rel] = obs.hand_sizes[seat] / HAND_SIZE
        array[OFFSET_CALLS + 2 * rel] = 1.0 if obs.calls[seat] == Call.TICHU else 0.0
        array[OFFSET_CALLS + 2 * rel + 1] = 1.0 if obs.calls[seat] == Call.GRAND_TICHU else 0.0
        array[OFFSET_OUT + rel] = 1.0 if seat in obs.out_order else 0.0
    array[OFFSET_WISH + (0 if obs.wish is None else obs.wish)] = 1.0  # 15 slots: none, (1), 2..14
    array[OFFSET_DECISION + int(obs.decision)] = 1.0
    if obs.table_player >= 0:
        array[OFFSET_TABLE_PLAYER + relative(obs.table_player)] = 1.0
    if obs.received is not None:
        for name in obs.received:
            array[OFFSET_RECEIVED + card_index(name)] = 1.0
    return array


ENCODERS[Cards] = fill_observation_array  # Observation.to_array for the reference's observations
