"""R3.*, R4.1, R4.2, R4.3, R4.5: classify, beats, Move fields and text form."""

from __future__ import annotations

import pytest

from tichu_fast.enums import MoveType as T


def readings(backend, cards):
    """The str() of every reading of a card set, in classify's order (rank2 ascending)."""
    return [str(m) for m in backend.classify(cards)]


def mv(backend, text):
    return None if text is None else backend.Move(text)


# --- Move fields (docs/api.md "Move") --------------------------------------

FIELDS = [
    # text, type, length, rank, rank2, phoenix_as, is_bomb
    ("MJ", T.SINGLE, 1, 1, 2, None, False),  # R1.3 Mah Jong rank 1
    ("Dog", T.DOG, 1, 0, 0, None, False),  # R3.4
    ("Dr", T.SINGLE, 1, 15, 30, None, False),  # R3.3
    ("Ph:1.5", T.SINGLE, 1, 1.5, 3, None, False),  # R3.2 led
    ("Ph:9.5", T.SINGLE, 1, 9.5, 19, None, False),  # R3.2 on a 9
    ("Ph:14.5", T.SINGLE, 1, 14.5, 29, None, False),  # R3.2 on an Ace
    ("7s", T.SINGLE, 1, 7, 14, None, False),
    ("Aj", T.SINGLE, 1, 14, 28, None, False),
    ("5j 5s", T.PAIR, 2, 5, 10, None, False),
    ("Ph:5 5j", T.PAIR, 2, 5, 10, 5, False),
    ("Qj Qs Qp", T.TRIO, 3, 12, 24, None, False),
    ("Ph:Q Qj Qs", T.TRIO, 3, 12, 24, 12, False),
    ("5j 5s 6j 6s", T.PAIR_RUN, 4, 6, 12, None, False),
    ("Ph:5 5j 6j 6s 7j 7s", T.PAIR_RUN, 6, 7, 14, 5, False),
    ("5j 5s 5p 9j 9s", T.FULL_HOUSE, 5, 5, 10, None, False),
    ("Ph:9 5j 5s 9j 9s", T.FULL_HOUSE, 5, 9, 18, 9, False),
    ("Ph:5 5j 5s 9j 9s", T.FULL_HOUSE, 5, 5, 10, 5, False),
    ("MJ 2j 3s 4p 5t", T.STRAIGHT, 5, 5, 10, None, False),
    ("MJ Ph:5 2j 3s 4p", T.STRAIGHT, 5, 5, 10, 5, False),
    ("Ph:9 5j 6s 7p 8t", T.STRAIGHT, 5, 9, 18, 9, False),
    ("Ph:4 5j 6s 7p 8t", T.STRAIGHT, 5, 8, 16, 4, False),
    ("Ph:10 Jj Qs Kp At", T.STRAIGHT, 5, 14, 28, 10, False),
    ("2j 2s 2p 2t", T.FOUR_OF_A_KIND, 4, 2, 4, None, True),
    ("9s 10s Js Qs Ks", T.STRAIGHT_FLUSH, 5, 13, 26, None, True),
    ("2j 3j 4j 5j 6j 7j", T.STRAIGHT_FLUSH, 6, 7, 14, None, True),
    ("pass", T.PASS, 0, 0, 0, None, False),
]


@pytest.mark.parametrize(("text", "typ", "length", "rank", "rank2", "ph_as", "is_bomb"), FIELDS)
def test_move_fields(backend, text, typ, length, rank, rank2, ph_as, is_bomb):
    # R3 table, R3.2, R4.1: the documented fields of each kind of move.
    m = backend.Move(text)
    assert m.type == typ
    assert isinstance(m.type, T)
    assert m.length == length
    assert m.rank == rank
    assert m.rank2 == rank2
    assert isinstance(m.rank2, int)
    if typ == T.SINGLE and "Ph" in text:
        assert isinstance(m.rank, float)
    else:
        assert isinstance(m.rank, int)
    assert m.phoenix_as == ph_as
    assert m.is_bomb is is_bomb
    assert m.is_pass is (typ == T.PASS)
    assert m.cards == backend.Cards(_cards_of(text))
    assert len(m.cards) == length


def _cards_of(text):
    """Card text of a move text: drop ':R' annotations; 'pass' is no cards."""
    if text == "pass":
        return ""
    return " ".join(tok.split(":")[0] for tok in text.split())


@pytest.mark.parametrize("text", [row[0] for row in FIELDS])
def test_move_text_round_trip(backend, text):
    # Move text form: canonical text prints back exactly and re-parses to an equal move.
    m = backend.Move(text)
    assert str(m) == text
    assert backend.Move(str(m)) == m
    assert backend.Move.parse(text) == m
    assert repr(m) == f"Move('{text}')"
    assert eval(repr(m), {"Move": backend.Move}) == m
    assert hash(backend.Move(text)) == hash(m)


def test_move_pass_constant(backend):
    # R5.1/R5.2 vocabulary: Move.PASS is the pass.
    p = backend.Move.PASS
    assert p.is_pass
    assert not p.is_bomb
    assert p.type == T.PASS
    assert p.length == 0
    assert p.rank2 == 0
    assert len(p.cards) == 0
    assert str(p) == "pass"
    assert backend.Move("pass") == p
    assert backend.Move("PASS") == p
    assert backend.Move("Pass") == p


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("ph:a kj KS aj AS", "Ph:A Kj Ks Aj As"),  # case-insensitive
        ("Ph:14 Kj Ks Aj As", "Ph:A Kj Ks Aj As"),  # number 2..14 for the rank
        ("Ph:13 Kj Ks Aj As", "Ph:K Kj Ks Aj As"),
        ("Ph:11 7s 8j 9s 10p", "Ph:J 7s 8j 9s 10p"),
        ("ph:j 7s 8j 9s 10p", "Ph:J 7s 8j 9s 10p"),
        ("Ph:10 6s 7p 8t 9j", "Ph:10 6s 7p 8t 9j"),
        ("Ph:5 6s 7p 8t 9j", "Ph:5 6s 7p 8t 9j"),
        ("Ph 5j", "Ph:5 5j"),  # bare Ph with one reading
        ("Ph 5j 5s 5p 9j", "Ph:9 5j 5s 5p 9j"),
        ("Ph 5j 6s 8t 9j", "Ph:7 5j 6s 8t 9j"),
        ("Ph Jj Qs Kp At", "Ph:10 Jj Qs Kp At"),
        ("Ph", "Ph:1.5"),  # bare Phoenix single reads 1.5
        ("ph", "Ph:1.5"),
        ("Ph:11.5", "Ph:11.5"),
        ("ph:10.5", "Ph:10.5"),
        ("2j 3s 4p MJ Ph:5", "MJ Ph:5 2j 3s 4p"),  # any input order; stable output order
        ("Tj Ts", "10j 10s"),
        ("dog", "Dog"),
        ("DR", "Dr"),
        ("5T 5P 5S 5J", "5j 5s 5p 5t"),
    ],
)
def test_move_parse_variants(backend, text, canonical):
    # Move parsing: case-insensitive, annotation by name or number, bare Ph when unambiguous.
    m = backend.Move(text)
    assert str(m) == canonical
    assert m == backend.Move(canonical)


def test_move_equality_by_reading(backend):
    # R3.5: (type, rank, exact card set) identifies a move; same cards, different reading differ.
    M = backend.Move
    assert M("Ph:5 6s 7p 8t 9j") != M("Ph:10 6s 7p 8t 9j")
    assert M("Ph:K Kj Ks Aj As") != M("Ph:A Kj Ks Aj As")
    assert M("Ph:1.5") != M("Ph:9.5")
    assert M("Ph:9 5j 6s 7p 8t") != M("5j 6s 7p 8t 9j")  # Ph in place of a held 9
    assert M("5j 6s 7p 8t 9j") == M("9j 8t 7p 6s 5j")
    assert len({M("Ph:5 6s 7p 8t 9j"), M("Ph:10 6s 7p 8t 9j"), M("ph:5 6S 7P 8T 9J")}) == 2


# --- classify: R3 combinations --------------------------------------------

CLASSIFY = [
    # R1.3 / R3 singles
    ("MJ", ["MJ"]),
    ("Dr", ["Dr"]),
    ("Aj", ["Aj"]),
    ("Ph", ["Ph:1.5"]),  # R3.2: the Phoenix alone reads as the single 1.5
    ("Dog", ["Dog"]),  # R3.4: the Dog alone is the Dog move
    ("", []),
    # pairs / trios
    ("5j 5s", ["5j 5s"]),
    ("Ph 5j", ["Ph:5 5j"]),
    ("Ph Aj", ["Ph:A Aj"]),
    ("5j 6j", []),
    ("Ph MJ", []),  # R1.3 / R3.1: Phoenix never stands for 1
    ("Ph Dog", []),  # R1.3: never for the Dog
    ("Ph Dr", []),  # R1.3: never for the Dragon
    ("MJ 2j", []),
    ("Dog Dr", []),
    ("5j 5s 5p", ["5j 5s 5p"]),
    ("Ph 5j 5s", ["Ph:5 5j 5s"]),
    ("Ph 5j 6s", []),
    # four of a kind is a bomb and nothing else (R3.6), never with the Phoenix (R4.1)
    ("5j 5s 5p 5t", ["5j 5s 5p 5t"]),
    ("Ph 5j 5s 5p", []),
    # pair runs
    ("5j 5s 6j 6s", ["5j 5s 6j 6s"]),
    ("5j 5s 7j 7s", []),
    ("Ph 5j 5s 6j", ["Ph:6 5j 5s 6j"]),
    ("Ph 5j 6j 6s 7j 7s", ["Ph:5 5j 6j 6s 7j 7s"]),
    ("5j 5s 6j 6s 7j 7s", ["5j 5s 6j 6s 7j 7s"]),
    ("5j 5s 5p 5t 6j 6s", []),  # pairs must be of distinct adjacent ranks
    ("Kj Ks Aj As", ["Kj Ks Aj As"]),
    # full houses (R3 table, R3.5)
    ("5j 5s 5p 9j 9s", ["5j 5s 5p 9j 9s"]),
    ("Ph 5j 5s 5p 9j", ["Ph:9 5j 5s 5p 9j"]),
    ("Ph 5j 5s 9j 9s", ["Ph:5 5j 5s 9j 9s", "Ph:9 5j 5s 9j 9s"]),
    ("Ph Kj Ks Aj As", ["Ph:K Kj Ks Aj As", "Ph:A Kj Ks Aj As"]),
    ("5j 5s 5p 5t 9j", []),
    ("Ph 5j 5s 5p 5t", []),
    # straights (R3.1, R3.5)
    ("5j 6s 7p 8t 9j", ["5j 6s 7p 8t 9j"]),
    ("2j 3s 4p 5t", []),  # too short
    ("5j 6s 7p 8t 10j", []),
    ("MJ 2j 3s 4p 5t", ["MJ 2j 3s 4p 5t"]),
    ("MJ 2j 3s 4p 6t", []),
    ("Ph 5j 6s 7p 8t", ["Ph:4 5j 6s 7p 8t", "Ph:9 5j 6s 7p 8t"]),
    ("Ph 6s 7p 8t 9j", ["Ph:5 6s 7p 8t 9j", "Ph:10 6s 7p 8t 9j"]),
    ("Ph 5j 6s 8t 9j", ["Ph:7 5j 6s 8t 9j"]),
    ("Ph 10j Js Qp Kt", ["Ph:9 10j Js Qp Kt", "Ph:A 10j Js Qp Kt"]),
    ("Ph Jj Qs Kp At", ["Ph:10 Jj Qs Kp At"]),  # never above 14
    ("Ph 2j 3s 4p 5t", ["Ph:6 2j 3s 4p 5t"]),  # never 1 (appendix)
    ("MJ Ph 3s 4p 5t", ["MJ Ph:2 3s 4p 5t"]),
    ("MJ Ph 2j 3s 4p", ["MJ Ph:5 2j 3s 4p"]),
    ("MJ Ph 2j 3s 4p 5t", ["MJ Ph:6 2j 3s 4p 5t"]),
    ("Ph 2j 4p 5t 6j", ["Ph:3 2j 4p 5t 6j"]),
    ("Ph 2j 3s 5t 7j", []),  # two gaps
    ("Jj Qs Kp At Dr", []),  # R1.3: the Dragon has no rank in a combination
    ("Dog 2j 3s 4p 5t", []),  # R1.3: nor the Dog
    # straight flushes (R3.6, R4.1)
    ("2j 3j 4j 5j 6j", ["2j 3j 4j 5j 6j"]),
    ("10s Js Qs Ks As", ["10s Js Qs Ks As"]),
    ("2j 3j 4j 5j 6s", ["2j 3j 4j 5j 6s"]),
    ("Ph 2j 3j 4j 5j", ["Ph:6 2j 3j 4j 5j"]),  # Phoenix: plain straight, not a bomb
    ("MJ 2j 3j 4j 5j", ["MJ 2j 3j 4j 5j"]),  # Mah Jong: plain straight, not a bomb (appendix)
]


@pytest.mark.parametrize(("cards", "expected"), CLASSIFY)
def test_classify(backend, cards, expected):
    # R3, R3.1, R3.5, R3.6, R4.1, R1.3: every reading, sorted by rank2.
    assert readings(backend, cards) == expected


@pytest.mark.parametrize(
    ("cards", "types"),
    [
        ("5j 5s 5p 5t", [T.FOUR_OF_A_KIND]),  # R3.6
        ("2j 3j 4j 5j 6j", [T.STRAIGHT_FLUSH]),  # R3.6
        ("2j 3j 4j 5j 6j 7j 8j", [T.STRAIGHT_FLUSH]),
        ("2j 3j 4j 5j 6s", [T.STRAIGHT]),
        ("Ph 2j 3j 4j 5j", [T.STRAIGHT]),  # R4.1 no Phoenix in a bomb
        ("MJ 2j 3j 4j 5j", [T.STRAIGHT]),  # R4.1 no Mah Jong in a bomb
        ("Ph Kj Ks Aj As", [T.FULL_HOUSE, T.FULL_HOUSE]),
        ("5j 5s 6j 6s", [T.PAIR_RUN]),
        ("Dog", [T.DOG]),
    ],
)
def test_classify_types(backend, cards, types):
    # R3.6, R4.1: bombs are bombs and nothing else; Phoenix/Mah Jong sets never are.
    got = backend.classify(cards)
    assert [m.type for m in got] == types
    assert all(m.is_bomb == (m.type in (T.FOUR_OF_A_KIND, T.STRAIGHT_FLUSH)) for m in got)


def test_classify_readings_fields(backend):
    # R3.5: Ph 5 6 7 8 is 4-8 or 5-9; A A K K Ph is K-over-A (13) or A-over-K (14).
    low, high = backend.classify("Ph 5j 6s 7p 8t")
    assert (low.rank, low.phoenix_as, high.rank, high.phoenix_as) == (8, 4, 9, 9)
    assert low.cards == high.cards
    kk, aa = backend.classify("Ph Kj Ks Aj As")
    assert (kk.rank, kk.phoenix_as, aa.rank, aa.phoenix_as) == (13, 13, 14, 14)


def test_classify_input_forms(backend):
    # classify takes Cards, a mask int or card text, with the same result.
    c = backend.Cards("Ph 5j 6s 7p 8t")
    expected = ["Ph:4 5j 6s 7p 8t", "Ph:9 5j 6s 7p 8t"]
    assert readings(backend, c) == expected
    assert readings(backend, c.mask) == expected
    assert readings(backend, "8t 7p 6s 5j ph") == expected


def test_classify_readings_round_trip(backend):
    # Move text form: every reading prints to a text that parses back to it.
    for cards in [row[0] for row in CLASSIFY]:
        for m in backend.classify(cards):
            assert backend.Move(str(m)) == m


# --- beats ------------------------------------------------------------------

BEATS = [
    # leading (table None): every combination and the Dog; not a pass (R5.1)
    ("5j", None, True),
    ("Dog", None, True),
    ("Ph:1.5", None, True),
    ("2j 2s 2p 2t", None, True),  # R4.3 a bomb can be led
    ("Ph:4 5j 6s 7p 8t", None, True),
    ("pass", None, False),
    # singles (R3 table, R3.2, R3.3)
    ("10j", "9s", True),
    ("9s", "9j", False),
    ("9s", "10j", False),
    ("2j", "MJ", True),
    ("MJ", "2j", False),
    ("Dr", "Aj", True),  # R3.3
    ("Aj", "Dr", False),
    ("Dr", "Ph:14.5", True),  # R3.3 Dragon beats the Phoenix
    ("Dr", "Ph:1.5", True),
    ("Ph:1.5", "Aj", True),  # R3.2: Phoenix single beats every single but the Dragon
    ("Ph:9.5", "Aj", True),
    ("Ph:1.5", "MJ", True),
    ("Ph:1.5", "Dr", False),  # R3.2: never on the Dragon
    ("Ph:14.5", "Dr", False),
    ("2j", "Ph:1.5", True),  # R3.2: led Phoenix is 1.5
    ("MJ", "Ph:1.5", False),
    ("9s", "Ph:9.5", False),  # R3.2 appendix: Phoenix on a 9 is 9.5
    ("10j", "Ph:9.5", True),
    ("Aj", "Ph:14.5", False),
    # same type and length, higher rank (R5.2)
    ("6j 6s", "5j 5s", True),
    ("5p 5t", "5j 5s", False),
    ("Ph:6 6j", "5j 5s", True),
    ("5j 5s", "4j", False),
    ("9j 9s 9p", "8j 8s 8p", True),
    ("Ph:7 7j 7s", "8j 8s 8p", False),
    ("4j 4s 5j 5s", "2j 2s 3p 3t", True),
    ("3j 3s 4j 4s 5j 5s", "2j 2s 3p 3t", False),  # length differs
    ("4j 4s 5j 5s", "2j 2s 3p 3t 4p 4t", False),
    ("4j 4s 4p 2j 2s", "3j 3s 3p Aj As", True),  # full house compares trios
    ("3j 3s 3p Aj As", "4j 4s 4p 2j 2s", False),
    ("Ph:K Kj Ks Aj As", "Qj Qs Qp 2j 2s", True),
    ("Kj Ks Kp 2j 2s", "Aj As Ap 3j 3s", False),
    ("3j 4s 5p 6t 7j", "2j 3s 4p 5t 6j", True),
    ("3j 4s 5p 6t 7j 8s", "2j 3s 4p 5t 6j", False),  # straight lengths differ
    ("MJ 2j 3s 4p 5t", "2s 3j 4s 5p 6t", False),
    ("2s 3j 4s 5p 6t", "MJ 2j 3s 4p 5t", True),
    ("Ph:4 5j 6s 7p 8t", "2j 3s 4p 5t 6j 7s 8p", False),
    ("5j 5s", "5p", False),  # type differs
    ("Ph:5 5j", "9s", False),
    # Dog (R3.4, R4.5)
    ("Dog", "MJ", False),
    ("Dr", "Dog", False),
    ("2j", "Dog", False),
    ("2j 2s 2p 2t", "Dog", False),  # R4.5 a bomb neither
    ("2j 3j 4j 5j 6j", "Dog", False),
    # bombs vs non-bombs (R4.3)
    ("2j 2s 2p 2t", "Dr", True),
    ("2j 2s 2p 2t", "Ph:14.5", True),
    ("2j 2s 2p 2t", "Aj As", True),
    ("2j 2s 2p 2t", "10s Jp Qt Kj As", True),
    ("2j 3j 4j 5j 6j", "10s Jp Qt Kj As", True),
    ("2j 3j 4j 5j 6j", "Ph:K Kj Ks Aj As", True),
    ("Dr", "2j 2s 2p 2t", False),
    ("Ph:1.5", "2j 2s 2p 2t", False),
    ("10s Jp Qt Kj As", "2j 3j 4j 5j 6j", False),
    ("Aj As Ap", "2j 2s 2p 2t", False),
    # bombs vs bombs (R4.2)
    ("3j 3s 3p 3t", "2j 2s 2p 2t", True),
    ("2j 2s 2p 2t", "3j 3s 3p 3t", False),
    ("2j 3j 4j 5j 6j", "Aj As Ap At", True),  # every SF beats every 4-of-a-kind
    ("Aj As Ap At", "2j 3j 4j 5j 6j", False),
    ("2j 3j 4j 5j 6j 7j", "9s 10s Js Qs Ks", True),  # more cards wins
    ("9s 10s Js Qs Ks", "2j 3j 4j 5j 6j 7j", False),
    ("3s 4s 5s 6s 7s", "2j 3j 4j 5j 6j", True),  # equal length: higher top
    ("2j 3j 4j 5j 6j", "3s 4s 5s 6s 7s", False),
    ("2s 3s 4s 5s 6s", "2j 3j 4j 5j 6j", False),  # equal: no
    ("2j 3j 4j 5j 6j 7j 8j", "8s 9s 10s Js Qs Ks As", False),
    ("2j 3j 4j 5j 6j 7j 8j 9j", "8s 9s 10s Js Qs Ks As", True),
    # pass never beats
    ("pass", "5j", False),
    ("pass", "Dog", False),
]


@pytest.mark.parametrize(("move", "table", "expected"), BEATS)
def test_beats(backend, move, table, expected):
    # R3.2, R3.3, R3.4, R4.2, R4.3, R4.5, R5.1, R5.2 (as cited per row)
    m = backend.Move(move)
    t = mv(backend, table)
    assert backend.beats(m, t) is expected
    assert m.beats(t) is expected


def test_bomb_rank_fields(backend):
    # R4.2: straight flush length and top rank are exposed for ordering.
    m = backend.Move("8s 9s 10s Js Qs Ks As")
    assert (m.type, m.length, m.rank, m.is_bomb) == (T.STRAIGHT_FLUSH, 7, 14, True)
    m = backend.Move("Aj As Ap At")
    assert (m.type, m.length, m.rank, m.is_bomb) == (T.FOUR_OF_A_KIND, 4, 14, True)
