"""`observation(p)` of the C++ backend comes from one core call (docs/game.md "Observation (R10.3)").

Its fields must be the very values and types the state's own accessors give,
so the one-call path cannot drift from what a caller reads on the state.
"""

from __future__ import annotations

import dataclasses
import random

import tichu_fast as tf
from tichu_fast.observation import Observation

from ..game_helpers import walked


def random_states(count: int, seed: int) -> list[tf.HandState]:
    """States at random points of random hands (every decision kind, the end included)."""
    rng = random.Random(seed)
    return [walked(rng, 0, 120) for _ in range(count)]


def test_every_field_is_what_the_state_shows():
    # R10.3: his cards (first 8 during GRAND_TICHU), sizes, calls, table, piles and order as the state has them
    decisions = set()
    for state in random_states(300, 8):
        decisions.add(state.decision)
        player = random.Random(len(state.history)).randrange(4)
        if state.decision == tf.Decision.BOMB and state.current_player != player:
            player = state.current_player  # R10.3: another seat's offer is hidden (tests/game/test_offer_hidden.py)
        seen = state.observation(player)
        grand = state.decision == tf.Decision.GRAND_TICHU
        hands = [state.seen(s) if grand else state.hands[s] for s in range(4)]
        assert type(seen.decision) is tf.Decision
        assert seen.decision == state.decision
        assert seen.current_player == state.current_player
        assert seen.hand == hands[player]
        assert seen.hand_sizes == tuple(len(h) for h in hands)
        assert all(type(c) is tf.Call for c in seen.calls)
        assert seen.calls == state.calls
        assert seen.grand_calls == tuple(c == tf.Call.GRAND_TICHU for c in state.calls)
        assert (seen.wish, seen.table, seen.table_player) == (state.wish, state.table, state.table_player)
        assert (seen.trick, seen.piles, seen.out_order) == (state.trick, state.piles, state.out_order)
        assert seen.played == tuple(tf.Cards(p.mask) for p in seen.played)
        if state.table is None:
            assert seen.to_beat is None
        else:
            kind, length, rank = seen.to_beat
            assert type(kind) is tf.MoveType
            assert (kind, length, rank) == (state.table.type, state.table.length, float(state.table.rank))
            assert type(rank) is float
    assert len(decisions) >= 6


def test_built_without_init_it_is_the_same_dataclass():
    # the fast path builds the frozen dataclass from the field values in order
    for state in random_states(20, 9):
        seen = state.observation(0)
        rebuilt = Observation(*(getattr(seen, f.name) for f in dataclasses.fields(Observation)))
        assert seen == rebuilt
        assert repr(seen) == repr(rebuilt)
        assert dataclasses.asdict(seen) == dataclasses.asdict(rebuilt)
