"""Match on both backends: construction, seeds, repr, equality, copies and pickle (docs/game.md "Match")."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

import tichu_fast as tf
from tichu_fast.errors import IllegalMoveError


def choose(match, rng: random.Random):
    """A random action that calls nothing: the totals then grow by 100 or 200 a hand (R8.3, R8.5),
    so every match reaches its target within a few hands."""
    return rng.choice([action for action in match.legal_actions() if not action.call])


def played(backend, seed: int, actions: int, rules: tf.Rules | None = None):
    match = backend.Match.new(seed, rules)
    rng = random.Random(seed)
    for _ in range(actions):
        if match.is_terminal():
            break
        match.apply(choose(match, rng))
    return match


def test_direct_construction_is_refused(backend):
    with pytest.raises(TypeError, match=r"Match\.new"):
        backend.Match()


@pytest.mark.parametrize("seed", [-1, 2**64, 2**70])
def test_seed_out_of_range(backend, seed):
    # Common decision 1: an int outside 0..2**64-1 is a ValueError.
    with pytest.raises(ValueError):
        backend.Match.new(seed)


@pytest.mark.parametrize("seed", [True, False, 1.0, "1", None])
def test_seed_of_wrong_type(backend, seed):
    # Common decision 1: a bool or a non-int is a TypeError.
    with pytest.raises(TypeError):
        backend.Match.new(seed)


def test_seed_edges_are_accepted(backend):
    for seed in (0, 2**64 - 1):
        assert backend.Match.new(seed).seed == seed


def test_rules_must_be_rules(backend):
    with pytest.raises(TypeError):
        backend.Match.new(1, {"target": 500})  # type: ignore[arg-type]


def test_repr_names_seed_totals_and_decision(backend):
    match = played(backend, 3, 200)
    text = repr(match)
    assert text.startswith("<Match seed=3 ")
    assert f"hands_played={match.hands_played}" in text
    assert f"{match.totals[0]}:{match.totals[1]}" in text
    assert match.decision.name in text


def test_equality_follows_the_state(backend):
    a, b = played(backend, 5, 150), played(backend, 5, 150)
    assert a == b
    assert a != played(backend, 5, 151)
    assert a != played(backend, 6, 150)
    assert (a == "match") is False
    with pytest.raises(TypeError):
        hash(a)


@pytest.mark.parametrize("actions", [0, 7, 150, 400])
def test_pickle_copy_and_clone_round_trip(backend, actions):
    # R9.1: totals, hands played and the current hand survive; the copies are independent.
    match = played(backend, 11, actions, tf.Rules(target=300))
    for twin in (pickle.loads(pickle.dumps(match)), copy.copy(match), copy.deepcopy(match), match.clone()):
        assert twin == match
        assert twin is not match
        assert twin.totals == match.totals
        assert twin.hands_played == match.hands_played
        assert twin.rules == match.rules
        assert twin.hand.replay() == match.hand.replay()
        if not twin.is_terminal():
            twin.apply(twin.legal_actions()[0])
            assert twin != match


def test_a_pickled_match_plays_on_like_the_original(backend):
    # hand k is dealt from hand_seed(seed, k) also after unpickling
    match = played(backend, 21, 130, tf.Rules(target=200))
    twin = pickle.loads(pickle.dumps(match))
    rng_a, rng_b = random.Random(0), random.Random(0)
    while not match.is_terminal():
        match.apply(choose(match, rng_a))
        twin.apply(choose(twin, rng_b))
        assert twin == match
    assert twin.winner == match.winner is not None


def test_over_match_refuses_actions(backend):
    # R9.1: once a team reaches the target with different totals, nothing more is played.
    match = played(backend, 2, 10_000, tf.Rules(target=1))
    assert match.is_terminal()
    assert match.decision == tf.Decision.OVER
    assert match.current_player == -1
    assert match.legal_actions() == []
    with pytest.raises(IllegalMoveError):
        match.apply("pass")
    assert pickle.loads(pickle.dumps(match)) == match


def test_public_names_have_docstrings(backend):
    for name in dir(backend.Match):
        if not name.startswith("_"):
            assert getattr(backend.Match, name).__doc__, name
