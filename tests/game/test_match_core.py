"""The end of a match (R9.1) decided in the C++ core (match.hpp) and, independently,
in the reference (reference/match.py): the two agree over thousands of random matches."""

from __future__ import annotations

import random

import numpy as np
import pytest

import tichu_fast as tf
from tichu_fast import _core
from tichu_fast import reference as ref
from tichu_fast.reference.match import match_over, match_winner

TARGETS = (1, 50, 100, 250, 500, 1000, 10_000)


@pytest.mark.parametrize(
    ("totals", "target", "over", "winner"),
    [
        ((0, 0), 1000, False, None),
        ((995, 990), 1000, False, None),
        ((1000, 990), 1000, True, 0),  # R9.1: the first team to reach the target
        ((990, 1005), 1000, True, 1),
        ((1000, 1000), 1000, False, None),  # R9.1: a tie at or above the target plays on
        ((1200, 1200), 1000, False, None),
        ((1200, 1100), 1000, True, 0),  # both above: the higher total wins
        ((-300, 1), 1, True, 1),
    ],
)
def test_the_end_of_a_match(backend, totals, target, over, winner):
    # R9.1, on the state machine of either backend: a match whose totals are these
    match = backend.Match.new(1, tf.Rules(target=target))
    if backend is tf:  # the C++ backend's Match asks the core when its totals change
        match = tf.Match._make(1, match.rules, totals, 0, match.hand)
    else:
        match._totals = totals
    assert match.is_terminal() is over
    assert match.winner == winner
    assert _core.match_over(*totals, tf.Rules(target=target)) is over
    assert _core.match_winner(*totals, tf.Rules(target=target)) == (-1 if winner is None else winner)


def test_core_and_reference_agree_on_random_totals():
    # R9.1: the same decision from both homes of the rule, ties and boundaries included
    rng = random.Random(91)
    for _ in range(20_000):
        target = rng.choice(TARGETS)
        a = rng.randrange(-400, 2 * target + 400)
        b = rng.choice([a, a + rng.randrange(-30, 31) * 5, rng.randrange(-400, 2 * target + 400)])
        rules = tf.Rules(target=target)
        assert _core.match_over(a, b, rules) == match_over((a, b), target)
        assert _core.match_winner(a, b, rules) == (-1 if (w := match_winner((a, b), target)) is None else w)


def test_core_and_reference_agree_on_thousands_of_random_matches():
    # R9.1: hands scored in C++ (simulate), summed hand by hand; both homes of the rule
    # stop the match after the same hand with the same winner
    records = tf.simulate(40_000, seed=9, policy="heuristic", calls=True)
    scores = np.stack([records["score"][:, 0], records["score"][:, 1]], axis=1).astype(np.int64)
    rng = random.Random(19)
    position, matches, ties_played_on = 0, 0, 0
    while matches < 3000 and position < len(scores) - 200:
        target = rng.choice(TARGETS[:5])
        rules = tf.Rules(target=target)
        totals = (0, 0)
        while True:
            a, b = scores[position]
            position += 1
            totals = (totals[0] + int(a), totals[1] + int(b))
            over = _core.match_over(*totals, rules)
            assert over == match_over(totals, target)
            if totals[0] == totals[1] and max(totals) >= target:
                ties_played_on += 1
            if over:
                assert _core.match_winner(*totals, rules) == match_winner(totals, target)
                break
        matches += 1
    assert matches == 3000
    assert ties_played_on > 0  # the tie rule was met, not only read


@pytest.mark.parametrize("seed", range(12))
def test_whole_matches_end_alike_on_both_backends(seed):
    # R9.1: the same match played by the same random policy on both backends
    rules = tf.Rules(target=150)
    fast, slow = tf.Match.new(seed, rules), ref.Match.new(seed, rules)
    k = 0
    while not fast.is_terminal():
        assert not slow.is_terminal()
        action = str(tf.policy_action(fast.hand, "random", tf.hand_seed(seed, k), calls=False))  # no calls: totals grow
        fast.apply(action)
        slow.apply(action)
        k += 1
    assert slow.is_terminal()
    assert fast.totals == slow.totals
    assert fast.hands_played == slow.hands_played
    assert fast.winner == slow.winner is not None


def test_add_hand_needs_a_finished_hand():
    state = tf.HandState.new(5)
    with pytest.raises(ValueError, match="not over"):
        _core.add_hand(0, 0, state._core)
    while not state.is_terminal():
        state.apply_index(0)
    assert _core.add_hand(10, -20, state._core) == (10 + state.returns()[0], -20 + state.returns()[1])
    with pytest.raises(ValueError, match="2\\*\\*62"):
        _core.add_hand(2**63 - 1, 0, state._core)
