"""Search at full speed: built-in policies, playouts, evaluate_actions and simulate.

The policies and playouts run on both backends (the reference plays the random
policy only); the heuristic, evaluate_actions, simulate and the CLI are the C++ backend's."""

from __future__ import annotations

import contextlib
import io
import json
import math
import random
import threading

import numpy as np
import pytest

import tichu_fast as tf
from tichu_fast import cli
from tichu_fast.search import world_seed

from ..game_helpers import on, walk

POLICY_CASES = [("random", False), ("random", True), ("heuristic", False), ("heuristic", True)]


def bomb_offer() -> tf.HandState:
    """A state at an out-of-turn bomb offer (R10.2)."""
    for seed in range(2000):
        state = walk(seed, 200, lambda s: s.decision == tf.Decision.BOMB)
        if not state.is_terminal() and state.decision == tf.Decision.BOMB:
            return state
    raise AssertionError("no bomb offer in 2000 random hands")


def starting_states() -> list[tf.HandState]:
    fresh = tf.HandState.new(3)
    exchange = walk(4, 9)  # 4 Grand Tichu and 4 Tichu answers, one push made
    mid_trick = walk(5, 40, lambda s: s.decision == tf.Decision.PLAY and s.table is not None)
    assert fresh.decision == tf.Decision.GRAND_TICHU
    assert exchange.decision == tf.Decision.EXCHANGE
    assert mid_trick.table is not None
    return [fresh, exchange, mid_trick, bomb_offer()]


def play_step_by_step(backend, state, seed: int, policy: str, calls: bool):
    state = state.clone()
    k = 0
    while not state.is_terminal():
        state.apply(backend.policy_action(state, policy, backend.hand_seed(seed, k), calls=calls))
        k += 1
    return state


def policies_of(backend) -> list[tuple[str, bool]]:
    """POLICY_CASES the backend plays: the reference has the random policy only."""
    return [(policy, calls) for policy, calls in POLICY_CASES if policy in backend.POLICIES]


def test_playout_is_the_policy_played_step_by_step(backend):
    # R7, R8: the same hand played from Python ends with the same score and out order
    for policy, calls in policies_of(backend):
        for state in (on(backend, s) for s in starting_states()):
            before = state.clone()
            for seed in range(5 if backend is tf else 2):
                result = state.playout(seed, policy, calls)
                end = play_step_by_step(backend, state, seed, policy, calls)
                assert result.returns == end.returns()
                assert result.out_order == end.out_order
                assert result.calls == end.calls
                assert sum(result.returns) % 5 == 0  # R8.5: card points come in fives
            assert state == before  # a playout plays a copy


def test_playouts_do_not_depend_on_threads(backend):
    state = on(backend, walk(8, 30))
    n = 120 if backend is tf else 12  # the reference is slower
    for policy, calls in policies_of(backend):
        one = state.playouts(n, 17, policy=policy, calls=calls, threads=1)
        assert one.dtype == tf.PLAYOUT_DTYPE
        assert one.shape == (n,)
        for threads in (2, 3):
            assert np.array_equal(one, state.playouts(n, 17, policy=policy, calls=calls, threads=threads))
        for i in (0, 7, n - 1):
            r = state.playout(tf.hand_seed(17, i), policy, calls)
            assert tuple(one[i]["returns"]) == r.returns
            assert tuple(s for s in one[i]["out_order"] if s >= 0) == r.out_order


def test_playout_records_are_consistent(backend):
    policy = "heuristic" if backend is tf else "random"
    records = backend.HandState.new(1).playouts(500 if backend is tf else 50, 2, policy=policy, calls=True)
    first = records["out_order"][:, 0]
    # R8.3: a double victory is exactly two seats out, partners
    assert np.array_equal(records["one_two"] == 1, records["out_order"][:, 2] < 0)
    # R7: a call is made exactly when its caller goes out first
    called = records["calls"] > 0
    assert np.array_equal(records["calls_won"] == 1, called & (first[:, None] == np.arange(4)))
    assert (records["tricks"] > 0).all()


def test_calls_false_never_calls(backend):
    # R7.1, R7.2: calls=False answers every call decision "no" and never takes the in-play tichu
    for policy in backend.POLICIES:
        records = backend.HandState.new(11).playouts(300 if backend is tf else 30, 1, policy=policy, calls=False)
        assert (records["calls"] == 0).all()
    for policy in tf.POLICIES:
        assert (tf.simulate(300, 4, policy=policy, calls=False)["calls"] == 0).all()


def test_heuristic_plays_only_legal_actions():
    rng = random.Random(0)
    checked = 0
    for seed in range(120):
        state = tf.HandState.new(seed)
        while not state.is_terminal():
            for calls in (False, True):
                action = tf.policy_action(state, "heuristic", rng.randrange(2**64), calls=calls)
                assert state.is_legal(action), (state.replay(), action)
                checked += 1
            state.apply_index(rng.randrange(state.num_legal_actions()))
    assert checked > 5000


def test_heuristic_beats_random_in_a_duplicate_match():
    # Each deal twice, the teams' policies swapped; calls off, so the margin is card play
    deals = 240
    margins = []
    for deal in range(deals):
        margin = 0
        for heuristic_team in (0, 1):
            state = tf.HandState.new(tf.hand_seed(77, deal))
            k = 0
            while not state.is_terminal():
                policy = "heuristic" if state.current_player % 2 == heuristic_team else "random"
                state.apply(tf.policy_action(state, policy, tf.hand_seed(deal, k), calls=False))
                k += 1
            scores = state.returns()
            margin += scores[heuristic_team] - scores[1 - heuristic_team]
        margins.append(margin / 2)
    mean = sum(margins) / deals
    sd = math.sqrt(sum((m - mean) ** 2 for m in margins) / (deals - 1))
    assert mean - 1.96 * sd / math.sqrt(deals) > 0, (mean, sd)


def test_evaluate_actions_is_a_loop_over_worlds_and_seeds():
    state = walk(21, 40, lambda s: s.decision == tf.Decision.PLAY and s.num_legal_actions() > 2)
    player = state.current_player
    worlds = [state, state.clone(), state.clone()]
    for policy in tf.POLICIES:
        values = state.evaluate_actions(player, worlds, 2, policy=policy, seed=5, threads=2)
        assert values.dtype == tf.EVALUATION_DTYPE
        assert len(values) == state.num_legal_actions()
        for a, action in enumerate(state.legal_actions()):
            returns = [
                w.child(action).playout(tf.hand_seed(5, i * 2 + j), policy).returns[player % 2]
                for i, w in enumerate(worlds)
                for j in range(2)
            ]
            assert values[a]["action"] == a
            assert values[a]["n"] == 6
            assert values[a]["mean"] == pytest.approx(np.mean(returns))
            assert values[a]["var"] == pytest.approx(np.var(returns, ddof=1))
        assert np.array_equal(values, state.evaluate_actions(player, worlds, 2, policy=policy, seed=5, threads=1))


def test_evaluate_actions_draws_worlds_for_the_player():
    # R10.3: a number of worlds means worlds drawn from what the player knows.
    state = walk(23, 50, lambda s: s.decision == tf.Decision.PLAY and s.num_legal_actions() > 2)
    player = state.current_player
    drawn = state.resample_many(player, 4, world_seed(9))
    expected = state.evaluate_actions(player, drawn, 2, seed=9)
    assert np.array_equal(state.evaluate_actions(player, 4, 2, seed=9), expected)
    assert not np.array_equal(state.evaluate_actions(player, 4, 2, seed=10), expected)
    with pytest.raises(ValueError):
        state.evaluate_actions(player, 0)
    with pytest.raises(TypeError):
        state.evaluate_actions(player, True)


def test_evaluate_actions_refuses_bad_arguments():
    state = walk(21, 40, lambda s: s.decision == tf.Decision.PLAY)
    player = state.current_player
    with pytest.raises(ValueError, match="current player"):
        state.evaluate_actions((player + 1) % 4, [state])
    with pytest.raises(ValueError, match="same decision"):
        state.evaluate_actions(player, [state, tf.HandState.new(1)])
    with pytest.raises(ValueError, match="at least one"):
        state.evaluate_actions(player, [])
    with pytest.raises(TypeError):
        state.evaluate_actions(player, [state._core])
    with pytest.raises(IndexError):
        state.evaluate_actions(4, [state])
    with pytest.raises(ValueError):
        state.evaluate_actions(player, [state], 0)


def test_bad_policy_threads_and_seeds():
    state = tf.HandState.new(1)
    with pytest.raises(ValueError, match="'random', 'heuristic'"):
        state.playouts(3, 1, policy="greedy")
    with pytest.raises(TypeError):
        state.playouts(3, 1, policy=None)
    with pytest.raises(ValueError):
        state.playouts(3, 1, threads=0)
    with pytest.raises(TypeError):
        state.playouts(3, 1, threads=True)
    with pytest.raises(TypeError):
        state.playouts(3, 1, calls=1)
    with pytest.raises(ValueError):
        state.playouts(-1, 1)
    with pytest.raises(ValueError):
        state.playout(2**64)
    with pytest.raises(TypeError):
        state.playout(True)
    assert len(state.playouts(2, 1, threads=10**6)) == 2  # capped at MAX_THREADS
    over = walk(1, 10**4)
    with pytest.raises(ValueError, match="over"):
        over.playout(1)
    with pytest.raises(ValueError, match="over"):
        tf.policy_action(over)


def test_playouts_from_python_threads():
    state = walk(9, 50)
    expected = state.playouts(400, 3, policy="heuristic")
    results = [None, None]

    def run(i):
        results[i] = state.playouts(400, 3, policy="heuristic")

    threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(np.array_equal(r, expected) for r in results)


def test_simulate_records():
    records = tf.simulate(400, 6, policy="heuristic", threads=1)
    assert records.dtype == tf.HAND_RECORD_DTYPE
    assert records.shape == (400,)
    assert np.array_equal(records, tf.simulate(400, 6, policy="heuristic", threads=3))
    # R8.3 to R8.5: a team scores -425..400, and without calls the two scores sum to 100 or 200/0
    assert (records["score"] >= -425).all()
    assert (records["score"] <= 400).all()
    plain = tf.simulate(400, 6, calls=False)
    totals = plain["score"].sum(axis=1)
    assert set(np.unique(totals)) <= {100, 200}
    assert np.array_equal(totals == 200, plain["one_two"] == 1)
    in_turn = tf.simulate(50, 6, rules=tf.Rules(bombs_out_of_turn=False))
    assert in_turn.shape == (50,)
    with pytest.raises(TypeError):
        tf.simulate(5, 1, rules="default")


def test_simulate_keeps_the_random_hands_of_a_seed():
    # The random policy with calls draws as simulate always has: the same deals, scores and calls
    records = tf.simulate(300, 9)
    rows = tf._core.simulate(9, 0, 300)
    assert np.array_equal(records["score"], rows[:, 0:2])
    assert np.array_equal(records["calls"], rows[:, 6:10])
    assert np.array_equal(records["first_out"], rows[:, 3])


def run_cli(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        status = cli.main(list(args))
    return status, out.getvalue()


def test_cli_simulate_flags():
    base = ("simulate", "--hands", "300", "--seed", "2", "--json")
    status, text = run_cli(*base, "--policy", "heuristic", "--threads", "2")
    assert status == 0
    two = json.loads(text)
    one = json.loads(run_cli(*base, "--policy", "heuristic")[1])
    assert two["team_score"] == one["team_score"]
    assert two["tricks_per_hand"] == one["tricks_per_hand"]
    silent = json.loads(run_cli(*base, "--no-calls")[1])
    assert silent["tichu"]["calls"] == 0
    assert silent["grand_tichu"]["calls"] == 0
    status, text = run_cli("simulate", "--hands", "100", "--policy", "heuristic")
    assert status == 0
    assert "heuristic-policy hands" in text
    for bad in (("--policy", "greedy"), ("--threads", "0"), ("--threads", "x")):
        with pytest.raises(SystemExit) as exit_info, contextlib.redirect_stderr(io.StringIO()):
            cli.main(["simulate", "--hands", "10", *bad])
        assert exit_info.value.code == 2


def first_call_difference(policy: str) -> tuple[tf.HandState, int]:
    """The first decision (deals 0.., played without calls) where `policy` with calls differs from it without."""
    for deal in range(200):
        state, k = tf.HandState.new(deal), 0
        while not state.is_terminal():
            seed = tf.hand_seed(deal, k)
            without = tf.policy_action(state, policy, seed, calls=False)
            if tf.policy_action(state, policy, seed, calls=True) != without:
                return state, seed
            state.apply(without)
            k += 1
    raise AssertionError(f"the {policy} policy never calls")


@pytest.mark.parametrize("policy", ["heuristic", "heuristic-v1", "random"])
def test_policy_action_decides_the_calls_as_in_play_by_default(policy):
    # R7.1, R7.2: a bot that hands its calls to the policy (as the README's tour does) calls; the
    # default once was calls=False, so such a bot never called.
    state, seed = first_call_difference(policy)
    action = tf.policy_action(state, policy, seed)
    assert action == tf.policy_action(state, policy, seed, calls=True)
    assert action.kind in (tf.ActionKind.GRAND_TICHU, tf.ActionKind.TICHU)
    assert action.call
