"""A bot's inner loop without Python objects per move: legal moves as numpy
records, chosen by a score computed over the whole array at once.

    python examples/numpy_policy.py
"""

from __future__ import annotations

import numpy as np

import tichu_fast as tf

BUFFER = np.empty(tf.MAX_LEGAL_MOVES, dtype=tf.MOVE_DTYPE)


def lowest_play(hand: tf.Cards, table: tf.Move | None, wish: int | None) -> np.void:
    """The legal move that sheds the most cards at the lowest rank (pass if nothing else)."""
    n = tf.legal_moves_into(BUFFER, hand, table, wish)
    moves = BUFFER[:n]
    score = moves["length"].astype(np.int32) * 64 - moves["rank2"].astype(np.int32)
    score[moves["type"] == int(tf.MoveType.PASS)] = -(10**6)  # pass only when it is the only move
    best: np.void = moves[int(np.argmax(score))]
    return best


if __name__ == "__main__":
    hand = tf.deal(11)[0]
    print("hand:", hand)
    choice = lowest_play(hand, None, None)
    print("leads:", tf.Move.from_record(choice))
