#!/usr/bin/env bash
# Builds the A/B benches of bench/ab/ against one build of the core and runs
# each once, small, so that a change of the core cannot leave them broken
# unseen (scripts/check_cpp.sh runs it on the dev preset's build; CI runs that).
#
#     bash bench/ab/smoke.sh BUILD_DIR      (a CMake build of the core, e.g. build/dev)
#
# solver_bench is only built: its positions come from the Python package
# (bench/solver_curve.py --dump), which a C++-only check does not have.
# movegen_ab.sh runs against HEAD: on a clean checkout (CI) that is the work
# tree itself; with uncommitted changes of movegen's headers or of the move
# order it fails until they are committed (or run it against another rev).
set -euo pipefail
cd "$(dirname "$0")/../.."
[[ $# -eq 1 && -f "$1/targets/libtichu_play.a" ]] || { echo "usage: bench/ab/smoke.sh BUILD_DIR (with targets/libtichu_play.a)" >&2; exit 2; }
core=("$1/targets/libtichu_play.a" "$1/targets/libtichu_game.a")  # the players first: they need the game
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for bench in game_bench vec_bench solver_bench lead_kinds; do
  echo "+ build bench/ab/$bench.cpp"
  "${CXX:-g++}" -std=c++20 -O1 -Icpp/include "bench/ab/$bench.cpp" "${core[@]}" -lpthread -o "$out/$bench"
done
echo "+ run game_bench, vec_bench, lead_kinds, movegen_ab.sh (small)"
"$out/game_bench" 1 200 all > /dev/null
"$out/game_bench" 1 200 floor > /dev/null
"$out/lead_kinds" lead 1 > /dev/null
"$out/vec_bench" 1 20 compact > /dev/null
AB_CXXFLAGS=-O1 sh bench/ab/movegen_ab.sh HEAD 1 2000 > /dev/null
