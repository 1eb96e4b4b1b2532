// What the bench/ab drivers share: thread CPU time, a checksum step, the Phoenix-lead hands.
#pragma once

#include <cstddef>
#include <cstdint>
#include <ctime>
#include <vector>

#include "tichu/game/cards.hpp"
#include "tichu/game/rng.hpp"

namespace tichu::bench {

// This thread's CPU time in seconds (the other jobs on a shared machine do not count).
inline double cpu_now() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// One step of the checksum of results that two builds must agree on.
inline std::uint64_t mix(std::uint64_t h, std::uint64_t v) { return (h ^ v) * 0x100000001B3ULL + (h >> 29); }

// The hands of a Phoenix lead (game_bench's `lead`, lead_kinds): of the deals
// hand_seed(99, 0), (99, 1), ..., the first n whose 14 first cards hold the Phoenix.
inline std::vector<Mask> phoenix_hands(int n) {
  std::vector<Mask> out;
  for (int i = 0; out.size() < static_cast<std::size_t>(n); ++i) {
    const auto deck = shuffled_deck(hand_seed(99, static_cast<std::uint64_t>(i)));
    Mask m = 0;
    for (int k = 0; k < 14; ++k) m |= Mask{1} << deck[static_cast<std::size_t>(k)];
    if (m & kPhoenix) out.push_back(m);
  }
  return out;
}

}  // namespace tichu::bench
