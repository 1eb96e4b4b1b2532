"""Inference about hidden hands: worlds weighted by a belief (docs/bots.md "Inference").

A belief is a policy model of the other seats; a world's weight is the
likelihood of their observed in-turn plays and passes (R5.2, R5.3) replayed
in it. Uniform worlds stay the default (R10.3); the reference computes the
same likelihood in plain Python (`reference.worlds.log_likelihood`).
"""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

import tichu_fast as tf
import tichu_fast.reference as ref
from tichu_fast import _core
from tichu_fast.bots.monte_carlo import MonteCarloBot
from tichu_fast.bots.specs import make_bot
from tichu_fast.ismcts import ISMCTSBot, ismcts
from tichu_fast.reference import worlds as ref_worlds
from tichu_fast.search import belief_weights, policy_action, world_seed

from ..game_helpers import on, walk


def heuristic_position(seed: int, plays: int = 20) -> tf.HandState:
    """A PLAY decision after `plays` play decisions of a hand the heuristic plays (with calls)."""
    rng = random.Random(seed)
    state = tf.HandState.new(seed)
    seen = 0
    while not state.is_terminal():
        if state.decision == tf.Decision.PLAY:
            seen += 1
            if seen > plays:
                return state
        state.apply(policy_action(state, "heuristic", rng.getrandbits(63), calls=True))
    return heuristic_position(seed + 1000, plays)


def hand_texts(state: tf.HandState) -> list[str]:
    return [str(h) for h in state.hands]


@pytest.mark.parametrize("seed", range(24))
def test_the_likelihood_under_the_random_policy_agrees_with_the_reference(seed):
    # R5.2: each in-turn decision's legal plays and passes; the uniform policy gives each 1/n
    state = walk(seed, random.Random(seed).randrange(10, 140))
    twin = on(ref, state)
    for player in range(4):
        fast = _core.log_likelihoods([state._core], player, "random", 0.5, 1)[0]
        slow = ref_worlds.log_likelihood(twin, player, ref_worlds.random_play_probability)
        assert fast == pytest.approx(slow, abs=1e-9)


def test_odds_of_one_is_the_random_model():
    state = heuristic_position(12)
    for player in range(4):
        uniform = _core.log_likelihoods([state._core], player, "random", 4.0, 1)[0]
        assert _core.log_likelihoods([state._core], player, "heuristic", 1.0, 1)[0] == pytest.approx(uniform)


def test_the_likelihood_counts_only_the_other_seats():
    # R5.3: passes and plays in turn; the player's own decisions are not evidence about hidden hands
    state = walk(3, 60)
    logs = [_core.log_likelihoods([state._core], p, "random", 0.5, 1)[0] for p in range(4)]
    assert len(set(logs)) > 1
    assert all(value <= 0.0 for value in logs)


def test_the_true_hands_are_likelier_than_uniform_worlds_under_the_heuristic_belief():
    # The diagnostic of docs/bots.md "Inference" in small: hands the heuristic played rank high among uniform worlds.
    percentiles = []
    for seed in range(12):
        state = heuristic_position(seed)
        player = state.current_player
        worlds = state.resample_many(player, 64, seed)
        logs = _core.log_likelihoods([w._core for w in worlds], player, "heuristic", 4.0, 1)
        truth = _core.log_likelihoods([state._core], player, "heuristic", 4.0, 1)[0]
        percentiles.append(float(np.mean(logs <= truth)))
    assert np.mean(percentiles) > 0.75


def test_believed_worlds_are_drawn_from_the_uniform_candidates():
    state = heuristic_position(5)
    player = state.current_player
    candidates = {tuple(hand_texts(w)) for w in state.resample_many(player, 32, 77)}
    believed = state.resample_many(player, 8, 77, belief="heuristic:4:4")
    assert len(believed) == 8
    for world in believed:
        assert tuple(hand_texts(world)) in candidates
        assert world.hands[player] == state.hands[player]  # R10.3: the seat's own cards are kept


def test_believed_worlds_are_deterministic_and_the_same_on_any_number_of_threads():
    state = heuristic_position(6)
    player = state.current_player
    one = [hand_texts(w) for w in state.resample_many(player, 16, 9, belief="heuristic")]
    two = [hand_texts(w) for w in state.resample_many(player, 16, 9, belief="heuristic", threads=2)]
    again = [hand_texts(w) for w in state.resample_many(player, 16, 9, belief="heuristic")]
    assert one == two == again
    other = [hand_texts(w) for w in state.resample_many(player, 16, 10, belief="heuristic")]
    assert other != one


def test_the_uniform_path_is_unchanged():
    state = heuristic_position(7)
    player = state.current_player
    plain = [hand_texts(w) for w in state.resample_many(player, 8, 3)]
    assert plain == [hand_texts(w) for w in state.resample_many(player, 8, 3, belief=None)]
    assert hand_texts(state.resample(player, 3)) == hand_texts(state.resample(player, 3, belief=None))


def test_a_belief_that_favours_the_truth_places_more_hidden_cards_right():
    hits = {None: 0, "heuristic:20:8": 0}
    for seed in range(6):
        state = heuristic_position(seed + 40)
        player = state.current_player
        for belief in hits:
            for world in state.resample_many(player, 16, seed, belief=belief):
                hits[belief] += sum(len(world.hands[q] & state.hands[q]) for q in range(4) if q != player)
    assert hits["heuristic:20:8"] > hits[None]


def test_searches_take_a_belief_deterministically():
    state = heuristic_position(8)
    player = state.current_player
    a = state.playouts(20, 4, resample_for=player, belief="heuristic", policy="heuristic")
    b = state.playouts(20, 4, resample_for=player, belief="heuristic", policy="heuristic", threads=2)
    assert np.array_equal(a, b)
    e1 = state.evaluate_actions(player, 12, policy="heuristic", seed=2, belief="heuristic")
    e2 = state.evaluate_actions(player, 12, policy="heuristic", seed=2, belief="heuristic", threads=2)
    assert np.array_equal(e1["mean"], e2["mean"])
    r1 = ismcts(state, iterations=200, seed=1, policy="heuristic", belief="heuristic")
    r2 = ismcts(state, iterations=200, seed=1, policy="heuristic", belief="heuristic")
    assert np.array_equal(r1.visits, r2.visits)


def test_bots_take_a_belief():
    state = heuristic_position(9)
    seat = state.current_player
    bot = make_bot("mc:worlds=8,belief=heuristic:2.5")
    assert isinstance(bot, MonteCarloBot)
    assert bot.belief == "heuristic:2.5"
    assert state.is_legal(bot.act(state, seat))
    tree = make_bot("ismcts:iterations=64,belief=heuristic-v1")
    assert isinstance(tree, ISMCTSBot)
    assert tree.belief == "heuristic-v1"
    assert state.is_legal(tree.act(state, seat))


@pytest.mark.parametrize(
    ("belief", "error"),
    [
        (3, TypeError),
        ("nope", ValueError),
        ("heuristic:0", ValueError),
        ("heuristic:-1", ValueError),
        ("heuristic:1e7", ValueError),
        ("heuristic:inf", ValueError),
        ("heuristic:nan", ValueError),
        ("heuristic:x", ValueError),
        ("heuristic:0.5:0", ValueError),
        ("heuristic:0.5:1.5", ValueError),
        ("heuristic:0.5:4:1", ValueError),
        ("heuristic:0.5:4:weights", ValueError),
        ("heuristic:0.5:distinct", ValueError),
        ("heuristic:0.5:4:distinct:1", ValueError),
    ],
)
def test_a_bad_belief_is_refused_everywhere(belief, error):
    state = heuristic_position(10)
    player = state.current_player
    with pytest.raises(error):
        state.resample_many(player, 2, 0, belief=belief)
    with pytest.raises(error):
        state.resample(player, 0, belief=belief)
    with pytest.raises(error):
        state.playouts(2, 0, resample_for=player, belief=belief)
    with pytest.raises(error):
        state.evaluate_actions(player, 2, belief=belief)
    with pytest.raises(error):
        ismcts(state, iterations=10, belief=belief)
    with pytest.raises(error):
        MonteCarloBot(worlds=2, belief=belief)
    with pytest.raises(error):
        ISMCTSBot(iterations=2, belief=belief)


def test_a_belief_needs_drawn_worlds():
    state = heuristic_position(11)
    player = state.current_player
    with pytest.raises(ValueError, match="resample_for"):
        state.playouts(2, 0, belief="heuristic")
    with pytest.raises(ValueError, match="number of worlds"):
        state.evaluate_actions(player, state.resample_many(player, 2, 0), belief="heuristic")
    with pytest.raises(ValueError):
        state.resample_many(player, 10**6, 0, belief="heuristic:0.5:4")  # n * DRAWS worlds at most 10**6
    with pytest.raises(IndexError):
        state.resample_many(4, 2, 0, belief="heuristic")
    with pytest.raises(ValueError):
        state.resample_many(player, 2, -1, belief="heuristic")
    assert math.isfinite(_core.log_likelihoods([state._core], player, "heuristic", 4.0, 1)[0])


# -- self-normalised importance weighting: ":weights" ---------------------------------------------


@pytest.mark.parametrize("seed", range(8))
def test_belief_weights_agree_with_the_reference(seed):
    # R5.2: the weights are the likelihoods of the other seats' plays and passes, normalised to sum 1
    # any hands may be weighed together: here five true hands (the reference has no twin of a fast world)
    states = [walk(seed * 8 + k, random.Random(seed * 8 + k).randrange(20, 120)) for k in range(5)]
    player = seed % 4
    fast = belief_weights(states, player, "random")
    slow = ref_worlds.belief_weights([on(ref, s) for s in states], player, ref_worlds.random_play_probability)
    assert fast == pytest.approx(slow, abs=1e-12)
    assert fast.sum() == pytest.approx(1.0)


def test_belief_weights_favour_the_likelier_worlds_and_ignore_the_draws_suffix():
    state = heuristic_position(13)
    player = state.current_player
    worlds = state.resample_many(player, 16, 3)
    weights = belief_weights(worlds, player, "heuristic:3")
    logs = _core.log_likelihoods([w._core for w in worlds], player, "heuristic", 3.0, 1)
    assert np.argmax(weights) == np.argmax(logs)
    assert np.allclose(weights, np.exp(logs - logs.max()) / np.exp(logs - logs.max()).sum())
    assert np.array_equal(weights, belief_weights(worlds, player, "heuristic:3:weights", threads=2))
    assert np.array_equal(weights, belief_weights(worlds, player, "heuristic:3:4"))
    assert len(belief_weights([], player, "heuristic")) == 0


def test_weights_evaluate_the_uniform_worlds_with_their_weights():
    state = heuristic_position(14)
    player = state.current_player
    weighted = state.evaluate_actions(player, 12, 2, policy="heuristic", seed=5, belief="heuristic:2:weights")
    worlds = state.resample_many(player, 12, world_seed(5))  # the uniform worlds, none repeated
    plain = state.evaluate_actions(player, worlds, 2, policy="heuristic", seed=5)
    assert np.array_equal(plain, state.evaluate_actions(player, 12, 2, policy="heuristic", seed=5))
    values = _core.action_values(state._core, [w._core for w in worlds], 2, player & 1, 5, "heuristic", False, 1)
    w = np.repeat(belief_weights(worlds, player, "heuristic:2") / 2, 2)
    assert np.allclose(weighted["mean"], values @ w)
    assert 1 <= weighted["n"][0] <= 24
    again = state.evaluate_actions(player, 12, 2, policy="heuristic", seed=5, belief="heuristic:2:weights", threads=2)
    assert np.array_equal(weighted, again)


def test_weights_take_a_bot_and_are_refused_where_worlds_are_drawn():
    state = heuristic_position(15)
    player = state.current_player
    bot = make_bot("mc:worlds=8,belief=heuristic:2:weights")
    assert state.is_legal(bot.act(state, player))
    with pytest.raises(ValueError, match="weights"):
        state.resample_many(player, 2, 0, belief="heuristic:weights")  # ODDS then "weights": no, DRAWS slot
    with pytest.raises(ValueError, match="weights"):
        state.resample_many(player, 2, 0, belief="heuristic:2:weights")
    with pytest.raises(ValueError, match="weights"):
        state.playouts(2, 0, resample_for=player, belief="heuristic:2:weights")
    with pytest.raises(ValueError, match="weights"):
        ismcts(state, iterations=10, belief="heuristic:2:weights")
    with pytest.raises(ValueError, match="weights"):
        ISMCTSBot(iterations=2, belief="heuristic:2:weights")
    with pytest.raises(TypeError):
        belief_weights(state.resample_many(player, 2, 0), player, None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        belief_weights("worlds", player, "heuristic")  # type: ignore[arg-type]


# -- distinct worlds: ":distinct" ------------------------------------------------------------------


def test_distinct_worlds_are_n_different_candidates_in_candidate_order():
    state = heuristic_position(16)
    player = state.current_player
    candidates = [hand_texts(w) for w in state.resample_many(player, 48, 4)]
    kept = [hand_texts(w) for w in state.resample_many(player, 12, 4, belief="heuristic:2:4:distinct")]
    assert len(kept) == 12
    positions = [candidates.index(w) for w in kept]
    assert positions == sorted(set(positions))  # no candidate twice, in candidate order
    again = [hand_texts(w) for w in state.resample_many(player, 12, 4, belief="heuristic:2:4:distinct", threads=2)]
    assert again == kept
    uniform = [hand_texts(w) for w in state.resample_many(player, 12, 4)]
    assert [hand_texts(w) for w in state.resample_many(player, 12, 4, belief="heuristic:2:1:distinct")] == uniform


def test_distinct_worlds_lean_to_the_likelier_candidates():
    # the kept candidates' mean log-likelihood exceeds the candidates' mean (sampling in proportion)
    gain = 0.0
    for seed in range(4):
        state = heuristic_position(seed + 60)
        player = state.current_player
        candidates = state.resample_many(player, 64, seed)
        logs = _core.log_likelihoods([w._core for w in candidates], player, "heuristic", 5.0, 1)
        kept = state.resample_many(player, 16, seed, belief="heuristic:5:4:distinct")
        kept_logs = _core.log_likelihoods([w._core for w in kept], player, "heuristic", 5.0, 1)
        gain += float(kept_logs.mean() - logs.mean())
    assert gain > 0


def test_distinct_worlds_take_a_bot_and_are_refused_by_playouts_and_ismcts():
    state = heuristic_position(17)
    player = state.current_player
    bot = make_bot("mc:worlds=8,belief=heuristic:2:4:distinct")
    assert state.is_legal(bot.act(state, player))
    e1 = state.evaluate_actions(player, 8, policy="heuristic", seed=2, belief="heuristic:2:4:distinct")
    e2 = state.evaluate_actions(player, 8, policy="heuristic", seed=2, belief="heuristic:2:4:distinct", threads=2)
    assert np.array_equal(e1, e2)
    with pytest.raises(ValueError, match="distinct"):
        state.playouts(2, 0, resample_for=player, belief="heuristic:2:4:distinct")
    with pytest.raises(ValueError, match="distinct"):
        ismcts(state, iterations=10, belief="heuristic:2:4:distinct")


def test_a_time_budget_refuses_weights_whose_normalisation_spans_one_call():
    with pytest.raises(ValueError, match="time budget"):
        MonteCarloBot(0.01, belief="heuristic:2:weights")
    assert MonteCarloBot(worlds=8, belief="heuristic:2:weights").belief == "heuristic:2:weights"
    assert MonteCarloBot(0.01, belief="heuristic:2:4:distinct").belief == "heuristic:2:4:distinct"
