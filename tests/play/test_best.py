"""`best`: one name for the strongest built-in bot (tichu_fast.bots.best, docs/field.md "best")."""

from __future__ import annotations

import inspect

import pytest

import tichu_fast as tf
from tests.house.test_field import digest, member_actions
from tichu_fast.bots import BEST, BOTS, ISMCTSBot, best_bot, make_bot
from tichu_fast.bots.decide import call_action, table_call
from tichu_fast.enums import Decision
from tichu_fast.search import policy_action


def test_best_is_the_bot_its_spec_names():
    named, spelled = make_bot("best"), make_bot(BEST)  # the same settings, and (below) the same moves
    assert isinstance(named, ISMCTSBot)
    assert repr(named) == repr(spelled)
    assert digest(member_actions(BEST)) == BEST_ACTIONS


def test_best_takes_a_seed_and_no_other_option():
    assert "seed=3" in repr(make_bot("best:seed=3"))
    assert repr(best_bot(3)) == repr(make_bot(f"{BEST},seed=3"))
    assert list(BOTS["best"].options) == ["seed"]
    with pytest.raises(ValueError, match="takes no option"):
        make_bot("best:iterations=5")


def test_best_spells_every_option_out():
    # A change of ISMCTSBot's defaults must not move best: its SPEC names each option but the ones that
    # cannot change its moves (seed is best's own, threads and a time budget would make it machine-bound;
    # belief is off, the network named, and value_weight spelled 0).
    spelled = {part.split("=")[0] for part in BEST.removeprefix("ismcts:").split(",")}
    options = set(inspect.signature(ISMCTSBot).parameters) - {"budget", "threads", "seed", "belief"}
    assert spelled == options


# best's actions at the field's sampled decisions (tests/house/test_field.py member_actions), recorded
# when its SPEC last changed (2026-12-07, the network as its prior). It changes only with a measured gain
# over the field (docs/field.md "best"): a change of the search, of the shipped heuristic (its calls and
# keep's move) or of the shipped network that moves best is measured by a gauntlet, said in the
# CHANGELOG, and recorded anew here.
BEST_ACTIONS = "67ed142b7879ed88"


def test_best_plays_as_recorded():
    assert digest(member_actions("best")) == BEST_ACTIONS


def test_best_calls_and_pushes_the_hands_the_heuristic_would():
    # R7.1, R7.2, R2.2: best reads the calls table with its doubt, calibrated to its own play, and calls from
    # 77% and 80%: on the table's own chances the heuristic's 55% and 60%, so the same hands call and push
    best = make_bot("best")
    assert (best.tichu_chance, best.grand_chance, best.doubt) == (0.77, 0.8, -1.0)
    calls = pushes = 0
    for h in range(300):
        state = tf.HandState.new(h)
        for _ in range(30):  # the calls, the exchange and the first plays, where the in-play Tichu is open
            seat = state.current_player
            if state.decision in (Decision.GRAND_TICHU, Decision.TICHU) or call_action(state) is not None:
                ours = table_call(state, seat, best.tichu_chance, best.grand_chance, best.heuristic)
                assert ours == table_call(state, seat)
                calls += ours is not None and ours.call
            elif state.decision == Decision.EXCHANGE:
                assert policy_action(state, best.heuristic, h) == policy_action(state, "heuristic", h)
                pushes += 1
            state.apply(policy_action(state, "heuristic", h, calls=h % 2 == 0))
    assert pushes == 300 * 4
    assert calls > 100
