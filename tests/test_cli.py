"""The command line (python -m tichu_fast / tichu-fast)."""

from __future__ import annotations

import json
import subprocess
import sys


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tichu_fast", *args], capture_output=True, text=True, timeout=120)


def test_simulate_json_summary():
    result = run("simulate", "--hands", "300", "--seed", "5", "--json")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["hands"] == 300 and summary["seed"] == 5
    assert summary["hands_per_second"] > 0
    assert 0 <= summary["one_two_rate"] <= 1
    assert {"tichu", "grand_tichu", "team_score", "tricks_per_hand", "bombs_per_hand"} <= set(summary)
    # R7, R8.3 to R8.5: a team scores at least -425 (two failed Grand Tichus and
    # the Phoenix) and at most 400 (a double victory and a made Grand Tichu)
    for team in summary["team_score"].values():
        assert -425 <= team["min"] <= team["max"] <= 400


def test_simulate_is_reproducible():
    a = json.loads(run("simulate", "--hands", "200", "--seed", "9", "--json").stdout)
    b = json.loads(run("simulate", "--hands", "200", "--seed", "9", "--json").stdout)
    assert a["team_score"] == b["team_score"] and a["one_two_rate"] == b["one_two_rate"]


def test_simulate_shows_progress_and_summary():
    result = run("simulate", "--hands", "500")
    assert result.returncode == 0
    assert "hands/s" in result.stdout and "500/500" in result.stderr


def test_deal_and_legal():
    deal = run("deal", "--seed", "3")
    assert deal.returncode == 0 and "leads with" in deal.stdout
    legal = run("legal", "5j 5s Ph", "--table", "4j 4s", "--wish", "5")
    assert legal.returncode == 0 and "5j 5s" in legal.stdout


def test_bad_input_is_a_clear_error():
    result = run("legal", "5j 5x")
    assert result.returncode == 2 and "unknown card '5x'" in result.stderr
    result = run("simulate", "--hands", "0")
    assert result.returncode == 2 and "--hands" in result.stderr
