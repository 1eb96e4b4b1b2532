"""Playouts in fresh worlds: `playouts(.., resample_for=p)` on both backends (docs/playouts.md, positions.md).

Playout i is played in the world `resample(p, hand_seed(world_seed(seed), i))`
from hand_seed(seed, i): R10.3 says what the world keeps (p's cards and the
public record), the rest is drawn anew for every playout.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

import tichu_fast as tf
import tichu_fast.reference as ref
from tichu_fast import search
from tichu_fast.reference import search as ref_search

from ..game_helpers import on, walk


def as_record(result) -> tuple:
    """A PlayoutResult as the fields of a PLAYOUT_DTYPE record."""
    out = list(result.out_order) + [-1] * (4 - len(result.out_order))
    calls = [int(c) for c in result.calls]
    won = [int(w) for w in result.calls_won]
    return (list(result.returns), out, calls, won, result.tricks, result.bombs, int(result.one_two))


def record_fields(record) -> tuple:
    """A PLAYOUT_DTYPE record as plain values, pad aside."""
    return (
        record["returns"].tolist(),
        record["out_order"].tolist(),
        record["calls"].tolist(),
        record["calls_won"].tolist(),
        int(record["tricks"]),
        int(record["bombs"]),
        int(record["one_two"]),
    )


def mid_play(seed: int) -> tf.HandState:
    """A PLAY decision a few tricks into the hand of `seed`."""
    state = walk(seed, 50, lambda s: s.decision == tf.Decision.PLAY and len(s.history) > 30)
    assert not state.is_terminal()
    return state


def one_hidden_seat(player: int) -> tf.HandState:
    """A state where every card `player` cannot see is in one other seat's hand: one world only."""
    for seed in range(3000):
        rng = random.Random(seed)
        state = tf.HandState.new(seed)
        while not state.is_terminal():
            if state.decision == tf.Decision.PLAY and sum(1 for s in range(4) if s != player and state.hands[s]) == 1:
                return state
            state.apply_index(rng.randrange(state.num_legal_actions()))
    raise AssertionError("no state with one hidden seat in 3000 random hands")


@pytest.mark.parametrize("backend", [tf, ref], ids=["cpp", "reference"])
def test_playout_i_is_played_in_world_i(backend):
    # R10.3: playout i is resample(p, hand_seed(world_seed(seed), i)) played from hand_seed(seed, i)
    truth = on(backend, mid_play(3))
    player, seed, n = (truth.current_player + 1) % 4, 41, 6
    world_seed = (search if backend is tf else ref_search).world_seed
    records = truth.playouts(n, seed, resample_for=player)
    assert records.dtype == tf.PLAYOUT_DTYPE
    assert len(records) == n
    for i in range(n):
        world = truth.resample(player, tf.hand_seed(world_seed(seed), i))
        assert world.hands[player] == truth.hands[player]  # his own cards never change
        assert record_fields(records[i]) == as_record(world.playout(tf.hand_seed(seed, i)))


def test_world_seed_is_the_same_on_both_backends():
    for seed in (0, 1, 2**64 - 1):
        assert search.world_seed(seed) == ref_search.world_seed(seed)
        assert search.world_seed(seed) != tf.hand_seed(seed, 0)  # a stream of its own


def test_hidden_hands_vary_and_the_players_cards_stay():
    # R10.3: the worlds keep p's hand and what he saw; the hidden hands are drawn anew per playout
    truth = mid_play(5)
    player, seed = truth.current_player, 7
    worlds = [truth.resample(player, tf.hand_seed(search.world_seed(seed), i)) for i in range(40)]
    assert all(w.hands[player] == truth.hands[player] for w in worlds)
    assert all(w.observation(player) == truth.observation(player) for w in worlds)
    hidden = {tuple(w.hands[s].mask for s in range(4) if s != player) for w in worlds}
    assert len(hidden) > 20
    resampled = truth.playouts(200, seed, resample_for=player)
    plain = truth.playouts(200, seed)
    assert not np.array_equal(resampled, plain)  # the same seeds in other worlds play other hands
    assert len({tuple(r) for r in resampled["returns"].tolist()}) > 3


@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_resampled_playouts_do_not_depend_on_threads(policy):
    # every decision kind the worlds are drawn at: GRAND_TICHU, EXCHANGE, PLAY within a trick
    states = [
        tf.HandState.new(3),
        walk(4, 9),
        walk(5, 40, lambda s: s.decision == tf.Decision.PLAY and s.table is not None),
    ]
    for state in states:
        for calls in (False, True):
            one = state.playouts(300, 11, policy=policy, calls=calls, resample_for=2, threads=1)
            two = state.playouts(300, 11, policy=policy, calls=calls, resample_for=2, threads=2)
            assert np.array_equal(one, two)


@pytest.mark.parametrize("player", [0, 1, 2, 3])
def test_both_backends_agree_where_the_world_is_forced(player):
    # R10.3: with every unseen card in one seat there is one world, so both backends play the same hands
    truth = one_hidden_seat(player)
    mirror = on(ref, truth)
    for calls in (False, True):
        cpp = truth.playouts(8, 90 + player, calls=calls, resample_for=player)
        reference = mirror.playouts(8, 90 + player, calls=calls, resample_for=player)
        assert np.array_equal(cpp, reference)
        assert np.array_equal(cpp, truth.playouts(8, 90 + player, calls=calls))


@pytest.mark.parametrize("backend", [tf, ref], ids=["cpp", "reference"])
@pytest.mark.parametrize(
    ("resample_for", "error"),
    [(True, TypeError), ("0", TypeError), (1.0, TypeError), (4, IndexError), (-1, IndexError), (2**70, IndexError)],
)
def test_bad_resample_for_is_refused(backend, resample_for, error):
    state = backend.HandState.new(1)
    before = state.replay()
    with pytest.raises(error):
        state.playouts(2, 0, resample_for=resample_for)
    assert state.replay() == before


@pytest.mark.parametrize("backend", [tf, ref], ids=["cpp", "reference"])
def test_a_finished_hand_has_no_playout(backend):
    state = on(backend, walk(8, 1000))
    assert state.is_terminal()
    with pytest.raises(ValueError):
        state.playouts(1, 0, resample_for=0)
