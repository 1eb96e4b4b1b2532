"""The ladder: ratings from a round robin's duplicate margins (tichu_fast.ladder, docs/bots.md)."""

from __future__ import annotations

import json
import math
from types import SimpleNamespace

import pytest

from tichu_fast.arena import Estimate, round_robin
from tichu_fast.bots import HeuristicBot, HeuristicV1Bot, RandomBot
from tichu_fast.cli import main
from tichu_fast.ladder import ladder


def match(mean: float, ci: float) -> SimpleNamespace:
    return SimpleNamespace(margin=Estimate(mean, ci))


def test_consistent_margins_are_recovered_with_the_anchor_at_zero() -> None:
    # A beats heuristic-v1 by 30, heuristic-v1 beats C by 50, A beats C by 80: additive, misfit 0
    matches = {("A", "heuristic-v1"): match(30, 2), ("heuristic-v1", "C"): match(50, 2), ("A", "C"): match(80, 2)}
    result = ladder(matches)
    got = {r.name: r.rating for r in result.ratings}
    assert got == pytest.approx({"A": 30, "heuristic-v1": 0, "C": -50})
    assert [r.name for r in result.ratings] == ["A", "heuristic-v1", "C"]
    assert result.anchor == "heuristic-v1"
    assert result.misfit == pytest.approx(0, abs=1e-9)
    anchor = next(r for r in result.ratings if r.name == "heuristic-v1")
    assert anchor.ci == pytest.approx(0, abs=1e-9)
    assert all(r.ci > 0 for r in result.ratings if r.name != "heuristic-v1")


def test_without_the_anchor_the_mean_rating_is_zero() -> None:
    result = ladder({("A", "B"): match(40, 4)})
    got = {r.name: r.rating for r in result.ratings}
    assert got == pytest.approx({"A": 20, "B": -20})
    assert result.anchor is None
    assert math.isnan(result.misfit)  # one match, one free rating: nothing left over


def test_a_precise_match_weighs_more() -> None:
    # two paths from A to C disagree; the precise one wins
    matches = {("A", "C"): match(100, 1), ("A", "B"): match(0, 50), ("B", "C"): match(0, 50)}
    got = {r.name: r.rating for r in ladder(matches, anchor="C").ratings}
    assert got["A"] == pytest.approx(100, abs=1)


def test_unconnected_bots_have_no_ladder() -> None:
    with pytest.raises(ValueError, match="connect"):
        ladder({("A", "B"): match(1, 1), ("C", "D"): match(1, 1)})


def test_a_single_deal_has_no_interval() -> None:
    with pytest.raises(ValueError, match="finite"):
        ladder({("A", "B"): match(1, math.inf)})


def test_round_robin_ladder_of_builtin_bots() -> None:
    result = round_robin(
        {"random": RandomBot(calls=False), "heuristic-v1": HeuristicV1Bot(), "heuristic": HeuristicBot()}, 300, 1
    )
    rated = ladder(result.matches)
    assert [r.name for r in rated.ratings] == ["heuristic", "heuristic-v1", "random"]
    assert rated.ratings[2].rating < -100


def test_cli_round_robin_prints_the_ladder(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--round-robin", "random:calls=0,heuristic-v1", "--deals", "20", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ladder"]["anchor"] == "heuristic-v1"
    assert [r["bot"] for r in out["ladder"]["ratings"]] == ["heuristic-v1", "random:calls=0"]
    assert main(["arena", "--round-robin", "random:calls=0,heuristic-v1", "--deals", "20"]) == 0
    assert "rating (points per hand, heuristic-v1 = 0)" in capsys.readouterr().out


def test_a_match_whose_hands_all_had_one_margin_still_rates() -> None:
    # Two deals with equal margins give an interval of 0: the weight stays finite and every bot is rated.
    matches = {("A", "heuristic-v1"): match(30, 0), ("heuristic-v1", "C"): match(50, 20), ("A", "C"): match(70, 20)}
    got = {r.name: r.rating for r in ladder(matches).ratings}
    assert got["heuristic-v1"] == 0
    assert got["A"] == pytest.approx(30, abs=0.5)
    assert got["C"] == pytest.approx(-45, abs=5)


@pytest.mark.parametrize("mean", [math.nan, math.inf, -math.inf, 1e300])
def test_a_margin_that_is_no_number_of_points_is_refused(mean: float) -> None:
    # NaN or an infinite margin made NaN ratings and a to_dict() that is not JSON
    with pytest.raises(ValueError, match="margin"):
        ladder({("A", "B"): match(mean, 4), ("B", "C"): match(1, 4)})


@pytest.mark.parametrize("ci", [-1.0, math.nan, 1e300])
def test_an_interval_that_is_no_half_width_is_refused(ci: float) -> None:
    with pytest.raises(ValueError, match="interval"):
        ladder({("A", "B"): match(3, ci)})


def test_a_bot_against_itself_is_refused() -> None:
    with pytest.raises(ValueError, match="itself"):
        ladder({("A", "B"): match(3, 2), ("A", "A"): match(0, 2)})


@pytest.mark.parametrize(
    "matches",
    [
        [(("A", "B"), match(3, 2))],  # not a mapping
        {("A", "B"): 5},  # no margin
        {("A", "B"): SimpleNamespace(margin=5)},  # a margin without mean and ci
        {("A", "B"): match("3", 2)},  # type: ignore[arg-type]
        {("A", "B", "C"): match(3, 2)},  # not a pair
        {("A", 2): match(3, 2)},  # not names
        {"AB": match(3, 2)},
    ],
)
def test_wrong_types_are_type_errors(matches: object) -> None:
    with pytest.raises(TypeError):
        ladder(matches)  # type: ignore[arg-type]


def test_an_anchor_that_is_not_a_name_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="anchor"):
        ladder({("A", "B"): match(3, 2)}, anchor=1)  # type: ignore[arg-type]


def test_a_ladder_of_checked_matches_is_json() -> None:
    rated = ladder({("A", "B"): match(1000, 2000), ("B", "C"): match(-1000, 0), ("A", "C"): match(5, 1)})
    text = json.dumps(rated.to_dict(), allow_nan=False)  # every number finite
    assert json.loads(text)["ratings"]
