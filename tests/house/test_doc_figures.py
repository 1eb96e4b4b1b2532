"""Figures in the docs that a test can check against a fresh run: each is the output of the
command printed beside it, and a change that moves it must update the page (docs/solver.md,
docs/examples.md). Both runs take a few seconds; budgets are in nodes or deals, never in time."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> str:
    result = subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_solver_md_analysis_figures_are_a_fresh_runs():
    out = run("bench/solver_analysis.py", "--hands", "100", "--cards", "16")
    found = re.search(r"(\d+) decisions analysed, (\d+) points lost \(([\d.]+) per hand\)\nlost by team 0: (\d+), "
                      r"team 1: (\d+)", out)  # fmt: skip
    assert found, out
    decisions, lost, per_hand, team0, team1 = found.groups()
    page = " ".join((ROOT / "docs" / "solver.md").read_text(encoding="utf-8").split())
    line = (f"{decisions} decisions analysed, {lost} points lost with all hands open, {per_hand} per hand "
            f"(team 0 {team0}, team 1 {team1})")  # fmt: skip
    assert line in page, f"docs/solver.md should say: {line}"


def test_examples_md_heuristic_against_random_is_a_fresh_runs():
    out = run("examples/duplicate.py", "heuristic", "random", "--deals", "300", "--seed", "1")
    margin = re.search(r"A's margin per hand ([+-][\d.]+ ± [\d.]+)", out)
    record = re.search(r"deals won / tied / lost by A: (\d+) / (\d+) / (\d+)", out)
    assert margin, out
    assert record, out
    page = " ".join((ROOT / "docs" / "examples.md").read_text(encoding="utf-8").split())
    claim = f"gives {margin[1]} ({record[1]} / {record[2]} / {record[3]})"
    assert claim in page, f"docs/examples.md should say: {claim}"
