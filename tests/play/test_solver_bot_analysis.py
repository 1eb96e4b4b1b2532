"""SolverBot and the analysis of a replay (docs/solver.md)."""

from __future__ import annotations

import json

import pytest

import tichu_fast as tf
from tichu_fast.analysis import ANALYSIS_FORMAT, analyze
from tichu_fast.bots import make_bot
from tichu_fast.bots.solver_bot import SolverBot
from tichu_fast.cli import main
from tichu_fast.search import policy_action


def heuristic_hand(seed: int) -> tf.HandState:
    state = tf.HandState.new(seed)
    k = 0
    while not state.is_terminal():
        state.apply(policy_action(state, "heuristic", k, calls=True))
        k += 1
    return state


def test_solver_spec_builds_the_bot() -> None:
    bot = make_bot("solver:cards=10,worlds=3,max_nodes=5000,iterations=20")
    assert isinstance(bot, SolverBot)
    assert (bot.cards, bot.worlds, bot.max_nodes) == (10, 3, 5000)
    with pytest.raises(ValueError, match="worlds"):
        SolverBot(worlds=0)
    with pytest.raises(TypeError, match="cards"):
        SolverBot(cards="8")  # type: ignore[arg-type]


def test_solver_bot_takes_the_exact_best_action_in_an_open_endgame() -> None:
    # R7.2: seat 0 can call Tichu and go out first; with calls the bot sees it in every world
    state = tf.HandState.from_position(["Aj", "2j 3s", "4j", "5j"], 0, played=[1, 2, 3])
    bot = SolverBot(cards=10, hidden=4, worlds=2, calls=True)
    assert str(bot.act(state, 0)) == "tichu"
    state.apply("tichu")
    assert str(bot.act(state, 0)) == "Aj"


def test_solver_bot_plays_whole_hands_legally() -> None:
    bot = SolverBot(cards=8, worlds=2, max_nodes=20_000, iterations=20)
    state = tf.HandState.new(3)
    bot.reset(3)
    while not state.is_terminal():
        state.apply(bot.act(state, state.current_player))
    assert state.returns()


def test_analysis_sums_and_json_shape() -> None:
    state = heuristic_hand(5)
    result = analyze(state.replay(), cards=12)
    assert result.decisions
    for d in result.decisions:
        assert d.loss >= 0
        assert d.values[d.taken] == d.taken_value
        assert d.best_value == (max if d.seat % 2 == 0 else min)(d.values.values())
    assert sum(result.loss_by_seat) == pytest.approx(result.total_loss)
    assert result.loss_by_team[0] == pytest.approx(result.loss_by_seat[0] + result.loss_by_seat[2])
    data = result.to_json()
    assert data["format"] == ANALYSIS_FORMAT
    assert set(data["decisions"][0]) >= {"action_index", "seat", "taken", "taken_value", "best", "best_value"}
    actions = state.replay().strip().splitlines()[3:]
    first = data["decisions"][0]
    assert actions[first["action_index"]] == first["taken"]


def test_analysis_errors() -> None:
    with pytest.raises(ValueError, match="max_nodes"):
        analyze(heuristic_hand(1).replay(), max_nodes=-1)
    with pytest.raises(TypeError):
        analyze(b"tichu_fast replay 1")  # type: ignore[arg-type]


def test_cli_analyze_json(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    path = f"{tmp_path}/hand.txt"
    with open(path, "w", encoding="utf-8") as file:
        file.write(heuristic_hand(5).replay())
    assert main(["analyze", path, "--json", "--cards", "10"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["format"] == ANALYSIS_FORMAT
    assert sum(data["loss_by_seat"]) == pytest.approx(data["total_loss"])
    assert data["loss_by_team"] == pytest.approx(
        [data["loss_by_seat"][0] + data["loss_by_seat"][2], data["loss_by_seat"][1] + data["loss_by_seat"][3]]
    )
    assert main(["analyze", path, "--cards", "10"]) == 0
    text = capsys.readouterr().out
    for line in ("loss by seat 0:", "loss by team 0:", "total loss"):
        assert line in text
    assert main(["analyze", f"{tmp_path}/missing.txt"]) == 2
    for bad in (["--budget", "-1"], ["--cards", "-3"], ["--budget", "x"]):
        with pytest.raises(SystemExit):
            main(["analyze", path, *bad])
        assert "a count is an int >= 0" in capsys.readouterr().err


def test_analysis_finds_a_hand_checked_wish_mistake() -> None:
    # R6.1, R6.3: not wishing for 10 lets seat 3 keep his 10; the wish would have won seat 0's team 20
    state = tf.HandState.from_position(["MJ 3j", "9j 5j", "Aj", "10p"], 0, played=[0, 1, 2, 3])
    for text in ("MJ", "no wish", "5j", "Aj", "pass", "pass", "pass", "10p", "pass", "pass", "3j"):
        state.apply(text)
    result = analyze(state.replay())
    mistakes = [(d.action_index, d.seat, d.taken, d.best, d.loss) for d in result.decisions if d.loss > 0]
    assert mistakes == [(1, 0, "no wish", "wish 10", 20.0)]
    assert result.loss_by_seat == (20.0, 0.0, 0.0, 0.0)
    assert result.loss_by_team == (20.0, 0.0)


def test_solver_bot_refuses_bad_input_and_leaves_the_state() -> None:
    # R10.1: a bot decides for the player in turn only
    state = tf.HandState.from_position(["Aj", "2j 3s", "4j", "5j"], 0, played=[1, 2, 3])
    before = state.replay()
    bot = SolverBot(cards=10, worlds=2)
    with pytest.raises(ValueError, match="not the player in turn"):
        bot.act(state, 1)
    with pytest.raises(IndexError):
        bot.act(state, 7)
    with pytest.raises(TypeError):
        bot.act(state, "0")  # type: ignore[arg-type]
    for options in ({"budget": -1.0}, {"max_nodes": -5}, {"hidden": -1}, {"cards": -1}, {"iterations": 0}):
        with pytest.raises(ValueError):
            SolverBot(**options)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="max_nodes"):
        SolverBot(max_nodes=1.5)  # type: ignore[arg-type]
    assert state.replay() == before
    over = heuristic_hand(2)
    with pytest.raises(ValueError, match="over"):
        bot.act(over, 0)


def test_solver_bot_solves_only_when_few_cards_are_hidden() -> None:
    # R10.3: the cards of the other three hands are what the seat cannot see
    state = tf.HandState.from_position(["Aj 2s 3s", "2j 3j", "4j", "5j 6j"], 0, played=[0, 1, 2, 3])
    assert SolverBot(cards=10, hidden=5).endgame(state)
    assert not SolverBot(cards=10, hidden=4).endgame(state)
    assert not SolverBot(cards=7, hidden=5).endgame(state)
    assert not SolverBot(cards=10, hidden=5).endgame(state, 1)  # seat 1 cannot see 6 cards
    assert SolverBot(cards=10, hidden=6).endgame(state, 1)
