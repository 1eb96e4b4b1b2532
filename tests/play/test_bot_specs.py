"""Bot SPECs: a one-file bot in the current folder, bad specs as ValueError, a checked registry (docs/bots.md),
and the one registry of built-in bots: a toy bot registered here runs through make_bot, the arena and the CLI."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from tichu_fast import arena, cli
from tichu_fast.bots import BOTS, BotSpec, FunctionBot, HeuristicBot, PolicyBot, RandomBot, make_bot, register_bot
from tichu_fast.bots.specs import flag, integer, logits, native_policy, number, seconds
from tichu_fast.search import POLICIES

MYBOTS = """\
class Lowest:
    def reset(self, hand_seed):
        pass

    def act(self, state, seat):
        return state.legal_actions()[0]


def first(state, seat):
    return state.legal_actions()[0]
"""


@pytest.fixture
def bot_folder(tmp_path, monkeypatch):
    """A folder holding mybots.py, made the current one; sys.path and sys.modules restored afterwards."""
    (tmp_path / "mybots.py").write_text(MYBOTS)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [entry for entry in sys.path if entry not in ("", ".", str(tmp_path))])
    yield tmp_path
    sys.modules.pop("mybots", None)


@pytest.mark.usefixtures("bot_folder")
def test_a_one_file_bot_in_the_current_folder():
    # The README's first custom bot: mybots.py where you stand, no package, no dot in the name.
    bot = make_bot("mybots:Lowest")
    assert type(bot).__name__ == "Lowest"
    assert isinstance(make_bot("mybots:first"), FunctionBot)


def test_a_missing_module_says_where_it_looked(bot_folder):
    with pytest.raises(ValueError, match="cannot import the bot module 'nobots'") as info:
        make_bot("nobots:Lowest")
    message = str(info.value)
    assert str(bot_folder) in message  # the current folder was searched
    assert "random" in message  # and it was no registered bot either


def tichu_fast_script() -> str:
    """The installed `tichu-fast` console script of this interpreter."""
    script = Path(sysconfig.get_path("scripts")) / "tichu-fast"
    if not script.exists():
        pytest.skip("no tichu-fast script installed beside this interpreter")
    return str(script)


@pytest.mark.parametrize("entry", ["script", "module"])
def test_the_cli_finds_a_bot_in_the_current_folder(tmp_path, entry):
    # Both entry points: `tichu-fast` (whose sys.path holds its bin folder) and `python -m tichu_fast`.
    (tmp_path / "mybots.py").write_text(MYBOTS)
    command = [tichu_fast_script()] if entry == "script" else [sys.executable, "-m", "tichu_fast"]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    result = subprocess.run(
        [*command, "arena", "--team-a", "mybots:Lowest", "--team-b", "heuristic", "--deals", "2", "--json"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert result.returncode == 0, result.stderr
    assert '"team_a": "mybots:Lowest"' in result.stdout


@pytest.mark.parametrize(
    "spec",
    [
        "tichu_fast.bots:BOTS",  # a dict: not a bot
        "tichu_fast.hand:HandState",  # a class that needs arguments
        "tichu_fast:__class__",  # no dunder or private names
        "tichu_fast.bots:_private",
        "..:X",  # no relative imports
        ".bots:X",
        "tichu_fast..bots:X",
        "tichu_fast.bots:HeuristicBot:x",
    ],
)
def test_specs_that_name_no_bot_are_value_errors(spec):
    with pytest.raises(ValueError, match="bot") as info:
        make_bot(spec)
    assert len(str(info.value)) < 300


@pytest.mark.parametrize("spec", ["tichu_fast.bots:BOTS", "tichu_fast.hand:HandState", "pkg:__class__", "..:X"])
def test_the_cli_answers_a_bad_spec_with_exit_2(spec):
    result = subprocess.run(
        [sys.executable, "-m", "tichu_fast", "arena", "--team-a", spec, "--team-b", "random", "--deals", "1"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1


@pytest.mark.parametrize(
    ("args", "error"),
    [
        ((5, FunctionBot, {}), TypeError),
        (("", FunctionBot, {}), ValueError),
        (("a:b", FunctionBot, {}), ValueError),
        (("mine", None, {}), TypeError),
        (("mine", FunctionBot, None), TypeError),
        (("mine", FunctionBot, {"depth": None}), TypeError),
        (("mine", FunctionBot, {5: int}), TypeError),
    ],
)
def test_register_bot_checks_its_arguments(args, error):
    before = dict(BOTS)
    with pytest.raises(error):
        register_bot(*args)
    assert before == BOTS
    with pytest.raises(ValueError, match=r"expected one of .*heuristic.*random"):
        make_bot("smart")  # the unknown-spec message still sorts the registry's names


def test_register_bot_adds_a_bot(monkeypatch):
    monkeypatch.setitem(BOTS, "placeholder", BOTS["random"])  # restored after the test
    built = []

    def factory(depth: int = 1) -> FunctionBot:
        built.append(depth)
        return FunctionBot(lambda state, _seat: state.legal_actions()[0])

    register_bot("placeholder", factory, {"depth": int})
    assert isinstance(make_bot("placeholder:depth=3"), FunctionBot)
    assert built == [3]


def test_a_spec_with_an_empty_option_list_is_the_bare_name():
    assert repr(make_bot("heuristic:")) == repr(make_bot("heuristic"))
    assert repr(make_bot("solver:")) == repr(make_bot("solver"))
    with pytest.raises(ValueError, match="key=value"):
        make_bot("heuristic:,")


def test_search_bots_show_their_settings():
    assert repr(make_bot("ismcts:iterations=300")) == (
        "ISMCTSBot(iterations=300, policy='heuristic', prior=0.5, calls=False, seed=0)"
    )
    shown = repr(make_bot("ismcts:budget=0.01,threads=2,belief=heuristic:3"))
    assert "budget=0.01" in shown
    assert "threads=2" in shown
    assert "belief='heuristic:3'" in shown
    assert "ISMCTSBot(iterations=" in repr(make_bot("solver"))


# Out of range for every numeric option of every built-in bot: past every int range (seeds go to 2**64-1),
# no number at all, or past a day of seconds. Each used to be taken and some failed only at a decision.
_OUT_OF_RANGE = {
    integer: ["18446744073709551616", "-1"],
    number: ["nan", "inf", "-1"],
    logits: ["nan", "-inf", "11", "-11"],
    seconds: ["100000", "9" * 400],
}
_BASE = {"ismcts": "iterations=5", "solver": "iterations=5"}


def numeric_options() -> list[tuple[str, str, str]]:
    cases = []
    for name, spec in BOTS.items():
        for key, convert in spec.options.items():
            for value in _OUT_OF_RANGE.get(convert, []):
                base = _BASE.get(name, "")
                options = f"{key}={value}" if not base or base.startswith(f"{key}=") else f"{base},{key}={value}"
                cases.append((name, key, options))
    return cases


@pytest.mark.parametrize(("name", "key", "options"), numeric_options())
def test_every_numeric_option_is_checked_when_the_spec_is_read(name, key, options):
    with pytest.raises(ValueError, match=key) as info:
        make_bot(f"{name}:{options}")
    assert len(str(info.value)) < 300


@pytest.mark.parametrize(
    "spec",
    [
        "solver:max_nodes=9223372036854775808",  # failed at decision 65: max_nodes is out of range
        "ismcts:iterations=9223372036854775808",
        "ismcts:iterations=1000,extend=1e300",  # a close decision's second search was out of range
        "ismcts:budget=1s,extend=1e6",
    ],
)
def test_a_budget_beyond_the_core_is_refused_at_the_spec_naming_the_range(spec):
    with pytest.raises(ValueError, match=r"2\*\*63|86400"):
        make_bot(spec)


def test_the_largest_node_budget_plays():
    # 2**63-1 is what the core counts to: accepted, and a decision of the endgame is solved with it.
    import tichu_fast as tf

    bot = make_bot("solver:max_nodes=9223372036854775807,worlds=1")
    state = tf.HandState.from_position(["3s 6j", "5t", "Kj", "4s"], 0)
    bot.reset(1)
    assert state.is_legal(bot.act(state, 0))


@pytest.mark.parametrize(
    "spec",
    ["ismcts:iterations=9223372036854775807,budget=1ms", "solver:iterations=9223372036854775807,budget=1ms,cards=8"],
)
def test_the_largest_iteration_count_plays(spec):
    # 2**63-1 iterations, scaled by 1.0 in floats, became 2**63 and failed at the first searched decision;
    # with a budget beside it the search stops at 1 ms and the decision is made.
    import tichu_fast as tf

    bot = make_bot(spec)
    state = tf.HandState.from_position(["3s 6j 9p", "5t Jp", "Kj Qs", "4s 8t"], 0)
    bot.reset(1)
    assert state.is_legal(bot.act(state, 0))


def test_an_option_that_is_no_number_names_the_option():
    with pytest.raises(ValueError, match=r"keep=.*expected a number"):
        make_bot("mc:keep=much")


# -- one registry: a new built-in bot is its own file (here: this one) and one entry --------------------


class FirstLegal:
    """A toy built-in bot: the first legal action."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, state, _seat):
        return state.legal_actions()[0]


class NativeToy(PolicyBot):
    """A toy native bot: the heuristic's C++ policy, under a name of its own."""

    policy = "heuristic"


@pytest.fixture
def toy_bots(monkeypatch):
    """The two toys' entries in the registry, and nothing else anywhere (removed afterwards)."""
    monkeypatch.setitem(BOTS, "first-legal", BotSpec(FirstLegal, {"seed": integer}, "the first legal action"))
    entry = BotSpec(NativeToy, {"calls": flag, "seed": integer}, "the heuristic under a toy's name", native=True)
    monkeypatch.setitem(BOTS, "toy-native", entry)


@pytest.mark.usefixtures("toy_bots")
def test_a_registered_bot_runs_through_make_bot_the_arena_and_the_cli(capsys):
    bot = make_bot("first-legal:seed=3")
    assert isinstance(bot, FirstLegal)
    assert bot.seed == 3
    result = arena.duplicate("first-legal", "random", 2, 0)
    assert result.team_a == "first-legal"
    assert not result.native  # a Python bot: the seat loop
    argv = ["arena", "--team-a", "first-legal:seed=1", "--team-b", "heuristic", "--deals", "2", "--json"]
    assert cli.main(argv) == 0
    assert json.loads(capsys.readouterr().out)["team_a"] == "first-legal:seed=1"
    with pytest.raises(SystemExit):
        cli.main(["arena", "--help"])
    # argparse wraps the text at spaces and after hyphens: compared without them
    assert "first-legal(thefirstlegalaction;optionsseed)" in "".join(capsys.readouterr().out.split())


@pytest.mark.usefixtures("toy_bots")
def test_a_native_entry_is_played_in_cpp_as_its_policy():
    toy = arena.duplicate("toy-native", "random", 30, 5)
    assert toy.native
    assert native_policy(make_bot("toy-native:seed=4")) == ("heuristic", True, 4)
    assert toy.deal_margins == arena.duplicate(HeuristicBot(), RandomBot(), 30, 5).deal_margins

    class Cautious(NativeToy):
        """A subclass may act otherwise: the seat loop asks it."""

    assert native_policy(Cautious()) is None


def test_every_policy_of_the_core_is_a_native_bot():
    # the built-in policies, and the network's (policy "net", docs/net.md)
    natives = [spec.factory.policy for spec in BOTS.values() if spec.native]
    assert sorted(natives) == sorted([*POLICIES, "net"])


def test_register_bot_takes_a_native_bot_only_of_a_builtin_policy(monkeypatch):
    monkeypatch.setitem(BOTS, "placeholder", BOTS["random"])  # restored after the test
    register_bot("placeholder", NativeToy, {"seed": integer}, native=True)
    assert BOTS["placeholder"].native
    for factory in (FirstLegal, type("Unknown", (PolicyBot,), {"policy": "oracle"})):
        with pytest.raises(TypeError, match="native"):
            register_bot("placeholder", factory, {}, native=True)
