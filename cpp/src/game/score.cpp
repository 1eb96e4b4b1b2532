#include "tichu/game/score.hpp"

#include <stdexcept>
#include <string>

namespace tichu {

std::array<int, 2> score_hand(const HandOutcome& o) {
  std::array<int, 2> score{};
  const int first = o.out_order[0];
  if (o.out_count == 2) {  // double victory: no card points (R8.3)
    score[static_cast<std::size_t>(team_of(first))] = 200;
  } else {  // R8.4
    const int tailender = 6 - o.out_order[0] - o.out_order[1] - o.out_order[2];
    std::array<Mask, 2> won{};
    for (int seat = 0; seat < 4; ++seat) {
      const int to = seat == tailender ? team_of(first) : team_of(seat);
      won[static_cast<std::size_t>(to)] |= o.piles[static_cast<std::size_t>(seat)];
    }
    won[static_cast<std::size_t>(1 - team_of(tailender))] |= o.tailender_hand;
    score[0] = card_points(won[0]);
    score[1] = card_points(won[1]);
  }
  for (int seat = 0; seat < 4; ++seat) {  // R7.1 to R7.3: each call on its own
    const int value = call_value(o.calls[static_cast<std::size_t>(seat)]);
    score[static_cast<std::size_t>(team_of(seat))] += seat == first ? value : -value;
  }
  return score;
}

void check_outcome(const HandOutcome& o) {
  if (o.out_count != 2 && o.out_count != 3) {
    throw std::invalid_argument("out_order must list 2 seats (double victory) or 3, got " +
                                std::to_string(o.out_count));
  }
  unsigned seen = 0;
  for (int i = 0; i < o.out_count; ++i) {
    const int seat = o.out_order[static_cast<std::size_t>(i)];
    if (seat < 0 || seat > 3) throw std::out_of_range("seat " + std::to_string(seat) + " is not 0..3");
    if (seen & (1u << seat)) throw std::invalid_argument("seat " + std::to_string(seat) + " goes out twice");
    seen |= 1u << seat;
  }
  const bool partners_first = team_of(o.out_order[0]) == team_of(o.out_order[1]);
  if (o.out_count == 2 && !partners_first) {
    throw std::invalid_argument("a hand ends after two players only when they are partners (R8.1)");
  }
  if (o.out_count == 3 && partners_first) {
    throw std::invalid_argument("partners went out first and second: the hand ended then (R8.1)");
  }
  for (Call call : o.calls) {
    if (static_cast<int>(call) > 2) throw std::invalid_argument("a call is 0 (none), 1 (Tichu) or 2 (Grand Tichu)");
  }
  check_mask(o.tailender_hand);
  Mask seen_cards = o.out_count == 3 ? o.tailender_hand : 0;  // ignored after a double victory (R8.3)
  for (Mask pile : o.piles) {
    check_mask(pile);
    if (pile & seen_cards) throw std::invalid_argument("card sets overlap: " + format_cards(pile & seen_cards));
    seen_cards |= pile;
  }
}

}  // namespace tichu
