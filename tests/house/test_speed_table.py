"""bench/speed_table.py, the speed table of docs/speed.md: every row measures and the table prints.

Nothing here is timed against anything (speed lives in bench/): the rows run once at tiny
sizes against the current build, so that the script cannot rot between its runs.
"""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import speed_table

BENCH = Path(speed_table.__file__).parent


def test_every_row_measures_a_positive_time():
    results = speed_table.measure_all(scale=0.01, reps=1)
    assert list(results) == [row.key for row in speed_table.ROWS]
    assert all(math.isfinite(seconds) and seconds > 0 for seconds in results.values()), results


def test_the_table_has_a_line_per_row_with_its_target():
    before = {row.key: row.target * 2 for row in speed_table.ROWS}
    after = {row.key: row.target / 2 for row in speed_table.ROWS}
    slower = {key: seconds * 2 for key, seconds in after.items()}
    faster = {key: seconds / 2 for key, seconds in after.items()}
    lines = speed_table.table([before, before, before], [after, slower, faster])  # the medians: before 4x after
    assert len(lines) == 2 + len(speed_table.ROWS)
    for row, line in zip(speed_table.ROWS, lines[2:], strict=True):
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        assert cells[0] == row.label
        assert cells[4] == ("4.00x" if row.rate else "0.25x")  # after / before of the medians as shown
        assert cells[5] == "4.00x (2.00-8.00)"  # the speed-up, and its range over the rounds
        assert cells[7].startswith("yes")  # the median after is half the target


def test_observation_is_met_only_when_flat():
    after = {row.key: row.target / 2 for row in speed_table.ROWS}
    late = next(row for row in speed_table.ROWS if row.key == "obs_late")
    assert speed_table.met(late, after).startswith("yes (1.00x")
    after["obs_early"] = after["obs_late"] / (speed_table.FLAT * 1.1)  # both under 3 µs, but growing
    assert speed_table.met(late, after).startswith("no")
    simulate = next(row for row in speed_table.ROWS if row.key == "simulate")
    after["simulate"] = simulate.target * 1.01  # a rate just under 300,000 hands a second
    assert speed_table.met(simulate, after) == "no"


def test_a_quick_run_alternates_two_builds_and_prints_the_table():
    # Both builds are this interpreter's: the plumbing (children, JSON, medians, the table) is what is checked.
    command = [sys.executable, str(BENCH / "speed_table.py"), "--before", sys.executable, "--quick"]
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    assert "before: " in out
    assert "after: " in out
    assert sum(line.startswith("| ") for line in out.splitlines()) == 1 + len(speed_table.ROWS)
    assert "load average" in out


def test_rows_names_the_rows_measured_and_late_observation_brings_the_early_one():
    assert speed_table.chosen_rows(None) == speed_table.ROWS
    assert [row.key for row in speed_table.chosen_rows("vec_compact, lead")] == ["lead", "vec_compact"]  # ROWS' order
    assert [row.key for row in speed_table.chosen_rows("obs_late")] == ["obs_early", "obs_late"]
    with pytest.raises(ValueError, match="leed"):
        speed_table.chosen_rows("lead,leed")


def test_a_quick_run_of_some_rows_prints_only_them():
    command = [
        sys.executable,
        str(BENCH / "speed_table.py"),
        "--before",
        sys.executable,
        "--quick",
        "--rows",
        "lead,resample",
    ]
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    lines = [line for line in out.splitlines() if line.startswith("| ")]
    assert len(lines) == 1 + 2
    assert "lead, 14 cards" in out
    assert "resample" in out
    assert "VecHands" not in out
