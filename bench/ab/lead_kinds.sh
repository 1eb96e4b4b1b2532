#!/bin/sh
# Instructions and simulated branch misses a Phoenix lead, counted by
# callgrind, for each kind of the lead's generators called alone and for the
# whole lead (lead_kinds.cpp, constructor and call included): game_bench's
# 2,000 hands run 3 times less run once, divided by 4,000.
#   sh bench/ab/lead_kinds.sh [REV]   (default: the work tree; KINDS="..." to choose)
set -eu
name=lead_kinds rev=${1:-}
. "$(dirname "$0")/sources.sh"
flags="-std=c++20 -O3 -DNDEBUG -I$out/src/cpp/include"
for f in cards combo rng; do g++ $flags -c "$out/src/cpp/src/game/$f.cpp" -o "$out/$f.o"; done
cp "$root/bench/ab/lead_kinds.cpp" "$root/bench/ab/bench_util.hpp" "$out/src/cpp/"
g++ $flags "$out/src/cpp/lead_kinds.cpp" "$out"/*.o -o "$out/kinds"
printf '%-11s %8s %8s %13s %s\n' kind moves instr misses check
for k in ${KINDS:-singles pairs trios fullhouses pairruns straights lead}; do
  for reps in 1 3; do
    valgrind --tool=callgrind --branch-sim=yes --callgrind-out-file="$out/cg.$reps" "$out/kinds" "$k" "$reps" >"$out/res.$reps" 2>&1
  done
  # events: Ir Bc Bcm Bi Bim
  a=$(grep -E '^(summary|totals):' "$out/cg.1" | head -1)
  b=$(grep -E '^(summary|totals):' "$out/cg.3" | head -1)
  echo "$a $b $(grep moves/lead "$out/res.1")" | awk '{printf "%-11s %8s %8.0f %13.1f %s\n", $13, $15, ($8-$2)/4000, ($10+$12-$4-$6)/4000, $17}'
done
