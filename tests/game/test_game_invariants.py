"""Invariants over random hands, on both backends: every card in exactly one
place at every step; the points add up to 100 without a double victory; a
rejected action changes nothing; clone, replay and pickle give equal states."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

import tichu_fast.reference as reference_package

HANDS = 40


def places(state):
    """Hands, piles and the trick; the Dog, once led, is out of play (R5.6)."""
    return [*state.hands, *state.piles, state.trick]


@pytest.mark.parametrize("seed", range(4))
def test_invariants_of_random_hands(game_backend, seed):
    tf = game_backend
    rng = random.Random(seed)
    deck = tf.Cards(0xFFFFFFFFFFFFFF)
    dog = tf.Cards("Dog")
    for _ in range(HANDS // 4):
        state = tf.HandState.new(rng.getrandbits(64))
        while not state.is_terminal():
            # R1.1, R2.2, R5.4, R5.6: every card in exactly one place
            held = tf.Cards()
            for cards in places(state):
                assert held.isdisjoint(cards)
                held |= cards
            assert held == deck or held == deck - dog
            actions = state.legal_actions()
            # a rejected action changes nothing
            before = state.clone()
            with pytest.raises(tf.TichuError):
                state.apply("push Zz Zz Zz" if state.decision != tf.Decision.EXCHANGE else "pass")
            assert state == before
            state.apply(rng.choice(actions))
        held = tf.Cards()  # R8.2: at the end too, every card is somewhere
        for cards in places(state):
            assert held.isdisjoint(cards)
            held |= cards
        assert held == deck or held == deck - dog
        if len(state.out_order) == 3:
            # R8.5: without a double victory the card points add up to 100
            tailender = ({0, 1, 2, 3} - set(state.out_order)).pop()
            points = sum(tf.card_points(p) for p in state.piles) + tf.card_points(state.hands[tailender])
            assert points == 100
        # clone, replay, pickle and deepcopy rebuild the same state
        assert state.clone() == state
        assert tf.HandState.from_replay(state.replay()) == state
        assert pickle.loads(pickle.dumps(state)) == state
        assert copy.deepcopy(state) == state


def test_num_legal_actions_counts_legal_actions(game_backend):
    # docs/game.md: num_legal_actions() == len(legal_actions()) at every decision.
    rng = random.Random(8)
    state = game_backend.HandState.new(8)
    while not state.is_terminal():
        assert state.num_legal_actions() == len(state.legal_actions())
        state.apply_index(rng.randrange(state.num_legal_actions()))


def test_reference_clone_shares_nothing_it_may_change():
    # clone() copies the slots its annotations call lists or sets and shares the rest; a slot of another
    # mutable kind (a dict, a deque) added later would be shared between clones without this check
    from tichu_fast.reference import hand_state

    state = reference_package.HandState.new(5)
    for _ in range(30):
        state.apply(state.legal_actions()[-1])
    state.legal_actions()  # fills the legal-actions cache, which clones may share: it is replaced, never changed
    for name in hand_state._SHARED_SLOTS:
        value = getattr(state, name)
        assert name.startswith("_legal") or not isinstance(value, (list, set, dict, bytearray)), name
    before = state.replay()
    copy = state.clone()
    while not copy.is_terminal():
        copy.apply(copy.legal_actions()[0])
    assert state.replay() == before
