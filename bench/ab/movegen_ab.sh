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
for f in movegen.cpp cards.cpp combo.cpp; do git -C "$root" show "$old_rev:cpp/src/$f" >"$out/old/$f"; done
git -C "$root" show "$old_rev:cpp/include/tichu/movegen.hpp" >"$out/old/movegen.hpp"
mkdir -p "$out/old/inc/tichu"
cp "$root"/cpp/include/tichu/*.hpp "$out/old/inc/tichu/"
cp "$out/old/movegen.hpp" "$out/old/inc/tichu/movegen.hpp"
cxx=${CXX:-g++}
flags="-std=c++20 -O3 -DNDEBUG ${AB_CXXFLAGS:-}"
for f in movegen cards combo; do
  $cxx $flags -Dtichu=tichu_old -I"$out/old/inc" -c "$out/old/$f.cpp" -o "$out/old_$f.o"
  $cxx $flags -I"$root/cpp/include" -c "$root/cpp/src/$f.cpp" -o "$out/new_$f.o"
done
$cxx $flags -Dtichu=tichu_old -DAB_PREFIX=old_ -I"$out/old/inc" -c "$root/bench/ab/shim.cpp" -o "$out/old_shim.o"
$cxx $flags -DAB_PREFIX=new_ -I"$root/cpp/include" -c "$root/bench/ab/shim.cpp" -o "$out/new_shim.o"
$cxx $flags -I"$root/cpp/include" "$root/bench/ab/movegen_ab.cpp" "$out"/*.o -o "$out/movegen_ab"
[ -n "${AB_KEEP:-}" ] && cp "$out/movegen_ab" "$AB_KEEP"
"$out/movegen_ab" "${2:-7}" "${3:-200000}" ${4:-}
