"""R6.1-R6.4 as far as legal_moves goes, and the wish cases of the appendix of docs/rules.md."""

from __future__ import annotations

import pytest


def legal(backend, hand, table=None, wish=None, out_of_turn=False):
    """legal_moves as a set of texts; also checks that no move is listed twice."""
    moves = backend.legal_moves(hand, table=table, wish=wish, out_of_turn=out_of_turn)
    texts = [str(m) for m in moves]
    assert len(texts) == len(set(texts)), f"duplicate moves in {sorted(texts)}"
    assert backend.count_legal_moves(hand, table=table, wish=wish, out_of_turn=out_of_turn) == len(texts)
    return set(texts)


# --- appendix: a bomb without the wished rank is not allowed in turn -------------


def test_bomb_without_wished_rank_not_allowed_in_turn(backend):
    # R6.3 (appendix): 7j fulfils the wish, so the 9-bomb (no 7) is not allowed, nor passing.
    hand, table = "7j 9j 9s 9p 9t", "3j"
    assert legal(backend, hand, table=table, wish=7) == {"7j"}
    # without a wish, everything that beats the 3 and the pass
    assert legal(backend, hand, table=table) == {"pass", "7j", "9j", "9s", "9p", "9t", "9j 9s 9p 9t"}


def test_bomb_without_wished_rank_out_of_turn(backend):
    # R4.6: out of turn no wish applies; the bomb (or declining) is allowed.
    assert legal(backend, "7j 9j 9s 9p 9t", table="3j", wish=7, out_of_turn=True) == {"pass", "9j 9s 9p 9t"}


# --- appendix: a bomb containing the wished rank can be compulsory ---------------


@pytest.mark.parametrize(
    ("hand", "table", "expected"),
    [
        ("7j 7s 7p 7t 2j", "Kj Ks", {"7j 7s 7p 7t"}),  # pair of 7s would not beat KK
        ("7j 7s 7p 7t 9j", "Kj", {"7j 7s 7p 7t"}),  # single 7 would not beat K
        ("3j 4j 5j 6j 7j 9s", "Kj", {"3j 4j 5j 6j 7j"}),  # straight flush holding the 7
        ("7j 7s 7p 7t", "Dr", {"7j 7s 7p 7t"}),  # on the Dragon
        ("7j 7s 7p 7t Aj Dr", "Kj", {"7j 7s 7p 7t"}),  # Ace and Dragon would beat, but hold no 7
    ],
)
def test_bomb_with_wished_rank_compulsory(backend, hand, table, expected):
    # R6.3 (appendix): the only plays holding a 7 are bombs; one is compulsory, no pass.
    assert legal(backend, hand, table=table, wish=7) == expected


def test_bomb_with_wished_rank_optional_out_of_turn(backend):
    # R4.6: out of turn the same bomb may be declined.
    assert legal(backend, "7j 7s 7p 7t 2j", table="Kj Ks", wish=7, out_of_turn=True) == {"pass", "7j 7s 7p 7t"}


def test_bomb_and_normal_moves_both_fulfil(backend):
    # R6.3: every legal play holding a 7 is allowed, bombs included.
    assert legal(backend, "7j 7s 7p 7t", table="5j", wish=7) == {"7j", "7s", "7p", "7t", "7j 7s 7p 7t"}


# --- appendix: wished card plus the Phoenix; the Phoenix alone never fulfils -----


@pytest.mark.parametrize(
    ("hand", "table", "expected"),
    [
        ("7j Ph 3j", "5j 5s", {"Ph:7 7j"}),
        ("7j Ph 8s 8p", "5j 5s", {"Ph:7 7j"}),  # not 8s 8p, not Ph:8 pairs, not pass
        ("7j 7s Ph 9j 9s", "5j 5s", {"7j 7s", "Ph:7 7j", "Ph:7 7s"}),
    ],
)
def test_wished_card_with_phoenix_compulsory(backend, hand, table, expected):
    # R6.4 (appendix): the play holding the real 7 may use the Phoenix; it is compulsory.
    assert legal(backend, hand, table=table, wish=7) == expected


def test_only_phoenix_straights_hold_the_wished_card(backend):
    # R6.4: the only plays holding the 7 also use the Phoenix; they are compulsory and the bomb is not allowed.
    hand, table = "7s 8j 9s 10p Ph Aj As Ap At", "5j 6s 7p 8t 9j"
    assert legal(backend, hand, table=table, wish=7) == {"Ph:6 7s 8j 9s 10p", "Ph:J 7s 8j 9s 10p"}
    assert legal(backend, hand, table=table) == {
        "pass",
        "Ph:6 7s 8j 9s 10p",
        "Ph:J 7s 8j 9s 10p",
        "Aj As Ap At",
    }


def test_phoenix_standing_for_wished_rank_does_not_count_leading(backend):
    # R6.2 / R6.3: leading with a 7 in hand, every lead must hold the real 7;
    # the straight with the Phoenix as 7 (5 6 Ph 8 9) does not count.
    hand = "7j Ph 5s 6p 8t 9j"
    expected = {
        "7j",
        "Ph:7 7j",
        "5s 6p 7j 8t 9j",
        "Ph:5 6p 7j 8t 9j",
        "Ph:6 5s 7j 8t 9j",
        "Ph:8 5s 6p 7j 9j",
        "Ph:9 5s 6p 7j 8t",
        "Ph:4 5s 6p 7j 8t",
        "Ph:10 6p 7j 8t 9j",
        "Ph:4 5s 6p 7j 8t 9j",
        "Ph:10 5s 6p 7j 8t 9j",
    }
    got = legal(backend, hand, wish=7)
    assert "Ph:7 5s 6p 8t 9j" not in got
    assert got == expected


def test_phoenix_single_does_not_fulfil(backend):
    # R6.2: the Phoenix single is no 7; with a 7 that beats the table it is not allowed.
    assert legal(backend, "Ph 7j 3s", table="5j", wish=7) == {"7j"}


def test_phoenix_single_allowed_when_wish_cannot_be_fulfilled(backend):
    # R6.3: the 7 cannot beat the 9, so any legal play (the Phoenix at 9.5) or a pass.
    assert legal(backend, "7j Ph", table="9j", wish=7) == {"pass", "Ph:9.5"}


def test_phoenix_for_wished_rank_without_holding_it(backend):
    # R6.2 / R6.3: without a real 7 the wish does not bind; Ph as 7 is an ordinary move.
    assert legal(backend, "Ph 5s 6p 8t 9j 3j", table="2j 3s 4p 5t 6j", wish=7) == {"pass", "Ph:7 5s 6p 8t 9j"}


# --- R6.3: the leader --------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "wish", "expected"),
    [
        ("Dog 7j 3s", 7, {"7j"}),  # no Dog, no 3
        ("Dog 7j 7s 8j", 7, {"7j", "7s", "7j 7s"}),
        ("Dog 7j 3s", None, {"Dog", "7j", "3s"}),
        ("Dog 8j", 7, {"Dog", "8j"}),  # no 7 held: free lead
        ("2j 3s", 2, {"2j"}),  # R6.1: wish 2 is a normal rank
        ("Aj Kj Dr", 14, {"Aj"}),  # R6.1: wish 14 (Ace)
        ("MJ Ph 2j 3s", 2, {"2j", "Ph:2 2j"}),  # the Mah Jong (rank 1) is not a 2
    ],
)
def test_leader_with_wish(backend, hand, wish, expected):
    # R6.3: a leader holding the wished rank must lead a combination containing it (not the Dog).
    assert legal(backend, hand, wish=wish) == expected


# --- R6.3: no obligation without a fitting play -------------------------------------


@pytest.mark.parametrize(
    ("hand", "table", "expected"),
    [
        ("8j 9s", "5j", {"pass", "8j", "9s"}),  # no 7 held
        ("7j Aj", "Kj", {"pass", "Aj"}),  # a 7 held, but no legal play holds it
        ("7j 7s Aj", "Kj Ks", {"pass"}),
        ("7j 8s 9p", "Dog", {"pass"}),  # nothing can be played on the Dog
        ("7j 7s 7p 7t", "8j 8s 8p 8t", {"pass"}),  # the 7-bomb does not beat the 8-bomb
        ("7j 9s 10p Jt Qj Ks", "3j 4s 5p 6t 7s", {"pass", "9s 10p Jt Qj Ks"}),  # 7 held, no straight with it
    ],
)
def test_no_fitting_play_means_free_choice(backend, hand, table, expected):
    # R6.3: a player without a legal play holding the wished card may pass or play anything legal.
    assert legal(backend, hand, table=table, wish=7) == expected


def test_wish_fulfilled_through_a_straight(backend):
    # R6.2 / R6.3: a normal card of the wished rank in any combination fulfils it.
    hand, table = "7j 8s 9p 10t Jj 2s 2p", "3j 4s 5p 6t 7s"
    assert legal(backend, hand, table=table, wish=7) == {"7j 8s 9p 10t Jj"}
    assert legal(backend, hand, table=table) == {"pass", "7j 8s 9p 10t Jj"}


def test_wish_other_rank_irrelevant(backend):
    # R6.3: only the wished rank binds; a different wished rank not held changes nothing.
    hand, table = "7j 9j 9s 9p 9t", "3j"
    free = {"pass", "7j", "9j", "9s", "9p", "9t", "9j 9s 9p 9t"}
    assert legal(backend, hand, table=table, wish=8) == free
    assert legal(backend, hand, table=table, wish=9) == {"9j", "9s", "9p", "9t", "9j 9s 9p 9t"}


def test_wish_out_of_turn_leading_is_pass(backend):
    # R4.6 / docs: out of turn with nothing on the table is just declining, wish or not.
    assert legal(backend, "7j 7s 7p 7t", wish=7, out_of_turn=True) == {"pass"}


@pytest.mark.parametrize("wish", list(range(2, 15)))
def test_every_normal_rank_is_a_valid_wish(backend, wish):
    # R6.1: any normal rank 2..14 may be wished; holding none of it, the lead is free.
    assert legal(backend, "MJ Dog", wish=wish) == {"MJ", "Dog"}
