// What the hand-playing tests share: seeded deals, the legal actions of a
// state, and a description of a state for failure messages.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "tichu/game/cards.hpp"
#include "tichu/game/combo.hpp"
#include "tichu/game/rng.hpp"
#include "tichu/game/state.hpp"  // HandState, and Action and format_action through action.hpp

namespace tichu_test {

// A state fresh from the seeded shuffle both backends share (docs/game.md).
inline tichu::HandState deal_hand(std::uint64_t seed, tichu::Rules rules) {
  return tichu::HandState::from_deck(tichu::shuffled_deck(seed), rules);
}

// Room for the legal actions of any decision, allocated once.
class ActionList {
 public:
  // Fills the list with the legal actions of `state`; returns how many.
  int fill(const tichu::HandState& state) {
    size_ = state.legal_actions(items_.data());
    return size_;
  }
  [[nodiscard]] int size() const { return size_; }
  [[nodiscard]] const tichu::Action& operator[](int i) const { return items_[static_cast<std::size_t>(i)]; }

 private:
  std::vector<tichu::Action> items_ = std::vector<tichu::Action>(static_cast<std::size_t>(tichu::kMaxActions));
  int size_ = 0;
};

inline const char* decision_name(tichu::Decision d) {
  switch (d) {
    case tichu::Decision::GrandTichu: return "GrandTichu";
    case tichu::Decision::Tichu: return "Tichu";
    case tichu::Decision::Exchange: return "Exchange";
    case tichu::Decision::Play: return "Play";
    case tichu::Decision::Wish: return "Wish";
    case tichu::Decision::DragonGift: return "DragonGift";
    case tichu::Decision::Bomb: return "Bomb";
    case tichu::Decision::Over: return "Over";
  }
  return "?";
}

// The state in one line: decision, player, hands, table, trick and wish.
inline std::string describe(const tichu::HandState& s) {
  std::string text =
      std::string("decision ") + decision_name(s.decision()) + ", player " + std::to_string(s.current_player());
  for (int seat = 0; seat < 4; ++seat) {
    text += ", hand " + std::to_string(seat) + " [" + tichu::format_cards(s.hand(seat)) + "]";
  }
  text += ", table " + (s.table() != nullptr ? tichu::format_move(*s.table()) : std::string("-"));
  text += ", trick [" + tichu::format_cards(s.trick()) + "], wish " + std::to_string(s.wish());
  return text;
}

// How many hands to play: the environment's TICHU_TEST_HANDS (for a longer
// run than ctest's), else `fallback`.
inline int hands_to_play(int fallback) {
  const char* text = std::getenv("TICHU_TEST_HANDS");
  if (text == nullptr || *text == '\0') return fallback;
  const long n = std::strtol(text, nullptr, 10);
  return n > 0 ? static_cast<int>(n) : fallback;
}

}  // namespace tichu_test
