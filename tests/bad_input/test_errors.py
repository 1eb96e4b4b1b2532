"""Every bad input of docs/api.md raises the documented exception, naming the bad part."""

from __future__ import annotations

import numpy as np
import pytest

from tichu_fast.enums import Call
from tichu_fast.errors import InvalidNotationError, TichuError
from tichu_fast.formats import MAX_LEGAL_MOVES, MOVE_DTYPE


def check(exc, fn, *mentions):
    """fn() raises exc; its message (lower-cased) contains at least one of `mentions`."""
    with pytest.raises(exc) as info:
        fn()
    if mentions:
        msg = str(info.value).lower()
        assert any(m.lower() in msg for m in mentions), f"message {str(info.value)!r} names none of {mentions}"
    return info.value


# --- the hierarchy ---------------------------------------------------------------


def test_error_hierarchy():
    # docs: InvalidNotationError is a TichuError and a ValueError
    assert issubclass(InvalidNotationError, TichuError)
    assert issubclass(InvalidNotationError, ValueError)


# --- card text --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("Xz", "Xz"),
        ("2j 3s Xz", "Xz"),
        ("1j", "1j"),
        ("11j", "11j"),
        ("2x", "2x"),
        ("10", "10"),
        ("j", "j"),
        ("Dragon", "Dragon"),
        ("Phx", "Phx"),
        ("2jj", "2jj"),
        ("Ph:5", "Ph:5"),
        ("2j;3s", "2j;3s"),
    ],
)
def test_unknown_card(backend, text, bad):
    # notation: an unknown card raises InvalidNotationError naming it
    check(InvalidNotationError, lambda: backend.Cards(text), bad)
    check(InvalidNotationError, lambda: backend.Cards.parse(text), bad)


@pytest.mark.parametrize(("text", "bad"), [("2j 2j", "2j"), ("aj Aj", "aj"), ("10j Tj", "10j"), ("Ph 5j ph", "ph")])
def test_duplicate_card(backend, text, bad):
    # notation: a duplicate card raises InvalidNotationError naming it
    check(InvalidNotationError, lambda: backend.Cards(text), bad, "duplicate")


def test_unknown_name_in_iterable(backend):
    # Cards(iterable of names): an unknown name is a notation error
    check(InvalidNotationError, lambda: backend.Cards(["2j", "Xz"]), "Xz")


def test_unknown_name_in_membership(backend):
    # docs: "Xz" in c raises InvalidNotationError
    c = backend.Cards("2j")
    check(InvalidNotationError, lambda: "Xz" in c, "Xz")


@pytest.mark.parametrize("mask", [1 << 56, 1 << 63, 2**64, 2**64 + 1, (1 << 57) | 1, -1, -(2**70)])
def test_bad_mask(backend, mask):
    # docs: a mask with bits >= 56 or a negative mask raises ValueError
    check(ValueError, lambda: backend.Cards(mask))
    check(ValueError, lambda: backend.Cards.from_mask(mask))


@pytest.mark.parametrize("value", [1.5, object(), [1, 2], (4,), b"2j", 3j])
def test_cards_wrong_type(backend, value):
    # docs: Cards(1.5) raises TypeError; so does any non-str/int/iterable-of-names value
    check(TypeError, lambda: backend.Cards(value))


def test_set_operators_with_non_cards(backend):
    # docs: set operators with a non-Cards operand return NotImplemented -> TypeError
    c = backend.Cards("2j")
    for fn in (
        lambda: c | 5,
        lambda: c & 5,
        lambda: c - 5,
        lambda: c ^ 5,
        lambda: 5 | c,
        lambda: c | "2j",
        lambda: c <= 5,
        lambda: c < 5,
        lambda: c >= 5,
        lambda: c > 5,
    ):
        check(TypeError, fn)


def test_membership_wrong_type(backend):
    # docs: membership takes a card name; another type is a TypeError
    check(TypeError, lambda: 5 in backend.Cards("2j"))


# --- numpy ------------------------------------------------------------------------


def test_from_masks_bad_arrays(backend):
    # docs: wrong ndim -> ValueError, non-integer dtype -> TypeError, invalid mask -> ValueError
    check(ValueError, lambda: backend.from_masks(np.zeros((2, 2), dtype=np.uint64)))
    check(ValueError, lambda: backend.from_masks(np.array(5, dtype=np.uint64)))
    check(TypeError, lambda: backend.from_masks(np.array([1.0, 2.0])))
    check(TypeError, lambda: backend.from_masks(np.array([1.0], dtype=np.float32)))
    check(TypeError, lambda: backend.from_masks(np.array(["2j"])))
    check(ValueError, lambda: backend.from_masks(np.array([1, 1 << 56], dtype=np.uint64)))
    check(ValueError, lambda: backend.from_masks(np.array([1 << 63], dtype=np.uint64)))
    check(ValueError, lambda: backend.from_masks(np.array([3, -1], dtype=np.int64)))


def test_to_masks_wrong_type(backend):
    # docs: to_masks takes an iterable of Cards
    check(TypeError, lambda: backend.to_masks(5))


# --- move text ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "mentions"),
    [
        ("Xz", ("Xz",)),
        ("5j Xz", ("Xz",)),
        ("5j 5j", ("5j",)),
        ("5j 9s", ("not a combination", "5j 9s")),
        ("Dog Dr", ("not a combination", "Dog Dr")),
        ("Dog 2j", ("not a combination", "Dog 2j")),
        ("MJ Ph", ("not a combination", "MJ Ph")),
        ("2j 3s 4p 5t", ("not a combination", "2j 3s 4p 5t")),
        ("", ("not a combination", "empty")),
        ("Ph 5j 6s 7p 8t", ("ambiguous",)),  # two readings: bare Ph refused
        ("Ph 5j 5s 9j 9s", ("ambiguous",)),
        ("Ph Kj Ks Aj As", ("ambiguous",)),
        ("Ph:3 5j", ("Ph:3", "3")),  # annotation fits no reading
        ("Ph:A 5j 6s 7p 8t", ("Ph:A", "A")),
        ("Ph:1 MJ 2j 3s 4p", ("Ph:1", "1")),  # R3.1: the Phoenix is never 1
        ("Ph:15", ("Ph:15", "15")),
        ("Ph:0.5", ("Ph:0.5", "0.5")),
        ("Ph:15.5", ("Ph:15.5", "15.5")),
        ("Ph:9.5 5j", ("Ph:9.5", "9.5")),  # half numbers only for the single
        ("Ph:X 5j", ("Ph:X", "X")),
        ("pass 5j", ("pass",)),
    ],
)
def test_bad_move_text(backend, text, mentions):
    # Move parsing errors are all InvalidNotationError, naming the bad part
    check(InvalidNotationError, lambda: backend.Move(text), *mentions)
    check(InvalidNotationError, lambda: backend.Move.parse(text), *mentions)


@pytest.mark.parametrize("value", [5, 1.5, object()])
def test_move_wrong_type(backend, value):
    # docs: a wrong type raises TypeError
    check(TypeError, lambda: backend.Move(value))


def test_beats_on_pass(backend):
    # docs: beats' table must not be a pass (ValueError)
    m = backend.Move("5j")
    check(ValueError, lambda: backend.beats(m, backend.Move.PASS), "pass")
    check(ValueError, lambda: m.beats(backend.Move.PASS), "pass")


# --- legal_moves, count_legal_moves, legal_moves_array ----------------------------

FUNCS = ["legal_moves", "count_legal_moves", "legal_moves_array"]


@pytest.mark.parametrize("func", FUNCS)
def test_table_is_pass(backend, func):
    # docs: table a pass raises ValueError
    f = getattr(backend, func)
    check(ValueError, lambda: f("5j 6s", table=backend.Move.PASS), "pass")
    check(ValueError, lambda: f("5j 6s", table="pass"), "pass")


@pytest.mark.parametrize("func", FUNCS)
def test_table_overlaps_hand(backend, func):
    # docs: table sharing cards with hand raises ValueError
    f = getattr(backend, func)
    check(ValueError, lambda: f("5j 6j", table="5j"), "5j", "overlap", "shar", "both")
    check(ValueError, lambda: f("Ph 6j", table="Ph:5 5s"), "Ph", "overlap", "shar", "both")
    check(ValueError, lambda: f("2j 2s 2p 2t", table="2j 2s 2p 2t", out_of_turn=True), "2j", "overlap", "shar", "both")


@pytest.mark.parametrize("func", FUNCS)
@pytest.mark.parametrize("wish", [1, 15, 0, -3, 100])
def test_bad_wish_value(backend, func, wish):
    # R6.1 / docs: a wish outside 2..14 raises ValueError
    f = getattr(backend, func)
    check(ValueError, lambda: f("5j 6s", wish=wish), "wish", str(wish))
    check(ValueError, lambda: f("5j 6s", table="3j", wish=wish), "wish", str(wish))


@pytest.mark.parametrize("func", FUNCS)
@pytest.mark.parametrize("wish", ["7", 7.5])
def test_bad_wish_type(backend, func, wish):
    # docs: a wrong type raises TypeError
    f = getattr(backend, func)
    check(TypeError, lambda: f("5j 6s", wish=wish))


@pytest.mark.parametrize("func", FUNCS)
def test_bad_hand(backend, func):
    # docs: hand text / mask / type errors
    f = getattr(backend, func)
    check(InvalidNotationError, lambda: f("5j Xz"), "Xz")
    check(InvalidNotationError, lambda: f("5j 5j"), "5j")
    check(ValueError, lambda: f(1 << 56))
    check(ValueError, lambda: f(-1))
    check(TypeError, lambda: f(1.5))


@pytest.mark.parametrize("func", FUNCS)
def test_hand_of_more_than_14_cards(backend, func):
    # docs: a hand of more than 14 cards raises ValueError (14 is fine)
    f = getattr(backend, func)
    fifteen = "MJ Dog Ph Dr 2j 2s 2p 2t 3j 3s 3p 3t 4j 4s 4p"
    check(ValueError, lambda: f(fifteen), "14", "15", "hand")
    check(ValueError, lambda: f(fifteen, table="Aj"), "14", "15", "hand")
    check(ValueError, lambda: f(backend.DECK.mask), "14", "56", "hand")
    f(backend.Cards(fifteen) - backend.Cards("MJ"))  # 14 cards: accepted


@pytest.mark.parametrize("func", FUNCS)
def test_bad_table(backend, func):
    # docs: table is a Move, move text or None
    f = getattr(backend, func)
    check(InvalidNotationError, lambda: f("Aj", table="5j 9s"), "not a combination", "5j 9s")
    check(InvalidNotationError, lambda: f("Aj", table="Xz"), "Xz")
    check(TypeError, lambda: f("Aj", table=5))
    check(TypeError, lambda: f("Aj", table=1.5))


# --- out= buffers ------------------------------------------------------------------


def test_out_wrong_dtype(backend):
    # docs: a wrong dtype raises TypeError
    f = backend.legal_moves_array
    check(TypeError, lambda: f("5j 6s", out=np.zeros(MAX_LEGAL_MOVES, dtype=np.uint64)))
    check(TypeError, lambda: f("5j 6s", out=np.zeros(MAX_LEGAL_MOVES, dtype=np.uint8)))
    other = np.dtype([("cards", "<u8"), ("type", "u1"), ("length", "u1"), ("rank2", "u1"), ("phoenix_as", "u1")])
    check(TypeError, lambda: f("5j 6s", out=np.zeros(MAX_LEGAL_MOVES, dtype=other)))


def test_out_not_an_array(backend):
    # docs: out must be a numpy array
    check(TypeError, lambda: backend.legal_moves_array("5j 6s", out=[None] * MAX_LEGAL_MOVES))
    check(TypeError, lambda: backend.legal_moves_array("5j 6s", out=bytearray(16 * MAX_LEGAL_MOVES)))


def test_out_wrong_shape(backend):
    # docs: a wrong shape raises ValueError (2-D, or too short for the moves)
    f = backend.legal_moves_array
    check(ValueError, lambda: f("5j 6s", out=np.zeros((2, MAX_LEGAL_MOVES), dtype=MOVE_DTYPE)))
    check(ValueError, lambda: f("5j 6s", out=np.zeros((MAX_LEGAL_MOVES, 1), dtype=MOVE_DTYPE)))
    # 15 legal leads (R4.3 test in test_rules_legal.py) do not fit into 2 records
    check(ValueError, lambda: f("5j 5s 5p 5t", out=np.zeros(2, dtype=MOVE_DTYPE)))
    check(ValueError, lambda: f("5j 5s 5p 5t", out=np.zeros(0, dtype=MOVE_DTYPE)))


def test_out_not_contiguous(backend):
    # docs: out must be C-contiguous (layout: a shape/stride problem, ValueError or TypeError)
    out = np.zeros(2 * MAX_LEGAL_MOVES, dtype=MOVE_DTYPE)[::2]
    with pytest.raises((ValueError, TypeError)):
        backend.legal_moves_array("5j 6s", out=out)


def test_out_read_only(backend):
    # a read-only buffer cannot be filled
    out = np.zeros(MAX_LEGAL_MOVES, dtype=MOVE_DTYPE)
    out.flags.writeable = False
    with pytest.raises((ValueError, TypeError)):
        backend.legal_moves_array("5j 6s", out=out)


# --- scoring ------------------------------------------------------------------------


def _score_inputs(backend):
    C = backend.Cards
    p0, p1, p3, hand = C("5j 10j"), C("Kj Dr"), C("10s Ks"), C("5p Ph")
    p2 = backend.DECK - p0 - p1 - p3 - hand
    return [p0, p1, p2, p3], hand, [Call.NONE] * 4


def test_score_wrong_counts(backend):
    # docs: not 4 piles / 4 calls raises ValueError
    piles, hand, calls = _score_inputs(backend)
    check(ValueError, lambda: backend.score_hand([0, 1, 2], piles[:3], hand, calls), "pile")
    check(ValueError, lambda: backend.score_hand([0, 1, 2], [*piles, backend.Cards()], hand, calls), "pile")
    check(ValueError, lambda: backend.score_hand([0, 1, 2], piles, hand, calls[:3]), "call")
    check(ValueError, lambda: backend.score_hand([0, 1, 2], piles, hand, [*calls, Call.NONE]), "call")


@pytest.mark.parametrize("out_order", [[0, 4], [4, 1, 2], [0, 1, -1], [0, 1, 7]])
def test_score_seat_out_of_range(backend, out_order):
    # docs: a seat outside 0..3 is IndexError
    piles, hand, calls = _score_inputs(backend)
    bad = str(next(s for s in out_order if not 0 <= s <= 3))
    check(IndexError, lambda: backend.score_hand(out_order, piles, hand, calls), "seat", bad)


@pytest.mark.parametrize("out_order", [[0, 0], [1, 1], [0, 1, 0], [3, 2, 3]])
def test_score_repeated_seat(backend, out_order):
    # docs: a repeated seat raises ValueError
    piles, hand, calls = _score_inputs(backend)
    check(ValueError, lambda: backend.score_hand(out_order, piles, hand, calls))


@pytest.mark.parametrize("out_order", [[0, 1], [2, 3], [0, 2, 1], [3, 1, 0], [0], []])
def test_score_not_a_finished_hand(backend, out_order):
    # R8.1 / docs: 2 seats of different teams, 3 seats whose first two are partners: ValueError
    piles, hand, calls = _score_inputs(backend)
    check(ValueError, lambda: backend.score_hand(out_order, piles, hand, calls))


@pytest.mark.parametrize("bad", [3, -1, 7])
def test_score_bad_call(backend, bad):
    # docs: a call value outside 0..2 raises ValueError
    piles, hand, _ = _score_inputs(backend)
    calls = [0, bad, 0, 0]
    check(ValueError, lambda: backend.score_hand([0, 1, 2], piles, hand, calls), "call", str(bad))


def test_score_overlapping_piles(backend):
    # docs: piles overlapping each other or the tailender's hand raise ValueError
    piles, hand, calls = _score_inputs(backend)
    bad = list(piles)
    bad[1] = bad[1] | backend.Cards("5j")  # 5j is also in pile 0
    check(ValueError, lambda: backend.score_hand([0, 1, 2], bad, hand, calls), "overlap", "5j", "shar", "both")
    bad = list(piles)
    bad[3] = bad[3] | backend.Cards("Ph")  # Ph is also in the tailender's hand
    check(ValueError, lambda: backend.score_hand([0, 1, 2], bad, hand, calls), "overlap", "Ph", "shar", "both")


def test_card_points_bad_input(backend):
    # docs: a wrong type raises TypeError, an invalid mask ValueError
    check(TypeError, lambda: backend.card_points(1.5))
    check(ValueError, lambda: backend.card_points(np.array([1 << 56], dtype=np.uint64)))
