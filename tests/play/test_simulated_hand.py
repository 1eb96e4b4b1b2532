"""simulated_hand and `tichu-fast simulate --save-replays`: the hand behind simulate's record k, with its replay."""

from __future__ import annotations

import pytest

import tichu_fast as tf
from tichu_fast import cli


def record_of(state: tf.HandState) -> tuple[tuple[int, int], int, tuple[int, ...]]:
    """What a finished hand and its simulate record both say: the team returns, who went out first, the calls."""
    return state.returns(), state.out_order[0], tuple(int(c) for c in state.calls)


@pytest.mark.parametrize(
    ("policy", "calls", "rules"),
    [
        ("random", True, tf.Rules()),
        ("heuristic", True, tf.Rules()),
        ("heuristic-v1", False, tf.Rules()),
        ("random", False, tf.Rules(bombs_out_of_turn=False)),
    ],
)
def test_simulated_hand_is_the_hand_of_simulates_record(policy, calls, rules):
    seed, n = 2026, 40
    records = tf.simulate(n, seed, policy=policy, calls=calls, rules=rules, threads=2)
    for k in range(n):
        state = tf.simulated_hand(k, seed, policy=policy, calls=calls, rules=rules)
        assert state.is_terminal()
        r = records[k]
        assert record_of(state) == ((int(r["score"][0]), int(r["score"][1])), int(r["first_out"]),
                                    tuple(int(c) for c in r["calls"])), k  # fmt: skip
        # the deal of hand k: the replay starts where HandState.new(hand_seed(seed, k)) starts
        dealt = tf.HandState.new(tf.hand_seed(seed, k), rules).replay().splitlines()
        assert state.replay().splitlines()[: len(dealt)] == dealt


def test_a_simulated_hand_replays_as_itself():
    state = tf.simulated_hand(7, 3, policy="heuristic")
    again = tf.HandState.from_replay(state.replay())
    assert again.is_terminal()
    assert again.returns() == state.returns()
    assert again.out_order == state.out_order
    assert again.replay() == state.replay()


def test_simulated_hand_checks_its_arguments():
    with pytest.raises(ValueError, match="k must be >= 0"):
        tf.simulated_hand(-1)
    with pytest.raises(TypeError):
        tf.simulated_hand("3")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        tf.simulated_hand(0, policy="nobody")


def test_cli_simulate_saves_the_first_hands_as_replays(tmp_path, capsys):
    folder = tmp_path / "hands"
    args = ["simulate", "--hands", "30", "--seed", "4", "--policy", "heuristic", "--json"]
    assert cli.main([*args, "--save-replays", str(folder), "--save-first", "3"]) == 0
    assert sorted(p.name for p in folder.iterdir()) == ["hand-0.txt", "hand-1.txt", "hand-2.txt"]
    records = tf.simulate(30, 4, policy="heuristic")
    for k in range(3):
        state = tf.HandState.from_replay((folder / f"hand-{k}.txt").read_text(encoding="utf-8"))
        assert state.returns() == tuple(int(x) for x in records[k]["score"])
    assert "saved 3 replays" in capsys.readouterr().err


def test_cli_simulate_saves_at_most_the_hands_it_plays(tmp_path):
    assert cli.main(["simulate", "--hands", "2", "--json", "--save-replays", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hand-0.txt", "hand-1.txt"]


def test_cli_simulate_checks_the_replay_folder_before_playing(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert cli.main(["simulate", "--hands", "10", "--save-replays", str(blocker)]) == 2
    assert cli.main(["simulate", "--hands", "10", "--save-first", "3"]) == 2
    out, err = capsys.readouterr()
    assert "--save-replays" in err
    assert out == ""  # refused before a hand was played: no summary
