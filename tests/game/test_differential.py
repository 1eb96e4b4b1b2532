"""The C++ core against the pure-Python reference on random situations.

Each test draws situations with hypothesis (tests/strategies.py) and asks
both backends the same question; any difference is a bug in one of them.
The "ci" profile runs 2500 examples per test (over 10,000 situations); set
HYPOTHESIS_PROFILE=long for 50,000 each.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

import tichu_fast as cpp
from tichu_fast import reference as ref

from ..strategies import hands, situations


def as_tuple(move: cpp.Move | ref.Move) -> tuple[int, int, int, int, int | None, str]:
    return (move.cards.mask, int(move.type), move.length, move.rank2, move.phoenix_as, str(move))


def moves_of(backend, hand, table, wish, out_of_turn):
    table_arg = None if table is None else backend.Move(str(table))
    return [as_tuple(m) for m in backend.legal_moves(hand, table_arg, wish, out_of_turn)]


@given(situations())
def test_legal_moves_agree(situation):
    # R3 to R6: identical legal-move lists in the same order (docs/api.md
    # "Order of legal moves"), so a move listed twice by one backend shows up too.
    hand, table, wish, out_of_turn = situation
    expected = moves_of(ref, hand, table, wish, out_of_turn)
    assert moves_of(cpp, hand, table, wish, out_of_turn) == expected
    table_cpp = None if table is None else cpp.Move(str(table))
    assert cpp.count_legal_moves(hand, table_cpp, wish, out_of_turn) == len(expected)
    rows = cpp.legal_moves_array(hand, table_cpp, wish, out_of_turn)
    assert [as_tuple(cpp.Move.from_record(row)) for row in rows] == expected


@given(situations())
def test_numpy_form_agrees(situation):
    # The numpy form of the reference is the same records, field by field, in the same order.
    hand, table, wish, out_of_turn = situation
    table_cpp = None if table is None else cpp.Move(str(table))
    a = cpp.legal_moves_array(hand, table_cpp, wish, out_of_turn)
    b = ref.legal_moves_array(hand, table, wish, out_of_turn)
    assert a.dtype == b.dtype == cpp.MOVE_DTYPE
    assert a.tobytes() == b.tobytes()


@given(hands(min_size=1, max_size=10))
def test_classify_agrees(cards):
    # R3, R4: readings of card sets (the structured strategy makes many of
    # them combinations), in the same order, and the text round trip.
    readings = [as_tuple(m) for m in cpp.classify(cards)]
    assert readings == [as_tuple(m) for m in ref.classify(cards)]
    for move in cpp.classify(cards):
        assert cpp.Move(str(move)) == move
        assert str(ref.Move(str(move))) == str(move)


@given(situations(), situations())
def test_beats_agrees(a, b):
    # R4.2, R4.3, R5.2, R3.2, R3.3: the move order between any two moves.
    for hand, table in ((a[0], b[1]), (b[0], a[1])):
        for move in ref.legal_moves(hand)[:40]:  # leads: every kind of move
            m_cpp = cpp.Move(str(move))
            t_cpp = None if table is None else cpp.Move(str(table))
            assert cpp.beats(m_cpp, t_cpp) == ref.beats(move, table), (str(move), str(table))


@st.composite
def outcomes(draw):
    """A finished hand: who went out when, piles, the tailender's cards, calls."""
    deck = draw(st.permutations(range(56)))
    seats = draw(st.permutations(range(4)))
    double = draw(st.integers(0, 4)) == 0
    if double:
        first = seats[0]
        out_order = [first, (first + 2) % 4]
    else:
        out_order = list(seats[:3])
        if out_order[0] % 2 == out_order[1] % 2:
            out_order[1], out_order[2] = out_order[2], out_order[1]
    cuts = sorted(draw(st.lists(st.integers(0, 56), min_size=4, max_size=4)))
    bounds = [0, *cuts, 56]
    sets = [sum(1 << c for c in deck[bounds[i] : bounds[i + 1]]) for i in range(5)]
    calls = draw(st.lists(st.integers(0, 2), min_size=4, max_size=4))
    return out_order, sets[:4], sets[4], calls


@given(outcomes())
def test_scores_agree(outcome):
    # R7.3, R8.3 to R8.5: the score of any finished hand.
    out_order, piles, tail, calls = outcome
    expected = ref.score_hand(out_order, [ref.Cards(p) for p in piles], ref.Cards(tail), calls)
    assert cpp.score_hand(out_order, [cpp.Cards(p) for p in piles], cpp.Cards(tail), calls) == expected
    if len(out_order) == 3 and all(c == 0 for c in calls):
        assert sum(expected) == sum(cpp.card_points(p) for p in piles) + cpp.card_points(tail)


@given(st.integers(0, 2**64 - 1))
def test_deals_agree(seed):
    # R2.1: one seed deals the same cards in both backends.
    assert [h.mask for h in cpp.deal(seed)] == [h.mask for h in ref.deal(seed)]
    assert cpp.shuffled_deck(seed) == ref.shuffled_deck(seed)
