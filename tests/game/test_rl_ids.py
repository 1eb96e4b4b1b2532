"""Fixed action ids, masks and apply_id on both backends (docs/rl.md)."""

from __future__ import annotations

import random

import numpy as np
import pytest

import tichu_fast as cpp
from tichu_fast import reference as ref
from tichu_fast.reference.action_ids import ACTION_KEYS

from ..game_helpers import play_out, random_action


def random_states(backend, hands, seed):
    """Every state of `hands` random hands (seeded), the exchange and every other decision included."""
    rng = random.Random(seed)
    for _ in range(hands):
        state = backend.HandState.new(rng.getrandbits(64))
        while not state.is_terminal():
            yield state
            state.apply(random_action(state, rng))
        yield state


def test_the_ids_are_counted_exactly():
    # The reference enumerates every abstract action once; the core's arithmetic agrees on the count.
    assert len(ACTION_KEYS) == len(set(ACTION_KEYS)) == ref.NUM_ACTION_IDS == cpp.NUM_ACTION_IDS == 3581
    kinds = {}
    for key in ACTION_KEYS:
        kinds[key[0]] = kinds.get(key[0], 0) + 1
    assert kinds == {
        "pass": 1, "single": 16, "dog": 1, "pair": 26, "trio": 26, "full_house": 468, "straight": 485,
        "pair_run": 296, "four": 13, "straight_flush": 45, "grand": 2, "tichu": 2, "wish": 14, "gift": 2,
        "push": 2184,
    }  # fmt: skip


def test_ids_round_trip_on_every_legal_action(game_backend):
    # Every legal action's id leads back to a legal action with the same id; the mask is exactly the ids
    # (R2.1 to R10.2: every decision kind comes up in a random hand).
    seen = set()
    for state in random_states(game_backend, 6 if game_backend is ref else 40, 1):
        mask = state.legal_action_mask()
        actions = state.legal_actions() if state.decision != cpp.Decision.EXCHANGE else state.legal_actions()[::97]
        ids = {game_backend.action_id(a, state) for a in actions}
        for action in actions:
            i = game_backend.action_id(action, state)
            back = game_backend.action_from_id(i, state)
            assert state.is_legal(back)
            assert game_backend.action_id(back, state) == i
        if state.decision != cpp.Decision.EXCHANGE:
            assert set(np.flatnonzero(mask)) == ids
        else:
            assert mask.sum() == 2184
            assert ids <= set(np.flatnonzero(mask))
        assert state.legal_action_ids().dtype == np.int32
        assert list(state.legal_action_ids()) == list(np.flatnonzero(mask))
        seen.add(state.decision)
    if game_backend is cpp:  # the reference plays too few hands to meet a bomb offer
        assert seen == set(cpp.Decision)


def test_out_of_turn_bombs_share_the_bomb_ids(game_backend):
    # R4.4, R10.2: an offered bomb has the id of the same bomb in turn; the pass declines.
    state = game_backend.HandState.from_position(["2j 3j", "9j 9s", "7j 7s 7p 7t Kj", "Aj"], 0)
    four_sevens = game_backend.action_id("7j 7s 7p 7t", state.clone())
    state.apply("2j")
    assert (state.decision, state.current_player) == (cpp.Decision.BOMB, 2)
    assert list(state.legal_action_ids()) == [0, four_sevens]
    state.apply_id(four_sevens)
    assert str(state.table) == "7j 7s 7p 7t"
    assert state.table_player == 2


def test_apply_id_equals_apply_of_the_canonical_action(game_backend):
    rng = random.Random(5)
    for _ in range(3 if game_backend is ref else 30):
        state = game_backend.HandState.new(rng.getrandbits(64))
        while not state.is_terminal():
            ids = state.legal_action_ids()
            i = int(rng.choice(list(ids)))
            twin = state.clone()
            twin.apply(game_backend.action_from_id(i, state))
            state.apply_id(i)
            assert state == twin


def test_canonical_rule_takes_the_first_legal_action_with_the_id(game_backend):
    # Two pairs of 5s share one id; the first in the documented order (docs/api.md) is chosen.
    state = game_backend.HandState.from_position(["5j 5s 5p 9t", "2j", "3j", "4j"], 0)
    pair_of_fives = game_backend.action_id("5j 5s", state)
    assert game_backend.action_id("5s 5p", state) == pair_of_fives
    assert str(game_backend.action_from_id(pair_of_fives, state)) == "5j 5s"
    state.apply_id(pair_of_fives)
    assert str(state.table) == "5j 5s"


def test_phoenix_roles_have_their_own_ids(game_backend):
    # R3.5: the Phoenix's role is part of the id: two readings of one card set differ.
    state = game_backend.HandState.from_position(["Ph 5j 6s 7p 8t", "2j", "3j", "4j"], 0)
    low, high = (game_backend.action_id(text, state) for text in ("Ph:4 5j 6s 7p 8t", "Ph:9 5j 6s 7p 8t"))
    assert low != high
    assert str(game_backend.action_from_id(high, state)) == "Ph:9 5j 6s 7p 8t"
    # the Phoenix single has one id whatever half rank it takes (R3.2)
    led = game_backend.action_id("Ph", state)
    on_nine = game_backend.HandState.from_position(["Ph 5j", "2j", "3j", "Kj"], 0, table="9j", table_player=3)
    assert game_backend.action_id("Ph:9.5", on_nine) == led
    assert str(game_backend.action_from_id(led, on_nine)) == "Ph:9.5"


def test_pushes_are_positions_in_the_sorted_hand(game_backend):
    # R2.2: the exchange ids are the ordered triples of positions, in legal_actions order.
    state = game_backend.HandState.new(3)
    for _ in range(8):
        state.apply_index(0)
    assert state.decision == cpp.Decision.EXCHANGE
    actions = state.legal_actions()
    first = game_backend.action_id(actions[0], state)
    assert [game_backend.action_id(a, state) - first for a in actions[:5]] == [0, 1, 2, 3, 4]
    assert game_backend.action_id(actions[-1], state) == game_backend.NUM_ACTION_IDS - 1
    state.apply_id(first + 100)
    assert state.history[-1] == actions[100]


def test_gift_ids_are_relative_to_the_giver(game_backend):
    # R5.5: give the Dragon trick to p+1 or p+3.
    state = game_backend.HandState.from_position(["2j", "3j 4j", "5j", "6j"], 1, table="Dr", table_player=0)
    for _ in range(3):
        state.apply("pass")
    assert (state.decision, state.current_player) == (cpp.Decision.DRAGON_GIFT, 0)
    next_, previous = (game_backend.action_id(f"give {s}", state) for s in (1, 3))
    assert previous == next_ + 1
    state.apply_id(previous)
    assert state.piles[3].mask != 0


def test_illegal_and_out_of_range_ids_leave_the_state_unchanged(game_backend):
    state = game_backend.HandState.new(11)
    before = state.clone()
    with pytest.raises(cpp.IllegalMoveError):  # a pass id during the Grand Tichu decision
        state.apply_id(0)
    with pytest.raises(cpp.IllegalMoveError):
        game_backend.action_from_id(0, state)
    for bad in (-1, game_backend.NUM_ACTION_IDS, 2**31, 2**70, -(2**70)):
        with pytest.raises(IndexError):
            state.apply_id(bad)
        with pytest.raises(IndexError):
            game_backend.action_from_id(bad, state)
    for bad in (True, 1.0, "0", None):
        with pytest.raises(TypeError):
            state.apply_id(bad)
    assert state == before


def test_mask_into_a_buffer(game_backend):
    state = game_backend.HandState.new(2)
    out = np.ones(game_backend.NUM_ACTION_IDS, dtype=bool)
    assert state.legal_action_mask(out) is out
    assert list(np.flatnonzero(out)) == list(state.legal_action_ids())
    with pytest.raises(TypeError):
        state.legal_action_mask(np.zeros(game_backend.NUM_ACTION_IDS, dtype=np.uint8))
    with pytest.raises(TypeError):
        state.legal_action_mask([False] * game_backend.NUM_ACTION_IDS)
    with pytest.raises(ValueError):
        state.legal_action_mask(np.zeros(game_backend.NUM_ACTION_IDS + 1, dtype=bool))
    with pytest.raises(ValueError):
        state.legal_action_mask(np.zeros((2, game_backend.NUM_ACTION_IDS), dtype=bool)[:, 0])


def test_over_has_no_legal_id(game_backend):
    state = play_out(game_backend.HandState.new(4), 4)
    assert not state.legal_action_mask().any()
    assert len(state.legal_action_ids()) == 0
    with pytest.raises(cpp.IllegalMoveError):
        state.apply_id(0)


def test_action_id_bad_input(game_backend):
    state = game_backend.HandState.new(8)
    with pytest.raises(TypeError):
        game_backend.action_id(3, state)
    with pytest.raises(cpp.InvalidNotationError):
        game_backend.action_id("no such action", state)
    with pytest.raises(TypeError):
        game_backend.action_id("no grand tichu", "not a state")
