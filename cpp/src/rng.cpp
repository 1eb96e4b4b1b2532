#include "tichu/rng.hpp"

#include <utility>

namespace tichu {

std::array<std::uint8_t, kNumCards> shuffled_deck(std::uint64_t seed) {
  std::array<std::uint8_t, kNumCards> deck{};
  for (int i = 0; i < kNumCards; ++i) deck[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i);
  SplitMix64 rng(seed);
  for (std::size_t i = kNumCards - 1; i > 0; --i) std::swap(deck[i], deck[rng.below(i + 1)]);
  return deck;
}

std::array<Mask, 4> deal(std::uint64_t seed) {
  const auto deck = shuffled_deck(seed);
  std::array<Mask, 4> hands{};
  for (std::size_t i = 0; i < deck.size(); ++i) hands[i / 14] |= Mask{1} << deck[i];
  return hands;
}

}  // namespace tichu
