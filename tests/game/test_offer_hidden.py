"""R10.3 and R10.2: another seat's out-of-turn bomb offer is hidden from every other seat.

Seat 2 is offered a bomb in position A and holds none in position B; the two
differ only in seat 2's hidden cards (seat 3 holds the other Seven). What
seats 0 and 1 may know must be the same in both: the observation (fields,
flat array, tensor), the information key and the worlds drawn for them.
"""

from __future__ import annotations

import numpy as np
import pytest

from ..game_helpers import BOMB, PLAY, position, who

# Seat 0 leads; seat 1 is next in turn; only seat 2 (in A) holds a bomb.
WITH_BOMB = ["3j 4j", "5j 6s", "7j 7s 7p 7t 8j", "9j 9s 10t 10j Kj"]
WITHOUT_BOMB = ["3j 4j", "5j 6s", "7j 7s 7p 10t 8j", "9j 9s 7t 10j Kj"]
OBSERVERS = (0, 1)  # their hands are the same in A and B


def _play(state, actions):
    """Apply the public actions, declining seat 2's offers on the way (they are no play, R10.2)."""
    for action in actions:
        while state.decision == BOMB:
            state.apply("pass")
        state.apply(action)
    return state


def _pair(backend, actions):
    a = _play(position(backend, WITH_BOMB, 0), actions)
    b = _play(position(backend, WITHOUT_BOMB, 0), actions)
    assert who(a) == (BOMB, 2)  # seat 2 is asked now in A ...
    assert b.decision != BOMB  # ... and nobody in B
    return a, b


# After the lead the trick goes on (seat 1 next); after three passes it ends (the trick is taken).
CASES = {"trick goes on": ["3j"], "trick ends": ["3j", "pass", "pass", "pass"]}


@pytest.mark.parametrize("actions", list(CASES.values()), ids=list(CASES))
def test_observation_is_the_same_whether_the_offered_seat_holds_a_bomb(game_backend, actions):
    # R10.3: the offer would show that seat 2 holds a bomb beating the table.
    a, b = _pair(game_backend, actions)
    for p in OBSERVERS:
        assert a.observation(p) == b.observation(p)
        assert a.observation(p).decision == b.decision
        assert a.observation(p).current_player == b.current_player
        assert np.array_equal(a.observation_array(p), b.observation_array(p))
        assert np.array_equal(a.observation_tensor(p, history=4), b.observation_tensor(p, history=4))
        assert a.information_state_string(p) == b.information_state_string(p)


def test_the_offered_seat_sees_its_offer(game_backend):
    # R10.2: seat 2 itself decides on the offer; its observation says so.
    a, _ = _pair(game_backend, ["3j"])
    seen = a.observation(2)
    assert (seen.decision, seen.current_player) == (BOMB, 2)


@pytest.mark.parametrize("actions", list(CASES.values()), ids=list(CASES))
def test_worlds_for_another_seat_do_not_assume_the_bomb(game_backend, actions):
    # R10.3: the worlds for seats 0 and 1 are drawn at the position they see, with no bomb forced on
    # seat 2, so they are the worlds of B, where nobody is offered anything.
    a, b = _pair(game_backend, actions)
    for p in OBSERVERS:
        for seed in range(8):
            world = a.resample(p, seed)
            assert world == b.resample(p, seed)
            assert world.decision != BOMB
        assert a.resample_many(p, 5, 3) == b.resample_many(p, 5, 3)


def test_a_seat_offered_later_sees_its_own_offer(game_backend):
    # R10.2, R10.3: when seats 2 and 3 both hold bombs, seat 3 sees the position as if seat 2 had
    # declined: its own offer, next in order.
    state = position(game_backend, ["3j 4j", "5j 6s", "7j 7s 7p 7t 8j", "9j 9s 9p 9t 10j"], 0)
    state.apply("3j")
    assert who(state) == (BOMB, 2)
    seen = state.observation(3)
    assert (seen.decision, seen.current_player) == (BOMB, 3)
    assert state.resample(3, 0).decision == BOMB
    seen = state.observation(1)  # seat 1, next in turn, sees its turn
    assert (seen.decision, seen.current_player) == (PLAY, 1)
