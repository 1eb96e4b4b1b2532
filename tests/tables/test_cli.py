"""The command line (python -m tichu_fast / tichu-fast)."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import tracemalloc

import numpy as np
import pytest

import tichu_fast as tf
from tichu_fast import _core, cli


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tichu_fast", *args], capture_output=True, text=True, timeout=120)


def test_simulate_json_summary():
    result = run("simulate", "--hands", "300", "--seed", "5", "--json")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["hands"] == 300
    assert summary["seed"] == 5
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
    assert a["team_score"] == b["team_score"]
    assert a["one_two_rate"] == b["one_two_rate"]


def test_simulate_shows_progress_and_summary():
    result = run("simulate", "--hands", "500")
    assert result.returncode == 0
    assert "hands/s" in result.stdout
    assert "500/500" in result.stderr


def test_deal_and_legal():
    deal = run("deal", "--seed", "3")
    assert deal.returncode == 0
    assert "seat 0's possible leads, " in deal.stdout
    legal = run("legal", "5j 5s Ph", "--table", "4j 4s", "--wish", "5")
    assert legal.returncode == 0
    assert "5j 5s" in legal.stdout


def test_bad_input_is_a_clear_error():
    result = run("legal", "5j 5x")
    assert result.returncode == 2
    assert "unknown card '5x'" in result.stderr
    result = run("simulate", "--hands", "0")
    assert result.returncode == 2
    assert "--hands" in result.stderr


# --- argument checking, signals, pipes, memory, progress, help -------------------------------


def one_line_error(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 2, result
    assert "Traceback" not in result.stderr, result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    return result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ("simulate", "--seed", "-1"),
        ("simulate", "--seed", str(2**64)),
        ("simulate", "--seed", "x"),
        ("simulate", "--hands", "-5"),
        ("simulate", "--hands", "1" * 5000),
        ("deal", "--seed", "-1"),
        ("legal", "5j", "--wish", "15"),
        ("legal", "5j " * 100 + "5x"),
        ("nonsense",),
    ],
)
def test_bad_arguments_are_one_line_errors(args):
    # Common decision 1: a seed is an int 0..2**64-1; argparse refuses the rest before anything runs.
    stderr = one_line_error(run(*args))
    assert len(stderr) < 400


def test_text_that_is_not_utf8_is_a_one_line_error():
    # A byte that is not UTF-8 arrives as a lone surrogate in sys.argv.
    raw = subprocess.run(
        [sys.executable, "-m", "tichu_fast", "legal", b"\xff"], capture_output=True, text=True, timeout=60
    )
    assert "UTF-8" in one_line_error(raw)
    raw = subprocess.run(
        [sys.executable, "-m", "tichu_fast", "legal", "5j", "--table", b"5s\xc3"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "UTF-8" in one_line_error(raw)
    with pytest.raises(SystemExit) as info:
        cli.main(["legal", "5j \ud800"])
    assert info.value.code == 2


def test_ctrl_c_prints_one_line_and_exits_130():
    child = subprocess.Popen(
        [sys.executable, "-m", "tichu_fast", "simulate", "--hands", str(10**9)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # A shell starts background jobs with SIGINT ignored, and the child would inherit that:
        # give it the default disposition, so that Python installs its KeyboardInterrupt handler.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert child.stderr is not None
    assert child.stderr.readline().startswith("simulating")  # the run has begun
    child.send_signal(signal.SIGINT)
    stdout, stderr = child.communicate(timeout=60)
    assert child.returncode == 130
    assert stderr == "interrupted\n"
    assert stdout == ""


@pytest.mark.parametrize("args", [(), ("deal", "--seed", "4"), ("simulate", "--hands", "50", "--json")])
def test_a_closed_pipe_exits_quietly_with_141(args):
    # `tichu-fast deal | true`: the reader is gone before anything is written.
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        result = subprocess.run(
            [sys.executable, "-m", "tichu_fast", *args], stdout=write_end, stderr=subprocess.PIPE, timeout=60
        )
    finally:
        os.close(write_end)
    assert result.returncode == 141
    assert result.stderr == b""


def peak_memory(hands: int) -> int:
    tracemalloc.start()
    try:
        tf.simulate(hands, seed=1, summary=True)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_simulate_memory_does_not_grow_with_hands():
    # Keeping every hand's row took about 40 bytes a hand: 7.2 MB more for 180,000 more hands.
    small, large = peak_memory(20_000), peak_memory(200_000)
    assert large < small + 1_000_000, (small, large)


def test_simulation_summary_matches_numpy_over_all_rows():
    rows = [_core.simulate(3, first, 700, True) for first in range(0, 3500, 700)]
    summary = tf.SimulationSummary()
    for chunk in rows:
        summary.add(chunk)
    result = summary.to_dict()
    every = np.concatenate(rows)
    assert result["hands"] == 3500
    for i, team in enumerate(("team_0", "team_1")):
        score = every[:, i]
        expected = {
            "mean": score.mean(),
            "std": score.std(),
            "min": score.min(),
            "p10": np.percentile(score, 10),
            "median": np.median(score),
            "p90": np.percentile(score, 90),
            "max": score.max(),
        }
        assert result["team_score"][team] == pytest.approx(expected, abs=1e-9)
    assert result["one_two_rate"] == pytest.approx(every[:, 2].mean())
    assert result["tricks_per_hand"] == pytest.approx(every[:, 4].mean())
    assert result["bombs_per_hand"] == pytest.approx(every[:, 5].mean())
    # R7: a Tichu or Grand Tichu call is made when its caller goes out first
    for key, call in (("tichu", 1), ("grand_tichu", 2)):
        called = every[:, 6:10] == call
        made = called & (every[:, 3:4] == np.arange(4))
        assert result[key]["calls"] == called.sum()
        assert result[key]["success_rate"] == pytest.approx(made.sum() / called.sum())


def test_simulate_keeps_its_json_fields():
    summary = json.loads(run("simulate", "--hands", "120", "--json").stdout)
    assert set(summary) == {
        "hands",
        "seconds",
        "hands_per_second",
        "team_score",
        "one_two_rate",
        "tichu",
        "grand_tichu",
        "tricks_per_hand",
        "bombs_per_hand",
        "seed",
        "policy",
        "calls",
    }
    assert set(summary["team_score"]["team_0"]) == {"mean", "std", "min", "p10", "median", "p90", "max"}
    assert set(summary["tichu"]) == {"calls", "per_hand", "success_rate"}


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_only_on_a_terminal(monkeypatch, capsys):
    log = io.StringIO()
    monkeypatch.setattr(sys, "stderr", log)
    assert cli.main(["simulate", "--hands", "2000"]) == 0
    assert "\r" not in log.getvalue()
    assert log.getvalue().count("\n") == 2
    assert "2,000/2,000 hands" in log.getvalue()
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert cli.main(["simulate", "--hands", "2000"]) == 0
    assert terminal.getvalue().startswith("\r[")
    assert "2,000/2,000 hands" in terminal.getvalue()
    capsys.readouterr()
    result = run("simulate", "--hands", "3000")
    assert "\r" not in result.stderr
    assert result.stderr.count("\n") == 2


def test_help_says_what_the_tool_does():
    result = run("--help")
    assert result.returncode == 0
    assert "``" not in result.stdout
    assert "Play, deal and inspect Tichu hands" in result.stdout
    assert "examples:" in result.stdout
    assert "tichu-fast legal" in result.stdout
    for command in ("simulate", "deal", "legal"):
        assert command in result.stdout
        assert run(command, "--help").returncode == 0


def test_simulate_defaults_to_a_game_people_play():
    # R7.1, R7.2: the random policy calls at random (about two Grand Tichus a hand), so its
    # calls are off unless asked for; the heuristic calls by its rule.
    random_default = json.loads(run("simulate", "--hands", "300", "--seed", "4", "--json").stdout)
    assert random_default["calls"] is False
    assert random_default["grand_tichu"]["calls"] == random_default["tichu"]["calls"] == 0
    assert random_default["grand_tichu"]["success_rate"] is None  # nothing called: no rate
    assert random_default["team_score"]["team_0"]["min"] >= -25  # R8.3: no call, no less than -25
    random_calls = json.loads(run("simulate", "--hands", "300", "--seed", "4", "--json", "--calls").stdout)
    assert random_calls["calls"] is True
    assert random_calls["grand_tichu"]["calls"] > 0
    heuristic = json.loads(run("simulate", "--hands", "300", "--seed", "4", "--json", "--policy", "heuristic").stdout)
    assert heuristic["calls"] is True
    assert one_line_error(run("simulate", "--calls", "--no-calls"))


def test_simulate_prints_none_when_nothing_was_called():
    result = run("simulate", "--hands", "200", "--seed", "1")
    assert "200 random-policy hands (calls off)" in result.stdout
    assert "  Tichu calls: none\n" in result.stdout
    assert "  Grand Tichu calls: none\n" in result.stdout
    assert "0.000 made" not in result.stdout


def test_the_cli_prints_the_library_summary(capsys):
    # One simulate: the command line's numbers are tf.simulate(..., summary=True)'s, line for line.
    assert cli.main(["simulate", "--hands", "1500", "--seed", "8", "--policy", "heuristic"]) == 0
    printed = capsys.readouterr().out.splitlines()
    summary = tf.simulate(1500, 8, policy="heuristic", summary=True)
    assert printed[1:] == str(summary).splitlines()[1:]  # the first line holds the time
    assert printed[0].startswith("1,500 heuristic-policy hands (calls on) in ")


def done_append(done: list[tuple[int, int]]):
    return lambda *args: done.append(args)


def test_a_summary_is_the_summary_of_the_records():
    # summary=True plays the same hands as the records, in chunks, with any thread count.
    records = tf.simulate(2345, 6, calls=True)
    expected = tf.SimulationSummary(6, "random", True)
    expected.add(records)
    for threads in (1, 2):
        done: list[tuple[int, int]] = []
        summary = tf.simulate(2345, 6, calls=True, threads=threads, summary=True, progress=done_append(done))
        assert isinstance(summary, tf.SimulationSummary)
        got, want = summary.to_dict(), expected.to_dict()
        for key in set(want) - {"seconds", "hands_per_second", "team_score"}:
            assert got[key] == want[key], key
        for team in ("team_0", "team_1"):  # sums over a histogram: equal up to the order of the additions
            assert got["team_score"][team] == pytest.approx(want["team_score"][team], rel=1e-12)
        assert done[-1] == (2345, 2345)
        assert len(done) > 1  # played in chunks
    with pytest.raises(TypeError):
        tf.simulate(10, summary=1)


def test_deal_names_the_first_leader():
    # R2.3: the Mah Jong's holder leads the first trick; in deal 7 that is seat 1, not the listed seat 0.
    out = run("deal", "--seed", "7").stdout
    assert "seat 1 holds the Mah Jong and leads the first trick" in out
    assert "seat 0 leads" not in out


def test_one_legal_move_is_singular():
    # R5.2: a 5 cannot beat a King: only the pass
    assert run("legal", "5j", "--table", "Kj").stdout.startswith("1 legal move:\n")
    assert run("legal", "Dr", "--table", "Kj").stdout.startswith("2 legal moves:\n")


# --- issue 33: what a newcomer trips over ---------------------------------------------------


def test_help_names_every_command():
    # The top-level --help described simulate, deal, legal and arena only: view, play and analyze were missing.
    text = run("--help").stdout
    description, _, rest = text.partition("options:")
    commands = cli._parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    assert set(commands) == {"simulate", "deal", "legal", "arena", "view", "play", "analyze"}
    for command in commands:
        assert command in description, command
        assert f"  {command} " in rest, command  # the list of commands
        assert f"tichu-fast {command}" in text, command  # an example


def test_more_hands_than_simulate_plays_are_refused_before_the_run():
    # --hands took up to 10**12 and failed at 10**9 after announcing the run: one limit, checked first.
    stderr = one_line_error(run("simulate", "--hands", str(10**9 + 1)))
    assert "1..10**9" in stderr
    assert "simulating" not in stderr


def test_an_unknown_card_says_what_a_card_is():
    stderr = one_line_error(run("legal", "5h 5d"))
    assert "unknown card '5h': a card is a rank 2..10, J, Q, K, A and a suit j, s, p, t" in stderr
    assert "MJ, Dog, Ph, Dr" in stderr


@pytest.mark.parametrize(("letter", "rank"), [("Q", "12"), ("q", "12"), ("J", "11"), ("A", "14"), ("T", "10")])
def test_a_wish_by_its_rank_name(letter, rank, capsys):
    # R6.2: the wish names a rank; the error listed "12 Q" but refused Q
    assert cli.main(["legal", "Qj Qs 5j Ph", "--table", "4s", "--wish", letter]) == 0
    by_name = capsys.readouterr().out
    assert cli.main(["legal", "Qj Qs 5j Ph", "--table", "4s", "--wish", rank]) == 0
    assert capsys.readouterr().out == by_name


@pytest.mark.parametrize("bad", ["Z", "1", "15", "MJ", "M", "Ph", "Qj", "Q Q", ""])
def test_a_wish_that_is_no_rank_is_a_one_line_error(bad):
    assert "a wish is a rank 2..10, J, Q, K or A" in one_line_error(run("legal", "5j", "--wish", bad))


def test_a_node_budget_beyond_the_core_is_a_usage_error():
    # analyze --budget 9223372036854775808 named an internal argument (max_nodes) after reading the replay
    stderr = one_line_error(run("analyze", "no-such-replay.txt", "--budget", str(2**63)))
    assert "--budget" in stderr
    assert "at most 2**63-1" in stderr
