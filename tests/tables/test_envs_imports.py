"""tichu_fast.envs: importing tichu_fast imports no learning library, and a missing one names the extra."""

from __future__ import annotations

import subprocess
import sys

import pytest

LIBRARIES = ("pettingzoo", "gymnasium", "pyspiel", "open_spiel")


def run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)


def test_importing_tichu_fast_and_envs_imports_no_library():
    code = f"import sys, tichu_fast, tichu_fast.envs\nprint(sorted(m for m in {LIBRARIES!r} if m in sys.modules))\n"
    result = run(code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


@pytest.mark.parametrize(
    ("module", "library"),
    [("pettingzoo_env", "pettingzoo"), ("gymnasium_env", "gymnasium"), ("openspiel_game", "pyspiel")],
)
def test_a_missing_library_raises_import_error_naming_the_extra(module, library):
    # sys.modules[name] = None makes any import of it fail, as if it were not installed.
    code = (
        f"import sys; sys.modules[{library!r}] = None\n"
        "try:\n"
        f"    import tichu_fast.envs.{module}\n"
        "except ImportError as error:\n"
        "    print(error)\n"
    )
    result = run(code)
    assert result.returncode == 0, result.stderr
    assert f"needs {library}" in result.stdout or f"({library})" in result.stdout
    assert 'pip install ".[rl]"' in result.stdout  # the form that works from a checkout
