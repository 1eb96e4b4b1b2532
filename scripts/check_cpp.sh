#!/usr/bin/env bash
# The C++ core checked from C++ alone: configures, builds and runs the tests
# of cpp/tests (ctest) with the `dev` preset (warnings as errors), then with
# the `sanitize` preset (AddressSanitizer and UndefinedBehaviorSanitizer).
# After the dev build it also builds the A/B benches of bench/ab/ against it
# and runs them small (bench/ab/smoke.sh), so that they cannot rot unseen.
# With --tidy, also builds the `tidy` preset, which runs clang-tidy
# (.clang-tidy) over every file it compiles.
#
#     bash scripts/check_cpp.sh [--tidy]
#
# Needs CMake >= 3.25 (the presets file is version 6) and a C++20 compiler; Ninja is used when present, and
# clang-tidy for --tidy (pip install clang-tidy).
set -euo pipefail
cd "$(dirname "$0")/.."

tidy=0
for arg in "$@"; do
  case "$arg" in
    --tidy) tidy=1 ;;
    -h | --help) sed -n '2,13p' "$0"; exit 0 ;;
    *) echo "check_cpp.sh: unknown argument '$arg' (expected --tidy)" >&2; exit 2 ;;
  esac
done

if [[ -z "${CMAKE_GENERATOR:-}" ]] && command -v ninja > /dev/null; then
  export CMAKE_GENERATOR=Ninja
fi
jobs="${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc 2> /dev/null || echo 2)}"

presets=(dev sanitize)
if ((tidy)); then
  command -v clang-tidy > /dev/null || { echo "check_cpp.sh: --tidy needs clang-tidy on the PATH" >&2; exit 1; }
  presets+=(tidy)
fi

for preset in "${presets[@]}"; do
  echo "+ cmake preset $preset"
  cmake --preset "$preset" > /dev/null
  cmake --build --preset "$preset" --parallel "$jobs"
  if [[ "$preset" != tidy ]]; then  # the tidy build's tests are dev's, compiled again
    ctest --preset "$preset"
  fi
  if [[ "$preset" == dev ]]; then  # the A/B benches of docs/speed.md, built and run small
    bash bench/ab/smoke.sh build/dev
  fi
done
