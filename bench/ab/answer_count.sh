#!/bin/sh
# Instructions per legal_moves call, counted by callgrind, for the answers of
# bench/situations.py (a single, a pair, a straight, a full house), the
# Dragon (only bombs beat it), a pass-only answer to the straight, an
# out-of-turn bomb check, a wish and a lead: 2,000 hands of 14 cards each,
# run 3 times less run once, divided by 4,000 (so the set-up cancels out).
#   sh bench/ab/answer_count.sh [REV]   (default: the work tree)
set -eu
name=answer_count rev=${1:-}
. "$(dirname "$0")/sources.sh"
for f in movegen cards combo; do
  g++ -std=c++20 -O3 -DNDEBUG -fPIC -I"$out/src/cpp/include" -c "$out/src/cpp/src/game/$f.cpp" -o "$out/$f.o"
done
g++ -std=c++20 -O3 -DNDEBUG -I"$out/src/cpp/include" "$root/bench/ab/answer_count.cpp" "$out"/*.o -o "$out/count"
for c in ${CASES:-single pair straight fullhouse dragon passonly outofturn wish lead}; do
  for reps in 1 3; do
    valgrind --tool=callgrind --callgrind-out-file="$out/cg.$reps" "$out/count" "$c" "$reps" >/dev/null 2>&1
  done
  a=$(grep -E '^(summary|totals):' "$out/cg.1" | head -1 | awk '{print $2}')
  b=$(grep -E '^(summary|totals):' "$out/cg.3" | head -1 | awk '{print $2}')
  echo "$c $(((b - a) / 4000))"
done
