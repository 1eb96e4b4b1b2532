"""The endgame arena: duplicate matches from positions in play (tichu_fast.arena.duplicate_positions, docs/bots.md)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import tichu_fast as tf
from tichu_fast.arena import duplicate_positions, endgame_positions
from tichu_fast.bots import HeuristicBot


class Gifter:
    """Plays the first legal action, and gives the Dragon to the seat `to(seat)`."""

    def __init__(self, tailender: bool) -> None:
        self.tailender = tailender

    def act(self, state, _seat):
        actions = state.legal_actions()
        if state.decision == tf.Decision.DRAGON_GIFT:
            # from_position below: seat 1 is the tailender (its pile goes to seat 2, out first), seat 3 is out
            want = 1 if self.tailender else 3
            (gift,) = [a for a in actions if str(a).endswith(str(want))]
            return gift
        return actions[0]


class FirstLegal:
    """Always the first legal action: deterministic, blind to every hidden card."""

    def act(self, state, _seat):
        return state.legal_actions()[0]


class PythonHeuristic(HeuristicBot):
    """HeuristicBot played by the Python loop."""


def dragon_position() -> tf.HandState:
    # Seat 2 went out first, seat 3 second; seat 0 leads its last card, the Dragon, and goes out: seat 1 is
    # the tailender. The Dragon's 25 points go to an opponent of seat 0 (R5.5): given to seat 1, they pass with
    # seat 1's tricks to seat 2, out first (R8); given to seat 3, team 1 keeps them.
    return tf.HandState.from_position(["Dr", "2j", "", ""], 0, out_order=[2, 3])


def test_a_position_whose_outcome_a_team_decides_gives_the_known_margin() -> None:
    # R5.5 R8.2: in play 0 team A gives the Dragon (team 0 scores 25); in play 1 team B gives it away from the
    # tailender (team 1, that is team A, keeps 25). Each play is A 25, B 0: the margin is +25 with no spread.
    r = duplicate_positions(Gifter(tailender=True), Gifter(tailender=False), [dragon_position()] * 3, seed=5)
    assert (r.deals, r.hands) == (3, 6)
    assert r.margin.mean == 25.0
    assert r.margin.ci == 0.0
    assert r.points == (25.0, 0.0)
    assert r.calls.mean == 0.0
    assert r.cards.mean == 25.0
    assert r.decisions == (6, 6)  # seat 0 plays the Dragon and gives it, each team in 3 plays; seat 1 never decides
    assert r.deal_margins == (25.0, 25.0, 25.0)


def test_a_position_where_nothing_is_decided_gives_zero() -> None:
    # R5.5: both bots give the Dragon to the tailender: the same outcome in both plays, margin 0.
    r = duplicate_positions(Gifter(tailender=True), Gifter(tailender=True), [dragon_position()], seed=0)
    assert r.margin.mean == 0.0
    assert r.points == (12.5, 12.5)  # team 0's 25 points are A's in play 0 and B's in play 1


def test_swapping_the_teams_negates_the_margin() -> None:
    positions = endgame_positions(6, seed=3, cards=10)
    ab = duplicate_positions(FirstLegal(), PythonHeuristic(), positions, seed=1)
    ba = duplicate_positions(PythonHeuristic(), FirstLegal(), positions, seed=1)
    assert ab.deal_margins == tuple(-m for m in ba.deal_margins)
    assert ab.points == ba.points[::-1]
    assert any(m != 0 for m in ab.deal_margins)  # the bots differ on these positions: a sign to negate


def test_endgame_positions_are_in_play_with_few_cards_and_reproducible() -> None:
    positions = endgame_positions(5, seed=7, cards=12)
    assert len(positions) == 5
    for state in positions:
        assert not state.is_terminal()
        assert state.decision in (tf.Decision.PLAY, tf.Decision.WISH, tf.Decision.DRAGON_GIFT, tf.Decision.BOMB)
        assert sum(len(hand) for hand in state.hands) <= 12
        assert tf.HandState.from_replay(state.replay()) == state  # a real hand's position, replayable
    again = endgame_positions(5, seed=7, cards=12)
    assert [s.replay() for s in again] == [s.replay() for s in positions]


def test_the_positions_are_never_changed_and_threads_give_the_same_numbers() -> None:
    positions = endgame_positions(4, seed=2, cards=8)
    replays = [s.replay() for s in positions]
    one = duplicate_positions(FirstLegal(), PythonHeuristic(), positions, seed=9)
    two = duplicate_positions(FirstLegal(), PythonHeuristic(), positions, seed=9, threads=2)
    assert [s.replay() for s in positions] == replays
    assert one.deal_margins == two.deal_margins
    assert one.decisions == two.decisions


def test_bad_positions_raise_and_change_nothing() -> None:
    bot = FirstLegal()
    with pytest.raises(ValueError, match="not in play"):
        duplicate_positions(bot, bot, [tf.HandState.new(0)])  # R2.1: a Grand Tichu decision, before the play
    finished = dragon_position()
    while not finished.is_terminal():
        finished.apply(finished.legal_actions()[0])
    good, finished_before = dragon_position(), finished.clone()
    kept = good.clone()
    with pytest.raises(ValueError, match="finished"):
        duplicate_positions(bot, bot, [good, finished])
    assert good == kept
    assert finished == finished_before
    with pytest.raises(ValueError, match="no positions"):
        duplicate_positions(bot, bot, [])
    with pytest.raises(TypeError):
        duplicate_positions(bot, bot, dragon_position())
    with pytest.raises(TypeError):
        duplicate_positions(bot, bot, ["not a state"])
    with pytest.raises(ValueError):
        duplicate_positions(bot, bot, [dragon_position()], seed=-1)
    with pytest.raises(ValueError):
        endgame_positions(0, seed=0, cards=10)
    with pytest.raises(ValueError):
        endgame_positions(1, seed=0, cards=0)
    with pytest.raises(ValueError):
        endgame_positions(1, seed=0, cards=57)


ARENA = [sys.executable, "-m", "tichu_fast", "arena"]


def test_cli_positions_bot_needs_from_cards() -> None:
    result = subprocess.run(
        [*ARENA, "--team-a", "random", "--team-b", "random", "--deals", "1", "--positions-bot", "heuristic"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2
    assert "--from-cards" in result.stderr


def test_cli_from_cards() -> None:
    match = ["arena", "--team-a", "heuristic", "--team-b", "random:calls=0", "--deals", "3", "--from-cards", "10"]
    run = subprocess.run(
        [sys.executable, "-m", "tichu_fast", *match, "--seed", "1", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    out = json.loads(run.stdout)
    assert (out["deals"], out["hands"], out["native"]) == (3, 6, False)
    bad = subprocess.run(
        [sys.executable, "-m", "tichu_fast", "arena", "--round-robin", "heuristic,random", "--from-cards", "10"],
        capture_output=True,
        text=True,
    )
    assert bad.returncode == 2
    assert "--from-cards" in bad.stderr
