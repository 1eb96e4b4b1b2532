"""The order of legal moves (docs/api.md "Order of legal moves"), as a sort key.

Both backends list legal moves in one documented order, so that a bot that
picks `legal_actions()[i]` plays the same game on either. The C++ generator
produces that order as it goes; the reference generates its moves its own
way and sorts them by `move_order_key`, which reads only the move itself.
"""

from __future__ import annotations

from collections.abc import Callable

from tichu_fast.enums import MoveType

from .cards import DRAGON, MAH_JONG, PHOENIX
from .moves import Move

__all__ = ["BLOCKS", "move_order_key"]

# The blocks of a list of legal moves, in order.
BLOCKS: tuple[MoveType, ...] = (
    MoveType.SINGLE,
    MoveType.PAIR,
    MoveType.TRIO,
    MoveType.FULL_HOUSE,
    MoveType.PAIR_RUN,
    MoveType.STRAIGHT,
    MoveType.FOUR_OF_A_KIND,
    MoveType.STRAIGHT_FLUSH,
    MoveType.DOG,
    MoveType.PASS,
)
_BLOCK = {move_type: position for position, move_type in enumerate(BLOCKS)}

# Singles: the Mah Jong first, the normal cards by bit index, then the Phoenix, then the Dragon.
_SINGLE_PLACE = {MAH_JONG: 0, PHOENIX: 56, DRAGON: 57}

_PHOENIX_BIT = 1 << PHOENIX


def _nibble(real: int, rank: int) -> int:
    """The real cards of one rank as 4 suit bits (rank 1: the Mah Jong bit alone)."""
    if rank == 1:
        return real & 1
    return (real >> (4 * (rank - 1))) & 0xF


def _run_key(move: Move, ranks: int) -> tuple[int, ...]:
    """Pair runs and straights: lowest rank, length, real before Phoenix, then rank by rank from the top."""
    top = move.rank2 // 2
    lowest = top - ranks + 1  # 1 for a straight that holds the Mah Jong
    real = move.cards.mask & ~_PHOENIX_BIT
    phoenix_as = move.phoenix_as
    # one number whose 5-bit digits, top rank first, are (Phoenix stands here, suit pattern)
    tokens = 0
    for rank in range(top, lowest - 1, -1):
        tokens = (tokens << 5) | ((rank == phoenix_as) << 4) | _nibble(real, rank)
    return (lowest, move.length, phoenix_as is not None, tokens)


def _full_house_key(move: Move) -> tuple[int, ...]:
    """Real trios before Phoenix trios; trio rank and suits; real pairs first; pair rank and suits."""
    trio_rank = move.rank2 // 2
    real = move.cards.mask & ~_PHOENIX_BIT
    pair_rank = next(r for r in range(2, 15) if r != trio_rank and _nibble(real, r))
    return (
        move.phoenix_as == trio_rank,
        trio_rank,
        _nibble(real, trio_rank),
        move.phoenix_as == pair_rank,
        pair_rank,
        _nibble(real, pair_rank),
    )


def _single_key(move: Move) -> tuple[int, ...]:
    card = move.cards.mask.bit_length() - 1
    return (_SINGLE_PLACE.get(card, card),)


def _same_rank_key(move: Move) -> tuple[int, ...]:
    rank = move.rank2 // 2
    return (rank, move.phoenix_as is not None, _nibble(move.cards.mask & ~_PHOENIX_BIT, rank))


def _straight_flush_key(move: Move) -> tuple[int, ...]:
    suit = (move.cards.mask & -move.cards.mask).bit_length() - 1 - 4  # its lowest card: 4(r-1) + s, r >= 2
    return (suit % 4, move.rank2 // 2 - move.length + 1, move.length)


_WITHIN_BLOCK: dict[MoveType, Callable[[Move], tuple[int, ...]]] = {
    MoveType.SINGLE: _single_key,
    MoveType.PAIR: _same_rank_key,
    MoveType.TRIO: _same_rank_key,
    MoveType.FULL_HOUSE: _full_house_key,
    MoveType.PAIR_RUN: lambda move: _run_key(move, move.length // 2),
    MoveType.STRAIGHT: lambda move: _run_key(move, move.length),
    MoveType.FOUR_OF_A_KIND: lambda move: (move.rank2 // 2,),
    MoveType.STRAIGHT_FLUSH: _straight_flush_key,
    MoveType.DOG: lambda _move: (),  # one Dog, one pass at most
    MoveType.PASS: lambda _move: (),
}


def move_order_key(move: Move) -> tuple[int, ...]:
    """The sort key of the documented legal-move order: `sorted(moves, key=move_order_key)`.

    Computed from the move alone, so any list of distinct legal moves of one
    situation sorts into the order both backends return.
    """
    if not isinstance(move, Move):
        raise TypeError(f"move must be a reference Move, not {type(move).__name__}")
    return (_BLOCK[move.type], *_WITHIN_BLOCK[move.type](move))
