"""R1.* and the card notation / Cards behaviour of docs/api.md."""

from __future__ import annotations

import numpy as np
import pytest

RANK_NAMES = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = ["j", "s", "p", "t"]  # Jade, Sword, Pagoda, Star = suits 0..3
SPECIALS = ["MJ", "Dog", "Ph", "Dr"]
# The canonical order written out from the api.md table (bit index order).
EXPECTED_NAMES = tuple(SPECIALS + [r + s for r in RANK_NAMES for s in SUITS])


# --- R1.1: the deck -------------------------------------------------------


def test_deck_has_56_cards(backend):
    # R1.1: 52 normal cards + 4 specials = 56; bits 0..55 all set.
    assert len(backend.DECK) == 56
    assert backend.DECK.mask == (1 << 56) - 1


def test_card_names_tuple(backend):
    # R1.1: 13 ranks x 4 suits plus MJ, Dog, Ph, Dr, in bit order.
    assert isinstance(backend.CARD_NAMES, tuple)
    assert backend.CARD_NAMES == EXPECTED_NAMES
    assert len(set(backend.CARD_NAMES)) == 56


def test_deck_iterates_in_card_names_order(backend):
    # R1.1, stable order: iteration is increasing bit index.
    assert tuple(backend.DECK) == EXPECTED_NAMES


def test_deck_points_total_100(backend):
    # R8.5 / R1.1: the whole deck holds 100 points.
    assert backend.DECK.points == 100


# --- R1.1 / R1.3: mask layout ---------------------------------------------


@pytest.mark.parametrize(
    ("name", "bit"),
    [
        ("MJ", 0),
        ("Dog", 1),
        ("Ph", 2),
        ("Dr", 3),
        ("2j", 4),
        ("2s", 5),
        ("2p", 6),
        ("2t", 7),
        ("3j", 8),
        ("5j", 16),
        ("10j", 36),
        ("10s", 37),
        ("Jp", 42),
        ("Qp", 46),
        ("Kt", 51),
        ("Aj", 52),
        ("At", 55),
    ],
)
def test_single_card_bits(backend, name, bit):
    # R1.1, R1.3: specials at bits 0..3, rank r suit s at bit 4(r-1)+s.
    assert backend.Cards(name).mask == 1 << bit
    assert backend.Cards.from_mask(1 << bit) == backend.Cards(name)
    assert str(backend.Cards.from_mask(1 << bit)) == name


def test_every_normal_card_bit(backend):
    # R1.1: rank r (2..14) occupies nibble r-1, suit s is the offset in it.
    for r, rank_name in enumerate(RANK_NAMES, start=2):
        for s, suit in enumerate(SUITS):
            assert backend.Cards(rank_name + suit).mask == 1 << (4 * (r - 1) + s)


def test_rank_nibble(backend):
    # R1.1: the four suits of one rank form one nibble (rank 2 bits 4..7, Ace 52..55).
    assert backend.Cards("2j 2s 2p 2t").mask == 0xF << 4
    assert backend.Cards("Aj As Ap At").mask == 0xF << 52
    assert backend.Cards("MJ Dog Ph Dr").mask == 0xF


# --- notation: parsing ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("aj", "Aj"),
        ("AJ", "Aj"),
        ("mj", "MJ"),
        ("Mj", "MJ"),
        ("DOG", "Dog"),
        ("dog", "Dog"),
        ("PH", "Ph"),
        ("pH", "Ph"),
        ("dr", "Dr"),
        ("DR", "Dr"),
        ("qP", "Qp"),
        ("KT", "Kt"),
        ("10S", "10s"),
        ("Tj", "10j"),
        ("tj", "10j"),
        ("TT", "10t"),
        ("tp", "10p"),
    ],
)
def test_parsing_case_insensitive_and_T(backend, text, canonical):
    # notation: case-insensitive, T accepted for 10, formatting is canonical.
    c = backend.Cards(text)
    assert str(c) == canonical
    assert c == backend.Cards(canonical)


@pytest.mark.parametrize(
    "text",
    [
        "2j 3s 4p",
        "2j,3s,4p",
        "  2j ,, 3s\t\n4p  ",
        ",2j, 3s ,4p,",
        "4p 3s 2j",
        "2J\t3S,\n4P",
    ],
)
def test_separators(backend, text):
    # notation: any run of whitespace and/or commas separates; ends ignored.
    c = backend.Cards(text)
    assert c == backend.Cards("2j 3s 4p")
    assert str(c) == "2j 3s 4p"


@pytest.mark.parametrize("text", ["", "   ", ",", " , ,\n"])
def test_empty_text_is_empty_set(backend, text):
    # notation: the empty text is the empty set.
    c = backend.Cards(text)
    assert len(c) == 0
    assert c.mask == 0
    assert not c
    assert str(c) == ""


def test_constructors_agree(backend):
    # Cards(None) / Cards() empty; str, int, iterable and the named constructors agree.
    C = backend.Cards
    assert C().mask == 0
    assert C(None).mask == 0
    expected = (1 << 0) | (1 << 2) | (1 << 4) | (1 << 37)  # MJ Ph 2j 10s
    assert C("10s 2j Ph MJ").mask == expected
    assert C.parse("10s 2j Ph MJ").mask == expected
    assert C(expected).mask == expected
    assert C.from_mask(expected).mask == expected
    assert C(["10s", "2j", "Ph", "MJ"]).mask == expected
    assert C(("mj", "ph", "2J", "10S")).mask == expected
    assert C(name for name in ["MJ", "Ph", "2j", "10s"]).mask == expected
    assert C(set()).mask == 0
    assert C(0) == C()


def test_str_and_repr(backend):
    # notation: str is canonical names in stable order joined by one space; repr pastes back.
    c = backend.Cards("10s 2j Ph MJ")
    assert str(c) == "MJ Ph 2j 10s"
    assert repr(c) == "Cards('MJ Ph 2j 10s')"
    assert eval(repr(c), {"Cards": backend.Cards}) == c
    assert repr(backend.Cards()) == "Cards('')"


def test_iteration_order(backend):
    # notation: iteration yields canonical names in increasing bit index.
    c = backend.Cards("At dr 5p 5j mj Ts dog")
    assert list(c) == ["MJ", "Dog", "Dr", "5j", "5p", "10s", "At"]


def test_round_trips(backend):
    # notation: str/parse and mask/from_mask round-trip, for the deck and subsets.
    C = backend.Cards
    assert C(str(backend.DECK)) == backend.DECK
    assert str(backend.DECK) == " ".join(EXPECTED_NAMES)
    for mask in [0, 1, 0xF, 0xF0, 0x00A5_5A00_F0F0_0F0F, (1 << 56) - 1, 1 << 55, 0x0055_5555_5555_5555]:
        c = C.from_mask(mask)
        assert c.mask == mask
        assert C(str(c)) == c
        assert C(list(c)) == c
        assert eval(repr(c), {"Cards": C}) == c
        assert len(c) == bin(mask).count("1")


# --- Cards as a set -------------------------------------------------------


def test_len_bool_contains(backend):
    # Cards: len, bool, membership by (case-insensitive) name.
    c = backend.Cards("MJ Ph 2j 10s")
    assert len(c) == 4
    assert bool(c)
    assert "Ph" in c
    assert "ph" in c
    assert "10S" in c
    assert "Ts" in c
    assert "Dr" not in c
    assert "2s" not in c


def test_set_operators(backend):
    # Cards: | & - ^ behave as set operations on the masks.
    C = backend.Cards
    a = C("MJ 2j 3s 4p")
    b = C("3s 4p 5t Dr")
    assert a | b == C("MJ Dr 2j 3s 4p 5t")
    assert a & b == C("3s 4p")
    assert a - b == C("MJ 2j")
    assert b - a == C("Dr 5t")
    assert a ^ b == C("MJ Dr 2j 5t")
    assert (a | b).mask == a.mask | b.mask
    assert (a ^ b).mask == a.mask ^ b.mask
    assert isinstance(a | b, C)


def test_subset_comparisons(backend):
    # Cards: <= < >= > are subset tests, not orderings of masks.
    C = backend.Cards
    small = C("2j 3s")
    big = C("2j 3s Dr")
    other = C("MJ")  # smaller mask, but not a subset
    assert small <= big
    assert small < big
    assert big >= small
    assert big > small
    assert small <= small
    assert not small < small
    assert small >= small
    assert not small > small
    assert not other <= small
    assert not other < small
    assert not small <= other
    assert not other >= small
    assert C() <= small
    assert C() < small


def test_equality_and_hash(backend):
    # Cards: equality by content, hash(c) == hash(c.mask).
    C = backend.Cards
    a = C("2j Dr")
    b = C("dr, 2J")
    assert a == b
    assert a == b
    assert a != C("2j")
    assert hash(a) == hash(a.mask)
    assert hash(a) == hash(b)
    assert len({a, b, C("2j")}) == 2
    d = {a: 1}
    assert d[b] == 1


def test_isdisjoint(backend):
    # Cards.isdisjoint
    C = backend.Cards
    assert C("2j 3s").isdisjoint(C("2s 3j"))
    assert not C("2j 3s").isdisjoint(C("3s"))
    assert C().isdisjoint(C("2j"))


def test_points_property(backend):
    # R8.5 via Cards.points.
    C = backend.Cards
    assert C("5j 10s Kp Dr").points == 5 + 10 + 10 + 25
    assert C("Ph").points == -25
    assert C("MJ Dog 2j Aj Qs Jt 9p").points == 0
    assert C().points == 0


# --- numpy interop ---------------------------------------------------------


def test_to_masks(backend):
    # numpy: to_masks gives a 1-D uint64 array of the masks, same order.
    C = backend.Cards
    hands = [C("MJ"), C("At"), C(), backend.DECK, C("2j 3s")]
    arr = backend.to_masks(hands)
    assert isinstance(arr, np.ndarray)
    assert arr.dtype == np.uint64
    assert arr.ndim == 1
    assert arr.tolist() == [1, 1 << 55, 0, (1 << 56) - 1, (1 << 4) | (1 << 9)]


def test_to_masks_empty_and_generator(backend):
    # numpy: any iterable of Cards, including an empty one.
    arr = backend.to_masks([])
    assert arr.dtype == np.uint64
    assert arr.shape == (0,)
    arr = backend.to_masks(backend.Cards(n) for n in ["Dr", "Dog"])
    assert arr.tolist() == [8, 2]


@pytest.mark.parametrize("dtype", [np.uint64, np.int64, np.uint32, np.int32, np.uint8])
def test_from_masks(backend, dtype):
    # numpy: from_masks accepts any 1-D integer array of valid masks.
    masks = np.array([0, 1, 2, 4, 8, 16, 0x3F], dtype=dtype)
    got = backend.from_masks(masks)
    assert isinstance(got, list)
    assert all(isinstance(c, backend.Cards) for c in got)
    assert [str(c) for c in got] == ["", "MJ", "Dog", "Ph", "Dr", "2j", "MJ Dog Ph Dr 2j 2s"]


def test_masks_round_trip(backend):
    # numpy: from_masks(to_masks(x)) == x, including the top bit 55.
    C = backend.Cards
    hands = [C(), backend.DECK, C("At"), C("MJ Ph 10s Kt")]
    assert backend.from_masks(backend.to_masks(hands)) == hands
