"""The order of legal moves and actions is a contract (docs/api.md "Order of legal moves").

The C++ generator's order is written down as a sort key computed from a move
alone (`tichu_fast.reference.legal.move_order_key`); the reference sorts by
it. These tests check that the key describes the C++ order, that both
backends list the same moves and actions in the same order, and that a bot
choosing by index plays the same game on both.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given

import tichu_fast as cpp
from tichu_fast import reference as ref
from tichu_fast.reference.legal import move_order_key

from ..strategies import situations


def _cpp_table(table: ref.Move | None) -> cpp.Move | None:
    return None if table is None else cpp.Move(str(table))


@given(situations())
def test_cpp_order_is_the_documented_key(situation):
    # R3 to R6 (leads, responses of every type, wishes, out of turn, the Phoenix):
    # the C++ list, shuffled and sorted by the reference's key, comes back unchanged.
    hand, table, wish, out_of_turn = situation
    produced = [ref.Move(str(m)) for m in cpp.legal_moves(hand, _cpp_table(table), wish, out_of_turn)]
    keys = [move_order_key(m) for m in produced]
    assert len(set(keys)) == len(keys)  # a total order: no two legal moves tie
    shuffled = produced[::-1]
    random.Random(len(produced)).shuffle(shuffled)
    assert sorted(shuffled, key=move_order_key) == produced


# -- one example per block, as in docs/api.md ---------------------------------------


def texts(backend, hand, table=None, wish=None, out_of_turn=False):
    return [str(m) for m in backend.legal_moves(hand, table, wish, out_of_turn)]


def test_blocks_in_order(backend):
    # R5.1: a lead lists singles, pairs, trios, full houses, pair runs, straights,
    # four-of-a-kind bombs, straight-flush bombs, then the Dog (never a pass).
    moves = backend.legal_moves("Dog 2j 2s 3j 3s 4j 4s 5j 6j 7j 8j 8s 8p 8t")
    types = [m.type for m in moves]
    order = [
        backend.MoveType.SINGLE,
        backend.MoveType.PAIR,
        backend.MoveType.TRIO,
        backend.MoveType.FULL_HOUSE,
        backend.MoveType.PAIR_RUN,
        backend.MoveType.STRAIGHT,
        backend.MoveType.FOUR_OF_A_KIND,
        backend.MoveType.STRAIGHT_FLUSH,
        backend.MoveType.DOG,
    ]
    assert list(dict.fromkeys(types)) == order
    assert types == sorted(types, key=order.index)


def test_singles_order(backend):
    # R1.3, R3.2, R3.3: Mah Jong, normal cards by bit index, Phoenix, Dragon.
    singles = [str(m) for m in backend.legal_moves("Dr Ph MJ 5s 5j Kt") if m.type == backend.MoveType.SINGLE]
    assert singles == ["MJ", "5j", "5s", "Kt", "Ph:1.5", "Dr"]
    assert texts(backend, "Dr Ph 5s Kt", "4j") == ["5s", "Kt", "Ph:4.5", "Dr", "pass"]


def test_pairs_and_trios_order(backend):
    # R3: by rank; real ones by suit pattern, then those with the Phoenix.
    pairs = texts(backend, "Ph 5j 5s 5p 9t", "3j 3s")
    assert pairs == ["5j 5s", "5j 5p", "5s 5p", "Ph:5 5j", "Ph:5 5s", "Ph:5 5p", "Ph:9 9t", "pass"]
    trios = texts(backend, "Ph 5j 5s 5p", "3j 3s 3p")
    assert trios == ["5j 5s 5p", "Ph:5 5j 5s", "Ph:5 5j 5p", "Ph:5 5s 5p", "pass"]


def test_full_house_order(backend):
    # R3: real trios first (by rank, suits; real pairs, then Phoenix pairs), then Phoenix trios.
    moves = texts(backend, "Ph 3j 3s 7j 7s 7p")
    houses = [m for m in moves if len(m.split()) == 5 and "3" in m and "7" in m]
    assert houses == [
        "3j 3s 7j 7s 7p",
        "Ph:3 3j 7j 7s 7p",
        "Ph:3 3s 7j 7s 7p",
        "Ph:3 3j 3s 7j 7s",
        "Ph:3 3j 3s 7j 7p",
        "Ph:3 3j 3s 7s 7p",
        "Ph:7 3j 3s 7j 7s",
        "Ph:7 3j 3s 7j 7p",
        "Ph:7 3j 3s 7s 7p",
    ]


def test_straight_order(backend):
    # R3, R3.1: by lowest rank (the Mah Jong is 1), then length; real ones first, then
    # the Phoenix ones compared from the top rank down, the Phoenix at a rank after real cards.
    moves = [m for m in backend.legal_moves("MJ Ph 2j 3j 4j 5s") if m.type == backend.MoveType.STRAIGHT]
    assert [str(m) for m in moves] == [
        "MJ 2j 3j 4j 5s",
        "MJ Ph:2 3j 4j 5s",
        "MJ Ph:3 2j 4j 5s",
        "MJ Ph:4 2j 3j 5s",
        "MJ Ph:5 2j 3j 4j",
        "MJ Ph:6 2j 3j 4j 5s",
        "Ph:6 2j 3j 4j 5s",
    ]
    real = [m for m in backend.legal_moves("3j 4j 4s 5j 6j 7j 7p") if m.type == backend.MoveType.STRAIGHT]
    # by mask, the top rank deciding first; 3j 4j 5j 6j 7j is a bomb, listed with the bombs
    assert [str(m) for m in real] == ["3j 4s 5j 6j 7j", "3j 4j 5j 6j 7p", "3j 4s 5j 6j 7p"]


def test_pair_run_order(backend):
    # R3: pair runs by lowest rank then length; at one (lowest, length) real ones by mask,
    # then the Phoenix ones rank by rank from the top, where the Phoenix at a rank comes last.
    moves = texts(backend, "Ph 4j 4s 5j 5s", "2j 2s 3j 3s")
    assert moves == [
        "4j 4s 5j 5s",
        "Ph:4 4j 5j 5s",
        "Ph:4 4s 5j 5s",
        "Ph:5 4j 4s 5j",
        "Ph:5 4j 4s 5s",
        "pass",
    ]


def test_bomb_order(backend):
    # R4.1, R4.4: four-of-a-kinds by rank, then straight flushes by suit, lowest rank, length.
    hand = "2j 2s 2p 2t 3s 4s 5s 6s 7s 3j 4j 5j 6j 7j"
    assert texts(backend, hand, "Kj Ks", out_of_turn=True) == [
        "2j 2s 2p 2t",
        "2j 3j 4j 5j 6j",
        "2j 3j 4j 5j 6j 7j",
        "3j 4j 5j 6j 7j",
        "2s 3s 4s 5s 6s",
        "2s 3s 4s 5s 6s 7s",
        "3s 4s 5s 6s 7s",
        "pass",
    ]


def test_wish_keeps_the_order(backend):
    # R6.3: the wish filters the list and keeps its order.
    unfiltered = texts(backend, "Ph 6j 7j 7s 8j 9j 10j", "5s")
    wished = texts(backend, "Ph 6j 7j 7s 8j 9j 10j", "5s", wish=7)
    assert wished == [m for m in unfiltered if "7j" in m.split() or "7s" in m.split()]


# -- the game: actions in order, on both backends ------------------------------------


def test_action_orders(game_backend):
    # R7.1, R2.2, R6.1, R5.5: calls no then yes; pushes lexicographic by card index;
    # wishes none then 2..A.
    state = game_backend.HandState.new(7)
    assert [str(a) for a in state.legal_actions()] == ["no grand tichu", "grand tichu"]
    for _ in range(4):
        state.apply("no grand tichu")
    assert [str(a) for a in state.legal_actions()] == ["no tichu", "tichu"]
    for _ in range(4):
        state.apply("no tichu")
    names = list(state.hands[0])  # the stable card order (bit index)
    pushes = [tuple(a.push) for a in state.legal_actions()]
    assert len(pushes) == 14 * 13 * 12
    assert pushes == sorted(pushes, key=lambda push: tuple(names.index(n) for n in push))
    assert pushes[0] == (names[0], names[1], names[2])
    assert pushes[1] == (names[0], names[1], names[3])


def test_wish_gift_and_tichu_orders(game_backend):
    # R6.1: no wish, then 2..A. R7.2: `tichu` after every move. R5.5: p+1 then p+3.
    hands = ["MJ 2j", "Dr 3j", "4j 5j", "6j 7j"]
    state = game_backend.HandState.from_position(hands, 0, played=())
    actions = [str(a) for a in state.legal_actions()]
    assert actions[-1] == "tichu"
    assert actions[:-1] == texts(game_backend, "MJ 2j")
    state.apply("MJ")
    wishes = ["no wish"] + [f"wish {r}" for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]]
    assert [str(a) for a in state.legal_actions()] == wishes
    state.apply("no wish")
    state.apply("Dr")
    state.apply("pass")
    state.apply("pass")
    state.apply("pass")
    assert state.decision == game_backend.Decision.DRAGON_GIFT
    assert [str(a) for a in state.legal_actions()] == ["give 2", "give 0"]


def _lists(state):
    actions = [str(a) for a in state.legal_actions()]
    records = None
    if state.decision in (state.decision.PLAY, state.decision.BOMB):
        records = state.legal_moves_array().tobytes()
    return actions, records


def _play_by_index(backend, seed: int, rng_seed: int):
    """One hand where a bot picks legal_actions()[i] with i from its own rng; returns the replay."""
    state = backend.HandState.new(seed)
    rng = random.Random(rng_seed)
    seen = []
    while not state.is_terminal():
        seen.append(_lists(state))
        state.apply_index(rng.randrange(state.num_legal_actions()))
    return state.replay(), seen


@pytest.mark.parametrize("chunk", range(4))
def test_a_bot_by_index_plays_the_same_game(chunk):
    # R10.1: the same rng gives the same game on both backends: identical ordered
    # actions and move records at every step, and identical replays.
    for k in range(15):
        seed = 1000 * chunk + k
        replay_cpp, seen_cpp = _play_by_index(cpp, seed, seed)
        replay_ref, seen_ref = _play_by_index(ref, seed, seed)
        assert seen_cpp == seen_ref, seed
        assert replay_cpp == replay_ref, seed


def test_moves_array_matches_actions(game_backend):
    # The i-th record of legal_moves_array() is the move of legal_actions()[i] (PLAY and BOMB).
    rng = random.Random(5)
    for seed in range(6):
        state = game_backend.HandState.new(seed)
        while not state.is_terminal():
            if state.decision in (game_backend.Decision.PLAY, game_backend.Decision.BOMB):
                actions = state.legal_actions()
                rows = state.legal_moves_array()
                moves = [a.move for a in actions if a.kind == game_backend.ActionKind.PLAY]
                assert len(rows) == len(moves)
                assert [game_backend.Move.from_record(row) for row in rows] == moves
                assert all(a.kind == game_backend.ActionKind.TICHU for a in actions[len(moves) :])
            state.apply_index(rng.randrange(state.num_legal_actions()))
