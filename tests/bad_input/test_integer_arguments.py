"""Integer arguments: numpy integers work like ints (bots hold them), bools
never pass for an int, in both backends."""

from __future__ import annotations

import numpy as np
import pytest


def test_numpy_integers_are_ints(backend):
    hand = backend.Cards("7j 7s 9p")
    assert backend.Cards(np.uint64(hand.mask)) == hand
    assert backend.Cards.from_mask(np.int64(hand.mask)) == hand
    # R6.3 through a numpy wish
    assert {str(m) for m in backend.legal_moves(hand, "5j", wish=np.int8(7))} == {"7j", "7s"}
    assert [c.mask for c in backend.deal(np.uint32(3))] == [c.mask for c in backend.deal(3)]
    piles = [backend.Cards(), backend.Cards(), backend.Cards(), backend.Cards()]
    assert backend.score_hand([np.int64(0), 1, 2], piles, backend.Cards(), [np.int8(1), 0, 0, 0]) == (100, 0)


@pytest.mark.parametrize(
    "call",
    [
        lambda tf: tf.Cards(True),
        lambda tf: tf.Cards.from_mask(False),
        lambda tf: tf.legal_moves("7j", "5j", wish=True),
        lambda tf: tf.deal(True),
        lambda tf: tf.score_hand([0, 1, True], [tf.Cards()] * 4, tf.Cards(), [0, 0, 0, 0]),
        lambda tf: tf.score_hand([0, 1, 2], [tf.Cards()] * 4, tf.Cards(), [0, 0, True, 0]),
    ],
)
def test_bools_are_not_ints(backend, call):
    with pytest.raises(TypeError):
        call(backend)
