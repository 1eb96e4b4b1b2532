"""The search-bot examples: legal actions only, no calls, and duplicate's seat swap (C++ only)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import numpy as np
import pytest

import tichu_fast as tf

from ..game_helpers import walked

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples"))
import duplicate
import learn
from flat_mc import flat_mc_action
from ismcts import ismcts_action


def random_states(count: int) -> list[tf.HandState]:
    """Seeded hands walked by uniformly random actions for 0..150 steps: every kind of decision."""
    rng = random.Random(17)
    states: list[tf.HandState] = []
    while len(states) < count:
        state = walked(rng, 0, 150)
        if not state.is_terminal():
            states.append(state)
    return states


def rare_decisions() -> list[tf.HandState]:
    """A state at each of WISH, DRAGON_GIFT and BOMB (R6.1, R5.5, R10.2), found by random play."""
    wanted = {tf.Decision.WISH, tf.Decision.DRAGON_GIFT, tf.Decision.BOMB}
    found: dict[tf.Decision, tf.HandState] = {}
    for seed in range(3000):
        state = tf.HandState.new(seed)
        rng = random.Random(seed)
        while not state.is_terminal() and len(found) < len(wanted):
            if state.decision in wanted and state.decision not in found and state.num_legal_actions() > 1:
                found[state.decision] = state.clone()
            state.apply_index(rng.randrange(state.num_legal_actions()))
        if len(found) == len(wanted):
            return list(found.values())
    raise AssertionError(f"only {sorted(found)} found in 3000 random hands")


STATES = random_states(30) + rare_decisions()


@pytest.mark.parametrize(
    "bot",
    [
        lambda state, seed: flat_mc_action(state, 200, seed=seed),
        lambda state, seed: ismcts_action(state, 40, seed=seed),
    ],
    ids=["flat_mc", "ismcts"],
)
def test_example_bots_return_legal_actions_and_never_call(bot):
    # R10.1: the action answers the decision under way; R7.1, R7.2: calls are off in the examples.
    decisions = set()
    for i, state in enumerate(STATES):
        before = state.clone()
        action = bot(state, i)
        assert state == before  # the search works on worlds and copies, never on the state
        assert state.is_legal(action), (state.decision, action)
        assert not action.call
        decisions.add(state.decision)
    assert {tf.Decision.PLAY, tf.Decision.WISH, tf.Decision.DRAGON_GIFT, tf.Decision.BOMB} <= decisions


def test_duplicate_plays_each_deal_twice_with_the_seats_swapped():
    # R10.1: the same deal, bot A at seats 0 and 2, then at 1 and 3.
    seen: list[tuple[str, int, tuple[tf.Cards, ...]]] = []

    def recording(name: str) -> duplicate.Bot:
        def bot(state: tf.HandState, seed: int) -> tf.Action:
            if not state.history:  # the first decision of a play: the deal as dealt
                seen.append((name, state.current_player, state.hands))
            seen.append((name, state.current_player, ()))
            return tf.policy_action(state, "heuristic", seed, calls=False)

        return bot

    result = duplicate.play_deal(tf.hand_seed(3, 0), recording("A"), recording("B"))
    starts = [entry for entry in seen if entry[2]]
    assert len(starts) == 2
    assert starts[0][2] == starts[1][2]  # the same cards both times
    assert starts[0][:2] == ("A", 0)
    assert starts[1][:2] == ("B", 0)
    second = seen.index(starts[1])
    assert {seat for name, seat, _ in seen[:second] if name == "A"} == {0, 2}
    assert {seat for name, seat, _ in seen[second:] if name == "A"} == {1, 3}
    # The same deterministic bot on both sides plays the same game twice: A's margin is 0.
    assert result.margin == 0
    assert result.first == (result.second[1], result.second[0])


def test_duplicate_match_prints_the_interval(capsys):
    # R8.3, R8.4: with calls off a team's hand is worth -25..200 points.
    results = duplicate.main(["heuristic", "random", "--deals", "3", "--seed", "5"])
    assert [r.seed for r in results] == [tf.hand_seed(5, k) for k in range(3)]
    assert all(-25 <= p <= 200 for r in results for p in (*r.first, *r.second))
    out = capsys.readouterr().out
    assert "heuristic (A) vs random (B): 3 deals x 2 plays, seed 5, calls off" in out
    assert "(95%)" in out


def test_duplicate_refuses_an_unknown_bot():
    with pytest.raises(ValueError, match="unknown bot 'alphago'"):
        duplicate.make_bot("alphago")


def test_learn_quick_completes_with_finite_numbers(tmp_path, capsys):
    # R7, R8: points per hand are team scores; the quick run trains, evaluates twice and prints each checkpoint.
    curve = learn.main(["--quick", "--seed", "3", "--png", str(tmp_path / "curve.png")])
    assert len(curve) == 3
    assert all(np.isfinite(row).all() for row in np.array(curve))
    assert curve[-1][1] > 0  # hands were trained on
    assert all(-425 <= points <= 600 and 0 <= wins <= 1 for _, _, points, wins in curve)  # R7.1, R7.2, R8.3-R8.5
    out = capsys.readouterr().out
    assert "random learner on 64 held-out deals" in out
    assert out.count("hands trained") == 3
    # --quick is a fixed amount of work: the same hands and numbers on any machine, however busy.
    again = learn.main(["--quick", "--seed", "3", "--png", str(tmp_path / "again.png")])
    assert [row[1:] for row in again] == [row[1:] for row in curve]
    try:
        import matplotlib  # noqa: F401  (the [examples] extra: then the curve is drawn)
    except ImportError:
        return
    assert (tmp_path / "curve.png").read_bytes().startswith(b"\x89PNG")
