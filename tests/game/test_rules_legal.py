"""R3.*, R4.4, R4.6, R5.1, R5.2 as far as legal_moves goes (no wish here)."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from tichu_fast.enums import MoveType as T
from tichu_fast.formats import MAX_LEGAL_MOVES, MOVE_DTYPE


def legal(backend, hand, table=None, wish=None, out_of_turn=False):
    """legal_moves as a set of texts; also checks that no move is listed twice (R3.5)."""
    moves = backend.legal_moves(hand, table=table, wish=wish, out_of_turn=out_of_turn)
    texts = [str(m) for m in moves]
    assert len(texts) == len(set(texts)), f"duplicate moves in {sorted(texts)}"
    assert len(set(moves)) == len(moves)
    return set(texts)


# --- leading (R5.1) ---------------------------------------------------------

LEADING = [
    # R5.1, R3.2 (Phoenix led = 1.5), R3.4 (Dog led), R1.3 (no Phoenix pair with MJ)
    (
        "MJ Dog Ph 2j 2s",
        {"MJ", "Dog", "Ph:1.5", "2j", "2s", "2j 2s", "Ph:2 2j", "Ph:2 2s", "Ph:2 2j 2s"},
    ),
    # R4.3 a bomb can be led; R3.6 its cards also form pairs and trios when not all played
    (
        "5j 5s 5p 5t",
        {
            "5j",
            "5s",
            "5p",
            "5t",
            "5j 5s",
            "5j 5p",
            "5j 5t",
            "5s 5p",
            "5s 5t",
            "5p 5t",
            "5j 5s 5p",
            "5j 5s 5t",
            "5j 5p 5t",
            "5s 5p 5t",
            "5j 5s 5p 5t",
        },
    ),
    # R3.1: a Mah Jong straight with the Phoenix as 5 (never as 1)
    (
        "MJ 2j 3s 4p Ph",
        {"MJ", "2j", "3s", "4p", "Ph:1.5", "Ph:2 2j", "Ph:3 3s", "Ph:4 4p", "MJ Ph:5 2j 3s 4p"},
    ),
    # R3.1 appendix: Ph 2 3 4 5 is only 2-6, the Phoenix is never the 1
    (
        "Ph 2j 3s 4p 5t",
        {
            "Ph:1.5",
            "2j",
            "3s",
            "4p",
            "5t",
            "Ph:2 2j",
            "Ph:3 3s",
            "Ph:4 4p",
            "Ph:5 5t",
            "Ph:6 2j 3s 4p 5t",
        },
    ),
    # R3.3, R3.4: Dragon and Dog alone, nothing together
    ("Dr Dog", {"Dr", "Dog"}),
    # R3.6: five jade cards in sequence are only the straight flush
    ("2j 3j 4j 5j 6j", {"2j", "3j", "4j", "5j", "6j", "2j 3j 4j 5j 6j"}),
    # R3.5: A A K K Ph as a full house has two readings
    (
        "Ph Kj Ks Aj As",
        {
            "Ph:1.5",
            "Kj",
            "Ks",
            "Aj",
            "As",
            "Kj Ks",
            "Aj As",
            "Ph:K Kj",
            "Ph:K Ks",
            "Ph:A Aj",
            "Ph:A As",
            "Ph:K Kj Ks",
            "Ph:A Aj As",
            "Kj Ks Aj As",
            "Ph:K Kj Aj As",
            "Ph:K Ks Aj As",
            "Ph:A Kj Ks Aj",
            "Ph:A Kj Ks As",
            "Ph:K Kj Ks Aj As",
            "Ph:A Kj Ks Aj As",
        },
    ),
]


@pytest.mark.parametrize(("hand", "expected"), LEADING)
def test_leading(backend, hand, expected):
    # R5.1 (plus the rules cited per case): every combination of the hand, no pass
    got = legal(backend, hand)
    assert "pass" not in got
    assert got == expected


def test_leader_cannot_pass(backend):
    # R5.1: a leader cannot pass, even with one card.
    assert legal(backend, "2j") == {"2j"}
    assert legal(backend, "Dog") == {"Dog"}


def test_empty_hand(backend):
    # docs: an empty hand leads nothing and otherwise only passes.
    assert backend.legal_moves("") == []
    assert legal(backend, "", table="5j") == {"pass"}
    assert legal(backend, "", table="5j", out_of_turn=True) == {"pass"}


# --- responding (R5.2) --------------------------------------------------------

RESPONDING = [
    # singles: R3.2 Phoenix at table + 0.5, R3.3 Dragon, R3.4 Dog never on a table
    ("MJ Dog Ph Dr 9s 10j 2p", "9j", {"pass", "10j", "Dr", "Ph:9.5"}),
    ("Ph 2j Dog", "MJ", {"pass", "2j", "Ph:1.5"}),
    ("Ph Dr At", "Aj", {"pass", "Ph:14.5", "Dr"}),
    ("Ph", "Jj", {"pass", "Ph:11.5"}),
    ("Ph Aj", "Dr", {"pass"}),  # R3.2/R3.3: nothing but a bomb on the Dragon
    ("MJ 2j Dr", "Ph:1.5", {"pass", "2j", "Dr"}),  # R3.2: led Phoenix is 1.5
    ("9s 10j Dr MJ", "Ph:9.5", {"pass", "10j", "Dr"}),  # R3.2 appendix: table is 9.5, a 9 does not beat
    # pairs
    ("5p 6j 6s Ph 4j 4s", "5j 5s", {"pass", "6j 6s", "Ph:6 6j", "Ph:6 6s"}),
    # trios
    ("9j 9s 9p Ph 7j 7s", "8j 8s 8p", {"pass", "9j 9s 9p", "Ph:9 9j 9s", "Ph:9 9j 9p", "Ph:9 9s 9p"}),
    # pair runs of the same length only
    (
        "5j 5s 6j 6s Ph",
        "3j 3s 4j 4s",
        {"pass", "5j 5s 6j 6s", "Ph:6 5j 5s 6j", "Ph:6 5j 5s 6s", "Ph:5 5j 6j 6s", "Ph:5 5s 6j 6s"},
    ),
    ("5j 5s 6j 6s 7j 7s", "2j 2s 3j 3s 4j 4s", {"pass", "5j 5s 6j 6s 7j 7s"}),
    # full houses compare the trio ranks; both readings of a two-pair + Phoenix set (R3.5)
    (
        "4j 4s 4p 9j 9s Ph",
        "3j 3s 3p 2j 2s",
        {
            "pass",
            "4j 4s 4p 9j 9s",
            "Ph:9 4j 4s 4p 9j",
            "Ph:9 4j 4s 4p 9s",
            "Ph:4 4j 4s 9j 9s",
            "Ph:4 4j 4p 9j 9s",
            "Ph:4 4s 4p 9j 9s",
            "Ph:9 4j 4s 9j 9s",
            "Ph:9 4j 4p 9j 9s",
            "Ph:9 4s 4p 9j 9s",
        },
    ),
    (
        "10j 10s 10p 3j 3s 8j 8s 8p Aj As",
        "9j 9s 9p 2j 2s",
        {
            "pass",
            "3j 3s 10j 10s 10p",
            "8j 8s 10j 10s 10p",
            "8j 8p 10j 10s 10p",
            "8s 8p 10j 10s 10p",
            "10j 10s 10p Aj As",
        },
    ),
    # straights of the same length only
    ("3j 4s 5p 6t 7s 8p", "2j 3s 4p 5t 6j", {"pass", "3j 4s 5p 6t 7s", "4s 5p 6t 7s 8p"}),
    ("2s 3j 4s 5p 6t", "MJ 2j 3s 4p 5t", {"pass", "2s 3j 4s 5p 6t"}),
    # R3.5 appendix: the Phoenix in place of each held card is its own move, each listed once
    (
        "5j 6s 7p 8t 9j Ph",
        "3j 4s 5p 6t 7s",
        {
            "pass",
            "Ph:4 5j 6s 7p 8t",
            "5j 6s 7p 8t 9j",
            "Ph:5 6s 7p 8t 9j",
            "Ph:6 5j 7p 8t 9j",
            "Ph:7 5j 6s 8t 9j",
            "Ph:8 5j 6s 7p 9j",
            "Ph:9 5j 6s 7p 8t",
            "Ph:10 6s 7p 8t 9j",
        },
    ),
    # R3.6: 4-8 of jade is only a straight flush (a bomb), 5-9 mixed is a straight
    ("4j 5j 6j 7j 8j 9s", "3s 4p 5t 6s 7t", {"pass", "4j 5j 6j 7j 8j", "5j 6j 7j 8j 9s"}),
    # R4.5 / R3.4: nothing on the Dog, a bomb neither
    ("5j 5s 5p 5t Dr Ph", "Dog", {"pass"}),
]


@pytest.mark.parametrize(("hand", "table", "expected"), RESPONDING)
def test_responding(backend, hand, table, expected):
    # R5.2: same type and length and higher rank, or a bomb; plus the pass
    assert legal(backend, hand, table=table) == expected


def test_straight_flush_not_a_plain_straight(backend):
    # R3.6: the jade 4-8 in the list above is typed as a bomb.
    moves = {str(m): m for m in backend.legal_moves("4j 5j 6j 7j 8j 9s", table="3s 4p 5t 6s 7t")}
    assert moves["4j 5j 6j 7j 8j"].type == T.STRAIGHT_FLUSH
    assert moves["5j 6j 7j 8j 9s"].type == T.STRAIGHT


def test_phoenix_single_rank_on_table(backend):
    # R3.2: played on a single, the Phoenix ranks 0.5 above it.
    for table, rank in [("MJ", 1.5), ("2j", 2.5), ("9j", 9.5), ("Kj", 13.5), ("Aj", 14.5)]:
        singles = [m for m in backend.legal_moves("Ph 2s", table=table) if m.type == T.SINGLE and "Ph" in m.cards]
        assert len(singles) == 1
        assert singles[0].rank == rank
        assert singles[0].rank2 == int(2 * rank)
        assert singles[0].phoenix_as is None


# --- bombs in turn (R4.2, R4.3, R5.2) ------------------------------------------

BOMBS_IN_TURN = [
    ("2j 2s 2p 2t 3j", "Aj As", {"pass", "2j 2s 2p 2t"}),  # R4.3
    (
        "4j 4s 4p 4t",
        "3j 3s",
        {"pass", "4j 4s", "4j 4p", "4j 4t", "4s 4p", "4s 4t", "4p 4t", "4j 4s 4p 4t"},
    ),  # R4.3, R3.6
    ("5j 5s 5p 5t", "Dr", {"pass", "5j 5s 5p 5t"}),  # R4.3 on the Dragon
    ("Dr 5j 5s 5p 5t", "Ph:14.5", {"pass", "Dr", "5j 5s 5p 5t"}),  # R4.3 on the Phoenix
    ("3j 3s 3p 3t 9j 9s 9p 9t", "5j 5s 5p 5t", {"pass", "9j 9s 9p 9t"}),  # R4.2
    ("2j 3j 4j 5j 6j Kj Ks Kp Kt", "Aj As Ap At", {"pass", "2j 3j 4j 5j 6j"}),  # R4.2 SF > 4oak
    ("2j 3j 4j 5j 6j 7j", "3s 4s 5s 6s 7s", {"pass", "2j 3j 4j 5j 6j 7j"}),  # R4.2 longer wins
    ("4j 5j 6j 7j 8j", "3s 4s 5s 6s 7s", {"pass", "4j 5j 6j 7j 8j"}),  # R4.2 higher top
    ("2j 3j 4j 5j 6j", "2s 3s 4s 5s 6s", {"pass"}),  # R4.2 equal SF does not beat
    ("Ph 2s 3s 4s 5s", "Aj", {"pass", "Ph:14.5"}),  # R4.1 no bomb with the Phoenix
    ("Ph 2s 3s 4s 5s", "2j 3j 4p 5t 6j", {"pass"}),  # R4.1: Ph:6 2s..5s is a plain 6-high straight
    ("MJ 2s 3s 4s 5s", "Kj Ks", {"pass"}),  # R4.1 no bomb with the Mah Jong
]


@pytest.mark.parametrize(("hand", "table", "expected"), BOMBS_IN_TURN)
def test_bombs_in_turn(backend, hand, table, expected):
    # R4.2, R4.3, R5.2 (per case)
    assert legal(backend, hand, table=table) == expected


# --- out of turn (R4.4, R4.6) --------------------------------------------------

OUT_OF_TURN = [
    ("5j 5s 5p 5t 9j", "Kj", {"pass", "5j 5s 5p 5t"}),
    ("5j 5s 5p 5t", None, {"pass"}),  # nothing on the table: only declining
    ("Aj Dr Ph", "Kj", {"pass"}),  # no bomb: only declining
    ("5j 5s 5p 5t", "9j 9s 9p 9t", {"pass"}),  # must beat the table (R4.2)
    ("5j 5s 5p 5t", "2j 2s 2p 2t", {"pass", "5j 5s 5p 5t"}),
    (
        "2s 3s 4s 5s 6s 5j 5p 5t",
        "Kj Ks",
        {"pass", "2s 3s 4s 5s 6s", "5j 5s 5p 5t"},
    ),
    ("2s 3s 4s 5s 6s 5j 5p 5t", "Dog", {"pass"}),  # R4.5
    (
        "2s 3s 4s 5s 6s 7s",
        "Aj As Ap At",
        {"pass", "2s 3s 4s 5s 6s", "3s 4s 5s 6s 7s", "2s 3s 4s 5s 6s 7s"},
    ),
    ("2s 3s 4s 5s 6s", "3j 4p 5p 6t 7j", {"pass", "2s 3s 4s 5s 6s"}),  # a bomb on a straight
    ("4j 4s 4p 4t", "Dr", {"pass", "4j 4s 4p 4t"}),  # on the Dragon too
]


@pytest.mark.parametrize(("hand", "table", "expected"), OUT_OF_TURN)
def test_out_of_turn(backend, hand, table, expected):
    # R4.4: only bombs that beat the table, plus declining; no other move
    assert legal(backend, hand, table=table, out_of_turn=True) == expected


def test_out_of_turn_ignores_non_bombs(backend):
    # R4.4: out of turn a single that would beat the table is not offered.
    assert legal(backend, "Aj Dr 7j 7s 7p 7t", table="Kj", out_of_turn=True) == {"pass", "7j 7s 7p 7t"}
    assert legal(backend, "Aj Dr 7j 7s 7p 7t", table="Kj") == {"pass", "Aj", "Dr", "7j 7s 7p 7t"}


# --- input forms --------------------------------------------------------------


def test_input_forms(backend):
    # docs: hand as Cards / mask / text, table as Move / text, same result.
    expected = {"pass", "6j 6s", "Ph:6 6j", "Ph:6 6s"}
    hand = backend.Cards("5p 6j 6s Ph 4j 4s")
    table = backend.Move("5j 5s")
    assert legal(backend, hand, table=table) == expected
    assert legal(backend, hand.mask, table=table) == expected
    assert legal(backend, str(hand), table="5j 5s") == expected
    assert backend.count_legal_moves(hand.mask, table="5j 5s") == len(expected)


# --- consistency with classify / beats ----------------------------------------


@pytest.mark.parametrize(
    "hand", ["MJ Dog Ph 2j 2s 3p", "Ph 5j 6s 7p 8t 9j", "Ph 4j 4s 4p 9j 9s", "Dr Ph 2j 3j 4j 5j 6j"]
)
def test_leading_is_every_reading_of_every_subset(backend, hand):
    # R5.1: leading = every reading of every non-empty subset (the Dog included).
    cards = list(backend.Cards(hand))
    expected = set()
    for k in range(1, len(cards) + 1):
        for sub in combinations(cards, k):
            expected |= {str(m) for m in backend.classify(" ".join(sub))}
    assert legal(backend, hand) == expected


@pytest.mark.parametrize(
    ("hand", "table"),
    [
        ("Ph 5j 6s 7p 8t 9j 9s", "2j 3s 4p 5t 6j"),
        ("Ph 4j 4s 4p 9j 9s 5j 5s 5p 5t", "3j 3s 3p 2j 2s"),
        ("Ph 5j 5s 6j 6s 7j 7s", "3j 3s 4j 4s"),
    ],
)
def test_responding_is_every_beating_reading(backend, hand, table):
    # R5.2: responding to a non-single = every reading that beats the table, plus the pass.
    t = backend.Move(table)
    cards = list(backend.Cards(hand))
    expected = {"pass"}
    for k in range(1, len(cards) + 1):
        for sub in combinations(cards, k):
            expected |= {str(m) for m in backend.classify(" ".join(sub)) if backend.beats(m, t)}
    assert legal(backend, hand, table=table) == expected


# --- legal_moves_array and count_legal_moves ----------------------------------

SITUATIONS = [
    ("MJ Dog Ph 2j 2s", None, None, False),
    ("5j 6s 7p 8t 9j Ph", "3j 4s 5p 6t 7s", None, False),
    ("MJ Dog Ph Dr 9s 10j 2p", "9j", None, False),
    ("4j 4s 4p 9j 9s Ph", "3j 3s 3p 2j 2s", None, False),
    ("2s 3s 4s 5s 6s 5j 5p 5t", "Kj Ks", None, True),
    ("7j Ph 5s 6p 8t 9j", None, 7, False),
    ("Dr 5j 5s 5p 5t", "Ph:14.5", None, False),
    ("", "5j", None, False),
    ("", None, None, False),
]


def _record(m):
    return (m.cards.mask, int(m.type), m.length, m.rank2, m.phoenix_as or 0)


def _rows(arr):
    """The records of a MOVE_DTYPE array as a set of plain tuples (padding ignored)."""
    return {(int(r["cards"]), int(r["type"]), int(r["length"]), int(r["rank2"]), int(r["phoenix_as"])) for r in arr}


@pytest.mark.parametrize(("hand", "table", "wish", "oot"), SITUATIONS)
def test_array_and_count_agree(backend, hand, table, wish, oot):
    # legal_moves_array / count_legal_moves agree with legal_moves (same rules R5.1, R5.2, R4.4)
    moves = backend.legal_moves(hand, table=table, wish=wish, out_of_turn=oot)
    arr = backend.legal_moves_array(hand, table=table, wish=wish, out_of_turn=oot)
    assert isinstance(arr, np.ndarray)
    assert arr.dtype == MOVE_DTYPE
    assert arr.ndim == 1
    assert len(arr) == len(moves)
    assert backend.count_legal_moves(hand, table=table, wish=wish, out_of_turn=oot) == len(moves)
    assert len(_rows(arr)) == len(arr)
    assert _rows(arr) == {_record(m) for m in moves}
    assert {str(backend.Move.from_record(r)) for r in arr} == {str(m) for m in moves}
    assert {backend.Move.from_record(r) for r in arr} == set(moves)


@pytest.mark.parametrize(("hand", "table", "wish", "oot"), SITUATIONS)
def test_array_out_buffer(backend, hand, table, wish, oot):
    # legal_moves_array(out=...): fills the buffer and returns the view out[:n]
    n = backend.count_legal_moves(hand, table=table, wish=wish, out_of_turn=oot)
    out = np.zeros(MAX_LEGAL_MOVES, dtype=MOVE_DTYPE)
    res = backend.legal_moves_array(hand, table=table, wish=wish, out_of_turn=oot, out=out)
    assert len(res) == n
    assert res.dtype == MOVE_DTYPE
    if n:
        assert np.shares_memory(res, out)
        assert res.__array_interface__["data"][0] == out.__array_interface__["data"][0]
    assert np.array_equal(res, out[:n])
    moves = backend.legal_moves(hand, table=table, wish=wish, out_of_turn=oot)
    assert _rows(res) == {_record(m) for m in moves}


def test_array_exact_records(backend):
    # MOVE_DTYPE layout: cards mask, type, length, rank2, phoenix_as (0 = none)
    arr = backend.legal_moves_array("Ph 5j")
    assert _rows(arr) == {
        (1 << 16, int(T.SINGLE), 1, 10, 0),  # 5j
        (1 << 2, int(T.SINGLE), 1, 3, 0),  # Ph:1.5 (R3.2)
        ((1 << 2) | (1 << 16), int(T.PAIR), 2, 10, 5),  # Ph:5 5j
    }
    arr = backend.legal_moves_array("Ph", table="9j")
    assert _rows(arr) == {(0, int(T.PASS), 0, 0, 0), (1 << 2, int(T.SINGLE), 1, 19, 0)}  # pass, Ph:9.5
    assert str(backend.Move.from_record(arr[arr["type"] == T.SINGLE][0])) == "Ph:9.5"


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 12345])
def test_full_hands_count_and_array(backend, seed):
    # R5.1 on dealt 14-card hands: count == len(list) == len(array) <= MAX_LEGAL_MOVES, no duplicates
    for hand in backend.deal(seed):
        moves = backend.legal_moves(hand)
        assert len({str(m) for m in moves}) == len(moves)
        assert 0 < len(moves) <= MAX_LEGAL_MOVES
        assert backend.count_legal_moves(hand) == len(moves)
        assert len(backend.legal_moves_array(hand)) == len(moves)
        for m in moves:
            assert m.cards <= hand
            assert not m.is_pass


@pytest.mark.parametrize("seed", [5, 6, 7])
def test_backends_agree_on_dealt_hands(both_backends, seed):
    # Both backends list the same legal moves (leading, responding, out of turn).
    cpp, ref = both_backends
    hands = cpp.deal(seed)
    for hand in hands:
        mask = hand.mask
        assert {str(m) for m in cpp.legal_moves(mask)} == {str(m) for m in ref.legal_moves(mask)}
        for table in ["2j", "3j 3s", "2j 3s 4p 5t 6j", "Dr", "2j 2s 2p 2t"]:
            if cpp.Cards(table).mask & mask:
                continue
            for oot in (False, True):
                a = {str(m) for m in cpp.legal_moves(mask, table=table, out_of_turn=oot)}
                b = {str(m) for m in ref.legal_moves(mask, table=table, out_of_turn=oot)}
                assert a == b, (str(hand), table, oot)
