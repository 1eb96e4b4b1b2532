// Moves: a card set read as one combination (docs/rules.md R3, R4), and which
// move may be played on which.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "tichu/game/cards.hpp"

namespace tichu {

enum class MoveType : std::uint8_t {
  Pass = 0,
  Dog = 1,
  Single = 2,
  Pair = 3,
  Trio = 4,
  PairRun = 5,
  FullHouse = 6,
  Straight = 7,
  FourOfAKind = 8,
  StraightFlush = 9,
};

constexpr bool is_bomb(MoveType type) { return type >= MoveType::FourOfAKind; }

// Ranks are doubled so the Phoenix single's half ranks are whole numbers.
inline constexpr std::uint8_t kDragonRank2 = 30;
inline constexpr std::uint8_t kLedPhoenixRank2 = 3;

// 16 bytes, laid out like tichu_fast.formats.MOVE_DTYPE so that legal moves
// can be written straight into a numpy buffer. The padding stays zero so
// that byte-wise and field-wise equality agree.
struct Move {
  Mask cards = 0;
  MoveType type = MoveType::Pass;
  std::uint8_t length = 0;
  std::uint8_t rank2 = 0;       // twice the rank
  std::uint8_t phoenix_as = 0;  // rank the Phoenix stands for, 0 if none
  std::array<std::uint8_t, 4> pad{};  // zero: the 16 bytes of MOVE_DTYPE

  friend bool operator==(const Move& a, const Move& b) {
    return a.cards == b.cards && a.type == b.type && a.length == b.length && a.rank2 == b.rank2 &&
           a.phoenix_as == b.phoenix_as;
  }
};
static_assert(sizeof(Move) == 16, "Move must match MOVE_DTYPE");

constexpr Move make_move(Mask cards, MoveType type, int rank2, int phoenix_as = 0) {
  Move m;
  m.cards = cards;
  m.type = type;
  m.length = static_cast<std::uint8_t>(count(cards));
  m.rank2 = static_cast<std::uint8_t>(rank2);
  m.phoenix_as = static_cast<std::uint8_t>(phoenix_as);
  return m;
}

inline constexpr Move kPass{};

// A card set has at most two readings (R3.5): the Phoenix at either end of
// a straight, or either pair as the trio of a full house.
inline constexpr int kMaxReadings = 2;

// Writes every reading of exactly `cards` to `out`, by rank ascending;
// returns how many (0 when the set is no combination). The Phoenix single
// reads as led (1.5).
int classify(Mask cards, Move* out);

// Whether `move` may be played on `table` (nullptr: leading), combinations
// only: no wish, no turn. See docs/api.md.
bool beats(const Move& move, const Move* table);

// Exact text form ("pass", "Ph:9 5j 6s 7p 8t", "Ph:9.5").
std::string format_move(const Move& move);

// Parses the exact text form; throws NotationError.
Move parse_move(std::string_view text);

// Throws std::invalid_argument unless `move` is one of the readings of its
// cards (or the pass), with a Phoenix single rank 1.5..14.5.
void check_move(const Move& move);

}  // namespace tichu
