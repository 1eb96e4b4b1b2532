// Actions: one decision's answer and its exact text form (docs/game.md).
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "tichu/game/combo.hpp"

namespace tichu {

// The kinds of decision a hand asks for, in the order of tichu_fast.enums.Decision.
enum class Decision : std::uint8_t { GrandTichu, Tichu, Exchange, Play, Wish, DragonGift, Bomb, Over };
inline constexpr int kNumDecisions = 8;

// The kinds of action, in the order of tichu_fast.enums.ActionKind.
enum class ActionKind : std::uint8_t { GrandTichu, Tichu, Push, Play, Wish, Gift };
inline constexpr int kNumActionKinds = 6;

// One decision's answer. `move` for Play (also on a Bomb decision, where
// the pass declines); `value` is 1/0 for a call, the wished rank (0: none)
// or the seat receiving a Dragon trick; `push` the card indices for seats
// p+1, p+2, p+3. Padding stays zero so that equal actions are equal bytes.
struct Action {
  Move move{};
  ActionKind kind = ActionKind::Play;
  std::uint8_t value = 0;
  std::array<std::uint8_t, 3> push{};
  std::array<std::uint8_t, 3> pad{};

  friend bool operator==(const Action& a, const Action& b) {
    // push byte by byte: std::array's == calls memcmp for three bytes (the solver compares actions at every node)
    return a.kind == b.kind && a.value == b.value && a.push[0] == b.push[0] && a.push[1] == b.push[1] &&
           a.push[2] == b.push[2] && a.move == b.move;
  }
};

// The three ways an Action is built, so that each is written once.
// A call, a wish or a gift: `kind` with its `value` (1/0, the rank, the seat).
constexpr Action value_action(ActionKind kind, int value) {
  Action a;
  a.kind = kind;
  a.value = static_cast<std::uint8_t>(value);
  return a;
}

// Playing `move` (the pass included).
constexpr Action play_action(const Move& move) {
  Action a;
  a.move = move;
  return a;
}

// Pushing the cards of indices `to_next`, `to_partner`, `to_last` to seats p+1, p+2, p+3.
constexpr Action push_action(int to_next, int to_partner, int to_last) {
  Action a;
  a.kind = ActionKind::Push;
  a.push = {static_cast<std::uint8_t>(to_next), static_cast<std::uint8_t>(to_partner),
            static_cast<std::uint8_t>(to_last)};
  return a;
}

// Raised for an action that is not legal where it is applied; the bindings
// turn it into tichu_fast.errors.IllegalMoveError.
struct IllegalActionError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// The exact text of an action: "grand tichu", "no tichu", "push 5j Ph Dr",
// a move's text, "wish 7", "no wish", "give 1". std::invalid_argument for
// an action no decision produces (a kind, card or rank out of range).
std::string format_action(const Action& a);

// Reads an action's text for a `decision`; throws NotationError for text
// that is no action at all and IllegalActionError for an action of another
// decision (or any text once the hand is over).
Action parse_action(std::string_view text, Decision decision);

}  // namespace tichu
