"""Bad input to cards and moves: text, masks, numpy arrays, numbers and objects that skipped __init__.

Every bad input of docs/api.md raises the documented exception, naming the bad part; nothing a caller
passes crashes, and both backends answer alike."""

from __future__ import annotations

import numpy as np
import pytest

import tichu_fast as tf
from tichu_fast import _core
from tichu_fast.errors import InvalidNotationError, TichuError

from .helpers import check


class _CardsChild(tf.Cards):
    pass


def test_error_hierarchy():
    # docs: InvalidNotationError is a TichuError and a ValueError
    assert issubclass(InvalidNotationError, TichuError)
    assert issubclass(InvalidNotationError, ValueError)


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


@pytest.mark.parametrize("text", ["Ph:05 5j", "Ph:014 At", "Ph:001.5", "Ph:0010 10j"])
def test_phoenix_annotations_have_no_leading_zeros(backend, text):
    with pytest.raises(backend.InvalidNotationError):
        backend.Move(text)


@pytest.mark.parametrize(
    "call",
    [
        lambda tf: tf.Cards.parse(b"2j"),
        lambda tf: tf.Move(b"2j"),
        lambda tf: tf.Move.parse(b"2j"),
        lambda tf: tf.Cards(np.array(16)),
        lambda tf: tf.legal_moves(np.array(16)),
    ],
)
def test_bytes_and_0d_arrays_are_no_text_or_mask(backend, call):
    with pytest.raises(TypeError):
        call(backend)


@pytest.mark.parametrize("text", ["\ud800", "5j \udcff"])
def test_lone_surrogates_are_invalid_notation(backend, text):
    calls = [
        lambda: backend.Cards(text),
        lambda: backend.Cards([text]),
        lambda: backend.Move(text),
        lambda: backend.legal_moves(text),
        lambda: backend.legal_moves("5j", text),
        lambda: text in backend.Cards("5j"),
        lambda: backend.HandState.new(1).apply(text),
        lambda: backend.HandState.new(1).parse_action(text),
    ]
    for call in calls:
        with pytest.raises(InvalidNotationError):
            call()


def test_error_messages_quote_at_most_80_characters(backend):
    long_text = "x" * 500
    for call in (
        lambda: backend.Cards(long_text),
        lambda: backend.Move(long_text),
        lambda: backend.HandState.new(1).apply(long_text),
    ):
        with pytest.raises(ValueError) as info:
            call()
        assert "x" * 81 not in str(info.value)
        assert "x" * 80 in str(info.value)


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


@pytest.mark.parametrize("cls", [tf.Cards, tf.Move, tf.Action, _core.HandCore, _CardsChild])
def test_uninitialised_objects_are_refused(cls):
    # pybind11 objects made by __new__ alone hold no C++ value: every use is a TypeError.
    obj = cls.__new__(cls)
    uses = [lambda o: o.clone(), lambda o: o.decision, lambda o: o.legal_actions(), lambda o: o.apply_index(0)]
    if cls is not _core.HandCore:
        uses = [str, repr, hash]
    for use in uses:
        with pytest.raises(TypeError):
            use(obj)
    with pytest.raises(TypeError):
        _ = obj == obj


def test_uninitialised_arguments_are_refused():
    cards, move, action = (c.__new__(c) for c in (tf.Cards, tf.Move, tf.Action))
    with pytest.raises(TypeError):
        tf.legal_moves(cards)
    with pytest.raises(TypeError):
        tf.legal_moves("5j", move)
    with pytest.raises(TypeError):
        tf.Cards("5j") | cards
    with pytest.raises(TypeError):
        tf.HandState.new(1).apply(action)
    with pytest.raises(TypeError):
        _ = action.kind
    with pytest.raises(TypeError):
        _ = move.type


def test_pickle_still_goes_through_new(backend):
    # __new__ then __setstate__ is how pickle rebuilds: it must keep working.
    import pickle

    for value in (backend.Cards("5j Ph"), backend.Move("Ph:9 5j 6s 7p 8t")):
        assert pickle.loads(pickle.dumps(value)) == value


@pytest.mark.parametrize("make", [lambda: tf.Cards.__new__(tf.Cards), lambda: tf.Move.__new__(tf.Move)])
def test_objects_that_skipped_init_are_refused(make):
    thing = make()
    with pytest.raises(TypeError):
        tf.legal_moves(thing) if isinstance(thing, tf.Cards) else tf.legal_moves("5j", thing)
