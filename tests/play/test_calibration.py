"""The calibration of calls (tichu_fast.calibration): its statistics against ones computed here by hand."""

from __future__ import annotations

import math

import numpy as np
import pytest

import tichu_fast as tf
from tichu_fast import _core
from tichu_fast.arena import duplicate, duplicate_positions
from tichu_fast.bots import HeuristicBot, make_bot
from tichu_fast.bots.decide import call_action
from tichu_fast.calibration import Calibration, call_calibration, field_table


def test_groups_brier_and_wilson_by_hand():
    chance = np.array([0.9, 0.1, 0.5, 0.3, 0.7, 0.2])
    made = np.array([True, False, True, False, True, True])
    c = Calibration("tichu", chance, made)
    assert c.calls == 6
    assert c.made_rate == pytest.approx(4 / 6)
    assert c.brier == pytest.approx((0.01 + 0.01 + 0.25 + 0.09 + 0.09 + 0.64) / 6)
    groups = c.groups(3)  # sorted: 0.1 0.2 | 0.3 0.5 | 0.7 0.9
    assert [g.calls for g in groups] == [2, 2, 2]
    assert [g.chance for g in groups] == pytest.approx([0.15, 0.4, 0.8])
    assert [g.made for g in groups] == pytest.approx([0.5, 0.5, 1.0])
    assert [g.gap for g in groups] == pytest.approx([0.35, 0.1, 0.2])
    assert c.worst_gap(3) == pytest.approx(0.35)
    # Wilson's 95% interval of 1 in 2: centre (0.5 + z²/4) / (1 + z²/2), half z·sqrt(1/8 + z²/16) / (1 + z²/2)
    z = 1.959963984540054
    centre, half = (0.5 + z * z / 4) / (1 + z * z / 2), z * math.sqrt(1 / 8 + z * z / 16) / (1 + z * z / 2)
    assert (groups[0].low, groups[0].high) == pytest.approx((centre - half, centre + half))
    assert groups[2].high == 1.0  # clipped
    assert len(c.groups(10)) == 6  # never more groups than calls
    assert "Brier 0.1817" in c.table(3)
    assert c.to_dict(3)["groups"][0]["gap"] == pytest.approx(0.35)


def test_the_calibrating_doubt_by_hand_and_on_drawn_calls():
    # four calls at 50%, three made: sigmoid(0 - d) = 3/4, so d = -ln 3; the information 4 x 3/4 x 1/4
    d = Calibration("tichu", np.full(4, 0.5), np.array([True, True, True, False])).doubt()
    assert d.mean == pytest.approx(-math.log(3), abs=1e-9)
    assert d.ci == pytest.approx(1.959963984540054 / math.sqrt(0.75))
    # calls made as if their chances were 0.7 logits higher: the fit finds -0.7, and the chances it reads make
    # as many calls as were made (the likelihood's top)
    rng = np.random.default_rng(5)
    chance = rng.uniform(0.2, 0.9, 20000)
    logit = np.log(chance / (1 - chance))
    made = rng.random(20000) < 1 / (1 + np.exp(-(logit + 0.7)))
    fit = Calibration("tichu", chance, made).doubt()
    assert abs(fit.mean + 0.7) < fit.ci < 0.1
    assert np.sum(1 / (1 + np.exp(fit.mean - logit))) == pytest.approx(made.sum(), abs=1e-6)
    # calls all made (or all failed) have no finite fit: the bound of the doubts a bot takes
    assert Calibration("tichu", np.array([0.6, 0.7]), np.array([True, True])).doubt().mean == pytest.approx(-10)
    assert Calibration("tichu", np.array([0.6, 0.7]), np.array([False, False])).doubt().mean == pytest.approx(10)
    assert "calibrated by a doubt of -1.10 ± 2.26" in Calibration("tichu", np.full(4, 0.5), np.arange(4) < 3).table()
    assert math.isnan(Calibration("tichu", np.zeros(0), np.zeros(0, dtype=bool)).doubt().mean)


def test_an_empty_calibration_and_bad_arguments():
    empty = Calibration("grand_tichu", np.zeros(0), np.zeros(0, dtype=bool))
    assert empty.calls == 0
    assert math.isnan(empty.brier)
    assert math.isnan(empty.worst_gap())
    assert empty.groups() == []
    assert empty.table() == "grand_tichu: no call"
    assert empty.to_dict() == {
        "kind": "grand_tichu",
        "calls": 0,
        "made_rate": None,
        "brier": None,
        "doubt": None,
        "groups": [],
    }
    with pytest.raises(ValueError, match="one length"):
        Calibration("tichu", np.zeros(2), np.zeros(3, dtype=bool))
    with pytest.raises(ValueError, match=r"0\.\.1"):
        Calibration("tichu", np.array([1.5]), np.array([True]))
    with pytest.raises(ValueError, match="positive"):
        Calibration("tichu", np.array([0.5]), np.array([True])).groups(0)
    with pytest.raises(ValueError, match="one kind"):
        Calibration.join([empty, Calibration("tichu", np.zeros(0), np.zeros(0, dtype=bool))])


def test_the_calls_and_chances_are_those_of_hands_played_by_hand():
    # R7.1, R7.2: team A reads a Tichu called in play half a logit higher (play_doubt=-0.5), so it calls more there
    deals, seed = 30, 11
    result = duplicate("heuristic:play_doubt=-0.5", "heuristic-v1", deals, seed)
    ours = call_calibration(result, "heuristic:play_doubt=-50")
    theirs = call_calibration(result, "heuristic-v2", team="b")
    expected: dict[str, dict[str, list]] = {side: {"tichu": [], "grand_tichu": []} for side in ("a", "b")}
    after_exchange = 0  # Tichus called on other cards than the dealt 14
    read_in_play = 0  # ... whose chance play_doubt changes
    for d in range(deals):
        deal_seed = tf.hand_seed(seed, d)
        start = tf.HandState.new(deal_seed)
        assert len(start.seen(start.current_player)) == 8
        for play in (0, 1):
            a, b = HeuristicBot(play_doubt=-0.5), make_bot("heuristic-v1")
            state = tf.HandState.new(deal_seed)
            called_on = {}  # seat -> what it saw when its call came: its first 8, or its 14 then
            in_play = {}  # seat -> whether its call came at a play decision
            while not state.is_terminal():
                seat = state.current_player
                seen, playing = state.seen(seat).mask, state.decision == tf.Decision.PLAY
                state.apply((a if (seat & 1) == play else b).act(state, seat))
                if seat not in called_on and state.calls[seat] != tf.Call.NONE:
                    called_on[seat], in_play[seat] = seen, playing
            for seat, call in enumerate(state.calls):
                if call == tf.Call.NONE:
                    continue
                side, heuristic = ("a", "heuristic:play_doubt=-50") if (seat & 1) == play else ("b", "heuristic-v2")
                grand = call == tf.Call.GRAND_TICHU
                after_exchange += not grand and called_on[seat] != start.hands[seat].mask
                chance = _core._heuristic_call_chance(called_on[seat], grand, heuristic, in_play[seat]) / 1000
                read_in_play += (
                    side == "a" and chance != _core._heuristic_call_chance(called_on[seat], grand, heuristic) / 1000
                )
                expected[side]["grand_tichu" if grand else "tichu"].append((chance, state.out_order[0] == seat))
    for side, got in (("a", ours), ("b", theirs)):
        for kind in ("tichu", "grand_tichu"):
            # the same calls, each with the same chance and outcome (in another order)
            pairs = sorted(zip(got[kind].chance.tolist(), got[kind].made.tolist(), strict=True))
            assert pairs == sorted(expected[side][kind])
    assert ours["tichu"].calls == result.call_success["a"]["tichu"]["calls"] > 0
    assert theirs["tichu"].calls == result.call_success["b"]["tichu"]["calls"] > 0
    assert ours["grand_tichu"].calls + theirs["grand_tichu"].calls > 0
    assert after_exchange > 0  # so the chance is read from the cards called on, not from the deal
    assert read_in_play > 0  # ... and a Tichu in play with the play_doubt


def test_call_calibration_refuses_a_wrong_team():
    result = duplicate("heuristic", "heuristic-v1", 2, 0)
    with pytest.raises(ValueError, match="team"):
        call_calibration(result, team="c")
    with pytest.raises(ValueError, match="seat"):
        call_calibration(result, seat=2)


@pytest.mark.parametrize("team", ["a", "b"])
def test_call_calibration_of_one_seat_of_the_team(team):
    # the team's first seat (its parity below 2) and its second, counted by hand; together the whole team
    deals, seed = 60, 3
    result = duplicate("heuristic-v2", "heuristic", deals, seed)
    whole = call_calibration(result, "heuristic-v2", team)
    for kind, call in (("tichu", tf.Call.TICHU), ("grand_tichu", tf.Call.GRAND_TICHU)):
        parts = []
        for seat in (0, 1):
            chance, made = [], []
            for row in range(result.hands):
                s = ((row & 1) ^ (team == "b")) + 2 * seat
                if result.seat_calls[row, s] == int(call):
                    cards, grand = int(result.call_hands[row, s]), call == tf.Call.GRAND_TICHU
                    chance.append(_core._heuristic_call_chance(cards, grand, "heuristic-v2") / 1000)
                    made.append(result.first_out[row] == s)
            got = call_calibration(result, "heuristic-v2", team, seat=seat)[kind]
            np.testing.assert_array_equal(got.chance, chance)
            np.testing.assert_array_equal(got.made, made)
            parts.append(got.calls)
        assert sum(parts) == whole[kind].calls
    assert whole["tichu"].calls > 0


def test_a_call_made_before_a_position_is_left_out():
    # seat 0 calls Tichu before the exchange; from the first play on, the arena sees only the calls after
    positions = []
    for d in range(6):
        state = tf.HandState.new(tf.hand_seed(9, d))
        bot = HeuristicBot(calls=False)
        while state.decision != tf.Decision.PLAY:
            seat = state.current_player
            called = seat == 0 and state.decision == tf.Decision.TICHU
            state.apply(call_action(state) if called else bot.act(state, seat))
        positions.append(state)
    result = duplicate_positions(HeuristicBot(), HeuristicBot(), positions, 4)
    assert (result.seat_calls[:, 0] == int(tf.Call.TICHU)).all()
    assert (result.call_hands[:, 0] == 0).all()
    later = (result.seat_calls[:, 1:] != 0).sum()
    assert (result.call_hands != 0).sum() == later > 0
    both = call_calibration(result)["tichu"].calls + call_calibration(result, team="b")["tichu"].calls
    assert both == (result.seat_calls[:, 1:] == int(tf.Call.TICHU)).sum()


def test_calls_all_made_or_none_are_shown_so_not_as_a_bound():
    # doubt() stops at -10 / +10 with an interval of hundreds: the tables say why no doubt is shown
    made = Calibration("grand_tichu", np.array([0.6, 0.7]), np.array([True, True]))
    failed = Calibration("grand_tichu", np.array([0.6, 0.7]), np.array([False, False]))
    assert "all made: no doubt calibrates them" in made.table()
    assert "none made: no doubt calibrates them" in failed.table()
    assert "10.00" not in made.table() + failed.table()
    shown = field_table({"m": {"tichu": made, "grand_tichu": failed}})
    assert "all made" in shown.splitlines()[1]
    assert "none made" in shown.splitlines()[2]
    assert "-10.00" not in shown


def test_calls_of_one_chance_are_mixed_before_the_groups_are_cut():
    # two matches joined: 100 calls at 60% all made, then 100 at 60% all failed. Cut in their order, the
    # first group would be one match's (made 100%); shuffled, each group holds both, and the cut does not
    # depend on the order the matches were joined in
    first = Calibration("tichu", np.full(100, 0.6), np.ones(100, dtype=bool))
    second = Calibration("tichu", np.full(100, 0.6), np.zeros(100, dtype=bool))
    groups = Calibration.join([first, second]).groups(4)
    assert [g.calls for g in groups] == [50] * 4
    assert all(0.25 < g.made < 0.75 for g in groups)
    assert sum(g.made * g.calls for g in groups) == 100
    assert Calibration.join([first, second]).groups(4) == Calibration.join([first, second]).groups(4)
    # chances that differ still sort: no shuffle moves a call past a higher chance
    c = Calibration("tichu", np.array([0.9, 0.1, 0.5, 0.1]), np.array([True, False, True, True]))
    assert [g.chance for g in c.groups(4)] == pytest.approx([0.1, 0.1, 0.5, 0.9])
