"""The field and the gauntlet (tichu_fast.bots.field, tichu_fast.gauntlet, `tichu-fast arena --gauntlet`)."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import numpy as np
import pytest

import tichu_fast as tf
from tichu_fast import _core
from tichu_fast.arena import duplicate, estimate
from tichu_fast.bots import BOTS, FIELD, HeuristicBot, HeuristicV2Bot, MonteCarloBot, RandomBot, make_bot
from tichu_fast.bots.decide import exchange_candidates, own_heuristic
from tichu_fast.calibration import Calibration
from tichu_fast.gauntlet import gauntlet

BONUS = {tf.Call.TICHU: 100, tf.Call.GRAND_TICHU: 200}


def played_by_hand(a_bot, b_bot, deals: int, seed: int) -> dict:
    """The gauntlet's statistics of one match computed here from hands played on the true states, with the
    arena's documented streams: margins and calls part per deal, A's calls and how many it made."""
    margins, calls_part = [], []
    called = {tf.Call.TICHU: 0, tf.Call.GRAND_TICHU: 0}
    made = dict.fromkeys(called, 0)
    for d in range(deals):
        deal_seed = tf.hand_seed(seed, d)
        margin = calls = 0.0
        for play in (0, 1):
            a, b = a_bot(), b_bot()
            a.reset(tf.hand_seed(deal_seed, play))
            b.reset(tf.hand_seed(deal_seed, play))
            state = tf.HandState.new(deal_seed)
            while not state.is_terminal():
                seat = state.current_player
                state.apply((a if (seat & 1) == play else b).act(state, seat))
            returns = state.returns()
            margin += (returns[play] - returns[1 - play]) / 2
            for seat, call in enumerate(state.calls):
                if call == tf.Call.NONE:
                    continue
                good = state.out_order[0] == seat
                ours = (seat & 1) == play
                calls += (1 if ours else -1) * (BONUS[call] if good else -BONUS[call]) / 2
                if ours:
                    called[call] += 1
                    made[call] += good
        margins.append(margin)
        calls_part.append(calls)
    return {"margins": margins, "calls": calls_part, "called": called, "made": made}


def test_the_gauntlets_statistics_are_those_of_hands_played_by_hand():
    deals, seed = 40, 3
    result = gauntlet("heuristic", deals, seed, field=["heuristic-v1", "random:seed=2"])
    members = {"heuristic-v1": make_bot("heuristic-v1").__class__, "random:seed=2": lambda: RandomBot(seed=2)}
    expected_means, played_by_hand_calls = {}, {}
    for name, member in members.items():
        by_hand = played_by_hand(HeuristicBot, member, deals, seed)
        played_by_hand_calls[name] = by_hand["calls"]
        match = result.matches[name]
        assert match.deal_margins == pytest.approx(by_hand["margins"])
        assert match.margin.mean == pytest.approx(estimate(by_hand["margins"]).mean)
        assert match.margin.ci == pytest.approx(estimate(by_hand["margins"]).ci)
        assert match.calls.mean == pytest.approx(np.mean(by_hand["calls"]))
        assert match.calls.ci == pytest.approx(1.96 * np.std(by_hand["calls"], ddof=1) / math.sqrt(deals))
        rates = result.rates(name)
        for call, key in ((tf.Call.TICHU, "tichu"), (tf.Call.GRAND_TICHU, "grand_tichu")):
            assert rates[key]["calls"] == by_hand["called"][call]
            assert rates[key]["call_rate"] == pytest.approx(by_hand["called"][call] / (4 * deals))  # 2 seats, 2 plays
            n = by_hand["called"][call]
            assert rates[key]["made_rate"] == pytest.approx(by_hand["made"][call] / n if n else 0.0)
        expected_means[name] = float(np.mean(by_hand["margins"]))
    toughest = min(expected_means, key=expected_means.__getitem__)
    assert result.toughest == toughest
    assert result.minimum == result.matches[toughest].margin
    least = min(result.matches, key=lambda name: float(np.mean(played_by_hand_calls[name])))
    assert result.least_calls == least
    assert result.minimum_calls == result.matches[least].calls
    assert expected_means["heuristic-v1"] < expected_means["random:seed=2"]  # the field's order is not the rank


def test_a_gauntlet_is_its_duplicate_matches_on_the_same_deals():
    result = gauntlet(HeuristicBot(), 25, 9, field=["heuristic-v2", "heuristic-v1"], name="mine")
    assert list(result.matches) == ["heuristic-v2", "heuristic-v1"]
    for member, match in result.matches.items():
        alone = duplicate(HeuristicBot(), member, 25, 9)
        assert match.deal_margins == alone.deal_margins
        assert (match.team_a, match.team_b) == ("mine", member)
    assert result.to_dict()["minimum"]["member"] == result.toughest
    json.dumps(result.to_dict(), allow_nan=False)


def test_the_default_field_is_every_member_weakest_first():
    assert list(FIELD) == [
        "heuristic-v1",
        "heuristic-v2",
        "mc-1ms",
        "mc-10ms",
        "ismcts-1ms",
        "ismcts-10ms",
        "ismcts-100ms",
    ]
    # the 100 ms bot of 2026-12-02, frozen with heuristic-v2 and every option written out
    assert FIELD["ismcts-100ms"].spec == (
        "ismcts:iterations=9700,policy=heuristic-v2,exploration=0.35,prior=0.5,extend=0,calls=0,call_worlds=0,"
        "keep=4,tichu_chance=0.35,grand_chance=0.35"
    )


@pytest.mark.parametrize("name", list(FIELD))
def test_every_member_is_a_registered_bot_of_a_fixed_budget(name):
    assert name in BOTS
    bot = make_bot(name)
    assert getattr(bot, "budget", None) is None  # fixed in iterations or worlds, never in time
    if name not in ("heuristic-v1", "heuristic-v2"):  # the search bots play out, call and push by heuristic-v2
        assert getattr(bot, "search_policy", getattr(bot, "policy", None)) == "heuristic-v2"
        assert bot.heuristic == "heuristic-v2"
    with pytest.raises(ValueError, match="takes no option"):
        make_bot(f"{name}:foo=1")


@pytest.mark.parametrize(
    ("policy", "own"),
    [
        ("heuristic", "heuristic"),
        ("random", "heuristic"),
        ("heuristic-v1", "heuristic"),
        ("heuristic-v2", "heuristic-v2"),
        ("heuristic:tempo=0", "heuristic:tempo=0"),
    ],
)
def test_a_search_bot_calls_and_pushes_by_the_heuristic_it_plays_out_with(policy, own):
    assert own_heuristic(policy) == own
    assert make_bot(f"ismcts:iterations=5,policy={policy}").heuristic == own
    assert MonteCarloBot(worlds=2, policy=policy).heuristic == own


def test_the_calls_table_and_the_exchange_read_the_heuristic_named():
    # heuristic-v2 reads its own calls table (the shipped heuristic the table of calls made); each push is
    # the named heuristic's own
    state = tf.HandState.new(8)
    while state.decision != tf.Decision.EXCHANGE:
        state.apply(tf.policy_action(state, "heuristic", 0, calls=False))
    mask = state.seen(state.current_player).mask
    assert _core._heuristic_call_chance(mask, False, "heuristic-v2") == _core._heuristic_call_chance(
        mask, False, "heuristic:call_table=0"
    )
    assert _core._heuristic_call_chance(mask, False, "heuristic-v2") != _core._heuristic_call_chance(mask, False)
    for text in ("heuristic", "heuristic-v2", "heuristic:off=exchange"):
        assert str(exchange_candidates(state, text)[0]) == str(tf.policy_action(state, text, 0, calls=False))


def test_heuristic_v2_plays_in_cpp_as_a_policy():
    assert "heuristic-v2" in tf.POLICIES
    assert type(make_bot("heuristic-v2")) is HeuristicV2Bot
    assert duplicate("heuristic-v2", "heuristic-v1", 3, 1).native


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"field": []}, ValueError),
        ({"field": "heuristic-v1"}, ValueError),
        ({"field": ["heuristic-v1", "heuristic-v1"]}, ValueError),
        ({"field": ["nobody"]}, ValueError),
        ({"field": [3]}, ValueError),
    ],
)
def test_bad_fields_are_refused(kwargs, error):
    with pytest.raises(error):
        gauntlet("heuristic", 2, 0, **kwargs)


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tichu_fast", *args], capture_output=True, text=True, timeout=300, check=False
    )


def test_cli_gauntlet_prints_every_member_and_the_minimum():
    result = run("arena", "--gauntlet", "heuristic", "--field", "heuristic-v1,random", "--deals", "30", "--seed", "1")
    assert result.returncode == 0, result.stderr
    api = gauntlet("heuristic", 30, 1, field=["heuristic-v1", "random"])
    lines = result.stdout.splitlines()
    assert lines[0].startswith("heuristic against the field, 30 deals (seed 1)")
    assert any(line.startswith("heuristic-v1") and str(api.matches["heuristic-v1"].margin) in line for line in lines)
    assert f"minimum over the field: {api.minimum} (against heuristic-v1)" in result.stdout


def test_cli_gauntlet_json_equals_the_api():
    result = run("arena", "--gauntlet", "heuristic", "--field", "heuristic-v2,random", "--deals", "6", "--json")
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    api = gauntlet("heuristic", 6, 0, field=["heuristic-v2", "random"]).to_dict()
    assert out["minimum"] == api["minimum"]
    assert [m["member"] for m in out["matches"]] == ["heuristic-v2", "random"]
    assert out["matches"][0]["rates"] == api["matches"][0]["rates"]


def test_cli_gauntlet_calibration_prints_and_dumps_the_api_s():
    args = ("arena", "--gauntlet", "heuristic", "--field", "heuristic-v1,heuristic-v2", "--deals", "40", "--seed", "2")
    api = gauntlet("heuristic", 40, 2, field=["heuristic-v1", "heuristic-v2"]).calibration()
    shown = run(*args, "--calibration")
    assert shown.returncode == 0, shown.stderr
    pooled = Calibration.join([api["heuristic-v1"]["tichu"], api["heuristic-v2"]["tichu"]])
    assert "over the field, " + pooled.table() in shown.stdout
    dumped = run(*args, "--calibration", "--json")
    assert dumped.returncode == 0, dumped.stderr
    out = json.loads(dumped.stdout)["calibration"]
    assert out["heuristic-v2"]["tichu"] == json.loads(json.dumps(api["heuristic-v2"]["tichu"].to_dict()))


@pytest.mark.parametrize(
    "args",
    [
        ["--calibration", "--team-a", "random", "--team-b", "random"],
        ["--gauntlet", "random", "--calibration"],
        ["--field", "heuristic-v1", "--team-a", "random", "--team-b", "random"],
        ["--gauntlet", "heuristic", "--team-a", "random"],
        ["--gauntlet", "heuristic", "--round-robin", "random,heuristic"],
        ["--gauntlet", "heuristic", "--deals", "1"],
        ["--gauntlet", "heuristic", "--positions-bot", "random"],
        ["--gauntlet", "heuristic", "--save-first", "3"],
        ["--gauntlet", "heuristic", "--field", "heuristic-v1,nobody"],
        ["--gauntlet", "nobody"],
    ],
)
def test_cli_gauntlet_bad_arguments_exit_2(args):
    result = run("arena", *args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1, result.stderr
