// Random-policy hands played entirely in C++: the engine's own throughput
// test and the `tichu-fast simulate` command.
#pragma once

#include <array>
#include <cstdint>

#include "tichu/state.hpp"

namespace tichu {

// What one finished hand came to.
struct HandRecord {
  std::array<std::int16_t, 2> score;
  std::uint8_t one_two;     // 1 after a double victory
  std::uint8_t first_out;   // the seat that went out first
  std::uint8_t tricks;      // tricks led (the Dog's included)
  std::uint8_t bombs;       // bombs played
  std::array<std::uint8_t, 4> calls;  // Call per seat
};

// The seed of hand k of a match or simulation from `seed`: SplitMix64's
// (k+1)-th output (docs/game.md).
std::uint64_t hand_seed(std::uint64_t seed, std::uint64_t k);

// Plays hands first .. first+n-1 from `seed`, every decision uniform among
// the legal actions (the exchange as a uniform ordered triple of distinct
// cards, which is the same thing without listing all 2184), into out[0..n).
void simulate_hands(std::uint64_t seed, std::uint64_t first, int n, Rules rules, HandRecord* out);

}  // namespace tichu
