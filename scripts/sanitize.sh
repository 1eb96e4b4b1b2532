#!/usr/bin/env bash
# Builds the extension with AddressSanitizer and UndefinedBehaviorSanitizer
# into a fresh virtual environment and runs the test suite under them,
# hypothesis reduced to the "sanitize" profile, then the fuzz targets for
# FUZZ_SECONDS (default 60) in all. Any sanitizer report ends the run with
# an error.
#
#     bash scripts/sanitize.sh
set -euo pipefail
cd "$(dirname "$0")/.."

venv="$(mktemp -d)/venv"
python3 -m venv "$venv"
# shellcheck disable=SC1091
. "$venv/bin/activate"
python -m pip install -q -C cmake.define.TICHU_SANITIZE=ON -C cmake.define.TICHU_WERROR=ON \
  -C cmake.build-type=RelWithDebInfo -C build-dir=build/sanitize ".[test]"

# The interpreter is not instrumented, so the runtimes are preloaded; leak
# checks are off because CPython keeps objects alive until exit on purpose.
export LD_PRELOAD="$(g++ -print-file-name=libasan.so) $(g++ -print-file-name=libubsan.so)"
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:strict_string_checks=1
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:suppressions=$PWD/scripts/ubsan-suppressions.txt"
export HYPOTHESIS_PROFILE=sanitize
export TICHU_GAME_HANDS=100  # whole hands under the sanitizers: a tenth of the plain run

echo "+ pytest under ASan and UBSan"
# --capture=sys: a sanitizer writes its report to fd 2 and aborts; pytest's
# default fd capture would swallow it with the process. -n 0: one process, so
# the report is not lost with an xdist worker.
python -m pytest -q -p no:cacheprovider --capture=sys -n 0
echo "+ fuzz targets under ASan and UBSan, ${FUZZ_SECONDS:-60} s"
FUZZ_SECONDS="${FUZZ_SECONDS:-60}" python -m pytest -q -p no:cacheprovider --capture=sys -n 0 -m fuzz tests/bad_input/test_fuzz.py tests/play/test_solver_differential.py
