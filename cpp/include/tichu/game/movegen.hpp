// Legal moves (docs/rules.md R3 to R6): every move a hand may make in one
// situation, written into a caller-owned buffer without heap allocation.
#pragma once

#include <array>

#include "tichu/game/cards.hpp"
#include "tichu/game/combo.hpp"

namespace tichu {

inline constexpr int kMaxHandSize = 14;

// Bounds the legal moves of any hand of at most kMaxHandSize cards in any
// situation: the largest is 1857 (scripts/max_legal_moves.py searches all).
inline constexpr int kMaxLegalMoves = 2048;

// The situation a player decides in. `table` is the combination to beat
// (nullptr: he leads); `wish` a rank 2..14 or 0 for none; `out_of_turn`
// means he is offered an out-of-turn bomb (R4.4, R10.2).
struct Situation {
  Mask hand = 0;
  const Move* table = nullptr;
  int wish = 0;
  bool out_of_turn = false;
};

// Writes every legal move to `out` (room for kMaxLegalMoves), in an
// unspecified but deterministic order; returns how many. The situation
// must be valid (check_situation). It may also write a few records past
// the count it returns (fixed blocks, so that loops do not branch on the
// hand), always inside the kMaxLegalMoves records.
int legal_moves(const Situation& s, Move* out);

// How many legal moves there are, without the caller keeping them.
int count_legal_moves(const Situation& s);

// The leads of a hand (no table; no wish it could fulfil) counted kind by
// kind without listing them, so that a uniform choice builds one move only
// (the random policy). Position k is the k-th move legal_moves writes.
class LeadCount {
 public:
  explicit LeadCount(Mask hand);
  // False when the hand may hold a straight flush: legal_moves drops those
  // from its straights, which these counts do not follow; list instead.
  [[nodiscard]] bool counted() const { return counted_; }
  // How many leads (when counted()).
  [[nodiscard]] int total() const { return total_; }
  // The lead at position k < total(); `scratch` has room for kMaxLegalMoves.
  [[nodiscard]] Move nth(int k, Move* scratch) const;

 private:
  Mask hand_;
  bool counted_;
  int total_ = 0;
  // Singles, pairs, trios, full houses, pair runs, straights, fours, the Dog.
  std::array<int, 8> kinds_{};
  // Pair runs and straights by lowest rank.
  std::array<int, kMaxRank + 1> pair_runs_at_{}, straights_at_{};
};

// Whether `hand` surely holds no move that beats `table` in turn, bombs
// included: then the pass is the only legal move (R5.2), wish or not. A
// quick test of a few masks; false means "maybe", never a wrong "no".
// `may_hold_bomb` false (HandState::seat_may_hold_bomb) skips the bomb tests.
// Inline: the random policy's commonest answer calls it every decision.
inline bool cannot_beat(Mask hand, const Move& table, bool may_hold_bomb = true) {
  const Mask n = hand & kNormals;
  if (may_hold_bomb && holds_bomb(hand)) return false;  // a bomb beats anything but a higher bomb
  if (count(hand) < table.length) return true;
  const int top = table.rank2 / 2;  // the table's rank; a Phoenix single x.5 is beaten from x+1 on
  const bool phoenix = (hand & kPhoenix) != 0;
  // The normal cards above: top is at most 15 (the Dragon), so the shift stays below 64 and
  // needs no test for the top ranks.
  const Mask above = n & ~((Mask{1} << rank_shift(top + 1)) - 1);
  // Ranks above the table's with at least one card or two, each computed in
  // the case that reads it: an answer to a single needs neither.
  const auto ones = [above] { return (above | above >> 1 | above >> 2 | above >> 3) & kRankLowBits; };
  const auto twos = [above] {
    return ((above & above >> 1) | (above & above >> 2) | (above & above >> 3) | (above >> 1 & above >> 2) |
            (above >> 1 & above >> 3) | (above >> 2 & above >> 3)) &
           kRankLowBits;
  };
  switch (table.type) {
    case MoveType::Single:
      if (table.rank2 == kDragonRank2) return true;  // R3.3: nothing but a bomb beats the Dragon
      return !(above || (hand & (kPhoenix | kDragon)));
    case MoveType::Pair:
    case MoveType::PairRun: return !(twos() || (phoenix && ones()));
    case MoveType::Trio:
    case MoveType::FullHouse: {
      const Mask three = (above & above >> 1 & above >> 2) | (above & above >> 1 & above >> 3) |
                         (above & above >> 2 & above >> 3) | (above >> 1 & above >> 2 & above >> 3);
      return !((three & kRankLowBits) || (phoenix && twos()));
    }
    case MoveType::Straight: return !(above || phoenix);
    default: return false;
  }
}

// Throws std::invalid_argument for a situation legal_moves does not accept:
// a hand of more than 14 cards or with bits outside the deck, a table that
// is a pass or shares cards with the hand, a wish outside 2..14. The table
// must be a valid move (check_move); every Move that Python can hold is.
void check_situation(const Situation& s);

}  // namespace tichu
