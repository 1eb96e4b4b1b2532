"""Legal moves: the hand's combinations filtered by turn, `beats` and the wish (R5, R6)."""

from __future__ import annotations

import functools
import operator
from typing import Any

import numpy as np
import numpy.typing as npt

from tichu_fast.enums import MoveType
from tichu_fast.formats import MOVE_DTYPE

from .cards import Cards, as_cards, card_rank, indices_of, is_normal
from .generate import HandView, all_combinations, combinations_of_type
from .moves import Move, as_move, beats, is_phoenix_single, phoenix_single
from .order import move_order_key

__all__ = ["count_legal_moves", "legal_moves", "legal_moves_array", "legal_moves_into", "move_order_key"]

BOMB_TYPES = (MoveType.FOUR_OF_A_KIND, MoveType.STRAIGHT_FLUSH)
MAX_HAND = 14  # R2.1: no Tichu hand holds more cards


def _check_wish(wish: object) -> int | None:
    if wish is None:
        return None
    if isinstance(wish, bool):  # True is an int to Python, but never a wish here
        raise TypeError("wish must be None or an int, not bool")
    try:
        rank = operator.index(wish)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"wish must be None or an int, not {type(wish).__name__}") from None
    if not 2 <= rank <= 14:  # R6.1: a normal rank
        raise ValueError(f"wish {rank} is not a rank 2..14")
    return rank


def _check_table(table: object, hand: Cards) -> Move | None:
    if table is None:
        return None
    move = as_move(table, "table")
    if move.is_pass:
        raise ValueError("the table cannot be a pass")
    if not hand.isdisjoint(move.cards):
        raise ValueError(f"the table shares cards with the hand: {hand & move.cards}")
    return move


def _holds_wished(cards: Cards, wish: int) -> bool:
    """Whether these cards include a *normal* card of the wished rank (R6.2, R6.4)."""
    return any(is_normal(card) and card_rank(card) == wish for card in indices_of(cards))


def _on_table(move: Move, table: Move) -> Move:
    """A move as it lies on `table`: the Phoenix single takes table + 0.5 (R3.2)."""
    if is_phoenix_single(move):
        return phoenix_single(table.rank2 + 1)
    return move


def legal_moves(
    hand: Cards | int | str,
    table: Move | str | None = None,
    wish: int | None = None,
    out_of_turn: bool = False,
) -> list[Move]:
    """The legal moves of `hand` on `table` under `wish`, in the documented order (docs/api.md)."""
    cards = as_cards(hand, "hand")
    if len(cards) > MAX_HAND:
        raise ValueError(f"a hand holds at most {MAX_HAND} cards, not {len(cards)}")
    table_move = _check_table(table, cards)
    wished = _check_wish(wish)
    return list(_sorted_legal_moves(cards, table_move, wished, bool(out_of_turn)))


@functools.lru_cache(maxsize=1 << 16)
def _sorted_legal_moves(
    cards: Cards, table_move: Move | None, wished: int | None, out_of_turn: bool
) -> tuple[Move, ...]:
    """The legal moves of checked arguments, remembered (a search asks for the same ones again and again)."""
    # Generated in this module's own order, then sorted: the order is a contract (docs/api.md).
    return tuple(sorted(_unordered_legal_moves(cards, table_move, wished, out_of_turn), key=move_order_key))


def _unordered_legal_moves(cards: Cards, table_move: Move | None, wished: int | None, out_of_turn: bool) -> list[Move]:
    """Every legal move (R4 to R6), in the order they are generated here."""
    view = HandView(cards)

    if out_of_turn:  # R4.4, R4.6, R10.2: a bomb that beats the table, or decline; no wish
        if table_move is None:
            return [Move.PASS]
        bombs = [m for t in BOMB_TYPES for m in combinations_of_type(view, t)]
        return [m for m in bombs if beats(m, table_move)] + [Move.PASS]

    if table_move is None:  # R5.1: the leader plays any combination or the Dog, no pass
        moves = list(all_combinations(view))
        if wished is not None and _holds_wished(cards, wished):  # R6.3: lead the wished rank
            moves = [m for m in moves if _holds_wished(m.cards, wished)]
        return moves

    # R5.2: the same type and length and higher, or a bomb that beats the table
    types = dict.fromkeys((table_move.type, *BOMB_TYPES))  # each type once, in order
    candidates = [m for t in types for m in combinations_of_type(view, t)]
    moves = [_on_table(m, table_move) for m in candidates if beats(m, table_move)]
    if wished is not None and _holds_wished(cards, wished):
        fulfilling = [m for m in moves if _holds_wished(m.cards, wished)]  # R6.3, R6.4
        if fulfilling:
            return fulfilling  # compulsory: no pass, nothing else
    return [*moves, Move.PASS]  # R5.2: passing is allowed


def count_legal_moves(
    hand: Cards | int | str,
    table: Move | str | None = None,
    wish: int | None = None,
    out_of_turn: bool = False,
) -> int:
    """The number of legal moves (same arguments as `legal_moves`)."""
    return len(legal_moves(hand, table, wish, out_of_turn))


def _check_out(out: object) -> npt.NDArray[Any]:
    if not isinstance(out, np.ndarray):
        raise TypeError(f"out must be a numpy array, not {type(out).__name__}")
    if out.dtype != MOVE_DTYPE:
        raise TypeError(f"out must have dtype MOVE_DTYPE, not {out.dtype}")
    if out.ndim != 1:
        raise ValueError(f"out must be 1-D, got {out.ndim} dimensions")
    if not out.flags.c_contiguous:
        raise ValueError("out must be C-contiguous")
    if not out.flags.writeable:
        raise ValueError("out must be writeable")
    return out


def legal_moves_array(
    hand: Cards | int | str,
    table: Move | str | None = None,
    wish: int | None = None,
    out_of_turn: bool = False,
    out: npt.NDArray[Any] | None = None,
) -> npt.NDArray[Any]:
    """The legal moves as records of `MOVE_DTYPE` (into `out[:n]` when given)."""
    target = None if out is None else _check_out(out)
    moves = legal_moves(hand, table, wish, out_of_turn)
    records = np.zeros(len(moves), dtype=MOVE_DTYPE)
    records["cards"] = [m.cards.mask for m in moves]
    records["type"] = [int(m.type) for m in moves]
    records["length"] = [m.length for m in moves]
    records["rank2"] = [m.rank2 for m in moves]
    records["phoenix_as"] = [m.phoenix_as or 0 for m in moves]
    if target is None:
        return records
    if len(target) < len(moves):
        raise ValueError(f"out holds {len(target)} records, {len(moves)} needed")
    target[: len(moves)] = records
    return target[: len(moves)]


def legal_moves_into(
    out: npt.NDArray[Any],
    hand: Cards | int | str,
    table: Move | str | None = None,
    wish: int | None = None,
    out_of_turn: bool = False,
) -> int:
    """Writes the legal moves into `out` as `MOVE_DTYPE` records; returns how many."""
    return len(legal_moves_array(hand, table, wish, out_of_turn, out=out))
