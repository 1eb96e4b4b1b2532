// Whole hands played entirely in C++ by a built-in policy: the engine's own
// throughput test and the `tichu-fast simulate` command.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "tichu/game/history.hpp"  // RecordedHand
#include "tichu/game/rng.hpp"  // hand_seed
#include "tichu/game/state.hpp"
#include "tichu/play/policy.hpp"

namespace tichu {

// What one finished hand came to; laid out like tichu_fast.formats.HAND_RECORD_DTYPE.
struct HandRecord {
  std::array<std::int16_t, 2> score;
  std::uint8_t one_two;     // 1 after a double victory
  std::uint8_t first_out;   // the seat that went out first
  std::uint8_t tricks;      // tricks led (the Dog's included)
  std::uint8_t bombs;       // bombs played
  std::array<std::uint8_t, 4> calls;  // Call per seat
};
static_assert(sizeof(HandRecord) == 12, "HandRecord must match HAND_RECORD_DTYPE");

// Plays hands first .. first+n-1 from `seed` into out[0..n): hand k is dealt
// by hand_seed(seed, k) and played by `policy` drawing every decision from
// one SplitMix64 stream seeded with hand_seed(seed, k) ^ 0xD1B54A32D192ED03,
// on up to `threads` threads (the records do not depend on how many).
void simulate_hands(std::uint64_t seed, std::uint64_t first, Rules rules, const Policy& policy, int threads,
                    std::span<HandRecord> out);

// Hand k of simulate_hands(seed, ...) played again alone, with every step
// recorded: the hand behind record k, for its replay.
RecordedHand simulated_hand(std::uint64_t seed, std::uint64_t k, Rules rules, const Policy& policy);

// The random policy with calls on one thread (the form the benchmarks use).
void simulate_hands(std::uint64_t seed, std::uint64_t first, int n, Rules rules, HandRecord* out);

}  // namespace tichu
