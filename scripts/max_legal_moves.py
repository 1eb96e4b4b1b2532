"""Find the largest number of legal moves any hand can have, exhaustively.

Why this is exhaustive: a superset hand never has fewer leads, the leads
contain every response and out-of-turn bomb (plus one pass), so the maximum
is a lead with 14 cards. Swapping the Dog or the Dragon for a normal card
never loses a move (each is one single; a normal card is at least one). And
the count depends only on how many cards of each rank the hand holds: a
one-suit straight is a straight-flush bomb instead of a straight, one move
either way. So every profile of rank counts, with or without the Mah Jong
and the Phoenix, is counted once by the C++ core (about 11.6 million).

    python scripts/max_legal_moves.py
"""

from __future__ import annotations

import time

import numpy as np

import tichu_fast as tf
from tichu_fast import _core

RANKS = range(2, 15)


def rank_profiles(cards: int) -> np.ndarray:
    """Masks of every way to hold `cards` normal cards, by count per rank."""
    masks = np.zeros(1, dtype=np.uint64)
    held = np.zeros(1, dtype=np.int64)
    for rank in RANKS:
        parts_m, parts_h = [], []
        for count in range(5):
            keep = held + count <= cards
            nibble = np.uint64(((1 << count) - 1) << (4 * (rank - 1)))
            parts_m.append(masks[keep] | nibble)
            parts_h.append(held[keep] + count)
        masks, held = np.concatenate(parts_m), np.concatenate(parts_h)
    return masks[held == cards]


def main() -> None:
    best = (0, 0)
    start = time.perf_counter()
    for specials in (0, tf.Cards("Ph").mask, tf.Cards("MJ").mask, tf.Cards("MJ Ph").mask):
        masks = rank_profiles(14 - bin(specials).count("1")) | np.uint64(specials)
        counts = _core._count_leads_many(masks)
        top = int(np.argmax(counts))
        if counts[top] > best[0]:
            best = (int(counts[top]), int(masks[top]))
        print(
            f"{tf.Cards(specials)!s:>6}: {len(masks):>9,} profiles, best so far {best[0]} "
            f"({tf.Cards(best[1])})  {time.perf_counter() - start:.0f} s",
            flush=True,
        )
    print(
        f"largest lead: {best[0]} moves, e.g. {tf.Cards(best[1])}; "
        f"MAX_LEGAL_MOVES = {tf.MAX_LEGAL_MOVES} (a lead, or a response plus the pass)"
    )


if __name__ == "__main__":
    main()
