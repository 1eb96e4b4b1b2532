"""The duplicate arena (tichu_fast.arena) and `tichu-fast arena` (docs/bots.md)."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from typing import ClassVar

import numpy as np
import pytest

import tichu_fast as tf
from tichu_fast import arena, cli
from tichu_fast.arena import Estimate, duplicate, estimate, round_robin
from tichu_fast.bots import HeuristicBot, MonteCarloBot, RandomBot, make_bot
from tichu_fast.errors import BotError


class PythonRandom(RandomBot):
    """RandomBot played by the Python loop (a subclass never takes the C++ path)."""


class PythonHeuristic(HeuristicBot):
    """HeuristicBot played by the Python loop."""


class Recorder:
    """Remembers, per hand it is reset for, the 8 cards each of its seats saw first.

    The arena plays with deep copies of a bot, so the log is the class's.
    """

    log: ClassVar[dict[str, list[dict]]] = {}

    def __init__(self, name: str) -> None:
        self.name = name
        self.log[name] = []

    @property
    def hands(self) -> list[dict]:
        return self.log[self.name]

    def reset(self, hand_seed: int) -> None:
        self.hands.append({"seed": hand_seed})

    def act(self, state, seat):
        if state.decision == tf.Decision.GRAND_TICHU:
            self.hands[-1][seat] = state.seen(seat)
        return tf.policy_action(state, "random", 0, calls=False)


def test_estimate_on_a_sample_computed_by_hand():
    # mean 2.5; sample variance ((1.5² + 0.5²) * 2) / 3 = 5/3; 1.96 * sqrt(5/3) / sqrt(4) = 1.2651...
    e = estimate([1.0, 2.0, 3.0, 4.0])
    assert e.mean == 2.5
    assert e.ci == pytest.approx(1.96 * math.sqrt(5 / 3) / 2)
    assert e.ci == pytest.approx(1.265174)
    assert (e.low, e.high) == (e.mean - e.ci, e.mean + e.ci)
    assert str(Estimate(12.0, 3.25)) == "+12.0 ± 3.2"
    assert estimate([7.0]).ci == math.inf
    with pytest.raises(ValueError, match="no samples"):
        estimate([])


def test_each_deal_is_played_twice_with_the_seats_swapped_and_the_same_cards():
    # R2.1: the first 8 cards of each seat come from the deal's seed
    a, b = Recorder("a"), Recorder("b")
    result = duplicate(a, b, 4, 11)
    assert result.deals == 4
    assert result.hands == 8
    assert len(a.hands) == len(b.hands) == 8  # reset once per hand for each team
    for d in range(4):
        first_8 = [tf.HandState.new(tf.hand_seed(11, d)).seen(seat) for seat in range(4)]
        play0_a, play1_a = a.hands[2 * d], a.hands[2 * d + 1]
        play0_b, play1_b = b.hands[2 * d], b.hands[2 * d + 1]
        assert set(play0_a) - {"seed"} == {0, 2}  # A at seats 0 and 2 first
        assert set(play1_a) - {"seed"} == {1, 3}  # then at 1 and 3
        assert set(play0_b) - {"seed"} == {1, 3}
        assert set(play1_b) - {"seed"} == {0, 2}
        for seat in range(4):
            seen = {**play0_a, **play0_b}[seat], {**play1_a, **play1_b}[seat]
            assert seen[0] == seen[1] == first_8[seat]
        assert play0_a["seed"] == tf.hand_seed(tf.hand_seed(11, d), 0)
        assert play1_a["seed"] == tf.hand_seed(tf.hand_seed(11, d), 1)


def test_margins_match_hands_played_independently():
    # the deals replayed here with the bots' documented streams, on the true states
    result = duplicate(PythonHeuristic(), PythonRandom(seed=2), 6, 5)
    margins = []
    for d in range(6):
        deal_seed = tf.hand_seed(5, d)
        per_play = []
        for play in (0, 1):
            a, b = HeuristicBot(), RandomBot(seed=2)
            a.reset(tf.hand_seed(deal_seed, play))
            b.reset(tf.hand_seed(deal_seed, play))
            state = tf.HandState.new(deal_seed)
            while not state.is_terminal():
                seat = state.current_player
                bot = a if (seat & 1) == play else b
                state.apply(bot.act(state, seat))
            returns = state.returns()
            per_play.append(returns[play] - returns[1 - play])
        margins.append(sum(per_play) / 2)
    assert result.deal_margins == tuple(margins)
    assert result.margin == estimate(margins)


@pytest.mark.parametrize(
    ("a", "b", "py_a", "py_b"),
    [
        (RandomBot(seed=3), RandomBot(calls=False), PythonRandom(seed=3), PythonRandom(calls=False)),
        (HeuristicBot(), RandomBot(), PythonHeuristic(), PythonRandom()),
    ],
)
def test_the_cpp_path_plays_what_the_python_loop_plays(a, b, py_a, py_b):
    # R10.3: a seat's view decides like the true state, so both paths agree exactly
    native = duplicate(a, b, 25, 7)
    python = duplicate(py_a, py_b, 25, 7)
    assert native.native
    assert not python.native
    assert native.deal_margins == python.deal_margins
    assert native.to_dict() | _no_time() == python.to_dict() | _no_time() | {"native": True}
    np.testing.assert_array_equal(native.call_hands, python.call_hands)  # the cards each call was made on
    assert ((native.call_hands != 0) == (native.seat_calls != 0)).all()
    np.testing.assert_array_equal(native.called_in_play, python.called_in_play)  # R7.2: a Tichu in play
    assert native.called_in_play.any()  # both pairs call Tichu in play in some hands
    assert not (native.called_in_play & (native.seat_calls != int(tf.Call.TICHU))).any()


def _no_time() -> dict:
    return {"seconds": 0, "seconds_per_decision": 0, "team_a": "", "team_b": ""}


def test_results_do_not_depend_on_threads():
    one = duplicate(HeuristicBot(), RandomBot(), 5003, 1)  # more than one chunk of C++ deals
    two = duplicate(HeuristicBot(), RandomBot(), 5003, 1, threads=3)
    assert one.deal_margins == two.deal_margins
    py_one = duplicate(PythonRandom(), MonteCarloBot(worlds=2, policy="random"), 4, 2)
    py_three = duplicate(PythonRandom(), MonteCarloBot(worlds=2, policy="random"), 4, 2, threads=3)
    assert py_one.deal_margins == py_three.deal_margins


def test_the_margin_splits_into_calls_and_cards():
    # R7: a call is worth its bonus to the caller's team when made, its loss otherwise
    r = duplicate(RandomBot(), HeuristicBot(), 300, 3)
    assert r.margin.mean == pytest.approx(r.calls.mean + r.cards.mean)
    assert r.calls.mean != 0
    assert r.call_success["a"]["grand_tichu"]["calls"] > 0
    quiet = duplicate(RandomBot(calls=False), HeuristicBot(calls=False), 50, 3)
    assert quiet.calls == Estimate(0.0, 0.0)
    assert quiet.call_success["a"]["tichu"] == {"calls": 0, "made": 0, "rate": 0.0}
    # the cards part of one hand is 100 points shared out, or a one-two's 200 (R8)
    assert -200 <= quiet.cards.mean <= 200


def test_rates_and_counts():
    r = duplicate(HeuristicBot(), RandomBot(calls=False), 200, 0)
    assert r.margin.mean > 100  # the heuristic beats random by far
    assert 0.5 < r.win_rate <= 1
    assert r.one_two_rate[0] > r.one_two_rate[1]
    assert r.points[0] - r.points[1] == pytest.approx(r.margin.mean)
    assert min(r.decisions) > 0
    assert json.loads(json.dumps(r.to_dict()))["deals"] == 200


def test_an_illegal_action_names_the_bot():
    def passes(_state, _seat):
        return "pass"

    with pytest.raises(tf.IllegalMoveError, match=r"passes.*team A, seat 0"):
        duplicate(passes, RandomBot(), 2, 0)


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"deals": 0}, ValueError),
        ({"deals": True}, TypeError),
        ({"seed": -1}, ValueError),
        ({"seed": 2**64}, ValueError),
        ({"seed": True}, TypeError),
        ({"threads": 0}, ValueError),
        ({"threads": 1.0}, TypeError),
        ({"rules": "fast"}, TypeError),
    ],
)
def test_bad_arguments(kwargs, error):
    args = {"deals": 2, "seed": 0} | kwargs
    with pytest.raises(error):
        duplicate(RandomBot(), RandomBot(), args.pop("deals"), args.pop("seed"), **args)


def test_ray_needs_ray_installed(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # as if not installed
    with pytest.raises(ValueError, match=r'the \[ray\] extra\): pip install "\.\[ray\]"'):
        duplicate(RandomBot(), RandomBot(), 2, 0, ray="auto")


def test_round_robin_ranks_by_mean_margin():
    bots = {"random": RandomBot(calls=False), "heuristic": HeuristicBot(), "mc": MonteCarloBot(worlds=2)}
    result = round_robin(bots, 4, 0)
    assert set(result.matches) == {("random", "heuristic"), ("random", "mc"), ("heuristic", "mc")}
    assert result.ranking[-1][0] == "random"
    margins = [m for _, m, _ in result.ranking]
    assert margins == sorted(margins, reverse=True)
    assert result.ranking[0][1] == pytest.approx(
        sum(
            r.margin.mean if x == result.ranking[0][0] else -r.margin.mean
            for (x, y), r in result.matches.items()
            if result.ranking[0][0] in (x, y)
        )
        / 2
    )
    assert "random" in result.table()
    with pytest.raises(ValueError, match="two"):
        round_robin({"x": RandomBot()}, 1, 0)


# -- the command line ---------------------------------------------------------------------------


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tichu_fast", *args], capture_output=True, text=True, timeout=120)


def test_cli_arena_text():
    result = run("arena", "--team-a", "heuristic", "--team-b", "random:calls=0", "--deals", "50", "--seed", "2")
    assert result.returncode == 0, result.stderr
    assert "heuristic (A) vs random:calls=0 (B): 50 deals x 2 plays, seed 2" in result.stdout
    assert "margin per hand" in result.stdout
    assert "50/50 deals" in result.stderr  # not a terminal: a start and an end line only


def test_cli_arena_json_equals_the_api():
    result = run("arena", "--team-a", "heuristic", "--team-b", "random", "--deals", "30", "--seed", "4", "--json")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    out = json.loads(result.stdout)
    api = duplicate(HeuristicBot(), RandomBot(), 30, 4).to_dict()
    assert out["team_a"] == "heuristic"
    assert out["margin_per_hand"] == api["margin_per_hand"]
    assert out["call_success"] == api["call_success"]


def test_cli_round_robin_with_options_and_a_module_bot():
    result = run(
        "arena", "--round-robin", "random:calls=0,seed=1,tichu_fast.bots:HeuristicBot", "--deals", "3", "--json"
    )
    assert result.returncode == 0, result.stderr
    ranking = json.loads(result.stdout)["ranking"]
    assert [r["bot"] for r in ranking] == ["tichu_fast.bots:HeuristicBot", "random:calls=0,seed=1"]


@pytest.mark.parametrize(
    "args",
    [
        ["--team-a", "smart", "--team-b", "random"],
        ["--team-a", "random"],
        ["--team-a", "mc:budget=soon", "--team-b", "random"],
        ["--round-robin", "random"],
        ["--round-robin", "random,heuristic", "--team-a", "random"],
        ["--team-a", "random", "--team-b", "random", "--deals", "0"],
        ["--team-a", "random", "--team-b", "random", "--seed", "-1"],
    ],
)
def test_cli_bad_arguments_exit_2(args):
    result = run("arena", *args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1, result.stderr


def test_arena_module_has_no_private_leaks():
    assert set(arena.__all__) >= {"duplicate", "round_robin", "DuplicateResult", "estimate"}


def test_rules_reach_both_paths():
    # R10.2 with Rules(bombs_out_of_turn=False): bombs in turn only; both paths play the same hands
    rules = tf.Rules(bombs_out_of_turn=False)
    native = duplicate(HeuristicBot(), RandomBot(), 30, 8, rules=rules)
    python = duplicate(PythonHeuristic(), PythonRandom(), 30, 8, rules=rules)
    assert native.deal_margins == python.deal_margins
    assert native.decisions != duplicate(HeuristicBot(), RandomBot(), 30, 8).decisions


def test_progress_reports_every_deal_up_to_the_last():
    seen = []
    duplicate(PythonRandom(), RandomBot(), 3, 0, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 3), (2, 3), (3, 3)]
    seen.clear()
    duplicate(RandomBot(), RandomBot(), 3, 0, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (3, 3)


def test_a_bot_with_state_across_hands_gives_the_same_numbers_for_any_threads():
    # Fresh copies per hand: a bot that draws from its own generator without reset() cannot make the
    # numbers depend on how deals are cut into chunks, nor carry a deal's first play into its second.
    import random

    from tichu_fast.arena import duplicate
    from tichu_fast.bots import RandomBot

    class Drifting:
        def __init__(self):
            self.rng = random.Random(0)

        def act(self, state, _seat):
            return self.rng.choice(state.legal_actions())

    one = duplicate(Drifting(), RandomBot(), 40, 1, threads=1)
    two = duplicate(Drifting(), RandomBot(), 40, 1, threads=2)  # chunks of 5 deals
    assert one.deal_margins == two.deal_margins


# --- issue 33: SPEC strings, saved replays, a lazy deal source -------------------------------


def test_spec_strings_are_bots_everywhere():
    # duplicate() refused "heuristic"; a SPEC string is made by make_bot wherever a bot is taken
    by_spec = duplicate("heuristic", "random:calls=0", 3, 4)
    by_bot = duplicate(HeuristicBot(), RandomBot(calls=False), 3, 4)
    assert by_spec.deal_margins == by_bot.deal_margins
    assert (by_spec.team_a, by_spec.team_b) == ("heuristic", "random:calls=0")
    robin = round_robin({"h": "heuristic", "r": "random:calls=0"}, 3, 4)
    assert robin.matches[("h", "r")].deal_margins == by_bot.deal_margins
    positions = arena.endgame_positions(2, 1, 20, bot="heuristic")
    assert len(positions) == 2
    assert arena.duplicate_positions("heuristic", "random", positions).team_a == "heuristic"
    with pytest.raises(ValueError, match="unknown bot"):
        duplicate("smart", "random", 2, 0)


def margin_of(replays: dict[tuple[int, int], str], deal: int) -> float:
    """A deal's margin for team A from its two saved hands (team A at seats 0/2 in play 0, 1/3 in play 1)."""
    total = 0.0
    for play in (0, 1):
        state = tf.HandState.from_replay(replays[(deal, play)])
        assert state.is_terminal()
        scores = state.returns()
        total += scores[play] - scores[1 - play]
    return total / 2


@pytest.mark.parametrize(
    ("a", "b"),
    [(HeuristicBot(), RandomBot()), (PythonHeuristic(), PythonRandom())],
    ids=["cpp path", "python loop"],
)
def test_the_kept_replays_are_the_hands_played(a, b):
    # On the C++ path the hands are played again by the Python loop: the same hands, the same scores.
    result = duplicate(a, b, 5, 9, replays=3)
    assert sorted(result.replays) == [(d, p) for d in range(3) for p in (0, 1)]
    for deal in range(3):
        assert margin_of(result.replays, deal) == result.deal_margins[deal]
    assert duplicate(a, b, 5, 9, replays=3, threads=2).replays == result.replays
    assert duplicate(a, b, 2, 9, replays=10).replays.keys() == {(0, 0), (0, 1), (1, 0), (1, 1)}
    assert duplicate(a, b, 2, 9).replays == {}
    assert "replays" not in result.to_dict()


def test_positions_keep_their_replays():
    positions = arena.endgame_positions(2, 3, 16)
    result = arena.duplicate_positions(PythonHeuristic(), PythonRandom(), positions, replays=1)
    assert sorted(result.replays) == [(0, 0), (0, 1)]
    assert margin_of(result.replays, 0) == result.deal_margins[0]


def test_the_threads_take_the_deals_as_they_need_them(monkeypatch):
    # --threads 2 with a huge --deals made every chunk of deals up front (3.2 GB within 12 s): the chunks
    # are now drawn from a generator as the workers ask, so a run that stops at once has drawn almost none.
    drawn = []

    def counted(total, size):
        for piece in arena_chunks(total, size):
            drawn.append(piece)
            yield piece

    arena_chunks = arena.chunks
    monkeypatch.setattr(arena, "chunks", counted)

    def boom(_state, _seat):
        raise KeyError("boom")

    with pytest.raises(BotError, match="boom"):
        duplicate(boom, RandomBot(), 10**9, 0, threads=2)
    assert 1 <= len(drawn) <= 2  # one chunk per worker; 10**9 deals are 15,625,000 chunks of 64


def test_cli_saves_replays_that_view_and_analyze_read(tmp_path, capsys):
    folder = tmp_path / "hands"
    assert cli.main(["arena", "--team-a", "heuristic", "--team-b", "random", "--deals", "3",
                     "--save-replays", str(folder), "--save-first", "2", "--json"]) == 0  # fmt: skip
    captured = capsys.readouterr()
    json.loads(captured.out)  # stdout stays JSON; the note goes to stderr
    assert f"saved 4 replays in {folder}" in captured.err
    files = sorted(p.name for p in folder.iterdir())
    assert files == ["deal-0-play-0.txt", "deal-0-play-1.txt", "deal-1-play-0.txt", "deal-1-play-1.txt"]
    state = tf.HandState.from_replay((folder / "deal-1-play-1.txt").read_text(encoding="utf-8"))
    assert state.is_terminal()
    assert cli.main(["analyze", str(folder / "deal-0-play-0.txt"), "--cards", "8", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["format"] == "tichu_fast analysis 1"
    # the default is the first 10 deals, and a round robin writes a folder per match
    robin = tmp_path / "robin"
    assert cli.main(["arena", "--round-robin", "random:calls=0,heuristic", "--deals", "12",
                     "--save-replays", str(robin), "--json"]) == 0  # fmt: skip
    capsys.readouterr()
    assert [p.name for p in robin.iterdir()] == ["random-calls-0-vs-heuristic"]
    assert len(list((robin / "random-calls-0-vs-heuristic").iterdir())) == 20


def test_cli_save_replays_is_checked_before_playing(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    for args in (
        ["--save-replays", str(blocker)],  # not a folder
        ["--save-replays", str(blocker / "below")],
        ["--save-first", "3"],  # without --save-replays
        ["--save-replays", str(tmp_path / "x"), "--save-first", "0"],
    ):
        result = run("arena", "--team-a", "random", "--team-b", "random", "--deals", "5", *args)
        assert result.returncode == 2, result
        assert result.stderr.count("\n") == 1, result.stderr
        assert "playing" not in result.stderr


def test_cli_round_robin_of_one_deal_is_refused_before_playing():
    # It played every match, then exited 2 ("no finite interval") and printed no result.
    result = run("arena", "--round-robin", "random,heuristic", "--deals", "1")
    assert result.returncode == 2
    assert result.stderr.startswith("tichu-fast: --round-robin needs --deals 2 or more")
    assert result.stderr.count("\n") == 1
    assert result.stdout == ""


def test_cli_one_deal_says_it_gives_no_interval():
    result = run("arena", "--team-a", "random", "--team-b", "heuristic", "--deals", "1")
    assert result.returncode == 0, result.stderr
    assert "1 deal x 2 plays" in result.stdout
    assert "one deal gives no interval" in result.stdout


BOOM = """\
class Boom:
    def act(self, state, seat):
        return self.choose(state)

    def choose(self, state):
        raise KeyError("boom")
"""


def arena_in(folder, team_a: str) -> subprocess.CompletedProcess[str]:
    """`tichu-fast arena --team-a TEAM_A --team-b random` run in `folder`, where the bot's module lies."""
    command = [sys.executable, "-m", "tichu_fast", "arena", "--team-a", team_a, "--team-b", "random"]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, cwd=folder)


BROKEN = """\
class BadInit:
    def __init__(self):
        raise RuntimeError("init boom")
"""


@pytest.mark.parametrize(
    ("source", "line", "where"),
    [(BROKEN, 3, "__init__"), ("x = 1\nraise OSError('module boom')\n", 2, "<module>")],
    ids=["constructor", "module"],
)
def test_cli_shows_where_a_bot_raised_while_it_was_built(tmp_path, source, line, where):
    # It said "unknown bot 'brokenbots:BadInit' ... cannot be built without arguments: init boom", no frame:
    # the bot exists, its own code raised, and where it raised is what its author needs.
    (tmp_path / "brokenbots.py").write_text(source)
    result = arena_in(tmp_path, "brokenbots:BadInit")
    assert result.returncode == 2
    assert "unknown bot" not in result.stderr
    assert f'File "{tmp_path / "brokenbots.py"}", line {line}, in {where}' in result.stderr
    assert "specs.py" not in result.stderr  # make_bot's own frames are left out


def test_make_bot_chains_the_exception_a_bot_class_raised(tmp_path, monkeypatch):
    (tmp_path / "brokenbots.py").write_text(BROKEN)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(BotError, match="building the bot 'brokenbots:BadInit' raised RuntimeError") as info:
        make_bot("brokenbots:BadInit")
    assert isinstance(info.value.__cause__, RuntimeError)


def test_cli_shows_where_a_bot_raised(tmp_path):
    # The one line "... raised KeyError: 'boom'" said nothing of where: the bot's own frames follow it.
    (tmp_path / "boombots.py").write_text(BOOM)
    result = arena_in(tmp_path, "boombots:Boom")
    assert result.returncode == 2
    lines = result.stderr.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("tichu-fast: "))
    assert "raised KeyError: 'boom'" in lines[first]
    trace = "\n".join(lines[first + 1 :])
    assert trace.startswith("the bot's traceback (most recent call last):")
    assert f'File "{tmp_path / "boombots.py"}", line 3, in act' in trace
    assert f'File "{tmp_path / "boombots.py"}", line 6, in choose' in trace
    assert lines[-1] == "KeyError: 'boom'"
    assert "arena.py" not in trace  # the arena's own frames are left out
