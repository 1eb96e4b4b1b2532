"""`Observation`: what one seat may know of a hand (R10.3), shared by both backends.

Like `tichu_fast.rules`, this module is shared: `tichu_fast.HandState` and
`tichu_fast.reference.HandState` both return this one dataclass, so the two
backends cannot drift apart in the fields they report. The flat float32
layout is written once in the C++ core (`cpp/include/tichu/game/observation.hpp`)
and once in the reference (`tichu_fast.reference.observation.fill_observation_array`);
`to_array` calls the one of the backend that made the observation. This module
imports neither backend, so that the reference loads without the compiled core.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

import numpy as np
import numpy.typing as npt

from tichu_fast.enums import Call, Decision, MoveType

# Each backend fills these with its own card-set and move types.
Cards = Any
Move = Any

__all__ = ["ENCODERS", "Observation"]


@dataclass(frozen=True)
class Observation:
    """Exactly what `player` may know of the hand (R10.3); seats are absolute (0..3).

    - `hand`: his cards (during GRAND_TICHU only his first 8).
    - `hand_sizes`: the cards each seat holds (8 each during GRAND_TICHU).
    - `pushed`: his push (to p+1, p+2, p+3) once he has chosen it, else None.
    - `received`: the cards pushed to him, from seats p+1, p+2, p+3, or None
      before the exchange ends.
    - `played`: per seat, the cards it has played in this hand.
    - `plays`: (seat, move text) of every play and in-turn pass, in order
      (declined bomb offers are not plays: they would show who holds a bomb).
    - `decision`, `current_player`, and every other field during another seat's
      out-of-turn bomb offer: the position once the offers pending to other
      seats are declined (the offer would show that seat holds a bomb).
    - `calls`: each seat's `Call`; `grand_calls`: whether each seat called Grand Tichu.
    - `wish`, `table`, `table_player`, `trick`, `piles`, `out_order`: as on `HandState`.

    The public record, indices into `plays`:

    - `trick_starts`: the index of each trick's first play, the current one
      included once it has a play (a Dog lead is a trick of its own; a
      position begun within a trick counts that trick as starting at 0, so
      `plays[trick_starts[-1]:]` are the recorded plays of the current trick).
    - `passed`: the seats that passed since the table's last play, in order
      (a position's passes first); () when leading.
    - `wish_named`: (index of the Mah Jong play, the rank named; 0 for no
      wish), None before. `wish_fulfilled`: the index of the play that
      fulfilled the wish named (or a position's wish, R6.2), else None.
    - `dragon_gifts`: (giver, receiver) per Dragon trick given, in order (R5.5).
    - `points`: the card points in each seat's pile now (R8.5).
    - `to_beat`: the table's (type, length, rank), None when leading.

    Card-set fields hold the `Cards` type of the backend that made the
    observation; `to_array()` gives the flat form of docs/game.md.
    """

    player: int
    decision: Decision
    current_player: int
    hand: Cards
    hand_sizes: tuple[int, int, int, int]
    pushed: tuple[str, str, str] | None
    received: tuple[str, str, str] | None
    played: tuple[Cards, Cards, Cards, Cards]
    plays: tuple[tuple[int, str], ...]
    calls: tuple[Call, Call, Call, Call]
    grand_calls: tuple[bool, bool, bool, bool]
    wish: int | None
    table: Move | None
    table_player: int
    trick: Cards
    piles: tuple[Cards, Cards, Cards, Cards]
    out_order: tuple[int, ...]
    trick_starts: tuple[int, ...]
    passed: tuple[int, ...]
    wish_named: tuple[int, int] | None
    wish_fulfilled: int | None
    dragon_gifts: tuple[tuple[int, int], ...]
    points: tuple[int, int, int, int]
    to_beat: tuple[MoveType, int, float] | None

    def to_array(self, out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]:
        """The flat float32 observation (docs/game.md), filled into `out` when given.

        Written by the backend whose cards the observation holds; equal to
        `HandState.observation_array(player)` of either backend.
        """
        encode = ENCODERS.get(type(self.hand))
        if encode is None:
            raise TypeError(f"the cards of an Observation are a backend's Cards, not {type(self.hand).__name__}")
        return encode(self, out)


# The function that writes an observation's flat form, by the Cards type of the backend that made it:
# each backend adds its own (tichu_fast.hand, tichu_fast.reference.observation) when it is imported.
ENCODERS: dict[type, Callable[[Observation, npt.NDArray[np.float32] | None], npt.NDArray[np.float32]]] = {}
FIELD_NAMES = tuple(f.name for f in fields(Observation))  # in order: the C++ backend fills them (HandState)
