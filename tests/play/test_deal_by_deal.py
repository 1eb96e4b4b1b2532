"""scripts/deal_by_deal.py: a duplicate match one deal at a time, the file format others rely on.

A long match on a shared machine appends one JSON line per deal (deal d is
`duplicate(A, B, deals=1, seed=hand_seed(seed, d))`) and `--summary` reads the
file; `--running` prints the margin so far (it absorbed scripts/belief_strength.py).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tichu_fast import _core
from tichu_fast.arena import duplicate
from tichu_fast.bots import make_bot

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "deal_by_deal.py"


def run(*args: str) -> str:
    done = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, check=True)
    return done.stdout


def test_each_deal_is_one_line_of_the_same_fields_and_the_duplicate_of_its_seed(tmp_path):
    out = tmp_path / "m.jsonl"
    run("heuristic", "random", "--seed", "3", "--start", "1", "--step", "2", "--deals", "4", "--out", str(out))
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["deal"] for r in rows] == [1, 3]
    fields = {"team_a", "team_b", "seed", "deal", "margin", "calls", "cpu", "decisions", "call_success"}
    assert all(set(r) == fields for r in rows)
    assert all((r["team_a"], r["team_b"], r["seed"]) == ("heuristic", "random", 3) for r in rows)
    expected = duplicate(make_bot("heuristic"), make_bot("random"), deals=1, seed=_core.hand_seed(3, 3))
    assert rows[1]["margin"] == expected.margin.mean
    assert rows[1]["calls"] == expected.calls.mean


def test_running_prints_the_margin_after_each_deal_and_summary_reads_the_file(tmp_path):
    out = tmp_path / "m.jsonl"
    printed = run("heuristic", "random", "--deals", "2", "--out", str(out), "--running", "--threads", "2")
    assert [line.split(":")[0] for line in printed.splitlines()] == ["1 deals", "2 deals"]
    summary = run("--summary", str(out))
    assert summary.startswith("deals 2: margin ")
    assert "team A: tichu" in summary
    assert "CPU" in summary


def test_against_prints_the_paired_difference_on_the_common_deals(tmp_path):
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    run("heuristic", "random", "--seed", "3", "--deals", "3", "--out", str(one))
    run("heuristic", "heuristic-v1", "--seed", "3", "--start", "1", "--deals", "4", "--out", str(two))
    rows = {n: [json.loads(line) for line in f.read_text().splitlines()] for n, f in (("a", one), ("b", two))}
    printed = run("--summary", str(one), "--against", str(two)).splitlines()[-1]
    assert printed.startswith(f"against {two}, 2 common deals: margin ")  # deals 1 and 2
    difference = sum(a["margin"] - b["margin"] for a, b in zip(rows["a"][1:], rows["b"][:2], strict=True)) / 2
    assert f"margin {difference:+.1f} ± " in printed


def test_summary_reads_old_rows_and_refuses_mixed_matches(tmp_path):
    out = tmp_path / "m.jsonl"
    run("heuristic", "random", "--deals", "1", "--out", str(out))
    row = json.loads(out.read_text())
    old = {key: value for key, value in row.items() if key not in ("team_a", "team_b", "seed")}
    old_file = tmp_path / "old.jsonl"
    old_file.write_text(json.dumps(old) + "\n")
    assert run("--summary", str(old_file)).startswith("deals 1: margin ")
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_text(json.dumps(row) + "\n" + json.dumps({**row, "seed": 9}) + "\n")
    done = subprocess.run([sys.executable, str(SCRIPT), "--summary", str(mixed)], capture_output=True, text=True)
    assert done.returncode != 0
    assert "mixes rows" in done.stderr


def test_against_refuses_a_match_of_another_seed(tmp_path):
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    run("heuristic", "random", "--seed", "3", "--deals", "1", "--out", str(one))
    run("heuristic", "random", "--seed", "4", "--deals", "1", "--out", str(two))
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--summary", str(one), "--against", str(two)], capture_output=True, text=True
    )
    assert done.returncode != 0
    assert "another seed" in done.stderr
