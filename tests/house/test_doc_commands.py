"""The shell commands of README.md, CONTRIBUTING.md and docs/*.md work as written.

Like the ```pycon doctests (tests/house/test_docs.py), but for the commands a reader
types: every command of a ```bash block and every inline `code` that starts
with `tichu-fast`, `python -m tichu_fast`, `python examples/` or `python bench/`.

- `tichu-fast` and `python -m tichu_fast` commands and the examples run, made
  cheap: counts are capped (`--hands`, `--deals`, `--playouts`, ...) and the
  bots' budgets shrunk, so every command, flag and SPEC is checked for what it
  is, not for how long it takes. A command needing `mybots.py` finds the file
  the same page shows.
- The benchmarks and scripts only have their flags checked against `--help`
  (speed lives in bench/, not in tests).
- `pip install` commands must name extras that pyproject.toml defines, in
  the form that works from a checkout.
- Commands the test cannot run here (`--ray`, `pytest`, shell set-up) are
  left out, by the rules in `skipped`.
"""

from __future__ import annotations

import importlib.util
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
import tomllib

from tichu_fast.bots import BEST

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^(?P<indent>[ ]*)```(?P<info>[\w-]*)\n(?P<body>.*?)^(?P=indent)```[ ]*$", re.MULTILINE | re.DOTALL)
INLINE = re.compile(r"`([^`\n]+)`")
PROGRAMS = ("tichu-fast ", "python -m tichu_fast", "python examples/", "python bench/", "python scripts/")
# Numbers a documented command may ask for, capped to what a test affords.
CAPS = {
    "--hands": 2000,
    "--deals": 2,
    "--playouts": 200,
    "--iterations": 40,
    "--decisions": 2,
    "--eval-hands": 16,
    "--envs": 16,
    "--checkpoints": 1,
    "--rounds": 1,
}
# Bot options inside SPECs, shrunk the same way (a budget in time would make the run long).
SPEC_CAPS = [
    # best first, as its SPEC (4,000 iterations), which the caps below shrink
    (re.compile(r"^best(?::(seed=\d+))?$"), lambda m: BEST + (f",{m[1]}" if m[1] else "")),
    (re.compile(r"\bbudget=[\d.]+(?:ms|s)?"), "budget=2ms"),
    (re.compile(r"\biterations=\d+"), "iterations=20"),
    (re.compile(r"\bworlds=\d+"), "worlds=2"),
]
# The members of the field a documented gauntlet plays here (the 10 ms and 100 ms members cost seconds a deal).
CHEAP_FIELD = "heuristic-v1,heuristic-v2,mc-1ms,ismcts-1ms"
MYBOTS = re.compile(r"```python\n# mybots\.py\n(?P<body>.*?)```", re.DOTALL)


def documented_commands() -> list[tuple[str, str]]:
    """(where, command) for every command line of the documents, in reading order."""
    found: list[tuple[str, str]] = []
    for document in DOCUMENTS:
        text = document.read_text(encoding="utf-8")
        for fence in FENCE.finditer(text):
            if fence["info"] in ("bash", "sh", "console"):
                line_number = text.count("\n", 0, fence.start("body")) + 1
                body = fence["body"].replace("\\\n", " ")
                for k, line in enumerate(body.splitlines()):
                    for part in line.split("&&"):
                        command = part.split(" #")[0].strip()
                        if command:
                            found.append((f"{document.name}:{line_number + k}", command))
        outside = FENCE.sub("", text)
        for span in INLINE.finditer(outside):
            if span[1].startswith(PROGRAMS):
                found.append((f"{document.name} inline", span[1].strip()))
    return found


def skipped(command: str) -> str | None:
    """Why a command is not run here, or None."""
    if "pip install" in command:
        return "an install: its extras are checked, it is not run"
    if any(mark in command for mark in ("[", "|", "SPEC", "...", "ADDRESS", " N ", "<", "NAME")):
        return "a template, not a command"
    words = command.split()
    if command.startswith(("tichu-fast", "python -m tichu_fast")) and len(words) <= 4 and "--" not in command:
        return "a command's name in a sentence, not a command"
    if "--ray" in command:
        return "needs a Ray cluster"
    if words[1:2] == ["play"] or words[3:4] == ["play"]:
        return "serves a table until stopped (tests/tables/test_web_table.py covers it)"
    if command.startswith(("python3 -m venv", ". ", "pre-commit", "cmake", "bash ", "ruff", "mypy", "ctest")):
        return "set-up and checks of CONTRIBUTING.md, run by CI"
    if "pytest" in command or "mypy" in command:
        return "the test suite itself"
    if command.startswith("python -c"):
        return "inline Python: the doctests cover the API"
    return None


def cheap(arguments: list[str]) -> list[str]:
    """The command with its counts capped and its bots' budgets shrunk."""
    out = list(arguments)
    for i, word in enumerate(out[:-1]):
        if word in CAPS and out[i + 1].isdigit():
            out[i + 1] = str(min(int(out[i + 1]), CAPS[word]))
        if word in ("--team-a", "--team-b", "--round-robin", "--gauntlet"):
            for pattern, replacement in SPEC_CAPS:
                out[i + 1] = pattern.sub(replacement, out[i + 1])
    if "--gauntlet" in out:  # a member's budget is part of its name: the cheap members stand in for the field
        if "--field" in out:
            del out[out.index("--field") : out.index("--field") + 2]
        out += ["--field", CHEAP_FIELD]
    if "--minutes" in out:  # examples/learn.py: a fixed small run instead of minutes of training
        i = out.index("--minutes")
        del out[i : i + 2]
        out += ["--rounds", "1", "--checkpoints", "1", "--envs", "16", "--eval-hands", "16"]
    if "tichu_fast.net.train" in out:  # its --quick caps every size of a training run at once
        out.append("--quick")
    if out[-2:-1] == ["--png"] or "--png" in out:
        i = out.index("--png")
        out[i + 1] = "curve.png"  # never overwrite the checked-in docs/learn_curve.png
    return out


def argv(command: str) -> list[str]:
    """The command as an argument vector for this interpreter (python -> sys.executable)."""
    words = shlex.split(command)
    if words[0] == "tichu-fast":
        return [sys.executable, "-m", "tichu_fast", *words[1:]]
    if words[0] == "python":
        return [sys.executable, *words[1:]]
    return words


def replayed_runs(words: list[str]) -> dict[str, int]:
    """The run folders of a training command's `--replay` files (RUN/data/round_NNN.npz), each with the rounds that
    make the last file it names."""
    if "--replay" not in words:
        return {}
    runs: dict[str, int] = {}
    for word in words[words.index("--replay") + 1 :]:
        if word.startswith("--"):
            break
        found = re.fullmatch(r"(.+)/data/round_(\d+)\.npz", word)
        assert found, f"--replay {word}: not a run's round file"
        runs[found[1]] = max(runs.get(found[1], 0), int(found[2]) + 1)
    return runs


COMMANDS = documented_commands()


def test_the_documents_show_commands():
    # The README's two commands at least, and the CLI's commands of docs/bots.md.
    commands = [command for _, command in COMMANDS]
    assert "python -m tichu_fast simulate --hands 100000" in commands
    assert 'python -m pip install ".[test]"' in commands
    assert any(c.startswith("tichu-fast arena --team-a mybots:Lowest") for c in commands)


def pip_extras(command: str) -> list[str]:
    """The extras a `pip install` command names."""
    return [extra for group in re.findall(r"\[([\w,-]+)\]", command) for extra in group.split(",")]


@pytest.mark.parametrize(("where", "command"), [c for c in COMMANDS if "pip install" in c[1]], ids=lambda x: x)
def test_pip_commands_name_defined_extras_from_the_checkout(where, command):
    defined = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"])
    assert set(pip_extras(command)) <= defined, where
    assert "tichu_fast[" not in command, f"{where}: a checkout installs '.[extra]', not the published name"


RUNNABLE = [c for c in COMMANDS if skipped(c[1]) is None]


@pytest.mark.parametrize(("where", "command"), RUNNABLE, ids=[f"{w} {c}"[:90] for w, c in RUNNABLE])
def test_documented_commands_run(where, command, tmp_path):
    words = cheap(argv(command))
    program = words[1] if words[0] == sys.executable else words[0]
    if "compare_envs" in program and importlib.util.find_spec("gymnasium") is None:
        pytest.skip("bench/compare_envs.py needs the [rl] extra")
    if program.startswith(("bench/", "scripts/")):
        # Only the flags: a benchmark's run is its own business.
        script = ROOT / program
        assert script.exists(), f"{where}: no {program}"
        help_text = subprocess.run(
            [sys.executable, str(script), "--help"], capture_output=True, text=True, timeout=120, cwd=script.parent
        )
        assert help_text.returncode == 0, f"{where}: {help_text.stderr}"
        for flag in (w.split("=")[0] for w in words if w.startswith("--")):
            assert flag in help_text.stdout, f"{where}: {program} takes no {flag}"
        return
    if "tichu_fast.net.train" in words:
        if importlib.util.find_spec("torch") is None:
            pytest.skip("tichu_fast.net.train needs the [train] extra")
        if "--resume" in words:  # a run to resume first, in the same folder
            first = [w for w in words if w != "--resume"]
            made = subprocess.run(first, capture_output=True, text=True, timeout=300, cwd=tmp_path)
            assert made.returncode == 0, f"{where}: {' '.join(first)}\n{made.stderr[-2000:]}"
        for run, rounds in replayed_runs(words).items():  # the earlier runs whose rounds --replay names
            earlier = [sys.executable, "-m", "tichu_fast.net.train", "--out", run, "--quick", "--rounds", str(rounds)]
            made = subprocess.run(earlier, capture_output=True, text=True, timeout=300, cwd=tmp_path)
            assert made.returncode == 0, f"{where}: {' '.join(earlier)}\n{made.stderr[-2000:]}"
    if program.startswith("examples/"):
        words[words.index(program)] = str(ROOT / program)
    if "mybots:" in command:
        page = next(d for d in DOCUMENTS if d.name == where.split(":")[0].split(" ")[0])
        shown = MYBOTS.search(page.read_text(encoding="utf-8"))
        assert shown is not None, f"{where}: uses mybots.py, which the page does not show"
        (tmp_path / "mybots.py").write_text(shown["body"])
    result = subprocess.run(words, capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert result.returncode == 0, f"{where}: {' '.join(words)}\n{result.stderr[-2000:]}"
