// The seeded shuffle both backends share, so one seed deals the same cards
// in C++ and in the reference (docs/api.md, "Dealing").
#pragma once

#include <array>
#include <cstdint>

#include "tichu/game/cards.hpp"

namespace tichu {

#if defined(__SIZEOF_INT128__)
__extension__ using Uint128 = unsigned __int128;  // GCC and Clang; __extension__ keeps -Wpedantic quiet
#endif

// SplitMix64: tiny, fast, and easy to write identically in Python.
class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}

  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }

  // Nearly uniform in [0, n) with one multiplication (bias below n / 2^64):
  // for random policies, where a division per decision shows in profiles.
  std::uint64_t pick(std::uint64_t n) {
#if defined(__SIZEOF_INT128__)
    return static_cast<std::uint64_t>((static_cast<Uint128>(next()) * n) >> 64);
#else
    return next() % n;  // compilers without 128-bit integers (MSVC): a division instead
#endif
  }

  // Uniform in [0, n) by rejection, without modulo bias.
  std::uint64_t below(std::uint64_t n) {
    const std::uint64_t threshold = (0 - n) % n;
    for (;;) {
      const std::uint64_t r = next();
      if (r >= threshold) return r % n;
    }
  }

 private:
  std::uint64_t state_;
};

// The seed of hand k of a match or simulation from `seed`: SplitMix64's
// (k+1)-th output (docs/game.md), used for every derived stream.
std::uint64_t hand_seed(std::uint64_t seed, std::uint64_t k);

// The 56 card indices in dealt order: seat s gets [14s, 14s + 14), the
// first 8 of them before the Grand Tichu decision.
std::array<std::uint8_t, kNumCards> shuffled_deck(std::uint64_t seed);

// The four 14-card hands of that deal.
std::array<Mask, 4> deal(std::uint64_t seed);

}  // namespace tichu
