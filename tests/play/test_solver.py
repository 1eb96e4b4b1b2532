"""tichu_fast.solver on hand-checked positions, its limits and its errors (docs/solver.md)."""

from __future__ import annotations

import random

import pytest

import tichu_fast as tf
from tests.play.test_solver_reduction import positions
from tichu_fast import reference as ref
from tichu_fast.reference import solver as reference_solver
from tichu_fast.solver import cards_left, in_endgame, solve


def values(result: object) -> dict[str, int | None]:
    return {str(item.action): item.value for item in result.actions}  # type: ignore[attr-defined]


def test_dragon_gift_goes_to_the_tailender_whose_pile_the_first_out_takes() -> None:
    # R5.5, R8.2, R8.4: seat 2 went out first, so seat 1 (the tailender) hands his pile to team 0
    state = tf.HandState.from_position(["Dr", "2j", "", ""], 0, out_order=[2, 3])
    state.apply("Dr")
    result = state.solve()
    assert result.exact
    assert values(result) == {"give 1": 25, "give 3": -25}
    assert str(result.best) == "give 1"


def test_a_tichu_call_before_the_first_play_is_a_choice() -> None:
    # R7.2: seat 0 has not played, surely goes out first, and seat 2 follows for the one-two (R8.3)
    state = tf.HandState.from_position(["Aj", "2j 3s", "4j", "5j"], 0, played=[1, 2, 3])
    result = state.solve()
    assert values(result) == {"Aj": 200, "tichu": 300}
    assert result.value == 300
    assert [str(a) for a in result.line] == ["tichu", "Aj", "pass", "pass", "pass", "2j", "4j"]
    assert result.line_complete


def test_an_out_of_turn_bomb_is_a_choice() -> None:
    # R4.4, R10.2: seat 3 (not next in turn) may bomb the King out of turn; the bomb takes its 10 points
    hands = ["Kj 3s", "4s", "3j", "7j 7s 7p 7t"]
    state = tf.HandState.from_position(hands, 0, played=[0, 1, 2, 3])
    state.apply("Kj")
    assert state.decision == tf.Decision.BOMB
    result = state.solve()
    slow = ref.HandState.from_position(hands, 0, played=[0, 1, 2, 3])
    slow.apply("Kj")
    assert values(result) == {str(a): v for a, v in reference_solver.action_values(slow)}
    assert set(values(result)) == {"pass", "7j 7s 7p 7t"}
    assert result.value == min(values(result).values())  # type: ignore[type-var]


def test_the_wish_binds_in_the_solve() -> None:
    # R6.1, R6.3: after the Mah Jong a wish for 10 forces seat 3 to spend his 10 at once
    state = tf.HandState.from_position(["MJ 3j", "9j 5j", "Aj", "10p"], 0, played=[0, 1, 2, 3])
    state.apply("MJ")
    result = state.solve()
    slow = ref.HandState.from_position(["MJ 3j", "9j 5j", "Aj", "10p"], 0, played=[0, 1, 2, 3])
    slow.apply("MJ")
    assert values(result) == {str(a): v for a, v in reference_solver.action_values(slow)}
    assert values(result)["wish 10"] > values(result)["no wish"]  # type: ignore[operator]
    assert str(result.best) == "wish 10"


def test_a_node_limit_gives_bounds_never_a_wrong_exact() -> None:
    state = tf.HandState.from_position(["Aj Kj 5j", "2j 3s 5s", "4j 10j", "5p Ks"], 0, played=[0, 1, 2, 3])
    exact = state.solve(fresh_table=True)
    assert exact.exact
    for budget in (0, 1, 5, 50):
        partial = state.solve(max_nodes=budget, fresh_table=True)
        assert partial.lower <= exact.value <= partial.upper  # type: ignore[operator]
        for item, truth in zip(partial.actions, exact.actions, strict=True):
            assert item.lower <= truth.lower <= item.upper
        if not partial.exact:
            assert partial.line == ()


def after(state: tf.HandState, line: tuple[tf.Action, ...]) -> tf.HandState:
    """`state` with the actions of `line` played."""
    end = state.clone()
    for action in line:
        end.apply(action)
    return end


def test_an_exact_result_has_a_line_to_the_end_of_the_hand() -> None:
    # issue 33: the proof fit in the budget, the line did not and stopped after 9 actions, still "exact". The
    # proof's cost follows the heuristic's move order: 160 positions then, 304 with its answers of 2026-12-06
    state = tf.HandState.from_position(
        ["3s 6j", "2t 4j 4s 5j 5t 8j 9j 10p", "", "MJ 5p 10j Ap"],
        3,
        piles=[
            "Ph Dr 7j 7t 9s 9p 9t 10s 10t Jj Qs Qp Qt Kp Kt Aj At",
            "",
            "2j 2s 2p 3p 5s 6s 6p 6t 7s 7p 8s 8p 8t Js Jp Jt Qj Kj Ks As",
            "3j 3t 4p 4t",
        ],
        out_order=[2],
    )
    result = state.solve(max_nodes=310, fresh_table=True)
    assert result.exact
    assert result.nodes > 310  # the line went on past the proof's budget
    assert result.value == 30
    assert result.line_complete
    end = after(state, result.line)
    assert end.is_terminal()
    team0, team1 = end.returns()
    assert team0 - team1 == 30


def test_line_complete_says_whether_the_line_ends_the_hand() -> None:
    # Budgets from a few positions to the proof's own cost (the line then has as many as the proof had): a
    # complete line ends the hand at the value; a line cut short keeps the value so far.
    rng = random.Random(33)
    seen = {"complete": 0, "cut": 0, "inexact": 0}
    for state in positions(33, 100, 16):
        proof = state.solve(line=False, fresh_table=True).nodes
        result = state.solve(max_nodes=rng.choice([proof, proof, rng.randrange(proof + 1)]), fresh_table=True)
        end = after(state, result.line)
        if not result.exact:
            assert result.line == ()
            assert not result.line_complete
            seen["inexact"] += 1
        elif result.line_complete:
            assert end.is_terminal(), state.replay()
            team0, team1 = end.returns()
            assert team0 - team1 == result.value
            seen["complete"] += 1
        else:
            assert not end.is_terminal(), state.replay()
            assert end.solve().value == result.value, state.replay()
            seen["cut"] += 1
    assert min(seen.values()) > 0, seen  # every case met


@pytest.mark.parametrize("threads", [1, 4, 64])
def test_max_seconds_is_one_deadline_every_thread_reads_at_once(threads: int) -> None:
    # A deadline past before the search starts stops every thread at its first position (it used to read the
    # clock after 1024 positions of its own, from its own start): 56 cards are far from solved by then.
    state = tf.HandState.new(7)
    while not state.decision.in_play:
        state.apply(tf.search.policy_action(state, "heuristic"))
    result = state.solve(max_seconds=1e-9, threads=threads)
    assert not result.exact
    assert result.line == ()
    assert not result.line_complete
    assert result.nodes <= threads


def test_solve_leaves_the_state_unchanged() -> None:
    state = tf.HandState.from_position(["Aj Kj 5j", "2j 3s 5s", "4j 10j", "5p Ks"], 0)
    before = state.replay()
    state.solve()
    assert state.replay() == before


def test_positions_before_the_play_are_refused() -> None:
    state = tf.HandState.new(1)
    with pytest.raises(ValueError, match="before it"):
        solve(state)
    while not state.is_terminal():
        state.apply(tf.search.policy_action(state, "heuristic"))
    with pytest.raises(ValueError, match="over"):
        state.solve()


def test_bad_arguments_raise_clear_errors() -> None:
    state = tf.HandState.from_position(["Aj", "2j 3s", "4j", "5j"], 0)
    with pytest.raises(ValueError, match="max_nodes"):
        state.solve(max_nodes=-1)
    with pytest.raises(ValueError, match="max_seconds"):
        state.solve(max_seconds=-0.5)
    with pytest.raises(TypeError, match="max_nodes"):
        state.solve(max_nodes="10")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="max_nodes"):
        state.solve(max_nodes=1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="line"):
        state.solve(line=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="HandState"):
        solve(ref.HandState.from_position(["Aj", "2j 3s", "4j", "5j"], 0))  # type: ignore[arg-type]
    assert state.legal_actions()  # unchanged and usable


def test_reference_solver_refuses_positions_before_the_play() -> None:
    with pytest.raises(ValueError, match="before it"):
        reference_solver.value(ref.HandState.new(1))


def test_in_endgame_is_a_decision_of_the_play_with_few_cards_left() -> None:
    # R10.1: the decisions of the play are PLAY, WISH, DRAGON_GIFT and BOMB
    assert {d for d in tf.Decision if d.in_play} == {
        tf.Decision.PLAY,
        tf.Decision.WISH,
        tf.Decision.DRAGON_GIFT,
        tf.Decision.BOMB,
    }
    state = tf.HandState.from_position(["Aj 3s", "2j", "4j", "5j"], 0, played=[0, 1, 2, 3])
    assert cards_left(state) == 5
    assert in_endgame(state, 5)
    assert in_endgame(state, None)
    assert not in_endgame(state, 4)
    fresh = tf.HandState.new(1)  # R2.1: Grand Tichu first, before the play
    assert cards_left(fresh) == 56
    assert not in_endgame(fresh, None)
