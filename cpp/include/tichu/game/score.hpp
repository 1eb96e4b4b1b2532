// Card points and the score of a finished hand (docs/rules.md R7.3, R8.3 to R8.5).
#pragma once

#include <array>
#include <cstdint>

#include "tichu/game/cards.hpp"

namespace tichu {

enum class Call : std::uint8_t { None = 0, Tichu = 1, GrandTichu = 2 };

// R8.5: fives 5, tens and Kings 10, the Dragon 25, the Phoenix -25. The 5s,
// 10s and Kings are three nibbles, counted by table (no call, no popcount:
// the solver counts points at every node).
constexpr int card_points(Mask cards) {
  return 5 * rank_count(cards, 5) + 10 * (rank_count(cards, 10) + rank_count(cards, 13)) +
         ((cards & kDragon) ? 25 : 0) - ((cards & kPhoenix) ? 25 : 0);
}
static_assert(card_points(kDeck) == 100 && card_points(kPhoenix | rank_cards(5)) == -5);
static_assert(card_points(rank_cards(10) | rank_cards(13) | kDragon) == 105);

constexpr int team_of(int seat) { return seat & 1; }

// R7.1, R7.2: what a call is worth, won or lost (a Grand Tichu 200, a Tichu 100).
constexpr int call_value(Call call) { return call == Call::GrandTichu ? 200 : call == Call::Tichu ? 100 : 0; }

// How a hand ended: the seats in the order they went out (2 partners for a
// double victory, else 3), each seat's pile, the tailender's cards, calls.
struct HandOutcome {
  std::array<int, 3> out_order{};
  int out_count = 0;
  std::array<Mask, 4> piles{};
  Mask tailender_hand = 0;
  std::array<Call, 4> calls{};
};

// Team 0 and team 1 scores. The outcome must be valid (check_outcome).
std::array<int, 2> score_hand(const HandOutcome& outcome);

// Throws std::out_of_range for a seat outside 0..3 and std::invalid_argument
// for an outcome that is no finished hand or whose card sets overlap.
void check_outcome(const HandOutcome& outcome);

}  // namespace tichu
