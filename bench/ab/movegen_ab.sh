#!/bin/sh
# Times legal_moves of an older commit (default: the one before the table
# generator) against the worktree's, in one binary, alternating round by
# round, after checking both write the same moves in the same order.
#   sh bench/ab/movegen_ab.sh [OLD_REV] [ROUNDS] [SITUATIONS_CHECKED] [old|new]
# (the last: time one version alone, e.g. under perf stat; AB_KEEP=path keeps the binary)
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
old_rev=${1:-30879fe}
out=${TMPDIR:-/tmp}/tichu_movegen_ab.$$
mkdir -p "$out/old"
trap 'rm -rf "$out"' EXIT
# A file of OLD_REV in the wings (cpp/src/game/...) or, before them, flat (cpp/src/...).
at_old() { git -C "$root" show "$old_rev:$1/game/$2" 2>/dev/null || git -C "$root" show "$old_rev:$1/$2"; }
for f in movegen.cpp cards.cpp combo.cpp; do at_old cpp/src "$f" >"$out/old/$f"; done
# The old movegen.hpp beside today's game headers, each also under its flat name for old sources.
mkdir -p "$out/old/inc/tichu/game"
cp "$root"/cpp/include/tichu/game/*.hpp "$out/old/inc/tichu/game/"
at_old cpp/include/tichu movegen.hpp >"$out/old/inc/tichu/game/movegen.hpp"
for h in "$out"/old/inc/tichu/game/*.hpp; do echo "#include \"tichu/game/$(basename "$h")\"" >"$out/old/inc/tichu/$(basename "$h")"; done
cxx=${CXX:-g++}
flags="-std=c++20 -O3 -DNDEBUG ${AB_CXXFLAGS:-}"
for f in movegen cards combo; do
  $cxx $flags -Dtichu=tichu_old -I"$out/old/inc" -c "$out/old/$f.cpp" -o "$out/old_$f.o"
  $cxx $flags -I"$root/cpp/include" -c "$root/cpp/src/game/$f.cpp" -o "$out/new_$f.o"
done
$cxx $flags -Dtichu=tichu_old -DAB_PREFIX=old_ -I"$out/old/inc" -c "$root/bench/ab/shim.cpp" -o "$out/old_shim.o"
$cxx $flags -DAB_PREFIX=new_ -I"$root/cpp/include" -c "$root/bench/ab/shim.cpp" -o "$out/new_shim.o"
$cxx $flags -I"$root/cpp/include" "$root/bench/ab/movegen_ab.cpp" "$out"/*.o -o "$out/movegen_ab"
[ -n "${AB_KEEP:-}" ] && cp "$out/movegen_ab" "$AB_KEEP"
"$out/movegen_ab" "${2:-7}" "${3:-200000}" ${4:-}
