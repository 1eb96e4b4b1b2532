"""Fixed action ids, the reference way (docs/rl.md): a list of every abstract action, in id order.

Written independently of the C++ core's arithmetic: the ids are the positions
of keys in one enumerated list, and an action's key is read from its fields.
A play's key is its abstract move (type, length, top rank, the rank the
Phoenix stands for); the suits are not in it. `action_from_id` picks the
first legal action (in `legal_actions()` order) with the id.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from tichu_fast.enums import ActionKind, Decision, MoveType
from tichu_fast.errors import IllegalMoveError

from .actions import Action
from .cards import DRAGON, MAH_JONG, PHOENIX, card_index, card_rank, indices_of, is_normal
from .hand_base import HandBase

if TYPE_CHECKING:
    from .hand_state import HandState

__all__ = ["ACTION_KEYS", "NUM_ACTION_IDS", "action_from_id", "action_id", "legal_action_ids", "legal_action_mask"]

Key = tuple[Any, ...]
RANKS = range(2, 15)


def _keys() -> list[Key]:
    keys: list[Key] = [("pass",), ("single", "MJ")]
    keys += [("single", r) for r in RANKS]
    keys += [("dog",), ("single", "Dr"), ("single", "Ph")]
    for kind in ("pair", "trio"):
        for r in RANKS:
            keys += [(kind, r, None), (kind, r, r)]
    for trio in RANKS:
        for pair in RANKS:
            if pair != trio:
                keys += [
                    ("full_house", trio, pair, None),
                    ("full_house", trio, pair, trio),
                    ("full_house", trio, pair, pair),
                ]
    for length in range(5, 15):
        for low in range(1, 16 - length):
            top = low + length - 1
            keys.append(("straight", length, top, None))
            keys += [("straight", length, top, r) for r in range(max(low, 2), top + 1)]  # never for the Mah Jong
    for pairs in range(2, 8):
        for low in range(2, 16 - pairs):
            top = low + pairs - 1
            keys.append(("pair_run", 2 * pairs, top, None))
            keys += [("pair_run", 2 * pairs, top, r) for r in range(low, top + 1)]
    keys += [("four", r) for r in RANKS]
    for length in range(5, 14):
        keys += [("straight_flush", length, low + length - 1) for low in range(2, 16 - length)]
    keys += [("grand", False), ("grand", True), ("tichu", False), ("tichu", True), ("wish", None)]
    keys += [("wish", r) for r in RANKS]
    keys += [("gift", 1), ("gift", 3)]
    keys += [("push", a, b, c) for a in range(14) for b in range(14) for c in range(14) if len({a, b, c}) == 3]
    return keys


ACTION_KEYS: tuple[Key, ...] = tuple(_keys())
NUM_ACTION_IDS = len(ACTION_KEYS)
_ID_OF: dict[Key, int] = {key: i for i, key in enumerate(ACTION_KEYS)}

_RUN_NAMES = {MoveType.STRAIGHT: "straight", MoveType.PAIR_RUN: "pair_run"}


def _move_key(move: Any) -> Key:
    t = MoveType(move.type)
    cards = indices_of(move.cards)
    phoenix_as = move.phoenix_as or None
    top = move.rank2 // 2
    if t == MoveType.PASS:
        return ("pass",)
    if t == MoveType.DOG:
        return ("dog",)
    if t == MoveType.SINGLE:
        card = cards[0]
        return ("single", {MAH_JONG: "MJ", DRAGON: "Dr", PHOENIX: "Ph"}.get(card, top))
    if t in (MoveType.PAIR, MoveType.TRIO):
        return ("pair" if t == MoveType.PAIR else "trio", top, phoenix_as)
    if t == MoveType.FULL_HOUSE:
        pair = next(card_rank(c) for c in cards if is_normal(c) and card_rank(c) != top)
        return ("full_house", top, pair, phoenix_as)
    if t in _RUN_NAMES:
        return (_RUN_NAMES[t], move.length, top, phoenix_as)
    if t == MoveType.FOUR_OF_A_KIND:
        return ("four", top)
    return ("straight_flush", move.length, top)


def _action_key(action: Action, state: HandState) -> Key:
    kind = action.kind
    player = state.current_player
    if kind == ActionKind.GRAND_TICHU:
        return ("grand", action.call)
    if kind == ActionKind.TICHU:
        return ("tichu", action.call)
    if kind == ActionKind.PLAY:
        return _move_key(action.move)
    if kind == ActionKind.WISH:
        return ("wish", action.wish)
    if kind == ActionKind.GIFT:
        if player < 0 or action.gift_to is None or (action.gift_to - player) % 4 not in (1, 3):
            raise ValueError("a Dragon gift's id needs the giver and goes to an opponent")
        return ("gift", (action.gift_to - player) % 4)
    assert action.push is not None
    if player < 0:
        raise ValueError("a push's id needs the pusher: the hand is over")
    hand = indices_of(state.hands[player])
    if len(hand) != 14 or any(card_index(name) not in hand for name in action.push):
        raise ValueError("a push of cards the player does not hold has no id")
    return ("push", *(hand.index(card_index(name)) for name in action.push))


def action_id(action: Action, state: HandState) -> int:
    """The id of `action` as an answer to the current decision of `state` (pushes and gifts need the seat)."""
    _check_state(state)
    if isinstance(action, str):
        action = state.parse_action(action)
    if not isinstance(action, Action):
        raise TypeError(f"action must be an Action or its text, not {type(action).__name__}")
    return _ID_OF[_action_key(action, state)]


def _check_state(state: object) -> None:
    if not isinstance(state, HandBase):
        raise TypeError(f"state must be a tichu_fast.reference.HandState, not {type(state).__name__}")


def check_id(value: object) -> int:
    """An action id argument: TypeError unless an int, IndexError outside 0..NUM_ACTION_IDS-1."""
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError(f"an action id must be an int, not {type(value).__name__}")
    number = int(value.__index__())
    if not 0 <= number < NUM_ACTION_IDS:
        raise IndexError(f"action id {number} is not 0..{NUM_ACTION_IDS - 1}")
    return number


def action_from_id(value: int, state: HandState) -> Action:
    """The first legal action with id `value`; IllegalMoveError when no legal action has it."""
    wanted = check_id(value)
    _check_state(state)
    for action in state.legal_actions():
        if action_id(action, state) == wanted:
            return action
    raise IllegalMoveError(f"action id {wanted} is not legal in this {Decision(state.decision).name} decision")


def legal_action_mask(state: HandState, out: npt.NDArray[np.bool_] | None = None) -> npt.NDArray[np.bool_]:
    """A bool vector of NUM_ACTION_IDS: True for every id some legal action has."""
    if out is None:
        out = np.zeros(NUM_ACTION_IDS, dtype=np.bool_)
    else:
        if not isinstance(out, np.ndarray):
            raise TypeError(f"out must be a numpy array of bool, not {type(out).__name__}")
        if out.dtype != np.bool_:
            raise TypeError(f"out must have dtype bool, not {out.dtype}")
        if out.shape != (NUM_ACTION_IDS,):
            raise ValueError(f"out must have shape ({NUM_ACTION_IDS},)")
        if not out.flags.writeable or not out.flags.c_contiguous:
            raise ValueError("out must be writeable and C-contiguous")
        out[:] = False
    for action in state.legal_actions():
        out[action_id(action, state)] = True
    return out


def legal_action_ids(state: HandState) -> npt.NDArray[np.int32]:
    """The legal ids, ascending, as int32."""
    return np.flatnonzero(legal_action_mask(state)).astype(np.int32)
