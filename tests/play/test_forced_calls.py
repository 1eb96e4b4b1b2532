"""scripts/forced_calls.py: one seat of the bot's team calls on every deal; its calls beside their chances."""

import sys
from pathlib import Path

import numpy as np
import pytest

from tichu_fast import _core
from tichu_fast.bots import make_bot
from tichu_fast.enums import Call
from tichu_fast.hand import HandState

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import forced_calls


@pytest.mark.parametrize(("kind", "call"), [("tichu", Call.TICHU), ("grand_tichu", Call.GRAND_TICHU)])
def test_the_forced_seat_calls_on_every_deal_and_its_calls_are_counted_by_hand(kind, call):
    deals, seed = 40, 5
    # heuristic-v2 never calls Grand Tichu below 46% nor Tichu below 50%: most of these calls are forced
    result, calibration = forced_calls.forced_calibration(
        make_bot("heuristic-v2"), kind, "heuristic-v1", deals, seed, 1
    )
    # forced before the exchange (or on the first 8): the chance of the dealt cards
    seen = [HandState.new(_core.hand_seed(seed, d)) for d in range(deals)]
    chance, made = [], []
    for row in range(result.hands):
        forced = row % 2  # team A sits at the seats of parity row % 2: seat 0, then seat 1
        if kind == "tichu" and result.seat_calls[row, forced] == int(Call.GRAND_TICHU):
            continue  # a Grand Tichu called by the bot's own table leaves no Tichu to force
        assert result.seat_calls[row, forced] == int(call)
        dealt = seen[row // 2]
        cards = dealt.seen(forced).mask if kind == "grand_tichu" else dealt.hands[forced].mask
        chance.append(_core._heuristic_call_chance(cards, kind == "grand_tichu", "heuristic-v2") / 1000)
        made.append(result.first_out[row] == forced)
    assert calibration.calls == len(chance) >= result.hands - 4
    np.testing.assert_array_equal(calibration.chance, chance)
    np.testing.assert_array_equal(calibration.made, made)
    assert (calibration.chance < 0.5).any()  # hands the bot would not have called


def test_the_command_prints_the_calibration_and_the_doubt(capsys, monkeypatch):
    monkeypatch.setattr(sys, "argv", ["forced_calls.py", "heuristic", "--member", "heuristic-v1", "--deals", "20"])
    forced_calls.main()
    shown = capsys.readouterr().out
    assert "heuristic calling tichu on every deal against heuristic-v1, 20 deals (seed 7)" in shown
    assert "calibrated by a doubt of" in shown
    assert "doubt now +0.00; calibrated at" in shown
