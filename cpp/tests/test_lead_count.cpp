// LeadCount against legal_moves: for random hands (dealt, with the
// Phoenix, short, and crowded into few ranks so that runs and bombs
// abound), the counted total is the number of leads and nth(k) is the k-th
// lead legal_moves writes, so the random policy draws the same move either
// way (R5.1: a leader may play any combination). Also nth_card, which
// the singles' draws use.
//
//     test_lead_count

#include <string>
#include <vector>

#include "check.hpp"
#include "tichu/game/movegen.hpp"
#include "tichu/game/rng.hpp"

namespace {

using tichu::Mask;
using tichu_test::expect;

// `size` cards drawn from the cards allowed by `pool`.
Mask draw(tichu::SplitMix64& rng, Mask pool, int size) {
  Mask hand = 0;
  while (tichu::count(hand) < size && hand != pool) {
    const auto card = static_cast<int>(rng.pick(tichu::kNumCards));
    if (pool >> card & 1) hand |= Mask{1} << card;
  }
  return hand;
}

// nth_card (the random policy's k-th single, without a loop) against
// clearing the k lowest cards one by one, for every k of random masks.
void check_nth_card(tichu::SplitMix64& rng) {
  for (int i = 0; i < 20'000; ++i) {
    Mask m = rng.next() & tichu::kDeck;
    if (i % 2) m &= rng.next();
    if (i % 5 == 0) m &= rng.next() & rng.next();
    Mask rest = m;
    for (int k = 0; k <= 56; ++k) {
      const Mask want = rest & -rest;  // 0 once the mask has at most k cards
      if (!expect(tichu::nth_card(m, k) == want,
                  [&] { return "nth_card(" + std::to_string(m) + ", " + std::to_string(k) + ")"; })) {
        break;
      }
      rest &= rest - 1;
    }
  }
}

}  // namespace

int main() {
  tichu::SplitMix64 rng(2024);
  {
    tichu::SplitMix64 cards_rng(7);
    check_nth_card(cards_rng);
  }
  std::vector<tichu::Move> listed(tichu::kMaxLegalMoves), scratch(tichu::kMaxLegalMoves);
  int counted = 0, hands = 0;
  for (int i = 0; i < 40'000; ++i) {
    Mask pool = tichu::kDeck;
    if (i % 4 == 1) {  // 6 adjacent ranks and the specials: runs, full houses, fours
      const int lo = 2 + static_cast<int>(rng.pick(8));
      pool = tichu::kSpecials | ((Mask{1} << 24) - 1) << tichu::rank_shift(lo);
    }
    const int size = i % 4 == 2 ? 1 + static_cast<int>(rng.pick(14)) : 14;
    Mask hand = draw(rng, pool, size);
    if (i % 4 == 3) hand = (hand & ~(hand & -hand)) | tichu::kPhoenix;  // the Phoenix for one card
    ++hands;
    const tichu::LeadCount leads(hand);
    if (!leads.counted()) continue;
    ++counted;
    const int n = tichu::legal_moves(tichu::Situation{.hand = hand}, listed.data());
    if (!tichu_test::expect_eq(leads.total(), n, [&] { return "lead count of " + tichu::format_cards(hand); }))
      continue;
    for (int k = 0; k < n; ++k) {
      const tichu::Move m = leads.nth(k, scratch.data());
      if (!expect(m == listed[static_cast<std::size_t>(k)], [&] {
            return "lead " + std::to_string(k) + " of " + tichu::format_cards(hand) + ": " + tichu::format_move(m) +
                   " instead of " + tichu::format_move(listed[static_cast<std::size_t>(k)]);
          })) {
        break;
      }
    }
  }
  // Hands that may hold a straight flush are listed instead; most are counted.
  expect(counted * 10 > hands * 8, [&] { return "only " + std::to_string(counted) + " hands counted"; });
  return tichu_test::report("test_lead_count");
}
