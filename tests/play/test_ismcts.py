"""tichu_fast.ismcts: the C++ ISMCTS and ISMCTSBot (docs/ismcts.md)."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

import tichu_fast as tf
from tests.game.test_game_api import states_at_every_kind_of_decision
from tests.game_helpers import walked
from tichu_fast.ismcts import ISMCTSBot, SearchResult, ismcts

DECISIONS = ("grand", "tichu", "exchange", "play", "wish", "bomb", "gift")


def random_states(count: int, seed: int) -> list[tf.HandState]:
    """States a random number of uniformly random actions into random hands (any decision)."""
    rng = random.Random(seed)
    states: list[tf.HandState] = []
    while len(states) < count:
        state = walked(rng, 0, 80)
        if not state.is_terminal():
            states.append(state)
    return states


def check_result(state: tf.HandState, result: SearchResult, iterations: int) -> None:
    """The chosen action is legal and a candidate; the statistics add up."""
    assert state.is_legal(result.action)
    assert result.action in result.actions
    assert all(state.is_legal(a) for a in result.actions)
    assert len(result.visits) == len(result.values) == len(result.actions)
    if len(result.actions) > 1:
        assert result.iterations == iterations == int(result.visits.sum())
        best = int(np.argmax(result.visits))
        assert result.visits[result.actions.index(result.action)] == result.visits[best]
    for visits, value in zip(result.visits, result.values, strict=True):
        assert math.isnan(value) == (visits == 0)


@pytest.mark.parametrize("calls", [False, True])
def test_every_kind_of_decision_gets_a_legal_action(calls):
    # R10.2 (bomb offers), R7.1 and R7.2 (calls), R2.2 (exchange), R6.1 (wish), R5.5 (Dragon gift): all searched.
    for name, state in states_at_every_kind_of_decision(tf).items():
        if name == "over":
            continue
        before = state.clone()
        result = ismcts(state, iterations=300, seed=3, calls=calls, threads=2)
        check_result(state, result, 300)
        assert state == before  # left unchanged
        if not calls and name in ("grand", "tichu"):
            assert result.actions == (result.action,)
            assert not result.action.call


@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_another_seats_bomb_offer_is_answered_by_the_policy(policy):
    # R10.2, R10.3: seat 2's bomb offers are unseen by seat 0 (a decline); a dropped bomb is public.
    state = tf.HandState.from_position(
        [tf.Cards("Dr 3j"), tf.Cards("4s 5s"), tf.Cards("9j 9s 9p 9t 4j"), tf.Cards("6t 7t")], 0
    )
    result = ismcts(state, iterations=3000, seed=5, policy=policy, threads=2)
    check_result(state, result, 3000)


def test_legal_on_many_random_states():
    for i, state in enumerate(random_states(150, seed=11)):
        result = ismcts(state, iterations=64, seed=i, calls=i % 2 == 0, policy=("random", "heuristic")[i % 3 == 0])
        check_result(state, result, 64)


def test_exchange_searches_a_candidate_set_with_the_heuristic_push():
    # R2.2: the exchange has up to 2184 pushes; the search considers the heuristic's and a few more.
    state = states_at_every_kind_of_decision(tf)["exchange"]
    result = ismcts(state, iterations=400, seed=1)
    assert 1 < len(result.actions) <= 19
    assert tf.policy_action(state, "heuristic", 0) in result.actions
    assert all(a.kind == tf.ActionKind.PUSH for a in result.actions)


def test_calls_off_never_searches_a_tichu_call():
    # R7.2: with calls=False the in-play Tichu is no candidate.
    for state in random_states(60, seed=5):
        if state.decision == tf.Decision.PLAY:
            assert not any(a.call for a in ismcts(state, iterations=8).actions)


def test_same_seed_and_threads_repeat_exactly():
    for state in random_states(12, seed=2):
        for threads in (1, 2):
            a = ismcts(state, iterations=500, threads=threads, seed=9)
            b = ismcts(state, iterations=500, threads=threads, seed=9)
            assert a.action == b.action
            assert a.actions == b.actions
            assert np.array_equal(a.visits, b.visits)
            assert np.array_equal(a.values, b.values, equal_nan=True)


def test_different_seeds_may_differ():
    differ = 0
    for state in random_states(12, seed=4):
        a = ismcts(state, iterations=200, seed=1)
        b = ismcts(state, iterations=200, seed=2)
        differ += not np.array_equal(a.visits, b.visits)
    assert differ > 0


def test_a_time_budget_stops_the_search():
    state = states_at_every_kind_of_decision(tf)["play"]
    # No wall-clock bound is asserted (a busy machine may stall the search): the deadline ends an
    # unbounded search, and 0.2 s is ample for the first iterations, which the deadline's check follows.
    result = ismcts(state, budget=0.2)
    assert result.iterations > 0
    capped = ismcts(state, budget=5.0, iterations=100)  # the first budget reached stops it
    assert capped.iterations == 100
    huge = ismcts(state, budget=0.05, iterations=2**63 - 1, threads=2)  # the deadline stops it; nothing overflows
    assert 0 < huge.iterations < 2**40


def test_the_move_that_goes_out_for_a_one_two_is_found():
    # R8.3: the partner is out; playing the whole straight now wins the one-two (200 to 0).
    hands = [tf.Cards("2j 3j 4j 5s 6s"), tf.Cards("Kj Ks Ap"), tf.Cards(""), tf.Cards("Aj Kp Qt")]
    state = tf.HandState.from_position(hands, 0, out_order=[2])
    for threads in (1, 2):
        result = ismcts(state, iterations=2000, threads=threads, seed=0)
        assert str(result.action) == "2j 3j 4j 5s 6s"
        assert result.values[result.actions.index(result.action)] == 200


def test_the_bot_plays_whole_hands_reproducibly():
    def play(seed: int) -> list[str]:
        bot = ISMCTSBot(iterations=40, seed=seed, calls=True)
        bot.reset(77)
        state = tf.HandState.new(77)
        taken = []
        while not state.is_terminal():
            action = bot.act(state, state.current_player)
            assert state.is_legal(action)
            state.apply(action)
            taken.append(str(action))
        return taken

    assert play(1) == play(1)


def test_the_bot_mixes_hand_and_decision_into_its_seed():
    state = states_at_every_kind_of_decision(tf)["play"]
    bot = ISMCTSBot(iterations=400, seed=3)
    bot.reset(1)
    runs = [tuple(bot.search(state).visits) for _ in range(5)]  # decisions 0..4 of hand 1
    bot.reset(1)
    assert tuple(bot.search(state).visits) == runs[0]  # reset restarts the count
    assert len(set(runs)) > 1  # each decision has its own seed


def test_bad_input_raises_documented_errors():
    state = states_at_every_kind_of_decision(tf)["play"]
    before = state.clone()
    player = state.current_player
    with pytest.raises(IndexError):
        ismcts(state, 4, iterations=10)
    with pytest.raises(ValueError):
        ismcts(state, (player + 1) % 4, iterations=10)  # not the player in turn
    with pytest.raises(TypeError):
        ismcts(state, True, iterations=10)
    with pytest.raises(ValueError):
        ismcts(state)  # no budget at all
    with pytest.raises(ValueError):
        ismcts(state, iterations=0)
    with pytest.raises(TypeError):
        ismcts(state, iterations=1.5)
    for budget in (0, -1.0, float("nan"), float("inf")):
        with pytest.raises(ValueError):
            ismcts(state, budget=budget)
    with pytest.raises(TypeError):
        ismcts(state, budget="1s")
    with pytest.raises(ValueError):
        ismcts(state, iterations=10, threads=0)
    for seed in (-1, 2**64):
        with pytest.raises(ValueError):
            ismcts(state, iterations=10, seed=seed)
    with pytest.raises(TypeError):
        ismcts(state, iterations=10, seed=True)
    with pytest.raises(ValueError):
        ismcts(state, iterations=10, policy="clever")
    with pytest.raises(TypeError):
        ismcts(state, iterations=10, calls=1)
    with pytest.raises(ValueError):
        ismcts(state, iterations=10, exploration=-1)
    with pytest.raises(TypeError):
        ismcts("state", iterations=10)
    with pytest.raises(ValueError):
        ismcts(states_at_every_kind_of_decision(tf)["over"], iterations=10)
    with pytest.raises(ValueError):
        ISMCTSBot()
    with pytest.raises(ValueError):
        ISMCTSBot(iterations=10).act(state, (player + 1) % 4)
    assert state == before


def test_results_are_read_only():
    result = ismcts(states_at_every_kind_of_decision(tf)["play"], iterations=50)
    with pytest.raises(ValueError):
        result.visits[0] = 1
