"""R7.1-R7.3 and R8.1, R8.3-R8.5 through score_hand and card_points (R1.2 teams)."""

from __future__ import annotations

from itertools import permutations

import numpy as np
import pytest

from tichu_fast.enums import Call

N, TI, GT = Call.NONE, Call.TICHU, Call.GRAND_TICHU


def expected_card_value(name):
    """R8.5 written out: 5 -> 5, 10 and K -> 10, Dragon 25, Phoenix -25, else 0."""
    if name == "Dr":
        return 25
    if name == "Ph":
        return -25
    if name in ("MJ", "Dog"):
        return 0
    rank = name[:-1]
    return {"5": 5, "10": 10, "K": 10}.get(rank, 0)


# --- card points (R8.5) -------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "points"),
    [
        ("5j", 5),
        ("5t", 5),
        ("10s", 10),
        ("Kp", 10),
        ("Dr", 25),
        ("Ph", -25),
        ("MJ", 0),
        ("Dog", 0),
        ("Aj", 0),
        ("Qs", 0),
        ("Jt", 0),
        ("9p", 0),
        ("2j", 0),
        ("", 0),
        ("5j 5s 5p 5t", 20),
        ("10j 10s 10p 10t Kj Ks Kp Kt", 80),
        ("Dr Ph", 0),
        ("5j 10j Kj Dr Ph", 25),
        ("Ph 2j 3j", -25),
    ],
)
def test_card_points(backend, cards, points):
    # R8.5
    c = backend.Cards(cards)
    assert backend.card_points(c) == points
    assert c.points == points


def test_card_points_every_card(backend):
    # R8.5: every one of the 56 cards has its documented value.
    for name in backend.CARD_NAMES:
        assert backend.card_points(backend.Cards(name)) == expected_card_value(name), name


def test_deck_is_100_points(backend):
    # R8.5: the deck holds 100 points.
    assert backend.card_points(backend.DECK) == 100


def test_card_points_array(backend):
    # R8.5 elementwise over a mask array, int64 result.
    C = backend.Cards
    masks = np.array(
        [backend.DECK.mask, 0, C("Ph").mask, C("Dr 5j").mask, C("10s Kt Ph").mask, C("At").mask],
        dtype=np.uint64,
    )
    got = backend.card_points(masks)
    assert isinstance(got, np.ndarray)
    assert got.dtype == np.int64
    assert got.shape == (6,)
    assert got.tolist() == [100, 0, -25, 30, -5, 0]


# --- score_hand ----------------------------------------------------------------
# The piles used below partition the deck:
#   pile 0: 5j 10j (15)   pile 1: Kj Dr (35)   pile 3: 10s Ks (20)
#   tailender hand: 5p Ph (-20)
#   pile 2: everything else = 5s 5t 10p 10t Kp Kt + zero cards (50)


def setup(backend):
    C = backend.Cards
    p0, p1, p3, hand = C("5j 10j"), C("Kj Dr"), C("10s Ks"), C("5p Ph")
    p2 = backend.DECK - p0 - p1 - p3 - hand
    assert (p0.points, p1.points, p2.points, p3.points, hand.points) == (15, 35, 50, 20, -20)
    return [p0, p1, p2, p3], hand


PILE_POINTS, HAND_POINTS = [15, 35, 50, 20], -20


@pytest.mark.parametrize(
    ("out_order", "expected"),
    [
        # tailender 3 (team 1): his pile (20) to seat 0, his hand (-20) to team 0
        ([0, 1, 2], (15 + 50 + 20 - 20, 35)),
        # tailender 2 (team 0): his pile (50) to seat 1, his hand (-20) to team 1
        ([1, 0, 3], (15, 35 + 20 + 50 - 20)),
        # tailender 1 (team 1): his pile (35) to seat 3 (his partner), his hand to team 0
        ([3, 2, 0], (15 + 50 - 20, 35 + 20)),
        # tailender 3 (team 1), first out his partner 1: pile stays in team 1, hand to team 0
        ([1, 2, 0], (15 + 50 - 20, 35 + 20)),
        # tailender 0 (team 0), first out his partner 2
        ([2, 1, 3], (50 + 15, 35 + 20 - 20)),
    ],
)
def test_tailender_gives_hand_and_pile(backend, out_order, expected):
    # R8.4 (and R1.2: team 0 = seats 0 and 2, team 1 = seats 1 and 3)
    piles, hand = setup(backend)
    assert backend.score_hand(out_order, piles, hand, [N, N, N, N]) == expected


def test_tuple_of_ints(backend):
    # docs: returns (team 0 score, team 1 score); out_order may be a tuple
    piles, hand = setup(backend)
    res = backend.score_hand((0, 1, 2), tuple(piles), hand, (N, N, N, N))
    assert isinstance(res, tuple)
    assert len(res) == 2
    assert all(isinstance(x, int) for x in res)
    assert res == (65, 35)


def _spec_score(out_order):
    """R8.4 written out, for the piles of setup()."""
    tail = ({0, 1, 2, 3} - set(out_order)).pop()
    score = [0, 0]
    for seat in range(4):
        receiver = out_order[0] if seat == tail else seat
        score[receiver % 2] += PILE_POINTS[seat]
    score[1 - tail % 2] += HAND_POINTS
    return tuple(score)


def valid_three_seat_orders():
    return [list(p) for p in permutations(range(4), 3) if p[0] % 2 != p[1] % 2]


@pytest.mark.parametrize("out_order", valid_three_seat_orders())
def test_card_points_sum_to_100(backend, out_order):
    # R8.4, R8.5: without double victory the teams' card points add up to 100.
    piles, hand = setup(backend)
    res = backend.score_hand(out_order, piles, hand, [N, N, N, N])
    assert sum(res) == 100
    assert res == _spec_score(out_order)


@pytest.mark.parametrize(
    ("out_order", "expected"),
    [([0, 2], (200, 0)), ([2, 0], (200, 0)), ([1, 3], (0, 200)), ([3, 1], (0, 200))],
)
def test_double_victory(backend, out_order, expected):
    # R8.3: double victory 200/0, card points (piles and hand) not counted.
    piles, hand = setup(backend)
    assert backend.score_hand(out_order, piles, hand, [N, N, N, N]) == expected
    # the tailender's hand is ignored: here its cards were put in pile 3 instead
    piles[3] = piles[3] | hand
    assert backend.score_hand(out_order, piles, backend.Cards(), [0, 0, 0, 0]) == expected


@pytest.mark.parametrize(
    ("out_order", "calls", "expected"),
    [
        # R7.2 Tichu: +100 for the first out, -100 otherwise
        ([0, 1, 2], [TI, N, N, N], (65 + 100, 35)),
        ([0, 1, 2], [N, TI, N, N], (65, 35 - 100)),
        ([0, 1, 2], [N, N, N, TI], (65, 35 - 100)),
        # R7.3: the caller's partner going out first does not save the call
        ([0, 1, 2], [N, N, TI, N], (65 - 100, 35)),
        # R7.1 Grand Tichu: +-200
        ([0, 1, 2], [GT, N, N, N], (65 + 200, 35)),
        ([0, 1, 2], [N, N, GT, N], (65 - 200, 35)),
        # R7.3: each call settled separately, added to the caller's team
        ([1, 0, 3], [TI, TI, N, GT], (15 - 100, 85 + 100 - 200)),
        ([3, 2, 0], [TI, GT, TI, TI], (45 - 100 - 100, 55 - 200 + 100)),
    ],
)
def test_calls_on_card_points(backend, out_order, calls, expected):
    # R7.1, R7.2, R7.3 on top of card points (R8.4)
    piles, hand = setup(backend)
    assert backend.score_hand(out_order, piles, hand, calls) == expected
    # plain ints 0..2 are accepted for the calls
    assert backend.score_hand(out_order, piles, hand, [int(c) for c in calls]) == expected


@pytest.mark.parametrize(
    ("out_order", "calls", "expected"),
    [
        ([0, 2], [TI, GT, N, TI], (200 + 100, -200 - 100)),  # R7.3 calls on top of 200/0
        ([0, 2], [GT, N, GT, N], (200 + 200 - 200, 0)),  # appendix: both partners call Grand
        ([3, 1], [N, N, N, GT], (0, 200 + 200)),
        ([1, 3], [TI, N, N, GT], (-100, 200 - 200)),
        ([1, 3], [N, TI, N, N], (0, 200 + 100)),
        ([2, 0], [TI, N, N, N], (200 - 100, 0)),  # R7.3: partner out first, call fails
    ],
)
def test_calls_on_double_victory(backend, out_order, calls, expected):
    # R8.3 + R7.1-R7.3
    piles, hand = setup(backend)
    assert backend.score_hand(out_order, piles, hand, calls) == expected


def test_cards_left_on_table_counted_via_piles(backend):
    # R8.2 / R8.4: the caller adds the table's cards to a pile; score_hand counts them there.
    piles, hand = setup(backend)
    table = backend.Cards("10p Kp")  # 20 points lying on the table, part of pile 2 so far
    piles[2] = piles[2] - table
    piles[1] = piles[1] | table  # last play was seat 1's
    assert backend.score_hand([0, 1, 2], piles, hand, [N] * 4) == (65 - 20, 35 + 20)


def test_not_finished_hands_rejected(backend):
    # R8.1: a hand ends at a double victory or with one player left; other out orders are no result.
    piles, hand = setup(backend)
    for out_order in ([0, 1], [0, 3], [2, 1], [0, 2, 1], [1, 3, 0], [0], []):
        with pytest.raises(ValueError):
            backend.score_hand(out_order, piles, hand, [N] * 4)
