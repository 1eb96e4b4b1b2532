// Legal moves (docs/rules.md R3 to R6): every move a hand may make in one
// situation, written into a caller-owned buffer without heap allocation.
#pragma once

#include <array>

#include "tichu/cards.hpp"
#include "tichu/combo.hpp"

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

// Throws std::invalid_argument for a situation legal_moves does not accept:
// a hand of more than 14 cards or with bits outside the deck, a table that
// is a pass or shares cards with the hand, a wish outside 2..14. The table
// must be a valid move (check_move); every Move that Python can hold is.
void check_situation(const Situation& s);

}  // namespace tichu
