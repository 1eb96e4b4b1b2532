#include "tichu/game/rng.hpp"

#include <utility>

namespace tichu {
namespace {

// SplitMix64::below(n) for the small n of a shuffle, without its two
// divisions: the rejection threshold (2^64 - n) mod n comes from a table and
// r mod n from a multiplication by 1/n, corrected by one addition. The values
// are exactly those of below(n), which the reference backend computes. The
// shuffle's n are 2..56; the table's entries 0 and 1 are unused.
struct SmallModulus {
  std::uint64_t n = 2, threshold = 0, reciprocal = 0;
};

constexpr std::array<SmallModulus, kNumCards + 1> make_moduli() {
  std::array<SmallModulus, kNumCards + 1> table{};
  for (std::uint64_t n = 2; n <= kNumCards; ++n) {
    // ceil(2^64 / n), or 2^64 / n exactly when n is a power of two: it fits in 64 bits for n >= 2.
    table[n] = {.n = n, .threshold = (0 - n) % n, .reciprocal = ~std::uint64_t{0} / n + 1};
  }
  return table;
}

constexpr auto kModuli = make_moduli();

std::uint64_t below_small(SplitMix64& rng, const SmallModulus& m) {
  for (;;) {
    const std::uint64_t r = rng.next();
    if (r < m.threshold) continue;
#if defined(__SIZEOF_INT128__)
    // r * reciprocal / 2^64 is r / n plus less than r / 2^64 < 1, so q is r / n
    // or one more, and r - q n is r mod n or that less n (negative: its top
    // bit set). One correction, by a mask rather than a conditional, which the
    // compiler turned into a branch that mispredicted about once every three cards.
    const auto q = static_cast<std::uint64_t>((static_cast<Uint128>(r) * m.reciprocal) >> 64);
    std::uint64_t rest = r - q * m.n;
    rest += m.n & (0 - (rest >> 63));
    return rest;
#else
    return r % m.n;
#endif
  }
}

}  // namespace

std::uint64_t hand_seed(std::uint64_t seed, std::uint64_t k) {
  SplitMix64 rng(seed + k * 0x9E3779B97F4A7C15ULL);  // the state after k steps
  return rng.next();
}

std::array<std::uint8_t, kNumCards> shuffled_deck(std::uint64_t seed) {
  std::array<std::uint8_t, kNumCards> deck{};
  for (int i = 0; i < kNumCards; ++i) deck[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i);
  SplitMix64 rng(seed);
  for (std::size_t i = kNumCards - 1; i > 0; --i) std::swap(deck[i], deck[below_small(rng, kModuli[i + 1])]);
  return deck;
}

std::array<Mask, 4> deal(std::uint64_t seed) {
  const auto deck = shuffled_deck(seed);
  std::array<Mask, 4> hands{};
  for (std::size_t i = 0; i < deck.size(); ++i) hands[i / 14] |= Mask{1} << deck[i];
  return hands;
}

}  // namespace tichu
