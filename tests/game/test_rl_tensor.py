"""The observation tensor and the per-move features on both backends (docs/rl.md)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import tichu_fast as cpp
from tichu_fast import reference as ref
from tichu_fast import rl
from tichu_fast.reference import tensor as ref_tensor

from ..game_helpers import PUSHES, from_deal, to_play

OFF = rl.OBSERVATION_TENSOR_OFFSETS


def block(x, name):
    start, stop = OFF[name]
    return x[start:stop]


def test_layout_is_one_layout():
    # The C++ offsets, written once, are what the reference writes out again; no gaps, version 1.
    names = list(OFF)
    assert OFF[names[0]][0] == 0
    assert OFF[names[-1]][1] == rl.OBSERVATION_TENSOR_SIZE == 731
    assert all(OFF[a][1] == OFF[b][0] for a, b in itertools.pairwise(names))
    for name, (start, _stop) in OFF.items():
        assert getattr(ref_tensor, name.upper()) == start, name
    assert cpp.OBSERVATION_TENSOR_VERSION == ref.OBSERVATION_TENSOR_VERSION == 1
    assert (cpp.HISTORY_ROW_SIZE, cpp.MOVE_FEATURES, cpp.MAX_HISTORY) == (
        ref.HISTORY_ROW_SIZE,
        ref.MOVE_FEATURES,
        ref.MAX_HISTORY,
    )


def test_the_combination_to_beat_points_and_cards_left(game_backend):
    # R4.1: the table (a pair of 9s by seat 3) with its type, length and rank; R8.5: points per pile.
    state = game_backend.HandState.from_position(
        ["5j 5s Kt", "2j 3s", "4j", "6p"], 0, piles=["", "Kj 10j", "", "5p"], table="9j 9s", table_player=3
    )
    x = state.observation_tensor(0)
    assert x.shape == (731,)
    assert x.dtype == np.float32
    assert list(np.flatnonzero(block(x, "to_beat_type"))) == [int(cpp.MoveType.PAIR)]
    assert block(x, "to_beat_length")[0] == np.float32(2) / np.float32(14)
    assert block(x, "to_beat_rank")[0] == np.float32(18) / np.float32(30)
    assert list(block(x, "table_player")) == [0, 0, 0, 1]  # seat 3 is relative seat 3 for seat 0
    assert list(block(x, "points")) == [0, np.float32(0.2), 0, np.float32(0.05)]
    assert list(block(x, "cards_left")) == [np.float32(n) / np.float32(14) for n in (3, 2, 1, 1)]
    y = state.observation_tensor(1)  # the same table seen by seat 1: seat 3 is relative seat 2
    assert list(block(y, "table_player")) == [0, 0, 1, 0]
    assert list(block(y, "points")) == [np.float32(0.2), 0, np.float32(0.05), 0]
    lead = game_backend.HandState.from_position(["5j", "2j", "3j", "4j"], 0)
    assert list(np.flatnonzero(block(lead.observation_tensor(0), "to_beat_type"))) == [0]  # nothing to beat


def test_push_and_received(game_backend):
    # R2.2, R10.3: his own push once chosen, the cards received once the exchange is done.
    state = from_deal(game_backend)
    for _seat in range(4):
        state.apply("no grand tichu")
    for _seat in range(4):
        state.apply("no tichu")
    state.apply(PUSHES[0])
    x = state.observation_tensor(0)
    pushed = block(x, "pushed").reshape(3, 56)
    names = PUSHES[0].split()[1:]
    assert [cpp.CARD_NAMES[int(np.flatnonzero(row)[0])] for row in pushed] == names
    assert not block(state.observation_tensor(1), "pushed").any()  # seat 1 has not chosen yet
    assert not block(x, "received").any()
    for seat in (1, 2, 3):
        state.apply(PUSHES[seat])
    received = block(state.observation_tensor(0), "received").reshape(3, 56)
    expected = [PUSHES[1].split()[3], PUSHES[2].split()[2], PUSHES[3].split()[1]]  # from p+1, p+2, p+3
    assert [cpp.CARD_NAMES[int(np.flatnonzero(row)[0])] for row in received] == expected


def test_history_rows_most_recent_first(game_backend):
    # The last k public plays, one row each: relative seat, type (the pass in slot 0), cards.
    state = game_backend.HandState.from_position(
        ["5j 7j", "6j 8j", "2j 3j", "4j 9j"], 0, rules=game_backend.Rules(bombs_out_of_turn=False)
    )
    for text in ("5j", "6j", "pass", "9j"):
        state.apply(text)
    x = state.observation_tensor(0, history=5)
    assert x.shape == (731 + 5 * 70,)
    rows = x[731:].reshape(5, 70)
    assert [int(np.flatnonzero(r[:4])[0]) for r in rows[:4]] == [3, 2, 1, 0]
    assert [int(np.flatnonzero(r[4:14])[0]) for r in rows[:4]] == [2, 0, 2, 2]
    assert [cpp.CARD_NAMES[int(c)] for c in np.flatnonzero(rows[0][14:])] == ["9j"]
    assert not rows[1][14:].any()
    assert not rows[4].any()
    assert np.array_equal(x[:731], state.observation_tensor(0))


def test_tensor_into_a_buffer_and_bad_input(game_backend):
    state = to_play(from_deal(game_backend))
    out = np.full(731 + 2 * 70, 7.0, dtype=np.float32)
    assert state.observation_tensor(2, out=out, history=2) is out
    assert np.array_equal(out, state.observation_tensor(2, history=2))
    with pytest.raises(ValueError):
        state.observation_tensor(2, out=np.zeros(731, dtype=np.float32), history=2)
    with pytest.raises(TypeError):
        state.observation_tensor(2, out=np.zeros(731, dtype=np.float64))
    with pytest.raises(ValueError):
        state.observation_tensor(0, history=-1)
    with pytest.raises(ValueError):
        state.observation_tensor(0, history=cpp.MAX_HISTORY + 1)
    with pytest.raises(TypeError):
        state.observation_tensor(0, history=True)
    with pytest.raises(IndexError):
        state.observation_tensor(4)
    with pytest.raises(TypeError):
        state.observation_tensor("0")
    assert np.array_equal(state.observation_array(2), state.observation_array(2))  # the flat observation stays


def test_move_features_layout(backend):
    records = backend.legal_moves_array("Ph 5j 6s 7p 8t 9j 9s 9p 9t", "4j")
    x = backend.move_features(records)
    assert x.shape == (len(records), 71)
    assert x.dtype == np.float32
    moves = [cpp.Move.from_record(r) for r in records]
    for row, move in zip(x, moves, strict=False):
        assert [cpp.CARD_NAMES[i] for i in np.flatnonzero(row[:56])] == list(move.cards)
        assert int(np.flatnonzero(row[56:66])[0]) == int(move.type)
        assert row[66] == np.float32(move.length) / np.float32(14)
        assert row[67] == np.float32(move.rank2) / np.float32(30)
        assert row[68] == ("Ph" in move.cards)
        assert row[69] == np.float32(move.phoenix_as or 0) / np.float32(14)
        assert row[70] == (move.type in (cpp.MoveType.FOUR_OF_A_KIND, cpp.MoveType.STRAIGHT_FLUSH))  # R4.1
    out = np.empty_like(x)
    assert backend.move_features(records, out) is out
    assert np.array_equal(out, x)
    with pytest.raises(TypeError):
        backend.move_features(records, np.empty((len(records), 71), dtype=np.float64))
    with pytest.raises(ValueError):
        backend.move_features(records, np.empty((len(records), 70), dtype=np.float32))
    with pytest.raises(TypeError):
        backend.move_features(np.zeros(3, dtype=np.uint64))
    with pytest.raises(TypeError):
        backend.move_features([1, 2])
    bad = records.copy()
    bad["type"][0] = 12
    with pytest.raises(ValueError):
        backend.move_features(bad)
    assert backend.move_features(records[:0]).shape == (0, 71)
