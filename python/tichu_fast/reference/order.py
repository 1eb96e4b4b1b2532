"""The order of legal moves (docs/api.md "Order of legal moves"), as a sort key.

Both backends list legal moves in one documented order, so that a bot that
picks `legal_actions()[i]` plays the same game on either. The C++ generator
produces that order as it goes; the reference generates its moves its own
way and sorts them by `move_order_key`, which reads only the move itself.
"""

from __future__ import annotations

from tichu_fast.enums import MoveType

from .cards import DRAGON, MAH_JONG, PHOENIX, indices_of
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
    tokens: list[int] = []
    for rank in range(top, lowest - 1, -1):  # the top rank decides first
        tokens += (int(move.phoenix_as == rank), _nibble(real, rank))
    return (lowest, move.length, int(move.phoenix_as is not None), *tokens)


def _full_house_key(move: Move) -> tuple[int, ...]:
    """Real trios before Phoenix trios; trio rank and suits; real pairs first; pair rank and suits."""
    trio_rank = move.rank2 // 2
    real = move.cards.mask & ~_PHOENIX_BIT
    pair_rank = next(r for r in range(2, 15) if r != trio_rank and _nibble(real, r))
    return (
        int(move.phoenix_as == trio_rank),
        trio_rank,
        _nibble(real, trio_rank),
        int(move.phoenix_as == pair_rank),
        pair_rank,
        _nibble(real, pair_rank),
    )


def _within_block(move: Move) -> tuple[int, ...]:
    kind = move.type
    if kind == MoveType.SINGLE:
        card = indices_of(move.cards)[0]
        return (_SINGLE_PLACE.get(card, card),)
    if kind in (MoveType.PAIR, MoveType.TRIO):
        rank = move.rank2 // 2
        return (rank, int(move.phoenix_as is not None), _nibble(move.cards.mask & ~_PHOENIX_BIT, rank))
    if kind == MoveType.FULL_HOUSE:
        return _full_house_key(move)
    if kind == MoveType.PAIR_RUN:
        return _run_key(move, move.length // 2)
    if kind == MoveType.STRAIGHT:
        return _run_key(move, move.length)
    if kind == MoveType.FOUR_OF_A_KIND:
        return (move.rank2 // 2,)
    if kind == MoveType.STRAIGHT_FLUSH:
        suit = indices_of(move.cards)[0] % 4
        return (suit, move.rank2 // 2 - move.length + 1, move.length)
    return ()  # the Dog and the pass: one of each at most


def move_order_key(move: Move) -> tuple[int, ...]:
    """The sort key of the documented legal-move order: `sorted(moves, key=move_order_key)`.

    Computed from the move alone, so any list of distinct legal moves of one
    situation sorts into the order both backends return.
    """
    if not isinstance(move, Move):
        raise TypeError(f"move must be a reference Move, not {type(move).__name__}")
    return (_BLOCK[move.type], *_within_block(move))
