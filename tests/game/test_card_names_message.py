"""An unknown card's error says what a card name is, in the same words on both backends (docs/api.md)."""

from __future__ import annotations

import pytest

WHAT = ": a card is a rank 2..10, J, Q, K, A and a suit j, s, p, t (10s, Qp), or MJ, Dog, Ph, Dr"


def push_state(backend):
    state = backend.HandState.new(3)
    for _ in range(8):  # R3: every seat declines Grand Tichu, then Tichu, before the exchange
        state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize(
    "read",
    [
        lambda b: b.Cards("5j 5h"),
        lambda b: b.Cards.parse("5h"),
        lambda b: b.Cards(["5j", "5h"]),
        lambda b: "5h" in b.Cards("5j"),
        lambda b: b.Move("5h 5d"),
        lambda b: push_state(b).parse_action("push 2j 3s 5h"),
        lambda b: b.HandState.from_deal([["5h", *["2j"] * 13]] * 4),
    ],
    ids=["text", "parse", "names", "membership", "move", "push", "deal"],
)
def test_an_unknown_card_names_the_suits_and_the_specials(backend, read):
    # "unknown card '5h'" alone left a newcomer guessing the suit letters (h and d are no suits here)
    with pytest.raises(backend.InvalidNotationError) as info:
        read(backend)
    assert str(info.value).endswith("unknown card '5h'" + WHAT)
